# ruff: noqa: RUF001 (the Turkish dotless i is the point of the Turkish cases)
"""XL-Sum's Hindi, Bengali and Turkish stemmers (``hindi-suffix``, ``bengali-rafi``,
``turkish-stemmer-1.3``) vs their originals, through ``rougekit.stem``.

Shipped: ``tests/data/xlsum-stemmers/stems.json.xz``, 18,335 words with the stems the originals
give (``make_stems.py`` there made it; README there). Oracle (marked ``oracle``, skipped when the
originals are not installed): PyPI ``multilingual-rouge`` 0.0.1's ``HindiStemmer`` and
``RafiStemmer`` (the wheel lacks the rule file: it is placed beside a temporary copy of the
parser, where ``RafiStemmer()`` reads it) and ``TurkishStemmer`` 1.3 run in the test, on the
shipped words and, when the shared data is present, Snowball's Hindi and Turkish vocabularies.
Every comparison counts the differences and asserts there are none.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import lzma
import shutil
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
import rougekit as rk
from conftest import SHARED_DATA

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "tests" / "data" / "xlsum-stemmers" / "stems.json.xz"
CORE_DATA = ROOT / "crates" / "rougekit-core" / "data"
RULES = CORE_DATA / "bengali-stemmer" / "common.rules"
TURKISH_LISTS = (
    "protected_words.txt",
    "vowel_harmony_exceptions.txt",
    "last_consonant_exceptions.txt",
    "average_stem_size_exceptions.txt",
)
STEMMERS = ("hindi-suffix", "bengali-rafi", "turkish-stemmer-1.3")


@cache
def shipped() -> dict[str, list[tuple[str, str]]]:
    """``{stemmer: [(word, stem)]}`` from the shipped file (``null`` means the word itself)."""
    data = json.loads(lzma.decompress(SHIPPED.read_bytes()))
    return {name: [(w, w if s is None else s) for w, s in rows] for name, rows in data.items()}


def differences(words: list[str], expected: list[str], stemmer: str) -> list[tuple[str, ...]]:
    got = rk.stem(words, stemmer)
    return [(w, e, g) for w, e, g in zip(words, expected, got, strict=True) if e != g]


@pytest.mark.parametrize("stemmer", STEMMERS)
def test_shipped_stems(stemmer: str) -> None:
    rows = shipped()[stemmer]
    words = [w for w, _ in rows]
    diff = differences(words, [s for _, s in rows], stemmer)
    assert not diff, f"{len(diff)} of {len(rows)} words differ, e.g. {diff[:5]}"
    # The set exercises the rules: most Hindi and Bengali words and a third of the Turkish
    # ones are changed by the original.
    changed = sum(w != s for w, s in rows)
    assert changed > len(rows) // 4, (stemmer, changed, len(rows))


def test_documented_behaviour() -> None:
    cases = {
        "hindi-suffix": [
            ("लड़कियाँ", "लड़क"),  # the longest group that fits: ियाँ, not ाँ or ा
            ("करने", "कर"),  # ने (2) needs more than 3 code points, ाने (3) more than 4
            ("का", "का"),
            ("", ""),
        ],
        "bengali-rafi": [
            ("ছেলেরা", "ছেল"),  # one suffix per group: রা, then ে
            ("করছ", "কর"),  # রছ -> র
            ("প\u09c7\u09df\u09c7", "পা"),  # েয়ে -> া with য় precomposed, as the rules spell it
            ("প\u09c7\u09af\u09bc\u09c7", "প\u09c7\u09af\u09bc"),  # NFC য় + ে: only ে goes
            ("হেসে", "হেস"),  # the rules' ে.ে is literal: not a wildcard
            ("হে.ে", "হা."),
        ],
        "turkish-stemmer-1.3": [
            ("kitaplarımızdan", "kitap"),
            ("çocuğuymuşumcasına", "çocuk"),  # the last consonant is hardened
            ("araba", "araba"),  # protected
            ("i\u0307stanbul", "i\u0307stanbul"),  # İ lower-cased: not Turkish letters
            ("İstanbul", "İstanbul"),
            ("ev", "ev"),  # one vowel
        ],
    }
    for stemmer, pairs in cases.items():
        got = rk.stem([w for w, _ in pairs], stemmer)
        assert got == [s for _, s in pairs], stemmer


def test_rule_file_is_the_published_one() -> None:
    digest = hashlib.sha256(RULES.read_bytes()).hexdigest()
    assert digest == "5ce1e31033d9376616bbdb3e32e2a5a7b11558c6f8f5a4106df9477f1a719591"


# -- the originals, run here ------------------------------------------------------------------


def original_bengali(tmp: Path) -> Callable[[str], str]:
    """The scorer's ``RafiStemmer().stem_word``, its parser copied to ``tmp`` with the rule
    file beside it (where ``RafiStemmer()`` reads ``common.rules``)."""
    pytest.importorskip("multilingual_rouge.stemmers")
    spec = importlib.util.find_spec("multilingual_rouge.bengali_stemmer.parser")
    assert spec is not None and spec.origin is not None
    shutil.copy(spec.origin, tmp / "parser.py")
    shutil.copy(RULES, tmp / "common.rules")
    copy = importlib.util.spec_from_file_location("_rafi_parser_copy", tmp / "parser.py")
    assert copy is not None and copy.loader is not None
    module = importlib.util.module_from_spec(copy)
    copy.loader.exec_module(module)
    stem: Callable[[str], str] = module.RafiStemmer().stem_word
    return stem


def original(stemmer: str, tmp: Path) -> Callable[[str], str]:
    if stemmer == "hindi-suffix":
        hindi: Callable[[str], str] = pytest.importorskip(
            "multilingual_rouge.stemmers"
        ).HindiStemmer()
        return hindi
    if stemmer == "bengali-rafi":
        return original_bengali(tmp)
    turkish: Callable[[str], str] = pytest.importorskip("TurkishStemmer").TurkishStemmer().stem
    return turkish


def vocabulary(stemmer: str) -> list[str]:
    """Snowball's Hindi or Turkish test vocabulary (shared data; empty without it)."""
    path = SHARED_DATA / "snowball-vocab" / f"{stemmer.split('-')[0]}.tsv"
    if not path.is_file():
        return []
    text = path.read_text(encoding="utf-8")
    return [line.partition("\t")[0] for line in text.split("\n") if line]


@pytest.mark.oracle
@pytest.mark.parametrize("stemmer", STEMMERS)
def test_against_original(stemmer: str, tmp_path: Path) -> None:
    stem = original(stemmer, tmp_path)
    words = list(dict.fromkeys([w for w, _ in shipped()[stemmer]] + vocabulary(stemmer)))
    diff = differences(words, [stem(w) for w in words], stemmer)
    assert not diff, f"{len(diff)} of {len(words)} words differ, e.g. {diff[:5]}"


@pytest.mark.oracle
def test_embedded_word_lists_are_the_packages() -> None:
    turkish = pytest.importorskip("TurkishStemmer")
    resources = Path(turkish.__file__).parent / "resources"
    for name in TURKISH_LISTS:
        assert (CORE_DATA / "turkish-stemmer" / name).read_bytes() == (
            resources / name
        ).read_bytes()
