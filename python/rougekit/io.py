"""Reading predictions and references from files, with errors that name file and line."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path


class DataError(Exception):
    """Bad input data: the message names the file and, where it applies, the line."""


@dataclass
class Pairs:
    """Aligned predictions and references (each a list of one or more strings)."""

    predictions: list[str] = field(default_factory=list)
    references: list[list[str]] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)


def _lines(path: Path) -> list[str]:
    """The lines of ``path`` (``-``: standard input), decoded as UTF-8."""
    try:
        raw = sys.stdin.buffer.read() if str(path) == "-" else path.read_bytes()
    except OSError as e:
        raise DataError(f"{path}: cannot read: {e.strerror or e}") from None
    out = []
    for number, line in enumerate(raw.split(b"\n"), start=1):
        try:
            out.append(line.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise DataError(
                f"{path}:{number}: not valid UTF-8 (byte {e.start + 1} of the line)"
            ) from None
    if out and out[-1] == "":
        out.pop()
    return out


def read_jsonl(
    path: Path,
    *,
    prediction_field: str = "prediction",
    references_field: str = "references",
    id_field: str = "id",
) -> Pairs:
    """One JSON object per line; the references field is a string or a list of strings."""
    pairs = Pairs()
    for number, line in enumerate(_lines(path), start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise DataError(f"{where}: malformed JSON: {e.msg}") from None
        if not isinstance(obj, dict):
            raise DataError(f"{where}: expected a JSON object, got {type(obj).__name__}")
        for name in (prediction_field, references_field):
            if name not in obj:
                raise DataError(f"{where}: missing field {name!r}")
        pred, refs = obj[prediction_field], obj[references_field]
        if isinstance(refs, str):
            refs = [refs]
        if not isinstance(pred, str):
            raise DataError(f"{where}: field {prediction_field!r} must be a string")
        if not isinstance(refs, list) or not all(isinstance(r, str) for r in refs):
            raise DataError(
                f"{where}: field {references_field!r} must be a string or a list of strings"
            )
        if not refs:
            raise DataError(f"{where}: field {references_field!r} is an empty list")
        pairs.predictions.append(pred)
        pairs.references.append(refs)
        pairs.ids.append(str(obj.get(id_field, len(pairs.ids))))
    return pairs


def read_line_files(
    prediction_path: Path, reference_paths: list[Path], *, unescape_newlines: bool = False
) -> Pairs:
    """Line-aligned text files: line i of each reference file is a reference of prediction i.

    With ``unescape_newlines``, a literal ``\\n`` (backslash, n) inside a line is a sentence
    break (for rougeLsum); otherwise lines are taken as they are.
    """
    preds = _lines(prediction_path)
    columns = []
    for ref_path in reference_paths:
        refs = _lines(ref_path)
        if len(refs) != len(preds):
            raise DataError(
                f"{ref_path} has {len(refs)} lines but {prediction_path} has {len(preds)}"
            )
        columns.append(refs)
    unescape = _unescape_newlines if unescape_newlines else _same
    return Pairs(
        predictions=[unescape(p) for p in preds],
        references=[[unescape(c[i]) for c in columns] for i in range(len(preds))],
        ids=[str(i) for i in range(len(preds))],
    )


def _same(line: str) -> str:
    return line


def _unescape_newlines(line: str) -> str:
    return line.replace("\\n", "\n")
