"""Peak memory and time of the ``rougekit`` command line (not part of CI).

1. Memory: ``pointer-gen-cov.jsonl`` (11,490 CNN/DM pairs) repeated to 1,000,000 pairs in a
   temporary JSONL file, scored by ``rougekit score --jsonl FILE --stem`` without
   per-instance output, under ``/usr/bin/time -v`` (peak RSS of the whole process).
2. Time: the 11,490 pairs through rouge-score's own command line
   (``python -m rouge_score.rouge``) and through ``rougekit score``, both writing every
   pair's scores and a bootstrap aggregate, rouge1/rouge2/rougeL/rougeLsum, stemming on.
   rouge-score reads a target and a prediction file split by a record delimiter; the
   ASCII record separator keeps the texts' sentence newlines, so both compute a real
   rougeLsum.

Usage (from the repository root, with ``../shared/data`` beside it)::

    python benches/bench_cli_memory.py [--pairs 1000000] [--workdir /tmp/rougekit-cli-bench]

Prints a Markdown section for ``benches/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = (
    Path(os.environ.get("ROUGEKIT_SHARED_DATA", ROOT.parent / "shared" / "data"))
    / "cnndm-pointer-generator"
    / "pointer-gen-cov.jsonl"
)
TYPES = "rouge1,rouge2,rougeL,rougeLsum"
RECORD_SEPARATOR = "\x1e"


def rougekit_command() -> list[str]:
    exe = shutil.which("rougekit", path=str(Path(sys.executable).parent))
    return [exe] if exe else [sys.executable, "-m", "rougekit"]


def make_big(path: Path, pairs: int) -> None:
    rows = DATA.read_text(encoding="utf-8").splitlines()
    with open(path, "w", encoding="utf-8") as f:
        for i in range(pairs):
            row = json.loads(rows[i % len(rows)])
            row["id"] = f"{row['id']}-{i // len(rows)}"
            f.write(json.dumps(row) + "\n")


def timed(argv: list[str]) -> tuple[float, float, str]:
    """(wall seconds, peak RSS MiB, stdout) of ``argv`` under ``/usr/bin/time -v``."""
    proc = subprocess.run(
        ["/usr/bin/time", "-v", *argv], capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise SystemExit(f"{argv} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", proc.stderr)
    assert rss and wall, proc.stderr
    seconds = 0.0
    for part in wall.group(1).split(":"):
        seconds = seconds * 60 + float(part)
    return seconds, int(rss.group(1)) / 1024, proc.stdout


def machine() -> str:
    """CPU model, memory, and the versions and commit measured."""
    cpu = mem = "?"
    try:
        info = Path("/proc/cpuinfo").read_text()
        m = re.search(r"model name\s*:\s*(.+)", info)
        cpu = m.group(1).strip() if m else cpu
        m = re.search(r"MemTotal:\s*(\d+) kB", Path("/proc/meminfo").read_text())
        mem = f"{int(m.group(1)) / 2**20:.1f} GiB" if m else mem
    except OSError:
        pass
    version = subprocess.run(
        [*rougekit_command(), "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    try:
        import numpy

        numpy_version = numpy.__version__
    except ImportError:
        numpy_version = "not installed"
    return (
        f"{version} at commit {commit or '?'}, NumPy {numpy_version}, Python "
        f"{platform.python_version()}, {platform.platform()}; {cpu}, {os.cpu_count()} CPUs, "
        f"{mem}"
    )


def load() -> str:
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "n/a"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", type=int, default=1_000_000)
    ap.add_argument("--workdir", type=Path, default=Path("/tmp/rougekit-cli-bench"))
    ap.add_argument("--skip-rouge-score", action="store_true")
    args = ap.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    big = args.workdir / f"pointer-gen-cov-x{args.pairs}.jsonl"
    if not big.exists():
        make_big(big, args.pairs)
    rk = rougekit_command()
    lines = [
        "## Command line: memory and time (bench_cli_memory.py)",
        "",
        f"{machine()}; 1-minute load average before the runs: {load()}.",
        "",
        "| run | pairs | wall s | pairs/s | peak RSS MiB | command |",
        "|---|---|---|---|---|---|",
    ]

    def row(name: str, n: int, argv: list[str]) -> str:
        wall, rss, out = timed(argv)
        shown = " ".join(a if a != str(big) else "BIG.jsonl" for a in argv[len(rk) :])
        print(out, file=sys.stderr)
        return f"| {name} | {n:,} | {wall:.1f} | {n / wall:,.0f} | {rss:.0f} | `{shown}` |"

    lines.append(
        row(
            "rougekit score, 1M pairs, no per-instance",
            args.pairs,
            [*rk, "score", "--jsonl", str(big), "--stem", "--no-progress"],
        )
    )
    lines.append(
        row(
            "rougekit score, 1M pairs, --ci 95 (keeps per-pair arrays)",
            args.pairs,
            [*rk, "score", "--jsonl", str(big), "--stem", "--no-progress", "--ci", "95"],
        )
    )
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    n = len(rows)
    per_pair = args.workdir / "rougekit-per-pair.csv"
    lines.append(
        row(
            "rougekit score, per-instance CSV + bootstrap CI",
            n,
            [
                *rk,
                "score",
                "--jsonl",
                str(DATA),
                "-t",
                *TYPES.split(","),
                "--stem",
                "--ci",
                "95",
                "--per-instance",
                str(per_pair),
                "--no-progress",
            ],
        )
    )
    if not args.skip_rouge_score:
        targets, preds = args.workdir / "targets.txt", args.workdir / "predictions.txt"
        targets.write_text(RECORD_SEPARATOR.join(r["references"][0] for r in rows))
        preds.write_text(RECORD_SEPARATOR.join(r["prediction"] for r in rows))
        wall, rss, _ = timed(
            [
                sys.executable,
                "-m",
                "rouge_score.rouge",
                f"--rouge_types={TYPES}",
                f"--target_filepattern={targets}",
                f"--prediction_filepattern={preds}",
                f"--output_filename={args.workdir / 'rouge-score.csv'}",
                "--use_stemmer",
                f"--delimiter={RECORD_SEPARATOR}",
            ]
        )
        lines.append(
            f"| rouge-score 0.1.2 CLI (`python -m rouge_score.rouge`), per-instance CSV + "
            f"bootstrap aggregate | {n:,} | {wall:.1f} | {n / wall:,.0f} | {rss:.0f} | "
            f"`--rouge_types={TYPES} --use_stemmer --delimiter=$'\\x1e' ...` |"
        )
    print("\n".join(lines))


if __name__ == "__main__":
    main()
