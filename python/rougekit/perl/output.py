"""ROUGE-1.5.5's text output (spec ``rouge-1.5.5.md`` §11): block lines, number formats,
line order, encoding."""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Sequence

BLOCK_RULE = "-" * 45
DETAIL_RULE = "." * 45
_LEADING_DIGITS = re.compile(r"[0-9]+")


def perl_default_number(value: float) -> str:
    """Perl's default stringification of a number (``%.15g``): ``6``, ``56.3430448826383``."""
    return f"{value:.15g}"


def five_decimals(value: float) -> str:
    """``%7.5f``, ROUGE-1.5.5's format for scores and interval bounds."""
    return f"{value:7.5f}"


def detail_order(eval_ids: Sequence[str]) -> list[int]:
    """Indices of ``eval_ids`` in the ``-d`` printing order of ROUGE-1.5.5 (§11).

    Two IDs that both start with a digit compare by the number their leading digit run
    spells; otherwise they compare as strings. ROUGE-1.5.5 leaves IDs with the same leading
    number (``2``, ``02``, ``2a``) in an order that changes from run to run (Perl's hash
    order); here they fall back to string order, so the output is deterministic.
    """

    def compare(i: int, j: int) -> int:
        a, b = eval_ids[i], eval_ids[j]
        ma, mb = _LEADING_DIGITS.match(a), _LEADING_DIGITS.match(b)
        if ma is not None and mb is not None:
            na, nb = int(ma.group()), int(mb.group())
            if na != nb:
                return -1 if na < nb else 1
        return (a > b) - (a < b)

    return sorted(range(len(eval_ids)), key=functools.cmp_to_key(compare))


def encode_line(line: str, *, from_xml: bool) -> bytes:
    """The bytes ROUGE-1.5.5 prints for ``line`` (with the newline added).

    IDs read from an XML configuration are Perl character strings: Perl prints a line whose
    characters all fit in one byte as Latin-1 and any other line as UTF-8 (observed:
    ``ü`` prints as the byte 0xFC unless the same line holds a character above U+00FF). IDs
    from a ``-z`` list and the command line are bytes and come out unchanged.
    """
    if from_xml:
        try:
            return line.encode("latin-1") + b"\n"
        except UnicodeEncodeError:
            return line.encode("utf-8") + b"\n"
    return os.fsencode(line) + b"\n"
