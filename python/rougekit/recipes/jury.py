"""jury 2.3.1's and nlg-metricverse 0.9.9's ``rouge`` metric (the same code in both:
``jury/metrics/rouge/rouge_for_language_generation.py``, ``nlgmetricverse/metrics/rouge/
rouge_planet.py``), its arguments and its output dict, on one ``score_batch`` call.

What those libraries do, read from their code:

* ``Jury.__call__`` / ``NLGMetricverse.__call__`` first drop the items whose prediction or
  reference is empty (``not x``: ``""`` or ``[]``), counting them (``empty_items``);
* each item is a list of predictions and a list of references (a str is one of each);
  predictions "collapse" when every item has exactly one, references likewise;
* one prediction and one reference per item: rouge-score's ``score(ref, pred)``, the
  ``metric_to_select`` field; with ``use_aggregator`` rouge-score's ``BootstrapAggregator``
  mid of those values (a one-column matrix), else the **first item's** value;
* several references: ``reduce_fn`` (a NumPy function by name, ``"max"`` by default) over
  each item's references, per type; then the bootstrap, whatever ``use_aggregator`` says,
  and without it the **low** percentile (``v[0]`` of the ``AggregateScore``);
* several predictions for an item: per prediction the reduction over references, then an
  inner bootstrap over the item's predictions (its mid), then the outer bootstrap;
* every bootstrap draws from NumPy's global RNG, which ``evaluate.Metric.compute`` seeds with
  the metric's ``seed`` (``load_metric("rouge", seed=S)``) for the call and puts back; with
  ``seed=None`` it reseeds from the operating system's entropy, so jury's own number then
  changes from call to call. Here ``seed=S`` gives the number of ``seed=S``, and
  ``seed=None`` draws from the global RNG as it stands.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rougekit.recipes.model import Recipe
from rougekit.scorer import RougeScorer

TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
FIELDS = ("precision", "recall", "fmeasure")

#: ``reduce_fn`` names and the reduction pandas applies for each (``DataFrame.apply`` hands
#: NumPy's function a Series, which dispatches to the Series' own method).
REDUCE_FNS: dict[str, Callable[[np.ndarray], float]] = {
    "max": lambda v: float(np.max(v)),
    "min": lambda v: float(np.min(v)),
    "mean": lambda v: float(np.sum(v) / len(v)),  # pandas' nanmean: sum / count
    "median": lambda v: float(np.median(v)),
}


def _reduce_name(reduce_fn: Any) -> str:
    name = reduce_fn if isinstance(reduce_fn, str) else getattr(reduce_fn, "__name__", None)
    name = {"amax": "max", "amin": "min"}.get(name, name) if isinstance(name, str) else name
    if name not in REDUCE_FNS:
        raise ValueError(
            f"reduce_fn must be one of {', '.join(REDUCE_FNS)} (or NumPy's function of that "
            f"name), got {reduce_fn!r}"
        )
    return str(name)


def _items(values: Sequence[Any], what: str) -> list[list[str]]:
    out = []
    for i, v in enumerate(values):
        items = [v] if isinstance(v, str) else list(v)
        if not all(isinstance(x, str) for x in items):
            raise TypeError(f"{what} {i}: a str or a list of str, got {v!r}")
        out.append(items)
    return out


def non_empty(predictions: Sequence[Any], references: Sequence[Any]) -> list[int]:
    """The items ``Jury.__call__``'s ``_remove_empty`` keeps (neither side falsy)."""
    if len(predictions) != len(references):
        raise ValueError("Lengths of predictions and references must be equal.")
    return [i for i, (p, r) in enumerate(zip(predictions, references)) if p and r]


class _Bootstrap:
    """rouge-score's ``BootstrapAggregator`` percentiles of a one-column matrix."""

    def __init__(self) -> None:
        from rougekit.compat.scoring import BootstrapAggregator

        self._aggregator = BootstrapAggregator()

    def __call__(self, values: Sequence[float]) -> tuple[float, float, float]:
        matrix = np.asarray(values, dtype=np.float64).reshape(-1, 1)
        low, mid, high = self._aggregator._bootstrap_resample(matrix)[:, 0]
        return float(low), float(mid), float(high)


