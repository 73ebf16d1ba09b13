"""The ``unicode-v1`` and ``character-v1`` tokenizers (``crates/rougekit-core/src/tokenize/
unicode.rs``) against their definition, rouge-score-rs 0.2.1's ``UnicodeTokenizer`` and
``CharacterTokenizer`` (``rouge_score_rs._rougers.tokenize(text, False, profile)``): the
multilingual conformance strings, every code point, the Unicode 17.0 UAX #29 test strings and
Hypothesis text from every block must give exactly the oracle's tokens.
"""

from __future__ import annotations

import pytest

pytest.importorskip("rouge_score_rs")

import rougekit as rk
from conftest import mismatch_report, snippet
from hypothesis import given, settings
from hypothesis import strategies as st
from rougekit import _core
from unicode_text import (
    STRINGS,
    TOKENIZERS,
    blocks,
    break_test_strings,
    oracle,
    read_jsonl,
    texts,
    word_texts,
)


def tokenize(text: str, tokenizer: str) -> list[str]:
    """The public ``rougekit.tokenize`` under the profile of that name."""
    return rk.tokenize(text, profile=tokenizer)


def differences(strings: list[str], tokenizer: str, reference: str | None = None) -> list[str]:
    """One line per string whose rougekit tokens differ from the oracle's."""
    out = []
    for s in strings:
        want = oracle(s, reference or tokenizer)
        got = tokenize(s, tokenizer)
        if got != want:
            out.append(f"{snippet(s)!r} ({[hex(ord(c)) for c in s[:6]]}): {got} != {want}")
    return out


def conformance_strings() -> list[str]:
    rows = read_jsonl(STRINGS)
    assert len(rows) >= 31, f"{STRINGS} lost strings"
    return [r["text"] for r in rows]


@pytest.mark.parametrize("tokenizer", TOKENIZERS)
def test_multilingual_conformance_strings(tokenizer: str) -> None:
    strings = conformance_strings()
    # The comparison has something to compare: the oracle gives tokens for every string.
    assert all(oracle(s, tokenizer) for s in strings)
    bad = differences(strings, tokenizer)
    assert not bad, mismatch_report(bad, len(strings), "strings")


def test_the_comparison_can_fail() -> None:
    """A wrong tokenizer is caught on the same strings: the other profile, rouge-score's
    ASCII tokenizer, and a plausible near miss (Python NFKC + casefold + ``\\w+``)."""
    import re
    import unicodedata

    strings = conformance_strings()
    assert len(differences(strings, "unicode-v1", reference="character-v1")) > 20
    assert len(differences(strings, "character-v1", reference="unicode-v1")) > 20
    assert len(differences(strings, "rouge-score", reference="unicode-v1")) > 20

    def near_miss(s: str) -> list[str]:
        s = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", s).casefold())
        return re.findall(r"\w+", s)

    assert sum(near_miss(s) != oracle(s, "unicode-v1") for s in strings) > 5


def test_alphabetic_or_number() -> None:
    """What "contains an alphabetic character or a number" is, found by comparing every code
    point (``test_every_code_point``): ``Alphabetic`` or ``General_Category=N``. These code
    points tell it apart from the alternatives (``Alphabetic`` or ``Nd`` only, letters and
    numbers only, anything that is not punctuation)."""
    kept = {
        "\u1372": "No: ETHIOPIC NUMBER TEN",
        "\U00010107": "No: AEGEAN NUMBER ONE",
        "\u16ee": "Nl: RUNIC ARLAUG SYMBOL",
        "\u093e": "Mc, Other_Alphabetic: DEVANAGARI VOWEL SIGN AA",
        "\u05b0": "Mn, Other_Alphabetic: HEBREW POINT SHEVA",
    }
    dropped = {
        "\u0301": "Mn: COMBINING ACUTE ACCENT",
        "\u00b7": "Po: MIDDLE DOT",
        "\u2764": "So: HEAVY BLACK HEART",
    }
    for tokenizer in TOKENIZERS:
        for c, what in kept.items():
            assert oracle(f" {c} ", tokenizer), what
            assert tokenize(f" {c} ", tokenizer) == oracle(f" {c} ", tokenizer), what
        for c, what in dropped.items():
            assert oracle(f" {c} ", tokenizer) == tokenize(f" {c} ", tokenizer) == [], what
    # The segment is the token, whole: an alphabetic mark keeps the space WB4 attached it to.
    assert tokenize("a \u093e b", "unicode-v1") == ["a", " \u093e", "b"]


