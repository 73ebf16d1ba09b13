"""``rougekit.integrations.jury``: the metric folders that jury's and nlg-metricverse's
``load_metric(path)`` load, run through their pipelines beside their own ``rouge`` with the
same seed, on SummEval's CNN/DM outputs (one and several references, several predictions)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import SHIPPED, read_jsonl
from jury_oracle import library  # noqa: F401 (a fixture)
from rougekit.integrations import jury as rk_jury


@pytest.mark.parametrize(
    ("shape", "kwargs"),
    [("single", {}), ("multi-ref", {"reduce_fn": "mean"}), ("multi-pred", {"use_stemmer": True})],
)
def test_load_metric_folder(library: Any, shape: str, kwargs: dict[str, Any]) -> None:  # noqa: F811
    name, module, pipeline = library
    rows = read_jsonl(SHIPPED / "summeval-cnndm" / "summeval.jsonl.xz")[:120]
    preds: list[Any] = [r["prediction"] for r in rows]
    refs: list[Any] = [list(r["references"][:3]) for r in rows]
    if shape == "single":
        refs = [r[0] for r in refs]
    elif shape == "multi-pred":
        preds = [preds[i : i + 2] for i in range(len(preds) - 1)]
        refs = refs[:-1]
    path = rk_jury.JURY_PATH if name.startswith("jury") else rk_jury.NLGMETRICVERSE_PATH
    ours = module.load_metric(path, seed=5)
    theirs = module.load_metric("rouge", seed=5)
    assert ours.resulting_name == theirs.resulting_name == "rouge"
    got = pipeline(metrics=[ours])(predictions=list(preds), references=list(refs), **kwargs)
    want = pipeline(metrics=[theirs])(predictions=list(preds), references=list(refs), **kwargs)
    for out in (got, want):  # nlg-metricverse's wall-clock seconds
        out.pop("total_time_elapsed", None)
        out["rouge"].pop("time_elapsed", None)
    assert got == want
