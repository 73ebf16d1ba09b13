"""The two ways reading ROUGE-1.5.5's flags and files can fail (``rougekit perl`` prints each as
one line, never a traceback)."""

from __future__ import annotations


class PerlUsageError(ValueError):
    """Bad options or arguments (exit code 2). ROUGE-1.5.5.pl dies on most of these."""


class PerlDataError(Exception):
    """Bad configuration or summary files (exit code 1); the message names the file."""
