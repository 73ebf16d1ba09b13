"""Ctrl-C inside one long pair (issue 13 item 7; fuzz trial D16): the kernels report their
progress to a cancellation token that the binding polls for signals, so a single long
rougeW or rougeLsum pair raises ``KeyboardInterrupt`` while it is being scored instead of
running to the end (25.8 s and 49.7 s in the trial); so does ROUGE-1.5.5's bootstrap in
the perl-1.5.5 profile's ``corpus()`` (a 10^7-resample run went on 120 s past the signal),
and the perl-1.5.5 profile's own kernels: its summary-level ROUGE-L and ROUGE-W are
quadratic in sentences (a pair of 100,000-line texts was still running 20 s after the
signal, through the API and ``rougekit score``), and ROUGE-S* on long texts is counted
without materialising the skip-bigrams, in O(vocabulary x length) time.

A child interpreter scores a batch of such pairs (minutes of work, one chunk, so the batch's
own between-chunk check comes only at the end) after installing a SIGINT handler that
records whether it ran while ``score_batch`` was still on the stack. No timing is asserted:
a kernel that ignores the signal makes the child run for minutes and the timeout fails the
test instead of hanging it.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT delivery")

CHILD = textwrap.dedent(
    """
    import signal, sys, traceback
    import rougekit as rk

    case = sys.argv[1]
    if case == "rougeW" or case == "perl-bootstrap":
        # 80,000 x 80,000 cells per pair: many seconds of work each.
        p = " ".join("w%d" % (i % 997) for i in range(80_000))
        r = " ".join("w%d" % (i % 991) for i in range(80_000))
    else:
        # 4,000 lines each side; a reference line is one word 100 times and each prediction
        # line holds it once, so every line pair's LCS takes the line's first position and
        # no pair can be skipped (kernels/union_lcs.rs): all 16M line pairs are traced back.
        p = "\\n".join("x%d a y%d" % (i, i) for i in range(4000))
        r = "\\n".join(" ".join(["a"] * 100) for _ in range(4000))
    if case.startswith("perl-rouge"):
        # ROUGE-1.5.5's kernels. L and W: 100,000 one-word sentences each side, 10^10
        # sentence pairs. S*: 200,000 words, each of 100,000 twice: minutes of counting.
        if case == "perl-rougeS*":
            p = " ".join("w%d" % (i * 7919 % 100_000) for i in range(200_000))
            r = " ".join("w%d" % (i * 104_729 % 100_000) for i in range(200_000))
        else:
            p = "\\n".join("w%d" % (i * 7919 % 5000) for i in range(100_000))
            r = "\\n".join("w%d" % (i * 104_729 % 5000) for i in range(100_000))
        scorer = rk.RougeScorer([case[5:]], profile="perl-1.5.5", threads=1)
    elif case != "perl-bootstrap":
        scorer = rk.RougeScorer([case], threads=1)
    run = lambda: scorer.score_batch([p] * 12, [r] * 12)  # noqa: E731
    if case == "perl-bootstrap":
        # ROUGE-1.5.5's bootstrap with 10^7 resamples of 30,000 instances: minutes of work
        # in the core, on two threads (the pool's workers do not poll; the caller does).
        scorer = rk.RougeScorer(["rouge1"], profile="perl-1.5.5", threads=2)
        p = ["the cat sat on the mat today %d" % i for i in range(30_000)]
        r = ["a cat was on the mat %d" % i for i in range(30_000)]
        run = lambda: scorer.corpus(p, r, confidence=0.95, n_bootstrap=10**7)  # noqa: E731

    def handler(signum, frame):
        names = [f.name for f in traceback.extract_stack(frame)]
        print("inside" if "<lambda>" in names else "after", flush=True)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, handler)
    print("ready", flush=True)
    try:
        run()
    except KeyboardInterrupt:
        sys.exit(3)
    print("completed", flush=True)
    """
)


@pytest.mark.parametrize(
    "case",
    ["rougeW", "rougeLsum", "perl-bootstrap", "perl-rougeL", "perl-rougeW-1.2", "perl-rougeS*"],
)
def test_ctrl_c_stops_a_long_pair(case: str) -> None:
    child = subprocess.Popen([sys.executable, "-c", CHILD, case], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "ready\n"
        time.sleep(1.0)  # let it enter the kernel
        child.send_signal(signal.SIGINT)
        try:
            out, _ = child.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{case}: Ctrl-C was not honoured inside the kernel")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert out.split() == ["inside"], out
    assert child.returncode == 3


def test_ctrl_c_stops_rougekit_score_inside_a_long_perl_pair(tmp_path: Path) -> None:
    """``rougekit score --profile perl-1.5.5`` on one pair of 300,000-line texts (ROUGE-L:
    9 x 10^10 sentence pairs, many minutes; 10^10 took 85 s before the fix): Ctrl-C ends
    it with exit 130 and one line, as on the default profile, instead of running on."""

    def lines(step: int) -> str:
        return "\n".join(f"w{i * step % 5000}" for i in range(300_000))

    data = tmp_path / "long.jsonl"
    data.write_text(json.dumps({"prediction": lines(7919), "references": [lines(104_729)]}) + "\n")
    command = ["score", "--jsonl", str(data), "--profile", "perl-1.5.5", "-t", "rougeL"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "rougekit", *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(2.0)  # let it start scoring
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            pytest.fail("Ctrl-C was not honoured inside the perl-1.5.5 kernel")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert err == "rougekit: error: interrupted\n"
