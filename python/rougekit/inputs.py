"""Checks of user-supplied texts in Python, with messages that name the argument and index
(the batch path does the same checks in Rust, see ``crates/rougekit-py/src/convert.rs``)."""

from __future__ import annotations

from typing import Any

_UNORDERED = (set, frozenset, dict)


def text(value: Any, name: str) -> str:
    """``value`` if it is valid Unicode text, else a ``TypeError``/``ValueError`` naming it."""
    if not isinstance(value, str):
        hint = " (decode bytes to str first)" if isinstance(value, bytes) else ""
        raise TypeError(f"{name} must be str, got {type(value).__name__}{hint}")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(
                f"{name} is not valid Unicode text (it contains a lone surrogate)"
            ) from None
    return value


def ordered(value: Any, name: str) -> list[Any]:
    """The items of an ordered collection (list, tuple, array, Series, generator)."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a list of str, got a single {type(value).__name__}")
    if isinstance(value, _UNORDERED) or not hasattr(value, "__iter__"):
        raise TypeError(
            f"{name} must be an ordered sequence (list, tuple, array), got {type(value).__name__}"
        )
    return list(value)


def references(value: Any, name: str) -> list[str]:
    """One pair's references: a str, or a non-empty ordered collection of str."""
    if isinstance(value, str):
        return [text(value, name)]
    if isinstance(value, (bytes, *_UNORDERED)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be str or a list of str, got {type(value).__name__}")
    refs = [text(item, f"{name}[{k}]") for k, item in enumerate(value)]
    if not refs:
        raise ValueError(f"{name} is an empty list: give at least one reference")
    return refs
