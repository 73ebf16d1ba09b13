"""Compatible ``rouge_score.rouge``: the command that scores files into a CSV.

``python -m rougekit.compat.rouge --target_filepattern=T --prediction_filepattern=P
--output_filename=OUT [--rouge_types=rouge1,rouge2,rougeL] [--use_stemmer]
[--noaggregate] [--split_summaries] [--delimiter=D]`` takes rouge-score's flags as absl
parses them (``--flag=value`` or ``--flag value``, one dash or two, no abbreviations; a
boolean flag as ``--flag``, ``--noflag`` or ``--flag=VALUE`` with VALUE true, t, 1, false, f
or 0 in any case, the last one given winning) and writes the same CSV.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import rougekit.compat.io as io
import rougekit.compat.rouge_scorer as rouge_scorer
import rougekit.compat.scoring as scoring

#: rouge-score's boolean flags (absl's DEFINE_boolean), their defaults and help.
BOOLEANS = {
    "use_stemmer": (False, "Porter-stem tokens longer than 3 characters"),
    "aggregate": (True, "write bootstrap aggregates (else per-pair scores)"),
    "split_summaries": (False, "split texts into sentences (NLTK) for rougeLsum"),
}
#: Its flags that take a value.
VALUED = (
    "target_filepattern", "prediction_filepattern", "output_filename", "delimiter", "rouge_types"
)  # fmt: skip
#: The values absl's BooleanParser reads (lower-cased first).
TRUE, FALSE = ("true", "t", "1"), ("false", "f", "0")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rougekit.compat.rouge",
        description="rouge-score's `rouge` command: ROUGE scores of text files as CSV.",
        allow_abbrev=False,  # absl knows no abbreviations: --use_stem is an unknown flag
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
    for flag, (default, text) in BOOLEANS.items():
        # not mutually exclusive: absl takes the last of --flag and --noflag
        parser.add_argument(
            f"--{flag}", dest=flag, action="store_true", help=f"{text} (also =true, =false)"
        )
        parser.add_argument(f"--no{flag}", dest=flag, action="store_false")
        parser.set_defaults(**{flag: default})
    return parser


def _absl_argv(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """``argv`` in this parser's spelling, read as absl reads rouge-score's flags: a
    boolean flag's ``=VALUE`` becomes ``--flag`` or ``--noflag`` (argparse's ``store_true``
    takes no value), one dash becomes two, and a valued flag's separate value is joined with
    ``=`` (absl takes the next argument whatever it looks like, argparse not one that starts
    with a dash). Anything else is left for argparse to refuse."""
    out: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg == "--":  # absl's end of flags
            out += [arg, *args]
            break
        name, equals, value = arg[2 if arg.startswith("--") else 1 :].partition("=")
        if not arg.startswith("-") or not name:
            out.append(arg)
        elif name in BOOLEANS:
            if equals and value.lower() not in TRUE + FALSE:
                parser.error(
                    f"argument --{name}: non-boolean value {value!r} (absl's booleans: "
                    "true, t, 1, false, f or 0, in any case)"
                )
            out.append(f"--{'no' if equals and value.lower() in FALSE else ''}{name}")
        elif name.startswith("no") and name[2:] in BOOLEANS:
            if equals:
                parser.error(f"argument --{name} does not take a value")
            out.append(f"--{name}")
        elif name in VALUED:
            following = value if equals else next(args, None)
            # with no value left, argparse says it is missing
            out.append(f"--{name}" if following is None else f"--{name}={following}")
        else:
            out.append(arg)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(_absl_argv(parser, sys.argv[1:] if argv is None else argv))
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
