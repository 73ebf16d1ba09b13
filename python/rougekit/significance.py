"""Paired significance tests between systems scored on the same references.

Both tests work on per-pair scores (one float per pair and system, e.g. rouge1 F) and are
seeded: ``numpy.random.Generator(numpy.random.PCG64(seed))``, so the same inputs and seed
give the same p-values on every machine. Let ``a`` and ``b`` be the per-pair scores of a
baseline and a system, ``d = b - a`` and ``delta = mean(b) - mean(a)`` the observed
difference.

**Paired bootstrap** (Koehn 2004; the null-shifted form of Berg-Kirkpatrick et al. 2012):
draw ``B`` resamples of the ``n`` pair indices with replacement; ``delta_i`` is the mean of
``d`` over resample i. The confidence interval of the difference is the percentile
interval of the ``delta_i`` (NumPy's linear percentiles). The two-sided p-value is

    p = (1 + #{i : |delta_i - delta| >= |delta|}) / (B + 1)

i.e. how often a resample centred on "no difference" lands as far from zero as the
observed difference.

**Approximate randomization** (Noreen 1989; Riezler and Maxwell 2005): in each of ``R``
trials, the two systems' scores of each pair are swapped with probability 1/2 (``d_j``
becomes ``-d_j``), and the statistic is ``|mean(s * d)|`` for the random signs ``s``. The
two-sided p-value, with the +1 correction that keeps it a valid p-value, is

    p = (1 + #{r : |mean(s_r * d)| >= |delta|}) / (R + 1)

Ties count as "at least as extreme": the comparisons allow a relative tolerance of 1e-9
of ``sum(|d|)`` for the rounding of sums taken in another order. Identical systems
(``d = 0``) therefore get p = 1 in both tests. p-values are not corrected for multiple
comparisons (several types or systems); divide the level by the number of comparisons
(Bonferroni) if that matters to your claim.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rougekit.results import CorpusResult

#: Values drawn at once per block (memory: about 9 bytes each).
_BLOCK = 1 << 21
_TOLERANCE = 1e-9


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ImportError("significance tests need NumPy: pip install 'rougekit[numpy]'") from None
    return numpy


def _pair(a: Any, b: Any) -> tuple[Any, Any]:
    np = _numpy()
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if a.ndim != 1 or a.shape != b.shape:
        raise ValueError(
            f"paired scores must be two 1-D arrays of one length, got {a.shape} and {b.shape}"
        )
    if a.size == 0:
        raise ValueError("paired scores are empty")
    return a, b


def _check_count(value: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")
    return value


@dataclass(frozen=True)
class BootstrapResult:
    """Observed difference ``mean(b) - mean(a)``, its percentile CI and two-sided p-value."""

    delta: float
    low: float
    high: float
    p_value: float


def paired_bootstrap(
    a: Any,
    b: Any,
    *,
    n_resamples: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
) -> BootstrapResult:
    """Paired bootstrap test of ``mean(b) - mean(a)`` (see the module docstring)."""
    np = _numpy()
    a, b = _pair(a, b)
    _check_count(n_resamples, "n_resamples")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    d = b - a
    n = d.size
    delta = float(b.mean() - a.mean())
    rng = np.random.Generator(np.random.PCG64(seed))
    deltas = np.empty(n_resamples)
    rows_per_block = max(1, _BLOCK // n)
    for start in range(0, n_resamples, rows_per_block):
        rows = min(rows_per_block, n_resamples - start)
        idx = rng.integers(0, n, size=(rows, n))
        deltas[start : start + rows] = d[idx].mean(axis=1)
    tol = _TOLERANCE * float(np.abs(d).sum()) / n
    extreme = int(np.count_nonzero(np.abs(deltas - delta) >= abs(delta) - tol))
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(deltas, [tail, 100 - tail])
    return BootstrapResult(delta, float(low), float(high), (1 + extreme) / (n_resamples + 1))


def approximate_randomization(a: Any, b: Any, *, n_trials: int = 10000, seed: int = 0) -> float:
    """Two-sided approximate-randomization p-value of ``mean(b) - mean(a)``."""
    np = _numpy()
    a, b = _pair(a, b)
    _check_count(n_trials, "n_trials")
    d = b - a
    n = d.size
    total = float(d.sum())
    tol = _TOLERANCE * float(np.abs(d).sum())
    rng = np.random.Generator(np.random.PCG64(seed))
    extreme = 0
    rows_per_block = max(1, _BLOCK // n)
    width = (n + 7) // 8
    for start in range(0, n_trials, rows_per_block):
        rows = min(rows_per_block, n_trials - start)
        # One random bit per pair: 1 swaps the pair. sum(s * d) = total - 2 * sum(d[swapped]).
        bits = np.unpackbits(rng.integers(0, 256, size=(rows, width), dtype=np.uint8), axis=1)
        swapped = bits[:, :n].astype(np.float64) @ d
        stats = np.abs(total - 2.0 * swapped)
        extreme += int(np.count_nonzero(stats >= abs(total) - tol))
    return (1 + extreme) / (n_trials + 1)


@dataclass(frozen=True)
class Difference:
    """One system against the baseline on one type and field."""

    rouge_type: str
    field: str
    baseline: str
    system: str
    delta: float
    low: float
    high: float
    p_bootstrap: float
    p_randomization: float
    significant: bool


@dataclass(frozen=True)
class Comparison:
    """Every system's corpus result and the tests of each against the baseline."""

    names: list[str]
    results: list[CorpusResult]
    differences: list[Difference]
    field: str
    n_resamples: int
    n_trials: int
    seed: int
    confidence: float
    level: float

    @property
    def n(self) -> int:
        return self.results[0].n

    @property
    def types(self) -> list[str]:
        return self.results[0].types

    def difference(self, rouge_type: str, system: str) -> Difference | None:
        for d in self.differences:
            if d.rouge_type == rouge_type and d.system == system:
                return d
        return None


