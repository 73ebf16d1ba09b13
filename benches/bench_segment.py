#!/usr/bin/env python3
"""``rougekit.segment(texts, "jieba")`` against jieba 0.42.1's ``jieba.cut`` on the same texts.

Texts: the 2,400 generated texts of ``tests/core/test_segment_jieba.py`` (``tests/jieba_texts.py``,
fixed seed: jieba's dictionary words, unknown words for its HMM, ASCII, punctuation, spaces;
about 375,000 characters), optionally cycled up to ``--texts``. Timings: the fastest of
``--repeat`` runs; one-thread runs in CPU time (``time.process_time``, steadier on a shared
machine), the default thread count in wall time. The words are checked equal first.

    python benches/bench_segment.py --repeat 5
"""

from __future__ import annotations

import argparse
import itertools
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rougekit as rk

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from jieba_texts import generated_texts


def best(run: Callable[[], Any], repeat: int, clock: Callable[[], float]) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        run()
        times.append(clock() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=2400)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    import jieba

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    texts = list(itertools.islice(itertools.cycle(generated_texts(2400)), args.texts))
    chars = sum(map(len, texts))
    start = time.perf_counter()
    rk.segment(["预热"], "jieba")  # loads the dictionary (once per process)
    load = time.perf_counter() - start
    words = [list(jieba.cut(t)) for t in texts]
    assert rk.segment(texts, "jieba") == words, "rougekit and jieba differ"
    n_words = sum(map(len, words))

    rows = [
        ("jieba: `[list(jieba.cut(t)) for t in texts]`", "cpu",
         lambda: [list(jieba.cut(t)) for t in texts]),
        ("rougekit: `[rk.segment(t, 'jieba') for t in texts]`", "cpu",
         lambda: [rk.segment(t, "jieba") for t in texts]),
        ("rougekit: `rk.segment(texts, 'jieba', threads=1)`", "cpu",
         lambda: rk.segment(texts, "jieba", threads=1)),
        ("jieba: `[list(jieba.cut(t)) for t in texts]`", "wall",
         lambda: [list(jieba.cut(t)) for t in texts]),
        ("rougekit: `rk.segment(texts, 'jieba', threads=1)`", "wall",
         lambda: rk.segment(texts, "jieba", threads=1)),
        ("rougekit: `rk.segment(texts, 'jieba')` (default threads)", "wall",
         lambda: rk.segment(texts, "jieba")),
    ]  # fmt: skip
    print(f"{len(texts):,} texts, {chars:,} characters, {n_words:,} words; "
          f"rougekit's dictionary loaded in {load * 1000:.0f} ms")  # fmt: skip
    base: dict[str, float] = {}  # jieba's time per clock: each row's ratio is against it
    for name, clock_name, run in rows:
        clock = time.process_time if clock_name == "cpu" else time.perf_counter
        seconds = best(run, args.repeat, clock)
        base.setdefault(clock_name, seconds)
        print(
            f"| {name} | {clock_name} | {seconds * 1000:,.0f} ms | "
            f"{chars / seconds / 1e6:.2f} M chars/s | {base[clock_name] / seconds:.1f}x |"
        )


if __name__ == "__main__":
    main()
