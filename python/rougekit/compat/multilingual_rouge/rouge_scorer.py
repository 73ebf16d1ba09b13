"""``multilingual_rouge.rouge_scorer.RougeScorer`` on rougekit's core (profile
``xlsum-v1``)."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

import rougekit.compat.multilingual_rouge.scoring as scoring
from rougekit.compat.rouge_scorer import validated_types
from rougekit.compat.tokenize import valid_utf8
from rougekit.profiles.xlsum import (
    ALIASES,
    NLTK_SNOWBALL,
    OTHER_STEMMERS,
    REFUSED,
    STOPWORD_SNAPSHOTS,
    XlsumV1,
    stemmer_of,
    xlsum_language,
)

#: rouge-score's int zeros of rougeL and rougeLsum on empty input, which the original keeps.
_INT_ZERO = scoring.Score(precision=0, recall=0, fmeasure=0)
#: The original's options that change tokens in ways only Python code can (not offered).
_UNSUPPORTED = ("callable_tokenizer", "callable_stemmer", "min_char_length")


class RougeScorer(scoring.BaseScorer):
    """``RougeScorer(rouge_types, use_stemmer=False, lang=None)``: XL-Sum's scorer.

    ``lang`` is the original's: one of its languages or aliases (``"bangla"``,
    ``"chinese_simplified"``, ``"mundo"``...), ``None`` for English with NLTK's Porter
    stemmer; any other name is tokenised by the default tokenizer and never stemmed, as
    there. ``nltk_stopwords`` (not in the original) picks the NLTK stopword lists:
    ``"5db857e"`` (today's, the default) or ``"3a486db"`` (2021's).
    """

    def __init__(self, rouge_types: Sequence[str], **kwargs: Any) -> None:
        given = [k for k in _UNSUPPORTED if kwargs.get(k) is not None]
        if given:
            raise TypeError(
                f"{', '.join(given)}: not supported by rougekit's drop-in (its tokens are "
                "computed in Rust); use multilingual_rouge itself for custom callables"
            )
        allowed = (*_UNSUPPORTED, "use_stemmer", "lang", "nltk_stopwords")
        unknown = [k for k in kwargs if k not in allowed]
        if unknown:
            raise TypeError(f"unexpected keyword argument(s): {', '.join(unknown)}")
        use_stemmer = bool(kwargs.get("use_stemmer", False))
        language = _language(kwargs.get("lang"), use_stemmer)
        snapshot = kwargs.get("nltk_stopwords") or "5db857e"
        if snapshot not in STOPWORD_SNAPSHOTS:
            raise ValueError(
                f"unknown nltk_stopwords {snapshot!r}: expected '5db857e' or '3a486db'"
            )
        self.rouge_types = rouge_types
        # Built directly: an unknown ``lang`` is the original's "no stemmer" language.
        self._profile = XlsumV1(
            stemmer=stemmer_of(language, snapshot) if use_stemmer else None,
            language=language,
            use_stemmer=use_stemmer,
            nltk_stopwords=snapshot,
        )
        self._engines: dict[tuple[str, ...], Any] = {}

    def score(self, target: str | bytes, prediction: str | bytes) -> dict[str, scoring.Score]:
        """``{type: Score}`` of ``prediction`` against ``target``."""
        keys = validated_types(self.rouge_types)
        if not keys:
            return {}
        types = tuple(dict.fromkeys(keys.values()))
        engine = self._engines.get(types)
        if engine is None:
            engine = self._profile.engine(list(types), 1)
            self._engines[types] = engine
        rows = engine.score_one(_text(prediction), _text(target))[0]
        column = {name: i for i, name in enumerate(engine.types)}
        out: dict[str, scoring.Score] = {}
        for key, name in keys.items():
            row = rows[column[name]]
            out[key] = _INT_ZERO if row[3] else scoring.Score(*row[:3])
        return out


def _language(lang: Any, use_stemmer: bool) -> str:
    """The profile's language for the original's ``lang``, which it matches exactly: only its
    four aliases are resolved, and any other spelling (``"Hindi"``, ``"hi"``) is a language it
    does not know: the default tokenizer and, with ``use_stemmer``, no stemming and a warning,
    as there. ``"porter"`` (NLTK's Snowball ``PorterStemmer``, the ``lang=None`` stemmer) and
    a false ``lang`` are ``lang=None``."""
    if not lang:
        return "none"
    if not isinstance(lang, str):
        raise TypeError(f"lang must be a str, got {type(lang).__name__}")
    key = ALIASES.get(lang, lang)
    if key == "porter":
        return "none"
    if key in REFUSED:
        return xlsum_language(key)  # raises, saying why
    known = key in NLTK_SNOWBALL or key in OTHER_STEMMERS
    if use_stemmer and not known:
        warnings.warn(f"-----unknown stemmer language-> {key}-----", stacklevel=3)
    return key


def _text(value: str | bytes) -> str:
    if isinstance(value, bytes):
        text = value.decode("utf-8", "ignore")
        if any(not c.isascii() and c.lower() != c for c in text):
            # The original lower-cases bytes with bytes.lower() (ASCII only) before its
            # rouge1/2/L tokens, but str.lower() for rougeLsum's: not reproduced.
            raise ValueError(
                "bytes with non-ASCII upper-case letters: XL-Sum's scorer lower-cases bytes "
                "as ASCII for rouge1/2/L (and fully for rougeLsum), which rougekit does not "
                "reproduce; pass str"
            )
        return text
    return valid_utf8(value)


__all__ = ["RougeScorer"]
