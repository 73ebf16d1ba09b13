"""ROUGE-W in the rouge-score profile stays a score (issue 13 item 3; fuzz trial D9, D10).

Identical texts give exactly 1.0 (the telescoping weighted sum used to land a few ulps above
or below f(n): 1.0000000000000002 for 2,513 CNN/DM references scored against themselves);
no score leaves [0, 1]; weights where Lin's (2004) f(x + y) > f(x) + f(y) fails (w <= 1) or
k^w could overflow (w > 16) are refused when the scorer is built; every other value keeps
its bits (checked against a float-for-float replay of the kernel). The perl-1.5.5 profile
keeps reproducing what ROUGE-1.5.5 prints, quirks included.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import rougekit as rk
from conftest import named_corpus
from hypothesis import given
from hypothesis import strategies as st
from rougekit import _core

WORDS = st.lists(st.sampled_from(["a", "b", "c", "cat", "the", "mat", "sat"]), max_size=16)
WEIGHTS = [1.2, 1.5, 2.0, 3.7, 16.0]


def replay(ref: list[str], pred: list[str], w: float) -> tuple[float, float, float]:
    """The kernel's float operations in the same order (Lin's table, then f⁻¹), with the
    range rule: exactly 1 when one run of matches covers a whole side, else at most 1."""
    m, n = len(ref), len(pred)
    if not m or not n:
        return 0.0, 0.0, 0.0
    f = [float(k) ** w for k in range(max(m, n) + 2)]
    c = [[0.0] * (n + 1) for _ in range(m + 1)]
    k = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            if ref[i - 1] == pred[j - 1]:
                run = k[i - 1][j - 1]
                c[i][j] = c[i - 1][j - 1] + f[run + 1] - f[run]
                k[i][j] = run + 1
            else:
                c[i][j] = max(c[i - 1][j], c[i][j - 1])
    all_rows = any(k[m][j] == m for j in range(n + 1))
    all_cols = any(k[i][n] == n for i in range(m + 1))
    r = 1.0 if all_rows else min(1.0, (c[m][n] / f[m]) ** (1 / w))
    p = 1.0 if all_cols else min(1.0, (c[m][n] / f[n]) ** (1 / w))
    fm = 2 * p * r / (p + r) if p + r > 0 else 0.0
    return p, r, min(1.0, fm)


@given(pred=WORDS, ref=WORDS, w=st.sampled_from(WEIGHTS))
def test_values_are_the_kernel_replay_and_in_range(pred: list[str], ref: list[str], w: float):
    scorer = rk.RougeScorer([f"rougeW-{w}"], threads=1)
    t = scorer.types[0]
    got = tuple(scorer.score(" ".join(pred), " ".join(ref))[t])
    assert got == replay(_core.tokenize(" ".join(ref), False), pred, w)
    assert all(0.0 <= x <= 1.0 for x in got)


@pytest.mark.parametrize("w", WEIGHTS)
def test_identical_texts_score_exactly_one(w: float) -> None:
    scorer = rk.RougeScorer([f"rougeW-{w}"], threads=1)
    t = scorer.types[0]
    for text in ["a b c d e f g", "the cat sat on the mat " * 40, "x"]:
        assert tuple(scorer.score(text, text)[t]) == (1.0, 1.0, 1.0)
    # One side inside the other as a single run: that side's measure is exactly 1.
    s = scorer.score("b c d", "a b c d e")[t]
    assert s.precision == 1.0 and s.recall < 1.0


def test_cnndm_references_against_themselves() -> None:
    rows = named_corpus("cnndm-pointer-generator/pointer-gen-cov.jsonl")  # or its stand-in
    refs = [row["references"][0] for row in rows][:3000]
    for w in (1.2, 1.5):
        t = f"rougeW-{w}"
        batch = rk.RougeScorer([t], threads=2).score_batch(refs, refs)
        for field in ("precision", "recall", "fmeasure"):
            values = set(getattr(batch, field)(t))
            assert values <= {1.0}, (t, field, sorted(values)[:3])


@pytest.mark.parametrize(
    "name",
    ["rougeW-1", "rougeW-0.5", "rougeW-0.01", "rougeW-0.0000001", "rougeW-16.5", "rougeW-1000"],
)
def test_weights_outside_the_definition_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match=r"weight must be greater than 1 .* at most 16"):
        rk.RougeScorer([name])


def test_cli_refuses_bad_weight_and_json_always_parses(tmp_path: Path, capsys) -> None:
    from rougekit import cli

    p, r = tmp_path / "p.txt", tmp_path / "r.txt"
    p.write_text("a b c d\na x b x c\n")
    r.write_text("a b c d\na b c\n")
    assert cli.main(["score", "-p", str(p), "-r", str(r), "-t", "rougeW-1000", "-f", "json"]) == 2
    assert "at most 16" in capsys.readouterr().err
    for t in ("rougeW-1.0001", "rougeW-16"):
        assert cli.main(["score", "-p", str(p), "-r", str(r), "-t", t, "-f", "json"]) == 0
        out = capsys.readouterr().out
        values = json.loads(out, parse_constant=lambda c: pytest.fail(f"{c} in JSON output"))
        assert values


def test_perl_profile_keeps_rouge_1_5_5_weights() -> None:
    # ROUGE-1.5.5 accepts -w 0.5 and prints values above 1; the perl profile reproduces it.
    s = rk.RougeScorer(["rougeW-0.5"], profile="perl-1.5.5").score("a x b x c", "a b c")
    assert s["rougeW-0.5"].recall > 1.0
