# ruff: noqa: RUF001  (full-width punctuation is the point of the Chinese cases)
"""Explanations of the ``pltrdy-1.0.1`` and ``rouge-chinese-1.0.3`` profiles recompute their
scores exactly: ``Explanation.check()`` passes (the counts recomputed from the tokens and the
matches: distinct or clipped n-grams, rouge 1.0.1's sentence-pair LCSs, rouge-chinese's
alignment; P/R/F with ``2 * ((P * R) / (P + R + 1e-8))``) and the stored floats are
``score_batch``'s bit for bit, for both ``exclusive`` settings.

The default run takes about 150 pairs per case; the full runs (>= 10,000 pairs per profile:
CNN/DM for pltrdy-1.0.1, every ordered pair of the shipped Chinese texts for
rouge-chinese-1.0.3 with and without jieba) are marked slow.
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
import rougekit as rk
from rougekit.config import ScorerConfig
from rougekit.errors import ExplainCheckError
from rougekit.explain.check import check
from rougekit.explain.check import recompute as recompute_numbers
from rougekit.profiles.pltrdy import Pltrdy101
from rougekit.profiles.rouge_chinese import RougeChinese103

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import corpus_names, named_corpus

CNNDM = "cnndm-pointer-generator/pointer-gen-cov.jsonl"
XSUM = "xsum-hallucination-annotations/xsum.jsonl.xz"
ZH_TEXTS = Path(__file__).resolve().parents[1] / "data" / "zh-texts.jsonl"
TYPES = ("rouge1", "rouge2", "rougeL")


def scorer(profile: str, exclusive: bool, segmenter: str | None = None) -> rk.RougeScorer:
    config: Any
    if profile == "pltrdy-1.0.1":
        config = Pltrdy101(exclusive=exclusive)
    else:
        config = RougeChinese103(exclusive=exclusive, segmenter=segmenter)
    return rk.RougeScorer.from_config(ScorerConfig(TYPES, config))


def english_pairs(name: str, n: int | None) -> tuple[list[str], list[str]]:
    rows = named_corpus(name)[:n]
    return [r["prediction"] for r in rows], [r["references"][0] for r in rows]


def chinese_texts() -> list[str]:
    """The shipped real Chinese texts (jieba-segmented with spaces, and as written)."""
    rows = [json.loads(line) for line in ZH_TEXTS.read_text(encoding="utf-8").splitlines()]
    return [r["text"] for r in rows if r["text"].strip()]


def chinese_pairs(n: int | None, step: int = 1) -> tuple[list[str], list[str]]:
    """Every ordered pair of distinct texts (every ``step``-th, the first ``n``)."""
    texts = chinese_texts()
    pairs = [(a, b) for i, a in enumerate(texts) for j, b in enumerate(texts) if i != j]
    pairs = pairs[::step][:n]
    return [a for a, _ in pairs], [b for _, b in pairs]


#: Pairs per batch that check() re-derives from their texts.
REDERIVED = 8


def recompute(s: rk.RougeScorer, preds: list[str], refs: list[str]) -> tuple[int, int, list[str]]:
    """(pairs, values compared, mismatches)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = s.score_batch(preds, refs, progress=False)
    columns = {t: (batch.precision(t), batch.recall(t), batch.fmeasure(t)) for t in s.types}
    pairs = values = 0
    bad: list[str] = []
    for i, ex in enumerate(s.explain_batch(preds, refs)):
        d = ex.to_dict()
        try:
            # Every pair's numbers are recomputed from its counts; the first pairs are also
            # re-derived from their texts by the scorer their signature records (what
            # check() adds to that, at the cost of explaining them again).
            check(d) if i < REDERIVED else recompute_numbers(d)
        except ExplainCheckError as e:
            bad.append(f"pair {i}: {e}")
        for t, (p, r, f) in columns.items():
            got = d["types"][t]
            for field, col in (("precision", p), ("recall", r), ("fmeasure", f)):
                values += 1
                if got[field] != col[i]:
                    bad.append(f"pair {i} {t} {field}: {got[field]!r} != {col[i]!r}")
        pairs += 1
    return pairs, values, bad


def usable(preds: list[str], refs: list[str]) -> tuple[list[str], list[str]]:
    """The pairs both packages can score (a text of nothing but dots or whitespace raises)."""
    keep = [
        (p, r)
        for p, r in zip(preds, refs, strict=True)
        if p.replace(".", "").strip() and r.replace(".", "").strip()
    ]
    return [p for p, _ in keep], [r for _, r in keep]


# -- the default run ----------------------------------------------------------------------


@pytest.mark.parametrize("exclusive", [True, False])
@pytest.mark.parametrize("name", [*corpus_names(CNNDM), *corpus_names(XSUM)])
def test_pltrdy_recomputes(name: str, exclusive: bool) -> None:
    preds, refs = usable(*english_pairs(name, 150))
    pairs, values, bad = recompute(scorer("pltrdy-1.0.1", exclusive), preds, refs)
    assert (pairs, values) == (len(preds), 9 * len(preds)) and bad == []


