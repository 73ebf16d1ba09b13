"""Warnings for results that would otherwise be silently misleading."""

from __future__ import annotations

import os
import sys
import warnings

from rougekit import _core
from rougekit.perl_profile import PerlBatchScores


class NoTokensWarning(UserWarning):
    """Some non-blank texts produced no token, so they score 0 whatever they say."""


class NoSentencesWarning(UserWarning):
    """rougeLsum was asked for texts without a single newline: it then equals rougeL."""


#: What NoSentencesWarning and the command line's warning say.
NO_SENTENCES = (
    "rougeLsum equals rougeL here: no prediction or reference has a newline, and rougeLsum "
    "takes its sentences from newlines. Put one sentence per line, or split them: "
    "rougekit.sentences.one_per_line(text) in Python, --split-sentences rules or "
    "--sentence-separator SEP on the command line."
)


def has_newline(predictions: object, references: object) -> bool:
    """Whether any text of a batch (references: str or lists of str) holds a newline, or
    every text is blank (then there is nothing to split either)."""
    blank = True
    for texts in (predictions, references):
        for item in texts:  # type: ignore[attr-defined]
            for text in [item] if isinstance(item, str) else item:
                if isinstance(text, str):
                    if "\n" in text:
                        return True
                    blank = blank and not text.strip()
    return blank


def warn_no_sentences(types: tuple[str, ...], predictions: object, references: object) -> None:
    """Warns (:class:`NoSentencesWarning`) when rougeLsum is among ``types`` and no text of
    the batch has a newline (``score_batch``; a single pair of one-sentence texts is usual
    and ``score`` stays quiet)."""
    if "rougeLsum" in types and not has_newline(predictions, references):
        warnings.warn(NO_SENTENCES, NoSentencesWarning, stacklevel=_caller_stacklevel())


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
