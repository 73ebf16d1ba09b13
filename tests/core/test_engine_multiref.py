"""Multi-reference rules of the rouge-score family engine (``crates/rougekit-core/src/engine/
multiref.rs``) against an oracle built from rouge-score 0.1.2's own per-reference scores, on
every multi-reference corpus (shipped, stand-ins, and those of ``../shared/data``): best-f
(rouge-score's ``score_multi``),
pooled (ROUGE-1.5.5's ``-f A``: hits and sizes summed, spec ``rouge-1.5.5.md`` §9.2),
best-recall (``-f B`` unrounded), mean (torchmetrics' ``avg``), best-f-float32
(torchmetrics' ``best``: F compared after rounding to float32), each with and without
jackknifing. Every float must be identical.
"""

from __future__ import annotations

import itertools
import struct
from array import array
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from conftest import corpus_names, mismatch_report, named_corpus, rouge_score_scorer
from rougekit import _core

TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
RULES = ("best-f", "pooled", "best-recall", "mean", "best-f-float32")
FIELDS = ("precision", "recall", "fmeasure")

#: (corpus, stemmer): every corpus with several references per prediction; the shipped one
#: (SummEval), and for the others their stand-ins (``conftest.STAND_INS``: SummEval with 4
#: references) plus, with the shared data, the real ones.
CORPORA = [
    pytest.param(source.values[0], stemmer, id=source.id)
    for corpus, stemmer in [
        ("summeval-cnndm/summeval.jsonl", False),
        ("duc2004-task2-pyrouge-tests/summaries_1.jsonl", True),
        ("duc2004-task2-pyrouge-tests/summaries_2.jsonl", False),
        ("rouge155-sample-test/ROUGE-test.jsonl", True),
    ]
    for source in corpus_names(corpus)
]

Triple = tuple[float, float, float]
# Per reference: (hits, prediction size, reference size, rouge-score's P/R/F, int zero).
RefCounts = tuple[int, int, int, Triple, bool]


def fmeasure(p: float, r: float) -> float:
    """rouge-score's ``scoring.fmeasure``."""
    return 2 * p * r / (p + r) if p + r > 0 else 0.0


def sizes(tokens: list[str], rouge_type: str) -> int:
    if rouge_type.startswith("rougeL"):
        return len(tokens)
    n = int(rouge_type[5:])
    return max(len(tokens) - n + 1, 0)


def ref_counts(
    scorer: Any, tokenize: Callable[[str], list[str]], ref: str, pred: str
) -> dict[str, RefCounts]:
    """rouge-score's score of one reference per type, with the counts behind it: the hits
    are recovered exactly from P (or R) times the size, both integers below 2^50."""
    scores = scorer.score(ref, pred)
    out = {}
    for t in TYPES:
        if t == "rougeLsum":
            ptoks = [w for line in pred.split("\n") for w in tokenize(line)]
            rtoks = [w for line in ref.split("\n") for w in tokenize(line)]
        else:
            ptoks, rtoks = tokenize(pred), tokenize(ref)
        n, m = sizes(ptoks, t), sizes(rtoks, t)
        s = scores[t]
        hits = round(s.precision * n) if n and m else 0
        assert (hits / max(n, 1), hits / max(m, 1)) == (s.precision, s.recall)
        int_zero = type(s.fmeasure) is int
        out[t] = (hits, n, m, (s.precision, s.recall, s.fmeasure), int_zero)
    return out


def combine(rule: str, refs: Sequence[RefCounts]) -> Triple:
    """The oracle of one rule: what ``multiref.rs`` documents, written the obvious way."""
    if rule == "pooled":
        if all(r[4] for r in refs):
            return (0.0, 0.0, 0.0)
        hits, n, m = (sum(r[k] for r in refs) for k in range(3))
        p, r = hits / max(n, 1), hits / max(m, 1)
        return (p, r, fmeasure(p, r))
    triples = [r[3] for r in refs]
    if rule == "mean":
        return tuple(sum(t[k] for t in triples) / len(triples) for k in range(3))  # type: ignore[return-value]
    key = 1 if rule == "best-recall" else 2
    rank = float32 if rule == "best-f-float32" else float
    best = triples[0]
    for t in triples[1:]:
        if rank(t[key]) > rank(best[key]):
            best = t
    return best


