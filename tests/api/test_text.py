"""``rougekit.tokenize`` of a list of texts (one core call) against one call per text, on
real text for every text profile and stemmer; ``rougekit.stem``; errors naming the position."""

from __future__ import annotations

import json
from typing import Any

import pytest
import rougekit as rk
from conftest import SAMPLE
from hypothesis import given, settings
from hypothesis import strategies as st
from unicode_text import _WORD_LINES, break_test_strings, word_texts

#: Every text profile with each stemmer it takes (``None``: no stemmer).
PROFILE_STEMMERS = [
    ("rouge-score", None),
    ("rouge-score", True),
    ("rouge-score", "nltk-porter"),
    ("unicode-v1", None),
    ("unicode-v1", "snowball:english"),
    ("unicode-v1", "snowball:german"),
    ("character-v1", None),
    ("whitespace", None),
    ("whitespace", "snowball:english"),
    ("perl-1.5.5", None),
    ("perl-1.5.5", True),
    ("perl-1.5.5", "porter"),
]


def real_texts() -> list[str]:
    """The XSum sample's predictions and references (English), the multilingual word
    lines, and UAX #29's word-break test strings (every script and break rule)."""
    out: list[str] = []
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        out.append(row["prediction"])
        out.extend(row["references"])
    out.extend(_WORD_LINES)
    out.append("\n".join(_WORD_LINES))
    out.extend(break_test_strings("WordBreakTest.txt")[:400])
    out.extend(["", " ", "\n\n", "The CATS were RUNNING; connections, connected!"])
    return out


TEXTS = real_texts()


@pytest.mark.parametrize(("profile", "stemmer"), PROFILE_STEMMERS)
def test_a_list_is_each_texts_tokens(profile: str, stemmer: Any) -> None:
    one_by_one = [rk.tokenize(t, profile=profile, stemmer=stemmer) for t in TEXTS]
    assert rk.tokenize(TEXTS, profile=profile, stemmer=stemmer) == one_by_one
    assert rk.tokenize(tuple(TEXTS), profile=profile, stemmer=stemmer) == one_by_one
    assert rk.tokenize(iter(TEXTS), profile=profile, stemmer=stemmer, threads=1) == one_by_one
    scorer = rk.RougeScorer(["rouge1"], profile=profile, stemmer=stemmer)
    assert scorer.tokenize(TEXTS) == one_by_one
    assert [scorer.tokenize(t) for t in TEXTS[:50]] == one_by_one[:50]


@pytest.mark.parametrize(("profile", "stemmer"), PROFILE_STEMMERS[:9])
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_a_large_list_on_threads_is_each_texts_tokens(
    profile: str, stemmer: Any, threads: int
) -> None:
    # Over 64 KiB: tokenised without the GIL, in groups of texts shared by the workers.
    texts = TEXTS * 8
    assert sum(len(t.encode()) for t in texts) > 1 << 16
    got = rk.tokenize(texts, profile=profile, stemmer=stemmer, threads=threads)
    assert got == [rk.tokenize(t, profile=profile, stemmer=stemmer) for t in texts]


@pytest.mark.parametrize(
    ("profile", "stemmer"),
    [("rouge-score", True), ("unicode-v1", "snowball:german"), ("whitespace", "snowball:english")],
)
def test_stems_are_the_stemmers_own(profile: str, stemmer: Any) -> None:
    # The tokenizer keeps stems it made before: they must be what the stemmer gives, the
    # first time and after, on one text and on a list, for tokens over 3 characters.
    name = "nltk-porter" if stemmer is True else stemmer
    plain = rk.tokenize(TEXTS, profile=profile)
    expected = [[rk.stem([w], name)[0] if len(w) > 3 else w for w in ws] for ws in plain]
    for _ in range(2):
        assert rk.tokenize(TEXTS, profile=profile, stemmer=stemmer) == expected
        assert [rk.tokenize(t, profile=profile, stemmer=stemmer) for t in TEXTS] == expected


def test_stemmers_in_turn_keep_their_own_stems() -> None:
    text = "Connections were running through the houses"
    porter = rk.tokenize(text, stemmer=True)
    english = rk.tokenize(text, profile="unicode-v1", stemmer="snowball:english")
    for _ in range(3):
        assert rk.tokenize(text, stemmer=True) == porter == ["connect", "were", "run",
                                                            "through", "the", "hous"]  # fmt: skip
        assert rk.tokenize(text, profile="unicode-v1", stemmer="snowball:english") == english
    assert english == ["connect", "were", "run", "through", "the", "hous"]


