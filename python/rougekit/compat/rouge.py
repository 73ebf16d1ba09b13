"""Compatible ``rouge_score.rouge``: the command that scores files into a CSV.

``python -m rougekit.compat.rouge --target_filepattern=T --prediction_filepattern=P
--output_filename=OUT [--rouge_types=rouge1,rouge2,rougeL] [--use_stemmer]
[--noaggregate] [--split_summaries] [--delimiter=D]`` takes rouge-score's flags (absl
style: ``--flag=value`` or ``--flag value``, ``--noflag`` for false) and writes the same CSV.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rougekit.compat import io, rouge_scorer, scoring


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rougekit.compat.rouge",
        description="rouge-score's `rouge` command: ROUGE scores of text files as CSV.",
    )
    parser.add_argument("--target_filepattern", required=True, help="files of target text")
    parser.add_argument("--prediction_filepattern", required=True, help="files of predictions")
    parser.add_argument("--output_filename", required=True, help="the CSV file to write")
    parser.add_argument("--delimiter", default="\n", help="record delimiter in the files")
    parser.add_argument(
        "--rouge_types",
        default="rouge1,rouge2,rougeL",
        help="comma-separated ROUGE types (default rouge1,rouge2,rougeL)",
    )
    for flag, default, text in (
        ("use_stemmer", False, "Porter-stem tokens longer than 3 characters"),
        ("aggregate", True, "write bootstrap aggregates (else per-pair scores)"),
        ("split_summaries", False, "split texts into sentences (NLTK) for rougeLsum"),
    ):
        group = parser.add_mutually_exclusive_group()
        group.add_argument(f"--{flag}", dest=flag, action="store_true", help=text)
        group.add_argument(f"--no{flag}", dest=flag, action="store_false")
        parser.set_defaults(**{flag: default})
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    scorer = rouge_scorer.RougeScorer(
        [t for t in args.rouge_types.split(",") if t],
        use_stemmer=args.use_stemmer,
        split_summaries=args.split_summaries,
    )
    aggregator = scoring.BootstrapAggregator() if args.aggregate else None
    io.compute_scores_and_write_to_csv(
        args.target_filepattern,
        args.prediction_filepattern,
        args.output_filename,
        scorer,
        aggregator,
        delimiter=args.delimiter,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
