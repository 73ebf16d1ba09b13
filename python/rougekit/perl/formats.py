"""Summary file readers: SPL, SEE, ISI and SIMPLE (spec §5, §12).

Files are read as bytes and split on ``\\n`` only (a ``\\r`` stays in the sentence). The
readers return the *raw* sentences: no lowercasing, no normalisation (the core does §5's
lowercasing and everything after it). The SEE and ISI patterns are matched on the raw line,
so they are case-sensitive, as observed with ROUGE-1.5.5.pl.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rougekit.perl.errors import PerlDataError

# SEE (DUC's HTML): a line that starts with the sentence anchor, whitespace, and the link
# tag with an unquoted id; the sentence is the text after it up to the next "<".
_SEE = re.compile(
    rb'<a (?:size="[0-9]+" )?name="[0-9]+">\[[0-9]+\]</a>[ \t\n\r\f\v]+'
    rb'<a href="#[0-9]+" id=[0-9]+>([^<]*)'
)
# ISI: <S SNTNO="..."> then at least one non-"<" byte, then </S>; the sentence is that text.
_ISI = re.compile(rb'<S SNTNO="[0-9a-z,]+">([^<]+)</S>')


def _lines(data: bytes) -> list[bytes]:
    """Perl's line loop with chomp: split on \\n, no empty line after a final \\n."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def read_spl(data: bytes) -> list[bytes]:
    """SPL: every non-empty line is a sentence (whitespace-only lines too)."""
    return [line for line in _lines(data) if line]


def read_see(data: bytes) -> list[bytes]:
    """SEE: the text of every line that starts with the DUC sentence markup."""
    out = []
    for line in _lines(data):
        match = _SEE.match(line)
        if match is not None:
            out.append(match.group(1))
    return out


def read_isi(data: bytes) -> list[bytes]:
    """ISI: the text of every line that starts with ``<S SNTNO="...">text</S>``."""
    out = []
    for line in _lines(data):
        match = _ISI.match(line)
        if match is not None:
            out.append(match.group(1))
    return out


def perl_split_fields(line: bytes, sep: bytes) -> list[bytes]:
    """Perl's ``split`` on a literal separator: trailing empty fields are dropped."""
    fields = line.split(sep)
    while fields and fields[-1] == b"":
        fields.pop()
    return fields


def read_simple(data: bytes, path: str) -> list[bytes]:
    """SIMPLE (Basic Elements): every line must be ``head|modifier|relation``.

    ROUGE-1.5.5 splits each line on ``|`` (dropping trailing empty fields, so ``a|b|c|``
    is valid and ``a|b|`` is not) and dies unless there are exactly three fields; an empty
    line is invalid too. The lines are passed on as ``head|modifier|relation``.
    """
    out = []
    for number, line in enumerate(_lines(data), start=1):
        fields = perl_split_fields(line, b"|")
        if len(fields) != 3:
            shown = line.decode("utf-8", "backslashreplace")
            raise PerlDataError(
                f"{path}:{number}: not a Basic Element line (HEAD|MODIFIER|RELATION): {shown!r}"
            )
        out.append(b"|".join(fields))
    return out


READERS: dict[str, Callable[[bytes], list[bytes]]] = {
    "SPL": read_spl,
    "SEE": read_see,
    "ISI": read_isi,
}
