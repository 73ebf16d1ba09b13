"""rougekit.dedup against the self-instruct / Stanford Alpaca filter itself
(``tests/self_instruct_oracle.py``)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import rougekit
from conftest import SAMPLE, load_corpus
from hypothesis import given
from hypothesis import strategies as st
from rouge_score import rouge_scorer
from self_instruct_oracle import near_duplicates, real_texts, self_instruct


@pytest.mark.parametrize("threshold", [0.7, 0.4])
def test_kept_indices_equal_the_loop_on_real_texts(threshold: float) -> None:
    texts = near_duplicates(real_texts(100), 50, seed=1)
    want = self_instruct(texts, [], threshold)
    assert rougekit.dedup(texts, threshold, threads=2).tolist() == want
    assert rougekit.dedup(texts, threshold, threads=1).tolist() == want


def test_against_seed_tasks() -> None:
    texts = near_duplicates(real_texts(80), 40, seed=2)
    seeds = [p["prediction"] for p in load_corpus(SAMPLE)]
    want = self_instruct(texts, seeds, 0.7)
    assert rougekit.dedup(texts, against=seeds).tolist() == want
    result = rougekit.dedup(texts, against=seeds, return_nearest=True)
    assert result.kept.tolist() == want
    assert sorted(result.kept.tolist() + result.dropped.tolist()) == list(range(len(texts)))
    # Each dropped text's nearest kept text: the highest F among the kept ones at the time,
    # the first on ties (seeds before texts).
    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)
    tok = scorer._tokenizer.tokenize
    kept = set(want)
    for k, i in enumerate(result.dropped):
        pool = [("a", j, s) for j, s in enumerate(seeds)]
        pool += [("t", j, texts[j]) for j in range(i) if j in kept]
        best = max(
            enumerate(pool),
            key=lambda e: (rouge_scorer._score_lcs(tok(texts[i]), tok(e[1][2])).fmeasure, -e[0]),
        )[1]
        f = rouge_scorer._score_lcs(tok(texts[i]), tok(best[2])).fmeasure
        assert result.nearest_fmeasure[k] == f > 0.7
        if best[0] == "a":
            assert (result.nearest[k], result.nearest_against[k]) == (-1, best[1])
        else:
            assert (result.nearest[k], result.nearest_against[k]) == (best[1], -1)


def test_boundary_f_equal_to_the_threshold_keeps() -> None:
    base = " ".join(f"w{i}" for i in range(10))
    seven = " ".join([f"w{i}" for i in range(7)] + ["x1", "x2", "x3"])  # LCS 7 of 10: F 0.7
    eight = " ".join([f"w{i}" for i in range(8)] + ["y1", "y2"])  # LCS 8: F 0.8
    texts = [base, seven, eight]
    assert rouge_scorer._score_lcs(base.split(), seven.split()).fmeasure == 0.7
    assert self_instruct(texts, [], 0.7) == [0, 1]
    assert rougekit.dedup(texts, 0.7).tolist() == [0, 1]
    f = rouge_scorer._score_lcs(base.split(), eight.split()).fmeasure
    assert rougekit.dedup(texts, f).tolist() == [0, 1, 2]  # F == threshold: kept
    assert rougekit.dedup(texts, np.nextafter(f, 0)).tolist() == [0, 1]


words = st.sampled_from(["a", "b", "c", "d", "e", "the", "write", "!"])
text = st.lists(words, max_size=9).map(" ".join)


@given(
    st.lists(text, max_size=25),
    st.lists(text, max_size=3),
    st.sampled_from([0.7, 0.5, 0.0, 1.0, -0.1, 2 / 3, 0.8]),
)
def test_hypothesis(texts: list[str], against: list[str], threshold: float) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rougekit.NoTokensWarning)  # "!" has no token
        got = rougekit.dedup(texts, threshold, against=against)
    assert got.tolist() == self_instruct(texts, against, threshold)


def test_bad_inputs() -> None:
    with pytest.raises(ValueError, match="compares rougeL"):
        rougekit.dedup(["a"], type="rouge1")
    with pytest.raises(ValueError, match="NaN"):
        rougekit.dedup(["a"], float("nan"))
    with pytest.raises(TypeError, match="threshold must be a number"):
        rougekit.dedup(["a"], "0.7")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"texts\[1\] must be str"):
        rougekit.dedup(["a", None])  # type: ignore[list-item]
    assert rougekit.dedup([]).tolist() == []
    with pytest.warns(rougekit.NoTokensWarning, match="2 of 2 texts"):
        assert rougekit.dedup(["今天", "今天"]).tolist() == [0, 1]


def test_progress_reports_reach_every_text() -> None:
    import rougekit._core as _core
    from rougekit.pairs import setup

    texts = [f"w{i % 97} w{i % 89} x{i % 5}" for i in range(2500)]  # three blocks
    seen: list[int] = []
    engine = setup("rougeL", None, None, 2, {}).engine
    kept, _, _ = _core.dedup(engine, texts, [], 0.7, False, seen.append)
    assert seen and seen[-1] == 2500 and seen == sorted(seen)
    assert [i for i, k in enumerate(kept) if k] == rougekit.dedup(texts).tolist()
    assert rougekit.dedup(texts, progress=True).tolist() == rougekit.dedup(texts).tolist()
