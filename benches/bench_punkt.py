#!/usr/bin/env python3
"""``rougekit.sentences.punkt`` against NLTK 3.10.4's ``nltk.sent_tokenize`` on the same texts.

Texts: every prediction and reference of a corpus file (default: the shared CNN/DM
pointer-generator outputs, ``../shared/data/cnndm-pointer-generator/pointer-gen-cov.jsonl``,
else the shipped SummEval corpus), as written. NLTK loads the same punkt_tab models, written
out from the shipped data (``tests/punkt_oracle.py``). The sentences are checked equal
first. Timings: the fastest of ``--repeat`` runs in CPU time (``time.process_time``, steadier
on a shared machine), one thread; the default thread count in wall time.

    python benches/bench_punkt.py --repeat 3
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import rougekit.sentences as sentences  # noqa: E402
from conftest import SUMMEVAL, data_file, load_corpus, shared_file  # noqa: E402
from punkt_oracle import write_punkt_tab  # noqa: E402

DEFAULT = "cnndm-pointer-generator/pointer-gen-cov.jsonl"


def best(run: Callable[[], Any], repeat: int, clock: Callable[[], float]) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        run()
        times.append(clock() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", help="a corpus file (JSON Lines pairs)")
    parser.add_argument("--language", default="english")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    import nltk

    path = Path(args.corpus) if args.corpus else shared_file(DEFAULT) or data_file(SUMMEVAL)
    texts = [t for r in load_corpus(path) for t in (r["prediction"], *r["references"])]
    chars = sum(map(len, texts))
    root = Path(tempfile.mkdtemp(prefix="nltk_data_"))
    write_punkt_tab(root)
    nltk.data.path.insert(0, str(root))
    lang = args.language
    theirs = [nltk.sent_tokenize(t, lang) for t in texts]
    assert sentences.punkt(texts, lang, threads=1) == theirs, "rougekit and NLTK differ"
    n_sents = sum(map(len, theirs))

    rows = [
        ("NLTK: `[nltk.sent_tokenize(t) for t in texts]`", "cpu",
         lambda: [nltk.sent_tokenize(t, lang) for t in texts]),
        ("rougekit: `[punkt(t) for t in texts]`", "cpu",
         lambda: [sentences.punkt(t, lang) for t in texts]),
        ("rougekit: `punkt(texts, threads=1)`", "cpu",
         lambda: sentences.punkt(texts, lang, threads=1)),
        ("NLTK: `[nltk.sent_tokenize(t) for t in texts]`", "wall",
         lambda: [nltk.sent_tokenize(t, lang) for t in texts]),
        ("rougekit: `punkt(texts)` (default threads)", "wall",
         lambda: sentences.punkt(texts, lang)),
    ]  # fmt: skip
    print(f"{path.name}: {len(texts):,} texts, {chars:,} characters, {n_sents:,} sentences "
          f"({lang}), equal in both")  # fmt: skip
    print("| call | clock | time | throughput | vs NLTK |\n|---|---|---|---|---|")
    base: dict[str, float] = {}
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
