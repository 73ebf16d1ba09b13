"""Speed of the drop-ins for pltrdy's ``rouge`` 1.0.1 and ``rouge-chinese`` 1.0.3 next to
the packages themselves, one thread, same process, same run.

    python benches/bench_published.py [--pairs 2000] [--repeat 5]

Scores the first ``--pairs`` pairs of
``../shared/data/cnndm-pointer-generator/pointer-gen-cov.jsonl`` (prediction vs
``references[0]``) with each package's default ``Rouge().get_scores(hyps, refs)`` (rouge-1,
rouge-2, rouge-l; per-pair dictionaries) and with the drop-in's, alternating the two
``--repeat`` times, and prints the best and median seconds, pairs/s and the speed-up (also
by the calling thread's CPU time, which other processes on a busy host disturb less), plus
how many pairs differ (must be 0). The originals are installed with ``pip --target`` into a
folder of their own (``tests/published_oracles.py``), as in the tests; rougekit runs on one
thread (``ROUGEKIT_NUM_THREADS=1``).

Then the Chinese call of LLaMA-Factory, ChatGLM, OpenCompass and evalscope,
``rouge_chinese.Rouge().get_scores([" ".join(jieba.cut(h)) ...], [" ".join(jieba.cut(r))
...])`` with jieba 0.42.1, against ``RougeScorer(profile="rouge-chinese-1.0.3",
segmenter="jieba")`` (segmentation and scoring of the batch in Rust), on ``--zh-pairs`` pairs
of the generated Chinese texts of the tests (``tests/jieba_texts.py``, fixed seed; the long
ones left out), checking that every F is equal.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["ROUGEKIT_NUM_THREADS"] = "1"
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from jieba_texts import generated_texts  # noqa: E402
from published_oracles import _load  # noqa: E402
from rougekit.compat import pltrdy, rouge_chinese  # noqa: E402

SHARED = Path(os.environ.get("ROUGEKIT_SHARED_DATA", HERE.parents[1] / "shared" / "data"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--zh-pairs", type=int, default=2000)
    parser.add_argument("--only-zh", action="store_true", help="only the jieba comparison")
    args = parser.parse_args()
    if not args.only_zh:
        drop_ins(args)
    segmenter(args)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def drop_ins(args: argparse.Namespace) -> None:
    path = SHARED / "cnndm-pointer-generator" / "pointer-gen-cov.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    rows = rows[: args.pairs]
    hyps = [r["prediction"] for r in rows]
    refs = [r["references"][0] for r in rows]
    print(f"{len(hyps)} pairs of {path.name}, one thread, best / median of {args.repeat}")
    print("| package | original (s) | drop-in (s) | original pairs/s | drop-in pairs/s | "
          "speed-up (best / median) | CPU-time speed-up (best) | differing pairs |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|")
    for name, dist, module, mine in [
        ("rouge 1.0.1 (pltrdy)", "rouge", "rouge", pltrdy),
        ("rouge-chinese 1.0.3", "rouge-chinese", "rouge_chinese", rouge_chinese),
    ]:
        original = _load(dist, "1.0.1" if dist == "rouge" else "1.0.3", module)
        if isinstance(original, str):
            print(f"| {name} | skipped: {original} |")
            continue
        theirs, ours = original.Rouge(), mine.Rouge()
        ours.get_scores(hyps[:50], refs[:50])  # warm-up (scorer, thread pool lookup)
        times: dict[str, list[float]] = {"theirs": [], "ours": []}
        cpu: dict[str, list[float]] = {"theirs": [], "ours": []}
        for _ in range(args.repeat):
            for key, scorer in (("theirs", theirs), ("ours", ours)):
                start, start_cpu = time.perf_counter(), time.thread_time()
                result = scorer.get_scores(hyps, refs)
                times[key].append(time.perf_counter() - start)
                cpu[key].append(time.thread_time() - start_cpu)
                if key == "theirs":
                    want = result
                else:
                    differing = sum(a != b for a, b in zip(result, want))
        best = {k: min(v) for k, v in times.items()}
        median = {k: statistics.median(v) for k, v in times.items()}
        n = len(hyps)
        print(
            f"| {name} | {best['theirs']:.3f} / {median['theirs']:.3f} | "
            f"{best['ours'] * 1e3:.1f} ms / {median['ours'] * 1e3:.1f} ms | "
            f"{n / best['theirs']:,.0f} | {n / best['ours']:,.0f} | "
            f"**{best['theirs'] / best['ours']:.0f}x** / "
            f"{median['theirs'] / median['ours']:.0f}x | "
            f"{min(cpu['theirs']) / min(cpu['ours']):.0f}x | {differing} |"
        )


def segmenter(args: argparse.Namespace) -> None:
    """jieba + rouge-chinese in Python against the profile's ``segmenter="jieba"``."""
    import logging

    import jieba
    import rougekit as rk

    original = _load("rouge-chinese", "1.0.3", "rouge_chinese")
    if isinstance(original, str):
        print(f"jieba + rouge-chinese: skipped: {original}")
        return
    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    texts = [t for i, t in enumerate(generated_texts(2 * args.zh_pairs + 100)) if i % 100]
    texts = [t for t in texts if t.strip()]
    hyps, refs = texts[0 : 2 * args.zh_pairs : 2], texts[1 : 2 * args.zh_pairs : 2]
    chars = sum(map(len, hyps)) + sum(map(len, refs))
    scorer = rk.RougeScorer(profile="rouge-chinese-1.0.3", segmenter="jieba", threads=1)
    scorer.score_batch(hyps[:50], refs[:50])  # warm-up: loads the dictionary once

    def theirs() -> list[float]:
        rouge = original.Rouge()
        scores = rouge.get_scores(
            [" ".join(jieba.cut(h)) for h in hyps], [" ".join(jieba.cut(r)) for r in refs]
        )
        return [s[k]["f"] for s in scores for k in ("rouge-1", "rouge-2", "rouge-l")]

    def ours() -> list[float]:
        batch = scorer.score_batch(hyps, refs)
        columns = [list(batch.fmeasure(t)) for t in ("rouge1", "rouge2", "rougeL")]
        return [v for row in zip(*columns) for v in row]

    times: dict[str, list[float]] = {"theirs": [], "ours": []}
    cpu: dict[str, list[float]] = {"theirs": [], "ours": []}
    for _ in range(args.repeat):
        for key, run in (("theirs", theirs), ("ours", ours)):
            start, start_cpu = time.perf_counter(), time.thread_time()
            result = run()
            times[key].append(time.perf_counter() - start)
            cpu[key].append(time.thread_time() - start_cpu)
            if key == "theirs":
                want = result
            else:
                differing = sum(a != b for a, b in zip(result, want))
    best = {k: min(v) for k, v in times.items()}
    median = {k: statistics.median(v) for k, v in times.items()}
    n = len(hyps)
    print(f"\n{n} generated Chinese pairs ({chars:,} characters), one thread")
    print("| call | jieba + rouge-chinese (s) | rougekit (s) | pairs/s (theirs / ours) | "
          "speed-up (best / median) | CPU-time speed-up (best) | differing floats |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    print(
        f'| rouge-chinese 1.0.3 on jieba 0.42.1 vs `segmenter="jieba"` | '
        f"{best['theirs']:.3f} / {median['theirs']:.3f} | "
        f"{best['ours']:.3f} / {median['ours']:.3f} | "
        f"{n / best['theirs']:,.0f} / {n / best['ours']:,.0f} | "
        f"**{best['theirs'] / best['ours']:.0f}x** / {median['theirs'] / median['ours']:.0f}x | "
        f"{min(cpu['theirs']) / min(cpu['ours']):.0f}x | {differing} of {len(want)} |"
    )


if __name__ == "__main__":
    main()
