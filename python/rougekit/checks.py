"""Argument checks shared by the API and both command lines: integers and thread counts.

Kept apart from :mod:`rougekit.config` so that ``rougekit perl`` starts without importing
the scorer's configuration (start-up time counts in a command that runs in under a second).
"""

from __future__ import annotations

import operator
import os

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
    if isinstance(value, bool) or numpy_bool(value):
        raise TypeError(f"{name} must be an int, got a bool")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an int, got {type(value).__name__}") from None


def numpy_bool(value: object) -> bool:
    """True for NumPy's boolean scalar (``numpy.bool_``, named ``bool`` in NumPy 2)."""
    kind = type(value)
    return kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool")
