"""``rougekit.integrations.torchmetrics.ROUGEScore`` against torchmetrics' own
``torchmetrics.text.ROUGEScore``, on real corpora from ``../shared/data``: the same output
keys; per pair, the same float32 numbers (``accumulate="best"`` exactly, ``"avg"`` within
torch's float32 mean rounding); and under DDP (2 gloo processes on CPU) the synced sums
equal one process's.

torchmetrics splits rougeLsum's sentences with NLTK's Punkt model, whose data cannot be
downloaded offline: the per-pair tests patch torchmetrics' splitter to newlines (and to
rougekit's rules-v1) and give ours the same splitter; the Punkt test runs where the model
is installed.
"""

from __future__ import annotations

import os
import struct
import tempfile
from pathlib import Path
from typing import Any

import pytest
from conftest import SHARED_DATA, load_corpus, require_shared

torch = pytest.importorskip("torch", reason="torch is not installed (CI installs it: .ci/run)")
tm_text = pytest.importorskip("torchmetrics.text", reason="torchmetrics is not installed")
tm_rouge = pytest.importorskip("torchmetrics.functional.text.rouge")

from rougekit import sentences  # noqa: E402
from rougekit.integrations.torchmetrics import ROUGEScore  # noqa: E402

FIELDS = ("fmeasure", "precision", "recall")
ALL_KEYS = ("rouge1", "rouge2", "rougeL", "rougeLsum")


def newline_split(text: str) -> list[str]:
    return text.split("\n")


def corpus(name: str, limit: int | None = None) -> tuple[list[str], list[list[str]]]:
    require_shared()
    rows = load_corpus(SHARED_DATA / name)[:limit]
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


def test_avg_within_float32_rounding_of_torchmetrics(monkeypatch: pytest.MonkeyPatch) -> None:
    """``avg``: torchmetrics averages k float32 scores in float32 (its last bits depend on
    torch's CPU reduction kernel); ours is the float64 mean, rounded once. Each of the k
    roundings to float32 and k - 1 float32 additions of positive numbers moves the sum by
    at most half an ulp of it, the division by half an ulp: at most 2k + 1 ulps apart
    (measured at most 3 on 400 SummEval pairs, k = 11)."""
    monkeypatch.setattr(tm_rouge, "_split_sentence", sentences.split)
    preds, refs = corpus("summeval-cnndm/summeval.jsonl", 200)
    bound = 2 * max(len(r) for r in refs) + 1
    theirs = theirs_per_pair(preds, refs, accumulate="avg")
    ours = ours_per_pair(preds, refs, accumulate="avg", sentence_splitter="rules-v1")
    assert not mismatches(ours, theirs, ulps=bound)
    # Not the best-f rule: a mean of 11 references is far from any single one.
    best = ours_per_pair(preds, refs, sentence_splitter="rules-v1")
    assert len(mismatches(best, theirs, ulps=bound)) > len(preds)


def _punkt_installed() -> bool:
    import nltk

    try:
        nltk.data.find("tokenizers/punkt_tab")
    except LookupError:
        return False
    return True


@pytest.mark.skipif(
    not _punkt_installed(),
    reason="NLTK's punkt_tab model is not installed (offline); torchmetrics' own rougeLsum "
    "needs it",
)
def test_punkt_sentences_equal_torchmetrics() -> None:
    preds, refs = corpus("realsumm-cnndm/realsumm.jsonl", 300)
    theirs = theirs_per_pair(preds, refs, use_stemmer=True)
    ours = ours_per_pair(preds, refs, use_stemmer=True)
    assert not mismatches(ours, theirs)
    assert "split:nltk-punkt-" in str(ROUGEScore().signature())


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


def test_accumulated_means_and_reset() -> None:
    preds, refs = corpus("realsumm-cnndm/realsumm.jsonl", 300)
    metric = ROUGEScore(rouge_keys=("rouge1", "rougeL"), threads=1)
    for start in range(0, 300, 64):
        metric.update(preds[start : start + 64], refs[start : start + 64])
    import rougekit as rk

    whole = rk.RougeScorer(("rouge1", "rougeL"), multiref="best-f-float32").corpus(preds, refs)
    out = metric.compute()
    assert int(metric.n_pairs) == 300
    for t in ("rouge1", "rougeL"):
        for f in FIELDS:
            assert float(out[f"{t}_{f}"]) == float(torch.tensor(getattr(whole[t], f)).float())
    metric.reset()
    assert int(metric.n_pairs) == 0
    with pytest.warns(UserWarning, match="compute"):
        assert torch.isnan(metric.compute()["rouge1_fmeasure"])


def test_bad_inputs_are_clear_errors() -> None:
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
    if not _punkt_installed():
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
    assert "mref:mean" in str(ROUGEScore(rouge_keys="rouge1", accumulate="avg").signature())
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
        local = {k: v.clone() for k, v in metric.metric_state.items()}
        means = metric.compute()  # syncs (sum all-reduce) then restores the local state
        metric.sync()
        synced = {k: v.clone() for k, v in metric.metric_state.items()}
        metric.unsync()
        torch.save({"local": local, "synced": synced, "means": means}, Path(out_dir) / f"{rank}.pt")
    finally:
        dist.destroy_process_group()


def test_ddp_sums_equal_one_process() -> None:
    require_shared()
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
    single = one.metric_state
    means = one.compute()
    assert [int(r["local"]["n_pairs"]) for r in ranks] == [600, 600]
    for r in ranks:
        assert r["synced"]["n_pairs"] == single["n_pairs"] == DDP_PAIRS
        for key, total in single.items():
            # The synced sum is rank 0's + rank 1's: one float64 addition.
            assert r["synced"][key] == ranks[0]["local"][key] + ranks[1]["local"][key]
            # Equal to one process's up to float64 rounding of the addition order.
            assert abs(float(r["synced"][key]) - float(total)) <= 1e-15 * max(float(total), 1.0)
        assert {k: float(v) for k, v in r["means"].items()} == {
            k: float(v) for k, v in means.items()
        }
        assert all(v.dtype == torch.float32 for v in r["means"].values())
