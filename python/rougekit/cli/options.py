"""From a command's options to its settings: the scorer, the confidence level, sentence
splitting, the signature and the outputs' checks; the API's errors in the command's words."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rougekit.checks as checks
import rougekit.cli.output_files as rout
import rougekit.sentences as sentences
from rougekit.errors import UsageError
from rougekit.scorer import RougeScorer
from rougekit.signature import Signature, nrefs_field, split_field


def _types(args: argparse.Namespace) -> list[str] | None:
    if args.types is None:
        return None  # the profile's defaults
    return [t for item in args.types for t in item.split(",") if t]


#: Options passed to ``RougeScorer`` when given (each profile takes some of them).
_PASS_THROUGH = (
    "stopwords", "limit_words", "limit_bytes", "multiref", "jackknife", "alpha", "beta",
    "segmenter", "nltk_stopwords", "ja_dict", "on_empty",
)  # fmt: skip


def scorer_of(args: argparse.Namespace) -> RougeScorer:
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
        raise UsageError(as_flags(str(e))) from None


def as_flags(message: str) -> str:
    """An API error as this command spells its options (``limit_words`` is
    ``--limit-words``, ``stemmer='x'`` is ``--stem x``)."""
    message = as_options(message)
    for name in (*_PASS_THROUGH, "data_dir"):
        flag = "-e (rougekit perl)" if name == "data_dir" else "--" + name.replace("_", "-")
        message = re.sub(rf"\b{name}\b", flag, message)
    return re.sub(r"\bstemmer\b", "--stem", message)


MAX_RESAMPLES = 10_000_000


def check_ci(ci: float) -> None:
    """``--ci`` is a percentage of at least 50: ``--ci 0.95`` or ``--ci 1.5`` is almost
    certainly a fraction or a typo, and a 1.5 % interval is no confidence interval."""
    if not 50 <= ci < 100:
        raise UsageError(
            f"--ci is a percentage from 50 to below 100, e.g. 95 for a 95% interval (got {ci:g})"
        )


def check_seed(seed: int) -> None:
    try:
        checks.as_seed(seed)
    except ValueError as e:
        raise UsageError(str(e)) from None


def check_count(flag: str, value: int) -> None:
    if not 1 <= value <= MAX_RESAMPLES:
        raise UsageError(f"{flag} must be from 1 to {MAX_RESAMPLES}, got {value}")


def confidence_of(args: argparse.Namespace) -> float | None:
    """``--ci`` as a fraction; usage errors for values that cannot be a percentage."""
    if args.ci is None:
        if args.bootstrap is not None or args.seed is not None:
            raise UsageError("--bootstrap and --seed only apply with --ci (e.g. --ci 95)")
        return None
    check_ci(args.ci)
    if args.bootstrap is not None:
        check_count("--bootstrap", args.bootstrap)
    if args.seed is not None:
        check_seed(args.seed)
    return float(args.ci) / 100


def transform_of(args: argparse.Namespace) -> Callable[[str], str] | None:
    """What to do to each text before scoring (sentence breaks), or None."""
    steps: list[Callable[[str], str]] = []
    if args.unescape_newlines:
        steps.append(lambda s: s.replace("\\n", "\n"))
    if args.sentence_separator:
        sep = args.sentence_separator
        steps.append(lambda s: s.replace(sep, "\n"))
    split = splitter_of(args)
    if split is not None:
        steps.append(lambda s: split.lines([s], 1)[0])
    if not steps:
        return None

    def transform(text: str) -> str:
        for step in steps:
            text = step(text)
        return text

    return transform


def split_of(args: argparse.Namespace) -> str | None:
    """The signature's ``split`` field for these options (``None``: newlines only)."""
    return split_field(
        unescape=args.unescape_newlines,
        separator=args.sentence_separator,
        rules=None if (split := splitter_of(args)) is None else split.name,
    )


def splitter_of(args: argparse.Namespace) -> sentences.SentenceSplit | None:
    """``--split-sentences`` (with ``--lang`` for ``punkt``'s model); a usage error naming
    the accepted values otherwise."""
    try:
        return sentences.SentenceSplit.parse(args.split_sentences, getattr(args, "lang", None))
    except ValueError as e:
        raise UsageError(f"--split-sentences {args.split_sentences}: {e}") from None


def signature_of(
    scorer: RougeScorer, args: argparse.Namespace, nrefs: tuple[int, int]
) -> Signature:
    base = scorer.signature(nrefs_field(*nrefs))
    split = split_of(args)
    return base if split is None else Signature((*base.items, ("split", split)))


_OUTPUT_FLAGS = {
    "output": "-o",
    "per_instance": "--per-instance",
    "plot": "--plot",
    "html": "--html",
}


def check_outputs(args: argparse.Namespace) -> None:
    """Fails before any scoring when an output is one of the inputs, or a picture is asked
    for and cannot be drawn."""
    inputs = [
        path
        for name in ("predictions", "references", "jsonl", "csv", "tsv")
        for path in as_list(getattr(args, name, None))
    ]
    outputs = [
        (name, path)
        for name in ("output", "per_instance", "plot", "html")
        if (path := getattr(args, name, None)) is not None and str(path) != "-"
    ]
    for k, (name, output) in enumerate(outputs):
        rout.check_output_is_not_input(output, inputs)
        for other_name, other in outputs[k + 1 :]:
            if rout.same_file(output, other):
                raise UsageError(
                    f"{_OUTPUT_FLAGS[name]} and {_OUTPUT_FLAGS[other_name]} name the same "
                    f"file ({other}): one would replace the other"
                )
    if args.plot is not None or args.html is not None:
        import rougekit.plots as plots

        try:
            plots.check_available()
        except ImportError as e:
            raise UsageError(str(e)) from None
        if args.plot is not None and args.plot.suffix.lower() != ".png":
            raise UsageError(f"--plot writes PNG: name the file *.png (got {args.plot})")


def as_list(value: Any) -> list[Path]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


_FLAG_OF = {"language": "--lang", "profile": "--profile"}


def as_options(message: str) -> str:
    """The API's words (``profile='unicode-v1'``) as this command spells them."""
    message = re.sub(r"\blanguage='([^']*)'", r"--lang \1", message)
    message = re.sub(r"\b(language|profile)=(?!')", lambda m: _FLAG_OF[m.group(1)], message)
    message = re.sub(r"\bprofile='([^']*)'", r"--profile \1", message)
    return re.sub(r"\bstemmer='([^']*)'", r"--stem \1", message)
