"""``rougekit.segment(texts, "newmm")`` against pythainlp 5.4.0's
``word_tokenize(text, engine="newmm")``.

The oracle is the real pythainlp 5.4.0 (a test dependency): it segments the shipped texts
(``tests/data/th-texts.jsonl``, which also records its words, so that they are checked where
pythainlp is not installed), texts generated from a fixed seed (``thai_texts.py``) and
hypothesis' texts; the slow test adds the real Thai of pythainlp's own corpora (290,057
Wikipedia titles, run together too) and long runs.
"""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import pytest
import rougekit as rk
from hypothesis import given, settings
from hypothesis import strategies as st
from thai_texts import (
    SPECIAL,
    THAI_BLOCK,
    WORDS,
    dictionary_words,
    generated_texts,
    recorded_texts,
    wheel_texts,
)


@pytest.fixture(scope="module")
def pythainlp() -> Any:
    module = pytest.importorskip(
        "pythainlp", reason="pythainlp 5.4.0 (the test oracle) is not installed"
    )
    assert module.__version__ == "5.4.0", "the oracle is pythainlp 5.4.0 (pyproject's test extra)"
    return module


def _newmm(texts: list[str]) -> list[list[str]]:
    from pythainlp.tokenize import word_tokenize

    return [word_tokenize(t, engine="newmm") for t in texts]


def _check(texts: list[str]) -> None:
    ours = rk.segment(texts, "newmm", threads=1)
    theirs = _newmm(texts)
    bad = []
    for text, a, b in zip(texts, ours, theirs, strict=True):
        if a != b:
            k = next(i for i, (x, y) in enumerate(zip([*a, None], [*b, None])) if x != y)
            bad.append(
                f"{text[:60]!r}: rougekit {a[max(0, k - 2) : k + 3]} newmm {b[k - 2 : k + 3]}"
            )
    assert not bad, f"{len(bad)} of {len(texts)} texts differ from newmm:\n" + "\n".join(bad[:10])


def test_recorded_texts_give_the_recorded_words() -> None:
    rows = recorded_texts()
    assert len(rows) > 150
    ours = rk.segment([str(r["text"]) for r in rows], "newmm")
    assert [r["newmm"] for r in rows] == ours


def test_recorded_texts_against_newmm(pythainlp: Any) -> None:
    rows = recorded_texts()
    texts = [str(r["text"]) for r in rows]
    assert [r["newmm"] for r in rows] == _newmm(texts)


def test_generated_texts_against_newmm(pythainlp: Any) -> None:
    _check(generated_texts(2000))


_ALPHABET = st.sampled_from([*THAI_BLOCK, *SPECIAL, *dictionary_words()[::200]])


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_hypothesis_texts_against_newmm(text: str) -> None:
    pytest.importorskip("pythainlp")
    _check([text])


@pytest.mark.slow
def test_pythainlp_corpora_and_long_runs_against_newmm(pythainlp: Any) -> None:
    corpus = Path(pythainlp.__file__).parent / "corpus"
    for texts in wheel_texts(corpus).values():
        _check(texts)
    _check(generated_texts(30000, seed=2))
    long = generated_texts(500, seed=3)
    _check(["".join(long[i : i + 25]) for i in range(0, 500, 25)])


def test_shipped_dictionary_is_pythainlps(pythainlp: Any) -> None:
    from pythainlp.corpus.common import thai_words

    wheel = Path(pythainlp.__file__).parent / "corpus/words_th.txt"
    assert gzip.decompress(WORDS.read_bytes()) == wheel.read_bytes()
    # pythainlp strips each line (``Trie.add``); these need none, which the core relies on.
    assert all(w == w.strip() for w in dictionary_words())
    assert set(dictionary_words()) == set(thai_words())


def test_documented_examples() -> None:
    # pythainlp's own docstring examples.
    assert rk.segment("โอเคบ่พวกเรารักภาษาบ้านเกิด", "newmm") == [
        "โอเค", "บ่", "พวกเรา", "รัก", "ภาษา", "บ้านเกิด",
    ]  # fmt: skip
    assert rk.segment("วรรณกรรม ภาพวาด และการแสดงงิ้ว ", "newmm") == [
        "วรรณกรรม", " ", "ภาพวาด", " ", "และ", "การแสดง", "งิ้ว", " ",
    ]  # fmt: skip
    assert rk.segment("เงิน1,234บาท19:32น 127.0.0.1", "newmm") == [
        "เงิน", "1,234", "บาท", "19:32", "น", " ", "127.0.0.1",
    ]  # fmt: skip
    assert rk.segment("", "newmm") == []


def test_words_join_to_the_text_and_threads_agree() -> None:
    texts = generated_texts(300, seed=4)
    one = rk.segment(texts, "newmm", threads=1)
    two = rk.segment(texts, "newmm", threads=2)
    assert one == two
    assert ["".join(w) for w in one] == texts


def test_unknown_segmenter_lists_newmm() -> None:
    with pytest.raises(ValueError, match="the known segmenters are jieba, newmm"):
        rk.segment(["x"], "Newmm")


def test_whitespace_profile_with_newmm() -> None:
    scorer = rk.RougeScorer(["rouge1"], profile="whitespace", segmenter="newmm")
    assert "seg:newmm-pythainlp-5.4.0" in str(scorer.signature())
    # พวกเรา รัก ภาษา against พวกเรา รัก ภาษาไทย (one word); unsegmented: 0.
    got = scorer.score("พวกเรารักภาษา", "พวกเรารักภาษาไทย")
    assert tuple(got["rouge1"]) == pytest.approx((2 / 3, 2 / 3, 2 / 3))
