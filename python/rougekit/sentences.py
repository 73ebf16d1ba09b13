"""A small rule-based English sentence splitter for rougeLsum (``--split-sentences rules``).

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

NAME = "rules-v1"

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
