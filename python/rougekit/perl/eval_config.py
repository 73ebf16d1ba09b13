"""Evaluation configurations: ROUGE-1.5.5's XML file (spec ``rouge-1.5.5.md`` §4.1) and
``-z`` file lists (§4.2).

Both give a list of :class:`Evaluation` in document / line order. Paths are kept as Perl
builds them (``<root>/<file>``, plain concatenation, relative to the current directory).
"""

from __future__ import annotations

import codecs
import os
import re
from dataclasses import dataclass, field

import rougekit._core as _core
from rougekit.errors import PerlDataError


@dataclass
class Evaluation:
    """One ``EVAL``: a format, peers (``id -> path``) and models (``(id, path)`` in order)."""

    eval_id: str
    input_format: str | None
    peers: dict[str, str] = field(default_factory=dict)
    models: list[tuple[str, str]] = field(default_factory=list)


def _read_bytes(path: str, what: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise PerlDataError(f"cannot read {what} {path}: {reason}") from None


#: The encoding an XML declaration names (XML 1.0 §4.3.3); read from the ASCII-compatible start.
_DECLARED_ENCODING = re.compile(
    rb"""<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']"""
)


def _xml_text(data: bytes, path: str) -> str:
    """The configuration as text: a byte-order mark, else the declared encoding, else UTF-8
    (the XML rules expat, and so ROUGE-1.5.5's XML::DOM, follow)."""
    if data.startswith(codecs.BOM_UTF8):
        encoding = "utf-8-sig"
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    else:
        declared = _DECLARED_ENCODING.match(data)
        encoding = declared.group(1).decode("ascii") if declared else "utf-8"
    try:
        return data.decode(encoding)
    except LookupError:
        raise PerlDataError(f"{path}: malformed XML: unknown encoding {encoding!r}") from None
    except UnicodeDecodeError as e:
        raise PerlDataError(
            f"{path}: malformed XML: not {encoding} text (byte {e.start}: {e.reason})"
        ) from None


def read_xml_config(path: str) -> list[Evaluation]:
    """The ``EVAL`` elements of a ROUGE-1.5.5 XML configuration, in document order.

    The core parses it (``perl/eval_config.rs`` says which elements and attributes count,
    as ROUGE-1.5.5 reads them); its one-line reasons get the file name here.
    """
    text = _xml_text(_read_bytes(path, "configuration file"), path)
    try:
        parsed = _core.perl_eval_config(text)
    except ValueError as e:
        raise PerlDataError(f"{path}: {e}") from None
    return [
        Evaluation(eval_id, input_format, dict(peers), models)
        for eval_id, input_format, peers, models in parsed
    ]


def read_xml_plan(path: str, peer: str | None) -> _core.PerlRunPlan:
    """The run of a ROUGE-1.5.5 XML configuration planned by the core for ``peer`` (``None``:
    every peer, ``-a``): the same evaluations as :func:`read_xml_config`, without a Python
    object per ``EVAL`` (a corpus has one per document)."""
    text = _xml_text(_read_bytes(path, "configuration file"), path)
    try:
        return _core.perl_xml_plan(text, peer)
    except ValueError as e:
        raise PerlDataError(f"{path}: {e}") from None


def read_file_list(path: str, input_format: str, peer_id: str) -> list[Evaluation]:
    """A ``-z`` list: ``peer model1 [model2 ...]`` per line; ``#`` lines and blank lines skipped.

    Eval IDs are ``1..N`` in line order, model IDs ``M.1, M.2, ...``; every line is one
    evaluation of the single peer ``peer_id``.
    """
    data = _read_bytes(path, "file list")
    evaluations: list[Evaluation] = []
    for number, line in enumerate(data.split(b"\n"), start=1):
        if line.startswith(b"#"):
            continue
        names = [os.fsdecode(name) for name in line.split()]
        if not names:
            continue
        if len(names) < 2:
            raise PerlDataError(
                f"{path}:{number}: a file-list line needs a peer and at least one model "
                "(peer model1 model2 ...)"
            )
        evaluation = Evaluation(eval_id=str(len(evaluations) + 1), input_format=input_format)
        evaluation.peers[peer_id] = names[0]
        evaluation.models = [(f"M.{i}", name) for i, name in enumerate(names[1:], start=1)]
        evaluations.append(evaluation)
    if not evaluations:
        raise PerlDataError(f"{path}: the file list names no summary: nothing to evaluate")
    return evaluations
