"""The ``rougekit`` command line.

``rougekit score --jsonl FILE`` or ``rougekit score -p PRED -r REF [-r REF2 ...]``.
Exit codes: 0 ok, 1 data error (one line naming file and line), 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path

from rougekit import __version__
from rougekit.config import DEFAULT_TYPES, PROFILES
from rougekit.diagnostics import NoTokensWarning
from rougekit.io import DataError, Pairs, read_jsonl, read_line_files
from rougekit.scorer import RougeScorer


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rougekit",
        description="Exact and fast ROUGE (rouge-score profile).",
        epilog="Exit codes: 0 ok, 1 data error (the message names file and line), 2 usage error.",
    )
    parser.add_argument("--version", action="version", version=f"rougekit {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser(
        "score",
        help="score predictions against references",
        description="Score predictions against references and print corpus means.",
        epilog="Exit codes: 0 ok, 1 data error (the message names file and line), 2 usage error.",
    )
    src = score.add_mutually_exclusive_group(required=True)
    src.add_argument(
        "--jsonl", type=Path, metavar="FILE",
        help="JSON Lines, one object per pair with a prediction and references (- for stdin)",
    )  # fmt: skip
    src.add_argument(
        "-p", "--predictions", type=Path, metavar="FILE",
        help="one prediction per line (- for stdin), aligned with -r",
    )  # fmt: skip
    score.add_argument(
        "-r", "--references", type=Path, action="append", default=[], metavar="FILE",
        help="one reference per line, aligned with -p (repeat for several references)",
    )  # fmt: skip
    score.add_argument(
        "--unescape-newlines", action="store_true",
        help="with -p/-r: read a literal \\n inside a line as a sentence break (for rougeLsum)",
    )  # fmt: skip
    score.add_argument(
        "--prediction-field", default="prediction", metavar="NAME",
        help="JSONL field holding the prediction (default: prediction)",
    )  # fmt: skip
    score.add_argument(
        "--references-field", default="references", metavar="NAME",
        help="JSONL field holding a reference or a list of references (default: references)",
    )  # fmt: skip
    score.add_argument(
        "-t", "--types", nargs="+", default=list(DEFAULT_TYPES), metavar="TYPE",
        help="ROUGE types, space or comma separated (default: rouge1 rouge2 rougeL rougeLsum)",
    )  # fmt: skip
    score.add_argument("--profile", default="rouge-score", choices=PROFILES, help="whose rules")
    score.add_argument("--stem", action="store_true", help="NLTK Porter stemming")
    score.add_argument(
        "--ci", type=float, metavar="PCT",
        help="add a bootstrap confidence interval at this level in percent, e.g. 95",
    )  # fmt: skip
    score.add_argument(
        "--bootstrap", type=int, metavar="N", help="bootstrap resamples for --ci (default: 1000)"
    )
    score.add_argument("--seed", type=int, metavar="S", help="bootstrap seed for --ci (default: 0)")
    score.add_argument(
        "-f", "--format", choices=("table", "json"), default="table",
        help="table (x100, two decimals) or json (scores in [0, 1])",
    )  # fmt: skip
    score.add_argument(
        "-j", "--threads", type=int, default=None, metavar="N",
        help="worker threads (default: $ROUGEKIT_NUM_THREADS, else every core)",
    )  # fmt: skip
    return parser


def _confidence(args: argparse.Namespace) -> float | None:
    """``--ci`` as a fraction; usage errors for values that cannot be a percentage."""
    if args.ci is None:
        if args.bootstrap is not None or args.seed is not None:
            raise UsageError("--bootstrap and --seed only apply with --ci (e.g. --ci 95)")
        return None
    if not 1 < args.ci < 100:
        raise UsageError(
            f"--ci is a percentage between 1 and 100, e.g. 95 for a 95% interval (got {args.ci:g})"
        )
    return float(args.ci) / 100


class UsageError(Exception):
    """A bad combination of command-line options (exit code 2)."""


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
    return read_line_files(
        args.predictions, args.references, unescape_newlines=args.unescape_newlines
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["perl"]:  # ROUGE-1.5.5's own flags: kept away from argparse
        from rougekit.perl import main as perl_main

        return perl_main(argv[1:])
    args = _parser().parse_args(argv)
    types = [t for item in args.types for t in item.split(",") if t]
    try:
        confidence = _confidence(args)
        scorer = RougeScorer(types, profile=args.profile, stemmer=args.stem, threads=args.threads)
    except (UsageError, TypeError, ValueError) as e:
        print(f"rougekit: error: {e}", file=sys.stderr)
        return 2
    try:
        pairs = _load(args)
        if not pairs.predictions:
            raise DataError("no pairs to score: the input is empty")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", NoTokensWarning)
            result = scorer.corpus(
                pairs.predictions,
                pairs.references,
                confidence=confidence,
                n_bootstrap=1000 if args.bootstrap is None else args.bootstrap,
                seed=0 if args.seed is None else args.seed,
            )
    except DataError as e:
        print(f"rougekit: error: {e}", file=sys.stderr)
        return 1
    except (TypeError, ValueError) as e:
        print(f"rougekit: error: {e}", file=sys.stderr)
        return 2
    for w in caught:
        print(f"rougekit: warning: {w.message}", file=sys.stderr)
    if args.format == "json":
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
