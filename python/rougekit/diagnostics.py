"""Warnings for results that would otherwise be silently misleading."""

from __future__ import annotations

import os
import sys
import warnings

from rougekit import _core
from rougekit.perl_profile import PerlBatchScores


class NoTokensWarning(UserWarning):
    """Some non-blank texts produced no token, so they score 0 whatever they say."""


def _caller_stacklevel() -> int:
    """The stacklevel of the first frame outside the rougekit package, so a warning names
    the user's line (and the default filter shows it once per such line)."""
    package = os.path.dirname(os.path.abspath(__file__))
    frame, level = sys._getframe(1), 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package):
        frame, level = frame.f_back, level + 1  # type: ignore[assignment]
    return level


def warn_dropped(batch: _core.BatchScores | PerlBatchScores, profile: str) -> None:
    """Warns when the tokenizer dropped every token of some non-blank texts."""
    preds, refs = batch.dropped_counts()
    if not preds and not refs:
        return
    n = len(batch)
    advice = (
        "ROUGE-1.5.5 scores them 0 too; use it only for English text."
        if profile == "perl-1.5.5"
        else "For non-English text pass a tokenizer, e.g. rougekit.compute(..., "
        "tokenizer=str.split), or tokenizer=list for characters."
    )
    warnings.warn(
        f"{preds} of {n} predictions and the references of {refs} of {n} pairs are not "
        f"blank but have no token under the {profile!r} profile, which keeps only ASCII "
        "letters and digits (punctuation and every other script, e.g. Chinese, are "
        f"dropped); they score 0. {advice}",
        NoTokensWarning,
        stacklevel=_caller_stacklevel(),
    )
