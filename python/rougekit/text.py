"""What a profile makes of text: :func:`tokenize` and :func:`stem`, public so that anyone
can check (and report) the exact tokens behind a score."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, overload

import rougekit._core as _core
import rougekit.inputs as inputs
import rougekit.profiles as profiles
from rougekit.checks import resolve_threads
from rougekit.profiles import Profile, ProfileLike


class Tokens(Protocol):
    """A profile's tokenizer: the tokens of one text, or of each of many."""

    def tokens(self, text: str) -> list[str]: ...

    def tokens_many(self, texts: Any, threads: int = 1) -> list[list[str]]: ...


class _ProfileTokens:
    """A profile whose tokens the core's text pipeline does not give: one text at a time."""

    def __init__(self, profile: Profile) -> None:
        self._profile = profile

    def tokens(self, text: str) -> list[str]:
        return self._profile.tokenize(inputs.text(text, "text"))

    def tokens_many(self, texts: Any, threads: int = 1) -> list[list[str]]:
        tokenize = self._profile.tokenize
        if not texts:
            tokenize("")  # a profile without text (token-ids) says so here too
        return [tokenize(inputs.text(t, f"text[{i}]")) for i, t in enumerate(texts)]


def tokens_of(profile: Profile) -> Tokens:
    """The tokenizer of ``profile``: the rouge-score family's runs in the core, a list of
    texts in one call."""
    pipeline = profile.core_pipeline()
    return _ProfileTokens(profile) if pipeline is None else pipeline


#: Tokenizers of the usual calls (a profile name and a stemmer, no other option), so that a
#: call per text does not build its profile again: keyed by the profile's name without a
#: stemmer, else by ``(name, type(stemmer), stemmer)`` (``True`` is not ``1``).
_MADE: dict[object, Tokens] = {}


def _tokenizer(profile: ProfileLike, stemmer: object, options: dict[str, Any]) -> Tokens:
    made = tokens_of(profiles.create(profile, stemmer=stemmer, **options))
    if not options and len(_MADE) < 64:
        _MADE[profile if stemmer is None else (profile, type(stemmer), stemmer)] = made
    return made


def texts_of(value: object, name: str = "text") -> Any:
    """``value`` as a list or tuple of texts (items are checked by the tokenizer)."""
    if isinstance(value, (list, tuple)):
        return value
    if isinstance(value, (bytes, bytearray, set, frozenset, dict)) or not hasattr(
        value, "__iter__"
    ):
        hint = " (decode bytes to str first)" if isinstance(value, (bytes, bytearray)) else ""
        raise TypeError(
            f"{name} must be str or an ordered sequence of str (list, tuple), got "
            f"{type(value).__name__}{hint}"
        )
    return list(value)


@overload
def tokenize(
    text: str,
    profile: ProfileLike = ...,
    stemmer: bool | str | None = ...,
    *,
    threads: int | None = ...,
    **options: Any,
) -> list[str]: ...


@overload
def tokenize(
    text: Iterable[str],
    profile: ProfileLike = ...,
    stemmer: bool | str | None = ...,
    *,
    threads: int | None = ...,
    **options: Any,
) -> list[list[str]]: ...


def tokenize(
    text: str | Iterable[str],
    profile: ProfileLike = profiles.DEFAULT,
    stemmer: bool | str | None = None,
    *,
    threads: int | None = None,
    **options: Any,
) -> list[str] | list[list[str]]:
    """The tokens ``profile`` compares for ``text``, stemmed as it stems them (a stemmer
    applies to tokens longer than 3 characters, rouge-score's rule).

    ``text`` may also be a list (or another ordered sequence) of texts: the result is then
    one token list per text, in order, the same as one call per text, computed in one call
    into the core (for a large input without the GIL, on ``threads`` workers; ``None``: as
    :class:`~rougekit.RougeScorer`'s default).

    >>> tokenize("Die Straße, die STRASSE!", profile="unicode-v1")
    ['die', 'strasse', 'die', 'strasse']
    >>> tokenize("The cats ran", stemmer=True)
    ['the', 'cat', 'ran']
    >>> tokenize(["The cats ran", "", "Dogs!"], stemmer=True)
    [['the', 'cat', 'ran'], [], ['dog']]
    """
    try:  # the usual call, inline: the tokenizer of a profile and a stemmer made before
        if options:
            raise KeyError
        made = _MADE[profile if stemmer is None else (profile, type(stemmer), stemmer)]
    except (KeyError, TypeError):  # TypeError: unhashable, which create() refuses
        made = _tokenizer(profile, stemmer, options)
    if isinstance(text, str):
        if threads is not None:
            resolve_threads(threads)
        try:
            return made.tokens(text)
        except UnicodeEncodeError:  # a lone surrogate: the message names the argument
            inputs.text(text, "text")
            raise
    return made.tokens_many(texts_of(text), resolve_threads(threads))


def stem(words: Iterable[str], stemmer: str) -> list[str]:
    """Each word of ``words`` stemmed by ``stemmer`` as it is given (no lower-casing, no
    length rule): ``"nltk-porter"`` (rouge-score's) or ``"snowball:<algorithm>"``.

    >>> stem(["running", "connections"], "snowball:english")
    ['run', 'connect']
    """
    if isinstance(words, str):
        raise TypeError("words must be a list of str; for one word: stem([word], stemmer)")
    if not isinstance(words, (list, tuple)):
        try:
            words = list(words)
        except TypeError:
            raise TypeError(f"words must be a list of str, got {type(words).__name__}") from None
    if not isinstance(stemmer, str):
        raise TypeError(f"stemmer must be a stemmer name, got {type(stemmer).__name__}")
    return _core.stem_words(words, stemmer)
