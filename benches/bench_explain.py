#!/usr/bin/env python3
"""Cost of explanations against scoring: ``explain_batch`` vs ``score_batch`` on the same
pairs (CNN/DM pointer-gen-cov, 11,490 pairs, prediction vs references[0], rouge1 rouge2
rougeL rougeLsum, stemmer on), at 1 and 2 threads.

Three timings per thread count, interleaved, best of ``--repeat``:

* ``score_batch``: the scores;
* ``explain_batch``: every pair's explanation as the core makes it (tokens with spans,
  counts, matches, LCS witnesses), in chunks, in parallel without the GIL;
* ``explain_batch + to_dict``: the same, each explanation's dict also built (what a report
  or JSON dump of every pair costs).

    python benches/bench_explain.py
    python benches/bench_explain.py --limit 2000 --repeat 1
    python benches/bench_explain.py --markdown benches/RESULTS.md --append
    python benches/bench_explain.py --profile pltrdy-1.0.1
    python benches/bench_explain.py --profile xlsum-v1 --language english

``--profile``: any text profile; its types are rouge1 rouge2 rougeL (rougeLsum too where
the profile has it), stemmed where the profile stems.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _common import (
    ALL_TYPES,
    SHARED_DATA,
    dist_version,
    load_pairs,
    machine_info,
    md_table,
    write_markdown,
)

DEFAULT_DATA = SHARED_DATA / "cnndm-pointer-generator" / "pointer-gen-cov.jsonl"


def best(run: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--markdown", type=Path, default=None)
    ap.add_argument("--append", action="store_true")
    ap.add_argument("--profile", default="rouge-score")
    ap.add_argument("--language", default=None, help="xlsum-v1's language=")
    args = ap.parse_args()

    import rougekit as rk

    preds, refs = load_pairs(args.data, args.limit)
    rows = []
    types = {"pltrdy-1.0.1": None, "rouge-chinese-1.0.3": None,
             "perl-1.5.5": ["rouge1", "rouge2", "rougeL"]}.get(args.profile, ALL_TYPES)  # fmt: skip
    stems = args.profile in ("rouge-score", "perl-1.5.5", "xlsum-v1")
    options: dict[str, Any] = {"stemmer": True} if stems else {}
    if args.language:
        options["language"] = args.language
    for threads in (1, 2):
        scorer = rk.RougeScorer(types, profile=args.profile, threads=threads, **options)
        scorer.score_batch(preds[:200], refs[:200], progress=False)  # warm-up
        list(scorer.explain_batch(preds[:200], refs[:200]))

        def score(s: Any = scorer) -> Any:
            return s.score_batch(preds, refs, progress=False)

        def explain(s: Any = scorer) -> Any:
            return list(s.explain_batch(preds, refs))

        def explain_dicts(s: Any = scorer) -> Any:
            return [e.to_dict() for e in s.explain_batch(preds, refs)]

        t_score = best(score, args.repeat)
        t_explain = best(explain, args.repeat)
        t_dicts = best(explain_dicts, args.repeat)
        rows.append((threads, t_score, t_explain, t_dicts))
        print(
            f"threads {threads}: score_batch {t_score:.3f} s, explain_batch {t_explain:.3f} s "
            f"({t_explain / t_score:.1f}x), with to_dict {t_dicts:.3f} s "
            f"({t_dicts / t_score:.1f}x)",
            file=sys.stderr,
        )
    table = md_table(
        ["threads", "score_batch s", "explain_batch s", "x score", "explain + to_dict s",
         "x score"],
        [
            [str(t), f"{s:.3f}", f"{e:.3f}", f"{e / s:.1f}x", f"{d:.3f}", f"{d / s:.1f}x"]
            for t, s, e, d in rows
        ],
    )  # fmt: skip
    machine = "\n".join(f"- {k}: {v}" for k, v in machine_info())
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    text = (
        f"## Explanations vs scoring (bench_explain.py, {args.profile})\n\n"
        f"Data: `{args.data}` ({len(preds)} pairs, prediction vs references[0]); profile "
        f"{args.profile}; types {' '.join(scorer.types)}; stemmer {'on' if stems else 'off'}; "
        f"best of {args.repeat}; rougekit "
        f"{dist_version('rougekit')}; load average at the end {load:.2f}.\n\n"
        f"Command: `python benches/bench_explain.py --profile {args.profile}"
        f"{' --language ' + args.language if args.language else ''}`\n\n"
        f"Machine:\n\n{machine}\n\n{table}\n"
    )
    print(text)
    if args.markdown is not None:
        write_markdown(args.markdown, text, args.append)


if __name__ == "__main__":
    main()
