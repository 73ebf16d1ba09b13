"""Compatible ``rouge_score.tokenizers``: ``Tokenizer`` and ``DefaultTokenizer``."""

from __future__ import annotations

import abc
from typing import Any

from rougekit import _core
from rougekit.compat.tokenize import decode_lowered


class Tokenizer(metaclass=abc.ABCMeta):
    """Abstract tokenizer: any object with ``tokenize(text) -> list`` works."""

    @abc.abstractmethod
    def tokenize(self, text: str | bytes) -> list[Any]:
        """Tokens of ``text``."""


class DefaultTokenizer(Tokenizer):
    """rouge-score's default tokenizer, optionally with NLTK-Porter stemming."""

    def __init__(self, use_stemmer: bool = False) -> None:
        self.use_stemmer = bool(use_stemmer)

    def tokenize(self, text: str | bytes) -> list[str]:
        return _core.tokenize(decode_lowered(text), self.use_stemmer)
