#!/usr/bin/env python3
"""One-pair latency: the cost of scoring one pair per call, as RL reward loops and
evaluation harnesses (lm-eval) call ROUGE.

Timed calls (types rouge1, rouge2, rougeL, rougeLsum, stemmer on, one thread):

* rougekit ``RougeScorer(...).score(prediction, reference)``;
* rougekit ``rougekit.compat.rouge_scorer.RougeScorer(...).score(target, prediction)``;
* rouge-score-rs 0.2.1 ``RougeScorer(...).score(target, prediction)``;
* rouge-score 0.1.2 ``RougeScorer(...).score(target, prediction)`` (fewer calls: it is slow).

Each implementation runs in a fresh subprocess (thread-pool variables set to 1) that builds
its scorer once, then calls ``score`` on the pairs of the corpus in order, one call per
pair, ``--repeat`` times over ``--pairs`` pairs; the table gives microseconds per call
(median and best of the repeats) and the ratio to rouge-score-rs. The F-measures of the
timed pairs are compared with rouge-score's (exact float equality).

    python benches/bench_latency.py
    python benches/bench_latency.py --pairs 2000 --repeat 7
    python benches/bench_latency.py --markdown benches/RESULTS.md --append
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from _common import (
    ALL_TYPES,
    SHARED_DATA,
    child_failure,
    dist_version,
    emit_result,
    load_pairs,
    machine_info,
    md_table,
    run_child,
    thread_env,
    write_markdown,
)

DEFAULT_DATA = SHARED_DATA / "cnndm-pointer-generator" / "pointer-gen-cov.jsonl"
IMPLS = ("rougekit", "rougekit-compat", "rouge-score-rs", "rouge-score")
CALLS = {
    "rougekit": "rk.RougeScorer(types, stemmer=True, threads=1).score(prediction, reference)",
    "rougekit-compat": "rougekit.compat.rouge_scorer.RougeScorer(types, use_stemmer=True)"
    ".score(target, prediction)",
    "rouge-score-rs": "rouge_score_rs.RougeScorer(types, use_stemmer=True)"
    ".score(target, prediction)",
    "rouge-score": "rouge_score.rouge_scorer.RougeScorer(types, use_stemmer=True)"
    ".score(target, prediction)",
}
DISTS = {
    "rougekit": "rougekit",
    "rougekit-compat": "rougekit",
    "rouge-score-rs": "rouge-score-rs",
    "rouge-score": "rouge-score",
}


def make(impl: str) -> Any:
    """A function ``score(prediction, reference) -> {type: F}`` for ``impl``."""
    types = list(ALL_TYPES)
    if impl == "rougekit":
        import rougekit as rk

        scorer = rk.RougeScorer(types, stemmer=True, threads=1)
        return lambda p, r: scorer.score(p, r)
    if impl == "rougekit-compat":
        from rougekit.compat import rouge_scorer as compat

        cscorer = compat.RougeScorer(types, use_stemmer=True)
        return lambda p, r: cscorer.score(r, p)
    if impl == "rouge-score-rs":
        import rouge_score_rs

        rs = rouge_score_rs.RougeScorer(types, use_stemmer=True)
        return lambda p, r: rs.score(r, p)
    if impl == "rouge-score":
        from rouge_score import rouge_scorer

        py = rouge_scorer.RougeScorer(types, use_stemmer=True)
        return lambda p, r: py.score(r, p)
    raise ValueError(f"unknown implementation {impl!r}")


def worker(spec: dict[str, Any]) -> None:
    preds, refs = load_pairs(Path(spec["data"]), spec["pairs"])
    try:
        score = make(spec["impl"])
    except ImportError as exc:
        emit_result({"status": "skipped", "reason": f"import failed: {exc}"})
        return
    for p, r in zip(preds[:50], refs[:50]):  # warm-up: caches, lazy imports
        score(p, r)
    per_call: list[float] = []
    for _ in range(spec["repeat"]):
        gc.collect()
        start = time.perf_counter()
        for p, r in zip(preds, refs):
            score(p, r)
        per_call.append((time.perf_counter() - start) / len(preds) * 1e6)
    results = [score(p, r) for p, r in zip(preds, refs)]
    emit_result(
        {
            "status": "ok",
            "pairs": len(preds),
            "us_per_call": per_call,
            "fmeasure": {t: [float(x[t].fmeasure) for x in results] for t in ALL_TYPES},
        }
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--pairs", type=int, default=1000, help="pairs per timed run (1000)")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs (5)")
    ap.add_argument("--impls", default=",".join(IMPLS))
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--markdown", type=Path)
    ap.add_argument("--append", action="store_true")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(json.loads(args.worker))
        return

    results: dict[str, Any] = {}
    for impl in args.impls.split(","):
        pairs = min(args.pairs, 200) if impl == "rouge-score" else args.pairs
        repeat = min(args.repeat, 3) if impl == "rouge-score" else args.repeat
        spec = {"impl": impl, "data": str(args.data), "pairs": pairs, "repeat": repeat}
        print(f"[{impl}] running...", file=sys.stderr, flush=True)
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps(spec)]
        child = run_child(cmd, thread_env(1), timeout=args.timeout)
        results[impl] = child
        if child.ok and child.payload and child.payload.get("status") == "ok":
            med = statistics.median(child.payload["us_per_call"])
            print(f"  median {med:.1f} us per call", file=sys.stderr)

    def payload(impl: str) -> dict[str, Any] | None:
        r = results.get(impl)
        if r is not None and r.ok and r.payload and r.payload.get("status") == "ok":
            return dict(r.payload)
        return None

    base = payload("rouge-score-rs")
    base_med = statistics.median(base["us_per_call"]) if base else None
    oracle = payload("rouge-score")
    rows: list[list[str]] = []
    for impl in results:
        ver = dist_version(DISTS[impl]) or "-"
        pl = payload(impl)
        if pl is None:
            child = results[impl]
            why = (
                f"skipped: {child.payload['reason']}"
                if child.payload and child.payload.get("status") == "skipped"
                else child_failure(child)
            )
            rows.append([impl, ver, f"`{CALLS[impl]}`", why, "", "", "", ""])
            continue
        med = statistics.median(pl["us_per_call"])
        best = min(pl["us_per_call"])
        ratio = f"{base_med / med:.2f}x" if base_med else "-"
        equal = "-"
        if oracle is not None and impl != "rouge-score":
            n = oracle["pairs"]
            equal = str(all(pl["fmeasure"][t][:n] == oracle["fmeasure"][t][:n] for t in ALL_TYPES))
        cells = [impl, ver, f"`{CALLS[impl]}`", str(pl["pairs"]), f"{med:.1f}", f"{best:.1f}"]
        rows.append([*cells, ratio, equal])

    out = ["## One-pair latency (bench_latency.py)", ""]
    out.append(
        f"Data: `{args.data}`, the first pairs in order (prediction vs references[0]), one "
        f"`score` call per pair; types {', '.join(ALL_TYPES)}; stemmer on; one thread; "
        f"{args.repeat} timed passes after a 50-call warm-up (rouge-score: at most 200 pairs, "
        f"3 passes). Command: `python benches/bench_latency.py {' '.join(sys.argv[1:])}`."
    )
    out += ["", "Machine:", ""]
    out += [f"- {k}: {v}" for k, v in machine_info()]
    out.append("")
    header = [
        "implementation",
        "version",
        "call",
        "pairs",
        "median us/call",
        "best us/call",
        "speed vs rouge-score-rs (medians)",
        "F equal to rouge-score",
    ]
    out.append(md_table(header, rows))
    text = "\n".join(out) + "\n"
    print(text)
    if args.markdown:
        write_markdown(args.markdown, text, append=args.append)


if __name__ == "__main__":
    main()
