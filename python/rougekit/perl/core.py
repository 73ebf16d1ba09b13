"""The calls into the Rust core's perl-1.5.5 profile, with the options mapped to its arguments."""

from __future__ import annotations

from rougekit import _core
from rougekit.checks import resolve_threads
from rougekit.perl.options import PerlOptions
from rougekit.perl_profile import core_settings


def score(
    opts: PerlOptions, files: list[tuple[str, str]], peers: list[int], models: list[list[int]]
) -> _core.PerlBatch:
    """A ``PerlBatch`` for every instance: per-instance R/P/F and raw counts per variant.

    ``files`` are (path, format); instance ``i`` is file ``peers[i]`` against the files
    ``models[i]``. The core reads them in parallel; raises ``_core.PerlFileError``.
    """
    settings = core_settings(
        opts.text_options,
        ngram_max=opts.ngram_max,
        lcs=opts.lcs,
        wlcs_weight=opts.wlcs_weight,
        skip_gap=opts.skip_gap,
        skip_variants=opts.skip_variants,
    )
    return _core.perl_score_files(
        files, peers, models, settings, be_mode=opts.be_mode, threads=resolve_threads(None)
    )


Interval = tuple[float, float, float]


def bootstrap(
    opts: PerlOptions, batch: _core.PerlBatch, order: list[int]
) -> list[tuple[Interval, Interval, Interval]]:
    """ROUGE-1.5.5's bootstrap (spec §10.2-10.4) of every variant of ``batch`` over the
    instances ``order`` (Perl's order: instance keys sorted as strings): (average, lower,
    upper) for R, P and F. Every variant is resampled with the same seeds, as ROUGE-1.5.5
    does, so they share the draws. With no instance at all ROUGE-1.5.5 prints zeros.
    """
    if not order:
        zero = (0.0, 0.0, 0.0)
        return [(zero, zero, zero) for _ in batch.variants]
    return batch.bootstrap(
        order,
        unit=opts.unit,
        alpha=opts.alpha,
        resamples=opts.resamples,
        confidence=opts.confidence,
        threads=resolve_threads(None),
    )
