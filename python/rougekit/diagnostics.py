"""Warnings for results that would otherwise be silently misleading."""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rougekit import _core
    from rougekit.profiles import Profile


class NoTokensWarning(UserWarning):
    """Some non-blank texts produced no token, so they score 0 whatever they say."""


class NonAsciiWarning(UserWarning):
    """The profile keeps only ASCII letters, and the texts have many other letters: words
    lose them (``über`` becomes ``ber``) and the scores measure what is left."""


class NoSentencesWarning(UserWarning):
    """rougeLsum was asked for texts without a single newline: it then equals rougeL."""


#: What NoSentencesWarning and the command line's warning say.
NO_SENTENCES = (
    "rougeLsum equals rougeL here: no prediction or reference has a newline, and rougeLsum "
    "takes its sentences from newlines. Put one sentence per line, or split them: "
    "rougekit.sentences.one_per_line(text) in Python, --split-sentences rules or "
    "--sentence-separator SEP on the command line."
)


def _texts(predictions: object, references: object) -> Iterable[str]:
    """Every text of a batch (references: str or lists of str)."""
    for texts in (predictions, references):
        for item in texts:  # type: ignore[attr-defined]
            for text in [item] if isinstance(item, str) else item:
                if isinstance(text, str):
                    yield text


def has_newline(predictions: object, references: object) -> bool:
    """Whether any text of a batch holds a newline, or every text is blank (then there is
    nothing to split either)."""
    blank = True
    for text in _texts(predictions, references):
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


def dropped_message(preds: int, refs: int, n: int, profile: Profile) -> str:
    """The words of :class:`NoTokensWarning` (and of the command line's warning)."""
    return (
        f"{preds} of {n} predictions and the references of {refs} of {n} pairs are not "
        f"blank but have no token under the {profile.name!r} profile, which keeps "
        f"{profile.KEEPS}; they score 0. {profile.no_tokens_advice}"
    )


def warn_dropped(batch: _core.BatchScores, profile: Profile) -> None:
    """Warns when the tokenizer dropped every token of some non-blank texts."""
    preds, refs = batch.dropped_counts()
    if preds or refs:
        warnings.warn(
            dropped_message(preds, refs, len(batch), profile),
            NoTokensWarning,
            stacklevel=_caller_stacklevel(),
        )


#: Non-ASCII letters per byte of text above which an ASCII-only profile warns: English with
#: accented names (café, José) or curly quotes stays far below (XSum: 1 per 10,000 bytes);
#: German, French or Spanish text is above (umlauts and accents: 1-3 % of the bytes), other
#: scripts far above. The core counts them while it tokenises (``BatchScores.letter_counts``).
NON_ASCII_SHARE = 0.005
#: ... and the fewest such letters (a short text with one accented name stays quiet).
NON_ASCII_MIN = 20


def ascii_only_message(nbytes: int, other: int, profile: Profile) -> str | None:
    """The words of :class:`NonAsciiWarning`, or ``None`` when there is nothing to say."""
    if not profile.ASCII_ONLY or other < NON_ASCII_MIN or other < NON_ASCII_SHARE * nbytes:
        return None
    return (
        f"{other} letters are not ASCII, and the {profile.name!r} profile keeps only ASCII "
        "letters and digits: words lose those letters ('über' becomes 'ber') or vanish, and "
        "the scores measure what is left. For such text use profile='unicode-v1' (words, "
        "optionally stemmer='snowball:<language>'), or profile='character-v1' for scripts "
        "written without spaces (Chinese, Japanese, Thai)."
    )


def warn_ascii_only(batch: _core.BatchScores, profile: Profile) -> None:
    """Warns (:class:`NonAsciiWarning`) when an ASCII-only profile dropped many letters
    (unless :class:`NoTokensWarning` already named the fix: texts lost every token)."""
    if any(batch.dropped_counts()):
        return
    message = ascii_only_message(*batch.letter_counts(), profile)
    if message:
        warnings.warn(message, NonAsciiWarning, stacklevel=_caller_stacklevel())


def warn_pair(dropped: int, nbytes: int, other: int, profile: Profile) -> None:
    """:func:`warn_dropped` and :func:`warn_ascii_only` for one pair's notes (``dropped``:
    bit 0 the prediction, bit 1 a reference), as ``RougeScorer.score`` gets them."""
    if dropped:
        warnings.warn(
            dropped_message(dropped & 1, (dropped >> 1) & 1, 1, profile),
            NoTokensWarning,
            stacklevel=_caller_stacklevel(),
        )
        return
    message = ascii_only_message(nbytes, other, profile)
    if message:
        warnings.warn(message, NonAsciiWarning, stacklevel=_caller_stacklevel())
