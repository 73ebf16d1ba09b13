"""Compatible ``rouge_score.scoring``: ``Score``, ``AggregateScore``, ``BaseScorer``,
``BootstrapAggregator`` and ``fmeasure``."""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import Any, NamedTuple


class Score(NamedTuple):
    """Precision, recall and F-measure (rouge-score's field order)."""

    precision: Any
    recall: Any
    fmeasure: Any


class AggregateScore(NamedTuple):
    """Bootstrap percentiles: ``low``, ``mid`` (the median) and ``high``."""

    low: Any
    mid: Any
    high: Any


class BaseScorer(metaclass=abc.ABCMeta):
    """Abstract scorer: ``score(target, prediction)`` returns ``{type: Score}``."""

    @abc.abstractmethod
    def score(self, target: str, prediction: str) -> dict[str, Any]:
        """Scores one pair."""


def fmeasure(precision: float, recall: float) -> float:
    """``2 * P * R / (P + R)``, ``0.0`` when both are 0 (rouge-score's order of operations)."""
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


class BootstrapAggregator:
    """rouge-score's bootstrap aggregation, number for number.

    ``aggregate()`` resamples each key's scores ``n_samples`` times with NumPy's *global*
    legacy RNG, in key insertion order, and reports the ``(1-ci)/2``, 50th and ``(1+ci)/2``
    linear percentiles of the resample means. Seed with ``numpy.random.seed`` for the same
    numbers as rouge-score. ``mid`` is the median of the means, not the mean.
    """

    def __init__(self, confidence_interval: float = 0.95, n_samples: int = 1000) -> None:
        if confidence_interval < 0 or confidence_interval > 1:
            raise ValueError("confidence_interval must be in range [0, 1]")
        if n_samples <= 0:
            raise ValueError("n_samples must be positive")
        self._n_samples = n_samples
        self._confidence_interval = confidence_interval
        self._scores: dict[str, list[Any]] = {}

    def add_scores(self, scores: Mapping[str, Any]) -> None:
        """Stores one pair's ``{type: Score}``."""
        for key, score in scores.items():
            self._scores.setdefault(key, []).append(score)

    def aggregate(self) -> dict[str, AggregateScore]:
        """``{type: AggregateScore(low, mid, high)}`` with ``numpy.float64`` values."""
        np = _numpy()
        result = {}
        for key, scores in self._scores.items():
            matrix = np.vstack(tuple(scores))
            low, mid, high = self._bootstrap_resample(matrix)
            cls = type(scores[0])
            result[key] = AggregateScore(low=cls(*low), mid=cls(*mid), high=cls(*high))
        return result

    def _bootstrap_resample(self, matrix: Any) -> Any:
        """``(3, measures)`` array: the low, 50th and high percentiles of ``n_samples``
        resample means of ``matrix``'s rows (rouge-score's method, overridable as there)."""
        np = _numpy()
        # rouge-score draws each resample with np.random.choice(np.arange(n), size=n) from the
        # global legacy RNG (spec ``rouge-score.md`` §10), which is randint(0, n, size=n). The
        # legacy bounded-int fill takes one masked 32-bit draw per index (more on rejection)
        # and keeps no buffer between calls, and draws nothing when n == 1: so one randint of
        # shape (k, n) yields the same indices, and leaves the same RNG state, as k calls of
        # size n. Resamples are drawn in chunks of at most _CHUNK indices (bounded memory),
        # and each chunk's means are taken over axis 1, which NumPy sums row after row, in
        # the same order as np.mean(matrix[rows], axis=0) (checked bit for bit in
        # tests/compat/test_compat_bootstrap.py). This removes rouge-score's Python loop of
        # n_samples iterations: lm-eval's truthfulqa aggregates one score at a time.
        n = matrix.shape[0]
        if matrix.ndim == 2 and matrix.shape[1] >= 1 and matrix.dtype == np.float64:
            # The same draws and sums in the core, from and back to NumPy's MT19937 state
            # (rougekit-core's numpy_bootstrap; one column summed pairwise as NumPy sums it;
            # bit-equal in tests/compat/test_compat_bootstrap.py).
            means = _core_means(np, matrix, self._n_samples)
        else:
            per_chunk = max(1, _CHUNK // n)
            parts = []
            for start in range(0, self._n_samples, per_chunk):
                k = min(per_chunk, self._n_samples - start)
                rows = np.random.randint(0, n, size=(k, n))
                parts.append(np.mean(matrix[rows, :], axis=1))
            means = parts[0] if len(parts) == 1 else np.concatenate(parts)
        # The percentiles as rouge-score computes them: 100*d and 100*(1-d), d=(1-ci)/2
        # (100 - 100*d differs in the last bit for some ci, e.g. 0.68).
        delta = (1 - self._confidence_interval) / 2
        q = 100 * np.array([delta, 0.5, 1 - delta])
        return np.percentile(means, q, axis=0)


def _core_means(np: Any, matrix: Any, samples: int) -> Any:
    """The resample means of ``matrix`` (two or more float64 columns) drawn by the core from
    NumPy's global legacy RNG, whose state is then advanced as NumPy's draws advance it."""
    import rougekit._core as _core

    name, key, pos, has_gauss, gauss = np.random.get_state()
    rows, cols = matrix.shape
    means, key, pos = _core.numpy_resample_means(
        key.tolist(), int(pos), np.ascontiguousarray(matrix).ravel().tolist(), rows, cols, samples
    )
    np.random.set_state((name, np.asarray(key, dtype=np.uint32), pos, has_gauss, gauss))
    return np.asarray(means, dtype=np.float64).reshape(samples, cols)


#: Resample indices drawn per NumPy call (256k int64: 2 MB, plus the gathered rows).
_CHUNK = 1 << 18


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ImportError(
            "BootstrapAggregator needs NumPy (its numbers follow NumPy's global RNG): "
            "pip install numpy"
        ) from None
    return numpy
