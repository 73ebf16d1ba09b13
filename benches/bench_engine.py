#!/usr/bin/env python3
"""Batch-scoring speed of rougekit and the other ROUGE packages, side by side.

For each package and thread count, a fresh subprocess (same setup for every package)
loads the data, constructs the scorer once, scores the first ``--warmup`` pairs untimed,
then times the full batch ``--repeat`` times and keeps the best. Types rouge1, rouge2,
rougeL and rougeLsum, stemmer on, prediction vs ``references[0]``.

Pure-Python packages (rouge-score, rapidrouge) have no threads: they run once, at 1
thread, and their other thread rows say n/a. The warm-up's F-measures are compared with
rouge-score 0.1.2's (exact float equality) to report agreement.

    python benches/bench_engine.py                       # all packages, 1 and 2 threads
    python benches/bench_engine.py --limit 1000 --repeat 1
    python benches/bench_engine.py --packages rougekit --threads 1 --types rouge1
    python benches/bench_engine.py --markdown benches/RESULTS.md
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path
from typing import Any

from _common import (
    ALL_TYPES,
    PACKAGES,
    SHARED_DATA,
    ChildResult,
    Package,
    child_failure,
    dist_version,
    emit_result,
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

DEFAULT_DATA = SHARED_DATA / "cnndm-pointer-generator" / "pointer-gen-cov.jsonl"
BASELINE = "rouge-score"
RUST_BASELINE = "rouge-score-rs"


# --------------------------------------------------------------------------- worker


def worker(spec: dict[str, Any]) -> None:
    """Runs in the subprocess: load, construct, warm up, time. Prints one result line."""
    pkg = PACKAGES[spec["package"]]
    preds, refs = load_pairs(Path(spec["data"]), spec["limit"])
    preds, refs = preds * spec["copies"], refs * spec["copies"]
    types: list[str] = spec["types"]
    threads: int = spec["threads"]
    try:
        runner = make_runner(pkg, types, spec["stemmer"], threads)
    except ImportError as exc:
        emit_result({"status": "skipped", "reason": f"import failed: {exc}"})
        return

    n_warm = min(spec["warmup"], len(preds))
    warm = runner.score(preds[:n_warm], refs[:n_warm])
    warm_f = {t: runner.fmeasure(warm, t) for t in runner.types}
    del warm

    times: list[float] = []
    cpu_times: list[float] = []
    for _ in range(spec["repeat"]):
        gc.collect()
        cpu_start = time.process_time()  # all threads of this process
        start = time.perf_counter()
        result = runner.score(preds, refs)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
        got = len(runner.fmeasure(result, runner.types[0]))
        if got != len(preds):
            raise RuntimeError(f"{pkg.name} returned {got} scores for {len(preds)} pairs")
        del result

    emit_result(
        {
            "status": "ok",
            "version": runner.version,
            "types": list(runner.types),
            "stemmer": runner.stemmer,
            "pairs": len(preds),
            "times": times,
            "cpu_times": cpu_times,
            "warmup_pairs": n_warm,
            "warmup_fmeasure": warm_f,
            "maxrss_kib": self_maxrss_kib(),
        }
    )


# --------------------------------------------------------------------------- parent


def run_one(pkg: Package, threads: int, args: argparse.Namespace) -> ChildResult:
    spec = {
        "package": pkg.name,
        "threads": threads,
        "data": str(args.data),
        "limit": args.limit,
        "copies": args.copies,
        "repeat": args.repeat,
        "warmup": args.warmup,
        "types": list(args.types),
        "stemmer": True,
    }
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps(spec)]
    return run_child(cmd, thread_env(threads), timeout=args.timeout)


def reference_fmeasures(
    preds: list[str], refs: list[str], types: tuple[str, ...], stemmer: bool
) -> dict[str, list[float]] | None:
    """rouge-score 0.1.2's F-measures, the yardstick for agreement."""
    try:
        from rouge_score import rouge_scorer
    except ImportError:
        return None
    scorer = rouge_scorer.RougeScorer(list(types), use_stemmer=stemmer)
    scores = [scorer.score(r, p) for p, r in zip(preds, refs)]
    return {t: [s[t].fmeasure for s in scores] for t in types}


def fmt_ratio(num: float | None, den: float | None) -> str:
    if num is None or den is None or den <= 0:
        return "-"
    ratio = num / den
    if ratio >= 10:
        return f"{ratio:,.0f}x"
    if ratio >= 1:
        return f"{ratio:.1f}x"
    return f"{ratio:.2g}x"


