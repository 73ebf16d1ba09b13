"""``rougekit.integrations.torchmetrics.ROUGEScore`` against torchmetrics' own
``torchmetrics.text.ROUGEScore``, on real corpora from ``../shared/data``: the same output
keys; per pair, the same float32 numbers (``accumulate="best"`` and ``"avg"``, bit for bit);
and under DDP (2 gloo processes on CPU) the synced sums
equal one process's.

torchmetrics splits rougeLsum's sentences with NLTK's Punkt model, whose data cannot be
downloaded offline: the per-pair tests patch torchmetrics' splitter to newlines (and to
rougekit's rules-v1) and give ours the same splitter; the Punkt test runs where the model
is installed.
"""

from __future__ import annotations

import os
import re
import struct
import tempfile
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import named_corpus

torch = pytest.importorskip("torch", reason="torch is not installed (CI installs it: .ci/run)")
tm_text = pytest.importorskip("torchmetrics.text", reason="torchmetrics is not installed")
tm_rouge = pytest.importorskip("torchmetrics.functional.text.rouge")

import rougekit as rk  # noqa: E402
from rougekit import sentences  # noqa: E402
from rougekit.integrations.torchmetrics import (  # noqa: E402
    BATCHED_MEAN_MAX_REFS,
    SCALE,
    ROUGEScore,
    exact_sum,
    float32_means,
    from_limbs,
    to_limbs,
)

FIELDS = ("fmeasure", "precision", "recall")
ALL_KEYS = ("rouge1", "rouge2", "rougeL", "rougeLsum")


def newline_split(text: str) -> list[str]:
    return text.split("\n")


def corpus(name: str, limit: int | None = None) -> tuple[list[str], list[list[str]]]:
    rows = named_corpus(name)[:limit]
    return [r["prediction"] for r in rows], [r["references"] for r in rows]


def theirs_per_pair(
    preds: list[str], refs: list[list[str]], **options: Any
) -> dict[str, list[float]]:
    """torchmetrics' per-pair float32 scores: its metric keeps them as list states."""
    metric = tm_text.ROUGEScore(**options)
    metric.update(preds, refs)
    keys = [f"{k}_{f}" for k in metric.rouge_keys for f in FIELDS]
    return {key: [float(v) for v in getattr(metric, key)] for key in keys}


def ours_per_pair(
    preds: list[str], refs: list[list[str]], **options: Any
) -> dict[str, list[float]]:
    """Ours per pair through the public path: ``forward`` on one pair returns that pair's
    scores (the mean of one), as float32."""
    metric = ROUGEScore(threads=1, **options)
    out: dict[str, list[float]] = {}
    for pred, pair_refs in zip(preds, refs):
        for key, value in metric(pred, [pair_refs]).items():
            assert value.dtype == torch.float32
            out.setdefault(key, []).append(float(value))
    return out


def mismatches(
    ours: dict[str, list[float]], theirs: dict[str, list[float]], ulps: int = 0
) -> list[str]:
    assert list(ours) == list(theirs)
    bad = []
    for key in theirs:
        assert len(ours[key]) == len(theirs[key])
        for i, (a, b) in enumerate(zip(ours[key], theirs[key])):
            if ulp_distance(a, b) > ulps:
                bad.append(f"pair {i} {key}: ours {a!r}, torchmetrics {b!r}")
    return bad


def ulp_distance(a: float, b: float) -> int:
    """Distance between two float32 values in units in the last place (both >= 0)."""
    ia, ib = (struct.unpack("<i", struct.pack("<f", x))[0] for x in (a, b))
    return abs(ia - ib)


@pytest.fixture
def newline_sentences(monkeypatch: pytest.MonkeyPatch) -> None:
    """torchmetrics' rougeLsum sentences from newlines (its Punkt model is not installed)."""
    monkeypatch.setattr(tm_rouge, "_split_sentence", newline_split)


# -- per-pair parity -------------------------------------------------------------------------