def rouge(
    predictions: Sequence[Any],
    references: Sequence[Any],
    *,
    rouge_types: Sequence[str] | None = None,
    use_aggregator: bool = True,
    use_stemmer: bool = False,
    metric_to_select: str = "fmeasure",
    reduce_fn: Any = "max",
    threads: int | None = None,
) -> tuple[dict[str, float], list[dict[str, float]]]:
    """The ``rouge`` dict jury's metric returns for these (non-empty) items, and the
    per-item values its aggregator receives. Draws from NumPy's global RNG as it stands."""
    if metric_to_select not in FIELDS:
        raise ValueError(
            f"metric_to_select must be one of {', '.join(FIELDS)}, got {metric_to_select!r} "
            "(jury returns rouge-score's objects without one: use rougekit.RougeScorer)"
        )
    reduce = REDUCE_FNS[_reduce_name(reduce_fn)]
    types = list(TYPES if rouge_types is None else rouge_types)
    preds, refs = _items(predictions, "prediction"), _items(references, "reference")
    if not preds:
        raise ValueError("no item to score")
    hyps = [p for ps, rs in zip(preds, refs) for p in ps for _ in rs]
    golds = [r for ps, rs in zip(preds, refs) for _ in ps for r in rs]
    batch = RougeScorer(types, stemmer=use_stemmer, threads=threads).score_batch(hyps, golds)
    columns = {t: np.asarray(getattr(batch, metric_to_select)(t), dtype=np.float64) for t in types}
    bootstrap = _Bootstrap()
    single_pred = all(len(ps) == 1 for ps in preds)
    single_ref = all(len(rs) == 1 for rs in refs)
    rows: list[dict[str, float]] = []
    k = 0
    for ps, rs in zip(preds, refs):
        per_pred = []
        for _ in ps:
            if single_pred and single_ref:
                per_pred.append({t: float(columns[t][k]) for t in types})
            else:
                per_pred.append({t: reduce(columns[t][k : k + len(rs)]) for t in types})
            k += len(rs)
        if single_pred:
            rows.append(per_pred[0])
        else:  # the inner aggregator of _compute_multi_pred_multi_ref, type after type
            rows.append({t: bootstrap([v[t] for v in per_pred])[1] for t in types})
    if single_pred and single_ref and not use_aggregator:
        return {t: rows[0][t] for t in types}, rows  # jury's `{k: v[0]}` of the lists
    which = 1 if use_aggregator else 0  # the mid; without the aggregator, v[0]: the low
    return {t: bootstrap([row[t] for row in rows])[which] for t in types}, rows


class MetricEvaluate:
    """The ``evaluate`` of jury's and nlg-metricverse's ``rouge`` metric classes done by
    :func:`rouge`: the metric folders (``rougekit.integrations.jury``) put it before each
    library's own class."""

    def evaluate(
        self,
        *,
        predictions: Any = None,
        references: Any = None,
        reduce_fn: Any = None,
        rouge_types: Any = None,
        use_aggregator: bool = True,
        use_stemmer: bool = False,
        metric_to_select: str = "fmeasure",
        **kwargs: Any,
    ) -> dict[str, Any]:
        result, _rows = rouge(
            list(predictions), list(references), rouge_types=rouge_types,
            use_aggregator=use_aggregator, use_stemmer=use_stemmer,
            metric_to_select=metric_to_select, reduce_fn="max" if reduce_fn is None else reduce_fn,
        )  # fmt: skip
        return result


@dataclass(frozen=True)
class JuryRouge(Recipe):
    """jury's / nlg-metricverse's ``rouge`` (module docstring): ``compute`` returns the
    pipeline's dict, ``{"total_items": N, "empty_items": K, "rouge": {type: value}}``;
    with :attr:`timings` (nlg-metricverse) also its wall-clock seconds,
    ``"total_time_elapsed"`` and the metric's ``"time_elapsed"`` (rougekit's own time)."""

    timings: bool = False

    def _run_jury(
        self, predictions: Sequence[Any], references: Sequence[Any], threads: int | None,
        harness_kwargs: dict[str, Any],
    ) -> tuple[int, dict[str, float], list[dict[str, float]]]:  # fmt: skip
        self._check_kwargs(harness_kwargs)
        options = dict(harness_kwargs)
        seed = options.pop("seed", self.seed)
        keep = non_empty(predictions, references)
        if not keep:
            return 0, {}, []
        state = np.random.get_state()
        if seed is not None:
            np.random.seed(seed)
        try:
            result, rows = rouge(
                [predictions[i] for i in keep], [references[i] for i in keep],
                threads=threads, **options,
            )  # fmt: skip
        finally:
            if seed is not None:
                np.random.set_state(state)
        return len(keep), result, rows

    def per_sample(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> list[dict[str, float]]:
        """The value per non-empty item that the aggregator receives (its reduction over
        references; with several predictions, the inner bootstrap's mid)."""
        return self._run_jury(predictions, references, threads, harness_kwargs)[2]

    def compute(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> dict[str, Any]:
        start = time.time()
        kept, result, _rows = self._run_jury(predictions, references, threads, harness_kwargs)
        elapsed = time.time() - start
        out: dict[str, Any] = {"total_items": len(references),
                               "empty_items": len(references) - kept}  # fmt: skip
        if self.timings:
            out["total_time_elapsed"] = 0
        if kept:
            out["rouge"] = result
            if self.timings:
                result["time_elapsed"] = out["total_time_elapsed"] = elapsed
        return out
