"""The ``token-ids`` and ``whitespace`` profiles (``python/rougekit/profiles/token_ids.py``,
``whitespace.py``; ``IdPair`` in ``crates/rougekit-core/src/engine/mod.rs`` and the
whitespace tokenizer in ``pipeline.rs``) against rouge-score 0.1.2 on the same content: ids
written as words, and texts given a tokenizer that splits on Unicode ``White_Space``.
"""

from __future__ import annotations

import random
import re
import sys
from array import array
from typing import Any

import numpy as np
import pytest
import rougekit as rk
from conftest import mismatch_report, named_corpus
from rougekit import _core

TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum", "rouge4")
FIELDS = ("precision", "recall", "fmeasure")
SEP = -7
#: Pairs taken per corpus: rouge-score's pure-Python LCS over 11 references is the cost.
PAIRS = {
    "summeval-cnndm/summeval.jsonl": 150,
    "xsum-hallucination-annotations/xsum.jsonl": 2000,
    "rouge155-sample-test/ROUGE-test.jsonl": 200,
}


def ids_bytes(ids: list[int]) -> bytes:
    return array("q", ids).tobytes()


class WordsTokenizer:
    """rouge-score custom tokenizer: the text's words as they are."""

    def __init__(self, pattern: str) -> None:
        self.split = re.compile(pattern).split

    def tokenize(self, text: str) -> list[str]:
        return [w for w in self.split(text) if w]


#: Unicode White_Space (what the whitespace profile splits on; Python's str.split() also
#: splits on U+001C..U+001F, which are not White_Space).
WHITE_SPACE = "[\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+"


def rouge_score_multi(
    tokenizer: Any, preds: list[str], refs: list[list[str]]
) -> list[list[tuple[float, ...]]]:
    from rouge_score import rouge_scorer

    scorer = rouge_scorer.RougeScorer(list(TYPES), tokenizer=tokenizer)
    return [
        [tuple(map(float, scorer.score_multi(r, p)[t])) for t in TYPES] for p, r in zip(preds, refs)
    ]


def engine_rows(batch: rk.BatchResult) -> list[list[tuple[float, ...]]]:
    cols = {t: [getattr(batch, f)(t).tolist() for f in FIELDS] for t in TYPES}
    return [[tuple(c[i] for c in cols[t]) for t in TYPES] for i in range(len(batch))]


