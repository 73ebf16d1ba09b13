"""Text for the ``unicode-v1`` / ``character-v1`` differential tests: Hypothesis strategies
drawing from every Unicode 17.0 block, the vendored UAX #29 test strings, and the oracle.

The oracle is rouge-score-rs 0.2.1 (``rouge_score_rs._rougers.tokenize(text, False,
profile)``), a test-only dependency; tests import this module after
``pytest.importorskip("rouge_score_rs")``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from conftest import TEST_DATA, data_file
from hypothesis import strategies as st

TOKENIZERS = ("unicode-v1", "character-v1")
UNICODE_17 = TEST_DATA / "unicode-17"
STRINGS = data_file("multilingual-conformance/strings.jsonl")
PAIRS = data_file("multilingual-conformance/pairs.jsonl")
ZH_SAMPLE = data_file("zh-sumeval-sample/zh-sample.jsonl")


def oracle(text: str, tokenizer: str) -> list[str]:
    """rouge-score-rs 0.2.1's tokens (the definition of the two profiles)."""
    from rouge_score_rs._rougers import tokenize

    return list(tokenize(text, False, tokenizer))


@cache
def blocks() -> tuple[tuple[int, int, str], ...]:
    """``(first, last, name)`` of every block of ``Blocks.txt`` 17.0.0, surrogates left out
    (a Rust ``&str`` cannot hold them, and neither tokenizer accepts them)."""
    out = []
    for line in (UNICODE_17 / "Blocks.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        span, name = (part.strip() for part in line.split(";"))
        first, last = (int(x, 16) for x in span.split(".."))
        if "Surrogate" not in name:
            out.append((first, last, name))
    assert len(out) > 300, "Blocks.txt was not read"
    return tuple(out)


def break_test_strings(name: str) -> list[str]:
    """Each test line of a UAX #29 ``*BreakTest.txt`` as a string (its code points joined)."""
    out = []
    path = UNICODE_17 / name
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.append("".join(chr(int(t, 16)) for t in line.split() if t not in "\u00f7\u00d7"))
    return out


def read_jsonl(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


# -- Hypothesis ------------------------------------------------------------------------------

#: Characters that the segmentation and normalisation rules treat specially.
SPECIALS = [
    *[" ", "  ", "\t", "\n", "\n", "\r\n", "\r", "\x0b", "\x0c", "\x85", "\u2028", "\u2029"],
    *["\xa0", "\u3000", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"],
    *["\u0301", "\u0308", "\u0345", "\u093e", "\u094d", "\u05b0", "\u3099", "\ufe0f"],
    *["\U0001f1e6", "\U0001f1eb", "\U0001f1f7", "\U0001f44d", "\U0001f3fd", "\u2764"],
    *["'", "\u2019", '"', ".", ",", ";", ":", "_", "-", "\u00b7", "\uff0e", "\u2024", ". ", "a "],
    *["\u05d0", "\u05d1", "\u30ab", "\u30fc", "\uff76", "\u1100", "\u1161", "\u11a8", "\uac00"],
    *["\u0915", "\u0937", "\u0930", "\u0e01", "\u0e33", "\u4e00", "\u3007", "\u2460", "\u0600"],
    *["\u0130", "\u0131", "\u00df", "\u1e9e", "\u03a3", "\u03c2", "\ufb01", "\u212a", "\u01f0"],
    *["0", "1", "9", "\u0663", "\u0967", "\uff11", "\u00b2", "\u2155", "\u216b"],
]


def any_block_char() -> st.SearchStrategy[str]:
    """One code point from a block chosen uniformly among all 17.0 blocks."""
    return st.sampled_from(blocks()).flatmap(lambda b: st.integers(b[0], b[1]).map(chr))


def any_char() -> st.SearchStrategy[str]:
    """Any code point but a surrogate (Hypothesis's own distribution)."""
    return st.characters(exclude_categories=["Cs"])


def texts(max_pieces: int = 40) -> st.SearchStrategy[str]:
    """Text mixing every block with ASCII words, spaces, newlines, combining marks, ZWJ,
    regional indicators and the other characters with special segmentation rules."""
    piece = st.one_of(
        any_block_char(),
        any_block_char(),
        any_char(),
        st.sampled_from(SPECIALS),
        st.sampled_from(SPECIALS),
        st.text(alphabet="abcXYZ019 .,:;'_-", min_size=1, max_size=8),
        st.lists(any_block_char(), min_size=2, max_size=6).map("".join),
    )
    return st.lists(piece, max_size=max_pieces).map("".join)


#: Words of many scripts, so that generated pairs share tokens.
_WORD_LINES = (
    "the cat Cat CAT sat on mat don't 3.50 1,000 e.g. U.S. foo_bar a-b x² ﬁ Ⅻ ①",
    "Straße STRASSE strasse İstanbul ılık ΟΔΟΣ οδός σοφός Правительство меры ёлка",  # noqa: RUF001
    "今天 天气 很好 北京 東京 カタカナ ｶﾀｶﾅ 서울 날씨 भारत राजधानी नई लड़कियाँ ২০২৪ ٢٠٢٤",
    "الكُتُبَ المدرسة می\u200cخواهم שָׁלוֹם עולם ประเทศไทย မြန်မာ Köln Ko\u0308ln café",  # noqa: RUF001
    "cafe\u0301 👍🏽 🇫🇷 👨\u200d👩\u200d👧 ＧＰＵ 𝐀𝐁",  # noqa: RUF001
)
WORDS = [word for line in _WORD_LINES for word in line.split()]

#: What joins words: mostly spaces, some punctuation and line breaks of every kind.
JOINERS = [" "] * 8 + ["\n"] * 3 + [", ", ". ", "\r\n", "\n\n", "\u2028", "\t", "\u3000", "。"]


def word_texts(min_words: int = 0, max_words: int = 30) -> st.SearchStrategy[str]:
    """Text of shared multilingual words (plus a few arbitrary characters), with newlines."""
    token = st.one_of(st.sampled_from(WORDS), st.sampled_from(WORDS), any_block_char())
    return st.lists(
        st.tuples(token, st.sampled_from(JOINERS)), min_size=min_words, max_size=max_words
    ).map(lambda parts: "".join(w + j for w, j in parts))
