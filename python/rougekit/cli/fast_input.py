"""The command line's inputs read by the core: chunks of pairs whose texts stay in Rust
(``_core.TextChunk``) from the file to the engine.

The core's readers take what the Python readers of :mod:`rougekit.cli.input_files` take and
read the same texts from it; a line they do not take as it is (a malformed record, bytes that
are not UTF-8, a rare construct such as a lone surrogate escape) goes to the Python reader's
code for one line, which raises its error (file and line) or, for a valid line, gives the pair.
So the errors, and the pairs, are the Python readers'. CSV/TSV records are split by CPython
3.11's ``csv`` state machine (``excel``, ``strict=True``) rewritten in the core, with its
messages; the header's separator is still sniffed here, by :mod:`rougekit.cli.input_files`.
Other Pythons' ``csv`` differ (3.10 refuses NUL, later versions word an error otherwise), so
there tables are read by the Python reader (:data:`TABLES`).

Used for ``rougekit score`` when the scorer is the core's ``Engine`` (the rouge-score family
of profiles) and no option rewrites the texts (``--split-sentences`` and the like). Setting
``ROUGEKIT_PYTHON_READERS=1`` in the environment reads every input with the Python readers.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, overload

import rougekit._core as _core
import rougekit.cli.input_files as rin
import rougekit.signature as sig
from rougekit.diagnostics import Notes
from rougekit.errors import DataError
from rougekit.results import BatchResult
from rougekit.scorer import RougeScorer

#: Whether the core reads CSV/TSV: its parser is CPython 3.11's ``csv``.
TABLES = sys.implementation.name == "cpython" and sys.version_info[:2] == (3, 11)


def enabled(args: argparse.Namespace, scorer: RougeScorer) -> bool:
    """Whether this run's inputs can be read by the core: an ``Engine`` profile scoring the
    texts as read (no sentence splitting or separators rewriting them)."""
    from rougekit.cli.options import transform_of

    return (
        os.environ.get("ROUGEKIT_PYTHON_READERS", "") in ("", "0")
        and type(scorer._core) is _core.Engine
        and scorer.config.split is None
        and scorer.config.profile.INPUT == "text"
        and transform_of(args) is None
    )


class ChunkSource(Iterator[rin.Pair]):
    """One system's input as chunks of at most :data:`rougekit.cli.input_files.CHUNK_SIZE`
    pairs read by the core (:attr:`chunks`); iterated, its pairs as the Python reader
    gives them (for code that takes pairs)."""

    def __init__(self, chunks: Iterator[_core.TextChunk]) -> None:
        self.chunks = chunks
        self._pairs: Iterator[rin.Pair] = iter(())

    def __next__(self) -> rin.Pair:
        while True:
            pair = next(self._pairs, None)
            if pair is not None:
                return pair
            chunk = next(self.chunks)
            self._pairs = (rin.Pair(chunk.id(i), *chunk.pair(i)) for i in range(len(chunk)))


def jsonl_chunks(
    path: Path,
    *,
    prediction_field: str = "prediction",
    references_field: str = "references",
    id_field: str = "id",
    progress: rin.Progress | None = None,
) -> Iterator[_core.TextChunk]:
    """:func:`rougekit.cli.input_files.read_jsonl`'s pairs, in chunks."""
    with rin._open(path, progress) as handle:
        reader = _core.JsonlReader(
            handle, prediction_field, references_field, id_field, rin.MAX_LINE_BYTES
        )
        start = progress.done if progress is not None else 0
        while not reader.done:
            chunk = _core.TextChunk()
            size = rin.CHUNK_SIZE
            while len(chunk) < size and not reader.done:
                problem = reader.fill(chunk, size)
                if problem is None:
                    continue
                number = _raise_for(problem, [path])
                line = rin.line_text(problem[3], path, number)
                pair = rin.jsonl_pair(
                    line, f"{path}:{number}", prediction_field, references_field, id_field,
                    reader.count,
                )  # fmt: skip
                if pair is not None:
                    chunk.push(pair.id, pair.prediction, pair.references)
                    reader.count_one()
            if progress is not None:
                progress.done = start + reader.bytes
            if len(chunk):
                yield chunk


def _raise_for(problem: tuple[Any, ...], paths: list[Path]) -> int:
    """Raises the Python reader's error for what stopped a core reader; for a line it
    leaves to the Python reader (``("line", file, number, raw)``), returns its number."""
    kind, path = problem[0], paths[problem[1]] if problem[0] != "counts" else paths[0]
    if kind == "io":
        e = problem[3]
        raise DataError(f"{path}:{problem[2] + 1}: cannot read: {e.strerror or e}")
    if kind == "long":
        raise DataError(
            f"{path}:{problem[2]}: line longer than {rin.MAX_LINE_BYTES >> 20} MiB "
            "(is this a text file?)"
        )
    if kind == "counts":
        counts = problem[1]
        for ref_path, n in zip(paths[1:], counts[1:]):
            if n != counts[0]:
                raise DataError(f"{ref_path} has {n} lines but {paths[0]} has {counts[0]}")
        raise AssertionError(f"line counts {counts} do not differ")
    number: int = problem[2]
    return number


