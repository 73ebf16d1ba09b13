"""Explanations of scores: which tokens matched, under which rule, with ROUGE's own
arithmetic (:class:`Explanation`, made by :meth:`rougekit.RougeScorer.explain`).

The core computes an explanation with the code that scores; :meth:`Explanation.check`
explains the dict's texts again and requires the dict to equal that explanation, then
recomputes every float from its integer counts and compares it (``==``) with the stored
values and with ``scorer.score``.
"""

from __future__ import annotations

from rougekit.explain.derive import SCHEMA
from rougekit.explain.model import Explanation, TypeView

__all__ = ["SCHEMA", "Explanation", "TypeView"]
