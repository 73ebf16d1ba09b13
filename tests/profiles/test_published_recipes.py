# ruff: noqa: RUF001 (full-width punctuation is the point of these Chinese cases)
"""Recipes of docs/published-numbers.md against the call patterns they replace, run for real:
LLaMA-Factory's Chinese ROUGE (``scripts/eval_bleu_rouge.py``, its ``compute_metrics``):
jieba segmentation, an empty guard that gives 0, ``rouge_chinese.Rouge().get_scores`` on the
space-joined words, ``round(f * 100, 4)`` per key and the mean over samples."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import rougekit as rk
from conftest import TEST_DATA
from rougekit.compat.rouge_chinese import Rouge as CompatRouge

jieba = pytest.importorskip("jieba", reason="jieba 0.42.1 is a test dependency")
rouge_chinese = pytest.importorskip("rouge_chinese", reason="rouge-chinese is a test dependency")

KEYS = ("rouge-1", "rouge-2", "rouge-l")


def _llamafactory(predict: str, label: str) -> dict[str, float]:
    """The original pattern, with the original packages."""
    hypothesis = list(jieba.cut(predict))
    reference = list(jieba.cut(label))
    if not " ".join(hypothesis).split() or not " ".join(reference).split():
        result: dict[str, Any] = {k: {"f": 0.0} for k in KEYS}
    else:
        result = rouge_chinese.Rouge().get_scores(" ".join(hypothesis), " ".join(reference))[0]
    return {k: round(v["f"] * 100, 4) for k, v in result.items()}


def _rougekit(predicts: list[str], labels: list[str]) -> list[dict[str, float]]:
    """The recipe: rougekit's jieba (one call for the batch) and its rouge_chinese drop-in."""
    rouge = CompatRouge()
    out = []
    for hypothesis, reference in zip(rk.segment(predicts, "jieba"), rk.segment(labels, "jieba")):
        if not " ".join(hypothesis).split() or not " ".join(reference).split():
            result: dict[str, Any] = {k: {"f": 0.0} for k in KEYS}
        else:
            result = rouge.get_scores(" ".join(hypothesis), " ".join(reference))[0]
        out.append({k: round(v["f"] * 100, 4) for k, v in result.items()})
    return out


def _pairs() -> list[tuple[str, str]]:
    """Unsegmented Chinese of the shipped texts, paired at random (seeded), plus the cases
    that move these numbers: repetition (distinct n-grams), empty and blank output,
    punctuation only, mixed scripts, several sentences."""
    rows = [json.loads(line) for line in (TEST_DATA / "zh-texts.jsonl").open(encoding="utf-8")]
    texts = [r["text"].replace(" ", "") for r in rows if r["text"].strip()]
    rng = random.Random(7)
    pairs = [(rng.choice(texts), rng.choice(texts)) for _ in range(300)]
    pairs += [(t, t) for t in texts[:20]]
    pairs += [
        ("好的好的好的好的", "好的"),
        ("今天天气很好。今天天气很好。", "今天天气很好"),
        ("", "今天天气很好"),
        ("   ", "今天天气很好"),
        ("今天天气很好", "！？。"),
        ("GPT-4o发布了，COVID-19疫情结束", "GPT-4o发布"),
        ("第一句。第二句！第三句？\n第四句", "第一句第二句"),
    ]
    return pairs


def test_llamafactory_chinese_rouge_recipe_gives_the_same_numbers() -> None:
    pairs = _pairs()
    want = [_llamafactory(p, label) for p, label in pairs]
    got = _rougekit([p for p, _ in pairs], [label for _, label in pairs])
    assert got == want
    means = {k: sum(row[k] for row in got) / len(got) for k in KEYS}
    assert means == {k: sum(row[k] for row in want) / len(want) for k in KEYS}
    # The recipe's numbers are rouge-chinese's, not those of rougekit's whitespace profile on
    # the same words: it counts distinct n-grams, so repetition is not penalised.
    repeated, once = (" ".join(rk.segment(t, "jieba")) for t in ("好的好的好的好的", "好的"))
    assert got[len(pairs) - 7]["rouge-1"] == 100.0
    whitespace = rk.RougeScorer(["rouge1"], profile="whitespace").score(repeated, once)
    assert whitespace["rouge1"].fmeasure == 0.4
