"""Scores under ``unicode-v1`` / ``character-v1``: ``RougeScorer(profile=...).score_batch``
against
rouge-score 0.1.2 given rouge-score-rs 0.2.1's ``UnicodeTokenizer`` / ``CharacterTokenizer``
(``RougeScorer(types, tokenizer=...).score_multi(refs, pred)``), every float ``==``.

rouge-score tokenises the whole text for rouge1/rouge2/rougeL and each ``\\n``-separated line
for rougeLsum; the engine scans each text once, so these also check the line handling.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
import rougekit as rk

pytest.importorskip("rouge_score_rs")

from conftest import FIELDS, mismatch_report, snippet
from hypothesis import given, settings
from hypothesis import strategies as st
from unicode_text import PAIRS, TOKENIZERS, ZH_SAMPLE, read_jsonl, word_texts

TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
_SCORERS: dict[str, Any] = {}


def rouge_score(tokenizer: str) -> Any:
    """rouge-score 0.1.2 with the oracle tokenizer of the profile (cached)."""
    if tokenizer not in _SCORERS:
        from rouge_score import rouge_scorer
        from rouge_score_rs import tokenizers

        oracle = {
            "unicode-v1": tokenizers.UnicodeTokenizer,
            "character-v1": tokenizers.CharacterTokenizer,
        }[tokenizer]()
        assert oracle.profile == tokenizer
        _SCORERS[tokenizer] = rouge_scorer.RougeScorer(list(TYPES), tokenizer=oracle)
    return _SCORERS[tokenizer]


def expected(tokenizer: str, preds: list[str], refs: list[list[str]]) -> list[list[tuple]]:
    scorer = rouge_score(tokenizer)
    out = []
    for p, r in zip(preds, refs):
        s = scorer.score_multi(r, p)
        out.append([tuple(map(float, s[t])) for t in TYPES])
    return out


def engine_scores(tokenizer: str, preds: list[str], refs: list[list[str]]) -> list[list[tuple]]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rk.NoSentencesWarning)
        batch = rk.RougeScorer(TYPES, profile=tokenizer, threads=1).score_batch(preds, refs)
    assert len(batch) == len(preds) and batch.signature.fields["profile"] == tokenizer
    cols = {t: [getattr(batch, f)(t) for f in FIELDS] for t in TYPES}
    return [[tuple(float(c[i]) for c in cols[t]) for t in TYPES] for i in range(len(preds))]


def compare(tokenizer: str, preds: list[str], refs: list[list[str]]) -> list[list[tuple]]:
    want = expected(tokenizer, preds, refs)
    got = engine_scores(tokenizer, preds, refs)
    bad = [
        f"pair {i} {snippet(preds[i])!r}: {g} != {w}"
        for i, (g, w) in enumerate(zip(got, want))
        if g != w
    ]
    assert not bad, mismatch_report(bad, len(preds), f"{tokenizer} pairs")
    return want


def corpus(path: Any) -> tuple[list[str], list[list[str]]]:
    rows = read_jsonl(path)
    assert rows, f"{path} holds no pair"
    return [r["prediction"] for r in rows], [r["references"] for r in rows]


@pytest.mark.parametrize("name", ["pairs", "zh-sample"])
@pytest.mark.parametrize("tokenizer", TOKENIZERS)
def test_corpus_scores(tokenizer: str, name: str) -> None:
    preds, refs = corpus({"pairs": PAIRS, "zh-sample": ZH_SAMPLE}[name])
    want = compare(tokenizer, preds, refs)
    # Not a vacuous comparison: most pairs overlap under the oracle tokenizer...
    assert sum(row[0][2] > 0 for row in want) >= len(want) // 2
    # ... and rouge-score's own ASCII tokenizer would score them differently.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the ASCII profile warns about these texts
        ascii_f = rk.RougeScorer(TYPES).score_batch(preds, refs).fmeasure("rouge1")
    assert [row[0][2] for row in want] != ascii_f.tolist()


def test_lines_matter_for_rouge_lsum() -> None:
    """rougeLsum sees lines: the same words on other lines score differently, and the
    engine agrees with rouge-score either way (``\\r`` and U+2028 do not split lines)."""
    pred = "Straße Köln\nΟΔΟΣ 今天\r\nx\u2028y"  # noqa: RUF001
    refs = ["οδος strasse\nköln 今天 y\u2028x", "ΟΔΟΣ\nSTRASSE"]
    for tokenizer in TOKENIZERS:
        one_line = compare(tokenizer, [pred.replace("\n", " ")], [refs])[0]
        lines = compare(tokenizer, [pred], [refs])[0]
        assert one_line[3] != lines[3] and one_line[0] == lines[0]


pairs = st.tuples(
    word_texts(min_words=1),
    st.lists(word_texts(min_words=1), min_size=1, max_size=3),
)


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
@settings(max_examples=400)
@given(batch=st.lists(pairs, min_size=1, max_size=8))
def test_hypothesis_multilingual_pairs(batch: list[tuple[str, list[str]]]) -> None:
    preds = [p for p, _ in batch]
    refs = [r for _, r in batch]
    for tokenizer in TOKENIZERS:
        compare(tokenizer, preds, refs)
