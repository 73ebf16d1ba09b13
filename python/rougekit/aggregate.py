"""Corpus numbers from a stream of scored chunks, equal to :meth:`RougeScorer.corpus`.

The command line scores its input chunk by chunk (memory stays flat) but must print the
numbers the Python API prints for the same input. The core makes that exact: a
``_core.BatchBuilder`` keeps each column's running sum, added left to right as the core's
mean adds (so the streamed means have the bits of the whole batch's), and, when per-pair
scores are needed (confidence intervals, ``compare``, plots, or a profile whose corpus
numbers come from a bootstrap), appends the chunks' columns in place, 8 bytes per value.
The kept batch then goes through the profile's own corpus rule, as ``BatchResult.corpus``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rougekit import _core
from rougekit.results import BatchResult, CorpusResult

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from rougekit.profiles import Profile
    from rougekit.signature import Signature


class Accumulator:
    """The chunks of one system's run: running sums, and with ``keep`` the scores.

    Profiles whose corpus numbers need every score (ROUGE-1.5.5's bootstrap) always keep.
    """

    def __init__(self, profile: Profile, types: Sequence[str], *, keep: bool) -> None:
        self.profile = profile
        self.types = list(types)
        self.keep = keep or profile.CORPUS_NEEDS_SCORES
        self.n = 0
        self.nrefs: tuple[int, int] = (0, 0)
        self.dropped = [0, 0]
        #: ``(bytes, non-ASCII letters)`` of the non-ASCII texts (ASCII-only profiles).
        self.letters = [0, 0]
        #: Whether some text of the run held a newline (a sentence break for rougeLsum).
        self.has_newline = False
        #: Pairs with a score the profile leaves undefined (0 instead; ROUGE-1.5.5's only).
        self.failed_pairs = 0
        #: (pair id, reference index, type, message) of the first such score.
        self.first_failure: tuple[str, int, str, str] | None = None
        self._builder = _core.BatchBuilder(self.keep)
        self._kept: BatchResult | None = None

    def add(self, batch: BatchResult, ids: Sequence[str] | None = None) -> None:
        """Adds a scored chunk; ``ids`` are its pairs' ids (default: their position in the
        run)."""
        failures = batch.failures
        if failures:
            self.failed_pairs += len({i for i, _, _, _ in failures})
            if self.first_failure is None:
                i, j, rouge_type, message = failures[0]
                ident = ids[i] if ids is not None else str(self.n + i)
                self.first_failure = (ident, j, rouge_type, message)
        self._builder.append(batch.scores)
        lo, hi = batch.scores.nrefs
        if len(batch):
            self.nrefs = (
                (lo, hi) if self.n == 0 else (min(lo, self.nrefs[0]), max(hi, self.nrefs[1]))
            )
        self.n += len(batch)
        preds, refs = batch.dropped_counts()
        self.dropped[0] += preds
        self.dropped[1] += refs
        nbytes, other = batch.scores.letter_counts()
        self.letters[0] += nbytes
        self.letters[1] += other

    def kept(self, signature: Signature, threads: int = 1) -> BatchResult:
        """Every kept score, as one batch (after the last chunk)."""
        if not self.keep:
            raise RuntimeError("per-pair scores were not kept (Accumulator(keep=False))")
        if self._kept is None:
            scores = self._builder.finish()
            self._kept = BatchResult(scores, signature, self.profile, threads=threads)
        return self._kept

    def column(self, rouge_type: str, field: str) -> npt.NDArray[np.float64]:
        """The kept per-pair scores of one type and field, as a read-only NumPy array."""
        if self._kept is None:
            raise RuntimeError("call corpus() first: it gathers the kept scores")
        column: npt.NDArray[np.float64] = getattr(self._kept, field)(rouge_type)
        return column

    def corpus(
        self,
        signature: Signature,
        *,
        confidence: float | None = None,
        n_bootstrap: int = 1000,
        seed: int = 0,
        unit: int = 0,
        threads: int = 1,
    ) -> CorpusResult:
        """The :class:`CorpusResult` that ``RougeScorer.corpus`` returns for the same input;
        ``threads`` share the bootstrap's work and never change a number."""
        if self.keep:
            return self.kept(signature, threads).corpus(
                confidence=confidence, n_bootstrap=n_bootstrap, seed=seed, unit=unit
            )
        if confidence is not None:
            raise RuntimeError("a confidence interval needs the scores (Accumulator(keep=True))")
        return CorpusResult(
            summary=self._builder.means(),
            n=self.n,
            confidence=None,
            signature=signature,
            profile=self.profile,
        )
