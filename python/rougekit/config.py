"""Validated scorer settings: one frozen, hashable, picklable object per configuration."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

from rougekit import _core

#: Profiles whose behaviour is implemented in this version.
PROFILES = ("rouge-score",)
#: Profiles named in the design that later versions add.
PLANNED_PROFILES = ("perl-1.5.5", "unicode-v1", "char-v1", "whitespace")
DEFAULT_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
THREADS_ENV = "ROUGEKIT_NUM_THREADS"


def resolve_threads(threads: int | None) -> int:
    """``threads``, else ``$ROUGEKIT_NUM_THREADS``, else every core."""
    if threads is None:
        env = os.environ.get(THREADS_ENV, "").strip()
        if env:
            try:
                threads = int(env)
            except ValueError:
                raise ValueError(f"{THREADS_ENV} must be a positive integer, got {env!r}") from None
            if threads < 1:
                raise ValueError(f"{THREADS_ENV} must be a positive integer, got {env!r}")
            return threads
        return os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int or None, got {type(threads).__name__}")
    if threads < 1:
        raise ValueError(f"threads must be a positive integer, got {threads}")
    return threads


def normalize_types(types: str | Iterable[str]) -> tuple[str, ...]:
    """Canonical, de-duplicated type names; a single string is one type."""
    if isinstance(types, str):
        types = (types,)
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
    return tuple(dict.fromkeys(_core.normalize_types(names)))


def check_profile(profile: str) -> str:
    """``profile`` if implemented, else a ``ValueError`` that says what is available."""
    if not isinstance(profile, str):
        raise TypeError(f"profile must be str, got {type(profile).__name__}")
    if profile in PROFILES:
        return profile
    if profile in PLANNED_PROFILES:
        raise ValueError(
            f"profile {profile!r} is not available in rougekit {_core.__version__} yet; "
            f"available: {', '.join(PROFILES)}"
        )
    raise ValueError(f"unknown profile {profile!r}; available: {', '.join(PROFILES)}")


@dataclass(frozen=True)
class ScorerConfig:
    """Everything that decides a number, plus the thread count (which never does)."""

    types: tuple[str, ...]
    profile: str = "rouge-score"
    stemmer: bool = False
    threads: int = 1

    @classmethod
    def create(
        cls,
        types: str | Iterable[str],
        *,
        profile: str = "rouge-score",
        stemmer: bool = False,
        threads: int | None = None,
    ) -> ScorerConfig:
        if not isinstance(stemmer, bool):
            raise TypeError(f"stemmer must be a bool, got {type(stemmer).__name__}")
        return cls(
            types=normalize_types(types),
            profile=check_profile(profile),
            stemmer=stemmer,
            threads=resolve_threads(threads),
        )
