"""rougekit's exceptions: every one it raises on purpose is a :class:`RougekitError`, so
``except rougekit.RougekitError`` catches them all, and each is also the built-in
exception it has always been (``ValueError`` for bad values), so existing ``except``
clauses keep working.

The core's own (``InputTooLargeError``, ``PerlFileError``, defined in the compiled
``rougekit._core``) derive from :class:`RougekitError` and ``ValueError`` too.
"""

from __future__ import annotations

from rougekit._core import InputTooLargeError, PerlFileError, RougekitError

__all__ = [
    "DataError",
    "ExplainCheckError",
    "InputTooLargeError",
    "PerlDataError",
    "PerlFileError",
    "PerlUsageError",
    "RougekitError",
    "UsageError",
]


class DataError(RougekitError):
    """Bad input data for the command line: the message names the file and, where it
    applies, the line (exit code 1)."""


class UsageError(RougekitError):
    """A bad combination of command-line options (exit code 2)."""


class PerlUsageError(RougekitError, ValueError):
    """Bad ROUGE-1.5.5 options or arguments (``rougekit perl`` exit code 2).
    ROUGE-1.5.5.pl dies on most of these."""


class PerlDataError(RougekitError, ValueError):
    """Bad ROUGE-1.5.5 configuration, summary or data files (exit code 1); the message
    names the file."""


class ExplainCheckError(RougekitError, AssertionError):
    """An explanation's recomputed numbers or matches differ from what it stores or from
    ``scorer.score`` (:meth:`rougekit.explain.Explanation.check`); the message names the
    type, the reference and the field."""
