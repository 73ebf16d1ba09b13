"""Drop-in replacement for pltrdy's ``rouge`` 1.0.1 (PyPI ``rouge``; LongBench's scorer).

Change ``from rouge import Rouge`` to ``from rougekit.compat.pltrdy import Rouge``: the same
constructor (``metrics``, ``stats``, ``return_lengths``, ``raw_results``, ``exclusive``),
``get_scores(hyps, refs, avg=False, ignore_empty=False)`` with one text or lists, the same
keys in the same order (``rouge-1``, ``rouge-2``, ``rouge-l``; ``r``, ``p``, ``f``), the same
``ValueError`` for empty input (``Hypothesis is empty.``) and the same numbers, bit for bit
(profile ``pltrdy-1.0.1``; quirks included, see ``docs/published-numbers.md``), hundreds of
times faster. ``FilesRouge`` scores two files line by line.

Differences: where rouge 1.0.1 dies of ``RecursionError`` (a sentence pair of more than
about 1,000 words), this returns the numbers it would have given; :func:`recursion_depths`
tells which pairs those are. Where it crashes on a
corner of its own API (``raw_results=True`` with ``avg=True``: ``KeyError``; ``avg=True``
with no pair: ``ZeroDivisionError``; ``ignore_empty=True`` dropping every pair) this raises
a ``ValueError`` that says so. ``AVAILABLE_METRICS`` maps the metric names to rougekit's
type names instead of to functions. This module never installs or imports a top-level
``rouge`` package.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import rougekit._core as _core
import rougekit.compat._pltrdy_family as _pltrdy_family
import rougekit.inputs as inputs

__all__ = ["FilesRouge", "Rouge", "recursion_depths"]


class Rouge(_pltrdy_family.Rouge):
    __doc__ = _pltrdy_family.Rouge.__doc__
    _PROFILE: ClassVar[str] = "pltrdy-1.0.1"


class FilesRouge(_pltrdy_family.FilesRouge):
    __doc__ = _pltrdy_family.FilesRouge.__doc__
    _ROUGE: ClassVar[type[_pltrdy_family.Rouge]] = Rouge


def recursion_depths(hyps: str | Sequence[str], refs: str | Sequence[str]) -> list[int]:
    """Per pair, how deep rouge 1.0.1's recursive LCS backtrack goes: the most nested calls of
    its ROUGE-L's ``_recon`` over the pair's (reference sentence, hypothesis sentence)
    pairs; 0 when either text has no sentence (the package raises ``ValueError`` first).

    The package raises ``RecursionError`` on a pair when this depth plus the Python frames
    already on the stack where ``get_scores`` runs exceeds ``sys.getrecursionlimit()``
    (1,000 by default): harnesses that catch every error (LongBench) score such a pair 0,
    which ``docs/published-numbers.md`` shows how to reproduce.

    >>> recursion_depths(["a b c. d", "..."], ["x a y b", "a"])
    [5, 0]
    """
    if isinstance(hyps, str) and isinstance(refs, str):
        hyps, refs = [hyps], [refs]
    return _core.pltrdy_recursion_depths(inputs.ordered(hyps, "hyps"), inputs.ordered(refs, "refs"))
