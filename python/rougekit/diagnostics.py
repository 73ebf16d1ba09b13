"""Warnings for results that would otherwise be silently misleading."""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import rougekit._core as _core
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
    "split_sentences='punkt' (NLTK's Punkt, which MLPerf, unitxt and Hugging Face's "
    "summarization examples run before rougeLsum) or split_sentences='rules'."
)


def _texts(predictions: object, references: object) -> Iterable[str]:
    """Every text of a batch (references: str or lists of str)."""
    for texts in (predictions, references):
        for item in texts:  # type: ignore[attr-defined]
            for text in [item] if isinstance(item, str) else item:
                if isinstance(text, str):
                    yield text


#: :attr:`Notes.lines`: what the texts of a batch hold, as far as rougeLsum's sentences go.
#: The largest value of the pieces is the value of the whole.
ALL_BLANK, NO_NEWLINE, NEWLINE = 0, 1, 2


def _lines_of(predictions: object, references: object) -> int:
    """:data:`NEWLINE` when a text of the batch holds a newline, else :data:`NO_NEWLINE`
    when one is not blank, else :data:`ALL_BLANK` (no pair, or only blank texts). Only
    :data:`NO_NEWLINE` warns; keeping the blank case apart makes the pieces of a corpus add
    up (blank pieces beside a piece without a newline still warn)."""
    lines = ALL_BLANK
    for text in _texts(predictions, references):
        if "\n" in text:
            return NEWLINE
        if lines == ALL_BLANK and text.strip():
            lines = NO_NEWLINE
    return lines


@dataclass(frozen=True)
class Notes:
    """The counts behind a batch's warnings. They add up over the pieces of a corpus, so a
    corpus scored in pieces (:func:`rougekit.dask.corpus`) warns once, with the numbers that
    one batch of all its pairs would give."""

    pairs: int = 0
    dropped_predictions: int = 0
    dropped_references: int = 0
    #: Bytes and non-ASCII letters of the non-ASCII texts (``BatchScores.letter_counts``).
    text_bytes: int = 0
    non_ascii_letters: int = 0
    #: :data:`NEWLINE` when rougeLsum is not scored (nothing to warn about). The default,
    #: :data:`ALL_BLANK`, makes ``Notes()`` the sum of no notes.
    lines: int = ALL_BLANK
    #: Pairs whose references are all blank (they score 0). Counted by the command line,
    #: whose line files make a blank line an easy mistake; ``score_batch`` leaves it 0.
    blank_references: int = 0

    @classmethod
    def of(
        cls, batch: _core.BatchScores, types: Sequence[str], texts: tuple[object, object] | None
    ) -> Notes:
        """The notes of a scored batch; ``texts``: its ``(predictions, references)`` when
        they are text (token ids have no newlines to look for)."""
        preds, refs = batch.dropped_counts()
        nbytes, other = batch.letter_counts()
        lines = NEWLINE
        if texts is not None and "rougeLsum" in types:
            lines = _lines_of(*texts)
        return cls(len(batch), preds, refs, nbytes, other, lines)

    @classmethod
    def of_pair(cls, dropped: int, nbytes: int, other: int) -> Notes:
        """The notes of one pair as ``RougeScorer.score`` gets them from the core
        (``dropped``: bit 0 the prediction, bit 1 a reference)."""
        return cls(1, dropped & 1, (dropped >> 1) & 1, nbytes, other)

    def __add__(self, other: Notes) -> Notes:
        return Notes(
            self.pairs + other.pairs,
            self.dropped_predictions + other.dropped_predictions,
            self.dropped_references + other.dropped_references,
            self.text_bytes + other.text_bytes,
            self.non_ascii_letters + other.non_ascii_letters,
            max(self.lines, other.lines),
            self.blank_references + other.blank_references,
        )

    def warn(self, profile: Profile) -> None:
        """The warnings of these notes (:class:`NoTokensWarning` or
        :class:`NonAsciiWarning`, then :class:`NoSentencesWarning`), as ``score_batch``
        gives them."""
        token_warning = self.token_warning(profile)
        if token_warning is not None:
            category, message = token_warning
            warnings.warn(message, category, stacklevel=_caller_stacklevel())
        if self.lines == NO_NEWLINE:
            warnings.warn(NO_SENTENCES, NoSentencesWarning, stacklevel=_caller_stacklevel())

    def token_warning(self, profile: Profile) -> tuple[type[UserWarning], str] | None:
        """The one warning about tokens these notes call for: texts without a token
        (:class:`NoTokensWarning`, naming the letters an ASCII-only profile dropped), else
        letters dropped from words (:class:`NonAsciiWarning`), else ``None``."""
        if self.dropped_predictions or self.dropped_references:
            dropped = dropped_message(
                self.dropped_predictions,
                self.dropped_references,
                self.pairs,
                profile,
                non_ascii_letters=self.non_ascii_letters,
            )
            return NoTokensWarning, dropped
        message = ascii_only_message(self.text_bytes, self.non_ascii_letters, profile)
        return None if message is None else (NonAsciiWarning, message)

    def mostly_dropped(self, profile: Profile) -> bool:
        """Whether most pairs lost every token of their prediction, or of their references,
        to an ASCII-only profile: the scores would be a table of zeros."""
        most = max(self.dropped_predictions, self.dropped_references)
        return profile.ASCII_ONLY and most * 2 > self.pairs > 0


