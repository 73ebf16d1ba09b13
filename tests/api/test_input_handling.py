"""Input handling found wanting by an independent review: each test pins the fixed
behaviour (clear errors for bad input, array-likes accepted, nothing silently wrong)."""

from __future__ import annotations

import os
import pickle
import signal
import threading
import warnings

import numpy as np
import pytest
import rougekit
from rouge_score import rouge_scorer as rs_rouge_scorer
from rougekit.compat import rouge_scorer as compat_rouge_scorer
from rougekit.compat import tokenize as compat_tokenize

TYPES = ("rouge1", "rougeL")


@pytest.fixture(scope="module")
def scorer() -> rougekit.RougeScorer:
    return rougekit.RougeScorer(TYPES, threads=1)


def test_huge_bootstrap_is_a_value_error_not_an_abort(scorer):
    batch = scorer.score_batch(["a b", "b"], ["a", "b"])
    for n in (2**40, 2**62):
        with pytest.raises(ValueError, match="n_bootstrap must be at most"):
            batch.corpus(confidence=0.9, n_bootstrap=n)


def test_ctrl_c_interrupts_a_long_bootstrap(scorer, python_sigint):
    batch = scorer.score_batch(["a b c"] * 2000, ["a c d"] * 2000)
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            batch.corpus(confidence=0.95, n_bootstrap=5_000_000)
    finally:
        timer.cancel()


def test_columns_are_read_only_views(scorer):
    batch = scorer.score_batch(["a b", "c"], ["a", "c"])
    column = batch.fmeasure("rouge1")
    with pytest.raises(ValueError):
        column *= 100
    assert batch.to_dict()["rouge1"]["fmeasure"] == [2 / 3, 1.0]


@pytest.mark.parametrize("seed", [-1, 2**64, "x", 1.5])
def test_seed_is_checked_without_a_confidence_level(scorer, seed):
    batch = scorer.score_batch(["a"], ["a"])
    with pytest.raises((TypeError, ValueError), match="seed"):
        batch.corpus(seed=seed)


@pytest.mark.parametrize("threads", [0, 1025, 2**70])
def test_thread_counts_out_of_range(threads):
    with pytest.raises(ValueError, match="threads must be an integer from 1 to 1024"):
        rougekit.RougeScorer(TYPES, threads=threads)


def test_numpy_scalars_are_accepted():
    s = rougekit.RougeScorer(TYPES, stemmer=np.bool_(True), threads=np.int64(2))
    batch = s.score_batch(["running cats"], ["the cat runs"])
    assert batch[np.int64(0)] == batch[0]
    corpus = batch.corpus(confidence=np.float32(0.9), n_bootstrap=np.int64(10), seed=np.uint8(3))
    assert corpus.confidence == pytest.approx(0.9)
    assert s.config.profile.stemmer == "nltk-porter" and s.config.threads == 2


def test_lone_surrogate_error_names_the_argument(scorer):
    with pytest.raises(ValueError, match=r"^prediction is not valid Unicode"):
        scorer.score("a\ud800", "a")
    with pytest.raises(ValueError, match=r"^references is not valid Unicode"):
        scorer.score("a", "a\ud800")
    with pytest.raises(ValueError, match=r"^references\[1\] is not valid Unicode"):
        scorer.score("a", ["a", "b\udfff"])


def test_unordered_containers_are_rejected(scorer):
    with pytest.raises(TypeError, match="predictions must be an ordered sequence"):
        scorer.score_batch({"a", "b"}, ["a", "b"])
    with pytest.raises(TypeError, match="references must be an ordered sequence"):
        scorer.score_batch(["a"], {"a": 1})
    with pytest.raises(TypeError, match=r"references\[0\] must be str or a list of str"):
        scorer.score_batch(["a"], [{"a", "b"}])
    with pytest.raises(TypeError, match="references must be str or a list of str"):
        scorer.score("a", {"a"})


def test_array_like_references_are_accepted(scorer):
    refs = [np.array(["a b", "c"], dtype=object), np.array(["b"])]
    batch = scorer.score_batch(np.array(["a b", "b"]), refs)
    assert list(batch.fmeasure("rouge1")) == [1.0, 1.0]
    assert scorer.score("a b", (r for r in ["x", "a b"]))["rouge1"].fmeasure == 1.0


def test_corpus_result_accepts_every_type_spelling(scorer):
    corpus = scorer.corpus(["a b"], ["a"])
    assert corpus["ROUGE-1"] == corpus["rouge1"]
    with pytest.raises(KeyError, match="was not scored"):
        corpus["rouge2"]


def test_rouge_type_names_with_leading_zeros_are_rejected():
    for name in ("rouge01", "ROUGE-02"):
        with pytest.raises(ValueError, match="invalid ROUGE type"):
            rougekit.RougeScorer([name])


def test_no_tokens_warning_points_at_the_callers_line(scorer):
    for call in (
        lambda: scorer.corpus(["今天"], ["今天"]),
        lambda: rougekit.compute(predictions=["今天"], references=["今天"]),
    ):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            call()
        (w,) = [w for w in caught if issubclass(w.category, rougekit.NoTokensWarning)]
        assert w.filename == __file__, w.filename
        assert "punctuation and every other script" in str(w.message)


