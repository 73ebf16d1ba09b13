"""Data frames of a batch: time and memory of ``to_pandas`` / ``to_arrow`` / ``to_polars``
against copying the columns (not part of CI).

A batch of ``--pairs`` pairs (default 1,000,000 short synthetic pairs: the texts do not
matter, only the column sizes) scored with rouge1, rouge2 and rougeL: 9 float64 columns.
Each conversion runs in a fresh subprocess that scores the batch, then measures the
conversion alone: wall time (best of ``--repeat``) and the resident memory the frame holds
afterwards (``/proc/self/statm``, the frame kept alive). Reference rows:

- ``copy (before)``: what ``BatchResult.to_pandas`` did before (the core's
  ``BatchScores.buffer`` bytes per column, then ``pandas.DataFrame``, which consolidates).
- ``pyarrow default to_pandas``: ``to_arrow().to_pandas()`` with pyarrow's defaults.

Usage (from the repository root)::

    python benches/bench_frames.py [--pairs 1000000] [--repeat 5]

Prints a Markdown section for ``benches/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
from importlib.metadata import version
from typing import Any

MODES = {
    "copy (before)": "copy",
    "to_pandas()": "pandas",
    "to_arrow()": "arrow",
    "to_polars()": "polars",
    "pyarrow default to_pandas": "arrow_pandas",
}


def _child(mode: str, pairs: int, repeat: int) -> dict[str, Any]:
    import gc

    import numpy as np
    import pandas as pd
    import rougekit as rk

    scorer = rk.RougeScorer(["rouge1", "rouge2", "rougeL"])

    def converter(batch: Any) -> Any:
        def copy() -> Any:
            cols = {}
            for t in batch.types:
                for f in ("precision", "recall", "fmeasure"):
                    buf = batch.scores.buffer(t, f)
                    cols[f"{t}_{f}"] = np.frombuffer(buf, dtype=np.float64)
            return pd.DataFrame(cols)

        return {
            "copy": copy,
            "pandas": batch.to_pandas,
            "arrow": batch.to_arrow,
            "polars": batch.to_polars,
            "arrow_pandas": lambda: batch.to_arrow().to_pandas(),
        }[mode]

    # Imports and first-use costs on a small batch, so the big one's memory is its own:
    # memory freed by an earlier conversion would be reused and hide the next one's.
    converter(scorer.score_batch(["a b"] * 1000, ["a c"] * 1000))()
    convert = converter(scorer.score_batch(["a b c d"] * pairs, ["a b x d"] * pairs))
    gc.collect()

    def rss() -> int:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * 4096

    before = rss()
    start = time.perf_counter()
    frame = convert()
    best = time.perf_counter() - start
    held = rss() - before
    del frame
    for _ in range(repeat - 1):
        start = time.perf_counter()
        convert()
        best = min(best, time.perf_counter() - start)
    return {"seconds": best, "held_mib": held / 2**20, "columns_mib": 9 * pairs * 8 / 2**20}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_child(args.child, args.pairs, args.repeat)))
        return
    rows = []
    for label, mode in MODES.items():
        out = subprocess.run(
            [sys.executable, __file__, "--child", mode, "--pairs", str(args.pairs),
             "--repeat", str(args.repeat)],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        r = json.loads(out.stdout.strip().splitlines()[-1])
        rows.append(f"| {label} | {r['seconds'] * 1000:.3f} | {r['held_mib']:.1f} |")
        columns_mib = r["columns_mib"]
    versions = ", ".join(
        f"{d} {version(d)}" for d in ("rougekit", "numpy", "pandas", "pyarrow", "polars")
    )
    print(f"## Data frames of a batch ({args.pairs:,} pairs, 9 float64 columns = "
          f"{columns_mib:.1f} MiB)\n")  # fmt: skip
    print(f"`python benches/bench_frames.py --pairs {args.pairs} --repeat {args.repeat}`; "
          f"{versions}; Python {platform.python_version()}, {platform.machine()}.\n")  # fmt: skip
    print("| conversion | ms (best) | MiB held by the frame |")
    print("|---|---:|---:|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
