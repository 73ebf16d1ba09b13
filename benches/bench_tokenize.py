#!/usr/bin/env python3
"""``rougekit.tokenize``: one text per call against rouge-score-rs's per-text call, and a
list of texts in one call against a Python loop.

Texts: the XSum summaries of the hallucination annotations (predictions and references,
``../shared/data/xsum-hallucination-annotations/xsum.jsonl``), repeated up to ``--texts``.
Every timing is the fastest of ``--repeat`` runs (a run of the one-text call is many calls,
as ``python -m timeit`` does); runs of the compared callables alternate. One-thread runs are
timed in CPU time (``time.process_time``: steadier on a shared machine), the list form on
several threads in wall time:

    python benches/bench_tokenize.py --texts 10000 --repeat 9
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rougekit as rk

DATA = Path(__file__).resolve().parents[2] / "shared/data/xsum-hallucination-annotations"
SENTENCE = "The quick brown fox jumps over the lazy dog near the river bank."


def load(n: int) -> list[str]:
    texts: list[str] = []
    with open(DATA / "xsum.jsonl", encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            texts.append(row["prediction"])
            texts.extend(row["references"])
    return list(itertools.islice(itertools.cycle(texts), n))


def fastest(runs: dict[str, Callable[[], Any]], repeat: int, calls: int = 1) -> dict[str, float]:
    """Seconds per call of each callable: the fastest of ``repeat`` alternating runs (wall
    time for a name saying ``threads=all``, else CPU time)."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            clock = time.perf_counter if "threads=all" in name else time.process_time
            start = clock()
            for _ in range(calls):
                run()
            best[name] = min(best[name], (clock() - start) / calls)
    return best


def single_runs(stem: bool) -> dict[str, Callable[[], Any]]:
    from rouge_score_rs._rougers import tokenize as rs_tokenize

    return {
        "rk.tokenize(text)": lambda: rk.tokenize(SENTENCE, stemmer=stem),
        "rouge_score_rs tokenize(text)": lambda: rs_tokenize(SENTENCE, stem),
    }


def list_runs(texts: list[str], stem: bool) -> dict[str, Callable[[], Any]]:
    from rouge_score_rs._rougers import tokenize as rs_tokenize

    runs: dict[str, Callable[[], Any]] = {
        "Python loop of rk.tokenize": lambda: [rk.tokenize(t, stemmer=stem) for t in texts],
        "loop of rouge_score_rs": lambda: [rs_tokenize(t, stem) for t in texts],
    }
    try:
        rk.tokenize(texts[:1], stemmer=stem)
    except TypeError:
        return runs  # a rougekit without the list form
    runs["rk.tokenize(list), threads=1"] = lambda: rk.tokenize(texts, stemmer=stem, threads=1)
    runs["rk.tokenize(list), threads=all (wall)"] = lambda: rk.tokenize(texts, stemmer=stem)
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    print(f"rougekit {rk.__version__} ({rk.__file__}), cores {os.cpu_count()}")
    for stem in (False, True):
        single = fastest(single_runs(stem), args.repeat, calls=20_000)
        for name, seconds in single.items():
            print(f"one sentence, stemmer={stem}: {name}: {seconds * 1e9:.0f} ns")
    texts = load(args.texts)
    mb = sum(len(t.encode()) for t in texts) / 1e6
    print(f"{len(texts)} texts, {mb:.2f} MB")
    for stem in (False, True):
        many = fastest(list_runs(texts, stem), args.repeat)
        for name, seconds in many.items():
            print(f"{len(texts)} texts, stemmer={stem}: {name}: {seconds * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