def test_pickled_scorer_keeps_the_thread_request():
    s = pickle.loads(pickle.dumps(rougekit.RougeScorer(TYPES)))
    assert s._requested_threads is None
    s = pickle.loads(pickle.dumps(rougekit.RougeScorer(TYPES, threads=2)))
    assert s.config.threads == 2


def test_signature_is_hashable_and_parse_checks_its_argument(scorer):
    sig = scorer.corpus(["a"], ["a"], confidence=0.123456789, n_bootstrap=5).signature
    assert hash(sig) == hash(rougekit.parse_signature(str(sig)))
    assert "|ci:12.3456789|" in str(sig)
    with pytest.raises(TypeError, match="a signature is a str"):
        rougekit.parse_signature(None)  # type: ignore[arg-type]


class TestComputeWithTokenizer:
    """compute(tokenizer=...) checks input as strictly as the default path."""

    def test_array_likes_and_generators(self):
        got = rougekit.compute(
            predictions=np.array(["a b", "c"]),
            references=(r for r in [["a b"], "c d"]),
            tokenizer=str.split,
        )
        assert got["rouge1"] == pytest.approx((1.0 + 2 / 3) / 2)

    @pytest.mark.parametrize(
        ("predictions", "references", "error", "message"),
        [
            ("ab", "ab", TypeError, "predictions must be a list of str"),
            (["a"], [b"a"], TypeError, r"references\[0\] must be str"),
            (["a", None], ["a", "b"], TypeError, r"predictions\[1\] must be str"),
            (["a"], [[]], ValueError, r"references\[0\] is an empty list"),
            (["a"], ["a", "b"], ValueError, "same length"),
        ],
    )
    def test_bad_input(self, predictions, references, error, message):
        with pytest.raises(error, match=message):
            rougekit.compute(predictions=predictions, references=references, tokenizer=str.split)

    def test_any_rouge_n_and_non_callables(self):
        got = rougekit.compute(
            predictions=["a b c d e f g h i j k"],
            references=["a b c d e f g h i j k"],
            rouge_types=["rouge10"],
            tokenizer=str.split,
        )
        assert got == {"rouge10": 1.0}
        with pytest.raises(TypeError, match="tokenizer must be a callable"):
            rougekit.compute(predictions=["a"], references=["a"], tokenizer=object())


class _Recorder:
    def __init__(self) -> None:
        self.calls: list[str] = []

    def tokenize(self, text: str) -> list[str]:
        self.calls.append(text)
        return text.split()


def test_compat_custom_tokenizer_call_order_matches_rouge_score():
    types = ["rouge1", "rougeLsum"]
    ours, theirs = _Recorder(), _Recorder()
    target, prediction = "t1 t2\nt3", "p1\np2 p3"
    compat_rouge_scorer.RougeScorer(types, tokenizer=ours).score(target, prediction)
    rs_rouge_scorer.RougeScorer(types, tokenizer=theirs).score(target, prediction)
    assert ours.calls == theirs.calls


def test_compat_tokenize_treats_surrogates_as_separators():
    from rouge_score import tokenize as rs_tokenize

    assert compat_tokenize.tokenize("a\ud800b", None) == rs_tokenize.tokenize("a\ud800b", None)
    assert compat_tokenize.tokenize("a\ud800b", None) == ["a", "b"]


def test_text_batches_read_every_container_alike_and_word_errors_by_index():
    # convert::batch_texts reads lists and tuples in place and collects anything else: every
    # container scores alike, and each error names the argument and index.
    from rougekit import _core

    engine = _core.Engine(list(TYPES), None, 1)

    def rows(batch):
        return [batch.row(i) for i in range(len(batch))]

    preds = ["a b c", "d e", "f"]
    refs = ["a c", ["d", "e f"], ("f g", "f")]
    want = rows(engine.score_batch(preds, refs))
    assert want == rows(engine.score_batch(tuple(preds), tuple(refs)))
    assert want == rows(engine.score_batch(np.array(preds), (r for r in refs)))
    assert want == rows(engine.score_batch(preds, ["a c", np.array(["d", "e f"]), ["f g", "f"]]))
    for predictions, references, error, message in [
        (["a", None], ["a", "b"], TypeError, r"^predictions\[1\] must be str, got NoneType$"),
        (("a",), (b"a",), TypeError, r"^references\[0\] must be str or a list of str, got bytes"),
        (["a"], [["a", b"b"]], TypeError, r"^references\[0\]\[1\] must be str, got bytes \(dec"),
        (["a"], [("a", 1)], TypeError, r"^references\[0\]\[1\] must be str, got int$"),
        (["a"], [[]], ValueError, r"^references\[0\] is an empty list"),
        (["a"], [()], ValueError, r"^references\[0\] is an empty list"),
        (["a"], [None], TypeError, r"^references\[0\] must be str or a list of str, got None"),
        (["a", "b"], ("a",), ValueError, "same length, got 2 predictions and 1 references"),
        (["\ud800"], ["a"], ValueError, r"^predictions\[0\] is not valid Unicode"),
        (["a"], [("a", "\ud800")], ValueError, r"^references\[0\]\[1\] is not valid Unicode"),
        ("ab", ["a"], TypeError, "predictions must be a list of str, got a single str"),
    ]:
        with pytest.raises(error, match=message):
            engine.score_batch(predictions, references)
