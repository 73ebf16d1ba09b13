"""The ``rougekit`` command line.

``rougekit score --jsonl FILE`` or ``rougekit score -p PRED -r REF [-r REF2 ...]``.
Exit codes: 0 ok, 1 data error (one line naming file and line), 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from rougekit import __version__
from rougekit.config import DEFAULT_TYPES, PROFILES
from rougekit.io import DataError, Pairs, read_jsonl, read_line_files
from rougekit.scorer import RougeScorer


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rougekit", description="Exact and fast ROUGE (rouge-score profile)."
    )
    parser.add_argument("--version", action="version", version=f"rougekit {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser("score", help="score predictions against references")
    src = score.add_mutually_exclusive_group(required=True)
    src.add_argument("--jsonl", type=Path, help="JSON Lines with prediction and references")
    src.add_argument("-p", "--predictions", type=Path, help="one prediction per line")
    score.add_argument(
        "-r", "--references", type=Path, action="append", default=[],
        help="one reference per line, aligned with -p (repeat for several references)",
    )  # fmt: skip
    score.add_argument("--prediction-field", default="prediction")
    score.add_argument("--references-field", default="references")
    score.add_argument("-t", "--types", nargs="+", default=list(DEFAULT_TYPES))
    score.add_argument("--profile", default="rouge-score", choices=PROFILES)
    score.add_argument("--stem", action="store_true", help="NLTK Porter stemming")
    score.add_argument("--ci", type=float, metavar="PCT", help="confidence level, e.g. 95")
    score.add_argument("--bootstrap", type=int, default=1000, metavar="N")
    score.add_argument("--seed", type=int, default=0)
    score.add_argument("-f", "--format", choices=("table", "json"), default="table")
    score.add_argument("-j", "--threads", type=int, default=None)
    return parser


def _load(args: argparse.Namespace) -> Pairs:
    if args.jsonl is not None:
        if args.references:
            raise DataError("--jsonl carries its references: do not combine it with -r")
        return read_jsonl(
            args.jsonl,
            prediction_field=args.prediction_field,
            references_field=args.references_field,
        )
    if not args.references:
        raise DataError("-p needs at least one -r REFERENCES file")
    return read_line_files(args.predictions, args.references)


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit code."""
    args = _parser().parse_args(argv)
    try:
        scorer = RougeScorer(
            args.types, profile=args.profile, stemmer=args.stem, threads=args.threads
        )
    except (TypeError, ValueError) as e:
        print(f"rougekit: error: {e}", file=sys.stderr)
        return 2
    try:
        pairs = _load(args)
        if not pairs.predictions:
            raise DataError("no pairs to score: the input is empty")
        result = scorer.corpus(
            pairs.predictions,
            pairs.references,
            confidence=args.ci / 100 if args.ci is not None else None,
            n_bootstrap=args.bootstrap,
            seed=args.seed,
        )
    except DataError as e:
        print(f"rougekit: error: {e}", file=sys.stderr)
        return 1
    except ValueError as e:
        print(f"rougekit: error: {e}", file=sys.stderr)
        return 2
    if args.format == "json":
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
