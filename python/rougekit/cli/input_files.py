"""Reading the command line's inputs lazily: predictions and references as :class:`Pair`.

Every reader is a generator of :class:`Pair` that holds one line (or one file, for
directories) at a time, so memory stays flat however long the input. Bad input raises
:class:`DataError` whose message names the file and, where it applies, the line.

Formats:

* line-aligned text files (``-p PRED -r REF [-r REF2 ...]``): line i of each file;
* JSON Lines: one object per pair; the references field is a string or a list of strings;
* CSV / TSV with a header row: a prediction column and one or more reference columns;
* directories of one file per summary (the ROUGE-1.5.5 / pyrouge convention): a
  prediction ``NAME.txt`` is matched with the reference files named ``NAME.txt`` or
  ``NAME.<anything>`` in each reference directory; each file is one text whose lines are
  its sentences.

``-`` stands for standard input wherever a file is read.
"""

from __future__ import annotations

import contextlib
import csv
import itertools
import json
import os
import re
import shlex
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, NamedTuple

from rougekit.errors import DataError as DataError  # raised by the readers below

#: Pairs per chunk handed to the scorer: big enough to keep every core busy, small enough
#: that a chunk's texts are a few megabytes at most.
CHUNK_SIZE = 8192


class Pair(NamedTuple):
    """One prediction with its references; ``id`` names it in per-instance output."""

    id: str
    prediction: str
    references: list[str]


@dataclass
class Pairs:
    """Aligned predictions and references held in memory (small inputs, tests)."""

    predictions: list[str] = field(default_factory=list)
    references: list[list[str]] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)

    @classmethod
    def collect(cls, pairs: Iterable[Pair]) -> Pairs:
        out = cls()
        for p in pairs:
            out.ids.append(p.id)
            out.predictions.append(p.prediction)
            out.references.append(p.references)
        return out


# -- reading ----------------------------------------------------------------------------------


class Progress:
    """Bytes read so far against the total, over every file a reader opened.

    The total is unknown (``None``) when any input is a pipe or standard input.
    """

    def __init__(self) -> None:
        self.done = 0
        self.total: int | None = 0

    def add_total(self, size: int | None) -> None:
        self.total = None if size is None or self.total is None else self.total + size

    def fraction(self) -> float | None:
        if not self.total:
            return None
        return min(1.0, self.done / self.total)


def _open(path: Path, progress: Progress | None) -> IO[bytes]:
    """``path`` opened for binary reading (``-``: standard input), sizes counted."""
    if str(path) == "-":
        if sys.stdin is None:  # started with standard input closed (`<&-`)
            raise DataError("-: cannot read: standard input is closed")
        if progress is not None:
            progress.add_total(None)
        return contextlib.nullcontext(sys.stdin.buffer)  # type: ignore[return-value]
    try:
        handle = open(path, "rb")  # noqa: SIM115 (the caller closes it)
    except IsADirectoryError:
        raise DataError(f"{path}: is a directory (directories go with -p DIR -r DIR)") from None
    except OSError as e:
        raise DataError(f"{path}: cannot read: {e.strerror or e}") from None
    if progress is not None:
        try:
            st = os.fstat(handle.fileno())
            progress.add_total(st.st_size if os.path.isfile(path) else None)
        except OSError:
            progress.add_total(None)
    return handle


def _decode(raw: bytes, path: Path, number: int) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        hint = _encoding(raw, path)
        raise DataError(
            f"{path}:{number}: not valid UTF-8 (byte {e.start + 1} of the line){hint}"
        ) from None


#: Byte order marks of UTF-16 and UTF-32 (Excel's "Unicode text" and Notepad's "Unicode"
#: save UTF-16 little-endian with one), longest first.
_WIDE_BOMS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)


def _encoding(raw: bytes, path: Path) -> str:
    """What a line that is not UTF-8 most likely is, and how to convert it."""
    stdin = str(path) == "-"
    name = "FILE" if stdin else shlex.quote(str(path))
    utf8 = (
        "FILE.utf8" if stdin else shlex.quote(str(path.with_name(f"{path.stem}.utf8{path.suffix}")))
    )
    wide = next((name for bom, name in _WIDE_BOMS if raw.startswith(bom)), None)
    if wide is None and raw.count(b"\x00") * 3 >= len(raw) > 0:
        wide = "UTF-16"  # every other byte zero: UTF-16 text without a byte order mark
    if wide is not None:
        return (
            f": the file is {wide} text; convert it to UTF-8 first, e.g. "
            f'iconv -f {wide} -t UTF-8 {name} > {utf8} (or save it as "CSV UTF-8")'
        )
    return (
        "; if the file is in a legacy encoding such as Latin-1 or Windows-1252, convert it "
        f"to UTF-8 first, e.g. iconv -f WINDOWS-1252 -t UTF-8 {name} > {utf8}"
    )


