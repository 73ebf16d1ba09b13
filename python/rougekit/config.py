"""Validated scorer settings: one frozen, hashable, picklable object per configuration: the
types, the profile (with its options), the sentence splitter applied to every text first,
and the thread count (which never changes a number).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import rougekit._core as _core
import rougekit.profiles as profiles
from rougekit.checks import resolve_threads
from rougekit.profiles import Profile, ProfileLike
from rougekit.sentences import SentenceSplit
from rougekit.signature import Signature, split_field

#: Every profile's name.
PROFILES = profiles.names()
#: rouge-score's usual four types (the default of the rouge-score family).
DEFAULT_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


def type_names(types: str | Iterable[str]) -> list[str]:
    """The names in ``types``: a list, or one string holding one type or several separated
    by commas (``"rouge1,rougeL"``, as ``-t`` takes them)."""
    if isinstance(types, str):
        types = [t.strip() for t in types.split(",") if t.strip()]
    try:
        names = list(types)
    except TypeError:
        raise TypeError(
            f"types must be a list of ROUGE type names, got {type(types).__name__}"
        ) from None
    for i, t in enumerate(names):
        if not isinstance(t, str):
            raise TypeError(f"types[{i}] must be str, got {type(t).__name__}")
    if not names:
        raise ValueError("types is empty: name at least one ROUGE type, e.g. 'rouge1'")
    return names


def normalize_types(types: str | Iterable[str], profile: Profile | None = None) -> tuple[str, ...]:
    """Canonical, de-duplicated type names under ``profile`` (default: rouge-score's)."""
    names = type_names(types)
    if profile is None:
        profile = profiles.create(profiles.DEFAULT)
    try:
        return profile.normalize_types(names)
    except ValueError as e:
        # The core's message may already say what to use instead (ROUGE-L's does).
        hint = "" if "did you mean" in str(e) or " use " in str(e) else _spelling_hint(names)
        raise ValueError(str(e) + hint) from None


def _spelling_hint(names: list[str]) -> str:
    """A suggestion for the `rouge` package's spellings (``rouge-1``, ``rouge-l``), which
    the core does not take lower-case."""
    for name in names:
        if "-" in name and name.lower().startswith("rouge-"):
            guess = "rouge" + name[6:].upper().replace("LSUM", "Lsum")
            try:
                _core.normalize_types([guess])
            except ValueError:
                continue
            return f" (for {name!r}, did you mean {guess!r}?)"
    return ""


@dataclass(frozen=True)
class ScorerConfig:
    """Everything that decides a number (types, profile and its options), plus the thread
    count (which never does)."""

    types: tuple[str, ...]
    profile: Profile
    threads: int = 1
    #: ``split_sentences=``: the splitter every text goes through first (``None``: none).
    split: SentenceSplit | None = None

    @classmethod
    def create(
        cls,
        types: str | Iterable[str] | None,
        *,
        profile: ProfileLike = profiles.DEFAULT,
        threads: int | None = None,
        split: SentenceSplit | None = None,
        **options: Any,
    ) -> ScorerConfig:
        """A checked configuration: ``options`` are the profile's (see
        :data:`rougekit.profiles.OPTIONS`; ``None`` means not given); ``split`` the sentence
        splitter (text profiles only)."""
        made = profiles.create(profile, **options)
        if types is None:
            types = made.default_types()
        if split is not None and made.INPUT != "text":
            raise ValueError(
                f"split_sentences={split.option!r} splits texts: the {made.name} profile "
                "scores token ids (give the id that ends a sentence as separator=)"
            )
        return cls(
            types=normalize_types(types, made),
            profile=made,
            threads=resolve_threads(threads),
            split=split,
        )

    def signature(self, *, nrefs: str) -> Signature:
        """The signature of results of this configuration without a confidence interval
        (``nrefs``: the references per pair, ``rougekit.signature.nrefs_field``)."""
        fields = {
            "rougekit": _core.__version__,
            "profile": self.profile.name,
            "types": ",".join(self.types),
            "nrefs": nrefs,
            "ci": "no",
            "bs": "no",
            "seed": "no",
            **self.profile.signature_fields(),
        }
        if self.split is not None:
            fields["split"] = str(
                split_field(unescape=False, separator=None, rules=self.split.name)
            )
        return Signature.from_fields(fields)
