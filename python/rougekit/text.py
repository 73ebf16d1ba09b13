"""What a profile makes of text: :func:`tokenize` and :func:`stem`, public so that anyone
can check (and report) the exact tokens behind a score."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rougekit import _core, inputs, profiles


def tokenize(
    text: str, profile: str = profiles.DEFAULT, stemmer: bool | str | None = None, **options: Any
) -> list[str]:
    """The tokens ``profile`` compares for ``text``, stemmed as it stems them (a stemmer
    applies to tokens longer than 3 characters, rouge-score's rule).

    >>> tokenize("Die Straße, die STRASSE!", profile="unicode-v1")
    ['die', 'strasse', 'die', 'strasse']
    >>> tokenize("The cats ran", stemmer=True)
    ['the', 'cat', 'ran']
    """
    made = profiles.create(profile, stemmer=stemmer, **options)
    return made.tokenize(inputs.text(text, "text"))


def stem(words: Iterable[str], stemmer: str) -> list[str]:
    """Each word of ``words`` stemmed by ``stemmer`` as it is given (no lower-casing, no
    length rule): ``"nltk-porter"`` (rouge-score's) or ``"snowball:<algorithm>"``.

    >>> stem(["running", "connections"], "snowball:english")
    ['run', 'connect']
    """
    if isinstance(words, str):
        raise TypeError("words must be a list of str; for one word: stem([word], stemmer)")
    items = [inputs.text(w, f"words[{i}]") for i, w in enumerate(words)]
    if not isinstance(stemmer, str):
        raise TypeError(f"stemmer must be a stemmer name, got {type(stemmer).__name__}")
    return _core.stem_words(items, stemmer)
