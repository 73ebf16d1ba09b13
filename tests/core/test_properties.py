"""Properties of the main API (design §9.4): bounds, identity, batch == pairwise,
threads=1 == threads=N bit for bit, pickling, the multi-reference rule, corpus means and
the seeded bootstrap."""

from __future__ import annotations

import math
import pickle
import random
from typing import Any

import numpy as np
import pytest
import rougekit
from conftest import ALL_TYPES, FIELDS, data_file, load_corpus, named_corpus
from hypothesis import given, settings
from hypothesis import strategies as st
from rougekit import _core
from rougekit.compat import rouge_scorer as compat_rouge_scorer

pytestmark = pytest.mark.filterwarnings("ignore::rougekit.NoTokensWarning")

WORDS = [
    "the", "cat", "sat", "on", "mat", "a", "dog", "runs", "running", "ran", "happy",
    "ponies", "used", "İstanbul", "5\u212a", "café", "日本", "😀", "it's", "x" * 40,
]  # fmt: skip
SEPS = [" ", " ", " ", "\n", "\r\n", "\n\n", ", ", ". ", "\t"]

ascii_word = st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=8)
word = st.one_of(st.sampled_from(WORDS), ascii_word)


@st.composite
def texts_from(draw: Any, pool: list[str], min_words: int = 0) -> str:
    words = draw(st.lists(st.sampled_from(pool), min_size=min_words, max_size=20))
    seps = draw(st.lists(st.sampled_from(SEPS), min_size=len(words), max_size=len(words)))
    return "".join(w + s for w, s in zip(words, seps))


@st.composite
def pair(draw: Any, max_refs: int = 4) -> tuple[str, list[str]]:
    pool = draw(st.lists(word, min_size=1, max_size=6))
    text = st.one_of(texts_from(pool), st.text(max_size=40))
    return draw(text), draw(st.lists(text, min_size=1, max_size=max_refs))


SCORERS = {s: rougekit.RougeScorer(ALL_TYPES, stemmer=s) for s in (False, True)}


@settings(max_examples=300)
@given(p=pair(), stemmer=st.booleans())
def test_scores_are_in_unit_interval(p, stemmer):
    pred, refs = p
    got = SCORERS[stemmer].score(pred, refs)
    for t, s in got.items():
        for f, v in zip(FIELDS, s):
            assert type(v) is float and 0.0 <= v <= 1.0, f"{t}.{f} = {v!r} for {p!r}"


@settings(max_examples=300)
@given(data=st.data(), stemmer=st.booleans())
def test_identical_texts_score_one(data, stemmer):
    pool = data.draw(st.lists(ascii_word, min_size=1, max_size=6))
    text = data.draw(texts_from(pool, min_words=1))
    n_tokens = len(_core.tokenize(text, stemmer))
    assert n_tokens >= 1, f"{text!r} has no token"
    got = SCORERS[stemmer].score(text, text)
    for t in ("rouge1", "rougeL", "rougeLsum"):
        assert tuple(got[t]) == (1.0, 1.0, 1.0), f"{t} of {text!r} vs itself: {got[t]}"
    for n in (2, 3, 4):
        want = (1.0, 1.0, 1.0) if n_tokens >= n else (0.0, 0.0, 0.0)
        assert tuple(got[f"rouge{n}"]) == want, f"rouge{n} ({n_tokens} tokens) of {text!r}"


@settings(max_examples=150)
@given(pairs=st.lists(pair(), min_size=0, max_size=12), stemmer=st.booleans())
def test_score_batch_equals_score(pairs, stemmer):
    scorer = SCORERS[stemmer]
    batch = scorer.score_batch([p for p, _ in pairs], [r for _, r in pairs])
    assert len(batch) == len(pairs)
    for i, (pred, refs) in enumerate(pairs):
        single = scorer.score(pred, refs)
        assert batch[i] == single, f"pair {i}: batch {batch[i]} != score {single}"
        for t in ALL_TYPES:
            cols = tuple(float(getattr(batch, f)(t)[i]) for f in FIELDS)
            assert cols == tuple(single[t]), f"pair {i} {t}: columns {cols} != {single[t]}"


