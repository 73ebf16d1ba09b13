"""Bad input gets a clear error naming the argument and index; odd-but-valid input never
crashes; the compat module keeps rouge-score's own errors; ``compute()`` behaves like the
``evaluate`` wrapper (spec §12) with a deterministic aggregate."""

from __future__ import annotations

import math
import re
import warnings

import pytest
import rougekit
from conftest import rouge_score_scorer
from rougekit.compat import rouge_scorer as compat_rouge_scorer

TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


@pytest.fixture
def scorer():
    return rougekit.RougeScorer(TYPES)


# -- predictions / references ----------------------------------------------------------------

BAD_TEXTS = [None, 3, 2.5, b"a b", ["a b"]]
BAD_IDS = ["None", "int", "float", "bytes", "list"]


@pytest.mark.parametrize("bad", BAD_TEXTS, ids=BAD_IDS)
def test_non_str_prediction_in_batch(scorer, bad):
    with pytest.raises(TypeError) as info:
        scorer.score_batch(["a b", "c", bad, "d"], ["a", "b", "c", "d"])
    msg = str(info.value)
    assert "predictions[2]" in msg, msg
    assert type(bad).__name__ in msg, f"message does not name the type: {msg}"


@pytest.mark.parametrize("bad", [None, 3, b"a b"], ids=["None", "int", "bytes"])
def test_non_str_prediction_in_score(scorer, bad):
    with pytest.raises(TypeError, match="prediction") as info:
        scorer.score(bad, "a b")
    assert type(bad).__name__ in str(info.value)


@pytest.mark.parametrize("bad", [None, 3, b"a b", 2.5], ids=["None", "int", "bytes", "float"])
def test_non_str_reference_in_batch(scorer, bad):
    with pytest.raises(TypeError) as info:
        scorer.score_batch(["a", "b", "c"], ["a", ["b"], bad])
    msg = str(info.value)
    assert "references[2]" in msg and "references[2][" not in msg, msg
    assert type(bad).__name__ in msg, msg


@pytest.mark.parametrize("bad", [None, 3, b"a b"], ids=["None", "int", "bytes"])
def test_non_str_reference_in_score(scorer, bad):
    # score() takes one pair: the message names ``references`` itself.
    with pytest.raises(TypeError, match="references") as info:
        scorer.score("a b", bad)
    assert type(bad).__name__ in str(info.value)


@pytest.mark.parametrize("bad", [None, 7, b"x", ["nested"]], ids=["None", "int", "bytes", "list"])
def test_non_str_item_of_reference_list(scorer, bad):
    with pytest.raises(TypeError) as info:
        scorer.score_batch(["a", "b"], [["a"], ["b", "c", bad]])
    assert "references[1][2]" in str(info.value), str(info.value)
    with pytest.raises(TypeError, match=re.escape("references[1]")):
        scorer.score("a", ["a", bad])


@pytest.mark.parametrize("n_pred,n_ref", [(3, 5), (2, 0), (0, 1)])
def test_mismatched_lengths(scorer, n_pred, n_ref):
    with pytest.raises(ValueError) as info:
        scorer.score_batch(["a"] * n_pred, ["a"] * n_ref)
    msg = str(info.value)
    assert re.search(rf"\b{n_pred}\b", msg) and re.search(rf"\b{n_ref}\b", msg), msg


def test_empty_reference_list(scorer):
    with pytest.raises(ValueError, match=re.escape("references[1]")):
        scorer.score_batch(["a", "b"], [["a"], []])
    with pytest.raises(ValueError, match="references"):
        scorer.score("a", [])


@pytest.mark.parametrize("arg", ["predictions", "references"])
def test_single_str_instead_of_list(scorer, arg):
    kwargs = {"predictions": ["abc"], "references": ["abc"], arg: "abc"}
    with pytest.raises(TypeError, match=arg):
        scorer.score_batch(kwargs["predictions"], kwargs["references"])


