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

from published_oracles import _load  # noqa: E402
from rougekit.compat import pltrdy, rouge_chinese  # noqa: E402

SHARED = Path(os.environ.get("ROUGEKIT_SHARED_DATA", HERE.parents[1] / "shared" / "data"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
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
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
