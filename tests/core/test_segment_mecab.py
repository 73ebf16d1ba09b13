# ruff: noqa: RUF001  (full-width letters and kana marks are the point of these texts)
"""``rougekit.segment(texts, "mecab-unidic-lite")`` against fugashi with unidic-lite 1.0.8.

The oracle is the real MeCab (fugashi, a test dependency) over the real dictionary
(unidic-lite 1.0.8, a test dependency, which rougekit reads at run time): it segments the
shipped texts (``tests/data/ja-texts.jsonl``, which also records its words), texts generated
from a fixed seed (``japanese_texts.py``) and hypothesis' texts; the slow test adds every
Japanese paragraph of Rust by Example's translation installed with this machine's Rust
documentation, run together into long texts too, and 20,000 generated texts.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
import rougekit as rk
from hypothesis import given, settings
from hypothesis import strategies as st
from japanese_texts import (
    BEYOND_UCS2,
    CATEGORIES,
    generated_texts,
    recorded,
    rust_by_example_texts,
    unidic_lite_args,
)

SEGMENTER = "mecab-unidic-lite"


@pytest.fixture(scope="module")
def tagger() -> Any:
    fugashi = pytest.importorskip("fugashi", reason="fugashi (the test oracle) is not installed")
    return fugashi.Tagger(unidic_lite_args())


def _check(tagger: Any, texts: list[str]) -> None:
    ours = rk.segment(texts, SEGMENTER, threads=1)
    bad = []
    for text, a in zip(texts, ours, strict=True):
        b = [w.surface for w in tagger(text)]
        if a != b:
            k = next(i for i, (x, y) in enumerate(zip([*a, None], [*b, None])) if x != y)
            j = max(0, k - 2)
            bad.append(f"{text[:60]!r}: rougekit {a[j : k + 3]} MeCab {b[j : k + 3]}")
    assert not bad, f"{len(bad)} of {len(texts)} texts differ from MeCab:\n" + "\n".join(bad[:10])


def test_recorded_texts_give_the_recorded_words() -> None:
    rows = recorded()
    assert len(rows) > 400
    sources = {r["source"] for r in rows}
    assert sources == {"multilingual-conformance", "rust-by-example-ja", "generated"}
    ours = rk.segment([str(r["text"]) for r in rows], SEGMENTER)
    bad = [r["id"] for r, words in zip(rows, ours) if words != r["mecab"]]
    assert not bad, f"{len(bad)} of {len(rows)} recorded texts differ: {bad[:10]}"


def test_recorded_texts_against_fugashi(tagger: Any) -> None:
    _check(tagger, [str(r["text"]) for r in recorded()])


def test_generated_texts(tagger: Any) -> None:
    _check(tagger, generated_texts(600, seed=0))


def test_edges(tagger: Any) -> None:
    texts = [
        "", " ", "   ", "\n", "abc  ", "  abc", "a\x00b", "\x00", "東京\x00大阪", "ＡＢＣ　ｄ",
        "\u3000x", "x" * 30 + "あ", "a" * 24, "a" * 25, "a" * 26, "😀", "😀😀\r", "\r\n😀\r",
        "ｶﾞｷﾞｸﾞ", "ﾞ", "う゛", "〇一二三", "ＣＯＶＩＤ－１９の感染者が１２３人に", "\uffff", "\ufffe",
        "カ" * 100, "漢" * 70_000, " " * 1000 + "あ", "a" * 3000,
    ]  # fmt: skip
    _check(tagger, texts)


def test_words_are_slices_without_spaces() -> None:
    text = " 東京  都に\t住む。 \n"
    words = rk.segment(text, SEGMENTER)
    assert words == ["東京", "都", "に", "住む", "。"]
    assert rk.segment([text, ""], SEGMENTER, threads=2) == [words, []]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([c for cat in CATEGORIES for c in cat] + BEYOND_UCS2), max_size=40))
def test_hypothesis(tagger: Any, parts: list[str]) -> None:
    _check(tagger, ["".join(parts)])


@pytest.mark.slow
def test_rust_by_example_and_many_generated(tagger: Any) -> None:
    real = list(rust_by_example_texts())
    if not real:
        pytest.skip("Rust by Example's Japanese translation is not installed (rustup's rust-docs)")
    long = ["".join(real[i : i + 50]) for i in range(0, len(real), 50)]
    _check(tagger, real + long + generated_texts(20_000, seed=2))


def test_without_unidic_lite_the_error_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import rougekit.segmentation as segmentation

    monkeypatch.setitem(sys.modules, "unidic_lite", None)  # the import fails
    monkeypatch.setattr(segmentation, "_unidic_lite_loaded", False)
    with pytest.raises(ModuleNotFoundError, match=r"pip install unidic-lite==1\.0\.8"):
        segmentation.load_unidic_lite()


def test_another_unidic_lite_version_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    import rougekit.segmentation as segmentation

    monkeypatch.setattr(importlib.metadata, "version", lambda name: "9.9")
    monkeypatch.setattr(segmentation, "_unidic_lite_loaded", False)
    with pytest.raises(ValueError, match=r"unidic-lite 9\.9 is installed"):
        segmentation.load_unidic_lite()


def test_a_second_dictionary_is_refused(tmp_path: Any) -> None:
    from rougekit import _core

    rk.segment("あ", SEGMENTER)
    with pytest.raises(ValueError, match="cannot load"):
        _core.load_mecab_dictionary(str(tmp_path), "other")


def test_the_whitespace_profile_keeps_the_skipped_newlines(tagger: Any) -> None:
    # rougeLsum's lines: the whole text's MeCab words, cut at the newlines MeCab skipped
    # (fugashi gives what it skipped before each word as its white_space).
    def joined(text: str) -> str:
        out = []
        for w in tagger(text):
            out.append("\n" * w.white_space.count("\n") or " ")
            out.append(w.surface)
        return "".join(out)

    texts = [str(r["text"]) for r in recorded()] + generated_texts(200, seed=11)
    preds, refs = [*texts[1:], "東京\n\n大阪 \n京都\n"], [*texts[:-1], "東京\n大阪\n\n"]
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    ours = rk.RougeScorer(types, profile="whitespace", segmenter=SEGMENTER).score_batch(preds, refs)
    theirs = rk.RougeScorer(types, profile="whitespace").score_batch(
        [joined(p) for p in preds], [joined(r) for r in refs]
    )
    for t in types:
        assert list(ours.fmeasure(t)) == list(theirs.fmeasure(t)), t