def test_non_iterable_batch_arguments(scorer):
    with pytest.raises(TypeError, match="predictions"):
        scorer.score_batch(5, ["a"])
    with pytest.raises(TypeError, match="references"):
        scorer.score_batch(["a"], None)


@pytest.mark.parametrize("where", ["prediction", "reference", "reference-list"], ids=lambda w: w)
def test_lone_surrogate_is_a_value_error(scorer, where):
    bad = "a \ud800 b"
    preds, refs, name = ["ok", "ok"], ["ok", "ok"], ""
    if where == "prediction":
        preds[1], name = bad, "predictions[1]"
    elif where == "reference":
        refs[1], name = bad, "references[1]"
    else:
        refs[1], name = ["ok", bad], "references[1][1]"
    with pytest.raises(ValueError) as info:
        scorer.score_batch(preds, refs)
    assert name in str(info.value), str(info.value)
    with pytest.raises(ValueError):
        scorer.score(preds[1], refs[1])


# -- odd but valid input -------------------------------------------------------------------


@pytest.mark.parametrize(
    "pred,ref",
    [("", ""), ("", "a b"), ("a b", ""), ("!!! ... ???", "!!!"), ("\n\n", " \n "), ("-", "a")],
)
def test_empty_or_punctuation_scores_zero(scorer, pred, ref):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rougekit.NoTokensWarning)
        got = scorer.score(pred, ref)
        batch = scorer.score_batch([pred], [[ref]])
    for t in TYPES:
        assert tuple(got[t]) == (0.0, 0.0, 0.0), (t, got[t])
        assert all(type(v) is float for v in got[t]), f"{t}: main API returns floats"
        assert batch[0][t] == got[t]


def test_text_without_tokens_warns_but_blank_text_does_not(scorer):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        scorer.score("", "")  # blank: nothing to warn about
        scorer.score("a b", "a b")
    with pytest.warns(rougekit.NoTokensWarning, match="no token"):
        got = scorer.score("今天天气很不错", "今天天气很不错")
    assert got["rouge1"].fmeasure == 0.0


def test_empty_batch(scorer):
    batch = scorer.score_batch([], [])
    assert len(batch) == 0
    assert list(batch) == []
    for t in TYPES:
        for f in ("precision", "recall", "fmeasure"):
            assert len(getattr(batch, f)(t)) == 0
    assert batch.to_dict() == {t: {"precision": [], "recall": [], "fmeasure": []} for t in TYPES}
    # A mean of nothing is undefined: an error, not a table of zeros with a CI signature.
    with pytest.raises(ValueError, match="empty batch"):
        batch.corpus(confidence=0.95, n_bootstrap=10, seed=0)
    with pytest.raises(ValueError, match="empty batch"):
        batch.corpus()


def test_index_out_of_range(scorer):
    batch = scorer.score_batch(["a"], ["a"])
    with pytest.raises(IndexError):
        batch[1]
    with pytest.raises(TypeError):
        batch["rouge1"]


# -- configuration ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad", ["rougeX", "rouge0", "rougeLSum", "ROUGE-L", "rouge", "", "rouge1\n"]
)
def test_unknown_types_fail_at_construction(bad):
    with pytest.raises(ValueError) as info:
        rougekit.RougeScorer([bad])
    assert repr(bad)[1:-1] in str(info.value) or bad in str(info.value), str(info.value)
    with pytest.raises(ValueError):
        rougekit.RougeScorer(["rouge1", bad])


def test_type_hints_in_messages():
    with pytest.raises(ValueError, match="rougeLsum"):
        rougekit.RougeScorer(["rougeLSum"])


def test_empty_or_non_str_types():
    with pytest.raises(ValueError, match="empty"):
        rougekit.RougeScorer([])
    with pytest.raises(TypeError, match=re.escape("types[1]")):
        rougekit.RougeScorer(["rouge1", 2])
    with pytest.raises(TypeError):
        rougekit.RougeScorer(5)


