"""rougekit's ROUGE as an nlg-metricverse metric:
``nlgmetricverse.load_metric(rougekit.integrations.jury.NLGMETRICVERSE_PATH)``.

nlg-metricverse's ``rouge`` metric class with its computation done by
:func:`rougekit.recipes.jury.rouge` (the same numbers, one core call)."""

from nlgmetricverse.metrics._core import MetricAlias
from nlgmetricverse.metrics.rouge.rouge_planet import RougePlanet
from rougekit.recipes import jury as recipe

__main_class__ = "Rouge"


class RougekitRouge(recipe.MetricEvaluate, RougePlanet):  # type: ignore[misc]  # nlg-metricverse is untyped
    """nlg-metricverse's ``RougePlanet`` whose ``evaluate`` is rougekit's."""


class Rouge(MetricAlias):  # type: ignore[misc]
    """The metric ``load_metric`` builds (result name ``rouge``)."""

    _SUBCLASS = RougekitRouge
