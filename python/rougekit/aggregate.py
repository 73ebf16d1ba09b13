"""Corpus numbers from a stream of scored chunks, equal to :meth:`RougeScorer.corpus`.

The command line scores its input chunk by chunk (memory stays flat) but must print the
numbers the Python API prints for the same input. Two things make that exact:

* Means are sums taken in index order divided by n, as the core does
  (``bootstrap::mean`` in ``rougekit-core``). ``numpy.cumsum`` adds sequentially, so carrying
  the running sum from chunk to chunk gives the same float bit for bit; ``sum()`` or
  ``numpy.sum`` would not (compensated or pairwise summation).
* The confidence interval needs every per-pair score. They are kept as compact float64
  arrays (8 bytes per pair, type and field), and :func:`bootstrap_bounds` resamples them
  exactly as the core's ``bootstrap::resample_means`` does: SplitMix64 seeded with the
  seed, Lemire's unbiased multiply-shift draws, sequential resample sums, NumPy-style
  linear percentiles computed with the core's formula. The tests check the result against
  ``BatchResult.corpus`` with ``==``. (A core function taking columns would let this
  mirror go; see the notes in the CLI's pull request.)
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rougekit.perl_profile import PerlBatchScores, PerlOptions
from rougekit.results import FIELDS, BatchResult, CorpusResult
from rougekit.signature import KEYS, Signature

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Column = npt.NDArray[np.float64]

_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
#: Resampled values held at once while bootstrapping: the draws need a few uint64
#: temporaries each, so this bounds the bootstrap's extra memory to tens of megabytes.
_BLOCK = 1 << 19


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ImportError(
            "confidence intervals, compare and plots on the command line need NumPy: "
            "pip install 'rougekit[numpy]'"
        ) from None
    return numpy


def sequential_sum(values: Any, start: float = 0.0) -> float:
    """``start + values[0] + values[1] + ...`` added left to right, as the core does."""
    try:
        np = _numpy()
    except ImportError:
        total = start
        for v in values:
            total += v
        return total
    arr = np.asarray(values, dtype=np.float64)
    if arr.size == 0:
        return start
    return float(np.cumsum(np.concatenate(([start], arr)))[-1])


class Accumulator:
    """Running sums of every type and field over the chunks of a run.

    With ``keep``, the per-pair scores are kept too (compact ``array('d')`` columns) for
    confidence intervals, significance tests and plots.
    """

    def __init__(self, types: Sequence[str], *, keep: bool) -> None:
        self.types = list(types)
        self.n = 0
        self.nrefs: tuple[int, int] = (0, 0)
        self.dropped = [0, 0]
        self._sums = {(t, f): 0.0 for t in self.types for f in FIELDS}
        self._keep = keep
        self._columns = {(t, f): array("d") for t in self.types for f in FIELDS} if keep else {}

    def add(self, batch: BatchResult, nrefs: Sequence[int], dropped: tuple[int, int]) -> None:
        """Adds a scored chunk; ``nrefs`` are the reference counts of its pairs."""
        for t in self.types:
            for f in FIELDS:
                col = getattr(batch, f)(t)
                self._sums[t, f] = sequential_sum(col, self._sums[t, f])
                if self._keep:
                    self._columns[t, f].extend(col)
        if nrefs:
            lo, hi = min(nrefs), max(nrefs)
            self.nrefs = (
                (lo, hi) if self.n == 0 else (min(lo, self.nrefs[0]), max(hi, self.nrefs[1]))
            )
        self.n += len(batch)
        self.dropped[0] += dropped[0]
        self.dropped[1] += dropped[1]

    def mean(self, rouge_type: str, field: str) -> float:
        return self._sums[rouge_type, field] / self.n if self.n else 0.0

    def column(self, rouge_type: str, field: str) -> Column:
        """The kept per-pair scores as a read-only NumPy array (no copy)."""
        if not self._keep:
            raise RuntimeError("per-pair scores were not kept (Accumulator(keep=False))")
        np = _numpy()
        col = np.frombuffer(self._columns[rouge_type, field], dtype=np.float64)
        col.flags.writeable = False
        return col  # type: ignore[no-any-return]

    def corpus(
        self,
        signature: Signature,
        *,
        confidence: float | None = None,
        n_bootstrap: int = 1000,
        seed: int = 0,
    ) -> CorpusResult:
        """The :class:`CorpusResult` that ``RougeScorer.corpus`` returns for the same input."""
        keys = [(t, f) for t in self.types for f in FIELDS]
        bounds = [(math.nan, math.nan)] * len(keys)
        if confidence is not None and self.n:
            bounds = bootstrap_bounds(
                [self.column(t, f) for t, f in keys], n_bootstrap, seed, confidence
            )
            # with_ci rebuilds the core's fields only: carry the command line's extra ones.
            extra = tuple(item for item in signature.items if item[0] not in KEYS)
            signature = Signature((*signature.with_ci(confidence, n_bootstrap, seed).items, *extra))
        summary: dict[str, dict[str, tuple[float, float, float]]] = {t: {} for t in self.types}
        for (t, f), (lo, hi) in zip(keys, bounds):
            summary[t][f] = (self.mean(t, f), lo, hi)
        return CorpusResult(summary=summary, n=self.n, confidence=confidence, signature=signature)

    def perl_corpus(
        self,
        signature: Signature,
        options: PerlOptions,
        *,
        confidence: float | None = None,
        n_bootstrap: int = 1000,
    ) -> CorpusResult:
        """ROUGE-1.5.5's corpus numbers (its bootstrap of the per-pair scores), as
        ``RougeScorer.corpus`` computes them for the perl-1.5.5 profile: the kept columns
        are handed to the same code path."""
        columns = {
            t: tuple(self._columns[t, f].tolist() for f in ("recall", "precision", "fmeasure"))
            for t in self.types
        }
        scores = PerlBatchScores(
            self.types, self.n, columns, {}, [], (self.dropped[0], self.dropped[1]),  # type: ignore[arg-type]
            self.nrefs, options,
        )  # fmt: skip
        return BatchResult(scores, signature).corpus(confidence=confidence, n_bootstrap=n_bootstrap)


def _splitmix(counters: Any, seed: int) -> Any:
    """Outputs number ``counters`` (1-based) of SplitMix64 seeded with ``seed``.

    SplitMix64's state after k steps is ``seed + k * golden`` (mod 2**64), so any output can
    be computed directly; NumPy's uint64 arithmetic wraps like Rust's ``wrapping_*``.
    """
    np = _numpy()
    u = np.uint64
    with np.errstate(over="ignore"):
        z = u(seed) + counters * u(_GOLDEN)
        z = (z ^ (z >> u(30))) * u(_MIX1)
        z = (z ^ (z >> u(27))) * u(_MIX2)
        return z ^ (z >> u(31))


class _Draws:
    """Uniform integers below ``n`` in the core's order (``SplitMix64::below``)."""

    def __init__(self, seed: int, n: int) -> None:
        if not 0 < n < 2**32:
            raise ValueError(f"bootstrap over {n} pairs is not supported (at most 2**32 - 1)")
        self.seed, self.n, self.counter = seed, n, 1
        # Lemire: reject a draw whose low 64 product bits fall below 2**64 mod n.
        self.threshold = (2**64) % n

    def take(self, count: int) -> Any:
        np = _numpy()
        u = np.uint64
        out = np.empty(0, dtype=np.uint64)
        while out.size < count:
            need = count - out.size
            # Rejections have probability below n / 2**64: a small margin is plenty.
            ks = np.arange(self.counter, self.counter + need + 16, dtype=np.uint64)
            x = _splitmix(ks, self.seed)
            nn = u(self.n)
            with np.errstate(over="ignore"):
                a = (x >> u(32)) * nn  # high half of x times n: below 2**64 as n < 2**32
                b = (x & u(0xFFFFFFFF)) * nn
                low = (a << u(32)) + b
                high = (a + (b >> u(32))) >> u(32)
            ok = np.flatnonzero(low >= u(self.threshold))[:need]
            out = np.concatenate((out, high[ok]))
            self.counter += int(ok[-1]) + 1 if ok.size == need else len(ks)
        return out.astype(np.intp)


