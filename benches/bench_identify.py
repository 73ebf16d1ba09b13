#!/usr/bin/env python3
"""``rougekit.identify`` on See et al. (2017)'s released CNN/DM outputs: CPU and wall time.

Data: the shared pointer-generator + coverage outputs
(``../shared/data/cnndm-pointer-generator/pointer-gen-cov.jsonl``, 11,490 pairs), reported
numbers of their Table 1 (ROUGE-1/2/L F 39.53 / 17.28 / 36.38). ``--identify FILE`` times
the ``identify`` function of another copy of ``identify.py`` (an older commit's, written out
with ``git show <commit>:python/rougekit/identify.py``) on the same installed core, and
``--save FILE`` writes the matches (name, signature, values, call) as JSON, so that two runs
can be compared for identical answers. CPU time is ``time.process_time`` (every thread of
the process); run with ``ROUGEKIT_NUM_THREADS=1``.

    ROUGEKIT_NUM_THREADS=1 nice python benches/bench_identify.py --save /tmp/after.json
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import rougekit as rk  # noqa: E402
from conftest import shared_file  # noqa: E402

REPORTED = {"rouge1": "39.53", "rouge2": "17.28", "rougeL": "36.38"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=None, help="the first N pairs only")
    parser.add_argument("--identify", type=Path, help="an identify.py to time instead")
    parser.add_argument("--save", type=Path, help="write the matches here (JSON)")
    args = parser.parse_args()
    path = shared_file("cnndm-pointer-generator/pointer-gen-cov.jsonl")
    if path is None:
        sys.exit("the shared CNN/DM pointer-generator outputs are not here (../shared/data)")
    rows = [json.loads(line) for line in path.open(encoding="utf-8")][: args.pairs]
    preds, refs = [r["prediction"] for r in rows], [r["references"] for r in rows]
    identify = rk.identify
    if args.identify is not None:
        spec = importlib.util.spec_from_file_location("identify_under_test", args.identify)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
        identify = module.identify
    wall, cpu = time.perf_counter(), time.process_time()
    matches = identify(preds, refs, REPORTED)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{len(rows)} pairs: {cpu:.2f} s CPU, {wall:.2f} s wall, load average "
          f"{os.getloadavg()[0]:.2f}; {[m.name for m in matches]}")  # fmt: skip
    if args.save is not None:
        saved = [[m.name, m.signature, m.values, m.how] for m in matches]
        args.save.write_text(json.dumps(saved, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
