"""The perl-1.5.5 profile through the Python API, against numbers printed by ROUGE-1.5.5.pl:
the specification's worked examples (``golden/perl-examples.json``) and every
``expected-per-pair`` file of the shipped and shared corpora (0 mismatches is the only pass)."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest
import rougekit as rk
from conftest import (
    TESTS_DIR,
    data_file,
    data_files,
    expected_per_pair_files,
    holds_pairs,
    mismatch_report,
    read_jsonl,
    relative_name,
)
from rougekit.profiles.perl155.rouge_config import PerlUsageError, RougeConfig

EXAMPLES = json.loads((TESTS_DIR / "golden" / "perl-examples.json").read_text(encoding="utf-8"))[
    "examples"
]


def perl_name_map(config: RougeConfig) -> dict[str, str]:
    """ROUGE-1.5.5 variant name -> rougekit type."""
    return {perl: ours for ours, perl in config.names.items()}


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_spec_worked_examples(example: dict[str, Any]) -> None:
    if not example["references"]:
        pytest.skip("no reference at all: only an XML config can say that (see rougekit perl)")
    config = RougeConfig.from_perl_args(example["options"], table=not example["empty_table"])
    scores = config.make_scorer().score(example["prediction"], example["references"])
    names = perl_name_map(config)
    assert set(names) == set(example["expected"])
    for perl_name, (r, p, f) in example["expected"].items():
        got = scores[names[perl_name]]
        assert (f"{got.recall:.5f}", f"{got.precision:.5f}", f"{got.fmeasure:.5f}") == (r, p, f), (
            perl_name
        )


# Spec §14.1: five instances scored together (per-instance values and printed averages).
CORPUS_PREDICTIONS = [
    "Police killed the gunman",
    "The cat sat on the mat.\nIt was happy.",
    "AT&T said \"<b>profits</b>\" rose 5% — naïve café owners' don't-care attitude & <tag>",
    "",
    "the the the the cat",
]
CORPUS_REFERENCES = [
    ["The gunman killed the policeman"],
    ["A cat was sitting on the mat.\nThe cat looked happy.", "The cat is on the mat"],
    ["AT&amp;T's profits rose 5 percent; café owners didn't care."],
    ["something here"],
    ["the cat the dog"],
]


@pytest.mark.parametrize(
    ("options", "unit", "expected"),
    [
        (
            "-n 2",
            0,
            {
                "rouge1": ("0.55261", "0.27692", "0.72081"),
                "rouge2": ("0.29806", "0.14667", "0.43000"),
                "rougeL": ("0.46199", "0.22118", "0.65928"),
            },
        ),
        (
            "-n 2 -t 1",
            1,
            {
                "rouge1": ("0.64637", "0.50000", "0.71053"),
                "rougeL": ("0.58617", "0.33333", "0.68750"),
            },
        ),
        (
            "-n 2 -r 1",
            0,
            {
                "rouge1": ("0.52846", "0.54167", "0.54167"),
                "rougeL": ("0.39846", "0.40842", "0.40842"),
            },
        ),
        (
            "-n 2 -r 10 -c 90",
            0,
            {
                "rouge1": ("0.56848", "0.44769", "0.69251"),
                "rouge2": ("0.30400", "0.22333", "0.36500"),
            },
        ),
    ],
)
def test_corpus_average_and_ci_recall(
    options: str, unit: int, expected: dict[str, tuple[str, str, str]]
) -> None:
    config = RougeConfig.from_perl_args(options)
    assert config.unit == unit
    result = config.make_scorer().corpus(
        CORPUS_PREDICTIONS,
        CORPUS_REFERENCES,
        confidence=float(config.confidence) / 100,
        n_bootstrap=config.resamples,
        unit=unit,
    )
    assert result.low is not None and result.high is not None
    for t, (avg, lo, hi) in expected.items():
        got = (result[t].recall, result.low[t].recall, result.high[t].recall)
        assert tuple(f"{v:.5f}" for v in got) == (avg, lo, hi), t
    assert "agg:perl-bootstrap" in str(result.signature)


def test_per_instance_values_of_the_corpus_example() -> None:
    scorer = rk.RougeScorer(["rouge1", "rouge2", "rougeL"], profile="perl-1.5.5")
    batch = scorer.score_batch(CORPUS_PREDICTIONS, CORPUS_REFERENCES)
    assert [f"{x:.5f}" for x in batch.recall("rouge1")] == [
        "0.60000", "0.70588", "0.69231", "0.00000", "0.75000",
    ]  # fmt: skip
    assert [f"{x:.5f}" for x in batch.fmeasure("rougeL")] == [
        "0.44444", "0.68571", "0.60000", "0.00000", "0.44444",
    ]  # fmt: skip


def test_options_and_types() -> None:
    config = RougeConfig.from_perl_args("-c 95 -2 4 -U -r 1000 -n 4 -w 1.2 -m -a")
    assert config.scorer.types == (
        "rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeW-1.2", "rougeS4", "rougeSU4",
    )  # fmt: skip
    assert config.scorer.profile.stemmer == "wordnet" and config.resamples == 1000
    assert RougeConfig.from_perl_args("-2 -1 -u").names == {
        "rougeL": "ROUGE-L", "rougeSU*": "ROUGE-SU*",
    }  # fmt: skip
    assert RougeConfig.from_perl_args("-f b -t 3 -n 2.5").scorer.profile.multiref == "pooled"
    assert RougeConfig.from_perl_args("-n 2.5").scorer.types == ("rouge1", "rouge2", "rougeL")
    for bad in ("-r 0", "-p 1.5", "-c 101", "-w 0", "-l 10 -b 75"):
        with pytest.raises(PerlUsageError):
            RougeConfig.from_perl_args(bad)
    with pytest.warns(UserWarning, match="Unknown option: q"):
        RougeConfig.from_perl_args("-q -n 1")


def test_scorer_options_are_checked() -> None:
    with pytest.raises(ValueError, match="rougeLsum"):
        rk.RougeScorer(["rougeLsum"], profile="perl-1.5.5")
    with pytest.raises(ValueError, match="cannot be set with the 'rouge-score' profile"):
        rk.RougeScorer(["rouge1"], stopwords=True)
    with pytest.raises(ValueError, match="multiref"):
        rk.RougeScorer(["rouge1"], profile="perl-1.5.5", multiref="C")
    with pytest.raises(ValueError, match="both"):
        rk.RougeScorer(["rouge1"], profile="perl-1.5.5", limit_words=1, limit_bytes=2)
    with pytest.raises(ValueError, match="alpha or beta"):
        rk.RougeScorer(["rouge1"], profile="perl-1.5.5", alpha=0.5, beta=1.0)
    # beta = 1 is alpha = 0.5; beta² = (1 - alpha) / alpha.
    s = rk.RougeScorer(["rouge1"], profile="perl-1.5.5", beta=2.0)
    assert s.config.profile.alpha == pytest.approx(0.2)
    assert "alpha:0.2" in str(s.signature())


def test_pickle_round_trip_and_signature() -> None:
    s = rk.RougeScorer(
        ["ROUGE-1", "ROUGE-W-1.2", "ROUGE-SU4"], profile="perl-1.5.5", stemmer="porter",
        stopwords=True, limit_words=100, multiref="B",
    )  # fmt: skip
    assert s.types == ("rouge1", "rougeW-1.2", "rougeSU4")
    clone = pickle.loads(pickle.dumps(s))
    assert clone.config == s.config
    text = str(s.signature("1"))
    assert "stem:perl-porter|sw:smart|trunc:words100|nrefs:1|mref:best-recall" in text
    assert rk.parse_signature(text) == s.signature("1")


def test_model_without_tokens_under_rouge_w_is_reported() -> None:
    s = rk.RougeScorer(["rouge1", "rougeW-1.2"], profile="perl-1.5.5")
    with pytest.warns(rk.NoTokensWarning, match="references of 1 of 2 pairs"):
        batch = s.score_batch(["a b", "a b"], [["a b"], ["a b", "..."]])
    assert batch.precision("rouge1")[1] == 0.5  # -f A: the peer count is added per model
    assert batch.recall("rougeW-1.2")[1] == 0.0  # Perl dies; rougekit scores 0 and says so
    assert batch.recall("rougeW-1.2")[0] > 0
    scores: Any = batch._scores
    assert scores.failures and scores.failures[0][:3] == (1, 1, "rougeW-1.2")


# --- every expected-per-pair file of the shared corpora -------------------------------------

OPTION_SETS = {
    "perl-rouge155.nostem.S-unlimited.jsonl": "-c 95 -2 -1 -U -r 1000 -n 4 -w 1.2 -a -d",
    "perl-rouge155.stem.S4.jsonl": "-c 95 -2 4 -U -r 1000 -n 4 -w 1.2 -m -a -d",
}


def expected_files() -> list[Any]:
    """The shipped files (SummEval, XSum) and, with the shared data, every other one."""
    return [pytest.param(f, id=relative_name(f)) for f in expected_per_pair_files()]


def corpus_of(expected: Path) -> Path:
    """The corpus an expected-per-pair file was computed on (see shared/data/README.md)."""
    rel = Path(relative_name(expected)).parts
    if len(rel) == 4:  # <set>/expected-per-pair/<corpus>/<file>
        return data_file(f"{rel[0]}/{rel[2]}.jsonl")
    (only,) = [
        path
        for name, path in data_files().items()
        if Path(name).parent == Path(rel[0]) and holds_pairs(path)
    ]
    return only


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.parametrize("expected", expected_files())
def test_expected_per_pair(expected: Path) -> None:
    rows = read_jsonl(corpus_of(expected))
    want = read_jsonl(expected)
    assert [r["id"] for r in rows] == [w["id"] for w in want]
    config = RougeConfig.from_perl_args(OPTION_SETS[Path(relative_name(expected)).name])
    batch = config.make_scorer().score_batch(
        [r["prediction"] for r in rows], [r["references"] for r in rows]
    )
    mismatches, total = [], 0
    for ours, perl in config.names.items():
        columns = [batch.recall(ours), batch.precision(ours), batch.fmeasure(ours)]
        for i, w in enumerate(want):
            for field, column in zip("rpf", columns):
                total += 1
                if column[i] != w["scores"][perl][field]:
                    mismatches.append(
                        f"{w['id']} {perl} {field}: {column[i]} vs Perl {w['scores'][perl][field]}"
                    )
    assert not mismatches, mismatch_report(mismatches, total, "values")
    assert total == len(want) * len(config.names) * 3
