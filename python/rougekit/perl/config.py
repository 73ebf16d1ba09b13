"""Evaluation configurations: ROUGE-1.5.5's XML file (spec §4.1) and ``-z`` file lists (§4.2).

Both give a list of :class:`Evaluation` in document / line order. Paths are kept as Perl
builds them (``<root>/<file>``, plain concatenation, relative to the current directory).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field

from rougekit.perl.errors import PerlDataError
from rougekit.perl.options import FORMATS

_PERL_SPACE = " \t\n\r\f\v"


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


def _tag(elem: ET.Element) -> str:
    tag = elem.tag if isinstance(elem.tag, str) else ""
    return tag.rpartition("}")[2].upper()  # element names match case-insensitively


def _text(elem: ET.Element) -> str:
    return "".join(elem.itertext()).strip(_PERL_SPACE)


def _descendants(elem: ET.Element, name: str) -> Iterator[ET.Element]:
    return (e for e in elem.iter() if e is not elem and _tag(e) == name)


def _first_text(elem: ET.Element, name: str) -> str | None:
    found = next(_descendants(elem, name), None)
    return None if found is None else _text(found)


def _attribute(elem: ET.Element, name: str, path: str, what: str) -> str:
    # Attribute names are case-sensitive in ROUGE-1.5.5 (<eval id="1"> makes it die).
    value = elem.get(name)
    if value is None:
        raise PerlDataError(f"{path}: {what} has no {name} attribute (it must be upper case)")
    return value


def read_xml_config(path: str) -> list[Evaluation]:
    """The ``EVAL`` elements of a ROUGE-1.5.5 XML configuration, in document order."""
    data = _read_bytes(path, "configuration file")
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        raise PerlDataError(f"{path}: malformed XML: {e}") from None
    evaluations: list[Evaluation] = []
    seen: set[str] = set()
    for node in root.iter():
        if _tag(node) != "EVAL":
            continue
        eval_id = _attribute(node, "ID", path, "an EVAL")
        if eval_id in seen:
            raise PerlDataError(f"{path}: EVAL ID {eval_id!r} occurs twice")
        seen.add(eval_id)
        where = f"EVAL {eval_id}"
        fmt_node = next(_descendants(node, "INPUT-FORMAT"), None)
        input_format = None
        if fmt_node is not None:
            typed = _attribute(fmt_node, "TYPE", path, f"the INPUT-FORMAT of {where}")
            input_format = typed.upper()
            if input_format not in FORMATS:
                raise PerlDataError(
                    f"{path}: {where}: unknown INPUT-FORMAT TYPE {typed!r} "
                    "(SEE, SPL, ISI or SIMPLE)"
                )
        # A missing root is an empty string: Perl then builds "/<file>".
        peer_root = _first_text(node, "PEER-ROOT") or ""
        model_root = _first_text(node, "MODEL-ROOT") or ""
        evaluation = Evaluation(eval_id=eval_id, input_format=input_format)
        for peers in _descendants(node, "PEERS"):
            for p in _descendants(peers, "P"):
                peer_id = _attribute(p, "ID", path, f"a P of {where}")
                evaluation.peers[peer_id] = f"{peer_root}/{_text(p)}"
        for models in _descendants(node, "MODELS"):
            for m in _descendants(models, "M"):
                model_id = _attribute(m, "ID", path, f"an M of {where}")
                evaluation.models.append((model_id, f"{model_root}/{_text(m)}"))
        evaluations.append(evaluation)
    if not evaluations:
        raise PerlDataError(f"{path}: no EVAL element: nothing to evaluate")
    return evaluations


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