@pytest.mark.parametrize("exclusive", [True, False])
@pytest.mark.parametrize("segmenter", [None, "jieba"])
def test_rouge_chinese_recomputes(segmenter: str | None, exclusive: bool) -> None:
    preds, refs = chinese_pairs(150, step=71)
    s = scorer("rouge-chinese-1.0.3", exclusive, segmenter)
    pairs, values, bad = recompute(s, preds, refs)
    assert (pairs, values) == (150, 1350) and bad == []


HARD = [
    "The U.S. grew 3.5% in 2024... Really?",
    "a b. a b. a b",
    "the the the cat. . the cat",
    "UPPER lower. Upper, lower!",
    "x. \t. y",
    "今天天气很好。我们去公园！“好的。”他说……然后......走了",
    "自行车 不能 停\n\n你 怎么 看？？a",
    "  leading and trailing  ",
    # Over 256 sentence pairs: repeated sentences computed once, with their repetitions.
    "a b. c a. a b. d. b c a. " * 12,
    "c a. a b. x y. b a. " * 9,
]


@pytest.mark.parametrize("profile", ["pltrdy-1.0.1", "rouge-chinese-1.0.3"])
@pytest.mark.parametrize("exclusive", [True, False])
@pytest.mark.parametrize("segmenter", [None, "jieba"])
def test_hard_cases_recompute(profile: str, exclusive: bool, segmenter: str | None) -> None:
    if profile == "pltrdy-1.0.1" and segmenter:
        pytest.skip("pltrdy-1.0.1 has no segmenter option")
    preds = [a for a in HARD for _ in HARD]
    refs = [b for _ in HARD for b in HARD]
    long = " ".join(f"w{i % 97}" for i in range(1500))
    preds.append(long)
    refs.append(long[::-1])
    _pairs, _values, bad = recompute(scorer(profile, exclusive, segmenter), preds, refs)
    assert bad == []


def test_distinct_and_clipped_matches() -> None:
    d = scorer("pltrdy-1.0.1", True).explain("the the the cat", "the cat").to_dict()
    t = d["types"]["rouge1"]
    assert (t["count"], t["hits"], t["prediction_total"], t["precision"]) == ("distinct", 2, 2, 1.0)
    the = t["per_reference"][0]["matches"][0]
    assert (the["gram"], the["prediction_count"], the["hits"], the["prediction_at"]) == (
        ["the"], 3, 1, [0],
    )  # fmt: skip
    assert t["formula"].startswith("P = hits / prediction_total")
    assert "2 * ((P * R) / (P + R + 1e-8))" in t["formula"]
    d = scorer("pltrdy-1.0.1", False).explain("the the the cat", "the cat").to_dict()
    t = d["types"]["rouge1"]
    assert (t["count"], t["hits"], t["prediction_total"]) == ("clipped", 2, 4)


def test_rouge_l_witnesses() -> None:
    # rouge 1.0.1, exclusive: the words of every sentence pair's LCS, counted once.
    ex = scorer("pltrdy-1.0.1", True).explain("a b. a b", "a b. a b").check().to_dict()
    t = ex["types"]["rougeL"]
    c = t["per_reference"][0]
    assert (t["kind"], t["hits"], len(c["lcs"])) == ("union-lcs", 2, 4)
    assert [s["counted"] for s in c["sentences"]] == [[0, 1], []]
    assert [s["not_counted"] for s in c["sentences"]] == [[], [2, 3]]
    # Without it: the sum of the LCS lengths (R = 2.0).
    ex = scorer("pltrdy-1.0.1", False).explain("a b. a b", "a b. a b").check().to_dict()
    t = ex["types"]["rougeL"]
    assert (t["hits"], t["recall"], t["count"]) == (8, 2.0, "summed")
    # rouge-chinese: one LCS of the whole token lists ("b。" is one token).
    ex = scorer("rouge-chinese-1.0.3", True).explain("a b。a b", "a b a").check().to_dict()
    t = ex["types"]["rougeL"]
    assert (t["kind"], t["hits"], t["prediction_total"]) == ("lcs", 2, 4)
    assert len(t["per_reference"][0]["alignment"]) == 2