def bootstrap_bounds(
    columns: Sequence[Column], n_samples: int, seed: int, confidence: float
) -> list[tuple[float, float]]:
    """Percentile-bootstrap bounds of the mean of each column, as the core computes them.

    All columns share the resampled rows (paired), as in the core.
    """
    np = _numpy()
    n = len(columns[0])
    draws = _Draws(seed, n)
    means = [np.empty(n_samples) for _ in columns]
    per_block = max(1, _BLOCK // n)
    for start in range(0, n_samples, per_block):
        rows = min(per_block, n_samples - start)
        idx = draws.take(rows * n).reshape(rows, n)
        for col, out in zip(columns, means):
            out[start : start + rows] = np.cumsum(col[idx], axis=1)[:, -1] / n
    tail = (1.0 - confidence) / 2.0 * 100.0
    bounds = []
    for m in means:
        m.sort()
        bounds.append((_percentile(m, tail), _percentile(m, 100.0 - tail)))
    return bounds


def _percentile(sorted_values: Any, q: float) -> float:
    """Linear interpolation between order statistics, with the core's exact formula."""
    n = len(sorted_values)
    if n == 1:
        return float(sorted_values[0])
    pos = q / 100.0 * (n - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, n - 1)
    a, b = float(sorted_values[lo]), float(sorted_values[hi])
    return a + (b - a) * (pos - lo)
