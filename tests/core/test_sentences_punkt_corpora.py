"""``rougekit.sentences.punkt`` against NLTK's ``sent_tokenize`` (same punkt_tab models,
``tests/punkt_oracle.py``) on every text of every corpus, shipped and (when present) shared,
as written and with its newlines turned into spaces; every language's model on the
multilingual texts and a corpus sample; and a longer hypothesis run per language. Each test
prints its counts (``pytest -s``): texts, sentences compared, texts that differ (0)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SUMMEVAL, corpus_label, data_file, load_corpus, read_jsonl, shared_corpus_files
from hypothesis import given, settings
from hypothesis import strategies as st
from punkt_oracle import LANGUAGES, compare, nltk_punkt, punkt_text

__all__ = ["nltk_punkt"]

pytestmark = pytest.mark.usefixtures("nltk_punkt")


def _texts(path: Path) -> list[str]:
    seen: dict[str, None] = {}
    for row in load_corpus(path):
        for text in (row["prediction"], *row["references"]):
            seen.setdefault(text)
    return list(seen)


def _report(what: str, language: str, texts: list[str], compared: int, bad: list[str]) -> None:
    counts = f"{len(texts)} texts, {compared} sentences, {len(bad)} differ"
    print(f"\npunkt parity {language} {what}: {counts}")
    assert not bad, "\n".join(bad[:5])


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=corpus_label(p)) for p in shared_corpus_files(include_too_big=True)]
)
def test_corpus(path: Path) -> None:
    texts = _texts(path)
    texts += [t.replace("\n", " ") for t in texts if "\n" in t]
    compared, bad = compare(texts, "english")
    _report(corpus_label(path), "english", texts, compared, bad)


def _multilingual() -> list[str]:
    texts = [r["text"] for r in read_jsonl(data_file("multilingual-conformance/strings.jsonl"))]
    for row in read_jsonl(data_file("multilingual-conformance/pairs.jsonl")):
        texts += [row["prediction"], *row["references"]]
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_model_on_real_text(language: str) -> None:
    sample = _texts(data_file(SUMMEVAL))[:1500]
    texts = _multilingual() + sample + [t.replace("\n", " ") for t in sample]
    compared, bad = compare(texts, language)
    _report("multilingual+summeval", language, texts, compared, bad)


@pytest.mark.parametrize("language", LANGUAGES)
@settings(max_examples=300)
@given(data=st.data())
def test_generated(language: str, data: st.DataObject) -> None:
    texts = [data.draw(punkt_text(language)) for _ in range(10)]
    _, bad = compare(texts, language)
    assert not bad, "\n".join(bad)
