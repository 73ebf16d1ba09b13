"""Corpus numbers from a stream of scored chunks, equal to :meth:`RougeScorer.corpus`.

The command line scores its input chunk by chunk (memory stays flat) but must print the
numbers the Python API prints for the same input. Two things make that exact:

* Means are sums taken in index order divided by n, as the core does
  (``bootstrap::mean`` in ``rougekit-core``). ``numpy.cumsum`` adds sequentially, so carrying
  the running sum from chunk to chunk gives the same float bit for bit; ``sum()`` or
  ``numpy.sum`` would not (compensated or pairwise summation).
* The confidence interval needs every per-pair score. They are kept in the core
  (``_core.ScoreColumns``: one float64 vector per type and field, 8 bytes per value) and
  bootstrapped there by ``bootstrap::summarize``, the function behind
  ``BatchResult.corpus``, with the GIL released and the columns read in place.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rougekit import _core
from rougekit.perl_profile import PerlBatchScores, PerlOptions
from rougekit.results import FIELDS, BatchResult, CorpusResult
from rougekit.signature import Signature

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Column = npt.NDArray[np.float64]


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

    With ``keep``, the per-pair scores are kept too (in the core, 8 bytes per pair, type and
    field) for confidence intervals, significance tests and plots.
    """

    def __init__(self, types: Sequence[str], *, keep: bool) -> None:
        self.types = list(types)
        self.n = 0
        self.nrefs: tuple[int, int] = (0, 0)
        self.dropped = [0, 0]
        #: Whether some text of the run held a newline (a sentence break for rougeLsum).
        self.has_newline = False
        #: Pairs with a score the profile leaves undefined (0 instead; perl-1.5.5 only).
        self.failed_pairs = 0
        #: (pair id, reference index, type, message) of the first such score.
        self.first_failure: tuple[str, int, str, str] | None = None
        self._sums = {(t, f): 0.0 for t in self.types for f in FIELDS}
        #: Column k of the store is ``_keys[k]``.
        self._keys = [(t, f) for t in self.types for f in FIELDS]
        self._store = _core.ScoreColumns(len(self._keys)) if keep else None

    def add(
        self,
        batch: BatchResult,
        nrefs: Sequence[int],
        dropped: tuple[int, int],
        ids: Sequence[str] | None = None,
    ) -> None:
        """Adds a scored chunk; ``nrefs`` are the reference counts of its pairs, ``ids``
        their ids (default: their position in the run)."""
        failures = batch.failures
        if failures:
            self.failed_pairs += len({i for i, _, _, _ in failures})
            if self.first_failure is None:
                i, j, rouge_type, message = failures[0]
                ident = ids[i] if ids is not None else str(self.n + i)
                self.first_failure = (ident, j, rouge_type, message)
        chunk = []
        for t, f in self._keys:
            col = getattr(batch, f)(t)
            self._sums[t, f] = sequential_sum(col, self._sums[t, f])
            if self._store is not None:
                chunk.append(col.tobytes())
        if self._store is not None:
            self._store.append(chunk)
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

    def _kept(self) -> _core.ScoreColumns:
        if self._store is None:
            raise RuntimeError("per-pair scores were not kept (Accumulator(keep=False))")
        return self._store

    def column(self, rouge_type: str, field: str) -> Column:
        """The kept per-pair scores as a read-only NumPy array (a copy out of the core)."""
        store = self._kept()
        np = _numpy()
        col = np.frombuffer(store.column(self._keys.index((rouge_type, field))), dtype=np.float64)
        return col  # type: ignore[no-any-return]

    def corpus(
        self,
        signature: Signature,
        *,
        confidence: float | None = None,
        n_bootstrap: int = 1000,
        seed: int = 0,
        threads: int = 1,
    ) -> CorpusResult:
        """The :class:`CorpusResult` that ``RougeScorer.corpus`` returns for the same input;
        ``threads`` share the bootstrap's work and never change a number."""
        bounds = [(math.nan, math.nan)] * len(self._keys)
        if confidence is not None and self.n:
            estimates = self._kept().bootstrap(n_bootstrap, seed, confidence, threads)
            bounds = [(lo, hi) for _, lo, hi in estimates]
            signature = signature.with_ci(confidence, n_bootstrap, seed)
        summary: dict[str, dict[str, tuple[float, float, float]]] = {t: {} for t in self.types}
        for (t, f), (lo, hi) in zip(self._keys, bounds):
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
        store = self._kept()

        def values(t: str, f: str) -> list[float]:
            col = array("d")
            col.frombytes(store.column(self._keys.index((t, f))))
            return col.tolist()

        columns = {
            t: tuple(values(t, f) for f in ("recall", "precision", "fmeasure")) for t in self.types
        }
        scores = PerlBatchScores(
            self.types, self.n, columns, {}, [], (self.dropped[0], self.dropped[1]),  # type: ignore[arg-type]
            self.nrefs, options,
        )  # fmt: skip
        return BatchResult(scores, signature).corpus(confidence=confidence, n_bootstrap=n_bootstrap)
