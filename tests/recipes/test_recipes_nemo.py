"""NeMo's validation ROUGE (NVIDIA/NeMo at 8cfedd7) against torchmetrics' real
``ROUGEScore()``, driven as ``megatron_gpt_sft_model.py`` drives it: ``metric()`` with its
defaults (line 200), one ``metric_fn(pred, label)`` call per pair (line 678), then
``compute()`` and the ``fmeasure`` keys' ``.item()`` (lines 680-687). NLTK's Punkt loads the
shipped punkt_tab models (``punkt_oracle``), which is what torchmetrics' rougeLsum runs once
``punkt_tab`` is installed. Data: every fourth of SummEval's CNN/DM outputs against its
first reference, 50 of them against all 11 references (a list label: torchmetrics' best F
per type), 400 XSum hallucination outputs with their sentences on one line, edge cases."""

from __future__ import annotations

from typing import Any

import pytest
import rougekit.recipes as recipes
from conftest import SHIPPED, read_jsonl
from punkt_oracle import nltk_punkt  # noqa: F401 (a fixture)

NAME = "nemo-8cfedd7:rouge_score_torchmetrics"
KEYS = ["rouge1_fmeasure", "rouge2_fmeasure", "rougeL_fmeasure", "rougeLsum_fmeasure"]


def _pairs() -> tuple[list[str], list[Any]]:
    preds: list[str] = []
    labels: list[Any] = []
    summeval = read_jsonl(SHIPPED / "summeval-cnndm" / "summeval.jsonl.xz")
    for k, row in enumerate(summeval[::4]):  # torchmetrics' pure-Python LCS is slow
        preds.append(row["prediction"])
        labels.append(row["references"] if k % 8 == 0 else row["references"][0])
    for row in read_jsonl(SHIPPED / "xsum-hallucination-annotations" / "xsum.jsonl.xz")[:400]:
        preds.append(" ".join(row["prediction"].split("\n")))
        labels.append(" ".join(row["references"][0].split("\n")))
    preds += ["", "  Dr. Smith arrived at 5 p.m. on Jan. 3. He left.  ", "U.S. forces... left.",
              "\n", "It rained. \"Why?\" he asked.", "<n> a <n> b", "same", "x"]  # fmt: skip
    labels += ["a b", "Dr. Smith arrived. He left at 5 p.m.", "The U.S. left.", "x",
               "It rained. Nobody knew why.", "a b", ["same", "same"],
               ["y", "x", "x y"]]  # fmt: skip
    return preds, labels


@pytest.mark.slow
@pytest.mark.usefixtures("nltk_punkt")
def test_nemo_rouge_score_torchmetrics() -> None:
    pytest.importorskip("torch")
    text = pytest.importorskip("torchmetrics.text")
    preds, labels = _pairs()
    metric_fn = text.ROUGEScore()
    for pred, label in zip(preds, labels):
        _ = metric_fn(pred, label)
    per_sample = {k: [float(v) for v in getattr(metric_fn, k)] for k in KEYS}
    want = {k: v.item() for k, v in metric_fn.compute().items() if "fmeasure" in k}
    recipe = recipes.get(NAME)
    got = recipe.per_sample(preds, labels)
    assert len(got) == len(per_sample[KEYS[0]]) == len(preds)
    bad = [(i, k) for i, row in enumerate(got) for k in KEYS if row[k] != per_sample[k][i]]
    assert not bad, f"{len(bad)} values differ, first {bad[0]}"
    assert recipe.compute(preds, labels) == want
    print({NAME: len(KEYS) * len(got) + len(want)})


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
def test_nemo_rouge_score_torchmetrics_is_float32() -> None:
    pytest.importorskip("torch")
    recipe = recipes.get(NAME)
    (row,) = recipe.per_sample(["a b c"], ["a b c d e f g"])
    assert row["rouge1_fmeasure"] == 0.6000000238418579  # float32(0.6), not 0.6
    assert recipe.compute(["a b c"], ["a b c d e f g"])["rouge1_fmeasure"] == row["rouge1_fmeasure"]
    with pytest.raises(ValueError, match="nothing to aggregate"):
        recipe.compute([], [])
