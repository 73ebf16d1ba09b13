"""The main entry point: :class:`RougeScorer`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rougekit import _core, inputs
from rougekit import signature as sig
from rougekit.config import DEFAULT_TYPES, ScorerConfig
from rougekit.diagnostics import warn_dropped
from rougekit.results import BatchResult, CorpusResult, Score


class RougeScorer:
    """Scores predictions against references.

    Args:
        types: ROUGE types, e.g. ``("rouge1", "rouge2", "rougeL", "rougeLsum")``; any
            ``rougeN`` (n >= 1); a single string is one type.
        profile: whose behaviour to reproduce; ``"rouge-score"`` is Google's rouge-score
            0.1.2, bit for bit.
        stemmer: stem tokens longer than 3 characters with NLTK's Porter stemmer.
        threads: worker threads for :meth:`score_batch`; ``None`` reads
            ``$ROUGEKIT_NUM_THREADS``, else uses every core. Never changes a number.

    Multiple references follow rouge-score's ``score_multi``: per type, the reference with
    the best F-measure (the first on ties). Empty or all-punctuation text scores 0.0.
    """

    def __init__(
        self,
        types: str | Iterable[str] = DEFAULT_TYPES,
        *,
        profile: str = "rouge-score",
        stemmer: bool = False,
        threads: int | None = None,
    ) -> None:
        self.config = ScorerConfig.create(types, profile=profile, stemmer=stemmer, threads=threads)
        # Pickles carry the request, not this machine's core count.
        self._requested_threads = None if threads is None else self.config.threads
        self._engine = _core.Engine(
            list(self.config.types), self.config.stemmer, self.config.threads
        )

    @property
    def types(self) -> tuple[str, ...]:
        return self.config.types

    def __repr__(self) -> str:
        c = self.config
        return (
            f"RougeScorer(types={list(c.types)}, profile={c.profile!r}, "
            f"stemmer={c.stemmer}, threads={c.threads})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        c = self.config
        return (_rebuild, (c.types, c.profile, c.stemmer, self._requested_threads))

    def signature(self, nrefs: str = "?") -> sig.Signature:
        """The signature of results from this scorer."""
        c = self.config
        return sig.make(profile=c.profile, types=c.types, stemmer=c.stemmer, nrefs=nrefs)

    def score(self, prediction: str, references: str | Sequence[str]) -> dict[str, Score]:
        """Scores of one prediction against one reference or a list of references."""
        batch = self._engine.score_batch(
            [inputs.text(prediction, "prediction")], [inputs.references(references, "references")]
        )
        warn_dropped(batch, self.config.profile)
        return {t: Score(p, r, f) for t, (p, r, f, _) in zip(batch.types, batch.row(0))}

    def score_batch(
        self,
        predictions: Sequence[str],
        references: Sequence[str | Sequence[str]],
    ) -> BatchResult:
        """Scores every pair in Rust, in parallel, with the GIL released.

        ``references[i]`` is a string or a non-empty list of strings.
        """
        batch = self._engine.score_batch(predictions, references)
        warn_dropped(batch, self.config.profile)
        return BatchResult(batch, self.signature(sig.nrefs_field(*batch.nrefs)))

    def corpus(
        self,
        predictions: Sequence[str],
        references: Sequence[str | Sequence[str]],
        *,
        confidence: float | None = None,
        n_bootstrap: int = 1000,
        seed: int = 0,
    ) -> CorpusResult:
        """Corpus means per type, with a seeded bootstrap CI when ``confidence`` is set."""
        return self.score_batch(predictions, references).corpus(
            confidence=confidence, n_bootstrap=n_bootstrap, seed=seed
        )


def _rebuild(
    types: tuple[str, ...], profile: str, stemmer: bool, threads: int | None
) -> RougeScorer:
    return RougeScorer(types, profile=profile, stemmer=stemmer, threads=threads)