#: (corpus, pairs, stemmer, rougeLsum's sentences). SummEval and RealSumm texts are one line
#: each: rougekit's rules-v1 splitter (given to both) makes their rougeLsum differ from
#: rougeL; pointer-gen-cov has one sentence per line.
PARITY = [
    ("xsum-hallucination-annotations/xsum.jsonl", None, True, "newline"),  # 2,000, 1 ref
    ("cnndm-pointer-generator/pointer-gen-cov.jsonl", 1500, False, "newline"),
    ("realsumm-cnndm/realsumm.jsonl", 400, True, "rules-v1"),
    ("summeval-cnndm/summeval.jsonl", 250, True, "rules-v1"),  # 11 refs
]


@pytest.mark.parametrize(("name", "limit", "stem", "splitter"), PARITY)
def test_best_equals_torchmetrics_per_pair(
    monkeypatch: pytest.MonkeyPatch, name: str, limit: int | None, stem: bool, splitter: str
) -> None:
    split = newline_split if splitter == "newline" else sentences.split
    monkeypatch.setattr(tm_rouge, "_split_sentence", split)
    preds, refs = corpus(name, limit)
    theirs = theirs_per_pair(preds, refs, use_stemmer=stem)
    ours = ours_per_pair(preds, refs, use_stemmer=stem, sentence_splitter=splitter)
    bad = mismatches(ours, theirs)
    assert not bad, f"{len(bad)} of {len(preds) * 12} values differ:\n" + "\n".join(bad[:8])
    if name.startswith("xsum"):  # one sentence per text: rougeLsum is rougeL
        assert theirs["rougeLsum_fmeasure"] == theirs["rougeL_fmeasure"]
    else:  # the sentences were used
        assert theirs["rougeLsum_fmeasure"] != theirs["rougeL_fmeasure"]


def test_best_f_float32_is_needed_on_summeval(newline_sentences: None) -> None:
    """The pairs where rouge-score's best-f (float64 comparison) picks another reference
    than torchmetrics: best-f-float32 gives torchmetrics' P and R there."""
    preds, refs = corpus("summeval-cnndm/summeval.jsonl", 500)
    keys = ("rouge2", "rougeL")
    theirs = theirs_per_pair(preds, refs, use_stemmer=True, rouge_keys=keys)
    f64 = ours_per_pair(preds, refs, use_stemmer=True, rouge_keys=keys, multiref="best-f")
    assert mismatches(f64, theirs), "no float64-only tie in these pairs: pick other pairs"
    ours = ours_per_pair(preds, refs, use_stemmer=True, rouge_keys=keys)
    assert not mismatches(ours, theirs)


#: (corpus, pairs, reference counts): ``"all"`` keeps every reference; ``"1-11"`` keeps the
#: first i % 11 + 1 of pair i's (pairs with 1 to 11 references side by side in one batch).
AVG_PARITY = [
    ("summeval-cnndm/summeval.jsonl", None, "all"),  # 1,600 pairs, 11 references
    ("summeval-cnndm/summeval.jsonl", 800, "1-11"),
    ("rouge155-sample-test/ROUGE-test.jsonl", None, "all"),  # 200 pairs, 4 references
    ("duc2004-task2-pyrouge-tests/summaries_1.jsonl", None, "all"),  # 50 long pairs, 4
]


@pytest.mark.parametrize(("name", "limit", "refs_kept"), AVG_PARITY)
def test_avg_equals_torchmetrics_per_pair(
    monkeypatch: pytest.MonkeyPatch, name: str, limit: int | None, refs_kept: str
) -> None:
    """``avg``: torchmetrics averages each pair's float32 per-reference scores with
    ``torch.tensor(scores).mean()``; ours, per-reference float64 scores from the core rounded
    to float32 and averaged by torch, equals it bit for bit. rougekit's float64 mean
    (``multiref="mean"``) does not: the float32 path is what makes them equal."""
    monkeypatch.setattr(tm_rouge, "_split_sentence", sentences.split)
    preds, refs = corpus(name, limit)
    if refs_kept == "1-11":
        refs = [r[: i % 11 + 1] for i, r in enumerate(refs)]
        assert {len(r) for r in refs} == set(range(1, 12))
    theirs = theirs_per_pair(preds, refs, accumulate="avg", use_stemmer=True)
    options = {"use_stemmer": True, "sentence_splitter": "rules-v1"}
    ours = ours_per_pair(preds, refs, accumulate="avg", **options)
    bad = mismatches(ours, theirs)
    assert not bad, f"{len(bad)} of {len(preds) * 12} values differ:\n" + "\n".join(bad[:8])
    float64_mean = ours_per_pair(preds, refs, multiref="mean", **options)
    assert len(mismatches(float64_mean, theirs)) > len(preds) // 4
    assert not mismatches(float64_mean, theirs, ulps=2 * max(len(r) for r in refs) + 1)


