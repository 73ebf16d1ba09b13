"""``rougekit.identify``: the configurations that reproduce reported numbers.

See et al. (2017), Table 1: pointer-generator + coverage, ROUGE-1/2/L F 39.53 / 17.28 /
36.38, is ROUGE-1.5.5 with stemming (``-m``) on its released CNN/DM test outputs (the
shared corpus; skipped without it). On the shipped sample, numbers computed by a known
configuration are found again, and numbers nothing produces give no match.
"""

from __future__ import annotations

import json

import pytest
import rougekit as rk
from conftest import SAMPLE, shared_file


def _sample() -> tuple[list[str], list[str]]:
    rows = [json.loads(line) for line in SAMPLE.open(encoding="utf-8")]
    return [r["prediction"] for r in rows], [
        r["references"][0] if isinstance(r["references"], list) else r["references"] for r in rows
    ]


def test_see_et_al_2017_table_1() -> None:
    path = shared_file("cnndm-pointer-generator/pointer-gen-cov.jsonl")
    if path is None:
        pytest.skip("the shared CNN/DM pointer-generator outputs are not here")
    rows = [json.loads(line) for line in path.open(encoding="utf-8")]
    assert len(rows) == 11_490
    preds, refs = [r["prediction"] for r in rows], [r["references"] for r in rows]
    matches = rk.identify(preds, refs, {"rouge1": "39.53", "rouge2": "17.28", "rougeL": "36.38"})
    names = [m.name for m in matches]
    # ROUGE-1.5.5 with -m; its summary-level ROUGE-L is the same to two decimals when the
    # outputs' lines (one sentence each) are also cut by the rule-based splitter.
    assert names == [
        "profile:perl-1.5.5 stemmer=True",
        "profile:perl-1.5.5 stemmer=True, split_sentences='rules'",
    ]
    match = matches[0]
    assert "stem:wordnet+perl-porter" in match.signature and "ci:95" in match.signature
    assert f"{match.values['rouge1']:.2f}" == "39.53"


def test_finds_the_configuration_that_made_the_numbers() -> None:
    preds, refs = _sample()
    corpus = rk.RougeScorer(["rouge1", "rougeL"], profile="rouge-score", stemmer=True).corpus(
        preds, refs
    )
    reported = {t: f"{corpus.mean[t].fmeasure * 100:.2f}" for t in ("rouge1", "rougeL")}
    names = [m.name for m in rk.identify(preds, refs, reported)]
    assert "profile:rouge-score stemmer=True" in names
    assert "profile:rouge-score" not in names  # without stemming the digits differ
    # The recipes that are rouge-score with stemming on one reference match too.
    assert "recipe:helm-0.5.16:rouge" in names
    # Fractions (0.xxxx) are read as fractions too.
    fractions = {t: f"{corpus.mean[t].fmeasure:.4f}" for t in ("rouge1", "rougeL")}
    assert "profile:rouge-score stemmer=True" in [
        m.name for m in rk.identify(preds, refs, fractions)
    ]


def test_nothing_matches_numbers_no_scorer_gives() -> None:
    preds, refs = _sample()
    assert rk.identify(preds, refs, {"R-1": "99.99", "ROUGE-L": "0.01"}) == []


def test_reported_is_checked() -> None:
    preds, refs = _sample()
    with pytest.raises(ValueError, match="reported is empty"):
        rk.identify(preds, refs, {})
    with pytest.raises(ValueError, match="unknown reported ROUGE type"):
        rk.identify(preds, refs, {"bleu": "1.0"})
    with pytest.raises(ValueError, match="is not a number"):
        rk.identify(preds, refs, {"rouge1": "high"})


@pytest.mark.parametrize("split", ["punkt", "rules"])
def test_split_configurations_give_the_scorers_own_numbers(split: str) -> None:
    """A configuration with a sentence splitter: identify splits each text once and takes
    the types that read no sentences from the configuration without it when the splitter
    changed only whitespace; its values are still exactly the scorer's own with
    ``split_sentences=`` (rougeLsum reads the sentences)."""
    from rougekit.identify import _Texts

    preds, refs = _sample()
    types = ["rouge1", "rougeLsum"]
    scorer = rk.RougeScorer(types, profile="rouge-score", stemmer=True, split_sentences=split)
    corpus = scorer.corpus(preds, refs)
    reported = {t: f"{corpus.mean[t].fmeasure * 100:.2f}" for t in types}
    matches = {m.name: m for m in rk.identify(preds, refs, reported)}
    match = matches[f"profile:rouge-score stemmer=True, split_sentences={split!r}"]
    assert match.values == {t: corpus.mean[t].fmeasure * 100 for t in types}
    assert match.signature == str(corpus.signature)
    texts = _Texts(preds, list(refs), None)
    assert texts.same_tokens(split) == all(
        p.split() == q.split() for p, q in zip(preds, texts.split(split)[0])
    )
