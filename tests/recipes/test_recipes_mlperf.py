"""MLPerf inference's ROUGE (mlcommons/inference at b66003e) against the composition its
scripts run, each step the real one: NLTK's ``sent_tokenize`` (the shipped punkt_tab
models, ``punkt_oracle``), evaluate's rouge script (OpenCompass's copy of it, loaded with
``evaluate.load``) and rouge-score. The scripts themselves need a model checkpoint, a
tokenizer download and MLPerf's accuracy log, so their metric lines are written out:

* ``language/gpt-j/evaluation.py`` and ``language/llama3.1-8b/evaluation.py``: strip,
  ``"\\n".join(nltk.sent_tokenize(x))``, ``metric.compute(..., use_stemmer=True,
  use_aggregator=False)``, ``f"{round(np.mean(v) * 100, 4)}"``;
* ``language/mixtral-8x7b/evaluate-accuracy.py`` (its OpenOrca samples): the same with
  ``float(round(np.mean(v) * 100, 4))``;
* ``language/llama3.1-405b/evaluate-accuracy.py``: ``RougeScorer(['rougeL'],
  use_stemmer=True)``, ``100 * fmeasure`` per sample (``rouge``), rows of a mixed-metric
  dataset, ``df.accuracy.apply(pd.Series).describe().loc["mean"]``.

Data: SummEval's CNN/DM outputs and the XSum hallucination outputs with their sentences on
one line (as a model prints them: Punkt must find the boundaries), edge cases, and the
shared CNN/DM pointer-generator outputs when present.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
import rougekit.recipes as recipes
from conftest import SHIPPED, read_jsonl, shared_file
from punkt_oracle import nltk_punkt  # noqa: F401 (a fixture)

rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
nltk = pytest.importorskip("nltk")

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
COUNTS: dict[str, int] = {}


def _one_line(text: str) -> str:
    return " ".join(text.split("\n"))


def _texts() -> tuple[list[str], list[str]]:
    preds: list[str] = []
    refs: list[str] = []
    for corpus in ("summeval-cnndm/summeval.jsonl.xz",
                   "xsum-hallucination-annotations/xsum.jsonl.xz"):  # fmt: skip
        for row in read_jsonl(SHIPPED / corpus):
            preds.append(_one_line(row["prediction"]))
            refs.append(_one_line(row["references"][0]))
    shared = shared_file("cnndm-pointer-generator/pointer-gen-cov.jsonl")
    if shared is not None:
        for row in read_jsonl(shared)[:1500]:
            preds.append(_one_line(row["prediction"]))
            refs.append(_one_line(row["references"][0]))
    preds += ["", "  Dr. Smith arrived at 5 p.m. on Jan. 3. He left.  ", "U.S. forces... left.",
              "\n", "It rained. \"Why?\" he asked. (No one knew.) Then -- nothing."]  # fmt: skip
    refs += ["a b", "Dr. Smith arrived. He left at 5 p.m.", "The U.S. left.", "x",
             "It rained. Nobody knew why. Nothing happened."]  # fmt: skip
    return preds, refs


@pytest.fixture(scope="module")
def rouge_metric() -> Any:
    """evaluate's rouge script as ``evaluate.load("rouge")`` gives it (OpenCompass ships a
    copy of the script: no Hub download)."""
    evaluate = pytest.importorskip("evaluate")
    oc = pytest.importorskip("opencompass")
    script = Path(oc.__file__).parent / "openicl" / "icl_evaluator" / "hf_metrics" / "rouge.py"
    if not script.exists():
        pytest.skip("OpenCompass's hf_metrics/rouge.py is not installed")
    return evaluate.load(str(script))


@pytest.fixture(scope="module")
def mlperf_scores(rouge_metric: Any, nltk_punkt: None) -> Any:  # noqa: F811
    """The texts and evaluate's per-sample lists after MLPerf's ``postprocess_text`` (the
    same for the four scripts: computed once)."""
    preds, refs = _texts()
    p, t = _postprocess_text(preds, refs)
    result = rouge_metric.compute(
        predictions=p, references=t, use_stemmer=True, use_aggregator=False
    )
    return preds, refs, result


def _postprocess_text(preds: list[str], targets: list[str]) -> tuple[list[str], list[str]]:
    """MLPerf's ``postprocess_text`` (the same in all four scripts)."""
    preds = [pred.strip() for pred in preds]
    targets = [target.strip() for target in targets]
    preds = ["\n".join(nltk.sent_tokenize(pred)) for pred in preds]
    targets = ["\n".join(nltk.sent_tokenize(target)) for target in targets]
    return preds, targets


