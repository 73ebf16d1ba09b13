"""Every registered profile, for the tests that run each one: the options a profile cannot
be made without, its inputs for a text pair (token ids for a profile that scores ids), and
variants with options (e.g. its stemmer). A profile added to ``rougekit.profiles.REGISTRY``
joins every test built on these by itself: no test lists profiles by hand."""

from __future__ import annotations

import zlib
from typing import Any

import rougekit.profiles as profiles


def required(name: str) -> dict[str, Any]:
    """The options profile ``name`` cannot be made without (``xlsum-v1``'s language)."""
    return {"language": "none"} if profiles.takes_language(name) else {}


def stemmed(name: str) -> dict[str, Any]:
    """The profile's stemmer where it has one (``stemmer=True``, or English Snowball for a
    profile that names its language), else nothing."""
    cls = profiles.get(name)
    for value in (True, "snowball:english"):
        if cls.accepts("stemmer", value):
            return {"stemmer": value}
    return {}


def rouge_score_family(name: str) -> bool:
    """Whether the profile explains text with rouge-score's arithmetic and rules (what
    :mod:`rougekit.explain.check` recomputes itself), all of them but the published
    scorers' own."""
    cls = profiles.get(name)
    return cls.INPUT == "text" and cls.explanation_check() is None


def registered(*, variants: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """``(name, options)`` for every registered profile (``variants``: also with its
    stemmer, where it has one)."""
    out = []
    for name in profiles.names():
        out.append((name, required(name)))
        if variants and stemmed(name):
            out.append((name, {**required(name), **stemmed(name)}))
    return out


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    name, options = case
    extra = ",".join(f"{k}={v}" for k, v in options.items() if k != "language")
    return f"{name}[{extra}]" if extra else name


def one_reference(name: str) -> bool:
    """Whether the profile scores one reference per prediction (signature ``mref:single``)."""
    made = profiles.create(name, **required(name))
    return made.signature_fields()["mref"] == "single"


def takes_ids(name: str) -> bool:
    return profiles.get(name).INPUT != "text"


def word_ids(text: str) -> list[int]:
    """A text's words as token ids (stable across runs)."""
    return [zlib.crc32(w.encode()) % 5000 for w in text.split()]


def inputs(name: str, prediction: Any, references: Any) -> tuple[Any, Any]:
    """A text pair as profile ``name`` takes it (a reference or a list of them)."""
    if not takes_ids(name):
        return prediction, references
    refs = [word_ids(r) for r in references] if isinstance(references, list) else None
    return word_ids(prediction), word_ids(references) if refs is None else refs


def batch_inputs(
    name: str, predictions: list[str], references: list[list[str]]
) -> tuple[list[Any], list[list[Any]]]:
    """A batch of text pairs as profile ``name`` takes it: token ids for a profile of ids,
    the first reference only for a profile of one reference per prediction."""
    if one_reference(name):
        references = [rs[:1] for rs in references]
    if not takes_ids(name):
        return predictions, references
    return [word_ids(p) for p in predictions], [[word_ids(r) for r in rs] for rs in references]
