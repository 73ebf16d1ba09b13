"""Sentence splitters for rougeLsum: NLTK's Punkt (:func:`punkt`), and a small rule-based
English splitter (``--split-sentences rules``, :func:`split`).

:func:`punkt` is ``nltk.sent_tokenize(text, language)`` exactly (NLTK 3.10.4 with its
``punkt_tab`` models, the 19 languages of :data:`PUNKT_LANGUAGES`), computed by the Rust core
with the models embedded: no NLTK, no download. Its name in signatures is
``punkt-<language>@nltk-3.10.4``.

The rule-based splitter:

rougeLsum compares texts sentence by sentence, and takes sentences from newlines. Texts
without newlines make rougeLsum equal rougeL; rouge-score offers NLTK's Punkt model to
split them, which needs a data download. This splitter works offline and is deterministic;
its name in signatures is ``rules-v1`` and its behaviour will not change under that name.

Rules, in order: existing newlines are always sentence breaks. Within a line, a break
follows ``.``, ``!``, ``?`` or ``...`` (with any closing quotes or brackets after it) when
whitespace follows and the next word starts with an upper-case letter, a digit, or an
opening quote or bracket. No break after:

* a common abbreviation (``Mr.``, ``Dr.``, ``e.g.``, ``etc.``, ``Inc.``, months, ...);
* a single letter (initials such as ``J. R. R. Tolkien``) or dotted acronyms (``U.S.``);
* a number followed by a period and a lower-case word (handled by the upper-case rule).

Known limits: abbreviations outside the list that end a sentence cause no break when the
next word is capitalised only if listed; a sentence starting with a lower-case word
(``iPhone sales rose.``) is joined with the previous one; the next word must start with an
ASCII capital or digit, so a sentence starting with ``Ü``, ``É`` or a Cyrillic capital is
not split off, and ``。`` and ``।`` are not sentence ends (a later splitter may handle them
under another name; this one is frozen). Use one sentence per line in your files when you
need exact control.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, overload

import rougekit._core as _core
import rougekit.inputs as inputs
from rougekit.checks import resolve_threads

NAME = "rules-v1"

#: The languages of NLTK's ``punkt_tab`` models, as :func:`punkt` names them.
PUNKT_LANGUAGES: tuple[str, ...] = tuple(_core.PUNKT_LANGUAGES)
#: What :func:`punkt` reproduces: NLTK 3.10.4's ``sent_tokenize`` with ``punkt_tab``.
PUNKT_VERSION: str = _core.PUNKT_VERSION


def punkt_name(language: str) -> str:
    """The signature name of :func:`punkt` with ``language``'s model:
    ``punkt-english@nltk-3.10.4``."""
    return f"punkt-{language}@{PUNKT_VERSION}"


def _language(language: Any) -> str:
    if not isinstance(language, str):
        raise TypeError(
            f"language must be a punkt_tab language name (str), got {type(language).__name__}"
        )
    if language not in PUNKT_LANGUAGES:
        raise ValueError(
            f"unknown Punkt language {language!r}: the punkt_tab languages are "
            + ", ".join(PUNKT_LANGUAGES)
        )
    return language


@overload
def punkt(text: str, language: str = "english", *, threads: int | None = None) -> list[str]: ...


@overload
def punkt(
    text: Any, language: str = "english", *, threads: int | None = None
) -> list[list[str]]: ...


def punkt(text: Any, language: str = "english", *, threads: int | None = None) -> Any:
    """The sentences of ``text`` by NLTK's Punkt model of ``language``: exactly
    ``nltk.sent_tokenize(text, language)`` (NLTK 3.10.4, ``punkt_tab``), without NLTK.

    For one ``str``, its list of sentences; for a list (or any ordered collection) of
    ``str``, one list per text, split in parallel with the GIL released.

    Args:
        text: a ``str``, or a list of ``str``.
        language: a ``punkt_tab`` model: one of :data:`PUNKT_LANGUAGES` (``"english"``,
            ``"german"``, ...), spelled as NLTK spells it.
        threads: worker threads for a list; ``None`` reads ``$ROUGEKIT_NUM_THREADS``, else
            every core this process may use.

    Raises:
        TypeError: ``text`` is not a str or an ordered collection of str.
        ValueError: an unknown language (the message lists the known ones), or a text with a
            lone surrogate.

    >>> punkt("Dr. Smith went home. He was tired.")
    ['Dr. Smith went home.', 'He was tired.']
    >>> punkt(["Das ist z.B. ein Satz. Und noch einer."], "german")
    [['Das ist z.B. ein Satz.', 'Und noch einer.']]
    """
    language = _language(language)
    if isinstance(text, str):
        return _core.punkt_sentences([inputs.text(text, "text")], language, 1)[0]
    return _core.punkt_sentences(inputs.ordered(text, "text"), language, resolve_threads(threads))


def punkt_lines(
    texts: list[str], language: str = "english", *, threads: int | None = None
) -> list[str]:
    """``"\\n".join(punkt(text, language))`` for each of ``texts``: the texts as rougeLsum
    reads them after a harness's ``"\\n".join(nltk.sent_tokenize(text))``."""
    language = _language(language)
    return _core.punkt_lines(inputs.ordered(texts, "texts"), language, resolve_threads(threads))


_ABBREVIATIONS = frozenset(
    # One string is easier to read and extend than a list of 80 quoted words.
    """
    mr mrs ms dr prof sr jr st mt rev gen col lt sgt capt cmdr adm gov sen rep pres supt
    inc ltd co corp llc plc bros dept univ assn est vol vols no nos fig figs eq ed eds
    vs etc al approx ca cf ie eg viz
    jan feb mar apr jun jul aug sep sept oct nov dec
    mon tue tues wed thu thur thurs fri sat sun
    ave blvd rd hwy ft
    """.split()  # noqa: SIM905
)

