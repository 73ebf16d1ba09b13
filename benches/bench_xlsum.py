"""Speed of the ``xlsum-v1`` profile next to XL-Sum's scorer itself (PyPI
``multilingual-rouge`` 0.0.1), one thread, same process, same run.

    python benches/bench_xlsum.py [--pairs 300] [--repeat 3]

For each language, ``--pairs`` pairs of the generated texts of the oracle tests
(``tests/xlsum_cases.py``: words of the language's script with its inflections and the hard
cases, 20 to 80 words a text, fixed seed) are scored for rouge1, rouge2, rougeL and rougeLsum
with stemming (XL-Sum's published setting, ``use_stemmer=True``) by the original
(``RougeScorer(types, use_stemmer=True, lang=...).score(target, prediction)`` per pair) and by
rougekit (``RougeScorer(types, profile="xlsum-v1", language=..., stemmer=True, threads=1)
.score_batch``), and by rougekit's drop-in one pair at a time
(``rougekit.compat.multilingual_rouge``). It prints the best of ``--repeat`` runs (wall and the
thread's CPU time), pairs/s, the speed-ups, and how many floats differ (must be 0). For
English, also the first ``--pairs`` CNN/DM pairs of ``../shared/data/cnndm-pointer-generator``
(``lang=None``: NLTK's Porter), when that folder is there.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

os.environ["ROUGEKIT_NUM_THREADS"] = "1"
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import rougekit as rk  # noqa: E402
import xlsum_cases as cases  # noqa: E402
import xlsum_oracle  # noqa: E402
from rougekit.compat.multilingual_rouge import rouge_scorer as drop_in  # noqa: E402

SHARED = Path(os.environ.get("ROUGEKIT_SHARED_DATA", HERE.parents[1] / "shared" / "data"))
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
LANGUAGES = ["english", "hindi", "bengali", "arabic", "russian", "turkish", "chinese_simplified",
             "burmese", "igbo"]  # fmt: skip


def pairs_of(language: str, n: int) -> list[tuple[str, str]]:
    rng = random.Random(f"bench-{language}")
    alphabet = cases._alphabet(language)
    stops = cases.stopwords(language)
    suffixes = cases.SUFFIXES.get(cases.ALIASES.get(language, language), ())
    out = []
    for _ in range(n):
        target = cases._text(rng, alphabet, stops, rng.randint(20, 80), suffixes)
        out.append((target, cases._perturbed(rng, target, alphabet, stops, suffixes)))
    return out


def timed(fn: Any, repeat: int) -> tuple[float, float, Any]:
    best_wall = best_cpu = float("inf")
    result = None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.thread_time()
        result = fn()
        best_wall = min(best_wall, time.perf_counter() - w)
        best_cpu = min(best_cpu, time.thread_time() - c)
    return best_wall, best_cpu, result


def compare(label: str, lang: str | None, pairs: list[tuple[str, str]], repeat: int) -> None:
    oracle = xlsum_oracle.scorer(TYPES, use_stemmer=True, lang=lang)
    ours = rk.RougeScorer(
        TYPES, profile="xlsum-v1", language=lang or "none", stemmer=True, threads=1
    )
    compat = drop_in.RougeScorer(TYPES, use_stemmer=True, lang=lang)
    targets = [t for t, _ in pairs]
    predictions = [p for _, p in pairs]
    ow, oc, want = timed(lambda: [oracle.score(t, p) for t, p in pairs], max(1, repeat // 2))
    rw, rc, batch = timed(lambda: ours.score_batch(predictions, targets), repeat)
    cw, _, single = timed(lambda: [compat.score(t, p) for t, p in pairs], repeat)
    differ = 0
    for i, w in enumerate(want):
        row = batch[i]
        differ += sum(tuple(row[t]) != tuple(w[t]) for t in TYPES)
        differ += sum(tuple(single[i][t]) != tuple(w[t]) for t in TYPES)
    n = len(pairs)
    print(
        f"{label:20s} {n:5d} pairs | multilingual-rouge {ow:7.3f} s ({n / ow:8.0f}/s) | "
        f"xlsum-v1 batch {rw:6.4f} s ({n / rw:9.0f}/s) x{ow / rw:6.1f} wall x{oc / rc:6.1f} cpu | "
        f"drop-in per pair x{ow / cw:6.1f} | differing floats {differ}"
    )


def main() -> None:
    import warnings

    warnings.simplefilter("ignore")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    xlsum_oracle.load()
    import importlib.metadata as md
    import platform

    print(
        f"python {platform.python_version()}, multilingual-rouge "
        f"{md.version('multilingual-rouge')}, pyonmttok {md.version('pyonmttok')}, nltk "
        f"{md.version('nltk')}, jieba {md.version('jieba')}, rougekit {rk.__version__}; "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}"
    )
    for language in LANGUAGES:
        compare(language, language, pairs_of(language, args.pairs), args.repeat)
    path = SHARED / "cnndm-pointer-generator" / "pointer-gen-cov.jsonl"
    if path.exists():
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        pairs = [(r["references"][0], r["prediction"]) for r in rows[: args.pairs]]
        compare("cnndm (lang=None)", None, pairs, args.repeat)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
