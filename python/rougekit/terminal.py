"""Text bound for a terminal: what comes from the input is shown, never obeyed."""

from __future__ import annotations


def printable(text: str) -> str:
    """``text`` with each character that is not printable (a newline, an escape sequence,
    a bidirectional control, a lone surrogate) written as its Python escape: a name or
    message taken from the input stays on one line and cannot drive the terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