# Longest line read from an input (one text, or one JSONL/CSV record): far above any real
# document (a whole book is a few MiB), low enough that `-p /dev/zero` fails fast instead of
# exhausting memory.
MAX_LINE_BYTES = 256 << 20


_BOM = b"\xef\xbb\xbf"


def lines(path: Path, progress: Progress | None = None) -> Iterator[str]:
    """The lines of ``path`` decoded as UTF-8 (a leading byte order mark dropped, as
    ``utf-8-sig`` does), without their ``\\n`` (or ``\\r\\n``) ending.

    A last line without a newline still counts; a file ending in a newline has no extra
    empty line after it.
    """
    with _open(path, progress) as handle:
        number = 0
        while True:
            try:
                raw = handle.readline(MAX_LINE_BYTES + 1)
            except OSError as e:  # e.g. EIO from a device or /proc file
                raise DataError(f"{path}:{number + 1}: cannot read: {e.strerror or e}") from None
            if not raw:
                return
            number += 1
            if len(raw) > MAX_LINE_BYTES:
                raise DataError(
                    f"{path}:{number}: line longer than {MAX_LINE_BYTES >> 20} MiB "
                    "(is this a text file?)"
                )
            if progress is not None:
                progress.done += len(raw)
            if raw.endswith(b"\n"):
                raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
            yield line_text(raw, path, number)


def line_text(raw: bytes, path: Path, number: int) -> str:
    """Line ``number`` of ``path`` (its bytes ``raw`` without the line end) as text, or the
    :class:`DataError` that says why it is none."""
    if number == 1 and raw.count(b"\x00") * 3 >= len(raw) > 0:
        # UTF-16 without a byte order mark decodes as UTF-8 (NUL is ASCII): every
        # other byte zero is no text.
        raise DataError(f"{path}:1: not valid text{_encoding(raw, path)}")
    if number == 1 and raw.startswith(_BOM):
        # A UTF-8 byte order mark (every Excel export has one) is no text: read as
        # utf-8-sig reads it, or it would glue itself to the first column's name.
        raw = raw[len(_BOM) :]
    return _decode(raw, path, number)


