"""``rougekit dedup``: the self-instruct near-duplicate filter over a JSON Lines or line
file, writing the kept records (unchanged, in order) atomically."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import rougekit.cli.input_files as rin
import rougekit.cli.output_files as rout
from rougekit.duplicates import dedup
from rougekit.errors import DataError, UsageError


def add_parser(sub: Any, *, profile: Any, stem: Any, epilog: str) -> None:
    """The ``dedup`` command's options (``profile``, ``stem``: the shared option adders)."""
    p = sub.add_parser(
        "dedup",
        help="drop near-duplicate texts (the self-instruct / Alpaca rougeL filter)",
        description="Keep, in order, each text whose rougeL F against every text kept "
        "before it (and every --against text) is at most --threshold: the decisions of the "
        "self-instruct / Stanford Alpaca filter (rouge_score's _score_lcs, dropped when "
        "F > threshold). Writes the kept records unchanged.",
        epilog=epilog,
    )
    g = p.add_argument_group("input")
    src = g.add_mutually_exclusive_group(required=True)
    src.add_argument("--jsonl", type=Path, metavar="FILE", help="JSON Lines: one record per line")
    src.add_argument("--lines", type=Path, metavar="FILE", help="one text per line")
    g.add_argument(
        "--field", default="instruction", metavar="NAME",
        help="--jsonl: the field holding the text (default: instruction)",
    )  # fmt: skip
    g.add_argument(
        "--against", type=Path, metavar="FILE",
        help="texts kept from the start (e.g. the seed tasks), in the input's format",
    )  # fmt: skip
    s = p.add_argument_group("filter")
    s.add_argument(
        "--threshold", type=float, default=0.7, metavar="F",
        help="the largest rougeL F a kept text may have with a kept text (default: 0.7)",
    )  # fmt: skip
    profile(s)
    stem(s)
    s.add_argument(
        "-j", "--threads", type=int, default=None, metavar="N",
        help="worker threads (default: $ROUGEKIT_NUM_THREADS, else every core)",
    )  # fmt: skip
    s.add_argument("--no-progress", action="store_true", help="no progress bar on a terminal")
    o = p.add_argument_group("output")
    o.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE",
        help="the kept records (atomically; - for standard output)",
    )  # fmt: skip
    o.add_argument(
        "--dropped", type=Path, metavar="FILE",
        help="also write one JSON line per dropped text: its index, the nearest kept text "
        "(index into the input, or into --against) and their F",
    )  # fmt: skip


def _records(path: Path, field: str | None) -> tuple[list[str], list[str]]:
    """The raw lines and the texts of ``path``: JSON Lines records' ``field`` (blank lines
    skipped), or every line of a line file."""
    raw: list[str] = []
    texts: list[str] = []
    for number, line in enumerate(rin.lines(path), start=1):
        if field is None:
            raw.append(line)
            texts.append(line)
            continue
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except (json.JSONDecodeError, RecursionError, ValueError) as e:
            raise DataError(f"{path}:{number}: malformed JSON ({e})") from None
        if not isinstance(obj, dict) or field not in obj:
            raise DataError(f"{path}:{number}: no field {field!r} in the record")
        text = obj[field]
        if not isinstance(text, str):
            raise DataError(f"{path}:{number}: field {field!r} must be a string")
        raw.append(line)
        texts.append(text)
    return raw, texts


def run_dedup(args: argparse.Namespace) -> int:
    if args.threshold != args.threshold:
        raise UsageError("--threshold is NaN")
    field = args.field if args.jsonl is not None else None
    path = args.jsonl if args.jsonl is not None else args.lines
    inputs = [path] + ([args.against] if args.against is not None else [])
    for out in (args.output, args.dropped):
        if out is not None:
            rout.check_output_is_not_input(out, inputs)
    raw, texts = _records(path, field)
    against = [] if args.against is None else _records(args.against, field)[1]
    options: dict[str, Any] = {
        "against": against,
        "progress": False if args.no_progress else None,
        "profile": args.profile,
        "stemmer": args.stem,
        "threads": args.threads,
    }
    try:
        if args.dropped is None:
            kept = dedup(texts, args.threshold, **options)
        else:
            result = dedup(texts, args.threshold, return_nearest=True, **options)
            kept = result.kept
    except (TypeError, ValueError) as e:
        raise UsageError(str(e)) from None
    with rout.atomic_output(args.output) as handle:
        for i in kept:
            handle.write(raw[i] + "\n")
    if args.dropped is not None:
        with rout.atomic_output(args.dropped) as handle:
            for k, i in enumerate(result.dropped):
                row = {"index": int(i), "fmeasure": float(result.nearest_fmeasure[k])}
                if result.nearest[k] >= 0:
                    row["nearest"] = int(result.nearest[k])
                else:
                    row["nearest_against"] = int(result.nearest_against[k])
                handle.write(json.dumps(row) + "\n")
    print(
        f"rougekit dedup: kept {len(kept):,} of {len(texts):,} texts "
        f"(dropped {len(texts) - len(kept):,} with rougeL F > {args.threshold:g})",
        file=sys.stderr,
    )
    return 0
