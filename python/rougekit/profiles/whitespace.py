"""The ``whitespace`` profile: pre-tokenised text. Tokens are the runs of characters between
Unicode ``White_Space`` characters, unchanged (no case folding, no punctuation removal);
rouge-score's arithmetic and rules otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rougekit.profiles.engine import EngineProfile


@dataclass(frozen=True)
class Whitespace(EngineProfile):
    """Text already split into tokens by spaces (e.g. by a word segmenter)."""

    NAME: ClassVar[str] = "whitespace"
    SUMMARY: ClassVar[str] = "pre-tokenised text split on whitespace, nothing else changed"
    TOKENIZER: ClassVar[str] = "whitespace"
    STEMMERS: ClassVar[tuple[str, ...]] = ("snowball",)
