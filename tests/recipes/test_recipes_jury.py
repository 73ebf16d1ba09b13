"""jury 2.3.1's and nlg-metricverse 0.9.9's ``rouge`` against their own pipelines
(``Jury(metrics=[load_metric("rouge", seed=S)])(...)``, the same for ``NLGMetricverse``), run
on real corpora: SummEval's CNN/DM outputs with their 11 references, the XSum sample, and
empty items. Both install with ``--no-deps``; the modules their ``__init__`` imports for
other metrics (validators, textstat, bert_score, ...; nlg-metricverse's plots, which load a
model at import) are stubbed: the rouge metric uses none of them."""

from __future__ import annotations

import json
from typing import Any

import pytest
import rougekit.recipes as recipes
from conftest import SAMPLE, SHIPPED, read_jsonl
from jury_oracle import library  # noqa: F401 (a fixture)

COUNTS: dict[str, int] = {}


def _corpora() -> tuple[list[str], list[list[str]], list[str], list[str]]:
    rows = read_jsonl(SHIPPED / "summeval-cnndm" / "summeval.jsonl.xz")[:160]
    preds = [r["prediction"] for r in rows]
    refs = [list(r["references"]) for r in rows]
    xsum = [json.loads(line) for line in SAMPLE.open(encoding="utf-8")]
    x_preds = [r["prediction"] for r in xsum] + ["", "a b", " "]
    x_refs = [r["references"][0] if isinstance(r["references"], list) else r["references"]
              for r in xsum] + ["a b", "", "a"]  # fmt: skip
    return preds, refs, x_preds, x_refs


CASES: list[tuple[str, dict[str, Any]]] = [
    ("single", {}),
    ("single", {"use_aggregator": False}),
    ("single", {"use_stemmer": True, "rouge_types": ["rouge2", "rougeL"]}),
    ("single", {"metric_to_select": "precision"}),
    ("multi-ref", {}),
    ("multi-ref", {"reduce_fn": "mean", "use_stemmer": True}),
    ("multi-ref", {"reduce_fn": "median", "metric_to_select": "recall"}),
    ("multi-ref", {"use_aggregator": False}),
    ("multi-pred", {}),
    ("multi-pred", {"reduce_fn": "min", "rouge_types": ["rouge1", "rougeLsum"]}),
]


@pytest.mark.parametrize(("shape", "kwargs"), CASES)
def test_rouge_metric(library: Any, shape: str, kwargs: dict[str, Any]) -> None:  # noqa: F811
    name, module, pipeline = library
    preds, refs, x_preds, x_refs = _corpora()
    if shape == "single":
        p: list[Any] = x_preds
        r: list[Any] = x_refs
    elif shape == "multi-ref":
        p, r = preds, [rs[:3] if i % 2 else rs for i, rs in enumerate(refs)]
        p = [*p, ""]
        r = [*r, ["x"]]
    else:  # two or three predictions per item: the item's and its neighbours'
        p = [preds[i : i + 2 + i % 2] for i in range(0, len(preds) - 3)]
        r = [refs[i][:4] for i in range(0, len(preds) - 3)]
    seed = 11
    metric = module.load_metric("rouge", seed=seed)
    want = pipeline(metrics=[metric])(predictions=list(p), references=list(r), **kwargs)
    recipe = recipes.get(name)
    got = recipe.compute(p, r, seed=seed, **kwargs)
    if name.startswith("nlg"):  # wall-clock seconds: the keys, not the values
        for out in (got, want):
            assert out.pop("total_time_elapsed") == out["rouge"].pop("time_elapsed") > 0
    assert got == want
    COUNTS[name] = COUNTS.get(name, 0) + len(want["rouge"]) + 2


def test_card_example_and_empty(library: Any) -> None:  # noqa: F811
    name, module, pipeline = library
    recipe = recipes.get(name)
    p, r = ["the cat sat on the mat"], ["the cat sat on a mat"]
    want = pipeline(metrics=[module.load_metric("rouge")])(
        predictions=list(p), references=list(r), rouge_types=["rougeL"]
    )
    got = recipe.compute(p, r, rouge_types=["rougeL"])
    empty = {"total_items": 2, "empty_items": 2}
    if name.startswith("nlg"):
        for out in (got, want):
            out.pop("total_time_elapsed"), out["rouge"].pop("time_elapsed")
        empty["total_time_elapsed"] = 0
    assert got == want == {"total_items": 1, "empty_items": 0, "rouge": {"rougeL": 5 / 6}}
    assert recipe.compute(["", "a"], ["a", ""]) == empty
    with pytest.raises(ValueError, match="reduce_fn must be one of"):
        recipe.compute(["a"], [["a", "b"]], reduce_fn="prod")
    with pytest.raises(ValueError, match="metric_to_select must be one of"):
        recipe.compute(["a"], ["a"], metric_to_select=None)


def test_zzz_counts() -> None:
    print({k: v for k, v in sorted(COUNTS.items())})
    assert all(v > 0 for v in COUNTS.values())
