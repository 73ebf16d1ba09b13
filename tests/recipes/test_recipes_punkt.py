"""The recipes that split sentences with NLTK's Punkt first, against the harness code run
with NLTK's own ``sent_tokenize`` (loading the shipped punkt_tab models, ``punkt_oracle``):

* MLPerf inference's llama2-70b ``evaluate-accuracy.py``: ``postprocess_text`` (strip,
  ``"\\n".join(nltk.sent_tokenize(x))``) then evaluate's rouge with ``use_stemmer=True,
  use_aggregator=False`` (rouge-score's ``score`` per pair), ``round(np.mean(v) * 100, 4)``;
  the script needs a model checkpoint and MLPerf's log, so its three steps are written out;
* unitxt 1.26.10's ``Rouge`` metric, called (its ``compute`` per instance, ``nan_mean``).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
import rougekit.recipes as recipes
from conftest import SAMPLE, SHIPPED, read_jsonl
from punkt_oracle import nltk_punkt  # noqa: F401 (a fixture)

rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
nltk = pytest.importorskip("nltk")

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def _texts() -> tuple[list[str], list[list[str]]]:
    """SummEval's CNN/DM outputs and references with their sentences joined on one line
    (what a model prints: Punkt must find the boundaries), the XSum sample, edge cases."""
    rows = read_jsonl(SHIPPED / "summeval-cnndm" / "summeval.jsonl.xz")[:200]
    preds = [" ".join(r["prediction"].split("\n")) for r in rows]
    refs = [[" ".join(x.split("\n")) for x in r["references"][:3]] for r in rows]
    for line in SAMPLE.open(encoding="utf-8"):
        row = json.loads(line)
        preds.append(row["prediction"])
        refs.append(list(row["references"]) if isinstance(row["references"], list)
                    else [row["references"]])  # fmt: skip
    preds += ["", "  Dr. Smith arrived at 5 p.m. on Jan. 3. He left.  ", "U.S. forces... left."]
    refs += [["a b"], ["Dr. Smith arrived. He left at 5 p.m."], ["The U.S. left."]]
    return preds, refs


@pytest.mark.usefixtures("nltk_punkt")
def test_mlperf_llama2_70b() -> None:
    preds, refs = _texts()
    first = [r[0] for r in refs]
    recipe = recipes.get("mlperf-b66003e:llama2-70b")
    p = ["\n".join(nltk.sent_tokenize(x.strip())) for x in preds]
    t = ["\n".join(nltk.sent_tokenize(x.strip())) for x in first]
    scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)
    per = [scorer.score(ref, pred) for ref, pred in zip(t, p)]
    want = [{k: s[k].fmeasure for k in TYPES} for s in per]
    assert recipe.per_sample(preds, first) == want
    corpus = {k: round(np.mean([w[k] for w in want]) * 100, 4) for k in TYPES}
    assert recipe.compute(preds, first) == corpus
    assert "split:punkt" in str(recipe.signature) or "punkt" in str(recipe.signature)


@pytest.mark.usefixtures("nltk_punkt")
def test_unitxt_rouge(monkeypatch: pytest.MonkeyPatch) -> None:
    metrics = pytest.importorskip("unitxt.metrics")
    monkeypatch.setattr(nltk, "download", lambda *a, **k: True)  # the models are local
    metric = metrics.Rouge()
    preds, refs = _texts()
    recipe = recipes.get("unitxt-1.26.10:rouge")
    want: list[dict[str, Any]] = [
        {k: v for k, v in metric.compute(references=r, prediction=p, task_data={}).items()}
        for p, r in zip(preds, refs)
    ]
    assert recipe.per_sample(preds, refs) == want
    corpus = {k: metrics.nan_mean([w[k] for w in want]) for k in TYPES}
    assert recipe.compute(preds, refs) == corpus