def line_file_chunks(
    prediction_path: Path, reference_paths: list[Path], *, progress: rin.Progress | None = None
) -> Iterator[_core.TextChunk]:
    """:func:`rougekit.cli.input_files.read_line_files`'s pairs, in chunks."""
    paths = [prediction_path, *reference_paths]
    if not reference_paths:
        raise DataError("-p needs at least one -r REFERENCES file")
    if sum(1 for p in paths if str(p) == "-") > 1:
        raise DataError("standard input (-) can feed only one of -p / -r")
    with contextlib.ExitStack() as stack:
        handles = []
        for path in paths:
            try:
                handles.append(stack.enter_context(rin._open(path, progress)))
            except DataError:
                if not handles:
                    raise
                # The Python reader opens a file as it reads its first line: its error
                # may be about an earlier file's first line.
                stack.close()
                yield from _as_chunks(rin.read_line_files(prediction_path, reference_paths))
                return
        reader = _core.LineFilesReader(handles, rin.MAX_LINE_BYTES)
        start = progress.done if progress is not None else 0
        first = True
        while not reader.done:
            chunk = _core.TextChunk()
            size = rin.CHUNK_SIZE
            while len(chunk) < size and not reader.done:
                problem = reader.fill(chunk, size)
                if first and len(chunk):
                    # Before the next line's errors, as the Python reader checks it.
                    first = False
                    prediction, references = chunk.pair(0)
                    for path, text in zip(paths, [prediction, *references]):
                        rin._refuse_json_object(path, text)
                if problem is None:
                    continue
                number = _raise_for(problem, paths)
                rin.line_text(problem[3], paths[problem[1]], number)
                raise AssertionError(f"{paths[problem[1]]}:{number} was refused and read")
            if progress is not None:
                progress.done = start + reader.bytes
            if len(chunk):
                yield chunk


def table_chunks(
    path: Path,
    *,
    delimiter: str | None = ",",
    prediction_column: str = "prediction",
    reference_columns: list[str] | None = None,
    id_column: str = "id",
    progress: rin.Progress | None = None,
) -> Iterator[_core.TextChunk]:
    """:func:`rougekit.cli.input_files.read_table`'s pairs, in chunks."""
    with rin._open(path, progress) as handle:
        reader = _core.TableReader(handle, rin.MAX_LINE_BYTES)
        start = progress.done if progress is not None else 0
        first = reader.first_line()
        if first is None:
            return
        if isinstance(first, tuple):
            _raise_for_table(first, path, "CSV")
        assert isinstance(first, bytes)
        text = rin.line_text(first, path, 1) + "\n"
        wanted = [prediction_column, *(reference_columns or [])]
        if delimiter is None:
            delimiter = rin._sniff_delimiter(text, wanted, reference_columns is None)
        kind = rin._kind(delimiter)
        header = reader.header(delimiter)
        if isinstance(header, tuple):
            _raise_for_table(header, path, kind)
        assert isinstance(header, list)
        p_col, r_cols, i_col, width = rin.table_columns(
            path, header, prediction_column, reference_columns, id_column
        )
        reader.columns(p_col, r_cols, i_col, width)
        while not reader.done:
            chunk = _core.TextChunk()
            problem = reader.fill(chunk, rin.CHUNK_SIZE)
            if progress is not None:
                progress.done = start + reader.bytes
            if problem is not None:
                _raise_for_table(problem, path, kind, width)
            if len(chunk):
                yield chunk


def _raise_for_table(problem: tuple[Any, ...], path: Path, kind: str, width: int = 0) -> None:
    """:func:`_raise_for`, and the table readers' own errors."""
    if problem[0] == "csv":
        raise DataError(f"{path}:{problem[1]}: malformed {kind}: {problem[2]}")
    if problem[0] == "cells":
        raise DataError(f"{path}:{problem[1]}: {problem[2]} cells but the header has {width}")
    number = _raise_for(problem, [path])
    rin.line_text(problem[3], path, number)
    raise AssertionError(f"{path}:{number} was refused and read")


def _as_chunks(pairs: Iterator[rin.Pair]) -> Iterator[_core.TextChunk]:
    """Pairs of a Python reader as chunks."""
    for part in rin.chunks(pairs):
        chunk = _core.TextChunk()
        for p in part:
            chunk.push(p.id, p.prediction, p.references)
        yield chunk


class ChunkIds(Sequence[str]):
    """The ids of a chunk's pairs, made when asked for (most runs need none)."""

    def __init__(self, chunk: _core.TextChunk) -> None:
        self.chunk = chunk

    def __len__(self) -> int:
        return len(self.chunk)

    def __iter__(self) -> Iterator[str]:
        return iter(self.chunk.ids())

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            ids: list[str] = self.chunk.ids()
            return ids[i]
        if i < 0:
            i += len(self.chunk)
        if not 0 <= i < len(self.chunk):
            raise IndexError(i)
        return self.chunk.id(i)


def score(scorer: RougeScorer, chunk: _core.TextChunk, where: str) -> tuple[BatchResult, Notes]:
    """``RougeScorer._batch`` of a chunk read by the core, and its notes, as
    :func:`rougekit.cli.run._score_chunk` gives them for the same pairs."""
    profile = scorer.config.profile
    profile.before_scoring()
    engine = scorer._core
    assert isinstance(engine, _core.Engine)  # enabled() checked it
    try:
        scores = engine.score_chunk(chunk)
    except (TypeError, ValueError) as e:
        big = re.match(r"pair (\d+)(, reference \d+)?: ", str(e))  # over a size limit
        if big and int(big.group(1)) < len(chunk):
            ident = chunk.id(int(big.group(1)))
            rest = str(e)[big.end() :]
            raise DataError(f"{where}: pair {ident}{big.group(2) or ''}: {rest}") from None
        raise DataError(f"{where}: pair ?: input {str(e).strip()}") from None
    notes = Notes.of(scores, scorer.config.types, None)  # lines: NEWLINE, no warning
    if "rougeLsum" in scorer.config.types:
        notes = replace(notes, lines=chunk.lines_note())
    blank = chunk.blank_references()
    if blank:
        notes = replace(notes, blank_references=blank)
    signature = scorer.signature(sig.nrefs_field(*scores.nrefs))
    return BatchResult(scores, signature, profile, threads=scorer.config.threads), notes