def float32(x: float) -> float:
    """``x`` rounded to the nearest float32 (as torch's float64 -> float32 cast)."""
    value: float = struct.unpack("f", struct.pack("f", x))[0]
    return value


def jackknife(rule: str, refs: Sequence[RefCounts]) -> Triple:
    if len(refs) < 2:
        return combine(rule, refs)
    rounds = [combine(rule, refs[:k] + refs[k + 1 :]) for k in range(len(refs))]
    return tuple(sum(t[k] for t in rounds) / len(rounds) for k in range(3))  # type: ignore[return-value]


def columns(batch: _core.BatchScores, rouge_type: str) -> list[Triple]:
    cols = [array("d", bytes(batch.buffer(rouge_type, f))) for f in FIELDS]
    return list(zip(*cols))


@pytest.mark.parametrize(("corpus", "stemmer"), CORPORA)
def test_rules_equal_the_oracle_on_multi_reference_corpora(corpus: str, stemmer: bool) -> None:
    pairs = named_corpus(corpus)
    scorer = rouge_score_scorer(TYPES, stemmer)
    tokenizer = scorer._tokenizer
    per_pair = [
        [ref_counts(scorer, tokenizer.tokenize, r, p["prediction"]) for r in p["references"]]
        for p in pairs
    ]
    assert max(len(p["references"]) for p in pairs) > 1
    preds = [p["prediction"] for p in pairs]
    refs = [p["references"] for p in pairs]
    checked, bad = 0, []
    for rule, jk in itertools.product(RULES, (False, True)):
        engine = _core.Engine(list(TYPES), stemmer, 2, multiref=rule, jackknife=jk)
        assert (engine.multiref, engine.jackknife) == (rule, jk)
        batch = engine.score_batch(preds, refs)
        oracle = jackknife if jk else combine
        for t in TYPES:
            for i, got in enumerate(columns(batch, t)):
                want = oracle(rule, [c[t] for c in per_pair[i]])
                checked += 1
                if got != want:
                    bad.append(f"{rule} jk={jk} {t} pair {i}: {got} != {want}")
    assert not bad, mismatch_report(bad, checked, "scores")


def test_best_f_is_score_multi() -> None:
    """The default rule is rouge-score's: an engine built without a rule gives the same bits."""
    preds = ["the cat sat on the mat", "a b c"]
    refs = [["the cat sat", "a dog sat on the mat today"], ["c b a", "a b"]]
    plain = _core.Engine(list(TYPES), False, 1).score_batch(preds, refs)
    named = _core.Engine(list(TYPES), False, 1, multiref="best-f").score_batch(preds, refs)
    for t in TYPES:
        assert columns(plain, t) == columns(named, t)


def test_pooled_is_perl_f_a_on_the_spec_example() -> None:
    """Spec rouge-1.5.5.md E32: R = 7/10 and P = 7/12 for ROUGE-1 (Perl prints 0.70000 and
    0.58333); this profile keeps them unrounded."""
    batch = _core.Engine(["rouge1"], False, 1, multiref="pooled").score_batch(
        ["the cat sat on the mat"], [["the cat sat", "a dog sat on the mat today"]]
    )
    ((p, r, f),) = columns(batch, "rouge1")
    assert (p, r) == (7 / 12, 7 / 10) and f == fmeasure(7 / 12, 7 / 10)


def test_unknown_rule_is_an_error() -> None:
    with pytest.raises(ValueError, match="best-f, pooled, best-recall, mean, best-f-float32"):
        _core.Engine(["rouge1"], False, 1, multiref="A")