@settings(max_examples=200)
@given(p=pair(max_refs=5), stemmer=st.booleans())
def test_multi_reference_is_best_f_single_reference(p, stemmer):
    pred, refs = p
    scorer = SCORERS[stemmer]
    multi = scorer.score(pred, refs)
    singles = [scorer.score(pred, r) for r in refs]
    for t in ALL_TYPES:
        fs = [s[t].fmeasure for s in singles]
        best = fs.index(max(fs))  # first index of the maximum: ties go to the first
        assert multi[t] == singles[best][t], (
            f"{t}: multi {multi[t]} != reference {best} {singles[best][t]} (F per ref {fs})"
        )


def test_multi_reference_ties_pick_first():
    """Same F, different P/R: the first reference's P and R must be returned."""
    scorer = rougekit.RougeScorer(["rouge1"])
    pred = "a b c d"
    r1, r2 = "a b", "a b c d e f g h"  # (P, R) = (0.5, 1.0) and (1.0, 0.5): same F
    s1, s2 = scorer.score(pred, r1)["rouge1"], scorer.score(pred, r2)["rouge1"]
    assert s1.fmeasure == s2.fmeasure and s1 != s2, (s1, s2)
    assert scorer.score(pred, [r1, r2])["rouge1"] == s1
    assert scorer.score(pred, [r2, r1])["rouge1"] == s2


# -- threads -----------------------------------------------------------------------------


def _synthetic_pairs(n: int, seed: int) -> tuple[list[str], list[list[str]]]:
    rng = random.Random(seed)

    def text() -> str:
        k = rng.randint(0, 60)
        return "".join(rng.choice(WORDS) + rng.choice(SEPS) for _ in range(k))

    preds = [text() for _ in range(n)]
    refs = [[text() for _ in range(rng.randint(1, 4))] for _ in range(n)]
    return preds, refs


def _raw_columns(batch: rougekit.BatchResult) -> dict[tuple[str, str], bytes]:
    return {(t, f): np.asarray(getattr(batch, f)(t)).tobytes() for t in batch.types for f in FIELDS}


@pytest.mark.parametrize("stemmer", [False, True])
def test_threads_do_not_change_a_bit(stemmer, sample_pairs):
    preds, refs = _synthetic_pairs(400, seed=7)
    preds += [r["prediction"] for r in sample_pairs]
    refs += [r["references"] for r in sample_pairs]
    one = rougekit.RougeScorer(ALL_TYPES, stemmer=stemmer, threads=1)
    two = rougekit.RougeScorer(ALL_TYPES, stemmer=stemmer, threads=2)
    assert (one.config.threads, two.config.threads) == (1, 2)
    a, b = one.score_batch(preds, refs), two.score_batch(preds, refs)
    ca, cb = _raw_columns(a), _raw_columns(b)
    assert len(ca) == len(ALL_TYPES) * 3 and all(len(v) == 8 * len(preds) for v in ca.values())
    differing = [k for k in ca if ca[k] != cb[k]]
    assert not differing, f"threads=1 and threads=2 differ in {differing}"
    # and the batch is not trivially all zeros
    assert np.asarray(a.fmeasure("rouge1")).max() > 0.5


def test_threads_on_a_real_corpus():
    # the 11,490 pairs with the shared data, else their stand-in (SummEval, 1,600 pairs)
    rows = named_corpus("cnndm-pointer-generator/pointer-gen-cov.jsonl")
    preds, refs = [r["prediction"] for r in rows], [r["references"] for r in rows]
    a = rougekit.RougeScorer(ALL_TYPES, stemmer=True, threads=1).score_batch(preds, refs)
    b = rougekit.RougeScorer(ALL_TYPES, stemmer=True, threads=2).score_batch(preds, refs)
    assert _raw_columns(a) == _raw_columns(b)


def test_threads_from_environment(monkeypatch):
    monkeypatch.setenv("ROUGEKIT_NUM_THREADS", "3")
    assert rougekit.RougeScorer(["rouge1"]).config.threads == 3
    # an explicit argument wins over the environment
    assert rougekit.RougeScorer(["rouge1"], threads=1).config.threads == 1


# -- pickling ------------------------------------------------------------------------------

PAIRS = [
    ("the cat sat on the mat", ["the cat is on the mat", "a cat sat"]),
    ("Police killed the gunman\nthe gunman died", ["the gunman was killed\npolice fired"]),
    ("", ["something"]),
    ("running dogs", ["the dog runs"]),
]


