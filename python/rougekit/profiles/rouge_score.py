"""The ``rouge-score`` profile: Google's rouge-score 0.1.2 (the backend of Hugging Face
``evaluate``), bit for bit: lower-case, runs of ``[a-z0-9]``, NLTK's Porter stemmer on
tokens longer than 3 characters, the best-F reference (spec ``docs/spec/rouge-score.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rougekit.profiles.engine import EngineProfile


@dataclass(frozen=True)
class RougeScore(EngineProfile):
    """rouge-score 0.1.2. ``stemmer=True`` is its ``use_stemmer=True`` (NLTK Porter)."""

    NAME: ClassVar[str] = "rouge-score"
    SUMMARY: ClassVar[str] = "Google's rouge-score 0.1.2, bit for bit"
    TOKENIZER: ClassVar[str] = "rouge-score"
    STEMMERS: ClassVar[tuple[str, ...]] = ("nltk-porter",)
    ASCII_ONLY: ClassVar[bool] = True
    KEEPS: ClassVar[str] = (
        "only ASCII letters and digits (punctuation and every other script, e.g. Chinese, "
        "are dropped)"
    )

    @property
    def no_tokens_advice(self) -> str:
        return (
            "For other languages give language='<code>' (e.g. 'hi'), or use "
            "profile='unicode-v1' (words) or profile='character-v1' (characters: Chinese, "
            "Japanese, Thai, ...). To reproduce published numbers use their scorer's "
            "profile instead: profile='xlsum-v1' with language= (XL-Sum, GEM: Hindi, "
            "Bengali...), profile='rouge-chinese-1.0.3' with segmenter='jieba' (rouge_chinese "
            "+ jieba: LLaMA-Factory, OpenCompass)."
        )