def test_single_type_string_is_one_type():
    assert rougekit.RougeScorer("rougeLsum").types == ("rougeLsum",)


@pytest.mark.parametrize("threads", [0, -1, "two", True, 1.5])
def test_bad_threads(threads):
    with pytest.raises((TypeError, ValueError), match="threads"):
        rougekit.RougeScorer(["rouge1"], threads=threads)


@pytest.mark.parametrize("value", ["abc", "0", "-2", "1.5"])
def test_bad_thread_environment(monkeypatch, value):
    monkeypatch.setenv("ROUGEKIT_NUM_THREADS", value)
    with pytest.raises(ValueError, match="ROUGEKIT_NUM_THREADS"):
        rougekit.RougeScorer(["rouge1"])


@pytest.mark.parametrize("profile", ["rouge_score", "ROUGE-SCORE", "nope", "unicode-v2"])
def test_unknown_or_unavailable_profile(profile):
    with pytest.raises(ValueError) as info:
        rougekit.RougeScorer(["rouge1"], profile=profile)
    assert profile in str(info.value) and "rouge-score" in str(info.value), str(info.value)


def test_stemmer_must_be_bool_or_a_stemmer_the_profile_has():
    with pytest.raises(ValueError, match="cannot use stemmer 'yes'; it takes 'nltk-porter'"):
        rougekit.RougeScorer(["rouge1"], stemmer="yes")
    with pytest.raises(TypeError, match="stemmer must be a bool or a stemmer name, got int"):
        rougekit.RougeScorer(["rouge1"], stemmer=1)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"confidence": 1.5},
        {"confidence": 0.0},
        {"confidence": 1.0},
        {"confidence": 0.95, "n_bootstrap": 0},
        {"confidence": 0.95, "seed": -1},
    ],
)
def test_bad_corpus_options(scorer, kwargs):
    batch = scorer.score_batch(["a b"], ["a"])
    with pytest.raises((TypeError, ValueError)):
        batch.corpus(**kwargs)


# -- compat: rouge-score's own errors ----------------------------------------------------------


@pytest.mark.parametrize("bad", ["rougeX", "rouge10", "rouge0", "rougeLSum", "ROUGE-L", "rouge_1"])
def test_compat_invalid_type_raised_inside_score(bad):
    from rouge_score import rouge_scorer

    ours = compat_rouge_scorer.RougeScorer(["rouge1", bad])  # construction succeeds
    theirs = rouge_scorer.RougeScorer(["rouge1", bad])
    with pytest.raises(ValueError) as want:
        theirs.score("a b", "a b")
    with pytest.raises(ValueError) as got:
        ours.score("a b", "a b")
    assert str(got.value) == str(want.value)
    with pytest.raises(ValueError) as got_multi:
        ours.score_multi(["a b"], "a b")
    assert str(got_multi.value) == str(want.value)


def test_compat_empty_target_list():
    from rouge_score import rouge_scorer

    with pytest.raises(ValueError) as want:
        rouge_scorer.RougeScorer(["rouge1"]).score_multi([], "a b")
    with pytest.raises(ValueError) as got:
        compat_rouge_scorer.RougeScorer(["rouge1"]).score_multi([], "a b")
    assert str(got.value) == str(want.value) == "attempt to get argmax of an empty sequence"


# -- compute() -----------------------------------------------------------------------------

PREDS = ["the cat sat on the mat", "a quick brown fox", "", "hello world\nagain"]
REFS = ["the cat is on the mat", "the quick brown dog", "nothing", "hello there world\nagain"]
MULTI = [["the cat is on the mat", "a cat sat"], ["fox"], ["x", "y", ""], ["hello world"]]


