# ruff: noqa: RUF001 (curly quotes, Greek and Cyrillic letters are the point of these cases)
"""``rougekit.sentences.punkt`` against NLTK 3.10.4's ``sent_tokenize`` with the same
punkt_tab models (``tests/punkt_oracle.py``): hand-picked hard cases in every language, a
short hypothesis run per language, the shipped corpora's first texts. The long runs are in
``test_sentences_punkt_corpora.py``."""

from __future__ import annotations

import pytest
import rougekit
import rougekit.sentences as sentences
from conftest import SUMMEVAL, data_file, load_corpus
from hypothesis import given, settings
from hypothesis import strategies as st
from punkt_oracle import LANGUAGES, compare, nltk_punkt, punkt_text

__all__ = ["nltk_punkt"]  # the fixture, used by name

pytestmark = pytest.mark.usefixtures("nltk_punkt")

HARD = (
    "Dr. Smith went home. He was tired.",
    "Mr. and Mrs. J. R. R. Tolkien arrived at 5 p.m. on Jan. 3. Then they left.",
    "The U.S. economy grew 3.5% in 2019. Inflation was 2.1%.",
    "He finished 1. Then 2. then 3. And so on.",
    'She said, "It is over." Then she left. (Really.) [Yes.] {Sure.}',
    "“Is it?” he asked. ‘Yes.’ «Oui.» »Ja.« Next.",
    "Wait... what? Really?! No!!! Fine . . . okay. . . . Done.",
    "iPhone sales rose. eBay fell. the end.",
    "Visit http://www.example.com/a.b?c=d. Or mail a@b.co. Then stop.",
    "Line one.\nLine two.\n\nNew paragraph.  Two spaces.\tA tab.\u2028U+2028.\xa0NBSP.",
    "Trailing spaces.   \n\n  ",
    "   Leading spaces. Here.",
    "No end",
    "",
    ".",
    "...",
    "?!",
    "end.--Next one.",
    "It cost $5.99. It was cheap. No. 5 is next. Vol. 2 too.",
    "The 1st. The 2nd. The 3rd. 4th. Fine.",
    "A. B. C. D. E.",
    "Prof. Dr. med. Müller kam. Er ging.",
    "Das ist z.B. ein Satz. Und noch einer. Am 3. Oktober war es.",
    "C'est-à-dire M. Dupont. Il est là. Le 1er janv. 2020.",
    "Ο κ. Παπαδόπουλος ήρθε. ΟΔΟΣ. Σήμερα.",
    "Он пришёл в 5 ч. вечера. Т.е. поздно. Г. Москва.",
    "İstanbul'a gitti. Prof. Dr. Ahmet geldi. Saat 3. Tamam.",
    "Ks. Jan przyszedł. Np. wczoraj. Tj. dziś.",
    "Hän tuli klo 5. Se oli myöhään. Esim. tänään.",
    "Sr. García llegó. Sra. López también. Etc. Fin.",
    "Sig. Rossi è arrivato. Ecc. Fine.",
    "Sr. Silva chegou. V. Exa. também. Fim.",
    "Hr. Jensen kom. Ca. kl. 5. Slut.",
    "Dhr. Jansen kwam. Bijv. gisteren. Einde.",
    "Dvs. det. Kl. 5. Slutt.",
    "T.ex. igår. Kl. 5. Slut.",
    "Nt. eile. Jne. Lõpp.",
    "Npr. včeraj. Itd. Konec.",
    "Např. včera. Tj. dnes. Konec.",
    "ഡോ. രാമൻ വന്നു. അവൻ പോയി.",
    "a.\u0301 B.",
    "x. \u02b0y. Z.",
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_hard_cases(language: str) -> None:
    compared, bad = compare(HARD, language)
    assert compared > len(HARD)
    assert not bad, "\n".join(bad)


# Two languages here; every language, longer, in test_sentences_punkt_corpora.py.
@pytest.mark.parametrize("language", ["english", "german"])
@settings(max_examples=25)
@given(data=st.data())
def test_generated(language: str, data: st.DataObject) -> None:
    texts = [data.draw(punkt_text(language)) for _ in range(4)]
    _, bad = compare(texts, language)
    assert not bad, "\n".join(bad)


def test_shipped_corpus_start() -> None:
    rows = load_corpus(data_file(SUMMEVAL))[:60]
    texts = [t for r in rows for t in (r["prediction"], r["references"][0])]
    flat = [t.replace("\n", " ") for t in texts]
    compared, bad = compare(texts + flat, "english")
    assert compared > 400
    assert not bad, "\n".join(bad[:5])


def test_batch_equals_one_by_one() -> None:
    texts = list(HARD)
    assert sentences.punkt(texts, "german", threads=2) == [
        sentences.punkt(t, "german") for t in texts
    ]
    assert sentences.punkt_lines(texts) == ["\n".join(sentences.punkt(t)) for t in texts]
    assert rougekit.sentences.punkt("A b. C d.") == ["A b.", "C d."]


def test_languages_and_name() -> None:
    assert sentences.PUNKT_LANGUAGES == LANGUAGES
    assert sentences.punkt_name("german") == "punkt-german@nltk-3.10.4"


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: sentences.punkt("a", "English"), ValueError, "punkt_tab languages are czech"),
        (lambda: sentences.punkt("a", "klingon"), ValueError, "unknown Punkt language"),
        (lambda: sentences.punkt("a", 3), TypeError, "language must be"),
        (lambda: sentences.punkt(3), TypeError, "must be an ordered"),
        (lambda: sentences.punkt(["a", 3]), TypeError, r"texts\[1\] must be str"),
        (lambda: sentences.punkt("a\ud800b"), ValueError, "lone surrogate"),
        (lambda: sentences.punkt({"a"}), TypeError, "ordered"),
    ],
)
def test_bad_input(call, error, match) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=match):
        call()
