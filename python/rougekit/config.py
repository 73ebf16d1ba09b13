"""Validated scorer settings: one frozen, hashable, picklable object per configuration."""

from __future__ import annotations

import operator
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
#: Most worker threads a scorer may use (the core's limit too).
MAX_THREADS = 1024


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity where the OS reports it)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def resolve_threads(threads: int | None) -> int:
    """``threads``, else ``$ROUGEKIT_NUM_THREADS``, else every core this process may use."""
    if threads is None:
        env = os.environ.get(THREADS_ENV, "").strip()
        if env:
            try:
                threads = int(env)
            except ValueError:
                raise ValueError(f"{THREADS_ENV} must be a positive integer, got {env!r}") from None
            if not 1 <= threads <= MAX_THREADS:
                raise ValueError(
                    f"{THREADS_ENV} must be an integer from 1 to {MAX_THREADS}, got {env!r}"
                )
            return threads
        return min(available_cores(), MAX_THREADS)
    threads = as_int(threads, "threads")
    if not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be an integer from 1 to {MAX_THREADS}, got {threads}")
    return threads


def as_int(value: object, name: str) -> int:
    """``value`` as a Python int (NumPy integers too), never a bool or a float."""
    if isinstance(value, bool) or _numpy_bool(value):
        raise TypeError(f"{name} must be an int, got a bool")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an int, got {type(value).__name__}") from None


def _numpy_bool(value: object) -> bool:
    """True for NumPy's boolean scalar (``numpy.bool_``, named ``bool`` in NumPy 2)."""
    kind = type(value)
    return kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool")


def as_bool(value: object, name: str) -> bool:
    """``value`` as a bool (NumPy booleans too)."""
    if isinstance(value, bool):
        return value
    if _numpy_bool(value):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {type(value).__name__}")


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
        return cls(
            types=normalize_types(types),
            profile=check_profile(profile),
            stemmer=as_bool(stemmer, "stemmer"),
            threads=resolve_threads(threads),
        )
