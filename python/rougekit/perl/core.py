"""The calls into the Rust core's perl-1.5.5 profile, with the options mapped to its arguments."""

from __future__ import annotations

from rougekit import _core
from rougekit.config import resolve_threads
from rougekit.perl.options import PerlOptions


def score(
    opts: PerlOptions, peers: list[list[bytes]], models: list[list[list[bytes]]]
) -> _core.PerlBatch:
    """A ``PerlBatch`` for every instance: per-instance R/P/F and raw counts per variant."""
    threads = resolve_threads(None)
    if opts.be_mode is not None:
        return _core.perl_score_be(
            peers,
            models,
            mode=opts.be_mode,
            stemmer=opts.stemmer,
            multiref=opts.multiref,
            alpha=opts.alpha,
            threads=threads,
        )
    return _core.perl_score(
        peers,
        models,
        ngram_max=opts.ngram_max,
        lcs=opts.lcs,
        wlcs_weight=opts.wlcs_weight,
        skip_gap=opts.skip_gap,
        skip_variants=opts.skip_variants,
        stemmer=opts.stemmer,
        stopwords=opts.stopwords,
        limit_words=opts.limit_words,
        limit_bytes=opts.limit_bytes,
        multiref=opts.multiref,
        alpha=opts.alpha,
        threads=threads,
    )


Interval = tuple[float, float, float]
Columns = tuple[list[float], list[float], list[float]]


def bootstrap(opts: PerlOptions, variants: list[Columns]) -> list[tuple[Interval, ...]]:
    """ROUGE-1.5.5's bootstrap (spec §10.2-10.4) of each variant's (x, y, z) columns:
    (average, lower, upper) for R, P and F.

    The columns must already be in Perl's order (instance keys sorted as strings). Every
    variant is resampled with the same seeds, as ROUGE-1.5.5 does, so they share the
    draws. With no instance at all ROUGE-1.5.5 prints zeros.
    """
    if not variants or not variants[0][0]:
        zero = (0.0, 0.0, 0.0)
        return [(zero, zero, zero) for _ in variants]
    return list(
        _core.perl_bootstrap_many(
            variants,
            unit=opts.unit,
            alpha=opts.alpha,
            resamples=opts.resamples,
            confidence=opts.confidence,
            threads=resolve_threads(None),
        )
    )