def is_dir(path: Path) -> bool:
    """``path.is_dir()`` that is False, not a ``PermissionError``, for a path that cannot be
    looked up: reading it then reports why, as one line naming it."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except OSError:
        return False


def read_line_files(
    prediction_path: Path,
    reference_paths: list[Path],
    *,
    progress: Progress | None = None,
) -> Iterator[Pair]:
    """Line-aligned text files: line i of each reference file is a reference of prediction i.

    Raises :class:`DataError` naming both files and both line counts when they differ.
    """
    if not reference_paths:
        raise DataError("-p needs at least one -r REFERENCES file")
    stdin_uses = [p for p in [prediction_path, *reference_paths] if str(p) == "-"]
    if len(stdin_uses) > 1:
        raise DataError("standard input (-) can feed only one of -p / -r")
    readers = [lines(prediction_path, progress), *(lines(r, progress) for r in reference_paths)]
    count = 0
    done = object()
    while True:
        row = [next(r, done) for r in readers]
        if any(cell is done for cell in row):
            if all(cell is done for cell in row):
                return
            counts = [
                count + (cell is not done) + sum(1 for _ in r) for cell, r in zip(row, readers)
            ]
            for ref_path, n in zip(reference_paths, counts[1:]):
                if n != counts[0]:
                    raise DataError(
                        f"{ref_path} has {n} lines but {prediction_path} has {counts[0]}"
                    )
        if count == 0:
            for path, cell in zip([prediction_path, *reference_paths], row):
                _refuse_json_object(path, cell)  # type: ignore[arg-type]
        yield Pair(str(count), row[0], row[1:])  # type: ignore[arg-type]
        count += 1


def _refuse_json_object(path: Path, line: str) -> None:
    """A line file whose first line is a JSON object is JSON Lines given as ``-p``/``-r``:
    its keys and ids would be scored as words, with no error."""
    text = line.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return
    if isinstance(obj, dict) and obj:
        fields = ", ".join(repr(k) for k in list(obj)[:6])
        raise DataError(
            f"{path}:1: is a JSON object (fields {fields}), but -p/-r read one text per "
            f"line: for JSON Lines give --jsonl {shlex.quote(str(path))} (with "
            "--prediction-field and --references-field if the fields have other names)"
        )


def read_jsonl(
    path: Path,
    *,
    prediction_field: str = "prediction",
    references_field: str = "references",
    id_field: str = "id",
    progress: Progress | None = None,
) -> Iterator[Pair]:
    """One JSON object per line; the references field is a string or a list of strings.

    Blank lines are skipped. The id is the ``id_field`` value if present, else the pair's
    position (0-based).
    """
    count = 0
    for number, line in enumerate(lines(path, progress), start=1):
        pair = jsonl_pair(
            line, f"{path}:{number}", prediction_field, references_field, id_field, count
        )
        if pair is not None:
            yield pair
            count += 1


def jsonl_pair(
    line: str,
    where: str,
    prediction_field: str,
    references_field: str,
    id_field: str,
    count: int,
) -> Pair | None:
    """The pair of one JSON Lines record (``None`` for a blank line), the ``count``-th of its
    file, or the :class:`DataError` that says why it is none (``where``: file and line)."""
    if not line.strip():
        return None
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        raise DataError(f"{where}: malformed JSON: {e.msg} (column {e.colno})") from None
    except RecursionError:
        raise DataError(f"{where}: malformed JSON: nested too deeply") from None
    except ValueError as e:  # e.g. an integer of more than 4,300 digits
        raise DataError(f"{where}: unreadable JSON: {e}") from None
    if not isinstance(obj, dict):
        raise DataError(f"{where}: expected a JSON object, got {_json_kind(obj)}")
    for name in (prediction_field, references_field):
        if name not in obj:
            raise DataError(f"{where}: {_missing_field(name, obj)}")
    pred, refs = obj[prediction_field], obj[references_field]
    if isinstance(refs, str):
        refs = [refs]
    if not isinstance(pred, str):
        raise DataError(
            f"{where}: field {prediction_field!r} must be a string, got {_json_kind(pred)}"
        )
    if not isinstance(refs, list) or not all(isinstance(r, str) for r in refs):
        raise DataError(
            f"{where}: field {references_field!r} must be a string or a list of strings"
        )
    if not refs:
        raise DataError(f"{where}: field {references_field!r} is an empty list")
    ident = obj.get(id_field, count)
    if "\\u" in line:  # only a JSON escape can make a lone surrogate
        _check_unicode(where, prediction_field, [pred], indexed=False)
        _check_unicode(where, references_field, refs, indexed=True)
        if isinstance(ident, str):  # it names the pair in reports and per-pair files
            _check_unicode(where, id_field, [ident], indexed=False)
    return Pair(ident if isinstance(ident, str) else json.dumps(ident), pred, refs)


def _missing_field(name: str, obj: dict[str, Any]) -> str:
    """What a record without the field ``name`` gets told: the fields it has, and how to
    name the right ones."""
    fields = ", ".join(repr(k) for k in list(obj)[:12]) + (", ..." if len(obj) > 12 else "")
    return (
        f"missing field {name!r} (the line has {fields or 'no field'}; name the fields with "
        "--prediction-field and --references-field)"
    )


def _check_unicode(where: str, name: str, texts: list[str], *, indexed: bool) -> None:
    """:class:`DataError` at the record's line for a text that holds a lone surrogate
    (``"\\udc00"`` is valid JSON but no text): the scorer would name only the pair."""
    for k, text in enumerate(texts):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            item = f"[{k}]" if indexed else ""
            raise DataError(
                f"{where}: field {name!r}{item} is not valid Unicode text "
                "(it contains a lone surrogate)"
            ) from None


def _json_kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    return names.get(type(value), "a number")


def read_table(
    path: Path,
    *,
    delimiter: str | None = ",",
    prediction_column: str = "prediction",
    reference_columns: list[str] | None = None,
    id_column: str = "id",
    progress: Progress | None = None,
) -> Iterator[Pair]:
    """CSV or TSV with a header row.

    ``delimiter=None`` reads it from the header: ``,`` unless the named columns are found
    only when it is split at ``;`` (a European Excel's CSV), a tab or ``|``.
    ``reference_columns`` defaults to the column ``references``, else ``reference``. Cells
    are taken as they are (an empty cell is an empty text, which scores 0). Quoted cells
    may span lines (sentence breaks, for rougeLsum).
    """
    # `lines` drops the line ends; the reader gets them back, or a quoted cell that spans
    # lines would lose its breaks ("a\nb" read as "ab").
    decoded = (line + "\n" for line in lines(path, progress))
    first = next(decoded, None)
    if first is None:
        return
    wanted = [prediction_column, *(reference_columns or [])]
    if delimiter is None:
        delimiter = _sniff_delimiter(first, wanted, reference_columns is None)
    reader = csv.reader(itertools.chain([first], decoded), delimiter=delimiter, strict=True)
    try:
        header = next(reader, None)
    except csv.Error as e:
        raise DataError(f"{path}:{reader.line_num}: malformed {_kind(delimiter)}: {e}") from None
    if header is None:
        return
    p_col, r_cols, i_col, width = table_columns(
        path, header, prediction_column, reference_columns, id_column
    )
    count = 0
    while True:
        try:
            row = next(reader, None)
        except csv.Error as e:
            raise DataError(
                f"{path}:{reader.line_num}: malformed {_kind(delimiter)}: {e}"
            ) from None
        if row is None:
            return
        if not row:
            continue
        if len(row) != width:
            raise DataError(
                f"{path}:{reader.line_num}: {len(row)} cells but the header has {width}"
            )
        ident = row[i_col] if i_col is not None else str(count)
        yield Pair(ident, row[p_col], [row[c] for c in r_cols])
        count += 1


def table_columns(
    path: Path,
    header: list[str],
    prediction_column: str,
    reference_columns: list[str] | None,
    id_column: str,
) -> tuple[int, list[int], int | None, int]:
    """The prediction, reference and id cells of a table's records (the first column of a
    name), and the header's width; a :class:`DataError` naming the columns it lacks."""
    index = {name: i for i, name in reversed(list(enumerate(header)))}
    if reference_columns is None:
        reference_columns = ["references" if "references" in index else "reference"]
    missing = [c for c in [prediction_column, *reference_columns] if c not in index]
    if missing:
        shown = ", ".join(repr(h if len(h) <= 40 else h[:40] + "...") for h in header[:12])
        raise DataError(
            f"{path}:1: no column {', '.join(map(repr, missing))} in the header "
            f"(columns: {shown}{', ...' if len(header) > 12 else ''}; name the columns with "
            "--prediction-field and --references-field, the separator with --delimiter)"
        )
    return (
        index[prediction_column],
        [index[c] for c in reference_columns],
        index.get(id_column),
        len(header),
    )


