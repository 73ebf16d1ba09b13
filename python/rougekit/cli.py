"""The ``rougekit`` command line: ``score``, ``compare``, ``tokenize`` and ``signature``.

Exit codes: 0 ok, 1 data error (one line naming file and line), 2 usage error, 130
interrupted (Ctrl-C), 143 terminated (SIGTERM). Inputs are read and scored in chunks, so
memory stays flat however long the input, unless per-pair scores are needed (confidence
intervals, ``compare``, plots), which are then kept as compact float64 arrays. Output files
are written to a temporary file and renamed into place only when the run succeeds.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shlex
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

from rougekit import __version__, _core, checks, languages, profiles, report, sentences
from rougekit import io as rio
from rougekit.aggregate import Accumulator
from rougekit.diagnostics import (
    NO_NEWLINE,
    NO_SENTENCES,
    Notes,
)
from rougekit.io import DataError, Pair
from rougekit.profiles.engine import MULTIREF_ALIASES, MULTIREF_RULES
from rougekit.progress import ProgressBar
from rougekit.results import FIELDS, BatchResult
from rougekit.scorer import RougeScorer
from rougekit.signature import (
    KEYS,
    OPTIONAL_KEYS,
    Signature,
    nrefs_field,
    parse_split,
    split_field,
)
from rougekit.signature import parse as parse_signature

EXIT_CODES = (
    "Exit codes: 0 ok, 1 data error (the message names file and line), 2 usage error, "
    "130 interrupted."
)


class UsageError(Exception):
    """A bad combination of command-line options (exit code 2)."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (``rougekit: error: ...``) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


# -- the parser -------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rougekit",
        description="Exact and fast ROUGE: score, compare systems, inspect tokens and signatures.",
        epilog=EXIT_CODES,
    )
    parser.add_argument("--version", action="version", version=f"rougekit {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    score = sub.add_parser(
        "score",
        help="score predictions against references",
        description="Score predictions against references and report corpus means "
        "(with a bootstrap confidence interval if asked). Every report ends with the "
        "signature: the settings behind the numbers.",
        epilog=EXIT_CODES,
    )
    _add_inputs(score, several=False)
    _add_scoring(score)
    score.add_argument(
        "--ci", type=float, metavar="PCT",
        help="add a bootstrap confidence interval at this level in percent, e.g. 95",
    )  # fmt: skip
    score.add_argument(
        "--bootstrap", type=int, metavar="N", help="bootstrap resamples for --ci (default: 1000)"
    )
    score.add_argument("--seed", type=int, metavar="S", help="bootstrap seed for --ci (default: 0)")
    _add_outputs(score)
    score.add_argument(
        "--per-instance", type=Path, metavar="FILE",
        help="also write every pair's scores with its id to FILE (JSON Lines, or CSV for *.csv)",
    )  # fmt: skip
    score.add_argument(
        "--per-instance-format", choices=report.INSTANCE_FORMATS,
        help="format of --per-instance (default: from the file name)",
    )  # fmt: skip
    score.set_defaults(run=_run_score)

    cmp = sub.add_parser(
        "compare",
        help="compare two or more systems on the same references (significance tests)",
        description="Score two or more systems against the same references and test each "
        "against the first (the baseline) with a paired bootstrap and approximate "
        "randomization, both seeded. '*' marks differences with p below --level in both.",
        epilog=EXIT_CODES,
    )
    _add_inputs(cmp, several=True)
    _add_scoring(cmp)
    cmp.add_argument(
        "--name", action="append", default=[], metavar="NAME",
        help="a system's name, in the order of -p / --jsonl (default: file names)",
    )  # fmt: skip
    cmp.add_argument(
        "--metric", choices=FIELDS, default="fmeasure",
        help="the score compared (default: fmeasure)",
    )  # fmt: skip
    cmp.add_argument(
        "--ci", type=float, default=95.0, metavar="PCT",
        help="confidence level of every interval, in percent (default: 95)",
    )  # fmt: skip
    cmp.add_argument(
        "--bootstrap", type=int, default=1000, metavar="N",
        help="bootstrap resamples, for the CIs and the paired test (default: 1000)",
    )  # fmt: skip
    cmp.add_argument(
        "--trials", type=int, default=10000, metavar="N",
        help="approximate randomization trials (default: 10000)",
    )  # fmt: skip
    cmp.add_argument("--seed", type=int, default=0, metavar="S", help="seed (default: 0)")
    cmp.add_argument(
        "--level", type=float, default=0.05, metavar="P",
        help="significance level for the '*' mark (default: 0.05)",
    )  # fmt: skip
    cmp.add_argument(
        "--all-pairs", action="store_true",
        help="test every pair of systems, not only each against the first",
    )  # fmt: skip
    _add_outputs(cmp)
    cmp.set_defaults(run=_run_compare)

    tok = sub.add_parser(
        "tokenize",
        help="show the tokens a profile makes of a text",
        description="Print the tokens of each TEXT (or of each line of standard input), "
        "space separated, one line per text: what the scorer compares.",
        epilog=EXIT_CODES,
    )
    tok.add_argument("texts", nargs="*", metavar="TEXT", help="texts (default: stdin lines)")
    _add_profile(tok)
    _add_stem(tok)
    tok.add_argument(
        "-f", "--format", choices=("text", "json"), default="text",
        help="text (space separated) or json (a JSON list per line)",
    )  # fmt: skip
    tok.set_defaults(run=_run_tokenize)

    sig = sub.add_parser(
        "signature",
        help="turn a signature back into settings",
        description="Read a signature (or, with -, the first one in a report on standard "
        "input) and print the settings behind it, with the command that reproduces them.",
        epilog=EXIT_CODES,
    )
    sig.add_argument(
        "--parse", required=True, metavar="SIG", help="the signature, or - for standard input"
    )
    sig.add_argument("-f", "--format", choices=("text", "json"), default="text")
    sig.set_defaults(run=_run_signature)
    # Listed for --help and the invalid-choice message only: main() hands `rougekit perl`
    # to ROUGE-1.5.5's own flag reader before argparse sees it.
    sub.add_parser(
        "perl",
        help="ROUGE-1.5.5.pl's command line, drop-in (its own flags: rougekit perl -h)",
        add_help=False,
    )
    return parser