# A candidate end: terminal punctuation, closing quotes/brackets, whitespace, then the
# start of the next sentence.
_END = re.compile(r"""([.!?]+['"\u2019\u201d)\]]*)(\s+)(?=['"\u2018\u201c(\[]*[A-Z0-9])""")
_WORD_BEFORE = re.compile(r"(\S+)$")


def _is_abbreviation(token: str) -> bool:
    """``token`` is the word just before a period (with the period removed)."""
    word = token.lstrip("(\"'[\u2018\u201c")
    if not word:
        return False
    if len(word) == 1 and word.isalpha():
        return True  # an initial: "J. Smith"
    if "." in word and all(len(part) <= 2 for part in word.split(".")):
        return True  # dotted acronyms and abbreviations: "U.S", "e.g", "Ph.D"
    return word.lower() in _ABBREVIATIONS


def split_line(line: str) -> list[str]:
    """Sentences of one line (no newline inside), stripped, empty ones left out."""
    sentences = []
    start = 0
    for m in _END.finditer(line):
        punct = m.group(1)
        if punct.startswith(".") and not punct.startswith(".."):
            before = _WORD_BEFORE.search(line, 0, m.start())
            if before and _is_abbreviation(before.group(1)):
                continue
        sentences.append(line[start : m.end(1)].strip())
        start = m.end()
    sentences.append(line[start:].strip())
    return [s for s in sentences if s]


def split(text: str) -> list[str]:
    """Sentences of ``text``: its lines, each split by the rules above."""
    return [s for line in text.split("\n") for s in split_line(line)]


def one_per_line(text: str) -> str:
    """``text`` with one sentence per line (the form rougeLsum reads)."""
    return "\n".join(split(text))


# -- split_sentences= / --split-sentences ------------------------------------------------------

#: ISO 639-1 codes of the punkt_tab languages, for ``language=`` / ``--lang``.
PUNKT_CODES = {
    "cs": "czech", "da": "danish", "nl": "dutch", "en": "english", "et": "estonian",
    "fi": "finnish", "fr": "french", "de": "german", "el": "greek", "it": "italian",
    "ml": "malayalam", "no": "norwegian", "nb": "norwegian", "nn": "norwegian",
    "pl": "polish", "pt": "portuguese", "ru": "russian", "sl": "slovene", "es": "spanish",
    "sv": "swedish", "tr": "turkish",
}  # fmt: skip

#: The values ``split_sentences=`` takes besides ``punkt:<language>``.
SPLIT_CHOICES = ("newline", "rules", "punkt")


def punkt_language(language: str) -> str:
    """The punkt_tab model for a language given as ``language=`` / ``--lang`` takes it (an
    ISO 639-1 code or an English name) or as NLTK names it; ``ValueError`` when it has none."""
    if language in PUNKT_LANGUAGES:
        return language
    import rougekit.languages as languages

    try:
        code: str | None = languages.lookup(language).code
    except ValueError:
        code = None
    if code not in PUNKT_CODES:
        raise ValueError(
            f"NLTK's Punkt has no model for {language!r}: the punkt_tab languages are "
            + ", ".join(PUNKT_LANGUAGES)
        )
    return PUNKT_CODES[str(code)]


@dataclass(frozen=True)
class SentenceSplit:
    """A sentence splitter applied to every text before scoring, so that rougeLsum reads one
    sentence per line: ``"rules"`` (:func:`one_per_line`) or ``"punkt"`` with a punkt_tab
    ``language`` (``"\\n".join(punkt(text, language))``, as harnesses do with
    ``nltk.sent_tokenize``). Existing newlines stay sentence breaks with either."""

    kind: str
    language: str | None = None

    @property
    def name(self) -> str:
        """Its name in signatures: ``rules-v1`` or ``punkt-<language>@nltk-3.10.4``."""
        return NAME if self.language is None else punkt_name(self.language)

    @property
    def option(self) -> str:
        """Its ``split_sentences=`` / ``--split-sentences`` value: ``rules``,
        ``punkt:<language>``."""
        return self.kind if self.language is None else f"punkt:{self.language}"

    def lines(self, texts: list[str], threads: int) -> list[str]:
        """Each of ``texts`` with one sentence per line."""
        if self.language is None:
            return [one_per_line(t) for t in texts]
        return _core.punkt_lines(texts, self.language, threads)

    @classmethod
    def parse(cls, value: Any, language: str | None = None) -> SentenceSplit | None:
        """The splitter ``split_sentences=value`` names (``None`` for ``"newline"``):
        ``"punkt"`` takes its model from ``language`` (``language=`` / ``--lang``) when that
        is given, else English; ``"punkt:<language>"`` names it."""
        if value is None or value == "newline":
            return None
        if not isinstance(value, str):
            raise TypeError(f"split_sentences must be a str, got {type(value).__name__}")
        if value == "rules":
            return cls("rules")
        if value == "punkt":
            return cls("punkt", "english" if language is None else punkt_language(language))
        kind, sep, model = value.partition(":")
        if kind == "punkt" and sep:
            return cls("punkt", punkt_language(model))
        raise ValueError(
            f"unknown split_sentences {value!r}: use newline, rules, punkt or "
            "punkt:<language> (a punkt_tab language such as punkt:german)"
        )

    @classmethod
    def from_name(cls, name: str) -> SentenceSplit | None:
        """The splitter a signature's ``split`` step names (:attr:`name`), or ``None``."""
        if name == NAME:
            return cls("rules")
        m = re.fullmatch(r"punkt-([a-z]+)@(.+)", name)
        if m and m.group(1) in PUNKT_LANGUAGES:
            return cls("punkt", m.group(1))
        return None
