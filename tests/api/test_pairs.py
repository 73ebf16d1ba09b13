"""rougekit.pairwise / nearest / mbr against rouge-score itself, cell for cell."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import rougekit
from conftest import SAMPLE, data_file, load_corpus, rouge_score_scorer
from hypothesis import given
from hypothesis import strategies as st
from rougekit.profiles import create

FIELD_INDEX = {"precision": 0, "recall": 1, "fmeasure": 2}


def _texts(limit: int = 60) -> list[str]:
    """Real texts: XSum predictions and references (several systems per document)."""
    pairs = load_corpus(SAMPLE)
    texts = [p["prediction"] for p in pairs] + [p["references"][0] for p in pairs]
    return list(dict.fromkeys(texts))[:limit]


def _oracle(a: list[str], b: list[str], ty: str, stemmer: bool, field: str) -> np.ndarray:
    scorer = rouge_score_scorer([ty], stemmer)
    k = FIELD_INDEX[field]
    return np.array([[scorer.score(r, p)[ty][k] for r in b] for p in a], dtype=np.float64)


def _mismatches(got: np.ndarray, want: np.ndarray) -> int:
    return int((got.view(np.int64) != want.view(np.int64)).sum())


@pytest.mark.parametrize("ty", ["rouge1", "rouge2", "rougeL", "rougeLsum"])
@pytest.mark.parametrize("stemmer", [False, True])
def test_pairwise_equals_rouge_score_on_real_texts(ty: str, stemmer: bool) -> None:
    texts = _texts(24)
    other = [t.replace(" ", "\n", 3) for t in texts[:15]]  # some rougeLsum lines
    for field in FIELD_INDEX:
        got = rougekit.pairwise(texts, other, ty, field, stemmer=stemmer, threads=2)
        assert got.shape == (len(texts), len(other)) and got.dtype == np.float64
        assert _mismatches(got, _oracle(texts, other, ty, stemmer, field)) == 0
    square = rougekit.pairwise(texts, type=ty, stemmer=stemmer)
    assert _mismatches(square, _oracle(texts, texts, ty, stemmer, "fmeasure")) == 0


def test_pairwise_on_a_summeval_sample_with_one_thread() -> None:
    rows = load_corpus(data_file("summeval-cnndm/summeval.jsonl"))[:12]
    texts = [r["prediction"] for r in rows]
    got = rougekit.pairwise(texts, type="rougeL", threads=1)
    assert _mismatches(got, _oracle(texts, texts, "rougeL", False, "fmeasure")) == 0


words = st.sampled_from(["a", "b", "cat", "cats", "running", "ran", "x1", "the", "\n", "!", ""])
text = st.lists(words, max_size=12).map(" ".join)


@given(st.lists(text, min_size=1, max_size=6), st.lists(text, min_size=1, max_size=6))
def test_pairwise_hypothesis(a: list[str], b: list[str]) -> None:
    for ty in ("rouge2", "rougeL", "rougeLsum"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", rougekit.NoTokensWarning)  # "!" has no token
            got = rougekit.pairwise(a, b, ty, "recall", stemmer=True)
        assert _mismatches(got, _oracle(a, b, ty, True, "recall")) == 0


def test_profiles_and_options() -> None:
    texts = ["Über die Straßen laufen", "die Straße läuft", "über alles"]
    by_name = rougekit.pairwise(
        texts, type="rouge1", profile="unicode-v1", stemmer="snowball:german"
    )
    by_object = rougekit.pairwise(
        texts, type="rouge1", profile=create("unicode-v1", stemmer="snowball:german")
    )
    scorer = rougekit.RougeScorer(["rouge1"], profile="unicode-v1", stemmer="snowball:german")
    want = [[scorer.score(b, a)["rouge1"].fmeasure for b in texts] for a in texts]
    assert by_name.tolist() == want == by_object.tolist()
    with pytest.raises(ValueError, match="not supported here"):
        rougekit.pairwise(texts, profile="perl-1.5.5")
    with pytest.raises(ValueError, match="not supported here"):
        rougekit.pairwise(texts, profile="token-ids")
    with pytest.raises(ValueError, match="field must be"):
        rougekit.pairwise(texts, field="f1")
    with pytest.raises(TypeError, match="one str"):
        rougekit.pairwise("a text")
    with pytest.raises(TypeError, match=r"texts_b\[1\] must be str"):
        rougekit.pairwise(["a"], ["b", 3])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="options go into the profile object"):
        rougekit.pairwise(texts, profile=create("rouge-score"), stemmer=True)
    assert rougekit.pairwise([], ["a"]).shape == (0, 1)


def test_texts_without_tokens_warn() -> None:
    with pytest.warns(rougekit.NoTokensWarning, match="1 of 3 texts"):
        m = rougekit.pairwise(["今天", "a b"], ["a"])
    assert m.tolist() == [[0.0], [2 / 3]]


def test_nearest_is_the_sorted_row() -> None:
    texts = _texts(60)
    queries, corpus = texts[:15], texts[15:]
    full = _oracle(queries, corpus, "rougeL", False, "fmeasure")
    for k in (1, 3, 100):
        idx, scores = rougekit.nearest(queries, corpus, k)
        width = min(k, len(corpus))
        assert idx.shape == scores.shape == (len(queries), width)
        for q in range(len(queries)):
            order = sorted(range(len(corpus)), key=lambda j: (-full[q, j], j))[:width]
            assert idx[q].tolist() == order
            assert scores[q].tolist() == [full[q, j] for j in order]
    with pytest.raises(ValueError, match="k must be"):
        rougekit.nearest(queries, corpus, -1)


def _mbr_oracle(group: list[str], ty: str) -> int:
    scorer = rouge_score_scorer([ty], False)
    means = []
    for i, c in enumerate(group):
        vals = [scorer.score(r, c)[ty].fmeasure for j, r in enumerate(group) if j != i]
        means.append(sum(vals) / len(vals))
    return max(range(len(group)), key=lambda i: (means[i], -i))


def test_mbr_against_rouge_score() -> None:
    texts = _texts(64)
    groups = [texts[i : i + 8] for i in range(0, len(texts) - 7, 8)]
    groups += [texts[:3], ["only one"], ["same", "same"]]
    for ty in ("rouge1", "rougeL"):
        want = [_mbr_oracle(g, ty) if len(g) > 1 else 0 for g in groups]
        assert rougekit.mbr(groups, ty) == want
    with pytest.raises(ValueError, match=r"candidates\[1\] is empty"):
        rougekit.mbr([["a"], []])