def build_report(
    args: argparse.Namespace,
    packages: list[Package],
    results: dict[tuple[str, int], ChildResult | str],
    n_pairs: int,
) -> str:
    def best(name: str, threads: int) -> float | None:
        r = results.get((name, threads))
        if isinstance(r, ChildResult) and r.ok and r.payload:
            return float(min(r.payload["times"]))
        return None

    base = best(BASELINE, 1)
    copies = f": the corpus {args.copies} times over" if args.copies > 1 else ""
    out: list[str] = ["## Batch scoring speed (bench_engine.py)", ""]
    out.append(
        f"Data: `{args.data}` ({n_pairs} pairs{copies}, prediction vs references[0]); types "
        f"{', '.join(args.types)}; stemmer on; best of {args.repeat} timed run(s) after one "
        f"untimed warm-up on the first {args.warmup} pairs; one fresh subprocess per "
        "(package, threads), thread-pool env vars set to the thread count."
    )
    out += ["", "Machine:", ""]
    out += [f"- {k}: {v}" for k, v in machine_info()]
    out += ["", "Packages:", ""]
    for pkg in packages:
        ver = dist_version(pkg.dist) or "not installed"
        out.append(f"- {pkg.name} {ver}: `{pkg.batch_api}`; threads: {pkg.threads_how}")
    out.append("")

    rows: list[list[str]] = []
    for pkg in packages:
        for threads in args.threads:
            r = results.get((pkg.name, threads))
            ver = dist_version(pkg.dist) or "-"
            if r is None:
                continue
            if isinstance(r, str):
                rows.append([pkg.name, ver, str(threads), r, "", "", "", "", "", ""])
                continue
            if not r.ok or r.payload is None:
                status = (
                    f"skipped: {r.payload['reason']}"
                    if r.payload and r.payload.get("status") == "skipped"
                    else child_failure(r)
                )
                rows.append([pkg.name, ver, str(threads), status, "", "", "", "", "", ""])
                continue
            times = r.payload["times"]
            best_i = min(range(len(times)), key=times.__getitem__)
            secs = float(times[best_i])
            cpu = float(r.payload["cpu_times"][best_i])
            note = pkg.notes
            if not note and r.payload["types"] != list(args.types):
                note = f"computes {', '.join(r.payload['types'])}"
            rows.append(
                [
                    pkg.name,
                    str(r.payload.get("version") or ver),
                    str(threads),
                    f"{secs:.3f}",
                    f"{r.payload['pairs'] / secs:,.0f}",
                    f"{cpu / secs:.2f}",
                    "-" if r.other_load is None else f"{r.other_load:.2f}",
                    fmt_ratio(base, secs),
                    fmt_ratio(best(RUST_BASELINE, threads), secs),
                    note,
                ]
            )
    out.append(
        md_table(
            [
                "package",
                "version",
                "threads",
                "seconds",
                "pairs/s",
                "CPU/wall",
                "other load",
                f"x vs {BASELINE} (1 thread)",
                f"x vs {RUST_BASELINE} (same threads)",
                "notes",
            ],
            rows,
        )
    )
    out.append("")
    out.append(
        "Speed ratios are (baseline seconds) / (package seconds): above 1x is faster. "
        "CPU/wall is the process CPU time (all threads) over wall time of the best run: "
        "about 1 for one busy thread, up to 2 when two threads are busy. "
        "Other load: mean CPUs that other processes kept busy during that subprocess "
        "(from /proc/stat), near 0 on an idle machine. "
        "n/a: the package has no threads, so only its 1-thread run exists."
    )
    warning = load_warning(r.other_load for r in results.values() if isinstance(r, ChildResult))
    if warning:
        out += ["", warning]
    return "\n".join(out) + "\n"


