"""jury and nlg-metricverse: rougekit's ROUGE as a metric folder their ``load_metric(path)``
accepts (a folder ``X/`` holding ``X.py`` whose ``__main_class__`` names the metric).

>>> import jury
>>> from rougekit.integrations import jury as rk_jury
>>> scorer = jury.Jury(metrics=[jury.load_metric(rk_jury.JURY_PATH, seed=0)])
>>> scorer(predictions=["the cat sat"], references=["the cat sat"])["rouge"]["rouge1"]
1.0

``JURY_PATH`` is for jury, ``NLGMETRICVERSE_PATH`` for nlg-metricverse. The metric is their
built-in ``rouge`` (same arguments: ``rouge_types``, ``use_aggregator``, ``use_stemmer``,
``metric_to_select``, ``reduce_fn``; same result name ``rouge`` and numbers, the bootstrap
drawn from the same NumPy RNG that ``seed=`` seeds), computed by
:func:`rougekit.recipes.jury.rouge` in one core call. Without jury, the recipes
``jury-2.3.1:rouge`` and ``nlg-metricverse-0.9.9:rouge`` give the pipelines' whole dict.
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent
#: The folder to give ``jury.load_metric`` (it holds ``jury_rouge.py``).
JURY_PATH: str = str(_HERE / "jury_rouge")
#: The folder to give ``nlgmetricverse.load_metric``.
NLGMETRICVERSE_PATH: str = str(_HERE / "nlgmetricverse_rouge")

__all__ = ["JURY_PATH", "NLGMETRICVERSE_PATH"]
