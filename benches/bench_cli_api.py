"""CPU per pair of ``rougekit score`` against ``RougeScorer.score_batch`` on the same pairs
(not part of CI).

``pointer-gen-cov.jsonl`` (11,490 CNN/DM pairs) repeated ``--copies`` times (ids made
unique) is scored, rouge1/rouge2/rougeL/rougeLsum with stemming, on one thread:

* ``api``: a fresh process reads the pairs into lists (not timed), then times one
  ``RougeScorer(...).score_batch(predictions, references, progress=False)``;
* ``cli``: ``rougekit score --jsonl FILE --stem -j 1 --no-progress`` (the core reads the
  file), CPU time of the whole process (``RUSAGE_CHILDREN``) minus that of the same command
  on a one-pair file (start-up: imports, profile), over the number of pairs;
* ``cli-python``: the same with ``ROUGEKIT_PYTHON_READERS=1`` (the Python readers: every
  text a Python ``str``), the command line before the core's readers;
* with ``--per-instance``, ``cli-per-instance``: ``cli`` writing every pair's scores
  (``--per-instance FILE.jsonl``; the core formats the rows), and the same with the Python
  readers (the rows still formatted by the core);
* with ``--csv``, ``cli-csv``: the same pairs in a CSV file (``id,prediction,references``,
  the first reference only; ``api-csv``: the API on those pairs);
* with ``--lines``, ``cli-lines``: the same pairs as line files (``-p PRED -r REF``, the
  texts' newlines replaced by spaces, so the API is timed on those texts too, ``api-lines``).

Configurations run round-robin in fresh processes, ``--rounds`` rounds; medians. Each
process is cold (Porter stem cache empty), as a command-line run is.

Usage (from the repository root, with ``../shared/data`` beside it)::

    python benches/bench_cli_api.py [--copies 10] [--rounds 3] [--lines] [--csv] [--per-instance]

Prints a Markdown section for ``benches/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_cli_memory import DATA, load, machine, rougekit_command

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]

API_WORKER = r"""
import json, resource, sys
import rougekit as rk
kind, path, types = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
if kind == "csv":
    import csv
    with open(path + ".csv", encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))[1:]
    preds, refs = [r[1] for r in rows], [[r[2]] for r in rows]
elif kind == "jsonl":
    preds, refs = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            preds.append(d["prediction"]); refs.append(d["references"])
else:
    with open(path + ".pred", encoding="utf-8") as f:
        preds = f.read().split("\n")[:-1]
    with open(path + ".ref", encoding="utf-8") as f:
        refs = [[r] for r in f.read().split("\n")[:-1]]