def _add_inputs(p: argparse.ArgumentParser, *, several: bool) -> None:
    g = p.add_argument_group("input")
    if several:
        g.add_argument(
            "-p", "--predictions", type=Path, action="append", default=[], metavar="PATH",
            help="a system's predictions: a line file or a directory (repeat per system)",
        )  # fmt: skip
    else:
        g.add_argument(
            "-p", "--predictions", type=Path, metavar="PATH",
            help="one prediction per line, aligned with -r (- for stdin); or a directory of "
            "one file per summary, matched by name with the files of the -r directories",
        )  # fmt: skip
    g.add_argument(
        "-r", "--references", type=Path, action="append", default=[], metavar="PATH",
        help="one reference per line, aligned with -p (repeat for several references); "
        "or a directory of reference files",
    )  # fmt: skip
    for flag, what in (("--jsonl", "JSON Lines"), ("--csv", "CSV"), ("--tsv", "TSV")):
        g.add_argument(
            flag, type=Path, metavar="FILE", action="append" if several else "store",
            default=[] if several else None,
            help=f"{what}: predictions and references in one file (- for stdin)"
            + ("; repeat per system" if several else ""),
        )  # fmt: skip
    g.add_argument(
        "--prediction-field", default="prediction", metavar="NAME",
        help="JSONL field / CSV column of the prediction (default: prediction)",
    )  # fmt: skip
    g.add_argument(
        "--references-field", action="append", metavar="NAME",
        help="JSONL field (a string or a list) / CSV column(s, repeatable) of the references "
        "(default: references; for CSV also reference)",
    )  # fmt: skip
    g.add_argument(
        "--id-field", default="id", metavar="NAME",
        help="JSONL field / CSV column of the pair id (default: id, else the position)",
    )  # fmt: skip
    g.add_argument(
        "--prediction-pattern", metavar="REGEX",
        help="directories: prediction file names; the first group is the id (e.g. 'sys(\\d+).txt')",
    )  # fmt: skip
    g.add_argument(
        "--reference-pattern", metavar="REGEX",
        help="directories: reference file names with #ID# for the id (e.g. 'ref.[A-Z].#ID#.txt')",
    )  # fmt: skip
    g.add_argument(
        "--unescape-newlines", action="store_true",
        help="read a literal \\n inside a text as a sentence break (for rougeLsum)",
    )  # fmt: skip
    g.add_argument(
        "--sentence-separator", metavar="SEP",
        help="read SEP inside a text as a sentence break, e.g. '<q>' (for rougeLsum)",
    )  # fmt: skip
    g.add_argument(
        "--split-sentences", choices=("newline", "rules"), default="newline",
        help="rougeLsum sentences: from newlines only (default), or also split by the "
        f"built-in offline rule-based splitter ({sentences.NAME}; recorded in the signature)",
    )  # fmt: skip