def test_avg_with_user_tokenizer_equals_torchmetrics(newline_sentences: None) -> None:
    """The callables' path scores each reference alone too (tokens interned per pair)."""
    preds, refs = corpus("summeval-cnndm/summeval.jsonl", 120)
    options = {"accumulate": "avg", "normalizer": str.lower, "tokenizer": str.split}
    theirs = theirs_per_pair(preds, refs, use_stemmer=True, **options)
    ours = ours_per_pair(preds, refs, use_stemmer=True, sentence_splitter="newline", **options)
    assert not mismatches(ours, theirs)
    float64_mean = ours_per_pair(
        preds, refs, multiref="mean", use_stemmer=True, sentence_splitter="newline",
        normalizer=str.lower, tokenizer=str.split,
    )  # fmt: skip
    assert mismatches(float64_mean, theirs)


def torch_1d_means(column: Any, counts: list[int]) -> list[float]:
    """torchmetrics' per-pair step: ``torch.tensor([float32 scores]).mean()``."""
    out, start = [], 0
    for k in counts:
        one = torch.tensor([float(v) for v in column[start : start + k]]).mean()
        assert one.dtype == torch.float32
        out.append(float(one))
        start += k
    return out


def test_float32_means_are_torch_1d_means() -> None:
    """The batched means (pairs grouped by reference count, one row per pair and column)
    against one ``torch.tensor(list).mean()`` per pair, as torchmetrics takes them: 1 to 70
    references (above ``BATCHED_MEAN_MAX_REFS``, pairs are averaged one by one), several
    columns at once (as ``update`` passes them) and one pair alone (as ``forward``)."""
    rng = np.random.default_rng(7)
    counts = [int(k) for k in rng.integers(1, 71, size=2000)]
    counts[:3] = [1, BATCHED_MEAN_MAX_REFS, BATCHED_MEAN_MAX_REFS + 1]
    hits = rng.integers(0, 60, size=(3, sum(counts)))
    columns = hits / (hits + rng.integers(1, 80, size=hits.shape))  # score-like float64
    means = float32_means(list(columns), counts)
    assert means.dtype == np.float64 and means.shape == (3, len(counts))
    for c, column in enumerate(columns):
        assert means[c].tolist() == torch_1d_means(column, counts), f"column {c}"
    for k in (3, 11):  # one pair, 12 columns (update's shapes for a single pair)
        one_pair = [rng.random(k) for _ in range(12)]
        assert float32_means(one_pair, [k])[:, 0].tolist() == [
            torch_1d_means(column, [k])[0] for column in one_pair
        ]
    assert float32_means([np.array([])], []).shape == (1, 0)
    with pytest.raises(ValueError, match="add up to 1, the column holds 2"):
        float32_means([[0.5, 0.25]], [1])
    with pytest.raises(ValueError, match=">= 1 reference"):
        float32_means([[0.5]], [1, 0])


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("realsumm-cnndm/realsumm.jsonl", {"use_stemmer": True}),
        ("cnndm-pointer-generator/pointer-gen-cov.jsonl", {"accumulate": "best"}),
        ("duc2004-task2-pyrouge-tests/summaries_1.jsonl", {"accumulate": "avg"}),  # 4 refs
    ],
)
def test_punkt_sentences_equal_torchmetrics(
    trained_punkt: None, name: str, options: dict[str, Any]
) -> None:
    """The default ``sentence_splitter="nltk-punkt"`` path against torchmetrics' own
    ``ROUGEScore``, both splitting with NLTK's real Punkt (:func:`trained_punkt`)."""
    preds, refs = corpus(name, 300)
    theirs = theirs_per_pair(preds, refs, **options)
    ours = ours_per_pair(preds, refs, **options)
    assert not mismatches(ours, theirs)
    # Punkt's sentences are not the lines: splitting at newlines would differ (and warns
    # on corpora without newlines, where rougeLsum then equals rougeL).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rk.NoSentencesWarning)
        lines = ours_per_pair(preds, refs, sentence_splitter="newline", **options)
    assert mismatches(lines, theirs)
    assert "split:nltk-punkt-" in str(ROUGEScore().signature())