#: The separators a CSV file's header is tried with, most common first.
_DELIMITERS = (",", ";", "\t", "|")


def _sniff_delimiter(header: str, wanted: list[str], default_references: bool) -> str:
    """The first separator of :data:`_DELIMITERS` that splits ``header`` into cells holding
    every column named (with the default references column, ``references`` or
    ``reference``); ``,`` when none does (the error then shows the header as read)."""
    for delimiter in _DELIMITERS:
        try:
            cells = set(next(csv.reader([header], delimiter=delimiter)))
        except (csv.Error, StopIteration):
            continue
        refs_found = not default_references or bool(cells & {"references", "reference"})
        if refs_found and all(c in cells for c in wanted):
            return delimiter
    return ","


def _kind(delimiter: str) -> str:
    return "TSV" if delimiter == "\t" else "CSV"


def read_dirs(
    prediction_dir: Path,
    reference_dirs: list[Path],
    *,
    prediction_pattern: str | None = None,
    reference_pattern: str | None = None,
    progress: Progress | None = None,
) -> Iterator[Pair]:
    """One file per summary, matched by name (ROUGE-1.5.5 / pyrouge style).

    Without patterns, the id of a prediction file is its name without the last extension
    (``d061.txt`` -> ``d061``), and its references are the files of each reference
    directory named ``d061`` or ``d061.<anything>`` (``d061.txt``, ``d061.A.txt``,
    ``d061.B.txt``), in name order. With pyrouge-style patterns, ``prediction_pattern`` is
    a regular expression whose first group is the id (e.g. ``summary(\\d+).txt``) and
    ``reference_pattern`` contains ``#ID#`` (e.g. ``ref.[A-Z].#ID#.txt``). Each file is one
    text; its lines are its sentences (joined with ``\\n``). Files are read one at a time.
    """
    if not reference_dirs:
        raise DataError("-p DIR needs at least one -r DIR of references")
    for d in [prediction_dir, *reference_dirs]:
        try:
            st = os.stat(d)
        except OSError as e:
            raise DataError(f"{d}: cannot read: {e.strerror or e}") from None
        if not stat.S_ISDIR(st.st_mode):
            raise DataError(f"{d}: not a directory (with -p DIR, every -r must be one too)")
    pred_re = re.compile(prediction_pattern) if prediction_pattern else None
    pred_files: list[tuple[str, Path]] = []
    for f in _files(prediction_dir):
        if f.name.startswith("."):
            continue
        if pred_re is None:
            pred_files.append((f.stem, f))
            continue
        m = pred_re.fullmatch(f.name)
        if m:
            pred_files.append((m.group(1) if m.groups() else f.stem, f))
    if not pred_files:
        raise DataError(f"{prediction_dir}: no prediction file found")
    index = _reference_index(reference_dirs, reference_pattern)
    if progress is not None:
        progress.add_total(sum(f.stat().st_size for _, f in pred_files))
    for ident, pred_file in pred_files:
        matches = index.get(ident, index.get(_ANY_ID, []))
        if not matches:
            raise DataError(
                f"{pred_file}: no reference file for {ident!r} in "
                f"{', '.join(str(d) for d in reference_dirs)}"
            )
        prediction = _read_summary(pred_file)
        if progress is not None:
            progress.done += len(prediction.encode("utf-8")) + 1
        yield Pair(ident, prediction, [_read_summary(f) for f in matches])


