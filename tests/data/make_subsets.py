"""Rebuild ``tests/data/corpora/`` from the shared corpora (``../shared/data`` by default).

Usage: ``python tests/data/make_subsets.py [SHARED_DATA]``

Only sets whose licence allows redistribution are copied (see ``tests/data/README.md``): each
file keeps its path relative to the shared folder and is written xz-compressed (``.xz``) when
that makes it smaller. The output is deterministic: xz with fixed settings, no timestamps,
the lines unchanged and in their original order.
"""

from __future__ import annotations

import lzma
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "corpora"

#: Files copied whole (relative to the shared data folder).
FILES = (
    # MIT (SummEval) + Apache-2.0 (BARTScore): 1,600 pairs, 11 references each
    "summeval-cnndm/summeval.jsonl",
    "summeval-cnndm/expected-per-pair/perl-rouge155.nostem.S-unlimited.jsonl",
    "summeval-cnndm/expected-per-pair/perl-rouge155.stem.S4.jsonl",
    # CC BY 4.0: 2,000 pairs, 1 reference each
    "xsum-hallucination-annotations/xsum.jsonl",
    "xsum-hallucination-annotations/expected-per-pair/perl-rouge155.nostem.S-unlimited.jsonl",
    "xsum-hallucination-annotations/expected-per-pair/perl-rouge155.stem.S4.jsonl",
    # Apache-2.0 (sumeval): 6 Chinese pairs
    "zh-sumeval-sample/zh-sample.jsonl",
    # Apache-2.0 (written for this project): conformance strings and pairs in 15 languages
    "multilingual-conformance/strings.jsonl",
    "multilingual-conformance/pairs.jsonl",
)

#: Compress files above this size (bytes); smaller ones stay plain text.
COMPRESS_ABOVE = 8192


def write(relative: str, data: bytes) -> Path:
    target = OUT / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    for stale in (target, target.with_name(target.name + ".xz")):
        stale.unlink(missing_ok=True)
    if len(data) > COMPRESS_ABOVE:
        target = target.with_name(target.name + ".xz")
        data = lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC64, preset=9)
    target.write_bytes(data)
    return target


def main(argv: list[str]) -> int:
    shared = Path(argv[1]) if len(argv) > 1 else HERE.parents[2] / "shared" / "data"
    if not shared.is_dir():
        print(f"make_subsets: no shared data folder at {shared}", file=sys.stderr)
        return 1
    for relative in FILES:
        target = write(relative, (shared / relative).read_bytes())
        print(f"{target.relative_to(HERE)}: {target.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