def test_tokens_and_spans() -> None:
    text = "The U.S. grew 3.5%. Then. \t. ok"
    ex = scorer("pltrdy-1.0.1", True).explain(text, text).to_dict()
    toks = ex["prediction"]["tokens"]
    assert [(t["text"], t["compared"], t["sentence"]) for t in toks][-3:] == [
        ("Then", "Then", 4), (" \t", "", 5), ("ok", "ok", 6),
    ]  # fmt: skip
    assert all(text[t["start"] : t["end"]] == t["text"] for t in toks)
    assert ex["prediction"]["sentences"] == 7
    raw = "今天天气很好。\n\n我们去公园玩！"
    ex = scorer("rouge-chinese-1.0.3", True, "jieba").explain(raw, raw).check().to_dict()
    toks = ex["prediction"]["tokens"]
    # The joined words "好 。 \n \n 我们" hold two blank sentences, as the package sees them.
    assert [t["compared"] for t in toks] == ["今天天气", "很", "好", "。", "", "", "我们", "去",
                                              "公园", "玩", "！"]  # fmt: skip
    assert all(raw[t["start"] : t["end"]] == t["text"] for t in toks)


def test_terminal_view_names_the_counting() -> None:
    ex = scorer("pltrdy-1.0.1", True).explain("the cat sat. on the mat the cat", "the cat. on the")
    text = str(ex)
    assert "distinct (occurrences → counted once): the 3→1 cat 2→1" in text
    assert "clipped" not in text and "already counted from another sentence pair" in text
    assert "clipped (prediction" in str(scorer("pltrdy-1.0.1", False).explain("a a", "a"))


def test_a_huge_lcs_trace_is_not_listed() -> None:
    # 300 distinct sentences sharing 50 words: 90,000 sentence-pair LCSs of 50 words each
    # summed (4.5 million pairs, over the 4 million listed); the counts are still checked.
    text = ". ".join(f"w{i} " + "x " * 50 for i in range(300))
    ex = scorer("pltrdy-1.0.1", False).explain(text, text).check().to_dict()
    c = ex["types"]["rougeL"]["per_reference"][0]
    assert (c["hits"], c["lcs"], c["why"]) == (4_500_300, None, "too large")
    ex = scorer("pltrdy-1.0.1", True).explain(text, text).check().to_dict()
    assert ex["types"]["rougeL"]["per_reference"][0]["lcs"] is not None


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
def test_long_pair() -> None:
    # One 100,000 x 60,000-token sentence pair (the original dies of RecursionError from
    # about 1,000): explained and checked in about a second.
    a = " ".join(f"w{i % 20_000}" for i in range(100_000))
    b = " ".join(f"w{i * 7 % 20_000}" for i in range(60_000))
    for exclusive in (True, False):
        s = scorer("pltrdy-1.0.1", exclusive)
        ex = s.explain(a, b).check().to_dict()
        assert ex["types"]["rougeL"]["fmeasure"] == s.score(a, b)["rougeL"].fmeasure


def test_check_catches_a_changed_count() -> None:
    ex = scorer("pltrdy-1.0.1", True).explain("the cat sat", "the cat").to_dict()
    ex["types"]["rouge1"]["per_reference"][0]["matches"][0]["hits"] = 2
    with pytest.raises(ExplainCheckError, match="match"):
        check(ex)


def test_errors_are_score_batchs() -> None:
    s = scorer("pltrdy-1.0.1", True)
    with pytest.raises(ValueError, match="Hypothesis is empty"):
        s.explain("...", "a")
    with pytest.raises(ValueError, match="one reference per prediction"):
        s.explain("a", ["a", "b"])


# -- the full runs: >= 10,000 pairs per profile ---------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("exclusive", [True, False])
def test_full_pltrdy(exclusive: bool) -> None:
    preds, refs = usable(*english_pairs(CNNDM, None))
    pairs, _values, bad = recompute(scorer("pltrdy-1.0.1", exclusive), preds, refs)
    assert bad == [], bad[:5]
    if pairs < 10_000:
        pytest.skip(f"{pairs} pairs: the shared CNN/DM corpus is not here")


@pytest.mark.slow
@pytest.mark.parametrize("exclusive", [True, False])
@pytest.mark.parametrize("segmenter", [None, "jieba"])
def test_full_rouge_chinese(segmenter: str | None, exclusive: bool) -> None:
    preds, refs = chinese_pairs(None)
    pairs, _values, bad = recompute(
        scorer("rouge-chinese-1.0.3", exclusive, segmenter), preds, refs
    )
    assert bad == [], bad[:5]
    assert pairs >= 10_000


if __name__ == "__main__":
    for exclusive in (True, False):
        p, v, b = recompute(scorer("pltrdy-1.0.1", exclusive), *usable(*english_pairs(CNNDM, None)))
        print(f"pltrdy-1.0.1 exclusive={exclusive}: {p} pairs, {v} values, {len(b)} mismatches")
        for segmenter in (None, "jieba"):
            s = scorer("rouge-chinese-1.0.3", exclusive, segmenter)
            p, v, b = recompute(s, *chinese_pairs(None))
            print(f"rouge-chinese-1.0.3 exclusive={exclusive} segmenter={segmenter}: {p} pairs, "
                  f"{v} values, {len(b)} mismatches")  # fmt: skip