def _count(name: str, n: int) -> None:
    COUNTS[name] = COUNTS.get(name, 0) + n


@pytest.mark.usefixtures("nltk_punkt")
@pytest.mark.parametrize(
    "name", ["mlperf-b66003e:gpt-j", "mlperf-b66003e:llama3.1-8b", "mlperf-b66003e:mixtral-8x7b",
             "mlperf-b66003e:llama2-70b"],
)  # fmt: skip
def test_mlperf_punkt_recipes(name: str, mlperf_scores: Any) -> None:
    preds, refs, result = mlperf_scores
    recipe = recipes.get(name)
    want = [{k: result[k][i] for k in TYPES} for i in range(len(preds))]
    got = recipe.per_sample(preds, refs)
    bad = [i for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert not bad, f"{len(bad)} samples differ, first {bad[0]}: {got[bad[0]]} {want[bad[0]]}"
    corpus = recipe.compute(preds, refs)
    if name.endswith(("gpt-j", "llama3.1-8b")):  # printed as f"{...}"
        printed = {k: f"{round(np.mean(v) * 100, 4)}" for k, v in result.items()}
        assert {k: f"{v}" for k, v in corpus.items()} == printed
    elif name.endswith("mixtral-8x7b"):
        assert corpus == {k: float(round(np.mean(v) * 100, 4)) for k, v in result.items()}
    else:
        assert corpus == {k: round(np.mean(v) * 100, 4) for k, v in result.items()}
    _count(name, 4 * len(want) + 4)


@pytest.mark.usefixtures("nltk_punkt")
def test_mlperf_llama31_405b() -> None:
    pd = pytest.importorskip("pandas")
    preds, refs = _texts()
    recipe = recipes.get("mlperf-b66003e:llama3.1-405b")
    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=True)

    def rouge(label: str, pred: str) -> dict[str, float]:
        return {"rougeL": 100 * scorer.score(label, pred)["rougeL"].fmeasure}

    p, t = _postprocess_text(preds, refs)
    # A mixed dataset as the 405b one: every third row another metric (its own score).
    metric = ["rouge" if i % 3 else ("niah_em", "qa_em")[i % 2] for i in range(len(preds))]
    accuracies = [rouge(b, a) if m == "rouge" else {"exact_match": 100.0}
                  for a, b, m in zip(p, t, metric)]  # fmt: skip
    df = pd.DataFrame({"accuracy": accuracies, "metric": metric})
    want = df.accuracy.apply(pd.Series).describe().loc["mean"].to_dict()
    got = recipe.compute(preds, refs, metric=metric)
    assert got == {"rougeL": want["rougeL"]}
    per = recipe.per_sample(preds, refs, metric=metric)
    column = df.accuracy.apply(pd.Series)["rougeL"].tolist()
    assert [r["rougeL"] for r in per] == pytest.approx(column, rel=0, abs=0, nan_ok=True)
    assert all(r["rougeL"] == c for r, c in zip(per, column) if c == c)
    # Every row a ROUGE row (the summarisation-only case): pandas' mean of the column.
    accuracies = [rouge(b, a) for a, b in zip(p, t)]
    df = pd.DataFrame({"accuracy": accuracies, "metric": ["rouge"] * len(p)})
    want = df.accuracy.apply(pd.Series).describe().loc["mean"].to_dict()
    assert recipe.compute(preds, refs) == want
    assert [r["rougeL"] for r in recipe.per_sample(preds, refs)] == [
        a["rougeL"] for a in accuracies
    ]
    _count(recipe.name, sum(m == "rouge" for m in metric) + 1 + len(p) + 1)
    with pytest.raises(ValueError, match="one metric name per sample"):
        recipe.compute(preds, refs, metric=metric[:-1])


def test_zzz_counts() -> None:
    """The values compared per recipe (printed for the notes; run after the others)."""
    print({k: v for k, v in sorted(COUNTS.items())})
    assert all(v > 0 for v in COUNTS.values())