def fake_punkt(text: str) -> list[str]:
    """A stand-in for ``nltk.sent_tokenize`` (whose model is not installed offline) with
    Punkt's trait that matters here: a newline does not end a sentence. It breaks after
    . ! ? followed by spaces and a capital, so sentences one per line stay joined."""
    return [s for s in re.split(r"(?<=[.!?]) +(?=[A-Z])", text.strip()) if s]


@pytest.mark.parametrize(
    ("name", "accumulate"),
    [
        ("cnndm-pointer-generator/pointer-gen-cov.jsonl", "best"),
        ("duc2004-task2-pyrouge-tests/summaries_1.jsonl", "avg"),  # 4 references
    ],
)
def test_default_nltk_path_equals_torchmetrics(
    monkeypatch: pytest.MonkeyPatch, name: str, accumulate: str
) -> None:
    """The default ``sentence_splitter="nltk-punkt"`` path with NLTK's functions replaced
    by :func:`fake_punkt` on both sides: sentences that hold a newline stay one sentence
    (ours replaces it by a space before the core, which splits at newlines)."""
    import nltk

    monkeypatch.setattr(nltk.data, "find", lambda resource: resource)
    monkeypatch.setattr(nltk, "sent_tokenize", fake_punkt)
    preds, refs = corpus(name, 300)
    options: dict[str, Any] = {"rouge_keys": ("rougeLsum",), "accumulate": accumulate}
    theirs = theirs_per_pair(preds, refs, **options)
    ours = ours_per_pair(preds, refs, **options)
    assert not mismatches(ours, theirs)
    # The fake's sentences are not the lines: splitting at newlines would differ.
    lines = ours_per_pair(preds, refs, sentence_splitter="newline", **options)
    assert mismatches(lines, theirs)


@pytest.mark.parametrize(
    "options",
    [
        {"tokenizer": str.split},  # default normaliser, tokens split on whitespace
        {"normalizer": str.lower, "use_stemmer": True},  # punctuation kept in tokens
        {"normalizer": str.lower, "tokenizer": str.split, "accumulate": "best"},
    ],
    ids=["tokenizer", "normalizer+stem", "both"],
)
def test_user_normalizer_and_tokenizer_equal_torchmetrics(
    newline_sentences: None, options: dict[str, Any]
) -> None:
    preds, refs = corpus("cnndm-pointer-generator/pointer-gen-cov.jsonl", 150)
    theirs = theirs_per_pair(preds, refs, **options)
    ours = ours_per_pair(preds, refs, sentence_splitter="newline", **options)
    assert not mismatches(ours, theirs)


# -- keys, inputs, errors -----------------------------------------------------------------


@pytest.mark.parametrize(
    "rouge_keys", [ALL_KEYS, ("rouge1", "rouge3", "rougeL"), "rouge2", ("rougeLsum",)]
)
def test_output_keys_and_values_equal_torchmetrics(
    newline_sentences: None, rouge_keys: Any
) -> None:
    pred, target = "My name is John.\nI live here", ["Is your name John?\nI live there"]
    theirs = tm_text.ROUGEScore(rouge_keys=rouge_keys)(pred, target)
    ours = ROUGEScore(rouge_keys=rouge_keys, sentence_splitter="newline")(pred, target)
    assert list(ours) == list(theirs)
    for key in theirs:
        assert ours[key].dtype == theirs[key].dtype == torch.float32
        assert float(ours[key]) == float(theirs[key]), key