#: The index key of files that a pattern without ``#ID#`` gives to every prediction.
_ANY_ID = "\0any"


def _reference_index(dirs: list[Path], pattern: str | None) -> dict[str, list[Path]]:
    """The reference files of ``dirs`` by the ids they can belong to, each list in directory
    then name order: one pass over the listings, so matching N predictions is linear (it
    was a scan of every listing per prediction: 227 s for 11,490 files).

    Without a pattern, ``d061.A.txt`` can belong to ``d061.A.txt``, ``d061.A`` and ``d061``
    (its name and each prefix before a dot). With a ``#ID#`` pattern, the ids are what the
    pattern captures there, shortest and longest (the pattern
    with ``#ID#`` read as that literal id matches the file exactly then, so no check is
    needed; only an id captured neither way by a pattern that allows several is missed).
    """
    generic: re.Pattern[str] | None = None
    lazy: re.Pattern[str] | None = None
    if pattern:
        head, *rest = pattern.split("#ID#")
        generic = re.compile(head + "(?P<id>.*)" + "(?P=id)".join(rest) if rest else pattern)
        lazy = re.compile(head + "(?P<id>.*?)" + "(?P=id)".join(rest) if rest else pattern)
    index: dict[str, list[Path]] = {}
    for d in dirs:
        for f in _files(d):
            name = f.name
            if generic is None or lazy is None:
                keys = {name, *(name[:k] for k, c in enumerate(name) if c == ".")}
            else:
                keys = {
                    m.group("id") if "id" in m.groupdict() else _ANY_ID
                    for m in (generic.fullmatch(name), lazy.fullmatch(name))
                    if m is not None
                }
            for key in keys:
                index.setdefault(key, []).append(f)
    return index


def _files(directory: Path) -> list[Path]:
    """The regular files of ``directory`` (symbolic links to them too) in name order; the
    file type comes from the directory listing, a stat only where it does not say."""
    with os.scandir(directory) as entries:
        names = sorted(e.name for e in entries if e.is_file())
    return [directory / name for name in names]


def _read_summary(path: Path) -> str:
    try:
        with open(path, "rb") as f:
            if os.fstat(f.fileno()).st_size > MAX_LINE_BYTES:
                raise DataError(f"{path}: longer than {MAX_LINE_BYTES >> 20} MiB")
            raw = f.read()
    except OSError as e:
        raise DataError(f"{path}: cannot read: {e.strerror or e}") from None
    if raw.endswith(b"\n"):
        raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        column = e.start - raw.rfind(b"\n", 0, e.start)
        raise DataError(f"{path}:{line}: not valid UTF-8 (byte {column} of the line)") from None
    # Its lines are its sentences: \r\n line ends become \n, as the line reader reads them.
    return text.replace("\r\n", "\n") if "\r" in text else text


# -- transforming and chunking ----------------------------------------------------------------


def map_texts(pairs: Iterable[Pair], transform: Callable[[str], str]) -> Iterator[Pair]:
    """Applies ``transform`` to every prediction and reference."""
    for p in pairs:
        yield Pair(p.id, transform(p.prediction), [transform(r) for r in p.references])


def chunks(pairs: Iterable[Pair], size: int | None = None) -> Iterator[list[Pair]]:
    """Lists of at most ``size`` (default :data:`CHUNK_SIZE`) consecutive pairs."""
    size = size or CHUNK_SIZE
    chunk: list[Pair] = []
    for p in pairs:
        chunk.append(p)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