def compare(
    names: Sequence[str],
    results: Sequence[CorpusResult],
    columns: Sequence[dict[str, Any]],
    *,
    field: str = "fmeasure",
    baseline: int = 0,
    all_pairs: bool = False,
    n_resamples: int = 1000,
    n_trials: int = 10000,
    seed: int = 0,
    confidence: float = 0.95,
    level: float = 0.05,
) -> Comparison:
    """Tests each system against ``names[baseline]`` (or every pair with ``all_pairs``).

    ``columns[k][rouge_type]`` holds system k's per-pair ``field`` scores. A difference is
    *significant* when both p-values are below ``level``.
    """
    if len(names) < 2:
        raise ValueError("compare needs at least two systems")
    if not 0 < level < 1:
        raise ValueError(f"the significance level must be between 0 and 1, got {level}")
    pairs = (
        [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]
        if all_pairs
        else [(baseline, j) for j in range(len(names)) if j != baseline]
    )
    diffs = []
    for t in results[0].types:
        for i, j in pairs:
            boot = paired_bootstrap(
                columns[i][t], columns[j][t], n_resamples=n_resamples, seed=seed,
                confidence=confidence,
            )  # fmt: skip
            p_ar = approximate_randomization(
                columns[i][t], columns[j][t], n_trials=n_trials, seed=seed
            )
            diffs.append(
                Difference(
                    rouge_type=t,
                    field=field,
                    baseline=names[i],
                    system=names[j],
                    delta=boot.delta,
                    low=boot.low,
                    high=boot.high,
                    p_bootstrap=boot.p_value,
                    p_randomization=p_ar,
                    significant=boot.p_value < level and p_ar < level,
                )
            )
    return Comparison(
        names=list(names), results=list(results), differences=diffs, field=field,
        n_resamples=n_resamples, n_trials=n_trials, seed=seed, confidence=confidence,
        level=level,
    )  # fmt: skip


def format_p(p: float) -> str:
    """A p-value with enough digits to read, never printed as 0."""
    if math.isnan(p):
        return "n/a"
    return f"{p:.4f}" if p >= 0.0001 else f"{p:.1e}"
