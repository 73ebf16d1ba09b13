"""Evaluation configurations: ROUGE-1.5.5's XML file (spec §4.1) and ``-z`` file lists (§4.2).

Both give a list of :class:`Evaluation` in document / line order. Paths are kept as Perl
builds them (``<root>/<file>``, plain concatenation, relative to the current directory).
"""

from __future__ import annotations

import functools
import os
import xml.etree.ElementTree as ET
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


@functools.lru_cache(maxsize=256)
def _name(tag: object) -> str:
    """Element name, upper-cased: ROUGE-1.5.5 matches element names case-insensitively."""
    return tag.rpartition("}")[2].upper() if isinstance(tag, str) else ""


def _text(elem: ET.Element) -> str:
    return "".join(elem.itertext()).strip(_PERL_SPACE)


def _attribute(elem: ET.Element, name: str, path: str, what: str) -> str:
    # Attribute names are case-sensitive in ROUGE-1.5.5 (<eval id="1"> makes it die).
    value = elem.get(name)
    if value is None:
        raise PerlDataError(f"{path}: {what} has no {name} attribute (it must be upper case)")
    return value


class _EvalWalker:
    """Collects one EVAL's parts in one walk over its subtree (document order)."""

    def __init__(self, eval_id: str, path: str) -> None:
        self.where = f"EVAL {eval_id}"
        self.path = path
        self.input_format: str | None = None
        self.format_seen = False
        self.roots: dict[str, str] = {}
        self.peers: list[tuple[str, str]] = []
        self.models: list[tuple[str, str]] = []

    def walk(self, elem: ET.Element, section: str) -> None:
        for child in elem:
            name = _name(child.tag)
            if name in ("PEER-ROOT", "MODEL-ROOT"):
                self.roots.setdefault(name, _text(child))
            elif name == "INPUT-FORMAT" and not self.format_seen:
                self.format_seen = True
                typed = _attribute(child, "TYPE", self.path, f"the INPUT-FORMAT of {self.where}")
                self.input_format = typed.upper()
                if self.input_format not in FORMATS:
                    raise PerlDataError(
                        f"{self.path}: {self.where}: unknown INPUT-FORMAT TYPE {typed!r} "
                        "(SEE, SPL, ISI or SIMPLE)"
                    )
            elif name == "P" and section == "PEERS":
                peer_id = _attribute(child, "ID", self.path, f"a P of {self.where}")
                self.peers.append((peer_id, _text(child)))
            elif name == "M" and section == "MODELS":
                model_id = _attribute(child, "ID", self.path, f"an M of {self.where}")
                self.models.append((model_id, _text(child)))
            else:
                self.walk(child, name if name in ("PEERS", "MODELS") else section)


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
        if _name(node.tag) != "EVAL":
            continue
        eval_id = _attribute(node, "ID", path, "an EVAL")
        if eval_id in seen:
            raise PerlDataError(f"{path}: EVAL ID {eval_id!r} occurs twice")
        seen.add(eval_id)
        walker = _EvalWalker(eval_id, path)
        walker.walk(node, "")
        # A missing root is an empty string: Perl then builds "/<file>".
        peer_root = walker.roots.get("PEER-ROOT", "")
        model_root = walker.roots.get("MODEL-ROOT", "")
        evaluations.append(
            Evaluation(
                eval_id=eval_id,
                input_format=walker.input_format,
                peers={peer_id: f"{peer_root}/{name}" for peer_id, name in walker.peers},
                models=[(model_id, f"{model_root}/{name}") for model_id, name in walker.models],
            )
        )
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