scorer = rk.RougeScorer(types, stemmer=True, threads=1)
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
passes = int(sys.argv[4]) if len(sys.argv) > 4 else 1  # 0: all but the call (cachegrind)
c0 = cpu()
result = scorer.score_batch(preds, refs, progress=False) if passes else None
c1 = cpu()
print(json.dumps({"cpu": c1 - c0, "n": len(preds)}))
"""


def make_inputs(workdir: Path, copies: int) -> tuple[Path, Path, int]:
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line]
    big, tiny = workdir / f"cnndm-x{copies}.jsonl", workdir / "cnndm-1.jsonl"
    with open(big, "w", encoding="utf-8") as f:
        for c in range(copies):
            for row in rows:
                f.write(json.dumps({**row, "id": f"{row['id']}-{c}"}) + "\n")
    tiny.write_text(json.dumps(rows[0]) + "\n", encoding="utf-8")
    for path, reps, subset in ((big, copies, rows), (tiny, 1, rows[:1])):
        with open(f"{path}.csv", "w", encoding="utf-8", newline="") as f:
            out = csv.writer(f)
            out.writerow(["id", "prediction", "references"])
            for c in range(reps):
                for row in subset:
                    out.writerow([f"{row['id']}-{c}", row["prediction"], row["references"][0]])
    for path, n in ((big, copies), (tiny, 0)):
        subset = rows if n else rows[:1]
        reps = n or 1
        with (
            open(str(path) + ".pred", "w", encoding="utf-8") as p,
            open(str(path) + ".ref", "w", encoding="utf-8") as r,
        ):
            for _ in range(reps):
                for row in subset:
                    p.write(row["prediction"].replace("\n", " ") + "\n")
                    r.write(row["references"][0].replace("\n", " ") + "\n")
    return big, tiny, len(rows) * copies


def child_cpu(argv: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{argv} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--lines", action="store_true", help="also line files (-p/-r)")
    ap.add_argument("--csv", action="store_true", help="also CSV (--csv)")
    ap.add_argument(
        "--per-instance", action="store_true", help="also with --per-instance FILE.jsonl"
    )
    ap.add_argument("--workdir", type=Path, default=None)
    args = ap.parse_args()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="rougekit-cli-api-"))
    workdir.mkdir(parents=True, exist_ok=True)
    big, tiny, n = make_inputs(workdir, args.copies)
    rk = rougekit_command()
    env = {**os.environ, "ROUGEKIT_NUM_THREADS": "1", "RAYON_NUM_THREADS": "1"}
    py_env = {**env, "ROUGEKIT_PYTHON_READERS": "1"}
    opts = ["--stem", "-j", "1", "--no-progress", "-t", *TYPES]

    def cli(path: Path) -> list[str]:
        return [*rk, "score", "--jsonl", str(path), *opts]

    def cli_csv(path: Path) -> list[str]:
        return [*rk, "score", "--csv", f"{path}.csv", *opts]

    def cli_lines(path: Path) -> list[str]:
        return [*rk, "score", "-p", f"{path}.pred", "-r", f"{path}.ref", *opts]

    def per_pair_cli(argv_big: list[str], argv_tiny: list[str], e: dict[str, str]) -> float:
        return (child_cpu(argv_big, e) - child_cpu(argv_tiny, e)) / (n - 1) * 1e6

    def per_pair_api(kind: str) -> float:
        proc = subprocess.run(
            [sys.executable, "-c", API_WORKER, kind, str(big), ",".join(TYPES)],
            env=env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        out = json.loads(proc.stdout.strip().splitlines()[-1])
        assert out["n"] == n, out
        return float(out["cpu"]) / n * 1e6

    configs = {
        "api": lambda: per_pair_api("jsonl"),
        "cli": lambda: per_pair_cli(cli(big), cli(tiny), env),
        "cli-python": lambda: per_pair_cli(cli(big), cli(tiny), py_env),
    }
    if args.per_instance:
        pi = ["--per-instance", str(workdir / "per-pair.jsonl")]
        configs["cli-per-instance"] = lambda: per_pair_cli([*cli(big), *pi], [*cli(tiny), *pi], env)
        configs["cli-per-instance-python"] = lambda: per_pair_cli(
            [*cli(big), *pi], [*cli(tiny), *pi], py_env
        )
    if args.csv:
        # One reference per pair, as in the CSV file (the API on the same pairs).
        configs["api-csv"] = lambda: per_pair_api("csv")
        configs["cli-csv"] = lambda: per_pair_cli(cli_csv(big), cli_csv(tiny), env)
        configs["cli-csv-python"] = lambda: per_pair_cli(cli_csv(big), cli_csv(tiny), py_env)
    if args.lines:
        configs["api-lines"] = lambda: per_pair_api("lines")
        configs["cli-lines"] = lambda: per_pair_cli(cli_lines(big), cli_lines(tiny), env)
        configs["cli-lines-python"] = lambda: per_pair_cli(cli_lines(big), cli_lines(tiny), py_env)
    results: dict[str, list[float]] = {k: [] for k in configs}
    loads = [load()]
    for _ in range(args.rounds):
        for name, run in configs.items():
            results[name].append(run())
        loads.append(load())
    med = {k: statistics.median(v) for k, v in results.items()}
    lines = [
        "## Command line vs API, CPU per pair (bench_cli_api.py)",
        "",
        f"{machine()}; 1-minute load average at the start and after each round: "
        f"{', '.join(loads)}. {n:,} pairs (`pointer-gen-cov.jsonl` x {args.copies}), "
        f"rouge1/rouge2/rougeL/rougeLsum, Porter stemmer, one thread, {args.rounds} "
        "interleaved rounds, cold processes.",
        "",
        f"Command: `python benches/bench_cli_api.py --copies {args.copies} --rounds "
        f"{args.rounds}{' --lines' if args.lines else ''}{' --csv' if args.csv else ''}"
        f"{' --per-instance' if args.per_instance else ''}`",
        "",
        "| configuration | CPU µs/pair, median | per round | x api |",
        "|---|---|---|---|",
    ]
    for name, values in results.items():
        own = [a for a in ("api-lines", "api-csv") if name.startswith("cli" + a[3:])]
        base = med[own[0] if own else "api"]
        shown = ", ".join(f"{v:.2f}" for v in values)
        lines.append(f"| {name} | {med[name]:.2f} | {shown} | {med[name] / base:.2f} |")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
