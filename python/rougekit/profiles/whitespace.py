"""The ``whitespace`` profile: pre-tokenised text. Tokens are the runs of characters between
Unicode ``White_Space`` characters, unchanged (no case folding, no punctuation removal);
rouge-score's arithmetic and rules otherwise.

With ``segmenter="jieba"`` each text is first segmented by the core's jieba 0.42.1 (what
``" ".join(jieba.cut(text))`` gives, see :func:`rougekit.segment`), with ``segmenter="newmm"``
by pythainlp 5.4.0's newmm (``" ".join(word_tokenize(text, engine="newmm"))``), with
``segmenter="mecab-unidic-lite"`` by MeCab over unidic-lite 1.0.8 (``tagger.parse(text)``
of fugashi's ``Tagger("-Owakati")`` where it finds unidic-lite), the whole
batch in Rust: the scores are the profile's on the space-joined words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import rougekit._core as _core
from rougekit.profiles.engine import EngineProfile
from rougekit.segmentation import SEGMENTER_IDS, check_jieba_unchanged, load_unidic_lite


def segmenter_name(value: object) -> str | None:
    """A ``segmenter=`` value checked: ``None`` or a known segmenter's name (``"jieba"``,
    ``"newmm"``)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"segmenter must be a segmenter name (str), got {type(value).__name__}")
    if value == "mecab-unidic-lite":
        load_unidic_lite()  # its dictionary is read from the installed unidic-lite
    _core.segment([], value, 1)  # an unknown name is a ValueError listing the known ones
    return value


def segmenter_fields(segmenter: str | None) -> dict[str, str]:
    """The signature field of a segmenter (none without one)."""
    return {} if segmenter is None else {"seg": SEGMENTER_IDS[segmenter]}


@dataclass(frozen=True)
class Whitespace(EngineProfile):
    """Text already split into tokens by spaces (e.g. by a word segmenter), or segmented
    first by ``segmenter``."""

    segmenter: str | None = None

    NAME: ClassVar[str] = "whitespace"
    SUMMARY: ClassVar[str] = "pre-tokenised text split on whitespace, nothing else changed"
    TOKENIZER: ClassVar[str] = "whitespace"
    STEMMERS: ClassVar[tuple[str, ...]] = ("snowball",)
    OPTIONS: ClassVar[tuple[str, ...]] = (*EngineProfile.OPTIONS, "segmenter")

    @classmethod
    def from_options(cls, **options: Any) -> EngineProfile:
        made = super().from_options(**options)
        return cls(
            stemmer=made.stemmer,
            multiref=made.multiref,
            jackknife=made.jackknife,
            segmenter=segmenter_name(options.get("segmenter")),
        )

    @property
    def tokenizer(self) -> str:
        return self.TOKENIZER if self.segmenter is None else f"whitespace+{self.segmenter}"

    def signature_fields(self) -> dict[str, str]:
        return {**super().signature_fields(), **segmenter_fields(self.segmenter)}

    def before_scoring(self) -> None:
        if self.segmenter == "jieba":
            check_jieba_unchanged()

    def options(self) -> dict[str, Any]:
        out = super().options()
        if self.segmenter is not None:
            out["segmenter"] = self.segmenter
        return out
