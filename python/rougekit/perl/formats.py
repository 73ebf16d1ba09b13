"""Summary files: SPL, SEE, ISI and SIMPLE (spec ``rouge-1.5.5.md`` §5, §12).

The readers live in the core (``rougekit-core/src/perl/files.rs``), which reads a run's files
in parallel; this module gives Python the same reader for one file's bytes and words the
errors of both.
"""

from __future__ import annotations

import rougekit._core as _core
from rougekit.errors import PerlDataError


def bad_line_message(path: str, line: int, text: bytes) -> str:
    """ROUGE-1.5.5 dies on a SIMPLE line that is not ``head|modifier|relation``."""
    shown = text.decode("utf-8", "backslashreplace")
    return f"{path}:{line}: not a Basic Element line (HEAD|MODIFIER|RELATION): {shown!r}"


def read_summary(data: bytes, input_format: str, path: str) -> list[bytes]:
    """The raw sentences of one summary file's bytes (no lowercasing or normalisation).

    Files are split on ``\\n`` only (a ``\\r`` stays in the sentence). SPL keeps every
    non-empty line; SEE and ISI the text of the lines with their (case-sensitive) markup;
    SIMPLE every line, which must be a Basic Element (else :class:`PerlDataError`).
    """
    try:
        return _core.perl_split_summary(data, input_format)
    except _core.PerlFileError as e:
        _, line, text = e.args
        raise PerlDataError(bad_line_message(path, line, text)) from None
