"""Explanations recompute the scores exactly: for every profile of the rouge-score family,
every multi-reference rule and jackknife, on real pairs (CNN/DM pointer-gen-cov, SummEval
with 11 references, XSum), ``Explanation.check()`` passes (P/R/F recomputed from the integer
counts with rouge-score's formula and order of operations, the rule redone, the matches
adding up to the counts) and the stored floats are ``score_batch``'s bit for bit.

The default run takes a few hundred pairs per case; the full corpora (>= 10,000 pairs per
profile) are marked slow. ``python tests/explain/test_explain_recompute.py`` prints the
counts (pairs, values compared, mismatches) per profile and rule.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
import rougekit as rk
from rougekit.errors import ExplainCheckError
from rougekit.explain.check import check
from rougekit.explain.check import recompute as recompute_numbers

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import corpus_names, named_corpus, sentence_lines
from profile_cases import required, rouge_score_family, stemmed
from rougekit import profiles

CNNDM = "cnndm-pointer-generator/pointer-gen-cov.jsonl"
SUMMEVAL = "summeval-cnndm/summeval.jsonl.xz"
XSUM = "xsum-hallucination-annotations/xsum.jsonl.xz"
TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
ALL_TYPES = (*TYPES, "rouge3", "rougeW-1.2", "rougeSU4", "rougeS*")
RULES = ("best-f", "pooled", "best-recall", "mean", "best-f-float32")

#: case -> RougeScorer options: every registered text profile of the rouge-score family,
#: with and without its stemmer.
CASES: dict[str, dict[str, Any]] = {}
for _name in profiles.names():
    if rouge_score_family(_name):
        CASES[_name] = {"profile": _name, **required(_name)}
        if stemmed(_name):
            CASES[f"{_name}-stem"] = {**CASES[_name], **stemmed(_name)}


def pairs_of(name: str, n: int | None) -> tuple[list[str], list[list[str]]]:
    """The corpus's pairs; SummEval's texts (one line each) split one sentence per line, so
    that rougeLsum has sentences to take its union over."""
    rows = named_corpus(name)[:n]
    lines = sentence_lines if name == SUMMEVAL else (lambda t: t)
    return (
        [lines(r["prediction"]) for r in rows],
        [[lines(t) for t in r["references"]] for r in rows],
    )


#: Pairs per batch that check() re-derives from their texts.
REDERIVED = 8


def recompute(
    scorer: rk.RougeScorer, preds: list[Any], refs: list[Any]
) -> tuple[int, int, list[str]]:
    """(pairs, values compared, mismatches): each explanation checked, and its P/R/F ``==``
    ``score_batch``'s."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no tokens / no sentences: explained all the same
        batch = scorer.score_batch(preds, refs, progress=False)
    columns = {t: (batch.precision(t), batch.recall(t), batch.fmeasure(t)) for t in scorer.types}
    pairs = values = 0
    bad: list[str] = []
    for i, ex in enumerate(scorer.explain_batch(preds, refs)):
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


def as_ids(texts: list[str], vocab: dict[str, int], separator: int) -> list[int]:
    return [x for t in texts for x in _ids(t, vocab, separator)]


def _ids(text: str, vocab: dict[str, int], separator: int) -> list[int]:
    out: list[int] = []
    for k, line in enumerate(text.split("\n")):
        if k:
            out.append(separator)
        out += [vocab.setdefault(w, len(vocab)) for w in rk.tokenize(line)]
    return out


def id_pairs(preds: list[str], refs: list[list[str]]) -> tuple[list[Any], list[Any]]:
    vocab: dict[str, int] = {}
    return (
        [_ids(p, vocab, -1) for p in preds],
        [[_ids(r, vocab, -1) for r in rs] for rs in refs],
    )


# -- the default run: a few hundred pairs per case ----------------------------------------


@pytest.mark.parametrize("profile", list(CASES))
@pytest.mark.parametrize("name", [*corpus_names(CNNDM), *corpus_names(XSUM)])
def test_profiles_recompute(profile: str, name: str) -> None:
    preds, refs = pairs_of(name, 150)
    scorer = rk.RougeScorer(TYPES, **CASES[profile])
    pairs, values, bad = recompute(scorer, preds, refs)
    assert (pairs, values) == (len(preds), 12 * len(preds))
    assert bad == []


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("jackknife", [False, True])
def test_summeval_every_rule(rule: str, jackknife: bool) -> None:
    preds, refs = pairs_of(SUMMEVAL, 40)
    scorer = rk.RougeScorer(TYPES, stemmer=True, multiref=rule, jackknife=jackknife)
    pairs, _values, bad = recompute(scorer, preds, refs)
    assert pairs == 40 and bad == []
    ex = scorer.explain(preds[0], refs[0]).to_dict()
    for t in TYPES:
        assert len(ex["types"][t]["per_reference"]) == 11
        subsets = ex["types"][t].get("jackknife_subsets")
        assert (subsets is not None and len(subsets) == 11) == jackknife


