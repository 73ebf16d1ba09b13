"""rougekit.dask on a ``distributed.LocalCluster`` against one process (not part of CI).

The corpus: ``pointer-gen-cov.jsonl`` (11,490 CNN/DM pairs) cycled to ``--pairs`` pairs
(10,000,000 by default). Each Dask partition builds its own slice from the file on the
worker, so no pair travels from the client; the one-process run builds the same list.

Runs, each in a fresh process (peak RSS from ``getrusage``):

1. one process: ``RougeScorer(types, stemmer=True, threads=2).corpus(preds, refs,
   confidence=0.95, n_bootstrap=B, seed=0)``;
2. ``rougekit.dask.corpus(..., mode="exact")`` on a LocalCluster of 2 worker processes
   with 1 thread each (the same 2 cores);
3. the same with ``mode="streaming"``.

It checks that the exact mode's means and CI, and the streaming mode's means, equal the
one-process numbers bit for bit, and reports wall time, peak RSS per worker process and of
the client. Usage (from the repository root, ``../shared/data`` beside it)::

    python benches/bench_dask.py [--pairs 10000000] [--partitions 200] [--n-bootstrap 100]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = (
    Path(os.environ.get("ROUGEKIT_SHARED_DATA", ROOT.parent / "shared" / "data"))
    / "cnndm-pointer-generator"
    / "pointer-gen-cov.jsonl"
)
TYPES = ["rouge1", "rouge2", "rougeL"]
_CORPUS: list[tuple[str, list[str]]] = []


def corpus_rows() -> list[tuple[str, list[str]]]:
    """The file's pairs, read once per process."""
    if not _CORPUS:
        with DATA.open(encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                _CORPUS.append((r["prediction"], list(r["references"])))
    return _CORPUS


def make_partition(k: int, size: int, total: int) -> list[dict[str, Any]]:
    """Pairs ``k * size`` up to ``(k + 1) * size`` of the cycled corpus (on a worker)."""
    rows = corpus_rows()
    return [
        {"prediction": rows[i % len(rows)][0], "references": rows[i % len(rows)][1]}
        for i in range(k * size, min(total, (k + 1) * size))
    ]


def make_partitions(ks: list[int], size: int, total: int) -> list[dict[str, Any]]:
    return [r for k in ks for r in make_partition(k, size, total)]


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bits(result: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for t in result.types:
        for f in ("precision", "recall", "fmeasure"):
            out[f"{t}.{f}"] = getattr(result.mean[t], f).hex()
            if result.low is not None:
                out[f"{t}.{f}.ci"] = [
                    getattr(result.low[t], f).hex(),
                    getattr(result.high[t], f).hex(),
                ]
    return out


def run_one_process(n: int, n_bootstrap: int) -> dict[str, Any]:
    import rougekit

    rows = corpus_rows()
    preds = [rows[i % len(rows)][0] for i in range(n)]
    refs = [rows[i % len(rows)][1] for i in range(n)]
    scorer = rougekit.RougeScorer(TYPES, stemmer=True, threads=2)
    start = time.perf_counter()
    result = scorer.corpus(preds, refs, confidence=0.95, n_bootstrap=n_bootstrap, seed=0)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "client_rss_mib": peak_rss_mib(), "bits": bits(result),
            "signature": str(result.signature)}  # fmt: skip


def run_dask(n: int, n_bootstrap: int, partitions: int, mode: str) -> dict[str, Any]:
    import dask.bag as db
    import distributed
    import rougekit
    import rougekit.dask as rkd

    size = -(-n // partitions)
    scorer = rougekit.RougeScorer(TYPES, stemmer=True, threads=2)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:  # fmt: skip
        here = str(Path(__file__).resolve().parent)
        client.run(lambda: sys.path.insert(0, here))
        sys.path.insert(0, here)
        # By module, not __main__: a function of __main__ travels by value with its globals,
        # and each worker would keep one copy of the corpus per cached task function.
        import bench_dask

        base = client.run(peak_rss_mib)
        pairs = db.from_sequence(range(partitions), npartitions=partitions).map_partitions(
            bench_dask.make_partitions, size, n
        )
        start = time.perf_counter()
        result = rkd.corpus(
            pairs, scorer, confidence=0.95, n_bootstrap=n_bootstrap, seed=0, mode=mode
        )
        seconds = time.perf_counter() - start
        workers = client.run(peak_rss_mib)
    return {
        "seconds": seconds,
        "client_rss_mib": peak_rss_mib(),
        "worker_rss_mib": sorted(workers.values()),
        "worker_rss_at_start_mib": sorted(base.values()),
        "bits": bits(result),
        "signature": str(result.signature),
    }


def child(args: argparse.Namespace) -> None:
    if args.child == "one":
        out = run_one_process(args.pairs, args.n_bootstrap)
    else:
        out = run_dask(args.pairs, args.n_bootstrap, args.partitions, args.child)
    print("@@RESULT " + json.dumps(out))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--pairs", type=int, default=10_000_000)
    p.add_argument("--partitions", type=int, default=200)
    p.add_argument("--n-bootstrap", type=int, default=100)
    p.add_argument("--runs", default="one,exact,streaming")
    p.add_argument("--child", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(args)
        return
    results: dict[str, dict[str, Any]] = {}
    for name in args.runs.split(","):
        sizes = ["--pairs", str(args.pairs), "--partitions", str(args.partitions)]
        cmd = [sys.executable, __file__, "--child", name, *sizes]
        cmd += ["--n-bootstrap", str(args.n_bootstrap)]
        out = subprocess.run(cmd, capture_output=True, text=True, check=False)
        line = [x for x in out.stdout.splitlines() if x.startswith("@@RESULT ")]
        if out.returncode or not line:
            print(f"{name} failed ({out.returncode}):\n{out.stderr[-3000:]}", file=sys.stderr)
            continue
        results[name] = json.loads(line[-1][len("@@RESULT ") :])
        print(f"{name}: {results[name]['seconds']:.1f} s", file=sys.stderr)
    import dask
    import rougekit

    print(f"### rougekit.dask: {args.pairs:,} pairs, {args.partitions} partitions\n")
    print(f"rougekit {rougekit.__version__}, dask {dask.__version__}, Python "
          f"{platform.python_version()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
          f"types {','.join(TYPES)}, stemmer, confidence 0.95, n_bootstrap "
          f"{args.n_bootstrap}, seed 0\n")  # fmt: skip
    print("| run | wall s | peak RSS per worker (MiB) | client peak RSS (MiB) | equal to one "
          "process |")  # fmt: skip
    print("| --- | ---: | --- | ---: | --- |")
    one = results.get("one")
    for name, r in results.items():
        if one is None or name == "one":
            same = "-"
        elif name == "exact":
            same = "means+CI bit for bit" if r["bits"] == one["bits"] else "DIFFERS"
        else:
            means = {k: v for k, v in one["bits"].items() if not k.endswith(".ci")}
            got = {k: v for k, v in r["bits"].items() if k in means}
            same = "means bit for bit" if got == means else "means DIFFER"
        workers = ", ".join(f"{x:.0f}" for x in r.get("worker_rss_mib", [])) or "-"
        print(f"| {name} | {r['seconds']:.1f} | {workers} | {r['client_rss_mib']:.0f} | {same} |")


if __name__ == "__main__":
    main()
