"""Compatible ``rouge_score.tokenize``: the default tokenization function."""

from __future__ import annotations

import re
from typing import Any

import rougekit._core as _core

NON_ALPHANUM_PATTERN = r"[^a-z0-9]+"
NON_ALPHANUM_RE = re.compile(NON_ALPHANUM_PATTERN)
SPACES_PATTERN = r"\s+"
SPACES_RE = re.compile(SPACES_PATTERN)
VALID_TOKEN_PATTERN = r"^[a-z0-9]+$"
VALID_TOKEN_RE = re.compile(VALID_TOKEN_PATTERN)


def tokenize(text: str | bytes, stemmer: Any = None) -> list[str]:
    """Lower-case, split on everything outside ``[a-z0-9]``, stem tokens longer than 3.

    ``stemmer`` is any object with ``stem(word)`` (rouge-score passes NLTK's
    ``PorterStemmer()``); ``None`` disables stemming. ``bytes`` are lower-cased as ASCII
    before decoding, as rouge-score does.
    """
    tokens = _core.tokenize(decode_lowered(text), False)
    if stemmer is not None:
        tokens = [_as_str(stemmer.stem(t)) if len(t) > 3 else t for t in tokens]
    return [t for t in tokens if VALID_TOKEN_RE.match(t)]


def _as_str(stem: str | bytes) -> str:
    """A stemmer's output as ``str``: rouge-score passes it through ``six.ensure_str``,
    so a stemmer returning UTF-8 ``bytes`` works there too."""
    return stem.decode("utf-8") if isinstance(stem, bytes) else stem


def decode_lowered(text: str | bytes) -> str:
    """``text`` as rouge-score sees it for rouge1..9/rougeL: for ``bytes``, ASCII-only
    lower-casing happens before decoding, so U+0130 and U+212A are not mapped to ASCII
    (spec ``rouge-score.md`` §2.3); they become separators."""
    if isinstance(text, bytes):
        return text.lower().decode("utf-8").replace("\u0130", " ").replace("\u212a", " ")
    return valid_utf8(text)


_SURROGATE = re.compile("[\ud800-\udfff]")


def valid_utf8(text: str) -> str:
    """``text`` with lone surrogates replaced by spaces. rouge-score's tokenizer treats a
    surrogate like any other non-alphanumeric character, a separator; the core only takes
    valid Unicode, and a space separates in the same way."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub(" ", text)
    return text
