"""The two ways reading ROUGE-1.5.5's flags and files can fail (``rougekit perl`` prints each as
one line, never a traceback). Both are defined in :mod:`rougekit.errors`."""

from __future__ import annotations

from rougekit.errors import PerlDataError, PerlUsageError

__all__ = ["PerlDataError", "PerlUsageError"]
