#!/usr/bin/env python3
"""Per-type cost of the token-ids path against the unicode-v1 text path, same content.

Loads pointer-gen-cov (prediction vs references[0]) and builds the ids as
``bench_profiles.py`` does, scores the first 200 pairs untimed, then times
``score_batch`` over all pairs ``--repeat`` times on one thread and prints the fastest and
the median. One path and one set of types per process:

    python benches/ids_breakdown.py ids rouge1,rouge2,rougeL,rougeLsum --repeat 25
    python benches/ids_breakdown.py text rougeLsum
"""

from __future__ import annotations

import argparse
import statistics
import time

import rougekit as rk
from _common import ALL_TYPES, load_pairs
from bench_profiles import DEFAULT_DATA, SEPARATOR, _ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", choices=["ids", "text"])
    parser.add_argument("types", nargs="?", default=",".join(ALL_TYPES))
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    types = args.types.split(",")
    preds, refs = load_pairs(DEFAULT_DATA, None)
    if args.path == "ids":
        scorer = rk.RougeScorer(types, profile="token-ids", separator=SEPARATOR, threads=1)
        preds, refs = _ids(preds, refs)  # type: ignore[assignment]
    else:
        scorer = rk.RougeScorer(types, profile="unicode-v1", threads=1)
    scorer.score_batch(preds[:200], refs[:200])
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        scorer.score_batch(preds, refs)
        times.append(time.perf_counter() - start)
    print(
        f"{args.path} {','.join(types)}: fastest {min(times) * 1e3:.1f} ms, "
        f"median {statistics.median(times) * 1e3:.1f} ms ({len(preds)} pairs)"
    )


if __name__ == "__main__":
    main()
