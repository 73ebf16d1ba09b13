"""The self-instruct / Stanford Alpaca near-duplicate filter, written here as those
repositories write it (Stanford Alpaca's ``generate_instruction.py`` at 761dc5b:
``RougeScorer(["rougeL"], use_stemmer=False)``, ``scorer._tokenizer.tokenize``,
``rouge_scorer._score_lcs(new_tokens, kept_tokens)`` against every kept instruction,
dropped when ``max(...) > 0.7``), and the texts the tests run it on: the test-only oracle of
``rougekit.dedup``."""

from __future__ import annotations

import random

from conftest import data_file, load_corpus
from rouge_score import rouge_scorer


def self_instruct(texts: list[str], against: list[str], threshold: float) -> list[int]:
    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)
    all_tokens = [scorer._tokenizer.tokenize(t) for t in against]
    kept = []
    for i, text in enumerate(texts):
        new = scorer._tokenizer.tokenize(text)
        scores = [rouge_scorer._score_lcs(new, tokens).fmeasure for tokens in all_tokens]
        if scores and max(scores) > threshold:
            continue
        kept.append(i)
        all_tokens.append(new)
    return kept


def near_duplicates(texts: list[str], n: int, seed: int) -> list[str]:
    """``texts`` with edited copies mixed in: words dropped, swapped, repeated or replaced,
    as paraphrasing generators produce them."""
    rng = random.Random(seed)
    out = list(texts)
    for _ in range(n):
        words = rng.choice(out).split()
        for _ in range(rng.randrange(1, 4)):
            if not words:
                break
            k = rng.randrange(len(words))
            op = rng.randrange(4)
            if op == 0:
                del words[k]
            elif op == 1:
                j = rng.randrange(len(words))
                words[k], words[j] = words[j], words[k]
            elif op == 2:
                words.insert(k, words[k])
            else:
                words[k] = rng.choice(["new", "Please", "write", "the", "a", "list"])
        out.insert(rng.randrange(len(out) + 1), " ".join(words))
    return out


def real_texts(limit: int) -> list[str]:
    """XSum summaries of several systems per document (real near-duplicates among them)."""
    rows = load_corpus(data_file("xsum-hallucination-annotations/xsum.jsonl"))
    texts = [r["prediction"] for r in rows] + [r["references"][0] for r in rows]
    return texts[:limit]
