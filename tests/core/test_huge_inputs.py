"""Huge inputs (issue 9 item 5): one pair of 1,000,000-token texts under a 4 GB
address-space cap either scores correctly in memory linear in the input or raises a clear
error naming the pair and the limit — never an abort (a failed allocation kills Python with
SIGABRT), never a silent 0.

Each batch of cases runs in a child interpreter that sets ``RLIMIT_AS`` before importing
rougekit, with a generous timeout so that a regression fails instead of hanging.

The texts: two 1e6-token texts that share 1,000 tokens at the same relative places and in
the same order, otherwise drawn from disjoint vocabularies, so every answer is known in
closed form: LCS = 1,000; skip-bigram hits = C(1000, 2) (+ 1,000 unigrams for SU).
"vocab": 36,000 distinct words per side, like real text (the dense LCS mask table needed
4.5 GB); shared tokens all distinct (the Fenwick count of rougeS*). "distinct": every other
token distinct (1.25 GB of masks for 1e5 tokens before); shared tokens from 3 words, each
repeated (rougeS*'s per-token scan).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from math import comb

import pytest
import rougekit as rk

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS is Linux-only")

N = 1_000_000
SHARED = 1_000

CHILD = textwrap.dedent(
    """
    import json, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
    import rougekit as rk

    N, SHARED = 1_000_000, 1_000
    kind = sys.argv[1]
    cases = json.loads(sys.argv[2])
    step = N // SHARED
    if kind == "vocab":
        a = ["a%d" % (i % 36000) for i in range(N)]
        b = ["b%d" % (i % 36000) for i in range(N)]
    else:
        a = ["a%d" % i for i in range(N)]
        b = ["b%d" % i for i in range(N)]
    for k in range(SHARED):
        word = "s%d" % (k if kind == "vocab" else k % 3)
        a[k * step] = word
        b[k * step + 7] = word
    prediction, reference = " ".join(a), " ".join(b)
    out = []
    for rouge_type, profile in cases:
        try:
            s = rk.RougeScorer([rouge_type], profile=profile).score(prediction, reference)
            out.append({"ok": list(s[rouge_type])})
        except ValueError as e:
            out.append({"error": type(e).__name__, "message": str(e)})
    print(json.dumps(out))
    """
)

RS, PERL = "rouge-score", "perl-1.5.5"
PAIRS = N * (N - 1) // 2

#: (type, profile) -> expected (P, R, F), or the start of the error message.
EXPECTED: dict[tuple[str, str], tuple[float, float, float] | str] = {
    ("rougeL", RS): (SHARED / N, SHARED / N, SHARED / N),
    ("rougeLsum", RS): (SHARED / N, SHARED / N, SHARED / N),
    ("rougeL", PERL): (0.001, 0.001, 0.001),
    ("rougeS*", RS): (comb(SHARED, 2) / PAIRS,) * 3,
    ("rougeSU*", RS): ((comb(SHARED, 2) + SHARED) / (PAIRS + N),) * 3,
    ("rougeS*", PERL): (0.0, 0.0, 0.0),  # 1e-6, rounded to ROUGE-1.5.5's 5 decimals
    ("rougeW-1.2", RS): "pair 0: rougeW-1.2 is too large for ROUGE-W",
    ("rougeW-1.2", PERL): "pair 0, reference 0: a sentence pair is too long for ROUGE-W",
}


def run_child(kind: str, cases: list[tuple[str, str]]) -> list[dict[str, object]]:
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, kind, json.dumps(cases)],
            capture_output=True,
            text=True,
            timeout=600,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{kind}: scoring a 1e6-token pair did not finish in 600 s")
    assert done.returncode == 0, f"child died ({done.returncode}): {done.stderr[-2000:]}"
    result: list[dict[str, object]] = json.loads(done.stdout)
    return result


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
@pytest.mark.parametrize("kind", ["vocab", "distinct"])
def test_million_token_pairs_score_or_refuse_under_4gb(kind: str) -> None:
    cases = list(EXPECTED)
    for (rouge_type, profile), got in zip(cases, run_child(kind, cases)):
        want = EXPECTED[rouge_type, profile]
        where = f"{kind} {profile} {rouge_type}"
        if isinstance(want, str):
            assert got.get("error") == "InputTooLargeError", where
            message = str(got["message"])
            assert message.startswith(want), (where, message)
            assert "limit" in message, (where, message)
        else:
            assert got.get("ok") == pytest.approx(list(want), rel=1e-12), (where, got)


# -- ROUGE-W's table limit in the perl-1.5.5 profile (fuzz trial D12) ----------------------

#: One 20,000-token sentence: its table against itself needs 4e8 cells, over 2^28.
D12 = " ".join(f"w{i % 5000}" for i in range(20000))


def test_perl_rouge_w_over_the_table_limit_is_an_error() -> None:
    from rougekit import _core

    scorer = rk_scorer(["rougeW-1.2", "rouge1"], "perl-1.5.5")
    with pytest.raises(_core.InputTooLargeError, match=r"^pair 0, reference 0: .*268435456"):
        scorer.score(D12, D12)
    with pytest.raises(_core.InputTooLargeError, match=r"^pair 1, reference 1: "):
        scorer.score_batch(["a b", D12], [["a b"], ["a", D12]])
    # ROUGE-1.5.5's own failure (a model without tokens) is still a listed 0, not an error.
    batch = scorer.score_batch(["a b", "a b"], [["a b"], ["a b", ""]])
    assert [f[:3] for f in batch.failures] == [(1, 1, "rougeW-1.2")]


def test_cli_reports_the_table_limit_as_one_error_line(tmp_path, capsys) -> None:
    from rougekit import cli

    path = tmp_path / "big.jsonl"
    rows = [{"id": "small", "prediction": "a b", "references": ["a b"]}]
    rows.append({"id": "huge", "prediction": D12, "references": [D12]})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    args = ["score", "--jsonl", str(path), "--profile", "perl-1.5.5", "-t", "rouge1", "rougeW"]
    assert cli.main(args) == 1
    err = capsys.readouterr().err
    assert err.startswith("rougekit: error: ") and err.count("\n") == 1, err
    assert "pair huge, reference 0: " in err and "268435456" in err


def test_cli_names_the_pair_over_the_rouge_w_cell_limit(tmp_path, capsys) -> None:
    from rougekit import cli

    huge = " ".join(f"w{i % 997}" for i in range(200_000))  # 4e10 cells > 2^34
    path = tmp_path / "big.jsonl"
    rows = [{"id": "small", "prediction": "a b", "references": ["a b"]}]
    rows.append({"id": "huge", "prediction": huge, "references": [huge]})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert cli.main(["score", "--jsonl", str(path), "-t", "rouge1", "rougeW"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("rougekit: error: ") and err.count("\n") == 1, err
    assert "pair huge: rougeW-1.2 is too large" in err and "17179869184" in err


def test_rougekit_perl_reports_the_table_limit_as_one_error_line(tmp_path) -> None:
    from perl_oracle import run_rougekit_perl

    (tmp_path / "peer.spl").write_text(D12 + "\n")
    (tmp_path / "model.spl").write_text(D12 + "\n")
    listing = tmp_path / "list.txt"
    listing.write_text(f"{tmp_path / 'peer.spl'} {tmp_path / 'model.spl'}\n")
    code, out, err = run_rougekit_perl(["-w", "1.2", "-n", "1", "-z", "SPL", str(listing)])
    assert code == 1 and not out, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("rougekit perl: error: ROUGE-W-1.2: "), err
    assert "model.spl" in lines[0] and "268435456" in lines[0]


def rk_scorer(types: list[str], profile: str) -> rk.RougeScorer:
    return rk.RougeScorer(types, profile=profile)
