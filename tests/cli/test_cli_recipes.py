"""``rougekit recipes``, ``rougekit score --recipe`` and ``rougekit identify``."""

from __future__ import annotations

import json
import subprocess
import sys

import rougekit.recipes as recipes
from conftest import SAMPLE


def _run(*argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "ignore", "-m", "rougekit", *argv],
        capture_output=True, text=True, check=check,
    )  # fmt: skip


def test_recipes_lists_every_recipe() -> None:
    out = _run("recipes", "-f", "json").stdout
    rows = json.loads(out)
    assert [r["name"] for r in rows] == list(recipes.names())
    assert all(r["signature"].endswith("recipe:" + r["name"]) for r in rows)
    assert "lm-eval-0.4.13:cnn_dailymail" in _run("recipes").stdout


def test_score_recipe_gives_the_recipes_numbers() -> None:
    rows = [json.loads(line) for line in SAMPLE.open(encoding="utf-8")]
    preds = [r["prediction"] for r in rows]
    refs = [r["references"] for r in rows]
    for name in ("helm-0.5.16:rouge", "llamafactory-0.9.5:eval_bleu_rouge"):
        got = json.loads(
            _run("score", "--jsonl", str(SAMPLE), "--recipe", name, "-f", "json").stdout
        )
        recipe = recipes.get(name)
        assert got.pop("signature") == str(recipe.signature)
        assert got == recipe.compute(preds, refs)
    samsum = json.loads(
        _run(
            "score",
            "--jsonl",
            str(SAMPLE),
            "--recipe",
            "longbench-2e00731:rouge_score",
            "--dataset",
            "samsum",
            "-f",
            "json",
        ).stdout
    )
    assert set(samsum) == {"samsum", "signature"}


def test_score_recipe_refuses_what_it_fixes_and_unknown_names() -> None:
    bad = _run("score", "--jsonl", str(SAMPLE), "--recipe", "helm-0.5.16:rouge", "--stem",
               check=False)  # fmt: skip
    assert bad.returncode == 2 and "--recipe fixes the scorer" in bad.stderr
    unknown = _run("score", "--jsonl", str(SAMPLE), "--recipe", "helm:rouge", check=False)
    assert unknown.returncode == 2 and "unknown recipe" in unknown.stderr


def test_identify_prints_the_matching_configurations() -> None:
    import rougekit as rk

    rows = [json.loads(line) for line in SAMPLE.open(encoding="utf-8")]
    preds, refs = [r["prediction"] for r in rows], [r["references"] for r in rows]
    mean = rk.RougeScorer(["rouge2"], profile="perl-1.5.5").corpus(preds, refs).mean
    value = f"{mean['rouge2'].fmeasure * 100:.2f}"
    out = json.loads(_run("identify", "--jsonl", str(SAMPLE), "--reported",
                          f"rouge2={value}", "-f", "json").stdout)  # fmt: skip
    assert "profile:perl-1.5.5" in [m["name"] for m in out]
    none = _run("identify", "--jsonl", str(SAMPLE), "--reported", "rouge1=99.99").stdout
    assert "no profile, option or recipe" in none
    bad = _run("identify", "--jsonl", str(SAMPLE), "--reported", "rouge1", check=False)
    assert bad.returncode == 2 and "TYPE=NUMBER" in bad.stderr


def test_score_recipe_seed() -> None:
    """``--seed`` seeds a recipe that takes one (NeMo's unseeded bootstrap)."""
    rows = [json.loads(line) for line in SAMPLE.open(encoding="utf-8")]
    preds = [r["prediction"] for r in rows]
    refs = [r["references"] for r in rows]
    name = "nemo-8cfedd7:compute_rouge"
    argv = ("score", "--jsonl", str(SAMPLE), "--recipe", name, "--seed", "4", "-f", "json")
    got = json.loads(_run(*argv).stdout)
    got.pop("signature")
    assert got == recipes.get(name).compute(preds, refs, seed=4)