def _add_scoring(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("scoring")
    g.add_argument(
        "-t", "--types", nargs="+", default=None, metavar="TYPE",
        help="ROUGE types, space or comma separated (default: the profile's: "
        + "; ".join(f"{' '.join(types)} for {', '.join(names)}" for types, names in _defaults())
        + ")",
    )  # fmt: skip
    _add_profile(g)
    _add_stem(g)
    g.add_argument("--stopwords", action="store_true", default=None, help="drop stopwords")
    g.add_argument("--limit-words", type=int, metavar="N", help="truncate texts to N words")
    g.add_argument("--limit-bytes", type=int, metavar="N", help="truncate texts to N bytes")
    g.add_argument(
        "--multiref", choices=(*MULTIREF_RULES, *MULTIREF_ALIASES),
        help="how several references combine: best-f (rouge-score's score_multi), pooled "
        "(ROUGE-1.5.5's -f A), best-recall (-f B), mean (float64 mean of the per-reference "
        "scores; torchmetrics' avg is its float32 form, rougekit.integrations.torchmetrics), "
        "best-f-float32 (torchmetrics' best); A and B also work (default: the profile's)",
    )  # fmt: skip
    g.add_argument(
        "--jackknife", action="store_true", default=None,
        help="average the multi-reference rule over the leave-one-out subsets of the "
        "references (for comparing humans with systems)",
    )  # fmt: skip
    g.add_argument("--alpha", type=float, metavar="A", help="F = 1 / (A/P + (1-A)/R)")
    g.add_argument("--beta", type=float, metavar="B", help="F-beta (alpha = 1 / (1 + B^2))")
    g.add_argument(
        "-j", "--threads", type=int, default=None, metavar="N",
        help="worker threads (default: $ROUGEKIT_NUM_THREADS, else every core)",
    )  # fmt: skip
    g.add_argument("--no-progress", action="store_true", help="no progress bar on a terminal")


def _defaults() -> list[tuple[tuple[str, ...], list[str]]]:
    """Each profile's default types, with the profiles that share them."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for name in profiles.names():
        groups.setdefault(profiles.get(name).DEFAULT_TYPES, []).append(name)
    return list(groups.items())


def _text_profiles() -> list[str]:
    """The profiles that score text (the command line reads text; token ids are for the
    Python API)."""
    return [n for n in profiles.names() if profiles.get(n).INPUT == "text"]


def _add_profile(p: Any) -> None:
    p.add_argument(
        "--profile", default=None, choices=_text_profiles(), metavar="PROFILE",
        help="whose rules: "
        + ", ".join(f"{name} ({profiles.get(name).SUMMARY})" for name in _text_profiles())
        + f" (default: {profiles.DEFAULT}; token-ids is for the Python API)",
    )  # fmt: skip
    p.add_argument(
        "--lang", metavar="LANG",
        help="pick the profile and stemmer for a language: an ISO 639-1 code or an English "
        "name (hi, de, zh, Hindi...); the signature names what it picked",
    )  # fmt: skip


def _add_stem(p: Any) -> None:
    p.add_argument(
        "--stem", nargs="?", const=True, default=None, metavar="STEMMER",
        help="stem tokens: alone, the profile's stemmer (rouge-score: NLTK Porter; "
        "ROUGE-1.5.5's: -m); or a name: snowball:<algorithm> (unicode-v1, whitespace; e.g. "
        "snowball:german), porter (ROUGE-1.5.5's -m without the exception table)",
    )  # fmt: skip


def _add_outputs(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("output")
    g.add_argument(
        "-f", "--format", choices=report.FORMATS, default="table",
        help="table, markdown, latex (x100, two decimals) or json, jsonl, csv (in [0, 1])",
    )  # fmt: skip
    g.add_argument(
        "-o", "--output", type=Path, metavar="FILE",
        help="write the report to FILE (atomically) instead of standard output",
    )  # fmt: skip
    g.add_argument("--plot", type=Path, metavar="FILE.png", help="draw a picture (needs [plot])")
    g.add_argument(
        "--html", type=Path, metavar="FILE",
        help="a self-contained HTML report with the picture (needs [plot])",
    )  # fmt: skip


# -- settings ---------------------------------------------------------------------------------


def _types(args: argparse.Namespace) -> list[str] | None:
    if args.types is None:
        return None  # the profile's defaults
    return [t for item in args.types for t in item.split(",") if t]


#: Options passed to ``RougeScorer`` when given (each profile takes some of them).
_PASS_THROUGH = (
    "stopwords", "limit_words", "limit_bytes", "multiref", "jackknife", "alpha", "beta",
)  # fmt: skip


def _scorer(args: argparse.Namespace) -> RougeScorer:
    """The scorer for these options; ``UsageError`` for options the profile cannot use."""
    kwargs = {name: getattr(args, name) for name in _PASS_THROUGH}
    try:
        return RougeScorer(
            _types(args),
            profile=args.profile,
            stemmer=args.stem,
            language=args.lang,
            threads=args.threads,
            **kwargs,
        )
    except (TypeError, ValueError) as e:
        raise UsageError(_as_flags(str(e))) from None


def _as_flags(message: str) -> str:
    """An API error as this command spells its options (``limit_words`` is
    ``--limit-words``, ``stemmer='x'`` is ``--stem x``)."""
    message = _as_options(message)
    for name in (*_PASS_THROUGH, "data_dir"):
        flag = "-e (rougekit perl)" if name == "data_dir" else "--" + name.replace("_", "-")
        message = re.sub(rf"\b{name}\b", flag, message)
    return re.sub(r"\bstemmer\b", "--stem", message)


MAX_RESAMPLES = 10_000_000


def _check_ci(ci: float) -> None:
    """``--ci`` is a percentage of at least 50: ``--ci 0.95`` or ``--ci 1.5`` is almost
    certainly a fraction or a typo, and a 1.5 % interval is no confidence interval."""
    if not 50 <= ci < 100:
        raise UsageError(
            f"--ci is a percentage from 50 to below 100, e.g. 95 for a 95% interval (got {ci:g})"
        )


def _check_seed(seed: int) -> None:
    try:
        checks.as_seed(seed)
    except ValueError as e:
        raise UsageError(str(e)) from None


def _check_count(flag: str, value: int) -> None:
    if not 1 <= value <= MAX_RESAMPLES:
        raise UsageError(f"{flag} must be from 1 to {MAX_RESAMPLES}, got {value}")


def _confidence(args: argparse.Namespace) -> float | None:
    """``--ci`` as a fraction; usage errors for values that cannot be a percentage."""
    if args.ci is None:
        if args.bootstrap is not None or args.seed is not None:
            raise UsageError("--bootstrap and --seed only apply with --ci (e.g. --ci 95)")
        return None
    _check_ci(args.ci)
    if args.bootstrap is not None:
        _check_count("--bootstrap", args.bootstrap)
    if args.seed is not None:
        _check_seed(args.seed)
    return float(args.ci) / 100


def _transform(args: argparse.Namespace) -> Callable[[str], str] | None:
    """What to do to each text before scoring (sentence breaks), or None."""
    steps: list[Callable[[str], str]] = []
    if args.unescape_newlines:
        steps.append(lambda s: s.replace("\\n", "\n"))
    if args.sentence_separator:
        sep = args.sentence_separator
        steps.append(lambda s: s.replace(sep, "\n"))
    if args.split_sentences != "newline":
        steps.append(sentences.one_per_line)
    if not steps:
        return None

    def transform(text: str) -> str:
        for step in steps:
            text = step(text)
        return text

    return transform


def _split(args: argparse.Namespace) -> str | None:
    """The signature's ``split`` field for these options (``None``: newlines only)."""
    return split_field(
        unescape=args.unescape_newlines,
        separator=args.sentence_separator,
        rules=None if args.split_sentences == "newline" else sentences.NAME,
    )


def _signature(scorer: RougeScorer, args: argparse.Namespace, nrefs: tuple[int, int]) -> Signature:
    base = scorer.signature(nrefs_field(*nrefs))
    split = _split(args)
    return base if split is None else Signature((*base.items, ("split", split)))


_OUTPUT_FLAGS = {
    "output": "-o",
    "per_instance": "--per-instance",
    "plot": "--plot",
    "html": "--html",
}


def _check_outputs(args: argparse.Namespace) -> None:
    """Fails before any scoring when an output is one of the inputs, or a picture is asked
    for and cannot be drawn."""
    inputs = [
        path
        for name in ("predictions", "references", "jsonl", "csv", "tsv")
        for path in _as_list(getattr(args, name, None))
    ]
    outputs = [
        (name, path)
        for name in ("output", "per_instance", "plot", "html")
        if (path := getattr(args, name, None)) is not None and str(path) != "-"
    ]
    for k, (name, output) in enumerate(outputs):
        rio.check_output_is_not_input(output, inputs)
        for other_name, other in outputs[k + 1 :]:
            if rio.same_file(output, other):
                raise UsageError(
                    f"{_OUTPUT_FLAGS[name]} and {_OUTPUT_FLAGS[other_name]} name the same "
                    f"file ({other}): one would replace the other"
                )
    if args.plot is not None or args.html is not None:
        from rougekit import plots

        try:
            plots.check_available()
        except ImportError as e:
            raise UsageError(str(e)) from None
        if args.plot is not None and args.plot.suffix.lower() != ".png":
            raise UsageError(f"--plot writes PNG: name the file *.png (got {args.plot})")


def _as_list(value: Any) -> list[Path]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


# -- reading ----------------------------------------------------------------------------------


def _sources(args: argparse.Namespace, progress: rio.Progress) -> list[tuple[str, Iterator[Pair]]]:
    """(name, pairs) per system: one for ``score``, one per -p / --jsonl for ``compare``."""
    files = [
        (kind, path)
        for kind in ("jsonl", "csv", "tsv")
        for path in (getattr(args, kind) if isinstance(getattr(args, kind), list) else
                     [getattr(args, kind)] if getattr(args, kind) is not None else [])
    ]  # fmt: skip
    preds = args.predictions if isinstance(args.predictions, list) else (
        [args.predictions] if args.predictions is not None else [])  # fmt: skip
    if files and preds:
        raise UsageError("give -p/-r files or --jsonl/--csv/--tsv, not both")
    if files and args.references:
        raise UsageError(f"--{files[0][0]} carries its references: do not combine it with -r")
    if len({kind for kind, _ in files}) > 1:
        raise UsageError("give the systems in one format (--jsonl, --csv or --tsv)")
    if not files and not preds:
        raise UsageError("no input: give -p PRED -r REF, --jsonl FILE, --csv FILE or --tsv FILE")
    if preds and not args.references:
        raise UsageError("-p needs at least one -r REFERENCES file")
    refs_field = args.references_field
    if refs_field is not None and len(refs_field) > 1 and not any(k != "jsonl" for k, _ in files):
        raise UsageError("--references-field takes several names only for CSV/TSV columns")
    out: list[tuple[str, Iterator[Pair]]] = []
    for kind, path in files:
        if kind == "jsonl":
            it = rio.read_jsonl(
                path, prediction_field=args.prediction_field,
                references_field=refs_field[0] if refs_field else "references",
                id_field=args.id_field, progress=progress,
            )  # fmt: skip
        else:
            it = rio.read_table(
                path, delimiter="," if kind == "csv" else "\t",
                prediction_column=args.prediction_field, reference_columns=refs_field,
                id_column=args.id_field, progress=progress,
            )  # fmt: skip
        out.append((_stem(path), it))
    for path in preds:
        if rio.is_dir(path):
            it = rio.read_dirs(
                path, args.references, prediction_pattern=args.prediction_pattern,
                reference_pattern=args.reference_pattern, progress=progress,
            )  # fmt: skip
        else:
            bad = [r for r in args.references if rio.is_dir(r)]
            if bad:
                raise UsageError(
                    f"{bad[0]} is a directory but {path} is not: give both as directories"
                )
            it = rio.read_line_files(path, args.references, progress=progress)
        out.append((_stem(path), it))
    return out


def _stem(path: Path) -> str:
    return "stdin" if str(path) == "-" else (path.stem or str(path))


def _score_chunk(scorer: RougeScorer, chunk: list[Pair], where: str) -> tuple[BatchResult, Notes]:
    """The chunk's scores and its warnings' counts (the run warns once, with totals)."""
    try:
        batch, notes = scorer._batch([p.prediction for p in chunk], [p.references for p in chunk])
        blank = sum(1 for p in chunk if not any(r.strip() for r in p.references))
        return batch, replace(notes, blank_references=blank) if blank else notes
    except (TypeError, ValueError) as e:
        # The core names the index within the chunk; name the pair instead.
        big = re.match(r"pair (\d+)(, reference \d+)?: ", str(e))  # over a size limit
        if big and int(big.group(1)) < len(chunk):
            ident = chunk[int(big.group(1))].id
            rest = str(e)[big.end() :]
            raise DataError(f"{where}: pair {ident}{big.group(2) or ''}: {rest}") from None
        m = re.match(r"(predictions|references)\[(\d+)\]", str(e))
        ident = chunk[int(m.group(2))].id if m else "?"
        detail = re.sub(r"^(predictions|references)\[\d+\]", "", str(e)).strip()
        what = m.group(1)[:-1] if m else "input"
        raise DataError(f"{where}: pair {ident}: {what} {detail}") from None


def _token_warning(acc: Accumulator) -> str | None:
    """The API's one warning about tokens (texts without any, letters dropped)."""
    found = acc.notes.token_warning(acc.profile)
    return None if found is None else _as_options(found[1])


def _check_tokens(acc: Accumulator, name: str | None = None) -> None:
    """Stops a run whose table would be zeros because the profile reads only ASCII and the
    texts are in another script (the API only warns, as rouge-score would say nothing)."""
    if not acc.notes.mostly_dropped(acc.profile):
        return
    notes, prefix = acc.notes, f"{name}: " if name else ""
    raise DataError(
        f"{prefix}{max(notes.dropped_predictions, notes.dropped_references)} of {acc.n} pairs "
        f"have no token in the prediction or the references under the {acc.profile.name!r} "
        f"profile, which keeps {acc.profile.KEEPS}: the table would be zeros. For text in "
        "another language give --lang (e.g. --lang hi, --lang zh), or --profile unicode-v1 "
        "(words) or --profile character-v1 (Chinese, Japanese, Thai)"
    )


def _blank_warning(acc: Accumulator) -> str | None:
    blank = acc.notes.blank_references
    if not blank:
        return None
    return (
        f"{blank} of {acc.n} pairs have a blank reference (an empty line?): they score 0. "
        "Check that the files are aligned line by line."
    )


_FLAG_OF = {"language": "--lang", "profile": "--profile"}


def _as_options(message: str) -> str:
    """The API's words (``profile='unicode-v1'``) as this command spells them."""
    message = re.sub(r"\blanguage='([^']*)'", r"--lang \1", message)
    message = re.sub(r"\b(language|profile)=(?!')", lambda m: _FLAG_OF[m.group(1)], message)
    message = re.sub(r"\bprofile='([^']*)'", r"--profile \1", message)
    return re.sub(r"\bstemmer='([^']*)'", r"--stem \1", message)


def _failure_warning(acc: Accumulator) -> str | None:
    """Pairs with a score the profile cannot compute (ROUGE-1.5.5's: where ROUGE-1.5.5 dies,
    rougekit scores 0): silent zeros would move the corpus numbers unnoticed."""
    if acc.first_failure is None:
        return None
    ident, ref, rouge_type, message = acc.first_failure
    return (
        f"{acc.failed_pairs} of {acc.n} pairs have a score the {acc.profile.name!r} profile "
        f"cannot compute; rougekit scores it 0. First: pair {ident}, reference {ref + 1}, "
        f"{rouge_type}: {message}"
    )


#: The warning when the texts were split (--split-sentences, --sentence-separator...) and
#: still hold one sentence each.
NO_SENTENCES_AFTER_SPLIT = (
    "rougeLsum equals rougeL here: even after splitting ({}), no prediction or reference has "
    "more than one sentence. The rule-based splitter breaks at . ! ? before an ASCII capital "
    "letter or digit only: for other scripts give one sentence per line, or "
    "--sentence-separator SEP."
)


def _warn(acc: Accumulator, split: str | None, name: str | None = None) -> None:
    """The run's warnings on stderr, one line each (prefixed by the system's name)."""
    prefix = f"{name}: " if name else ""
    no_sentences = None
    if acc.notes.lines == NO_NEWLINE:  # only with rougeLsum among the types
        no_sentences = NO_SENTENCES if split is None else NO_SENTENCES_AFTER_SPLIT.format(split)
    for warning in (
        _token_warning(acc),
        _blank_warning(acc),
        _failure_warning(acc),
        no_sentences,
    ):
        if warning:
            print(f"rougekit: warning: {printable(prefix + warning)}", file=sys.stderr)


def _consume(
    args: argparse.Namespace,
    scorer: RougeScorer,
    systems: list[tuple[str, Iterator[Pair]]],
    *,
    keep: bool,
    progress: rio.Progress,
    on_chunk: Callable[[int, list[Pair], BatchResult], None] | None = None,
) -> list[Accumulator]:
    """Scores the systems chunk by chunk, in lockstep; returns one accumulator each."""
    transform = _transform(args)
    accs = [Accumulator(scorer.config.profile, scorer.types, keep=keep) for _ in systems]
    iters = [rio.chunks(rio.map_texts(it, transform) if transform else it) for _, it in systems]
    bar = ProgressBar(enabled=not args.no_progress, fraction=progress.fraction)
    try:
        while True:
            chunk_list = [next(it, None) for it in iters]
            if all(c is None for c in chunk_list):
                break
            _check_aligned(systems, chunk_list, accs)
            for k, chunk in enumerate(chunk_list):
                assert chunk is not None
                batch, notes = _score_chunk(scorer, chunk, systems[k][0])
                accs[k].add(batch, [p.id for p in chunk], notes)
                if on_chunk is not None:
                    on_chunk(k, chunk, batch)
            bar.update(len(chunk_list[0] or []))
    finally:
        bar.close()
    if accs[0].n == 0:
        raise DataError("no pairs to score: the input is empty")
    return accs


def _check_aligned(
    systems: list[tuple[str, Iterator[Pair]]],
    chunk_list: list[list[Pair] | None],
    accs: list[Accumulator],
) -> None:
    """Systems of ``compare`` must have the same number of pairs and the same references."""
    if len(chunk_list) < 2:
        return
    first = chunk_list[0]
    for (name, _), chunk, acc in zip(systems[1:], chunk_list[1:], accs[1:]):
        if (chunk is None) != (first is None) or len(chunk or []) != len(first or []):
            a = acc.n + len(chunk or [])
            b = accs[0].n + len(first or [])
            raise DataError(
                f"{name} has {a}{'+' if chunk else ''} pairs but {systems[0][0]} has "
                f"{b}{'+' if first else ''}: systems must score the same pairs"
            )
        assert chunk is not None and first is not None
        for x, y in zip(first, chunk):
            if x.references != y.references:
                raise DataError(
                    f"{name}: pair {y.id}: references differ from those of {systems[0][0]} "
                    "(systems must be compared on the same references)"
                )


# -- writing ----------------------------------------------------------------------------------


def _emit(path: Path | None, text: str) -> None:
    if path is None:
        if sys.stdout is None:  # started with standard output closed (`>&-`)
            raise DataError("cannot write the report: standard output is closed")
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:
            raise
        except OSError as e:  # a full disk or device (`> /dev/full`)
            raise DataError(f"cannot write the report: {e.strerror or e}") from None
        return
    with rio.atomic_output(path) as handle:
        handle.write(text)


def _emit_binary(path: Path, data: bytes) -> None:
    with rio.atomic_binary_output(path) as handle:
        handle.write(data)


# -- commands ---------------------------------------------------------------------------------


def _run_score(args: argparse.Namespace) -> int:
    confidence = _confidence(args)
    scorer = _scorer(args)
    _check_outputs(args)
    progress = rio.Progress()
    systems = _sources(args, progress)
    keep = confidence is not None or args.plot is not None or args.html is not None
    with contextlib.ExitStack() as stack:
        on_chunk = None
        if args.per_instance is not None:
            fmt = args.per_instance_format or (
                "csv" if args.per_instance.suffix.lower() == ".csv" else "jsonl"
            )
            handle = stack.enter_context(rio.atomic_output(args.per_instance))
            writer = report.InstanceWriter(handle, fmt, scorer.types)

            def on_chunk(_k: int, chunk: list[Pair], batch: BatchResult) -> None:
                writer.write([p.id for p in chunk], batch)

        (acc,) = _consume(args, scorer, systems, keep=keep, progress=progress, on_chunk=on_chunk)
        _check_tokens(acc)  # before the per-instance file is published
    _warn(acc, _split(args))
    result = acc.corpus(
        _signature(scorer, args, acc.nrefs),
        confidence=confidence,
        n_bootstrap=1000 if args.bootstrap is None else args.bootstrap,
        seed=0 if args.seed is None else args.seed,
        threads=scorer.config.threads,
    )
    if args.plot is not None or args.html is not None:
        from rougekit import plots

        png = plots.score_distributions(result, {t: acc.column(t, "fmeasure") for t in acc.types})
        if args.plot is not None:
            _emit_binary(args.plot, png)
        if args.html is not None:
            _emit(args.html, report.html_score(result, png))
    _emit(args.output, report.render(result, args.format))
    return 0


def _run_compare(args: argparse.Namespace) -> int:
    from rougekit import significance

    _check_ci(args.ci)
    _check_count("--bootstrap", args.bootstrap)
    _check_count("--trials", args.trials)
    _check_seed(args.seed)
    if not 0 < args.level < 1:
        raise UsageError(f"--level must be between 0 and 1, got {args.level:g}")
    scorer = _scorer(args)
    _check_outputs(args)
    progress = rio.Progress()
    systems = _sources(args, progress)
    if len(systems) < 2:
        raise UsageError("compare needs two or more systems (-p A -p B, or --jsonl A --jsonl B)")
    if args.name:
        if len(args.name) != len(systems):
            raise UsageError(f"{len(args.name)} --name for {len(systems)} systems")
        systems = [(n, it) for n, (_, it) in zip(args.name, systems)]
    names = [n for n, _ in systems]
    if len(set(names)) != len(names):
        raise UsageError(f"systems need distinct names (got {', '.join(names)}): use --name")
    accs = _consume(args, scorer, systems, keep=True, progress=progress)
    for name, acc in zip(names, accs):
        _check_tokens(acc, name)
    for name, acc in zip(names, accs):
        _warn(acc, _split(args), name)
    confidence = args.ci / 100
    results = [
        acc.corpus(
            _signature(scorer, args, accs[0].nrefs),
            confidence=confidence,
            n_bootstrap=args.bootstrap,
            seed=args.seed,
            threads=scorer.config.threads,
        )
        for acc in accs
    ]
    cmp = significance.compare(
        names, results, [{t: acc.column(t, args.metric) for t in acc.types} for acc in accs],
        field=args.metric, all_pairs=args.all_pairs, n_resamples=args.bootstrap,
        n_trials=args.trials, seed=args.seed, confidence=confidence, level=args.level,
    )  # fmt: skip
    if args.plot is not None or args.html is not None:
        from rougekit import plots

        png = plots.comparison(cmp)
        if args.plot is not None:
            _emit_binary(args.plot, png)
        if args.html is not None:
            _emit(args.html, report.html_comparison(cmp, png))
    _emit(args.output, report.render_comparison(cmp, args.format))
    return 0


def _is_stemmer_name(value: str) -> bool:
    """Whether a ``--stem`` value names a stemmer (else it is the first TEXT: ``--stem``
    takes an optional value, and ``tokenize --stem "The cats"`` means the flag and a text)."""
    return value.startswith("snowball:") or value in ("nltk-porter", "wordnet", "porter")


def _run_tokenize(args: argparse.Namespace) -> int:
    from rougekit.text import tokenize

    if isinstance(args.stem, str) and not _is_stemmer_name(args.stem):
        args.texts.insert(0, args.stem)
        args.stem = True
    texts: Iterator[str] | list[str] = args.texts or rio.lines(Path("-"))
    for text in texts:
        text.encode("utf-8")  # an argument with lone surrogates: main() names it
        try:
            profile, stem = args.profile, args.stem
            if args.lang is not None:
                profile, stem = languages.resolve(args.lang, profile=profile, stemmer=stem)
            tokens = tokenize(text, profile=profile or profiles.DEFAULT, stemmer=stem)
        except (TypeError, ValueError) as e:
            raise UsageError(_as_flags(str(e))) from None
        print(json.dumps(tokens, ensure_ascii=False) if args.format == "json" else " ".join(tokens))
    return 0


def _read_signature(text: str) -> tuple[Signature, dict[str, str]]:
    """The signature and the command line's extra fields (``split``)."""
    if text == "-":
        found = None
        for line in sys.stdin:
            m = re.search(r"rougekit:[^\s\"'`]*\|[^\s\"'`]*", line)
            if m:
                found = m.group(0)
                break
        if found is None:
            raise DataError("<stdin>: no signature (a line with 'rougekit:...|...') found")
        text = found
    try:
        signature = parse_signature(text)
    except ValueError as e:
        raise DataError(f"signature: {e}") from None
    fields = signature.fields
    return signature, {k: fields[k] for k in OPTIONAL_KEYS if k in fields}


def settings_of(signature: Signature, extra: dict[str, str]) -> dict[str, Any]:
    """The scorer and report settings a signature records."""
    f = signature.fields
    ci = None if f["ci"] == "no" else float(f["ci"])
    return {
        "rougekit_version": f["rougekit"],
        "profile": f["profile"],
        "types": list(signature.types),
        "stemmer": f["stem"] if f["stem"] != "no" else None,
        "stopwords": f["sw"] != "no",
        "truncation": None if f["trunc"] == "no" else f["trunc"],
        "references_per_pair": f["nrefs"],
        "multi_reference_rule": f["mref"],
        "alpha": float(f["alpha"]),
        "aggregate": f["agg"],
        "confidence_percent": ci,
        "bootstrap_resamples": None if f["bs"] == "no" else _int_or_text(f["bs"]),
        "seed": None if f["seed"] == "no" else _int_or_text(f["seed"]),
        "rougelsum_sentences": extra.get("split", "newline"),
    }


def _int_or_text(value: str) -> int | str:
    """Seeds are integers, except ROUGE-1.5.5's own scheme (``perl``)."""
    try:
        return int(value)
    except ValueError:
        return value


def _stem_flag(stem: str) -> list[str]:
    """``--stem`` for a signature's ``stem`` value: alone for the profile's own stemmer,
    with a name for the others (``snowball-<version>:german`` -> ``snowball:german``)."""
    if stem == "no":
        return []
    if stem.startswith("snowball-") and ":" in stem:
        return ["--stem", "snowball:" + stem.split(":", 1)[1]]
    if stem == "perl-porter":
        return ["--stem", "porter"]
    return ["--stem"]


def command_of(signature: Signature, extra: dict[str, str]) -> str:
    """The ``rougekit score`` options that reproduce a signature's numbers."""
    f = signature.fields
    argv = ["rougekit", "score", "-t", *signature.types, "--profile", f["profile"]]
    argv += _stem_flag(f["stem"])
    if f["sw"] != "no":
        argv.append("--stopwords")
    m = re.fullmatch(r"(words|bytes)[:=]?(\d+)", f["trunc"])
    if m:
        argv += [f"--limit-{m.group(1)}", m.group(2)]
    rule, jackknife, _ = f["mref"].partition("+jackknife")
    try:
        default_rule = profiles.create(f["profile"]).signature_fields()["mref"]
    except ValueError:  # a profile this version does not know: name the rule
        default_rule = ""
    if rule != default_rule:
        argv += ["--multiref", rule]
    if jackknife:
        argv.append("--jackknife")
    if float(f["alpha"]) != 0.5:
        argv += ["--alpha", f["alpha"]]
    if f["ci"] != "no":
        argv += ["--ci", f["ci"], "--bootstrap", f["bs"]]
        if f["seed"].isdigit():
            argv += ["--seed", f["seed"]]
    if "split" in extra:
        unescape, separator, rules = parse_split(extra["split"])
        if unescape:
            argv.append("--unescape-newlines")
        if separator:
            argv += ["--sentence-separator", separator]
        if rules == sentences.NAME:
            argv += ["--split-sentences", "rules"]
    return shlex.join(argv)


def _options_of(f: dict[str, str]) -> dict[str, Any]:
    """The ``RougeScorer`` options a signature's fields record (for checking them)."""
    stem = f["stem"]
    stemmer: bool | str | None = None
    if stem.startswith("snowball-") and ":" in stem:
        stemmer = "snowball:" + stem.split(":", 1)[1]
    elif stem == "perl-porter":
        stemmer = "porter"
    elif stem != "no":
        stemmer = True
    rule, jackknife, _ = f["mref"].partition("+jackknife")
    m = re.fullmatch(r"(words|bytes)[:=]?(\d+)", f["trunc"])
    return {
        "stemmer": stemmer,
        "stopwords": True if f["sw"] != "no" else None,
        "limit_words": int(m.group(2)) if m and m.group(1) == "words" else None,
        "limit_bytes": int(m.group(2)) if m and m.group(1) == "bytes" else None,
        "multiref": rule,
        "jackknife": True if jackknife else None,
        "alpha": float(f["alpha"]) if float(f["alpha"]) != 0.5 else None,
    }


def reproduction_notes(signature: Signature, extra: dict[str, str]) -> list[str]:
    """What ``command_of`` cannot carry: another input, a data folder's own tables, another
    Snowball version, settings this version would refuse."""
    f = signature.fields
    name = f["profile"]
    if name not in profiles.names():
        return [f"profile {name!r} is not in rougekit {__version__}"]
    notes = []
    if profiles.get(name).INPUT != "text":
        split = extra.get("split", "")
        separator = f", separator={split[7:]}" if split.startswith("sep-id=") else ""
        notes.append(
            f"the {name!r} profile scores token ids, which the command line does not read; "
            f"in Python: rougekit.RougeScorer({list(signature.types)!r}, profile={name!r}"
            f"{separator})"
        )
    if f["stem"].startswith("db-") or f["sw"].startswith("list-"):
        notes.append(
            "scored with a ROUGE data folder's own tables (stem:db-..., sw:list-... name "
            "them by content hash); the command uses the built-in ones: reproduce with that "
            "folder, rougekit perl -e DIR or RougeScorer(..., data_dir=DIR)"
        )
    m = re.fullmatch(r"snowball-([^:]+):(.+)", f["stem"])
    if m:
        try:
            mine = _core.stemmer_id("snowball:" + m.group(2))
        except ValueError:
            mine = ""
        if mine != f["stem"]:
            notes.append(
                f"stemmed by Snowball {m.group(1)} ({f['stem']}); this rougekit has "
                f"{mine or 'no such stemmer'}: stems, and so scores, may differ"
            )
    if extra.get("acc") == "streaming":
        notes.append(
            "accumulated in streaming mode (rougekit.CorpusAccumulator(mode='streaming'), "
            "rougekit.dask): the same means; its CI is a Poisson bootstrap keyed by pair id, "
            "which the command's --ci (the index bootstrap) does not run"
        )
    try:
        profile = profiles.create(name, **_options_of(f))
    except (TypeError, ValueError) as e:
        notes.append(f"these settings are not a configuration of rougekit {__version__}: {e}")
        return notes
    # A value the command cannot carry (`stem:banana`, `trunc:w100`) must not pass for one
    # it does: compare with the signature the command's settings make.
    made = profile.signature_fields()
    noted = {"stem", "sw"} if f["stem"].startswith("db-") or f["sw"].startswith("list-") else set()
    if m:
        noted.add("stem")
    for key in ("stem", "sw", "trunc", "mref", "alpha"):
        if key in noted or key not in made:
            continue
        same = float(made[key]) == float(f[key]) if key == "alpha" else made[key] == f[key]
        if not same:
            notes.append(
                f"{key}:{f[key]} is not a setting of rougekit {__version__}; the command "
                f"gives {key}:{made[key]}"
            )
    return notes


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(value)
    if value is None or value is False:
        return "no"
    if value is True:
        return "yes"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _run_signature(args: argparse.Namespace) -> int:
    signature, extra = _read_signature(args.parse)
    settings = settings_of(signature, extra)
    command = command_of(signature, extra)
    notes = reproduction_notes(signature, extra)
    if signature.fields["rougekit"] != __version__:
        notes.append(
            f"made by rougekit {signature.fields['rougekit']}; this is {__version__} "
            "(a profile's numbers never change between versions)"
        )
    if args.format == "json":
        fields = {**signature.fields, **extra}
        out = {"fields": fields, "settings": settings, "command": command, "notes": notes}
        print(json.dumps(out, indent=2))
        return 0
    width = max(len(k) for k in settings)
    lines = [f"{key.ljust(width)}  {_shown(value)}" for key, value in settings.items()]
    lines.append(f"{'command'.ljust(width)}  {command}")
    lines.extend(f"note: {note}" for note in notes)
    print("\n".join(map(printable, lines)))
    return 0


# -- entry point ------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["perl"]:  # ROUGE-1.5.5's own flags: kept away from argparse
        from rougekit.perl import main as perl_main

        return perl_main(argv[1:])
    try:
        with _sigterm_raises():
            args = _parser().parse_args(argv)
            code: int = args.run(args)
        return code
    except UsageError as e:
        return _fail(str(e), 2)
    except DataError as e:
        return _fail(str(e), 1)
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except Terminated:
        return _fail("terminated", 128 + signal.SIGTERM)
    except UnicodeEncodeError as e:  # an argument that was not UTF-8, echoed back
        return _fail(f"an argument is not valid UTF-8 ({e.reason})", 2)
    except MemoryError:
        return _fail("out of memory (an input too large for this machine?)", 1)
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, as Unix tools do.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


class Terminated(BaseException):
    """SIGTERM arrived: raised like ``KeyboardInterrupt`` so that the output files being
    written are removed on the way out (the default action would leave them behind)."""


def _on_sigterm(_signum: int, _frame: object) -> None:
    raise Terminated


@contextlib.contextmanager
def _sigterm_raises() -> Iterator[None]:
    """SIGTERM raises :class:`Terminated` while the command runs, where the process has no
    handler of its own (the command line; not a host that installed one)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    ):
        yield
        return
    signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def printable(text: str) -> str:
    """``text`` with each character that is not printable (a newline, an escape sequence,
    a bidirectional control) written as its Python escape: a message taken from the input
    stays on one line and cannot drive the terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _fail(message: str, code: int) -> int:
    print(f"rougekit: error: {printable(message)}", file=sys.stderr)
    return code


assert set(KEYS).isdisjoint(OPTIONAL_KEYS)

if __name__ == "__main__":
    sys.exit(main())
