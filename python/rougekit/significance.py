"""Paired significance tests between systems scored on the same references.

Both tests work on per-pair scores (one float per pair and system, e.g. rouge1 F) and run
in the core on its seeded generator (SplitMix64, the corpus CI's resampler), so the same
inputs and seed give the same p-values on every machine and for every thread count. Let
``a`` and ``b`` be the per-pair scores of a baseline and a system, ``d = b - a`` and
``delta = mean(b) - mean(a)`` the observed difference.

**Paired bootstrap** (Koehn 2004; the null-shifted form of Berg-Kirkpatrick et al. 2012):
draw ``B`` resamples of the ``n`` pair indices with replacement; ``delta_i`` is the mean of
``d`` over resample i. The confidence interval of the difference is the percentile
interval of the ``delta_i`` (linear percentiles). The two-sided p-value is

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
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

import rougekit._core as _core
from rougekit.checks import as_int, as_seed, resolve_threads
from rougekit.results import CorpusResult

#: Most resamples or trials of one test (the core's limit).
MAX_SAMPLES = 10_000_000


def _floats(values: Any, name: str) -> list[float]:
    if hasattr(values, "tolist"):  # a NumPy array: one C loop
        values = values.tolist()
    try:
        floats = [float(v) for v in values]
    except TypeError:
        raise TypeError(f"{name} must be a sequence of floats") from None
    # A NaN difference compares false with everything, so it never counts as extreme and
    # the p-value comes out small: "significant" on garbage. Infinities are no better.
    if not all(map(math.isfinite, floats)):
        i = next(i for i, v in enumerate(floats) if not math.isfinite(v))
        raise ValueError(
            f"{name}[{i}] is {floats[i]}: the scores of system {name} must be finite numbers"
        )
    return floats


def _paired(a: Any, b: Any) -> tuple[list[float], list[float]]:
    """Both systems' per-pair scores, checked: finite, and small enough that the core's
    sums of up to ``n`` differences ``b_j - a_j`` (each at most twice the largest score)
    cannot overflow into the same garbage as an infinity."""
    xs, ys = _floats(a, "a"), _floats(b, "b")
    largest = max(map(abs, chain(xs, ys)), default=0.0)
    n = max(len(xs), len(ys))
    if 2 * n * largest > sys.float_info.max:
        raise ValueError(
            f"scores as large as {largest:g} overflow the sums of {n} differences: rescale them"
        )
    return xs, ys


def _check_count(value: int, name: str) -> int:
    # here, not in the core, so that a huge int is this ValueError, not an OverflowError
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")
    if value > MAX_SAMPLES:
        raise ValueError(f"{name} must be from 1 to {MAX_SAMPLES}, got {value}")
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
    threads: int | None = 1,
) -> BootstrapResult:
    """Paired bootstrap test of ``mean(b) - mean(a)`` (see the module docstring).

    ``threads`` as :class:`rougekit.RougeScorer`'s (``None``: ``$ROUGEKIT_NUM_THREADS``, else
    every core); the result is the same for every thread count."""
    _check_count(n_resamples, "n_resamples")
    seed = as_seed(seed)
    threads = resolve_threads(threads)
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    xs, ys = _paired(a, b)
    delta, low, high, p = _core.paired_bootstrap(
        xs, ys, n_resamples=n_resamples, seed=seed, confidence=confidence, threads=threads
    )
    return BootstrapResult(delta, low, high, p)


def approximate_randomization(a: Any, b: Any, *, n_trials: int = 10000, seed: int = 0) -> float:
    """Two-sided approximate-randomization p-value of ``mean(b) - mean(a)``."""
    _check_count(n_trials, "n_trials")
    seed = as_seed(seed)
    xs, ys = _paired(a, b)
    return _core.approximate_randomization(xs, ys, n_trials=n_trials, seed=seed)


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

    def _repr_html_(self) -> str:
        """Jupyter's view: each system's score [CI], the differences with their CIs and
        p-values, the tests and the signature."""
        import rougekit.tables as tables

        return tables.html_comparison_fragment(self)

    def _repr_markdown_(self) -> str:
        """The Markdown report (``rougekit compare --format markdown``)."""
        import rougekit.tables as tables

        return tables.render_comparison(self, "markdown")


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
    if not len(names) == len(results) == len(columns):
        raise ValueError(
            f"{len(names)} names, {len(results)} results and {len(columns)} columns: "
            "compare needs one of each per system"
        )
    baseline = as_int(baseline, "baseline")
    if not 0 <= baseline < len(names):  # a negative index would test a system against itself
        raise ValueError(f"baseline must be from 0 to {len(names) - 1}, got {baseline}")
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
