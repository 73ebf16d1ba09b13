"""rougekit's ROUGE as an nlg-metricverse metric:
``nlgmetricverse.load_metric(rougekit.integrations.jury.NLGMETRICVERSE_PATH)``.

nlg-metricverse's ``rouge`` metric class with its computation done by
:func:`rougekit.recipes.jury.rouge` (the same numbers, one core call)."""

from typing import Any

from nlgmetricverse.metrics._core import MetricAlias
from nlgmetricverse.metrics.rouge.rouge_planet import RougePlanet
from rougekit.recipes import jury as recipe

__main_class__ = "Rouge"


class RougekitRouge(RougePlanet):  # type: ignore[misc]  # nlg-metricverse is untyped
    """nlg-metricverse's ``RougePlanet`` whose ``evaluate`` is rougekit's."""

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
    ) -> dict[str, float]:
        result, _rows = recipe.rouge(
            list(predictions), list(references), rouge_types=rouge_types,
            use_aggregator=use_aggregator, use_stemmer=use_stemmer,
            metric_to_select=metric_to_select, reduce_fn="max" if reduce_fn is None else reduce_fn,
        )  # fmt: skip
        return result


class Rouge(MetricAlias):  # type: ignore[misc]
    """The metric ``load_metric`` builds (result name ``rouge``)."""

    _SUBCLASS = RougekitRouge
