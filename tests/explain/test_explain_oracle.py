"""rougeLsum's explanation shows rouge-score 0.1.2's own choices: for every reference
sentence, the tokens in the union of the sentence LCSs are the positions that rouge-score's
``_union_lcs`` returns (its tokens carry their positions here), and the counted ones are
those its double-count guard counts, in its order."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import rougekit as rk

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import corpus_names, named_corpus, sentence_lines

rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")

pytestmark = pytest.mark.oracle


class Tok(str):
    """A token that remembers where it is (rouge-score compares tokens with ``==``)."""

    index: int


def sentences(text: dict[str, Any]) -> list[list[Tok]]:
    out: list[list[Tok]] = [[] for _ in range(text["sentences"])]
    for k, tok in enumerate(text["tokens"]):
        t = Tok(tok["compared"])
        t.index = k
        out[tok["sentence"]].append(t)
    return out


def rouge_score_choice(
    pred: dict[str, Any], ref: dict[str, Any]
) -> list[tuple[list[int], list[int]]]:
    """Per reference sentence: (counted, not counted) positions, from rouge-score's
    ``_union_lcs`` and its guard's order (counts of both whole texts, decremented per hit)."""
    ref_sent, can_sent = sentences(ref), sentences(pred)
    left_c = Counter(t for s in can_sent for t in s)
    left_r = Counter(t for s in ref_sent for t in s)
    out = []
    for r in ref_sent:
        counted, not_counted = [], []
        for t in rouge_scorer._union_lcs(r, can_sent):
            if left_c[t] > 0 and left_r[t] > 0:
                left_c[t] -= 1
                left_r[t] -= 1
                counted.append(t.index)
            else:
                not_counted.append(t.index)
        out.append((counted, not_counted))
    return out


@pytest.mark.parametrize(
    "name",
    [*corpus_names("cnndm-pointer-generator/pointer-gen-cov.jsonl"),
     *corpus_names("summeval-cnndm/summeval.jsonl.xz")],
)  # fmt: skip
def test_union_lcs_is_rouge_scores_choice(name: str) -> None:
    rows = named_corpus(name)[:300]
    preds = [sentence_lines(r["prediction"]) for r in rows]
    refs = [[sentence_lines(t) for t in r["references"]][:3] for r in rows]
    scorer = rk.RougeScorer(("rougeLsum",), stemmer=True)
    guarded = 0
    for ex in scorer.explain_batch(preds, refs):
        d = ex.to_dict()
        for j, per in enumerate(d["types"]["rougeLsum"]["per_reference"]):
            if not d["prediction"]["tokens"] or not d["references"][j]["tokens"]:
                continue
            want = rouge_score_choice(d["prediction"], d["references"][j])
            got = [(s["counted"], s["not_counted"]) for s in per["sentences"]]
            assert got == want
            guarded += sum(len(s["not_counted"]) > 0 for s in per["sentences"])
    assert guarded > 0  # the double-count guard was exercised


def test_hits_equal_rouge_scores_scores() -> None:
    rows = named_corpus("xsum-hallucination-annotations/xsum.jsonl.xz")[:200]
    theirs = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], use_stemmer=True)
    scorer = rk.RougeScorer(("rouge1", "rouge2", "rougeL", "rougeLsum"), stemmer=True)
    for r in rows:
        ex = scorer.explain(r["prediction"], r["references"][0]).to_dict()
        want = theirs.score(r["references"][0], r["prediction"])
        for t, s in want.items():
            got = ex["types"][t]
            assert (got["precision"], got["recall"], got["fmeasure"]) == tuple(s)