def test_every_type_recomputes() -> None:
    preds, refs = pairs_of(SUMMEVAL, 30)
    for rule in RULES:
        scorer = rk.RougeScorer(ALL_TYPES, stemmer=True, multiref=rule)
        _pairs, _values, bad = recompute(scorer, preds, refs)
        assert bad == [], rule


def test_token_ids_recompute() -> None:
    preds, refs = pairs_of(SUMMEVAL, 40)
    p, r = id_pairs(preds, refs)
    for rule in ("best-f", "pooled", "mean"):
        scorer = rk.RougeScorer(TYPES, profile="token-ids", separator=-1, multiref=rule)
        pairs, _values, bad = recompute(scorer, p, r)
        assert pairs == 40 and bad == []
    ex = scorer.explain(p[0], r[0]).to_dict()
    assert ex["prediction"]["text"] is None
    first = ex["prediction"]["tokens"][0]
    assert first["compared"] == first["id"] == p[0][0] and first["text"] == str(p[0][0])


def test_multilingual_pairs_recompute() -> None:
    rows = named_corpus("multilingual-conformance/pairs.jsonl")
    preds = [r["prediction"] for r in rows]
    refs = [list(r["references"]) for r in rows]
    for options in ({"profile": "unicode-v1"}, {"profile": "character-v1"}, {}):
        scorer = rk.RougeScorer(ALL_TYPES, **options)
        _pairs, _values, bad = recompute(scorer, preds, refs)
        assert bad == [], options


# -- the full corpora: >= 10,000 pairs per profile ------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("profile", list(CASES))
def test_full_corpora_recompute(profile: str) -> None:
    total = 0
    for name in (CNNDM, XSUM):
        preds, refs = pairs_of(name, None)
        scorer = rk.RougeScorer(TYPES, **CASES[profile])
        pairs, _values, bad = recompute(scorer, preds, refs)
        assert bad == [], bad[:5]
        total += pairs
    if total < 10_000:
        pytest.skip(f"{total} pairs: the shared CNN/DM corpus is not here")


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("jackknife", [False, True])
def test_full_summeval_every_rule(rule: str, jackknife: bool) -> None:
    preds, refs = pairs_of(SUMMEVAL, None)
    scorer = rk.RougeScorer(TYPES, stemmer=True, multiref=rule, jackknife=jackknife)
    pairs, _values, bad = recompute(scorer, preds, refs)
    assert pairs == 1600 and bad == [], bad[:5]


@pytest.mark.slow
def test_full_token_ids_recompute() -> None:
    total = 0
    for name in (CNNDM, XSUM, SUMMEVAL):
        preds, refs = pairs_of(name, None)
        p, r = id_pairs(preds, refs)
        scorer = rk.RougeScorer(TYPES, profile="token-ids", separator=-1)
        pairs, _values, bad = recompute(scorer, p, r)
        assert bad == [], bad[:5]
        total += pairs


if __name__ == "__main__":
    # The counts of the full runs, for the record.
    for profile, options in CASES.items():
        for name in (CNNDM, XSUM, SUMMEVAL):
            preds, refs = pairs_of(name, None)
            pairs, values, bad = recompute(rk.RougeScorer(TYPES, **options), preds, refs)
            print(f"{profile:20} {name:50} pairs {pairs:6} values {values:7} bad {len(bad)}")
    preds, refs = pairs_of(SUMMEVAL, None)
    for rule in RULES:
        for jk in (False, True):
            s = rk.RougeScorer(TYPES, stemmer=True, multiref=rule, jackknife=jk)
            pairs, values, bad = recompute(s, preds, refs)
            print(
                f"summeval {rule:15} jackknife={jk!s:5} pairs {pairs} values {values} "
                f"bad {len(bad)}"
            )
    for name in (CNNDM, XSUM, SUMMEVAL):
        preds, refs = pairs_of(name, None)
        p, r = id_pairs(preds, refs)
        s = rk.RougeScorer(TYPES, profile="token-ids", separator=-1)
        pairs, values, bad = recompute(s, p, r)
        print(f"token-ids {name:50} pairs {pairs} values {values} bad {len(bad)}")
