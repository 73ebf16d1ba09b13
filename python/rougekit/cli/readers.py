"""Where a run's pairs come from: line files, JSON Lines, CSV/TSV, directories of
summaries, standard input."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import rougekit.cli.fast_input as fast_input
import rougekit.cli.input_files as rin
from rougekit.cli.fast_input import ChunkSource
from rougekit.cli.input_files import Pair
from rougekit.errors import UsageError


def sources(
    args: argparse.Namespace, progress: rin.Progress, *, fast: bool = False
) -> list[tuple[str, Iterator[Pair]]]:
    """(name, pairs) per system: one for ``score``, one per -p / --jsonl for ``compare``;
    with ``fast`` (:func:`rougekit.cli.fast_input.enabled`), inputs the core reads come as
    a :class:`~rougekit.cli.fast_input.ChunkSource`."""
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
    delimiter = getattr(args, "delimiter", None)
    if delimiter is not None:
        if not any(kind in ("csv", "tsv") for kind, _ in files):
            raise UsageError("--delimiter goes with --csv or --tsv")
        delimiter = {"\\t": "\t", "tab": "\t"}.get(delimiter, delimiter)
        if len(delimiter) != 1 or delimiter in '"\r\n':
            raise UsageError(f"--delimiter must be one character (or 'tab'), got {delimiter!r}")
    if not files and not preds:
        raise UsageError("no input: give -p PRED -r REF, --jsonl FILE, --csv FILE or --tsv FILE")
    if preds and not args.references:
        raise UsageError("-p needs at least one -r REFERENCES file")
    refs_field = args.references_field
    if refs_field is not None and len(refs_field) > 1 and not any(k != "jsonl" for k, _ in files):
        raise UsageError("--references-field takes several names only for CSV/TSV columns")
    out: list[tuple[str, Iterator[Pair]]] = []
    for kind, path in files:
        if kind == "jsonl" and fast:
            chunks = fast_input.jsonl_chunks(
                path, prediction_field=args.prediction_field,
                references_field=refs_field[0] if refs_field else "references",
                id_field=args.id_field, progress=progress,
            )  # fmt: skip
            out.append((_stem(path), ChunkSource(chunks)))
            continue
        if kind == "jsonl":
            it = rin.read_jsonl(
                path, prediction_field=args.prediction_field,
                references_field=refs_field[0] if refs_field else "references",
                id_field=args.id_field, progress=progress,
            )  # fmt: skip
        elif fast and fast_input.TABLES:
            chunks = fast_input.table_chunks(
                path, delimiter=delimiter or (None if kind == "csv" else "\t"),
                prediction_column=args.prediction_field, reference_columns=refs_field,
                id_column=args.id_field, progress=progress,
            )  # fmt: skip
            out.append((_stem(path), ChunkSource(chunks)))
            continue
        else:
            it = rin.read_table(
                path, delimiter=delimiter or (None if kind == "csv" else "\t"),
                prediction_column=args.prediction_field, reference_columns=refs_field,
                id_column=args.id_field, progress=progress,
            )  # fmt: skip
        out.append((_stem(path), it))
    for path in preds:
        if rin.is_dir(path):
            it = rin.read_dirs(
                path, args.references, prediction_pattern=args.prediction_pattern,
                reference_pattern=args.reference_pattern, progress=progress,
            )  # fmt: skip
        else:
            bad = [r for r in args.references if rin.is_dir(r)]
            if bad:
                raise UsageError(
                    f"{bad[0]} is a directory but {path} is not: give both as directories"
                )
            if fast:
                chunks = fast_input.line_file_chunks(path, args.references, progress=progress)
                out.append((_stem(path), ChunkSource(chunks)))
                continue
            it = rin.read_line_files(path, args.references, progress=progress)
        out.append((_stem(path), it))
    return out


def _stem(path: Path) -> str:
    return "stdin" if str(path) == "-" else (path.stem or str(path))