@pytest.mark.parametrize("stemmer", [False, True])
def test_pickle_main_scorer(stemmer):
    scorer = rougekit.RougeScorer(["rougeLsum", "rouge2", "rouge1"], stemmer=stemmer, threads=2)
    before = [scorer.score(p, r) for p, r in PAIRS]
    clone = pickle.loads(pickle.dumps(scorer))
    assert clone is not scorer
    assert clone.config == scorer.config
    assert clone.types == ("rougeLsum", "rouge2", "rouge1")
    assert [clone.score(p, r) for p, r in PAIRS] == before
    b1 = scorer.score_batch([p for p, _ in PAIRS], [r for _, r in PAIRS])
    b2 = clone.score_batch([p for p, _ in PAIRS], [r for _, r in PAIRS])
    assert _raw_columns(b1) == _raw_columns(b2)


class PickleableTokenizer:
    def tokenize(self, text):
        return text.lower().split()


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"use_stemmer": True}, {"tokenizer": PickleableTokenizer()}],
    ids=["default", "stemmer", "custom-tokenizer"],
)
def test_pickle_compat_scorer(kwargs):
    scorer = compat_rouge_scorer.RougeScorer(["rouge1", "rougeL", "rougeLsum"], **kwargs)
    fresh = pickle.loads(pickle.dumps(scorer))  # before use
    before = [scorer.score_multi(r, p) for p, r in PAIRS]
    used = pickle.loads(pickle.dumps(scorer))  # after use: internal caches populated
    for clone in (fresh, used):
        got = [clone.score_multi(r, p) for p, r in PAIRS]
        assert got == before
        assert [[type(v) for s in d.values() for v in s] for d in got] == [
            [type(v) for s in d.values() for v in s] for d in before
        ]


# -- corpus means and bootstrap ------------------------------------------------------------


def _loop_mean(values: Any) -> float:
    """The exact sum rounded once (``math.fsum``), then one division: the corpus mean does
    not depend on the order of the pairs (so a corpus scored in partitions has it too)."""
    values = [float(v) for v in values]
    return math.fsum(values) / len(values)


@settings(max_examples=100)
@given(pairs=st.lists(pair(), min_size=1, max_size=30), stemmer=st.booleans())
def test_corpus_mean_is_plain_mean(pairs, stemmer):
    batch = SCORERS[stemmer].score_batch([p for p, _ in pairs], [r for _, r in pairs])
    corpus = batch.corpus()
    assert corpus.n == len(pairs)
    assert corpus.low is None and corpus.high is None
    for t in ALL_TYPES:
        for f in FIELDS:
            want = _loop_mean(getattr(batch, f)(t))
            got = getattr(corpus[t], f)
            assert got == want, f"{t}.{f}: corpus mean {got!r} != sum/n {want!r}"


def test_corpus_mean_on_sample(sample_pairs):
    scorer = rougekit.RougeScorer(ALL_TYPES, stemmer=True)
    preds = [r["prediction"] for r in sample_pairs]
    refs = [r["references"] for r in sample_pairs]
    batch = scorer.score_batch(preds, refs)
    corpus = scorer.corpus(preds, refs)
    for t in ALL_TYPES:
        for f in FIELDS:
            assert getattr(corpus[t], f) == _loop_mean(getattr(batch, f)(t)), (t, f)


