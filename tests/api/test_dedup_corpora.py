"""rougekit.dedup against the self-instruct loop on larger inputs (slow: the loop is
quadratic in Python): 1,200 XSum summaries of the shipped annotations corpus with 400
near-duplicates mixed in, and under stemming (the loop's tokenizer with a stemmer)."""

from __future__ import annotations

import rougekit
from rouge_score import rouge_scorer
from self_instruct_oracle import near_duplicates, real_texts, self_instruct


def test_whole_corpus_with_near_duplicates() -> None:
    texts = near_duplicates(real_texts(1_200), 400, seed=5)
    assert len(texts) == 1_600
    assert rougekit.dedup(texts).tolist() == self_instruct(texts, [], 0.7)


def test_stemmed_tokens() -> None:
    texts = near_duplicates(real_texts(500), 200, seed=6)
    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=True)
    kept: list[list[str]] = []
    want = []
    for i, t in enumerate(texts):
        new = scorer._tokenizer.tokenize(t)
        if all(rouge_scorer._score_lcs(new, k).fmeasure <= 0.6 for k in kept):
            want.append(i)
            kept.append(new)
    assert rougekit.dedup(texts, 0.6, stemmer=True).tolist() == want
