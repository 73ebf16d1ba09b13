"""``rougekit score -p DIR -r DIR`` against ``--jsonl`` on the same pairs (issue 13 item 6).

Writes the pairs of a corpus (default: the 11,490 pointer-gen-cov pairs) as one file per
summary (``dNNNNNN.txt`` and ``dNNNNNN.A.txt``, the ROUGE-1.5.5/pyrouge layout) and as one
JSONL file, then times the command on each, whole runs, median of ``--repeat``:

    python benches/bench_dirs.py [--corpus PATH] [--repeat 5] [--markdown RESULTS.md]

The directory reader matched files in a scan of every listing per prediction up to 0.1.0
(227 s for these 11,490 pairs); the target is at most 3x the JSONL run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import machine_info, md_table, write_markdown

DEFAULT = Path(__file__).resolve().parents[2] / "shared/data/cnndm-pointer-generator"
CORPUS = DEFAULT / "pointer-gen-cov.jsonl"


def timed(argv: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--markdown", type=Path)
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.corpus.open(encoding="utf-8") if line.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "p").mkdir()
        (root / "r").mkdir()
        with open(root / "pairs.jsonl", "w", encoding="utf-8") as jsonl:
            for i, row in enumerate(rows):
                ident = f"d{i:06d}"
                (root / "p" / f"{ident}.txt").write_text(row["prediction"] + "\n")
                for k, ref in enumerate(row["references"]):
                    (root / "r" / f"{ident}.{chr(65 + k)}.txt").write_text(ref + "\n")
                jsonl.write(json.dumps({"id": ident, **row}) + "\n")
        base = [sys.executable, "-m", "rougekit", "score", "--no-progress", "-f", "csv"]
        pattern = ["--prediction-pattern", r"d(\d+)\.txt", "--reference-pattern", "d#ID#.[A-Z].txt"]
        runs = {
            "--jsonl pairs.jsonl": [*base, "--jsonl", "pairs.jsonl"],
            "-p DIR -r DIR": [*base, "-p", "p", "-r", "r"],
            "-p DIR -r DIR with #ID# patterns": [*base, "-p", "p", "-r", "r", *pattern],
        }
        medians = {}
        for name, argv in runs.items():
            timed(argv, root)  # warm the page cache
            medians[name] = statistics.median(timed(argv, root) for _ in range(args.repeat))
    jsonl_time = medians["--jsonl pairs.jsonl"]
    table = md_table(
        ["input", "median wall time (s)", "vs --jsonl"],
        [[name, f"{t:.2f}", f"{t / jsonl_time:.2f}x"] for name, t in medians.items()],
    )
    command = "python benches/bench_dirs.py " + " ".join(sys.argv[1:])
    machine = "\n".join(f"* {k}: {v}" for k, v in machine_info())
    text = (
        f"### Directory inputs: {len(rows)} pairs as files vs one JSONL file\n\n"
        f"`{command.strip()}`\n\n{table}\n\n{machine}\n"
    )
    print(text)
    if args.markdown:
        write_markdown(args.markdown, text, append=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