def _corpus_pairs(sample_pairs: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    rows = load_corpus(data_file("xsum-hallucination-annotations/xsum.jsonl"))[:600]
    return [r["prediction"] for r in rows], [r["references"] for r in rows]


def test_bootstrap_is_deterministic_and_brackets_the_mean(sample_pairs):
    preds, refs = _corpus_pairs(sample_pairs)
    scorer = rougekit.RougeScorer(ALL_TYPES, stemmer=True)
    a = scorer.corpus(preds, refs, confidence=0.95, n_bootstrap=500, seed=11)
    b = scorer.corpus(preds, refs, confidence=0.95, n_bootstrap=500, seed=11)
    c = scorer.score_batch(preds, refs).corpus(confidence=0.95, n_bootstrap=500, seed=11)
    assert a.low is not None and a.high is not None
    for t in ALL_TYPES:
        assert a.low[t] == b.low[t] == c.low[t] and a.high[t] == b.high[t] == c.high[t], t
        assert a[t] == b[t] == c[t]
        for f in FIELDS:
            lo, mid, hi = (getattr(x[t], f) for x in (a.low, a, a.high))
            assert all(math.isfinite(v) for v in (lo, mid, hi)), (t, f, lo, mid, hi)
            assert lo <= mid <= hi, f"{t}.{f}: {lo} <= {mid} <= {hi} violated"
            if t != "rouge4":  # rouge4 F can be 0 on many pairs but never on all of them
                assert lo < hi, f"{t}.{f}: degenerate interval [{lo}, {hi}]"


def test_bootstrap_seeds_and_confidence_change_bounds(sample_pairs):
    preds, refs = _corpus_pairs(sample_pairs)
    batch = rougekit.RougeScorer(["rouge1", "rougeL"]).score_batch(preds, refs)
    s1 = batch.corpus(confidence=0.95, n_bootstrap=400, seed=1)
    s2 = batch.corpus(confidence=0.95, n_bootstrap=400, seed=2)
    assert s1["rouge1"] == s2["rouge1"], "the mean must not depend on the seed"
    assert (s1.low, s1.high) != (s2.low, s2.high), "seeds 1 and 2 gave identical bounds"
    narrow = batch.corpus(confidence=0.5, n_bootstrap=400, seed=1)
    for t in ("rouge1", "rougeL"):
        assert s1.low[t].fmeasure <= narrow.low[t].fmeasure, t
        assert narrow.high[t].fmeasure <= s1.high[t].fmeasure, t
        assert narrow.low[t] != s1.low[t] or narrow.high[t] != s1.high[t], t


def test_bootstrap_single_pair_is_degenerate():
    corpus = rougekit.RougeScorer(["rouge1"]).corpus(
        ["a b c"], ["a b d"], confidence=0.9, n_bootstrap=50, seed=3
    )
    assert corpus.low["rouge1"] == corpus["rouge1"] == corpus.high["rouge1"]


# -- result objects ------------------------------------------------------------------------


def test_batch_result_accessors(sample_pairs):
    scorer = rougekit.RougeScorer(["rougeL", "rouge1", "rougeL"])
    assert scorer.types == ("rougeL", "rouge1"), "duplicates dropped, order kept"
    preds = [r["prediction"] for r in sample_pairs]
    refs = [r["references"][0] for r in sample_pairs]  # plain str references
    batch = scorer.score_batch(preds, refs)
    assert len(batch) == len(preds) == 40
    assert batch.types == ["rougeL", "rouge1"]
    d = batch.to_dict()
    assert list(d) == ["rougeL", "rouge1"]
    for t in d:
        assert list(d[t]) == list(FIELDS)
        for f in FIELDS:
            col = getattr(batch, f)(t)
            assert d[t][f] == [float(v) for v in col]
            assert all(type(v) is float for v in d[t][f])
    rows = list(batch)
    assert len(rows) == 40 and rows[0] == batch[0] and rows[-1] == batch[-1] == batch[39]
    assert batch[5]["rouge1"] == rougekit.Score(*(d["rouge1"][f][5] for f in FIELDS))
    with pytest.raises(IndexError):
        batch[40]
    with pytest.raises(IndexError):
        batch[-41]


def test_corpus_result_dict_and_table(sample_pairs):
    preds = [r["prediction"] for r in sample_pairs]
    refs = [r["references"] for r in sample_pairs]
    corpus = rougekit.RougeScorer(["rouge1", "rougeLsum"], stemmer=True).corpus(
        preds, refs, confidence=0.95, n_bootstrap=200, seed=5
    )
    d = corpus.to_dict()
    assert d["n"] == 40 and d["confidence"] == 0.95
    assert d["signature"] == str(corpus.signature)
    assert list(d["scores"]) == ["rouge1", "rougeLsum"]
    for t, entry in d["scores"].items():
        for f in FIELDS:
            assert entry[f] == getattr(corpus[t], f)
            assert entry["ci"][f] == [getattr(corpus.low[t], f), getattr(corpus.high[t], f)]
    table = str(corpus)
    lines = table.splitlines()
    assert lines[-1] == str(corpus.signature)
    r1 = corpus["rouge1"]
    row = next(line for line in lines if line.startswith("rouge1 "))
    assert f"{r1.fmeasure * 100:.2f}" in row, (row, r1)
    assert f"{corpus.low['rouge1'].fmeasure * 100:.2f}" in row
    assert "n=40" in table and "95% CI" in table