#: Each code point alone, between letters, between digits, and after a space that follows
#: ASCII punctuation (where the scanner cuts a line into parts).
CONTEXTS = ("{}", "a{}b", "1{}2", "x. {}y z")


@pytest.mark.parametrize("tokenizer", TOKENIZERS)
def test_every_code_point(tokenizer: str) -> None:
    """All 1,112,064 scalar values in four contexts. A ``\\n`` separates the cases: it is a
    boundary of both segmentations and of normalisation (``test_lines_are_independent``), so
    a chunk of cases is one call; a differing chunk is then compared case by case."""
    chars = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    assert len(chars) == 1_112_064
    bad: list[str] = []
    tokens = 0
    for context in CONTEXTS:
        for start in range(0, len(chars), 4096):
            cases = [context.format(c) for c in chars[start : start + 4096]]
            text = "\n".join(cases)
            want = oracle(text, tokenizer)
            tokens += len(want)
            if tokenize(text, tokenizer) != want:
                bad += differences(cases, tokenizer)
    assert tokens > 3_000_000, "the oracle gave too few tokens: is it the right profile?"
    assert not bad, mismatch_report(bad, len(chars) * len(CONTEXTS), "code point cases")


@pytest.mark.parametrize("name", ["WordBreakTest.txt", "GraphemeBreakTest.txt"])
@pytest.mark.parametrize("tokenizer", TOKENIZERS)
def test_unicode_17_break_tests(name: str, tokenizer: str) -> None:
    strings = break_test_strings(name)
    assert len(strings) == {"WordBreakTest.txt": 1944, "GraphemeBreakTest.txt": 766}[name]
    assert sum(bool(oracle(s, tokenizer)) for s in strings) > len(strings) // 4
    bad = differences(strings, tokenizer)
    assert not bad, mismatch_report(bad, len(strings), f"{name} strings")


@settings(max_examples=4000)
@given(text=texts())
def test_hypothesis_text_from_every_block(text: str) -> None:
    for tokenizer in TOKENIZERS:
        assert tokenize(text, tokenizer) == oracle(text, tokenizer)


@settings(max_examples=1500)
@given(text=st.one_of(texts(), word_texts()))
def test_lines_are_independent(text: str) -> None:
    """The whole-text tokens are the per-line tokens concatenated, in the oracle and here.

    rouge-score tokenises the whole text (rouge1, rougeL) and each ``\\n``-separated line
    (rougeLsum); the engine scans once and cuts the tokens at each ``\\n``, which is exact
    only because of this (``\\r``, U+2028 and friends stay inside their line, as separators).
    """
    for tokenizer in TOKENIZERS:
        per_line = [t for line in text.split("\n") for t in oracle(line, tokenizer)]
        assert oracle(text, tokenizer) == per_line
        assert tokenize(text, tokenizer) == per_line


def test_blocks_cover_the_code_space() -> None:
    assert blocks()[0][:2] == (0, 0x7F)
    covered = sum(last - first + 1 for first, last, _ in blocks())
    assert covered > 300_000


def test_names() -> None:
    for tokenizer in TOKENIZERS:
        engine = _core.Engine(["rouge1"], None, 1, tokenizer=tokenizer)
        assert engine.tokenizer == tokenizer
    with pytest.raises(ValueError, match="unicode-v1, character-v1, xlsum-v1, xlsum-v1"):
        _core.tokenize("x", None, tokenizer="unicode")