def _caller_stacklevel() -> int:
    """The stacklevel of the first frame outside the rougekit package, so a warning names
    the user's line (and the default filter shows it once per such line)."""
    package = os.path.dirname(os.path.abspath(__file__))
    frame, level = sys._getframe(1), 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package):
        frame, level = frame.f_back, level + 1  # type: ignore[assignment]
    return level


def dropped_message(
    preds: int, refs: int, n: int, profile: Profile, *, non_ascii_letters: int = 0
) -> str:
    """The words of :class:`NoTokensWarning` (and of the command line's warning); an
    ASCII-only profile also says how many letters it dropped."""
    letters = ""
    if profile.ASCII_ONLY and non_ascii_letters:
        letters = f" (the texts hold {non_ascii_letters} letters that are not ASCII)"
    return (
        f"{preds} of {n} predictions and the references of {refs} of {n} pairs are not "
        f"blank but have no token under the {profile.name!r} profile, which keeps "
        f"{profile.KEEPS}; they score 0{letters}. {profile.no_tokens_advice}"
    )


#: Non-ASCII letters per byte of text above which an ASCII-only profile warns: English with
#: accented names (café, José) or curly quotes stays below (XSum: 1 per 10,000 bytes; one
#: café in a sentence of 160 bytes); German, French or Spanish text is above (umlauts and
#: accents: 1.5-3 % of the letters), other scripts far above, and so is English text with a
#: few words of Chinese. The core counts them while it tokenises (``letter_counts``).
NON_ASCII_SHARE = 0.01
#: ... and the fewest such letters: one accented name (José, two in a short pair) stays
#: quiet, a word of another script does not.
NON_ASCII_MIN = 3


def ascii_only_message(nbytes: int, other: int, profile: Profile) -> str | None:
    """The words of :class:`NonAsciiWarning`, or ``None`` when there is nothing to say."""
    if not profile.ASCII_ONLY or other < NON_ASCII_MIN or other < NON_ASCII_SHARE * nbytes:
        return None
    return (
        f"{other} letters are not ASCII, and the {profile.name!r} profile keeps only ASCII "
        "letters and digits: words lose those letters ('über' becomes 'ber') or vanish, and "
        "the scores measure what is left. For such text give language='<code>' (e.g. 'de'), "
        "or use profile='unicode-v1' (words, optionally stemmer='snowball:<language>'), or "
        "profile='character-v1' for scripts written without spaces (Chinese, Japanese, Thai)."
    )