@settings(max_examples=300)
@given(texts=st.lists(word_texts(), max_size=12))
def test_lists_of_generated_texts(texts: list[str]) -> None:
    for profile, stemmer in [("unicode-v1", "snowball:english"), ("rouge-score", True)]:
        got = rk.tokenize(texts, profile=profile, stemmer=stemmer)
        assert got == [rk.tokenize(t, profile=profile, stemmer=stemmer) for t in texts]


def test_the_single_text_call_is_unchanged() -> None:
    assert rk.tokenize("The cats ran") == ["the", "cats", "ran"]
    assert rk.tokenize("The cats ran", stemmer=True) == ["the", "cat", "ran"]
    assert rk.tokenize(text="Die Straße", profile="unicode-v1") == ["die", "strasse"]
    assert rk.tokenize("", profile="whitespace") == []
    assert rk.tokenize([]) == []
    assert rk.tokenize([""]) == [[]]


@pytest.mark.parametrize("profile", ["rouge-score", "unicode-v1", "perl-1.5.5"])
def test_bad_texts_are_named_by_position(profile: str) -> None:
    def tok(value: Any) -> Any:
        return rk.tokenize(value, profile=profile)

    with pytest.raises(TypeError, match=r"^text\[1\] must be str, got NoneType$"):
        tok(["a", None, "b"])
    with pytest.raises(TypeError, match=r"^text\[2\] must be str, got int$"):
        tok(("a", "b", 3))
    with pytest.raises(TypeError, match=r"^text\[0\] must be str, got bytes \(decode bytes"):
        tok([b"a b"])
    with pytest.raises(ValueError, match=r"^text\[1\] is not valid Unicode text"):
        tok(["a", "b\ud800"])
    with pytest.raises(TypeError, match=r"^text must be str or .*, got bytes \(decode bytes"):
        tok(b"a b")
    with pytest.raises(TypeError, match=r"^text must be str or .*, got NoneType$"):
        tok(None)
    with pytest.raises(TypeError, match=r"^text must be str or .*, got set$"):
        tok({"a", "b"})
    with pytest.raises(ValueError, match=r"^text is not valid Unicode text"):
        tok("b\ud800")


def test_other_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="threads"):
        rk.tokenize(["a"], threads=0)
    with pytest.raises(ValueError, match="threads"):
        rk.tokenize("a", threads=0)
    with pytest.raises(ValueError, match="unknown profile"):
        rk.tokenize(["a"], profile="nope")
    with pytest.raises(TypeError, match="stemmer must be a bool or a stemmer name, got int"):
        rk.tokenize("a", stemmer=1)  # not taken for True, even after a call with True
    rk.tokenize("a", stemmer=True)
    with pytest.raises(TypeError, match="stemmer must be a bool or a stemmer name, got int"):
        rk.tokenize("a", stemmer=1)
    with pytest.raises(ValueError, match="token ids, not text"):
        rk.tokenize([], profile="token-ids")
    with pytest.raises(ValueError, match="token ids, not text"):
        rk.tokenize(["a"], profile="token-ids")


def test_stem_checks_each_word() -> None:
    assert rk.stem(["running", "Connections"], "nltk-porter") == ["run", "connect"]
    assert rk.stem(("laufenden", "Häuser"), "snowball:german") == ["laufend", "Haus"]
    assert rk.stem(iter(["cats"]), "snowball:english") == ["cat"]
    assert rk.stem([], "nltk-porter") == []
    with pytest.raises(TypeError, match=r"^words\[1\] must be str, got NoneType$"):
        rk.stem(["a", None], "nltk-porter")
    with pytest.raises(TypeError, match=r"^words\[0\] must be str, got bytes \(decode"):
        rk.stem([b"a"], "nltk-porter")
    with pytest.raises(ValueError, match=r"^words\[0\] is not valid Unicode text"):
        rk.stem(["\udc80"], "nltk-porter")
    with pytest.raises(TypeError, match="for one word"):
        rk.stem("running", "nltk-porter")
    with pytest.raises(ValueError, match="unknown stemmer"):
        rk.stem(["a"], "porter")


def test_a_large_stem_list_is_each_words_stem() -> None:
    # Over 64 KiB of words: stemmed without the GIL, each distinct word once.
    words = [w for t in TEXTS for w in t.split()] * 8
    assert sum(len(w.encode()) for w in words) > 1 << 16
    for stemmer in ["nltk-porter", "snowball:english", "snowball:greek"]:
        assert rk.stem(words, stemmer) == [rk.stem([w], stemmer)[0] for w in words]
