"""Argument checks shared by the API, the profiles and both command lines: integers, bools,
thread counts, the F-measure weight and length limits.

Kept apart from :mod:`rougekit.config` so that ``rougekit perl`` starts without importing
the scorer's configuration (start-up time counts in a command that runs in under a second).
"""

from __future__ import annotations

import math
import numbers
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


def as_seed(value: object) -> int:
    """A seed of the core's generator (SplitMix64, seeded with an unsigned 64-bit int)."""
    seed = as_int(value, "seed")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer from 0 to 2**64 - 1, got {seed}")
    return seed


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


def as_bool(value: object, name: str) -> bool:
    """``value`` as a bool (NumPy booleans too)."""
    if isinstance(value, bool):
        return value
    if numpy_bool(value):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {type(value).__name__}")


def as_real(value: object, name: str) -> float:
    """``value`` as a float (any real number but a bool)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    return float(value)


def as_alpha(alpha: object, beta: object) -> float:
    """The F-measure weight: ``alpha`` (ROUGE-1.5.5's ``-p``: F = 1 / (alpha/P + (1-alpha)/R)),
    or from the paper's ``beta`` (beta² = (1 - alpha) / alpha, so alpha = 1 / (1 + beta²))."""
    if alpha is not None and beta is not None:
        raise ValueError("give alpha or beta, not both")
    if beta is not None:
        b = as_real(beta, "beta")
        if not (b >= 0 and math.isfinite(b)):
            raise ValueError(f"beta must be a finite number >= 0, got {b}")
        return 1.0 / (1.0 + b * b)
    if alpha is None:
        return 0.5
    a = as_real(alpha, "alpha")
    if not 0 <= a <= 1:
        raise ValueError(f"alpha must be between 0 and 1, got {a}")
    return a


#: Largest length limit (words or bytes): any real text is shorter, and the core counts in
#: 64 bits.
MAX_LIMIT = 2**63 - 1


def as_limit(value: object, name: str) -> int:
    """A length limit (``None``: none, 0)."""
    if value is None:
        return 0
    n = as_int(value, name)
    if not 1 <= n <= MAX_LIMIT:
        raise ValueError(f"{name} must be an integer from 1 to 2**63 - 1 or None, got {n}")
    return n