def test_input_forms_as_torchmetrics(newline_sentences: None) -> None:
    cases = [
        ("the cat sat", "a cat sat down"),  # one pair
        (["the cat sat", "a dog"], ["a cat sat", "the dog ran"]),  # one reference each
        ("the cat sat", ["a cat", "the cat sat down"]),  # one prediction, two references
        (["the cat sat"], [["a cat", "the cat sat down"]]),  # lists of references
    ]
    for preds, target in cases:
        theirs = tm_text.ROUGEScore(rouge_keys=("rouge1", "rougeL"))(preds, target)
        ours = ROUGEScore(rouge_keys=("rouge1", "rougeL"))(preds, target)
        # A mean over two pairs: torchmetrics' float32 mean of float32 scores is within
        # one float32 rounding of ours (the float64 mean rounded once).
        assert not mismatches(
            {k: [float(v)] for k, v in ours.items()},
            {k: [float(v)] for k, v in theirs.items()},
            ulps=1,
        )


def test_exact_sums() -> None:
    rng = np.random.default_rng(0)
    values = rng.random(5000)
    values[:4] = [0.0, 1.0, 5e-320, 2.0**-1074]  # zero, one, subnormals
    total = exact_sum(values)
    assert Fraction(total, 2**SCALE) == sum(Fraction(float(v)) for v in values)
    assert from_limbs(to_limbs(total)) == total
    # Limbs added elementwise (an all-reduce "sum") hold the sum of the integers.
    halves = [exact_sum(values[:2500]), exact_sum(values[2500:])]
    assert from_limbs(to_limbs(halves[0]) + to_limbs(halves[1])) == total
    with pytest.raises(ValueError, match="finite and non-negative"):
        exact_sum([0.5, float("nan")])


def test_means_are_exact_whatever_the_batching() -> None:
    preds, refs = corpus("realsumm-cnndm/realsumm.jsonl", 300)
    keys = ("rouge1", "rougeL")
    batch = rk.RougeScorer(keys, multiref="best-f-float32").score_batch(preds, refs)
    metrics = []
    for size in (300, 64, 7):
        metric = ROUGEScore(rouge_keys=keys, threads=1)
        for start in range(0, 300, size):
            metric.update(preds[start : start + size], refs[start : start + size])
        metrics.append(metric)
    assert metrics[0].sums() == metrics[1].sums() == metrics[2].sums()
    out = metrics[1].compute()
    assert int(metrics[1].n_pairs) == 300
    for t in keys:
        for f in FIELDS:
            # The exact mean of the per-pair float64 scores, rounded once.
            exact = sum(Fraction(float(v)) for v in getattr(batch, f)(t)) / 300
            assert metrics[1].means()[f"{t}_{f}"] == float(exact)
            assert float(out[f"{t}_{f}"]) == float(torch.tensor(float(exact)).float())
    metric = metrics[1]
    metric.reset()
    assert int(metric.n_pairs) == 0
    with pytest.warns(UserWarning, match="compute"):
        assert torch.isnan(metric.compute()["rouge1_fmeasure"])
    # set_dtype: the output's dtype; the integer sums stay.
    metrics[2].set_dtype(torch.float64)
    assert metrics[2].sums() == metrics[0].sums()
    out64 = metrics[2].compute()
    assert all(v.dtype == torch.float64 for v in out64.values())
    assert {k: float(v) for k, v in out64.items()} == metrics[2].means()