def build_agreement(
    args: argparse.Namespace,
    packages: list[Package],
    results: dict[tuple[str, int], ChildResult | str],
) -> str:
    n = min(args.warmup, args.limit) if args.limit else args.warmup
    preds, refs = load_pairs(args.data, n)
    out = [
        "",
        f"### Agreement with rouge-score 0.1.2 (F-measure, first {len(preds)} pairs)",
        "",
        "Exact float equality of each pair's F with rouge-score's for the same types and "
        "stemmer setting (rouge-rust cannot stem: compared with rouge-score both without "
        "stemming, its own setting, and with stemming, the benchmark's setting).",
        "",
    ]
    cache: dict[tuple[tuple[str, ...], bool], dict[str, list[float]] | None] = {}

    def ref_for(types: tuple[str, ...], stemmer: bool) -> dict[str, list[float]] | None:
        key = (types, stemmer)
        if key not in cache:
            cache[key] = reference_fmeasures(preds, refs, types, stemmer)
        return cache[key]

    rows: list[list[str]] = []
    for pkg in packages:
        r: ChildResult | None = None
        for t in args.threads:
            cand = results.get((pkg.name, t))
            if isinstance(cand, ChildResult) and cand.ok:
                r = cand
                break
        if r is None or r.payload is None:
            continue
        got: dict[str, list[float]] = r.payload["warmup_fmeasure"]
        types = tuple(r.payload["types"])
        settings = [bool(r.payload["stemmer"])]
        if not settings[0]:
            settings.append(True)
        for stem in settings:
            ref = ref_for(types, stem)
            if ref is None:
                out.append("rouge-score is not installed: agreement not checked.")
                return "\n".join(out) + "\n"
            cells = []
            for t in ALL_TYPES:
                if t not in got:
                    cells.append("-")
                    continue
                same = sum(a == b for a, b in zip(got[t], ref[t]))
                worst = max((abs(a - b) for a, b in zip(got[t], ref[t])), default=0.0)
                cell = f"{same}/{len(ref[t])}"
                if same != len(ref[t]):
                    cell += f" (max diff {worst:.2g})"
                cells.append(cell)
            rows.append([pkg.name, "on" if stem else "off", *cells])
    out.append(md_table(["package", "stemmer (rouge-score side)", *ALL_TYPES], rows))
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="JSONL of pairs")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs; best is kept (3)")
    ap.add_argument("--limit", type=int, default=None, help="use only the first N pairs")
    ap.add_argument(
        "--packages",
        default=",".join(PACKAGES),
        help=f"comma list of packages (default: {','.join(PACKAGES)})",
    )
    ap.add_argument(
        "--threads",
        type=lambda s: [int(x) for x in s.split(",") if x],
        default=[1, 2],
        help="comma list of thread counts (default: 1,2)",
    )
    ap.add_argument(
        "--types",
        type=lambda s: [t for t in s.split(",") if t],
        default=list(ALL_TYPES),
        help="comma list of ROUGE types (default: all four; rouge1 alone gives the cost of "
        "the four types against the tokenizing they share)",
    )
    ap.add_argument("--warmup", type=int, default=200, help="untimed warm-up pairs (200)")
    ap.add_argument("--timeout", type=float, default=3600, help="seconds per subprocess (3600)")
    ap.add_argument("--markdown", type=Path, default=None, help="also write the report here")
    ap.add_argument("--append", action="store_true", help="append to --markdown FILE")
    ap.add_argument(
        "--dump-pairs",
        type=Path,
        default=None,
        help="write the pairs as prediction\\0reference\\0... for "
        "crates/rougekit-core/examples/engine_profile.rs (instruction counts) and exit",
    )
    ap.add_argument(
        "--copies",
        type=int,
        default=1,
        help="score the corpus this many times over, as one batch (thread scaling on 100k+ "
        "pairs: --copies 9 is 103,410 pairs); --dump-pairs writes it this many times",
    )
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.worker is not None:
        worker(json.loads(args.worker))
        return 0

    if not args.data.exists():
        raise SystemExit(f"data not found: {args.data}")
    if args.dump_pairs is not None:
        preds, refs = load_pairs(args.data, args.limit)
        texts = [t for p, r in zip(preds, refs) for t in (p, r)] * args.copies
        args.dump_pairs.write_text("\0".join(texts), encoding="utf-8")
        print(f"{len(texts) // 2} pairs written to {args.dump_pairs}")
        return 0
    packages = parse_packages(args.packages)
    n_pairs = len(load_pairs(args.data, args.limit)[0]) * args.copies

    results: dict[tuple[str, int], ChildResult | str] = {}
    for pkg in packages:
        skip_reason: str | None = None
        for threads in args.threads:
            if not pkg.threaded and threads != 1:
                results[(pkg.name, threads)] = "n/a (no threads)"
                continue
            if skip_reason is not None:
                results[(pkg.name, threads)] = skip_reason
                continue
            if dist_version(pkg.dist) is None and pkg.name != "rougekit":
                results[(pkg.name, threads)] = "skipped: not installed"
                print(f"[{pkg.name} x{threads}] skipped: not installed", file=sys.stderr)
                continue
            print(f"[{pkg.name} x{threads}] running...", file=sys.stderr, flush=True)
            child = run_one(pkg, threads, args)
            results[(pkg.name, threads)] = child
            if child.ok and child.payload:
                secs = min(child.payload["times"])
                print(
                    f"[{pkg.name} x{threads}] best {secs:.3f} s "
                    f"({child.payload['pairs'] / secs:,.0f} pairs/s)",
                    file=sys.stderr,
                    flush=True,
                )
            elif child.payload and child.payload.get("status") == "skipped":
                skip_reason = f"skipped: {child.payload['reason']}"
                print(
                    f"[{pkg.name} x{threads}] NOTE: skipped, {child.payload['reason']}",
                    file=sys.stderr,
                )
            else:
                print(f"[{pkg.name} x{threads}] {child_failure(child)}", file=sys.stderr)
                if child.stderr.strip():
                    print(child.stderr.strip()[-2000:], file=sys.stderr)

    report = build_report(args, packages, results, n_pairs)
    report += build_agreement(args, packages, results)
    print(report)
    if args.markdown:
        write_markdown(args.markdown, report, args.append)
        print(f"written to {args.markdown}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
