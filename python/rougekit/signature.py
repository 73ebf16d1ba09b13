"""The signature string that names every setting behind a reported number (``docs/design.md`` §8).

``rougekit:0.1.0|profile:rouge-score|types:rouge1,rougeL|stem:nltk-porter|sw:no|trunc:no|
nrefs:1|mref:best-f|alpha:0.5|agg:mean|ci:95|bs:1000|seed:0``
"""

from __future__ import annotations

import urllib.parse
from dataclasses import dataclass

#: The signature's keys, in their printed order.
KEYS = (
    "rougekit", "profile", "types", "stem", "sw", "trunc", "nrefs", "mref", "alpha",
    "agg", "ci", "bs", "seed",
)  # fmt: skip


#: Keys printed only when a setting differs from its default (older signatures lack them).
#: ``split``: how input texts were cut into sentences for rougeLsum beyond their newlines
#: (``punkt-<language>@nltk-3.10.4``: NLTK's Punkt, ``split_sentences="punkt"``; ``rules-v1``;
#: token-ids: ``sep-id=<id>``, the id that ends a sentence).
#: ``acc``: how a corpus scored in pieces was accumulated, when not as one process does
#: (``streaming``: sums only, its CI a Poisson bootstrap keyed by pair id; see
#: :class:`rougekit.CorpusAccumulator`). The exact mode's numbers are the one-process
#: numbers, so its signature is theirs.
#: ``count``: the pltrdy-1.0.1 and rouge-chinese-1.0.3 profiles: ``distinct`` (their
#: ``exclusive=True``: numbers of distinct n-grams and words) or ``clipped``.
#: ``seg``: the word segmenter applied to every text first (``segmenter=``), with the version
#: whose words it gives (``jieba-0.42.1``).
#: ``lang``: the xlsum-v1 profile's language (XL-Sum's ``lang``; ``none`` for its default).
#: ``uni``: the Unicode version of a profile's character data when it is pinned to another
#: program's (xlsum-v1: Python 3.11's ``unicodedata``, ``14.0.0``).
OPTIONAL_KEYS = ("split", "acc", "count", "seg", "lang", "uni")


@dataclass(frozen=True)
class Signature:
    """Parsed signature: immutable and hashable; ``fields`` gives a dict copy."""

    items: tuple[tuple[str, str], ...]

    @classmethod
    def from_fields(cls, fields: dict[str, str]) -> Signature:
        optional = tuple((k, fields[k]) for k in OPTIONAL_KEYS if k in fields)
        return cls(tuple((k, fields[k]) for k in KEYS) + optional)

    @property
    def fields(self) -> dict[str, str]:
        return dict(self.items)

    def __str__(self) -> str:
        return "|".join(f"{k}:{v}" for k, v in self.items)

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self.fields["types"].split(","))

    @property
    def stemmer(self) -> bool:
        return self.fields["stem"] != "no"

    def with_ci(
        self, confidence: float, n_bootstrap: int, seed: int | str, *, agg: str | None = None
    ) -> Signature:
        """This signature for a result with a bootstrap confidence interval (``seed`` may
        name a profile's own seeding scheme, e.g. ``perl``: resample b seeded with b) and,
        when given, the profile's aggregation ``agg``."""
        fields = self.fields
        fields.update(ci=percent(confidence), bs=str(n_bootstrap), seed=str(seed))
        if agg is not None:
            fields["agg"] = agg
        return Signature.from_fields(fields)


def percent(fraction: float) -> str:
    """``fraction`` x 100 as the signature writes it: ``95``, ``99.9``, and enough digits to
    read the same float back (``66.66666666666667``)."""
    value = fraction * 100
    short = f"{value:.12g}"
    return short if float(short) == value else repr(value)


def nrefs_field(lo: int, hi: int) -> str:
    """``1`` or ``1-4`` (fewest-most references over the pairs), ``?`` for no pair."""
    if hi == 0:
        return "?"
    return str(lo) if lo == hi else f"{lo}-{hi}"


def split_field(*, unescape: bool, separator: str | None, rules: str | None) -> str | None:
    """The ``split`` field for the sentence steps applied to every text, in their order:
    ``unescape`` (a literal backslash-n is a break), ``sep=<separator, %-encoded>``, then the
    splitter's name (``punkt-english@nltk-3.10.4``, ``rules-v1``); ``None`` when texts are
    split at newlines only.
    """
    steps = []
    if unescape:
        steps.append("unescape")
    if separator:
        steps.append("sep=" + urllib.parse.quote(separator, safe=""))
    if rules:
        steps.append(rules)
    return ",".join(steps) or None


def parse_split(value: str) -> tuple[bool, str | None, str | None]:
    """``(unescape, separator, rules)`` of a ``split`` field (see :func:`split_field`)."""
    unescape, separator, rules = False, None, None
    for step in value.split(","):
        if step == "unescape":
            unescape = True
        elif step.startswith("sep="):
            separator = urllib.parse.unquote(step[4:])
        elif step:
            rules = step
    return unescape, separator, rules


def parse(text: str | Signature) -> Signature:
    """Parses a signature string (a :class:`Signature` is returned as it is); ``ValueError``
    naming what is missing or malformed."""
    if isinstance(text, Signature):
        return text
    if not isinstance(text, str):
        raise TypeError(f"a signature is a str, got {type(text).__name__}")
    fields: dict[str, str] = {}
    for part in text.strip().split("|"):
        key, sep, value = part.partition(":")
        if not sep or not key:
            raise ValueError(f"malformed signature field {part!r} (expected key:value)")
        if key in fields:
            raise ValueError(f"signature field {key!r} appears twice")
        fields[key] = value
    missing = [k for k in KEYS if k not in fields]
    if missing:
        raise ValueError(f"signature lacks field(s): {', '.join(missing)}")
    unknown = [k for k in fields if k not in KEYS and k not in OPTIONAL_KEYS]
    if unknown:
        raise ValueError(f"unknown signature field(s): {', '.join(map(repr, unknown))}")
    for key, kind, optional in (("alpha", float, False), ("ci", float, True), ("bs", int, True)):
        value = fields[key]
        if optional and value == "no":
            continue
        try:
            kind(value)
        except ValueError:
            what = "a number" if kind is float else "an integer"
            raise ValueError(
                f"signature field {key}:{value!r} is not {what}" + (" or 'no'" if optional else "")
            ) from None
    return Signature.from_fields(fields)