def compare(got: list[list[tuple[float, ...]]], want: list[list[tuple[float, ...]]]) -> None:
    bad = [f"pair {i}: {g} != {w}" for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert len(got) == len(want)
    assert not bad, mismatch_report(bad, len(got), "pairs")


def corpus_ids(
    pairs: list[dict[str, Any]],
) -> tuple[list[list[int]], list[list[list[int]]], dict[int, str]]:
    """Each text's rouge-score tokens as ids (lines ending in SEP), and id -> word."""
    vocab: dict[str, int] = {}
    used = {SEP}
    rng = random.Random(5)

    def word_id(w: str) -> int:
        if w not in vocab:
            # Small ids and ids spread over the whole int64 range (ids need not be dense).
            t = len(vocab) if rng.random() < 0.5 else rng.randrange(-(2**63), 2**63)
            while t in used:
                t = rng.randrange(-(2**63), 2**63)
            used.add(t)
            vocab[w] = t
        return vocab[w]

    def text_ids(text: str) -> list[int]:
        out: list[int] = []
        for k, line in enumerate(text.split("\n")):
            if k:
                out.append(SEP)
            out.extend(word_id(w) for w in _core.tokenize(line, False))
        return out

    preds = [text_ids(p["prediction"]) for p in pairs]
    refs = [[text_ids(r) for r in p["references"]] for p in pairs]
    return preds, refs, {v: k for k, v in vocab.items()}


@pytest.mark.parametrize(
    "corpus",
    [
        "summeval-cnndm/summeval.jsonl",
        "xsum-hallucination-annotations/xsum.jsonl",
        "rouge155-sample-test/ROUGE-test.jsonl",
    ],
)
def test_token_ids_equal_rouge_score_on_the_ids_written_as_words(corpus: str) -> None:
    pairs = named_corpus(corpus)[: PAIRS[corpus]]
    preds, refs, words = corpus_ids(pairs)
    scorer = rk.RougeScorer(TYPES, profile="token-ids", separator=SEP, threads=2)
    # Every input shape the profile takes: lists, tuples, NumPy arrays, one reference as a
    # bare sequence, several as a list of sequences or as the rows of a 2-D array.
    mixed_preds: list[Any] = [
        p if i % 3 == 0 else tuple(p) if i % 3 == 1 else np.array(p, dtype=np.int64)
        for i, p in enumerate(preds)
    ]
    mixed_refs: list[Any] = [
        rs[0] if len(rs) == 1 and i % 2 else [np.array(r) if i % 4 == 0 else r for r in rs]
        for i, rs in enumerate(refs)
    ]
    got = engine_rows(scorer.score_batch(mixed_preds, mixed_refs))

    def as_text(ids: list[int]) -> str:
        return " ".join("\n" if t == SEP else f"w{words[t]}" for t in ids)

    # Written as words: "w<word>" tokens that rouge-score's tokenizer keeps as they are.
    vocab_ok = all(re.fullmatch("[a-z0-9]+", w) for w in words.values())
    assert vocab_ok
    # The separator is a line break, not a token, in every type (rougeLsum splits lines first).
    want = rouge_score_multi(
        WordsTokenizer("[ \n]+"),
        [as_text(p) for p in preds],
        [[as_text(r) for r in rs] for rs in refs],
    )
    compare(got, want)


def test_lsum_on_ids_needs_a_separator() -> None:
    with pytest.raises(ValueError, match="separator=<id>"):
        rk.RougeScorer(["rougeLsum"], profile="token-ids")
    ok = rk.RougeScorer(["rougeL"], profile="token-ids").score([1, 2], [2, 1])
    assert ok["rougeL"].fmeasure == 0.5
    # The engine refuses it too (a second line of defence).
    engine = _core.Engine(["rougeLsum"], None, 1)
    with pytest.raises(ValueError, match="separator"):
        engine.score_id_batch([ids_bytes([1, 2])], [[ids_bytes([2, 1])]])


def test_separator_splits_sentences_and_is_in_the_signature() -> None:
    scorer = rk.RougeScorer(["rougeL", "rougeLsum"], profile="token-ids", separator=0)
    # "d e f \n a b c" vs "a b c \n d e f" (spec E21): rougeL 0.5, rougeLsum 1.
    batch = scorer.score_batch([[4, 5, 6, 0, 1, 2, 3]], [[1, 2, 3, 0, 4, 5, 6]])
    assert (batch.fmeasure("rougeL")[0], batch.fmeasure("rougeLsum")[0]) == (0.5, 1.0)
    assert "|split:sep-id=0" in str(batch.signature)
    assert rk.parse_signature(str(batch.signature)).fields["split"] == "sep-id=0"


@pytest.mark.parametrize(
    ("predictions", "references", "error", "message"),
    [
        (
            ["1 2"],
            [[1]],
            TypeError,
            r"predictions\[0\] must be a sequence of int token ids, got str",
        ),
        ([[1, 2.5]], [[1]], TypeError, r"predictions\[0\]\[1\] must be an int token id, got float"),
        (
            [[2**63]],
            [[1]],
            ValueError,
            r"predictions\[0\]\[0\] = 9223372036854775808 is outside int64",
        ),
        ([[1]], [[[1], "x"]], TypeError, r"references\[0\]\[1\] must be a sequence of int"),
        ([[1]], [np.ones((2, 2, 2), dtype=int)], ValueError, r"references\[0\]\[0\] must be 1-D"),
        ([np.array([0.5])], [[1]], TypeError, r"predictions\[0\] must hold integers"),
        ([[1]], [], ValueError, "same length, got 1 predictions and 0 references"),
        ("abc", [[1]], TypeError, "predictions must be a list of token-id sequences, got str"),
        ([[1]], [[[]]], None, None),
    ],
)
def test_bad_token_ids_are_specific_errors(predictions, references, error, message) -> None:
    scorer = rk.RougeScorer(["rouge1"], profile="token-ids")
    if error is None:  # an empty reference scores 0
        assert scorer.score_batch(predictions, references).fmeasure("rouge1")[0] == 0.0
        return
    with pytest.raises(error, match=message):
        scorer.score_batch(predictions, references)


def test_bad_id_buffers_are_errors() -> None:
    engine = _core.Engine(["rouge1"], None, 1)
    with pytest.raises(ValueError, match=r"predictions\[0\] has 3 bytes"):
        engine.score_id_batch([b"abc"], [[ids_bytes([1])]])
    with pytest.raises(TypeError, match=r"references\[0\]\[1\] must be int64 bytes or a list"):
        engine.score_id_batch([ids_bytes([1])], [[ids_bytes([1]), "x"]])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"references\[0\]\[1\] must be an int token id"):
        engine.score_id_batch([ids_bytes([1])], [[1, "x"]])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="same length"):
        engine.score_id_batch([ids_bytes([1])], [])