@pytest.mark.parametrize("stemmer", [False, True])
@pytest.mark.parametrize("refs", [REFS, MULTI], ids=["single", "multi"])
def test_compute_per_instance_matches_rouge_score(refs, stemmer):
    oracle = rouge_score_scorer(TYPES, stemmer)
    got = rougekit.compute(
        predictions=PREDS, references=refs, use_aggregator=False, use_stemmer=stemmer
    )
    assert list(got) == list(TYPES)
    for t in TYPES:
        want = []
        for p, r in zip(PREDS, refs):
            s = oracle.score_multi(r, p) if isinstance(r, list) else oracle.score(r, p)
            want.append(s[t].fmeasure)
        assert got[t] == want, f"{t}: {got[t]} != rouge-score {want}"
        assert all(type(v) is float for v in got[t])


def _loop_mean(values):
    """The corpus mean: the exact sum rounded once (``math.fsum``), over n."""
    return math.fsum(values) / len(values)


@pytest.mark.parametrize("metric", ["precision", "recall", "fmeasure"])
def test_compute_aggregate_is_plain_mean(metric):
    per = rougekit.compute(
        predictions=PREDS, references=MULTI, use_aggregator=False, metric_to_select=metric
    )
    agg = rougekit.compute(predictions=PREDS, references=MULTI, metric_to_select=metric)
    for t in TYPES:
        assert agg[t] == _loop_mean(per[t]), (t, agg[t], per[t])
        assert type(agg[t]) is float


def test_compute_metric_none_returns_score_triples():
    per = rougekit.compute(
        predictions=PREDS, references=REFS, use_aggregator=False, metric_to_select=None
    )
    agg = rougekit.compute(predictions=PREDS, references=REFS, metric_to_select=None)
    scorer = rougekit.RougeScorer(TYPES)
    for t in TYPES:
        assert per[t] == [scorer.score(p, r)[t] for p, r in zip(PREDS, REFS)]
        assert all(isinstance(s, rougekit.Score) for s in per[t])
        assert isinstance(agg[t], rougekit.Score)
        assert agg[t] == rougekit.Score(
            *(_loop_mean([getattr(s, f) for s in per[t]]) for f in rougekit.Score._fields)
        )


def test_compute_spec_12_2_examples():
    """Numbers measured with the evaluate wrapper (spec §12.2)."""
    got = rougekit.compute(
        predictions=["hello goodbye", "ankh morpork"],
        references=["goodbye", "general kenobi"],
        use_aggregator=False,
    )
    assert got["rouge1"] == [0.6666666666666666, 0.0]
    assert got["rouge2"] == [0.0, 0.0]
    assert got["rougeL"] == got["rougeLsum"] == [0.6666666666666666, 0.0]
    multi = rougekit.compute(
        predictions=["hello there", "general kenobi"],
        references=[["hello", "there"], ["general kenobi", "general yoda"]],
        use_aggregator=False,
    )
    assert multi["rouge1"] == [0.6666666666666666, 1.0]
    lsum = rougekit.compute(
        predictions=["b a.\nc d."], references=["c d.\nb a."], rouge_types=["rougeL", "rougeLsum"]
    )
    assert lsum == {"rougeL": 0.5, "rougeLsum": 1.0}


def test_compute_tokenizer_list_on_chinese():
    """Spec §12.2: characters as tokens."""
    got = rougekit.compute(
        predictions=["今天天气很不错"],
        references=["今天天气不错"],
        rouge_types=["rouge1", "rouge2"],
        tokenizer=list,
    )
    assert got == {"rouge1": 0.923076923076923, "rouge2": 0.7272727272727272}


def test_compute_tokenizer_matches_rouge_score_and_plain_mean():
    from rouge_score import rouge_scorer

    class Wrap:
        def tokenize(self, text):
            return text.split()

    oracle = rouge_scorer.RougeScorer(list(TYPES), tokenizer=Wrap())
    preds = ["Der Hund bellt\nlaut", "自行车 不能 停", "A b c"]
    refs = [["der Hund bellt laut", "Hund"], ["自行车 不能 带上 火车"], "a b C"]
    per = rougekit.compute(
        predictions=preds, references=refs, tokenizer=str.split, use_aggregator=False
    )
    agg = rougekit.compute(predictions=preds, references=refs, tokenizer=str.split)
    for t in TYPES:
        want = [
            (oracle.score_multi(r, p) if isinstance(r, list) else oracle.score(r, p))[t].fmeasure
            for p, r in zip(preds, refs)
        ]
        assert per[t] == want, (t, per[t], want)
        assert agg[t] == _loop_mean(want), (t, agg[t], want)


