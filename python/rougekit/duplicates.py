"""Near-duplicate filtering of generated data: :func:`dedup`, the self-instruct / Stanford
Alpaca filter, exactly.

Those repositories keep a generated instruction only when its rougeL F against every
instruction kept so far (the seed tasks included) is at most 0.7::

    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)
    new_tokens = scorer._tokenizer.tokenize(instruction)
    scores = pool.map(partial(rouge_scorer._score_lcs, new_tokens), all_instruction_tokens)
    if max(s.fmeasure for s in scores) > 0.7: continue      # dropped
    all_instruction_tokens.append(new_tokens)                # kept

:func:`dedup` takes the same decisions (the same tokens, the same float64 F, the same
strict ``>``) without comparing every pair: pairs that cannot exceed the threshold are
proved so by their lengths, by their token-bag overlap, or by a bit-parallel LCS stopped as
soon as the answer is known, and candidates come from an inverted index of each text's
rarest tokens. See the design notes for why every bound is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, overload

import numpy as np

import rougekit._core as _core
import rougekit.progress as _progress
from rougekit.pairs import setup, text_list
from rougekit.profiles import Profile

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["DedupResult", "check_threshold", "dedup"]


@dataclass(frozen=True)
class DedupResult:
    """What :func:`dedup` decided, with each dropped text's nearest kept text.

    ``kept`` and ``dropped`` index ``texts`` (ascending). For ``dropped[i]``:
    ``nearest[i]`` is the kept text (an index into ``texts``) with the highest F, or -1
    when that is a text of ``against``, then named by ``nearest_against[i]`` (else -1);
    ``nearest_fmeasure[i]`` is that F (above the threshold). Ties go to the earlier text,
    ``against`` before ``texts``.
    """

    kept: NDArray[np.int64]
    dropped: NDArray[np.int64]
    nearest: NDArray[np.int64]
    nearest_against: NDArray[np.int64]
    nearest_fmeasure: NDArray[np.float64]


def check_threshold(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.floating, np.integer)):
        raise TypeError(f"threshold must be a number, got {type(value).__name__}")
    out = float(value)
    if out != out:
        raise ValueError("threshold is NaN")
    return out


@overload
def dedup(
    texts: Sequence[str],
    threshold: float = ...,
    type: str = ...,
    against: Sequence[str] | None = ...,
    *,
    return_nearest: Literal[False] = ...,
    progress: bool | None = ...,
    profile: str | Profile | None = ...,
    stemmer: bool | str | None = ...,
    threads: int | None = ...,
    **options: Any,
) -> NDArray[np.int64]: ...


@overload
def dedup(
    texts: Sequence[str],
    threshold: float = ...,
    type: str = ...,
    against: Sequence[str] | None = ...,
    *,
    return_nearest: Literal[True],
    progress: bool | None = ...,
    profile: str | Profile | None = ...,
    stemmer: bool | str | None = ...,
    threads: int | None = ...,
    **options: Any,
) -> DedupResult: ...


def dedup(
    texts: Sequence[str],
    threshold: float = 0.7,
    type: str = "rougeL",
    against: Sequence[str] | None = None,
    *,
    return_nearest: bool = False,
    progress: bool | None = None,
    profile: str | Profile | None = None,
    stemmer: bool | str | None = None,
    threads: int | None = None,
    **options: Any,
) -> NDArray[np.int64] | DedupResult:
    """The indices of the texts the self-instruct filter keeps, in order.

    In order, a text is kept when its rougeL F (rouge-score's ``_score_lcs``) against every
    text kept before it, and every text of ``against`` (e.g. the seed tasks), is at most
    ``threshold``; it is dropped when one F is above it (``F == threshold`` keeps it).

    Args:
        texts: the candidate texts, in the order they were generated.
        threshold: the largest F a kept text may have with any kept text.
        type: ``"rougeL"`` (the filter's; the only type supported).
        against: texts kept from the start, not filtered themselves.
        return_nearest: return a :class:`DedupResult` with each dropped text's nearest
            kept text and its F.
        progress: a progress bar over the texts (``None``: on a terminal for large runs).
        profile: as :func:`rougekit.pairwise`; the default (rouge-score without stemming)
            is the filter's ``RougeScorer(["rougeL"], use_stemmer=False)`` tokenizer.
        stemmer: as :class:`rougekit.RougeScorer` takes it.
        threads: worker threads (never changes a decision).
        **options: the profile's other options.
    """
    cut = check_threshold(threshold)
    run = setup(type, profile, stemmer, threads, options)
    if run.type != "rougeL":
        raise ValueError(f"dedup compares rougeL (the self-instruct filter's), got {type!r}")
    items = text_list(texts, "texts")
    seeds: list[str] = [] if against is None else text_list(against, "against")
    bar = _progress.open_bar(progress, len(items), "dedup")
    last = [0]

    def advance(done: int) -> None:
        if bar is not None:
            bar.update(done - last[0])
        last[0] = done

    try:
        kept, nearest, (dropped_t, dropped_a) = _core.dedup(
            run.engine, items, seeds, cut, return_nearest, advance if bar is not None else None
        )
    finally:
        if bar is not None:
            bar.close()
    run.warn_dropped(len(dropped_t) + len(dropped_a), len(items) + len(seeds))
    flags = np.asarray(kept, dtype=bool)
    kept_idx = np.flatnonzero(flags).astype(np.int64)
    if not return_nearest:
        return kept_idx
    dropped_idx = np.flatnonzero(~flags).astype(np.int64)
    a = len(seeds)
    near = np.full(len(dropped_idx), -1, dtype=np.int64)
    near_a = np.full(len(dropped_idx), -1, dtype=np.int64)
    near_f = np.zeros(len(dropped_idx), dtype=np.float64)
    for k, i in enumerate(dropped_idx):
        found = nearest[i]
        assert found is not None  # every dropped text has a kept text above the threshold
        doc, f = found
        if doc < a:
            near_a[k] = doc
        else:
            near[k] = doc - a
        near_f[k] = f
    return DedupResult(kept_idx, dropped_idx, near, near_a, near_f)