def test_lists_bytes_and_groups_reach_the_core_alike() -> None:
    # The core reads lists of ints itself; bytes, lists and groups of either are one input.
    engine = _core.Engine(["rouge1", "rouge2"], None, 1)
    as_bytes = engine.score_id_batch(
        [ids_bytes([1, 2, 3]), ids_bytes([])], [ids_bytes([3, 2, 1]), [ids_bytes([5])]]
    )
    as_lists = engine.score_id_batch([[1, 2, 3], []], [[3, 2, 1], [[5]]])
    mixed = engine.score_id_batch([[1, np.int64(2), 3]], [[[3, 2, 1], ids_bytes([9])]])
    assert as_bytes.row(0) == as_lists.row(0) == mixed.row(0)
    assert as_bytes.row(1) == as_lists.row(1)
    assert engine.score_id_batch([[1]], [[]]).row(0)[0][:3] == (0.0, 0.0, 0.0)
    assert engine.score_id_batch([[True]], [[1]]).row(0)[0][2] == 1.0  # a bool is 0 or 1


def rows(batch: Any) -> list[Any]:
    return [batch.row(i) for i in range(len(batch))]


def as_bytes_input(preds: list[Any], refs: list[Any]) -> tuple[list[bytes], list[Any]]:
    """The same inputs as int64 bytes (the normalised path's form)."""
    return [ids_bytes(p) for p in preds], [
        ids_bytes(r) if not r or isinstance(r[0], int) else [ids_bytes(x) for x in r] for r in refs
    ]


@pytest.mark.parametrize("corpus", ["xsum-hallucination-annotations/xsum.jsonl"])
def test_lists_of_int_lists_are_read_by_the_core_as_bytes_are(corpus: str) -> None:
    # The fast path (score_id_lists: no per-pair Python code) against the normalised path
    # (score_id_batch on int64 bytes), bit for bit, on a real corpus: one reference as a bare
    # list, several as a list of lists, ids over the whole int64 range, separators.
    pairs = named_corpus(corpus)[:2000]
    preds, refs, _ = corpus_ids(pairs)
    mixed: list[Any] = [rs[0] if len(rs) == 1 and i % 2 else rs for i, rs in enumerate(refs)]
    engine = _core.Engine(list(TYPES), None, 2, separator=SEP)
    fast = engine.score_id_lists(preds, mixed)
    assert fast is not None
    slow = engine.score_id_batch(*as_bytes_input(preds, mixed))
    assert len(fast) == len(preds)
    assert rows(fast) == rows(slow)


def _np(*ids: int) -> Any:
    return np.array(ids, dtype=np.int64)


