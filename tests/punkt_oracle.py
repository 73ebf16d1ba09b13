# ruff: noqa: RUF001 (curly quotes, Greek and Cyrillic letters are the point of these cases)
"""Test-only oracle for ``rougekit.sentences.punkt``: NLTK's own ``sent_tokenize``.

NLTK's ``punkt_tab`` models are a download, which the tests never make. The shipped models
(``crates/rougekit-core/data/punkt-tab``, the 19 languages' four files each, gzip'd) are
written back out in NLTK's layout, ``<root>/tokenizers/punkt_tab/<language>/``, and that root
is put first on ``nltk.data.path``: NLTK then loads them with its own
``load_punkt_params`` and splits with its own ``PunktTokenizer``, which is exactly what a
user's ``nltk.sent_tokenize(text, language)`` runs once ``punkt_tab`` is installed.

Also here: the generated texts of the hypothesis tests, built from each model's own
abbreviations, collocations, sentence starters and known words (with the cases, numbers,
initials, ordinals, quotes, brackets, ellipses, URLs and odd whitespace that Punkt's rules
turn on).
"""

from __future__ import annotations

import functools
import gzip
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[1]
MODELS = REPO / "crates" / "rougekit-core" / "data" / "punkt-tab"
FILES = ("abbrev_types.txt", "collocations.tab", "sent_starters.txt", "ortho_context.tab")
#: The languages of nltk_data's punkt_tab package (its index entry lists these 19).
LANGUAGES = (
    "czech", "danish", "dutch", "english", "estonian", "finnish", "french", "german",
    "greek", "italian", "malayalam", "norwegian", "polish", "portuguese", "russian",
    "slovene", "spanish", "swedish", "turkish",
)  # fmt: skip


def model_file(language: str, name: str) -> str:
    """One file of a shipped model, decompressed."""
    return gzip.decompress((MODELS / language / f"{name}.gz").read_bytes()).decode("utf-8")


def write_punkt_tab(root: Path) -> None:
    """The shipped models as an NLTK data root holding ``tokenizers/punkt_tab``."""
    for language in LANGUAGES:
        folder = root / "tokenizers" / "punkt_tab" / language
        folder.mkdir(parents=True)
        for name in FILES:
            (folder / name).write_text(model_file(language, name), encoding="utf-8")


@pytest.fixture(scope="module")
def nltk_punkt(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """NLTK's ``sent_tokenize`` loading the shipped punkt_tab models."""
    import nltk

    root = tmp_path_factory.mktemp("nltk_data")
    write_punkt_tab(root)
    cached = nltk.tokenize._get_punkt_tokenizer
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nltk.data, "path", [str(root), *nltk.data.path])
        cached.cache_clear()  # a tokenizer loaded from another model must not be reused
        yield
        cached.cache_clear()


def nltk_sentences(texts: Sequence[str], language: str) -> list[list[str]]:
    """``nltk.sent_tokenize(text, language)`` of each text (under :func:`nltk_punkt`)."""
    import nltk

    return [nltk.sent_tokenize(t, language) for t in texts]


def compare(texts: Sequence[str], language: str) -> tuple[int, list[str]]:
    """rougekit's sentences against NLTK's: (sentences compared, a line per differing text)."""
    import rougekit.sentences as sentences

    ours = sentences.punkt(list(texts), language)
    theirs = nltk_sentences(texts, language)
    bad = [
        f"{language} text {i}: {text[:80]!r}\n    nltk:     {t}\n    rougekit: {o}"
        for i, (text, o, t) in enumerate(zip(texts, ours, theirs, strict=True))
        if o != t
    ]
    return sum(len(t) for t in theirs), bad


# -- generated texts ---------------------------------------------------------------------------

PUNCTUATION = (
    ".", ". ", "?", "!", "!!", "?!", "...", "..", ". . .", ". . . .", "--", "-", ",", ";",
    ":", '"', "'", "“", "”", "‘", "’", "«", "»", "(", ")", "[", "]", "{", "}", "*", "@",
    "&", "#", "`", "%", "/", ".)", '."', ".”", ".'", ".»", "?)", '!"', ".\"'", ".--",
)  # fmt: skip
SPACES = (" ", " ", " ", "  ", "\n", "\n\n", "\t", "\r\n", "\xa0", "\u2028", "\u3000",
          "\x0b", "\x1c", "\x85", " \n ", "")  # fmt: skip
OTHER = (
    "http://example.com/a.b?c=d", "www.nltk.org.", "a@b.co.", "3.5", "1.", "12.", "2.000",
    "-1,5", ".5", "1,000.", "IV.", "4-5.", "J.", "j.", "É.", "Ø.", "U.S.", "e.g.", "i.e.",
    "z.B.", "iPhone", "eBay", "ΟΔΟΣ.", "İstanbul.", "Σ", "_", "٣.", "x²", "½.", "é", "ſt.",
)  # fmt: skip


@functools.cache
def vocabulary(language: str) -> tuple[str, ...]:
    """Words that exercise the model of ``language``: its abbreviations (with the period),
    sentence starters, both words of its collocations, and a sample of its known types."""
    abbrevs = [a + "." for a in model_file(language, "abbrev_types.txt").split("\n") if a]
    starters = [s for s in model_file(language, "sent_starters.txt").split("\n") if s]
    collocations = [
        w for line in model_file(language, "collocations.tab").split("\n") if line
        for w in line.split("\t")
    ]  # fmt: skip
    known = [line.split("\t")[0] for line in model_file(language, "ortho_context.tab").split("\n")]
    words = [*abbrevs, *starters, *collocations, *known[:: max(1, len(known) // 400)]]
    return tuple(w.replace("##number##", "7.") for w in words if w)


def cased(word: str, how: int) -> str:
    return (word, word.capitalize(), word.upper(), word.lower())[how % 4]


@st.composite
def punkt_text(draw: st.DrawFn, language: str) -> str:
    """A text of words of ``language``'s model and the punctuation, numbers and spacing
    Punkt's rules look at, joined by spaces, odd whitespace or nothing."""
    vocab = vocabulary(language)
    pieces = draw(
        st.lists(
            st.one_of(
                st.tuples(st.sampled_from(vocab), st.integers(0, 3)).map(lambda t: cased(*t)),
                st.sampled_from(PUNCTUATION),
                st.sampled_from(OTHER),
                st.text(min_size=1, max_size=3),
            ),
            max_size=40,
        )
    )
    seps = draw(st.lists(st.sampled_from(SPACES), min_size=len(pieces), max_size=len(pieces)))
    return "".join(p + s for p, s in zip(pieces, seps, strict=True))
