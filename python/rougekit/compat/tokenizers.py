"""Compatible ``rouge_score.tokenizers``: ``Tokenizer`` and ``DefaultTokenizer``."""

from __future__ import annotations

import abc
from typing import Any

import rougekit._core as _core
import rougekit.compat.tokenize as _tokenize
from rougekit.compat.tokenize import decode_lowered


class Tokenizer(metaclass=abc.ABCMeta):
    """Abstract tokenizer: any object with ``tokenize(text) -> list`` works."""

    @abc.abstractmethod
    def tokenize(self, text: str | bytes) -> list[Any]:
        """Tokens of ``text``."""


class PorterStemmer:
    """NLTK's ``PorterStemmer()`` (NLTK_EXTENSIONS mode) as rouge-score uses it, native.

    ``stem(word)`` gives NLTK's stem of ``word`` (lower-cased, as NLTK's default does).
    """

    def stem(self, word: str) -> str:
        return _core.stem_words([word], "nltk-porter")[0]

    def __repr__(self) -> str:
        return "<rougekit.compat PorterStemmer (NLTK_EXTENSIONS)>"

    def __eq__(self, other: object) -> bool:
        return type(other) is PorterStemmer

    def __hash__(self) -> int:
        return hash(PorterStemmer)


class DefaultTokenizer(Tokenizer):
    """rouge-score's default tokenizer, optionally with NLTK-Porter stemming.

    As in rouge-score, the stemmer is the attribute ``_stemmer`` (``None`` for none):
    replacing it with any object that has ``stem(word)`` changes the tokens; the native
    Porter stemmer and ``None`` keep the fast path of the core.
    """

    def __init__(self, use_stemmer: bool = False) -> None:
        self._stemmer: Any = PorterStemmer() if use_stemmer else None

    @property
    def use_stemmer(self) -> bool:
        return self._stemmer is not None

    def native_stemmer(self) -> bool | None:
        """The core's stemmer flag when the core can tokenize as this tokenizer does (no
        stemmer or the native Porter one, ``tokenize`` not replaced), else ``None``."""
        if "tokenize" in vars(self) or type(self).tokenize is not DefaultTokenizer.tokenize:
            return None
        if self._stemmer is None:
            return False
        return True if type(self._stemmer) is PorterStemmer else None

    def tokenize(self, text: str | bytes) -> list[str]:
        native = self.native_stemmer()
        if native is not None:
            return _core.tokenize(decode_lowered(text), native)
        return _tokenize.tokenize(text, self._stemmer)
