"""``rougekit.compat.scoring.BootstrapAggregator`` vs ``rouge_score.scoring`` (spec §10)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from conftest import data_file, load_corpus
from rouge_score import rouge_scorer as rs_rouge_scorer
from rouge_score import scoring as rs_scoring
from rougekit.compat import rouge_scorer as compat_rouge_scorer
from rougekit.compat import scoring as compat_scoring

# Spec §14 B1/B2 data.
B_PREDICTIONS = [
    "the cat sat on the mat", "a quick brown fox", "hello world",
    "lorem ipsum dolor sit amet", "one two three",
]  # fmt: skip
B_TARGETS = [
    "the cat is on the mat", "the quick brown dog", "hello there world", "lorem dolor sit",
    "four five six",
]  # fmt: skip


def _aggregate(module: Any, scores: list[dict[str, Any]], seed: int, **kwargs: Any) -> Any:
    agg = module.BootstrapAggregator(**kwargs)
    for s in scores:
        agg.add_scores(s)
    np.random.seed(seed)
    return agg.aggregate()


def _assert_same(got: dict[str, Any], want: dict[str, Any], context: str) -> None:
    assert list(got) == list(want), f"{context}: keys {list(got)} != {list(want)}"
    for key in want:
        for bound in ("low", "mid", "high"):
            g, w = getattr(got[key], bound), getattr(want[key], bound)
            assert tuple(g) == tuple(w), f"{context} {key}.{bound}: {tuple(g)} != {tuple(w)}"
            types = {type(v) for v in g}
            assert types == {np.float64}, f"{context} {key}.{bound}: value types {types}"
            assert type(g).__name__ == type(w).__name__ == "Score", (type(g), type(w))
        assert type(got[key]).__name__ == "AggregateScore"


def _pair_scores(module: Any, types: list[str], targets: list[str], preds: list[str], **kw):
    scorer = module.RougeScorer(types, **kw)
    return [scorer.score(t, p) for t, p in zip(targets, preds)]


def test_b1_spec_numbers():
    """B1 exactly as printed in the spec (rouge-score 0.1.2, np.random.seed(0))."""
    scores = _pair_scores(compat_rouge_scorer, ["rouge1", "rougeL"], B_TARGETS, B_PREDICTIONS)
    got = _aggregate(compat_scoring, scores, seed=0)
    r1, rl = got["rouge1"], got["rougeL"]
    assert tuple(r1.low) == (0.2861666666666671, 0.2666666666666667, 0.2665000000000002)
    assert tuple(r1.mid) == (0.5866666666666667, 0.6333333333333333, 0.5866666666666667)
    assert tuple(r1.high) == (0.8533333333333333, 0.8666666666666668, 0.79675)
    assert tuple(rl.low) == (0.2666666666666667,) * 3
    assert tuple(rl.mid) == (0.6, 0.6, 0.5833333333333334)
    assert tuple(rl.high) == (0.8533333333333335, 0.8666666666666668, 0.8033333333333333)


def test_b2_order_of_types_decides_the_stream():
    b1 = _aggregate(
        compat_scoring,
        _pair_scores(compat_rouge_scorer, ["rouge1", "rougeL"], B_TARGETS, B_PREDICTIONS),
        seed=0,
    )
    b2 = _aggregate(
        compat_scoring,
        _pair_scores(compat_rouge_scorer, ["rougeL", "rouge1"], B_TARGETS, B_PREDICTIONS),
        seed=0,
    )
    assert list(b2) == ["rougeL", "rouge1"]
    assert b2["rougeL"] == b1["rouge1"] and b2["rouge1"] == b1["rougeL"]


@pytest.mark.parametrize("types", [["rouge1", "rougeL"], ["rougeL", "rouge1"]])
@pytest.mark.parametrize("seed", [0, 1, 2024])
def test_b_data_vs_rouge_score(types, seed):
    ours = _pair_scores(compat_rouge_scorer, types, B_TARGETS, B_PREDICTIONS)
    theirs = _pair_scores(rs_rouge_scorer, types, B_TARGETS, B_PREDICTIONS)
    _assert_same(
        _aggregate(compat_scoring, ours, seed),
        _aggregate(rs_scoring, theirs, seed),
        f"seed={seed} types={types}",
    )


def _corpus(sample_pairs: list[dict[str, Any]]) -> tuple[list[str], list[str], str]:
    rows = load_corpus(data_file("xsum-hallucination-annotations/xsum.jsonl"))[:500]
    name = "xsum[:500]"
    # an empty prediction and an empty target add rouge-score's int (0, 0, 0) rows
    targets = [r["references"][0] for r in rows] + ["", "some words"]
    preds = [r["prediction"] for r in rows] + ["a prediction", ""]
    return targets, preds, name


TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"confidence_interval": 0.9},
        {"confidence_interval": 0.8, "n_samples": 300},
        {"confidence_interval": 0.99, "n_samples": 200},
        {"confidence_interval": 0.5, "n_samples": 100},
        {"confidence_interval": 0.0, "n_samples": 50},
        {"confidence_interval": 1.0, "n_samples": 50},
        # 100 * (1 - d) != 100 - 100 * d for these two (rouge-score computes the former)
        {"confidence_interval": 0.68},
        {"confidence_interval": 0.1, "n_samples": 500},
    ],
    ids=["default", "ci90", "ci80", "ci99", "ci50", "ci0", "ci100", "ci68", "ci10"],
)
@pytest.mark.parametrize("stemmer", [False, True])
def test_real_corpus_vs_rouge_score(sample_pairs, kwargs, stemmer):
    targets, preds, name = _corpus(sample_pairs)
    ours = _pair_scores(compat_rouge_scorer, TYPES, targets, preds, use_stemmer=stemmer)
    theirs = _pair_scores(rs_rouge_scorer, TYPES, targets, preds, use_stemmer=stemmer)
    assert ours == theirs, "per-pair compat scores differ from rouge-score"
    for seed in (0, 7):
        _assert_same(
            _aggregate(compat_scoring, ours, seed, **kwargs),
            _aggregate(rs_scoring, theirs, seed, **kwargs),
            f"{name} seed={seed} {kwargs}",
        )


def test_aggregate_twice_advances_the_stream_like_rouge_score(sample_pairs):
    targets, preds, _ = _corpus(sample_pairs)
    scores = _pair_scores(compat_rouge_scorer, ["rouge1", "rougeL"], targets[:60], preds[:60])
    aggs = []
    for module in (compat_scoring, rs_scoring):
        agg = module.BootstrapAggregator(n_samples=200)
        for s in scores:
            agg.add_scores(s)
        np.random.seed(3)
        aggs.append((agg.aggregate(), agg.aggregate()))
    (ours1, ours2), (theirs1, theirs2) = aggs
    assert ours1 != ours2, "second aggregate() must consume new random numbers"
    _assert_same(ours1, theirs1, "first call")
    _assert_same(ours2, theirs2, "second call")


def test_keys_differ_between_calls():
    adds = [
        {"a": compat_scoring.Score(0.1, 0.2, 0.3)},
        {"b": compat_scoring.Score(0.5, 0.5, 0.5), "a": compat_scoring.Score(0.3, 0.1, 0.2)},
        {"a": compat_scoring.Score(1.0, 0.0, 0.0)},
    ]
    results = []
    for module in (compat_scoring, rs_scoring):
        agg = module.BootstrapAggregator(n_samples=100)
        for d in adds:
            agg.add_scores({k: module.Score(*v) for k, v in d.items()})
        np.random.seed(5)
        results.append(agg.aggregate())
    _assert_same(results[0], results[1], "ragged keys")


def test_single_sample_low_mid_high_equal():
    agg = compat_scoring.BootstrapAggregator()
    agg.add_scores({"rouge1": compat_scoring.Score(0.25, 0.5, 0.3333333333333333)})
    np.random.seed(0)
    r = agg.aggregate()["rouge1"]
    assert r.low == r.mid == r.high == (0.25, 0.5, 0.3333333333333333)


def test_aggregate_nothing_is_empty_dict():
    assert compat_scoring.BootstrapAggregator().aggregate() == {}
    assert rs_scoring.BootstrapAggregator().aggregate() == {}


@pytest.mark.parametrize(
    "kwargs",
    [
        {"confidence_interval": -0.01},
        {"confidence_interval": 1.01},
        {"confidence_interval": 95},
        {"n_samples": 0},
        {"n_samples": -5},
    ],
)
def test_constructor_errors(kwargs):
    with pytest.raises(ValueError) as want:
        rs_scoring.BootstrapAggregator(**kwargs)
    with pytest.raises(ValueError) as got:
        compat_scoring.BootstrapAggregator(**kwargs)
    assert str(got.value) == str(want.value)


def test_fmeasure_helper():
    for p, r in [(0.6, 0.75), (0.2, 0.2), (0.0, 0.0), (1.0, 0.0), (1 / 3, 2 / 7)]:
        got, want = compat_scoring.fmeasure(p, r), rs_scoring.fmeasure(p, r)
        assert got == want and type(got) is type(want), (p, r, got, want)


# -- the vectorised resampling: same numbers AND the same NumPy random state ------------------


def _state_key(state: tuple[Any, ...]) -> tuple[Any, ...]:
    """``np.random.get_state()`` as comparable values (the key array as a tuple)."""
    name, keys, pos, has_gauss, gauss = state
    return (name, tuple(int(k) for k in keys), pos, has_gauss, gauss)


def _aggregate_with_state(module: Any, scores: list[dict[str, Any]], seed: int, **kw: Any):
    out = _aggregate(module, scores, seed, **kw)
    return out, _state_key(np.random.get_state())


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 17, 64, 502])
def test_rng_state_after_aggregate_equals_rouge_score(sample_pairs, n):
    """n resampled rows x 1000 samples: identical aggregates and identical global RNG state
    afterwards (the number and kind of draws are rouge-score's; n == 1 draws nothing)."""
    targets, preds, _ = _corpus(sample_pairs)
    # the tail holds the int (0, 0, 0) rows of the empty texts
    targets, preds = targets[-n:], preds[-n:]
    ours = _pair_scores(compat_rouge_scorer, TYPES, targets, preds, use_stemmer=True)
    theirs = _pair_scores(rs_rouge_scorer, TYPES, targets, preds, use_stemmer=True)
    for seed in (0, 11):
        got, got_state = _aggregate_with_state(compat_scoring, ours, seed)
        want, want_state = _aggregate_with_state(rs_scoring, theirs, seed)
        _assert_same(got, want, f"n={n} seed={seed}")
        assert got_state == want_state, f"n={n} seed={seed}: NumPy random state differs"
    np.random.seed(0)
    fresh = _state_key(np.random.get_state())
    _aggregate(compat_scoring, ours[:1], seed=0)
    assert _state_key(np.random.get_state()) == fresh, "one score per aggregate draws nothing"


@pytest.mark.parametrize("chunk", [1, 2, 7, 1000])
@pytest.mark.parametrize("n", [1, 3, 10])
def test_chunked_draws_equal_rouge_score(monkeypatch, chunk, n):
    """Small chunks split the resamples over many randint calls (and a chunk smaller than n
    draws one resample per call): the stream and the numbers stay rouge-score's."""
    monkeypatch.setattr(compat_scoring, "_CHUNK", chunk)
    ours = _pair_scores(compat_rouge_scorer, ["rouge1", "rougeL"], B_TARGETS * 2, B_PREDICTIONS * 2)
    theirs = _pair_scores(rs_rouge_scorer, ["rouge1", "rougeL"], B_TARGETS * 2, B_PREDICTIONS * 2)
    for n_samples in (1, 13, 1000):
        got, got_state = _aggregate_with_state(compat_scoring, ours[:n], 5, n_samples=n_samples)
        want, want_state = _aggregate_with_state(rs_scoring, theirs[:n], 5, n_samples=n_samples)
        _assert_same(got, want, f"chunk={chunk} n={n} n_samples={n_samples}")
        assert got_state == want_state


def test_one_score_per_aggregate_many_times(sample_pairs):
    """lm-eval's truthfulqa shape: a new aggregator per single score, called in a row, the
    global RNG never reseeded in between."""
    targets, preds, _ = _corpus(sample_pairs)
    types = ["rouge1", "rouge2", "rougeLsum"]
    results = {}
    for name, scorer_module, module in (
        ("ours", compat_rouge_scorer, compat_scoring),
        ("theirs", rs_rouge_scorer, rs_scoring),
    ):
        scorer = scorer_module.RougeScorer(types)
        np.random.seed(1234)
        out = []
        for t, p in zip(targets[:40], preds[:40]):
            agg = module.BootstrapAggregator()
            agg.add_scores(scorer.score(t, p))
            out.append({k: tuple(v.mid) for k, v in agg.aggregate().items()})
        # a multi-score aggregate after them draws from the stream they left
        agg = module.BootstrapAggregator(n_samples=50)
        for t, p in zip(targets[40:43], preds[40:43]):
            agg.add_scores(scorer.score(t, p))
        out.append({k: tuple(v.mid) for k, v in agg.aggregate().items()})
        results[name] = (out, _state_key(np.random.get_state()))
    assert results["ours"] == results["theirs"]


@pytest.mark.parametrize("rows", [1, 2, 3, 7, 255, 256, 257, 2000, 65537])
@pytest.mark.parametrize("cols", [2, 3, 4, 5])
def test_core_resample_means_are_rouge_scores_loop(rows, cols):
    """The core's draws and means (``numpy_resample_means``) against rouge-score's own loop
    (``np.random.choice(np.arange(n), size=n)``, ``np.mean(matrix[idx, :], axis=0)``): every
    mean equal, and NumPy's RNG left in the same state."""
    import rougekit._core as core

    matrix = np.random.default_rng(rows * cols).random((rows, cols))
    samples = 40 if rows > 5000 else 200
    np.random.seed(rows + cols)
    want = np.array([np.mean(matrix[np.random.choice(np.arange(rows), size=rows), :], axis=0)
                     for _ in range(samples)])  # fmt: skip
    after = np.random.get_state()
    np.random.seed(rows + cols)
    _, key, pos, _, _ = np.random.get_state()
    means, key, pos = core.numpy_resample_means(
        key.tolist(), int(pos), matrix.ravel().tolist(), rows, cols, samples
    )
    assert np.array_equal(np.array(means).reshape(samples, cols), want)
    assert key == after[1].tolist() and pos == after[2]


ONE_COLUMN_ROWS = [*range(1, 40), 63, 64, 65, 127, 128, 129, 130, 135, 136, 137, 255, 256, 257,
                   263, 264, 1000, 1023, 2000, 4097, 8191, 8192, 8193, 11490, 65537]  # fmt: skip


@pytest.mark.parametrize("rows", ONE_COLUMN_ROWS)
def test_core_one_column_means_are_numpys_pairwise_sums(rows):
    """One column (jury's and lm-eval's bootstrap over one score per sample): NumPy sums it
    pairwise (blocks of 8 accumulators, halves above 128 values), and the core's means equal
    rouge-score's loop and the chunked ``np.mean(m[rows, :], axis=1)`` bit for bit, on
    every size around the block and recursion edges; the RNG is left as NumPy leaves it."""
    import rougekit._core as core

    gen = np.random.default_rng(rows)
    # values of very different magnitudes, so that another order of additions shows
    matrix = (gen.random((rows, 1)) * 10.0 ** gen.integers(-8, 8, (rows, 1))).astype(np.float64)
    samples = 20 if rows > 5000 else 100
    np.random.seed(rows)
    want = np.array([np.mean(matrix[np.random.choice(np.arange(rows), size=rows), :], axis=0)
                     for _ in range(samples)])  # fmt: skip
    after = np.random.get_state()
    np.random.seed(rows)
    chunked = np.mean(matrix[np.random.randint(0, rows, size=(samples, rows)), :], axis=1)
    assert np.array_equal(chunked, want)
    np.random.seed(rows)
    _, key, pos, _, _ = np.random.get_state()
    means, key, pos = core.numpy_resample_means(
        key.tolist(), int(pos), matrix.ravel().tolist(), rows, 1, samples
    )
    got = np.array(means).reshape(samples, 1)
    assert np.array_equal(got, want), f"{int(np.sum(got != want))} of {samples} means differ"
    assert key == after[1].tolist() and pos == after[2]