def test_bad_inputs_are_clear_errors(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    metric = ROUGEScore(rouge_keys="rouge1")
    with pytest.raises(ValueError, match="differ in length"):
        metric.update(["a", "b"], [["a"]])
    with pytest.raises(TypeError, match=r"preds\[0\] must be str"):
        metric.update([3], ["a"])
    with pytest.raises(ValueError, match="accumulate"):
        ROUGEScore(accumulate="max")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sentence_splitter"):
        ROUGEScore(sentence_splitter="spacy")
    with pytest.raises(ValueError, match="cannot be combined"):
        ROUGEScore(rouge_keys="rouge1", tokenizer=str.split, profile="unicode-v1")
    with pytest.raises(ValueError, match="text profiles"):
        ROUGEScore(rouge_keys="rouge1", profile="token-ids")
    with pytest.raises(TypeError, match="tokens must be str"):
        ROUGEScore(rouge_keys="rouge1", tokenizer=lambda t: [1, 2]).update("a b", "a b")
    import nltk

    # No model on the data path (an empty root only): the error names the download,
    # whether or not this machine has NLTK's model installed.
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    with pytest.raises(OSError, match="punkt_tab"):
        ROUGEScore()


def test_profiles_and_signature() -> None:
    metric = ROUGEScore(
        rouge_keys=("rouge1", "rougeSU4"), profile="unicode-v1", stemmer="snowball:german"
    )
    out = metric("Die Häuser standen", "Das Haus stand")
    assert set(out) == {f"{t}_{f}" for t in ("rouge1", "rougeSU4") for f in FIELDS}
    text = str(metric.signature())
    assert "profile:unicode-v1" in text and "stem:snowball" in text
    assert "mref:best-f-float32" in text
    avg = str(ROUGEScore(rouge_keys="rouge1", accumulate="avg").signature())
    assert "|mref:mean-float32|" in avg
    assert "|mref:mean|" in str(ROUGEScore(rouge_keys="rouge1", multiref="mean").signature())
    assert "split:rules-v1" in str(ROUGEScore(sentence_splitter="rules-v1").signature())


# -- DDP -------------------------------------------------------------------------------------

DDP_PAIRS = 1200
DDP_DATA = "cnndm-pointer-generator/pointer-gen-cov.jsonl"


def _ddp_worker(rank: int, init_file: str, out_dir: str) -> None:
    import torch.distributed as dist

    dist.init_process_group("gloo", init_method=f"file://{init_file}", rank=rank, world_size=2)
    try:
        preds, refs = corpus(DDP_DATA, DDP_PAIRS)
        metric = ROUGEScore(sentence_splitter="newline", threads=1)
        # Rank r takes every other batch of 50, as a DistributedSampler would stride.
        for start in range(rank * 50, DDP_PAIRS, 100):
            metric.update(preds[start : start + 50], refs[start : start + 50])
        local = (metric.sums(), int(metric.n_pairs))
        means = {k: float(v) for k, v in metric.compute().items()}  # syncs, then unsyncs
        with metric.sync_context():
            synced = (metric.sums(), int(metric.n_pairs), metric.means())
        result = {"local": local, "synced": synced, "means": means}
        torch.save(result, Path(out_dir) / f"{rank}.pt")
    finally:
        dist.destroy_process_group()


def test_ddp_sums_equal_one_process() -> None:
    """2 gloo processes, each with its half of the pairs: after the sync both hold the sums
    of one process over every pair, bit for bit, and compute() gives its means."""
    mp = pytest.importorskip("torch.multiprocessing")
    dist = pytest.importorskip("torch.distributed")
    if not dist.is_available() or not dist.is_gloo_available():
        pytest.skip("this torch build has no gloo backend")
    with tempfile.TemporaryDirectory() as tmp:
        mp.spawn(_ddp_worker, args=(os.path.join(tmp, "init"), tmp), nprocs=2, join=True)
        ranks = [torch.load(Path(tmp) / f"{r}.pt") for r in range(2)]
    preds, refs = corpus(DDP_DATA, DDP_PAIRS)
    one = ROUGEScore(sentence_splitter="newline", threads=1)
    one.update(preds, refs)
    single_sums, single_means = one.sums(), one.means()
    means32 = {k: float(v) for k, v in one.compute().items()}
    assert [r["local"][1] for r in ranks] == [600, 600]
    assert all(r["local"][0] != single_sums for r in ranks)  # halves, not the whole
    for r in ranks:
        sums, n, means = r["synced"]
        assert n == DDP_PAIRS
        assert sums == single_sums
        assert means == single_means
        assert r["means"] == means32
    # The sums are exact: the whole is the sum of the halves.
    for key, total in single_sums.items():
        assert total == ranks[0]["local"][0][key] + ranks[1]["local"][0][key]