def test_compute_errors():
    with pytest.raises(ValueError, match="metric_to_select"):
        rougekit.compute(predictions=["a"], references=["a"], metric_to_select="f1")
    with pytest.raises(ValueError, match="empty"):
        rougekit.compute(predictions=[], references=[])
    with pytest.raises(ValueError, match="rougeLSum"):
        rougekit.compute(predictions=["a"], references=["a"], rouge_types=["rougeLSum"])
    with pytest.raises(ValueError):
        rougekit.compute(predictions=["a", "b"], references=["a"])
    with pytest.raises(ValueError):
        rougekit.compute(predictions=["a", "b"], references=["a"], tokenizer=list)
    with pytest.raises(ValueError, match=re.escape("references[0]")):
        rougekit.compute(predictions=["a"], references=[[]], tokenizer=list)
    assert rougekit.compute(predictions=[], references=[], use_aggregator=False) == {
        t: [] for t in TYPES
    }


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_interrupts_a_long_batch(threads: int, python_sigint: None) -> None:
    """score_batch releases the GIL but still honours Ctrl-C: a SIGINT arriving mid-batch
    raises KeyboardInterrupt from inside score_batch instead of running to the end. On one
    thread the core asks between chunks; on two, the calling thread polls while the pool
    works."""
    import os
    import signal
    import threading

    n = 1_000_000  # several seconds of work; the signal comes after 0.2 s
    preds = ["the cat sat on the mat\nand then it slept"] * n
    refs = ["a cat was sitting on the mat\nit slept"] * n
    scorer = rougekit.RougeScorer(("rouge1", "rougeLsum"), threads=threads)
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as excinfo:
            scorer.score_batch(preds, refs)
    finally:
        timer.cancel()
    # Raised inside the call (the core stopped), not by Python's handler once the whole
    # batch had returned: then this test's frame would be the traceback's last.
    assert excinfo.traceback[-1].name != "test_ctrl_c_interrupts_a_long_batch"


def test_package_names_load_on_first_use() -> None:
    # rougekit's public names are imported lazily (PEP 562); each must resolve, be listed by
    # dir(), and an unknown name must raise AttributeError like any module.
    import rougekit

    for name in rougekit.__all__:
        assert getattr(rougekit, name) is not None
        assert name in dir(rougekit)
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        rougekit.nope  # noqa: B018


def test_stub_parameter_names_match_the_extension():
    # The stub said `field=`; the extension's parameter is `field_name` (stubtest in CI
    # checks every name; this keeps the one that broke a caller).
    batch = rougekit.RougeScorer(["rouge1"]).score_batch(["a b"], ["a b"])
    assert len(batch._scores.buffer("rouge1", field_name="fmeasure")) == 8


def test_one_pair_warnings_match_the_batch_and_point_at_the_caller():
    # score() takes the core's one-pair path: its warnings are the batch's, at this line.
    german = "Über die Brücke gingen größere Gruppen, während Mädchen für Äpfel zahlten. " * 2
    scorer = rougekit.RougeScorer(["rouge1"])
    for text, category in ((german, rougekit.NonAsciiWarning), ("今天", rougekit.NoTokensWarning)):
        with warnings.catch_warnings(record=True) as one:
            warnings.simplefilter("always")
            scorer.score(text, text)
        with warnings.catch_warnings(record=True) as batch:
            warnings.simplefilter("always")
            scorer.score_batch([text], [text])
        (w,) = [w for w in one if issubclass(w.category, category)]
        assert w.filename == __file__, w.filename
        assert [str(w.message)] == [str(b.message) for b in batch if b.category is category]
