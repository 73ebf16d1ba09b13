#!/usr/bin/env python3
"""ROUGE-L (or ROUGE-Lsum) time and peak memory on one huge pair (294,141 x 20,914 tokens).

Each package scores the single pair of ``long-all-input-vs-all-output.jsonl`` (rougeL
only by default, or ``--type rougeLsum``: the summary-level union LCS over its 13,141 x
1,319 lines, 17M line pairs; stemmer on by default) in its own subprocess, under a
wall-clock timeout and an address-space limit (RLIMIT_AS), so that a quadratic LCS table
fails as "out of memory" or "timeout" instead of taking the machine down. Reported: the
scoring call's wall time (measured in the subprocess, after loading the pair and
constructing the scorer, and after an untimed warm-up on a tiny pair), the subprocess's
peak RSS (``os.wait4`` rusage, i.e. the per-child RUSAGE_CHILDREN figure) and the F of
that type. A package that cannot compute the type (rouge-rust has no rougeLsum) is listed
as skipped.

rouge-score 0.1.2 builds the full 6e9-cell Python LCS table for rougeL (for rougeLsum,
17M per-line-pair tables): it is skipped unless
``--include-rouge-score`` is given (it then fails on the memory limit or the timeout).

    python benches/bench_long_lcs.py
    python benches/bench_long_lcs.py --type rougeLsum
    python benches/bench_long_lcs.py --timeout 300 --markdown benches/RESULTS.md --append
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from _common import (
    PACKAGES,
    SHARED_DATA,
    ChildResult,
    child_failure,
    dist_version,
    emit_result,
    is_out_of_memory,
    load_pairs,
    load_warning,
    machine_info,
    make_runner,
    md_table,
    parse_packages,
    run_child,
    self_maxrss_kib,
    thread_env,
    write_markdown,
)

DEFAULT_DATA = SHARED_DATA / "duc2004-task2-pyrouge-tests" / "long-all-input-vs-all-output.jsonl"
DEFAULT_PACKAGES = ",".join(PACKAGES)


# --------------------------------------------------------------------------- worker


def worker(spec: dict[str, Any]) -> None:
    """Runs in the subprocess: load the pair, construct, warm up on a tiny pair, time."""
    pkg = PACKAGES[spec["package"]]
    preds, refs = load_pairs(Path(spec["data"]), 1)
    try:
        runner = make_runner(pkg, [spec["type"]], spec["stemmer"], spec["threads"])
    except ImportError as exc:
        emit_result({"status": "skipped", "reason": f"import failed: {exc}"})
        return
    if spec["type"] not in runner.types:
        emit_result({"status": "skipped", "reason": f"no {spec['type']}"})
        return
    runner.score(["the cats sat on the mat"], ["a cat was sitting on the mat"])
    rss_before = self_maxrss_kib()
    print(f"scoring {len(preds[0].split())} x {len(refs[0].split())} tokens", flush=True)
    try:
        start = time.perf_counter()
        result = runner.score(preds, refs)
        seconds = time.perf_counter() - start
    except MemoryError:
        emit_result({"status": "oom", "reason": "MemoryError"})
        return
    except BaseException as exc:  # a Rust panic arrives as a BaseException subclass
        status = "oom" if is_out_of_memory(repr(exc)) else "error"
        emit_result({"status": status, "reason": repr(exc)[:300]})
        return
    emit_result(
        {
            "status": "ok",
            "version": runner.version,
            "types": list(runner.types),
            "stemmer": runner.stemmer,
            "seconds": seconds,
            "f": runner.fmeasure(result, spec["type"])[0],
            "maxrss_before_kib": rss_before,
            "maxrss_kib": self_maxrss_kib(),
            "tokens": [len(preds[0].split()), len(refs[0].split())],
        }
    )


# --------------------------------------------------------------------------- parent


def describe(child: ChildResult) -> str:
    p = child.payload
    if p is not None and p.get("status") == "skipped":
        return f"skipped: {p['reason']}"
    if p is not None and p.get("status") == "oom":
        return f"out of memory ({p['reason']})"
    if p is not None and p.get("status") == "error":
        return f"error: {p['reason']}"
    return child_failure(child)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="JSONL with the pair")
    ap.add_argument(
        "--packages",
        default=DEFAULT_PACKAGES,
        help=f"comma list (default: {DEFAULT_PACKAGES}; rouge-score needs --include-rouge-score)",
    )
    ap.add_argument(
        "--include-rouge-score",
        action="store_true",
        help="also run rouge-score 0.1.2 (6e9-cell table: expect out of memory / timeout)",
    )
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per package (120)")
    ap.add_argument(
        "--mem-limit-gib",
        type=float,
        default=8.0,
        help="address-space limit per subprocess in GiB, 0 for none (8)",
    )
    ap.add_argument("--threads", type=int, default=1, help="thread count (1)")
    ap.add_argument(
        "--type",
        choices=("rougeL", "rougeLsum"),
        default="rougeL",
        help="rougeL (default) or rougeLsum (the union LCS over the lines)",
    )
    ap.add_argument(
        "--no-stemmer", dest="stemmer", action="store_false", help="tokenize without stemming"
    )
    ap.add_argument("--markdown", type=Path, default=None, help="also write the report here")
    ap.add_argument("--append", action="store_true", help="append to --markdown FILE")
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.worker is not None:
        worker(json.loads(args.worker))
        return 0

    if not args.data.exists():
        raise SystemExit(f"data not found: {args.data}")
    packages = parse_packages(args.packages)
    if args.include_rouge_score and all(p.name != "rouge-score" for p in packages):
        packages.append(PACKAGES["rouge-score"])
    mem_limit = int(args.mem_limit_gib * 1024**3) if args.mem_limit_gib > 0 else None

    rows: list[list[str]] = []
    loads: list[float | None] = []
    for pkg in packages:
        ver = dist_version(pkg.dist) or "-"
        if pkg.name == "rouge-score" and not args.include_rouge_score:
            table = "a ~6e9-cell" if args.type == "rougeL" else "17M line-pair"
            note = f"skipped: needs {table} Python table(s) (use --include-rouge-score)"
            rows.append([pkg.name, ver, note, "", "", "", "", "", ""])
            continue
        if dist_version(pkg.dist) is None and pkg.name != "rougekit":
            rows.append([pkg.name, ver, "skipped: not installed", "", "", "", "", "", ""])
            continue
        print(f"[{pkg.name}] running (timeout {args.timeout:g} s)...", file=sys.stderr, flush=True)
        spec = {
            "package": pkg.name,
            "data": str(args.data),
            "stemmer": args.stemmer,
            "threads": args.threads,
            "type": args.type,
        }
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps(spec)]
        child = run_child(cmd, thread_env(args.threads), args.timeout, mem_limit)
        loads.append(child.other_load)
        load = "-" if child.other_load is None else f"{child.other_load:.2f}"
        p = child.payload
        skipped = p is not None and p.get("status") == "skipped"
        peak = "" if skipped else f"{child.maxrss_kib / 1024:,.0f}"
        if child.ok and p is not None:
            note = pkg.notes or ""
            if not p["stemmer"] and args.stemmer:
                note = note or "cannot stem: tokenized without stemming"
            rows.append(
                [
                    pkg.name,
                    str(p.get("version") or ver),
                    "ok",
                    f"{p['seconds']:.3f}",
                    peak,
                    f"{p['maxrss_before_kib'] / 1024:,.0f}",
                    f"{p['f']:.6f}",
                    load,
                    note,
                ]
            )
        else:
            status = describe(child)
            if child.timed_out:
                status = f"timeout (> {args.timeout:g} s, killed)"
            elif status.startswith("out of memory") and mem_limit:
                status += f" at the {args.mem_limit_gib:g} GiB limit"
            rows.append([pkg.name, ver, status, "", peak, "", "", load, pkg.notes])
        print(f"[{pkg.name}] {rows[-1][2]}", file=sys.stderr, flush=True)
        if not child.ok and child.stderr.strip():
            print(child.stderr.strip()[-1500:], file=sys.stderr)

    limit_text = f"{args.mem_limit_gib:g} GiB address space" if mem_limit else "no memory limit"
    title = "ROUGE-L" if args.type == "rougeL" else "ROUGE-Lsum"
    out = [f"## Long-pair {title} (bench_long_lcs.py --type {args.type})", ""]
    out.append(
        f"Data: `{args.data}` (one pair, {args.type} only, stemmer "
        f"{'on' if args.stemmer else 'off'}, {args.threads} thread(s)); per package one "
        f"subprocess with a {args.timeout:g} s timeout and {limit_text}. Seconds: the scoring "
        "call only. Peak RSS: the whole subprocess (interpreter, data, scorer), from wait4 "
        "rusage; for a killed or failed run it is the peak reached before it ended. RSS before "
        "scoring: the subprocess's peak after loading the pair, building the scorer and the "
        "warm-up, so the difference is what the scoring call added."
    )
    out += ["", "Machine:", ""]
    out += [f"- {k}: {v}" for k, v in machine_info()]
    out.append("")
    out.append(
        md_table(
            [
                "package",
                "version",
                "status",
                "seconds",
                "peak RSS (MiB)",
                "RSS before scoring (MiB)",
                f"{args.type} F",
                "other load",
                "notes",
            ],
            rows,
        )
    )
    out.append("")
    out.append(
        "Other load: mean CPUs that other processes kept busy during that subprocess "
        "(from /proc/stat), near 0 on an idle machine."
    )
    warning = load_warning(loads)
    if warning:
        out += ["", warning]
    report = "\n".join(out) + "\n"
    print(report)
    if args.markdown:
        write_markdown(args.markdown, report, args.append)
        print(f"written to {args.markdown}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
