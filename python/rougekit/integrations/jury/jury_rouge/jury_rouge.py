"""rougekit's ROUGE as a jury metric:
``jury.load_metric(rougekit.integrations.jury.JURY_PATH)``.

jury's ``rouge`` metric class with its computation done by
:func:`rougekit.recipes.jury.rouge` (the same numbers, one core call)."""

from jury.metrics._core import MetricAlias
from jury.metrics.rouge.rouge_for_language_generation import RougeForLanguageGeneration
from rougekit.recipes import jury as recipe

__main_class__ = "Rouge"


class RougekitRouge(recipe.MetricEvaluate, RougeForLanguageGeneration):  # type: ignore[misc]  # jury is untyped
    """jury's ``RougeForLanguageGeneration`` whose ``evaluate`` is rougekit's."""


class Rouge(MetricAlias):  # type: ignore[misc]
    """The metric ``load_metric`` builds (result name ``rouge``)."""

    _SUBCLASS = RougekitRouge
