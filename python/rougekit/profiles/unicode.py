"""The ``unicode-v1`` and ``character-v1`` profiles: rouge-score-rs 0.2.1's
``UnicodeTokenizer`` and ``CharacterTokenizer``, exactly, so that the names mean one thing
across both packages. Text is normalised (NFKC, full case folding, NFKC again, Unicode 17);
``unicode-v1`` keeps the UAX #29 words, ``character-v1`` the grapheme clusters, that hold a
letter or a number. rouge-score's arithmetic and rules otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rougekit.profiles.engine import EngineProfile


@dataclass(frozen=True)
class UnicodeV1(EngineProfile):
    """Words of any script that separates words with spaces; Snowball stemming on request
    (``stemmer="snowball:<algorithm>"``, tokens longer than 3 characters)."""

    NAME: ClassVar[str] = "unicode-v1"
    SUMMARY: ClassVar[str] = "UAX #29 words of any space-separated script"
    TOKENIZER: ClassVar[str] = "unicode-v1"
    STEMMERS: ClassVar[tuple[str, ...]] = ("snowball",)
    KEEPS: ClassVar[str] = "only words that hold a letter or a number"

    @property
    def no_tokens_advice(self) -> str:
        return "Check the texts: punctuation and symbols alone are no words."


@dataclass(frozen=True)
class CharacterV1(EngineProfile):
    """Characters (grapheme clusters): Chinese, Japanese, Thai, Lao, Khmer, Burmese."""

    NAME: ClassVar[str] = "character-v1"
    SUMMARY: ClassVar[str] = "grapheme clusters: scripts written without spaces"
    TOKENIZER: ClassVar[str] = "character-v1"
    OPTIONS: ClassVar[tuple[str, ...]] = ("multiref", "jackknife")
    KEEPS: ClassVar[str] = "only characters that are letters or numbers"

    @property
    def no_tokens_advice(self) -> str:
        return "Check the texts: punctuation and symbols alone are no characters it counts."