#: Inputs the core does not read natively: score_id_lists answers None (having scored
#: nothing), and the profile normalises them; each scores as its plain-list twin.
NOT_NATIVE: list[tuple[str, Any, Any, Any, Any]] = [
    ("tuple of predictions", ([1, 2],), [[2, 1]], [[1, 2]], [[2, 1]]),
    ("tuple prediction", [(1, 2)], [[2, 1]], [[1, 2]], [[2, 1]]),
    ("ndarray prediction", [_np(1, 2)], [[2, 1]], [[1, 2]], [[2, 1]]),
    ("ndarray reference", [[1, 2]], [_np(2, 1)], [[1, 2]], [[2, 1]]),
    ("list of ndarrays as references", [[1, 2]], [[_np(2, 1), _np(1)]], [[1, 2]], [[[2, 1], [1]]]),
    ("reference list starting with a numpy int", [[1, 2]], [[np.int64(2), 1]], [[1, 2]],
     [[2, 1]]),
    ("prediction starting with a numpy int", [[np.int64(1), 2]], [[2, 1]], [[1, 2]], [[2, 1]]),
    ("bool id", [[True, 2]], [[2, 1]], [[1, 2]], [[2, 1]]),
    ("reference list starting with a bool", [[1, 2]], [[True, 2]], [[1, 2]], [[1, 2]]),
    ("group with a tuple", [[1, 2]], [[[2, 1], (1,)]], [[1, 2]], [[[2, 1], [1]]]),
    ("list subclass", [type("L", (list,), {})([1, 2])], [[2, 1]], [[1, 2]], [[2, 1]]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("predictions", "references", "plain_predictions", "plain_references"),
    [pytest.param(*case[1:], id=case[0]) for case in NOT_NATIVE],
)
def test_inputs_not_read_natively_fall_back_and_score_alike(
    predictions: Any, references: Any, plain_predictions: Any, plain_references: Any
) -> None:
    engine = _core.Engine(["rouge1", "rouge2", "rougeL"], None, 1)
    assert engine.score_id_lists(predictions, references) is None
    assert engine.score_id_lists(plain_predictions, plain_references) is not None
    scorer = rk.RougeScorer(["rouge1", "rouge2", "rougeL"], profile="token-ids")
    got = scorer.score_batch(predictions, references)
    want = scorer.score_batch(plain_predictions, plain_references)
    assert len(got) == len(want) == 1
    for t in scorer.types:
        for f in FIELDS:
            assert getattr(got, f)(t).tolist() == getattr(want, f)(t).tolist(), (t, f)


@pytest.mark.parametrize(
    ("predictions", "references"),
    [
        ([[1, 2.5]], [[1]]),  # the core's per-item path words it
        ([[2**63]], [[1]]),
        ([[1]], [[-(2**63) - 1]]),
        ([[1]], [[[1], "x"]]),
        ([[1]], [[[1], [2**64]]]),
        (["1 2"], [[1]]),
        ([[1]], []),
        ([[1]], "ab"),
        ([b"\0" * 8], [[1]]),  # int64 bytes are refused by the profile, as before
    ],
)
def test_bad_values_are_left_to_the_normalised_path(predictions: Any, references: Any) -> None:
    # None, not an error: the normalised path raises today's error (tested above).
    engine = _core.Engine(["rouge1"], None, 1)
    assert engine.score_id_lists(predictions, references) is None
    with pytest.raises((TypeError, ValueError)):
        rk.RougeScorer(["rouge1"], profile="token-ids").score_batch(predictions, references)


def test_native_shapes_are_read_by_the_core() -> None:
    engine = _core.Engine(["rouge1", "rouge2"], None, 1)
    # Empty predictions, an empty reference, a group holding an empty list, int64's ends.
    preds = [[1, 2, 3], [], [5], [-(2**63), 2**63 - 1]]
    refs: list[Any] = [[3, 2, 1], [[5]], [], [[2**63 - 1], []]]
    fast = engine.score_id_lists(preds, refs)
    assert fast is not None
    assert rows(fast) == rows(engine.score_id_batch(*as_bytes_input(preds, refs)))
    assert rows(engine.score_id_lists([], [])) == []  # type: ignore[arg-type]
    # A generator is left alone (not consumed) and scored by the normalised path.
    scorer = rk.RougeScorer(["rouge1"], profile="token-ids")
    batch = scorer.score_batch((p for p in [[1, 2]]), [[2, 1]])
    assert batch.fmeasure("rouge1")[0] == 1.0


@pytest.mark.parametrize(
    "corpus", ["xsum-hallucination-annotations/xsum.jsonl", "summeval-cnndm/summeval.jsonl"]
)
def test_whitespace_tokenizer_equals_rouge_score_splitting_on_white_space(corpus: str) -> None:
    pairs = named_corpus(corpus)[: PAIRS[corpus]]
    rng = random.Random(3)
    # Real texts, plus every White_Space character and the four separators str.split() also
    # splits on, sprinkled in.
    extra = [chr(c) for c in (0x1C, 0x1F, 0x85, 0xA0, 0x1680, 0x2007, 0x2028, 0x3000, 0x9, 0xB)]

    def noisy(text: str) -> str:
        words = text.split(" ")
        return "".join(w + (rng.choice(extra) if rng.random() < 0.1 else " ") for w in words)

    preds = [noisy(p["prediction"]) for p in pairs]
    refs = [[noisy(r) for r in p["references"]] for p in pairs]
    scorer = rk.RougeScorer(TYPES, profile="whitespace", threads=2)
    assert scorer.profile == "whitespace"
    got = engine_rows(scorer.score_batch(preds, refs))
    compare(got, rouge_score_multi(WordsTokenizer(WHITE_SPACE), preds, refs))


def test_whitespace_tokens_keep_case_and_punctuation() -> None:
    text = "The  Cat\u00a0sat,\tdon't\u3000猫 x\x1cy"
    assert rk.tokenize(text, profile="whitespace") == [
        "The",
        "Cat",
        "sat,",
        "don't",
        "猫",
        "x\x1cy",
    ]
    assert re.split(WHITE_SPACE, "a\u2029b") == ["a", "b"] and sys.maxunicode > 0xFFFF
