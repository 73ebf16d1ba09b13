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


def batch_texts(predictions: Any, references: Any) -> tuple[list[str], list[list[str]]]:
    """A batch's texts checked as ``score_batch`` checks them in the core (``batch_texts`` of
    ``convert.rs``: the same rules, messages and indexes): ``predictions`` an ordered
    collection of str (a generator is read once), ``references[i]`` a str or a non-empty
    ordered collection of str. Returns the predictions and each pair's references as lists.
    """
    preds = _batch_items(predictions, "predictions")
    refs_in = _batch_items(references, "references")
    if len(preds) != len(refs_in):
        raise ValueError(
            f"predictions and references must have the same length, got {len(preds)} "
            f"predictions and {len(refs_in)} references"
        )
    for i, p in enumerate(preds):
        text(p, f"predictions[{i}]")
    refs: list[list[str]] = []
    for i, r in enumerate(refs_in):
        if isinstance(r, str):
            refs.append([text(r, f"references[{i}]")])
            continue
        if isinstance(r, (bytes, *_UNORDERED)) or not _iterable(r):
            raise TypeError(f"references[{i}] must be str or a list of str, got {type(r).__name__}")
        items = list(r)
        if not items:
            raise ValueError(
                f"references[{i}] is an empty list: every prediction needs at least one reference"
            )
        refs.append([text(item, f"references[{i}][{k}]") for k, item in enumerate(items)])
    return preds, refs


def _batch_items(value: Any, name: str) -> list[Any]:
    """The items of one of a batch's collections (``sequence`` of ``convert.rs``)."""
    if isinstance(value, str):
        raise TypeError(
            f"{name} must be a list of str, got a single str (wrap it in a list, or use score())"
        )
    if isinstance(value, (bytes, *_UNORDERED)):
        raise TypeError(
            f"{name} must be an ordered sequence of str (list, tuple, array), got "
            f"{type(value).__name__}"
        )
    if not _iterable(value):
        raise TypeError(f"{name} must be a list of str, got {type(value).__name__}")
    return list(value)


def _iterable(value: Any) -> bool:
    try:
        iter(value)
    except TypeError:
        return False
    return True
