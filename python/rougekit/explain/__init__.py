"""Explanations of scores: which tokens matched, under which rule, with ROUGE's own
arithmetic (:class:`Explanation`, made by :meth:`rougekit.RougeScorer.explain`).

The core computes an explanation with the code that scores; :meth:`Explanation.check`
recomputes every float from its integer counts and compares it (``==``) with the stored
values and with ``scorer.score``.
"""

from __future__ import annotations

from rougekit.explain.model import SCHEMA, Explanation, TypeView

__all__ = ["SCHEMA", "Explanation", "TypeView"]
