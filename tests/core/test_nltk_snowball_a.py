"""``nltk-snowball:<language>`` for English, French, German, Italian, Portuguese, Romanian,
Spanish and Dutch vs NLTK 3.10.4's ``SnowballStemmer(language, ignore_stopwords=True)``,
through ``rougekit.stem``.

Shipped: ``tests/data/nltk-snowball/<language>.tsv.gz`` (``make_words.py`` and the README
there say which words): every word of Snowball's vocabularies (French: its list of 2007)
whose NLTK stem differs from Snowball 3.1.1's, the stopwords of both nltk_data snapshots,
other vocabulary words and generated hard cases, each with NLTK's stem under either
snapshot's stopword list. Oracle (marked ``oracle``, skipped without NLTK 3.10.4): NLTK runs
in the test on the shipped words and, when the shared data is present, on its vocabulary
samples, with the stopword lists rougekit embeds. Every comparison counts the differences
and asserts there are none.
"""

from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import rougekit as rk
from conftest import SHARED_DATA

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "tests" / "data" / "nltk-snowball"
STOPWORDS = ROOT / "crates" / "rougekit-core" / "data" / "nltk-stopwords"
LANGUAGES = ("dutch", "english", "french", "german", "italian", "portuguese", "romanian", "spanish")
SNAPSHOTS = ("5db857e", "3a486db")


@cache
def shipped(language: str) -> list[tuple[str, str, str]]:
    """``[(word, stem with the 5db857e stopwords, stem with the 3a486db stopwords)]``."""
    text = gzip.decompress((SHIPPED / f"{language}.tsv.gz").read_bytes()).decode()
    rows = [line.split("\t") for line in text.split("\n") if line]
    return [(w, a, b) for w, a, b in rows]


def stopwords(language: str, snapshot: str) -> set[str]:
    text = (STOPWORDS / snapshot / language).read_text(encoding="utf-8")
    return {w for w in text.split("\n") if w}


def differences(words: list[str], expected: list[str], stemmer: str) -> list[tuple[str, ...]]:
    got = rk.stem(words, stemmer)
    return [(w, e, g) for w, e, g in zip(words, expected, got, strict=True) if e != g]


@pytest.mark.parametrize("language", LANGUAGES)
def test_shipped_stems(language: str) -> None:
    rows = shipped(language)
    words = [w for w, _, _ in rows]
    for column, snapshot in enumerate(SNAPSHOTS, start=1):
        expected = [row[column] for row in rows]
        diff = differences(words, expected, f"nltk-snowball:{language}@{snapshot}")
        assert not diff, f"{snapshot}: {len(diff)} of {len(rows)} words differ, e.g. {diff[:5]}"
    # The set exercises the algorithm: most words change, and stopwords are kept.
    changed = sum(w.lower() != s for w, s, _ in rows)
    assert changed > len(rows) // 3, (changed, len(rows))
    kept = stopwords(language, SNAPSHOTS[0])
    assert all(s == w.lower() for w, s, _ in rows if w.lower() in kept)


#: Words whose NLTK stem differs from Snowball 3.1.1's, one per documented deviation:
#: (language, word, NLTK's stem, Snowball 3.1.1's stem).
DEVIATIONS = (
    ("english", "organization", "organ", "organiz"),
    ("english", "added", "ad", "add"),
    ("english", "geologist", "geologist", "geolog"),
    ("german", "haeuser", "haeus", "haus"),
    ("german", "bildeten", "bildet", "bild"),
    ("french", "l'armement", "l'arm", "armement"),
    ("french", "mosaïque", "mosaïqu", "mosa"),
    ("italian", "conseguenze", "consegut", "conseguent"),
    ("portuguese", "cinqüenta", "cinquent", "cinqüent"),
    ("portuguese", "segurança", "segur", "seguranc"),
    ("romanian", "organizație", "organizaț", "organiz"),
    ("romanian", "organizaţie", "organiz", "organiz"),
    ("romanian", "tovărăşească", "tovărăş", "tovărăș"),
)


@pytest.mark.parametrize(("language", "word", "nltk", "snowball"), DEVIATIONS)
def test_deviations_from_snowball(language: str, word: str, nltk: str, snowball: str) -> None:
    assert rk.stem([word], f"nltk-snowball:{language}") == [nltk]
    assert rk.stem([word], f"snowball:{language}") == [snowball]


def test_lower_cases_then_keeps_stopwords() -> None:
    # NLTK lower-cases first, then returns a stopword unchanged; English also keeps words of
    # at most two letters; others stem short words.
    assert rk.stem(["Having", "Is", "Ab", "Skies"], "nltk-snowball:english") == [
        "having",
        "is",
        "ab",
        "sky",
    ]
    assert rk.stem(["ÜBER", "Häuser"], "nltk-snowball:german") == ["über", "haus"]
    assert rk.stem(["Não", "não"], "nltk-snowball:portuguese") == ["não", "não"]


@cache
def nltk_stemmer(language: str, snapshot: str) -> Any:
    snowball = pytest.importorskip("nltk.stem.snowball")
    import nltk

    if nltk.__version__ != "3.10.4":
        pytest.skip(f"the oracle is NLTK 3.10.4, found {nltk.__version__}")
    stemmer = snowball.SnowballStemmer(language)
    # As `ignore_stopwords=True` would load them, without NLTK's stopwords corpus.
    stemmer.stemmer.stopwords = stopwords(language, snapshot)
    return stemmer


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.oracle
@pytest.mark.parametrize("language", LANGUAGES)
def test_nltk_oracle(language: str) -> None:
    words = [w for w, _, _ in shipped(language)]
    sample = SHARED_DATA / "snowball-vocab" / f"{language}.tsv"
    if sample.is_file():
        lines = sample.read_text(encoding="utf-8").splitlines()
        words += [line.split("\t")[0] for line in lines if line.strip()]
        words += [w.upper() for w in words[-len(lines) :]]
    for snapshot in SNAPSHOTS:
        stemmer = nltk_stemmer(language, snapshot)
        expected = [stemmer.stem(w) for w in words]
        diff = differences(words, expected, f"nltk-snowball:{language}@{snapshot}")
        assert not diff, f"{snapshot}: {len(diff)} of {len(words)} words differ, e.g. {diff[:5]}"
