"""Every signature rougekit prints parses back to the settings that produced it (issue 9
item 8): for many option sets, ``rougekit score`` prints a signature; ``rougekit
signature --parse`` turns it into a command; that command prints the same signature and
the same numbers. The API's signatures (``corpus()``, ``compute``-style scorers, the
perl-1.5.5 profile) parse back through ``rougekit.parse_signature`` too, ``Signature``
objects included."""

from __future__ import annotations

import itertools
import json
import shlex

import pytest
import rougekit as rk
from conftest import TESTS_DIR
from rougekit import cli

INPUTS = TESTS_DIR / "golden" / "cli" / "inputs"
FLAT = ["--jsonl", str(INPUTS / "flat.jsonl")]

OPTION_SETS = [
    [*profile, *stem, *ci, *split]
    for profile, stem, ci, split in itertools.product(
        (
            ["-t", "rouge1,rougeL,rougeLsum,rougeW-1.5,rougeSU4"],
            ["--profile", "perl-1.5.5"],
            ["--profile", "perl-1.5.5", "--stopwords", "--limit-words", "12", "--multiref", "B"],
            ["--profile", "perl-1.5.5", "--limit-bytes", "75", "--alpha", "0.2"],
        ),
        ([], ["--stem"]),
        ([], ["--ci", "90", "--bootstrap", "50", "--seed", "7"]),
        (
            [],
            ["--split-sentences", "rules"],
            ["--sentence-separator", ". "],
            ["--unescape-newlines", "--sentence-separator", "|:%,"],
        ),
    )
]


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert cli.main(argv) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=" ".join)
def test_cli_signature_reproduces_its_numbers(
    options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    first = run_json(["score", *FLAT, "--no-progress", "-f", "json", *options], capsys)
    signature = str(first["signature"])
    assert str(rk.parse_signature(signature)) == signature
    parsed = run_json(["signature", "--parse", signature, "-f", "json"], capsys)
    assert parsed["notes"] == []  # every setting is carried by the command
    command = shlex.split(str(parsed["command"]))
    assert command[:2] == ["rougekit", "score"]
    again = run_json([*command[1:], *FLAT, "--no-progress", "-f", "json"], capsys)
    assert again["signature"] == signature
    assert again["scores"] == first["scores"]


@pytest.mark.parametrize(
    "scorer",
    [
        rk.RougeScorer(stemmer=True),
        rk.RougeScorer("rouge2,rougeSU*"),
        rk.RougeScorer(profile="perl-1.5.5", stemmer=True, stopwords=True, limit_bytes=100),
        rk.RougeConfig.from_perl_args("-c 95 -2 4 -U -r 100 -n 2 -w 1.2 -m -a").make_scorer(),
    ],
)
def test_api_signatures_parse_back(scorer: rk.RougeScorer) -> None:
    preds, refs = ["the cat sat on the mat", "a dog"], ["the cat is on a mat", "the dog"]
    for result in (
        scorer.corpus(preds, refs),
        scorer.corpus(preds, refs, confidence=0.9, n_bootstrap=20, seed=1),
    ):
        assert rk.parse_signature(result.signature) == result.signature
        assert str(rk.parse_signature(str(result.signature))) == str(result.signature)


BASE = (
    "rougekit:0.1.0|profile:rouge-score|types:rouge1|stem:no|sw:no|trunc:no|nrefs:1|"
    "mref:best-f|alpha:0.5|agg:mean|ci:no|bs:no|seed:no"
)

PERL_BASE = BASE.replace("rouge-score", "perl-1.5.5").replace("best-f", "pooled")


@pytest.mark.parametrize(
    "profile,field,value",
    [
        ("rouge-score", "trunc", "w100"),
        ("rouge-score", "stem", "banana"),
        ("perl-1.5.5", "sw", "smart2"),
        ("perl-1.5.5", "trunc", "100"),
    ],
)
def test_a_value_the_command_cannot_carry_is_a_note(
    profile: str, field: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, `trunc:w100` vanished from the command and `stem:banana` became `--stem`
    # without a word (review 8, #10).
    base = BASE if profile == "rouge-score" else PERL_BASE
    parts = base.split("|")
    signature = "|".join(f"{field}:{value}" if p.startswith(field + ":") else p for p in parts)
    parsed = run_json(["signature", "--parse", signature, "-f", "json"], capsys)
    notes = [str(n) for n in parsed["notes"]]  # type: ignore[attr-defined]
    assert any(n.startswith(f"{field}:{value} is not a setting") for n in notes), notes


@pytest.mark.parametrize("bad", ["alpha:x", "ci:banana", "bs:1.5"])
def test_a_malformed_number_is_one_error_line(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    # `alpha:x` and `ci:banana` were a traceback from `float()` (review 8, #10).
    field = bad.split(":")[0]
    signature = "|".join(bad if p.startswith(field + ":") else p for p in BASE.split("|"))
    assert cli.main(["signature", "--parse", signature]) == 1
    key, value = bad.split(":")
    assert f"signature field {key}:{value!r} is not" in capsys.readouterr().err
