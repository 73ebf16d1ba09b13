"""DDP sync cost: rougekit's torchmetrics ``ROUGEScore`` (sum states) against torchmetrics'
own ``torchmetrics.text.ROUGEScore`` (per-pair list states), 2 gloo processes on CPU.

Each package runs in a fresh ``torch.multiprocessing.spawn`` of 2 ranks (gloo, file
rendezvous). Rank r updates its half of the pairs (batches of 50, strided as a
DistributedSampler would), then after a barrier the timed steps are: ``metric.sync()`` (the
all-reduce of sum states, or torchmetrics' all-gather of every per-pair tensor) and
``compute()`` on the synced state. ``update`` is timed too (torchmetrics scores in Python).
torchmetrics' rougeLsum needs NLTK's Punkt model, not installed offline: both packages take
sentences from newlines here (torchmetrics' splitter is patched to ``str.split("\\n")``).

    python benches/bench_torchmetrics.py                       # 1,000 pairs
    python benches/bench_torchmetrics.py --pairs 2000 --packages rougekit
    python benches/bench_torchmetrics.py --accumulate avg \\
        --data ../shared/data/summeval-cnndm/summeval.jsonl         # 11 references
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import struct
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

DATA = (
    Path(__file__).resolve().parents[1].parent
    / "shared"
    / "data"
    / "cnndm-pointer-generator"
    / "pointer-gen-cov.jsonl"
)
BATCH = 50


def load(path: Path, n: int) -> tuple[list[str], list[list[str]]]:
    preds, refs = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            preds.append(row["prediction"])
            refs.append(row["references"])
            if len(preds) == n:
                break
    return preds, refs


def make_metric(package: str, accumulate: str = "best") -> Any:
    if package == "torchmetrics":
        import torchmetrics.functional.text.rouge as tmr
        from torchmetrics.text import ROUGEScore

        tmr._split_sentence = lambda text: text.split("\n")
        return ROUGEScore(use_stemmer=True, accumulate=accumulate)
    from rougekit.integrations.torchmetrics import ROUGEScore as Ours

    return Ours(use_stemmer=True, sentence_splitter="newline", threads=1, accumulate=accumulate)


def worker(
    rank: int, package: str, init: str, out: str, path: str, n: int, accumulate: str
) -> None:
    dist.init_process_group("gloo", init_method=f"file://{init}", rank=rank, world_size=2)
    try:
        preds, refs = load(Path(path), n)
        metric = make_metric(package, accumulate)
        t0 = time.perf_counter()
        for start in range(rank * BATCH, n, 2 * BATCH):
            metric.update(preds[start : start + BATCH], refs[start : start + BATCH])
        t_update = time.perf_counter() - t0
        dist.barrier()
        t0 = time.perf_counter()
        metric.sync()
        t_sync = time.perf_counter() - t0
        t0 = time.perf_counter()
        means = _compute_synced(metric)
        t_compute = time.perf_counter() - t0
        metric.unsync()
        if rank == 0:
            result = {
                "update_s": t_update,
                "sync_s": t_sync,
                "compute_s": t_compute,
                "means": {k: float(v) for k, v in means.items()},
            }
            Path(out).write_text(json.dumps(result))
    finally:
        dist.destroy_process_group()


def _compute_synced(metric: Any) -> dict[str, torch.Tensor]:
    """``compute`` on the already-synced state (the wrapped ``compute`` would sync again)."""
    out: dict[str, torch.Tensor] = metric.compute.__wrapped__()
    return out


def ulps(a: float, b: float) -> int:
    ia, ib = (struct.unpack("<i", struct.pack("<f", x))[0] for x in (a, b))
    return abs(ia - ib)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--packages", default="rougekit,torchmetrics")
    parser.add_argument("--accumulate", choices=("best", "avg"), default="best")
    args = parser.parse_args()
    import rougekit
    import torchmetrics

    print(
        f"python {platform.python_version()}, torch {torch.__version__}, torchmetrics "
        f"{torchmetrics.__version__}, rougekit {rougekit.__version__}, {os.cpu_count()} CPUs, "
        f"{platform.platform()}"
    )
    print(
        f"{args.pairs} pairs of {args.data.name}, accumulate={args.accumulate}, 2 gloo ranks, "
        f"batches of {BATCH}\n"
    )
    results = {}
    for package in args.packages.split(","):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "out.json")
            wall = time.perf_counter()
            mp.spawn(
                worker,
                args=(
                    package,
                    os.path.join(tmp, "init"),
                    out,
                    str(args.data),
                    args.pairs,
                    args.accumulate,
                ),
                nprocs=2,
                join=True,
            )
            wall = time.perf_counter() - wall
            results[package] = json.loads(Path(out).read_text()) | {"wall_s": wall}
    print("| package | update (rank 0) s | sync s | compute after sync s | spawn-to-end s |")
    print("|---|---:|---:|---:|---:|")
    for package, r in results.items():
        print(
            f"| {package} | {r['update_s']:.3f} | {r['sync_s']:.4f} | {r['compute_s']:.4f} "
            f"| {r['wall_s']:.1f} |"
        )
    if len(results) == 2:
        ours, theirs = results["rougekit"]["means"], results["torchmetrics"]["means"]
        worst = max(ulps(ours[k], theirs[k]) for k in theirs)
        print(f"\nsynced means: largest difference {worst} float32 ulp(s) over {len(theirs)} keys")
        ratio = results["torchmetrics"]["sync_s"] / results["rougekit"]["sync_s"]
        print(f"sync: rougekit {ratio:.0f}x faster")


if __name__ == "__main__":
    sys.exit(main())
