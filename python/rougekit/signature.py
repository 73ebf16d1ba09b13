"""The signature string that names every setting behind a reported number (design §8).

``rougekit:0.1.0|profile:rouge-score|types:rouge1,rougeL|stem:nltk-porter|sw:no|trunc:no|
nrefs:1|mref:best-f|alpha:0.5|agg:mean|ci:95|bs:1000|seed:0``
"""

from __future__ import annotations

from dataclasses import dataclass

from rougekit import _core

FIELDS = (
    "rougekit", "profile", "types", "stem", "sw", "trunc", "nrefs", "mref", "alpha",
    "agg", "ci", "bs", "seed",
)  # fmt: skip


@dataclass(frozen=True)
class Signature:
    """Parsed signature fields (strings, as printed)."""

    fields: dict[str, str]

    def __str__(self) -> str:
        return "|".join(f"{k}:{self.fields[k]}" for k in FIELDS)

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self.fields["types"].split(","))

    @property
    def stemmer(self) -> bool:
        return self.fields["stem"] != "no"


def nrefs_field(lo: int, hi: int) -> str:
    """``1`` or ``1-4`` (fewest-most references over the pairs), ``?`` for no pair."""
    if hi == 0:
        return "?"
    return str(lo) if lo == hi else f"{lo}-{hi}"


def make(
    *,
    profile: str,
    types: tuple[str, ...],
    stemmer: bool,
    nrefs: str,
    confidence: float | None = None,
    n_bootstrap: int = 0,
    seed: int | None = None,
) -> Signature:
    """Builds the signature of a rouge-score-profile result."""
    with_ci = confidence is not None and n_bootstrap > 0
    return Signature(
        {
            "rougekit": _core.__version__,
            "profile": profile,
            "types": ",".join(types),
            "stem": "nltk-porter" if stemmer else "no",
            "sw": "no",
            "trunc": "no",
            "nrefs": nrefs,
            "mref": "best-f",
            "alpha": "0.5",
            "agg": "mean",
            "ci": f"{confidence * 100:g}" if with_ci and confidence is not None else "no",
            "bs": str(n_bootstrap) if with_ci else "no",
            "seed": str(seed) if with_ci else "no",
        }
    )


def parse(text: str) -> Signature:
    """Parses a signature string; ``ValueError`` naming what is missing or malformed."""
    fields: dict[str, str] = {}
    for part in text.strip().split("|"):
        key, sep, value = part.partition(":")
        if not sep or not key:
            raise ValueError(f"malformed signature field {part!r} (expected key:value)")
        if key in fields:
            raise ValueError(f"signature field {key!r} appears twice")
        fields[key] = value
    missing = [k for k in FIELDS if k not in fields]
    if missing:
        raise ValueError(f"signature lacks field(s): {', '.join(missing)}")
    unknown = [k for k in fields if k not in FIELDS]
    if unknown:
        raise ValueError(f"unknown signature field(s): {', '.join(unknown)}")
    return Signature(fields)
