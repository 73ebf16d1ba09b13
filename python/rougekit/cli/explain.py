"""The commands ``explain`` (one pair, with ROUGE's own arithmetic) and ``report`` (a
corpus's HTML page: ``compare``'s numbers and every pair explained)."""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Iterator

import rougekit.cli.input_files as rin
import rougekit.cli.output_files as rout
import rougekit.tables as tables
from rougekit.cli.commands import _is_stemmer_name, compared
from rougekit.cli.input_files import Pair
from rougekit.cli.options import as_flags, as_list, scorer_of, transform_of
from rougekit.cli.readers import sources
from rougekit.cli.run import emit
from rougekit.errors import DataError, UsageError
from rougekit.explain.schema import ExplanationDict
from rougekit.results import BatchResult
from rougekit.scorer import RougeScorer

_FILE_INPUTS = ("predictions", "references", "jsonl", "csv", "tsv")


def _explanations(scorer: RougeScorer, pairs: list[Pair]) -> Iterator[ExplanationDict]:
    """The explanation dicts of ``pairs``, in order (the core's ``explain_batch``)."""
    try:
        batch = scorer.explain_batch(
            [p.prediction for p in pairs], [p.references for p in pairs],
            ids=[p.id for p in pairs],
        )  # fmt: skip
        for ex in batch:
            yield ex.to_dict()
    except (TypeError, ValueError) as e:
        raise DataError(as_flags(str(e))) from None


def _the_pair(args: argparse.Namespace) -> Pair:
    """The pair to explain: the texts given, or the pair ``--id`` of the input file."""
    given = [name for name in _FILE_INPUTS if as_list(getattr(args, name))]
    if args.texts:
        if given:
            raise UsageError("give the texts (PRED REF ...) or an input file with --id, not both")
        if args.id is not None:
            raise UsageError("--id picks a pair of an input file (--jsonl, -p/-r ...)")
        if len(args.texts) < 2:
            raise UsageError("explain needs a prediction and at least one reference: PRED REF")
        for text in args.texts:
            text.encode("utf-8")  # an argument with lone surrogates: main() names it
        pair = Pair("", args.texts[0], list(args.texts[1:]))
    else:
        if not given:
            raise UsageError("no input: give PRED REF [REF ...], or --jsonl FILE --id ID")
        if args.id is None:
            raise UsageError("--id ID names the pair of the input file to explain")
        ((name, it),) = sources(args, rin.Progress())
        found = next((p for p in it if p.id == args.id), None)
        if found is None:
            raise DataError(f"{name}: no pair with id {args.id!r}")
        pair = found
    transform = transform_of(args)
    if transform is not None:
        pair = Pair(pair.id, transform(pair.prediction), [transform(r) for r in pair.references])
    return pair


def run_explain(args: argparse.Namespace) -> int:
    if isinstance(args.stem, str) and not _is_stemmer_name(args.stem):
        args.texts.insert(0, args.stem)  # `explain --stem PRED REF`: the flag, then texts
        args.stem = True
    scorer = scorer_of(args)
    if args.output is not None and str(args.output) != "-":
        inputs = [p for name in _FILE_INPUTS for p in as_list(getattr(args, name))]
        rout.check_output_is_not_input(args.output, inputs)
    pair = _the_pair(args)
    (d,) = _explanations(scorer, [pair])
    if not pair.id:
        d["id"] = None  # texts from the command line have no id
    from rougekit.explain import render

    if args.format == "json":
        out = json.dumps(d, ensure_ascii=False, indent=2) + "\n"
    elif args.format == "html":
        out = render.page(d)
    else:
        out = render.text(d)
    emit(None if args.output is not None and str(args.output) == "-" else args.output, out)
    return 0


def _check_report_outputs(args: argparse.Namespace) -> None:
    inputs = [p for name in _FILE_INPUTS for p in as_list(getattr(args, name, None))]
    rout.check_output_is_not_input(args.html, inputs)


def run_report(args: argparse.Namespace) -> int:
    from rougekit.explain.report_page import ReportBuilder, corpus_section

    kept: list[list[Pair]] = []

    def keep(k: int, chunk: list[Pair], _batch: BatchResult) -> None:
        while len(kept) <= k:
            kept.append([])
        kept[k].extend(chunk)

    names, results, cmp = compared(args, keep, outputs=_check_report_outputs, single=True)
    scorer = scorer_of(args)
    builder = ReportBuilder(names)
    streams = [_explanations(scorer, pairs) for pairs in kept]
    # The page's data is millions of small lists that live to the end: the cyclic garbage
    # collector's passes over them would cost more than the work (none of them is cyclic).
    collecting = gc.isenabled()
    gc.disable()
    try:
        for k, dicts in enumerate(zip(*streams)):
            builder.add(kept[0][k].id, list(dicts))
        text = builder.html(corpus_section(names, results, cmp))
    finally:
        if collecting:
            gc.enable()
    emit(args.html, text)
    table = (
        tables.render_comparison(cmp, "table")
        if cmp is not None
        else tables.render(results[0], "table")
    )
    emit(None, table)
    print(f"rougekit: wrote {args.html} ({len(text.encode('utf-8')):,} bytes)", file=sys.stderr)
    return 0
