"""rougekit on Dask: per-pair scores and corpus numbers of corpora spread over partitions.

>>> import rougekit, rougekit.dask
>>> pairs = rougekit.dask.read_jsonl("pairs-*.jsonl")          # doctest: +SKIP
>>> scorer = rougekit.RougeScorer(["rouge1", "rougeL"])
>>> rougekit.dask.corpus(pairs, scorer, confidence=0.95)      # doctest: +SKIP

``pairs`` is a Dask Bag of ``{"prediction": ..., "references": ...}`` dicts or a Dask
DataFrame with ``prediction`` and ``references`` columns (a reference is a string or a
list of strings; token ids for the ``token-ids`` profile). Pair ids are the pairs' positions
in the whole collection (partition by partition, in order), so the corpus numbers are those
``scorer.corpus`` gives for the same pairs in one process: bit for bit in the default
``mode="exact"``; the same means and a Poisson-bootstrap CI keyed by pair id in
``mode="streaming"`` (sums only; see :class:`rougekit.CorpusAccumulator`). The streaming
mode and :func:`score` first count each partition's pairs (one pass over the data, one
column of a DataFrame) to number the pairs.

Each task scores with as many threads as its Dask worker has (``nthreads``) from one pool
per process that the worker's concurrent tasks share, so a worker never runs more scoring
threads than it was given; outside a ``distributed`` worker each task uses one thread
(the local schedulers already run tasks in parallel).

Warnings (texts that lost every token, rougeLsum without newlines...): :func:`corpus`
gives the ones ``scorer.score_batch`` would give for all its pairs, once, in the calling
process, with the corpus's counts (the partitions are scored without warning, so nothing is
lost in a worker's log). :func:`score`'s partitions warn where they are scored.

:func:`dedup` is the near-duplicate filter of :func:`rougekit.dedup` over a cluster, with
the same decisions.

Dask is imported on first use: ``pip install 'rougekit[dask]'``.
"""

from __future__ import annotations

import ast
import itertools
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rougekit.aggregate import MODES, CorpusAccumulator
from rougekit.results import FIELDS, BatchResult, CorpusResult

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from rougekit.config import ScorerConfig
    from rougekit.diagnostics import Notes
    from rougekit.scorer import RougeScorer

__all__ = ["corpus", "dedup", "read_jsonl", "read_parquet", "score"]

#: The column of pair ids in :func:`score`'s frame.
ID = "id"


def _dask() -> Any:
    try:
        import dask
        import dask.bag
        import dask.dataframe
    except ImportError as e:
        raise ImportError(
            f"rougekit.dask needs dask with its DataFrame extra ({e}): "
            "pip install 'rougekit[dask]' (or: pip install 'dask[dataframe]' distributed)"
        ) from None
    return dask


def read_jsonl(paths: str | os.PathLike[str] | Sequence[Any], *, blocksize: Any = None) -> Any:
    """A Bag of the records of JSON Lines files (one ``{"prediction", "references"}``
    object per line; other keys are ignored), in file and line order: one partition per
    file, or per ``blocksize`` bytes (e.g. ``"64MiB"``). Lists stay lists."""
    dask = _dask()
    if isinstance(paths, os.PathLike):
        paths = os.fspath(paths)
    elif not isinstance(paths, str):
        paths = [os.fspath(p) for p in paths]
    lines = dask.bag.read_text(paths, blocksize=blocksize)
    return lines.filter(lambda line: line.strip() != "").map(json.loads)


def read_parquet(paths: Any, **kwargs: Any) -> Any:
    """A Dask DataFrame of the ``prediction`` and ``references`` columns of Parquet files
    (``kwargs`` go to ``dask.dataframe.read_parquet``). A list-of-strings ``references``
    column stays a list per pair (NumPy arrays in pandas, read back as lists)."""
    dask = _dask()
    kwargs.setdefault("columns", ["prediction", "references"])
    return dask.dataframe.read_parquet(paths, **kwargs)


# -- Per partition (runs on the workers) --


def _looks_like_list(text: str) -> bool:
    """A list of texts written as a string (``"['a', 'b']"``): what a column of lists becomes
    when Dask converts object columns to strings (its default under pandas 3)."""
    stripped = text.strip()
    if not (stripped.startswith("[") and stripped.endswith("]")):
        return False
    try:
        value = ast.literal_eval(stripped)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return False
    return isinstance(value, list) and all(isinstance(v, (str, int)) for v in value)


def _reference(value: Any, index: int) -> Any:
    """One pair's references as the scorer takes them; ``ValueError`` for a stringified
    list."""
    if isinstance(value, str):
        if _looks_like_list(value):
            raise ValueError(
                f"references of pair {index} is a string that holds a list ({value[:60]!r}): "
                "a column of lists was turned into strings, which would score the brackets "
                "and quotes as text. Dask does this to object columns by default under "
                "pandas 3: keep the lists (dask.config.set({'dataframe.convert-string': "
                "False}) before building the frame, a Bag of dicts, or rougekit.dask."
                "read_parquet / read_jsonl)"
            )
        return value
    tolist = getattr(value, "tolist", None)  # NumPy arrays (Parquet lists read by pandas)
    if tolist is not None and not isinstance(value, (list, tuple)):
        return tolist()
    return value


def _columns(part: Any) -> tuple[list[Any], list[Any]]:
    """``(predictions, references)`` of a partition: a pandas DataFrame or records."""
    if hasattr(part, "columns") and hasattr(part, "iloc"):
        missing = [c for c in ("prediction", "references") if c not in part.columns]
        if missing:
            raise ValueError(
                f"the pairs need columns 'prediction' and 'references'; missing: {missing}"
            )
        predictions = part["prediction"].tolist()
        references = part["references"].tolist()
    else:
        records = list(part)
        predictions, references = [], []
        for k, record in enumerate(records):
            if not isinstance(record, Mapping):
                raise TypeError(
                    "each pair is a dict with 'prediction' and 'references', got "
                    f"{type(record).__name__} (record {k} of its partition)"
                )
            try:
                predictions.append(record["prediction"])
                references.append(record["references"])
            except KeyError as e:
                raise ValueError(
                    f"record {k} of its partition lacks {e.args[0]!r} (keys: {sorted(record)})"
                ) from None
    return predictions, [_reference(r, k) for k, r in enumerate(references)]


def _length(part: Any) -> int:
    return len(part) if hasattr(part, "iloc") else sum(1 for _ in part)


def _worker_threads() -> int:
    """The thread count of the Dask worker running this task; 1 elsewhere."""
    try:
        from distributed import get_worker

        worker = get_worker()
    except (ImportError, ValueError):
        return 1
    state = getattr(worker, "state", None)
    nthreads: Any = getattr(state, "nthreads", None) or getattr(worker, "nthreads", 1)
    return max(1, int(nthreads))


_SCORERS: dict[Any, RougeScorer] = {}


def _local_scorer(scorer: RougeScorer) -> RougeScorer:
    """``scorer`` with this worker's thread count (one per configuration and process)."""
    from rougekit.scorer import RougeScorer

    threads = _worker_threads()
    key = (scorer.config, threads)
    local = _SCORERS.get(key)
    if local is None:
        local = RougeScorer.from_config(replace(scorer.config, threads=threads))
        _SCORERS[key] = local
    return local


def _score_part(part: Any, scorer: RougeScorer) -> tuple[BatchResult, Notes]:
    """The partition's scores, and what their warnings would say (not said here)."""
    predictions, references = _columns(part)
    return _local_scorer(scorer)._batch(predictions, references)


def _frame(part: Any, scorer: RougeScorer, start: int) -> Any:
    import pandas as pd

    # The frame is lazy and computed wherever its user computes it: the partition's own
    # warnings are given where it is scored (a worker's log on a distributed cluster).
    batch, notes = _score_part(part, scorer)
    notes.warn(scorer.config.profile)
    data: dict[str, Any] = {ID: pd.RangeIndex(start, start + len(batch)).to_numpy("int64")}
    for t in batch.types:
        for f in FIELDS:
            data[f"{t}_{f}"] = getattr(batch, f)(t)
    return pd.DataFrame(data)


def _accumulate(
    part: Any, scorer: RougeScorer, start: int, mode: str, n_bootstrap: int, seed: int
) -> CorpusAccumulator:
    batch, notes = _score_part(part, scorer)
    acc = CorpusAccumulator(
        scorer, mode=mode, n_bootstrap=n_bootstrap, seed=seed, threads=_worker_threads()
    )
    acc.add(batch, ids=start)
    acc._notes = notes  # warned once for the corpus, on the client (corpus())
    acc.threads = 1
    return acc


def _merge(*accs: CorpusAccumulator) -> CorpusAccumulator:
    out = accs[0]
    for a in accs[1:]:
        out = out.merge(a)
    return out


# -- Graph construction (the client) --


def _partitions(pairs: Any) -> list[Any]:
    """The delayed partitions of a Bag or a DataFrame, in order."""
    dask = _dask()
    if isinstance(pairs, dask.bag.Bag):
        return list(pairs.to_delayed())
    if isinstance(pairs, dask.dataframe.DataFrame):
        missing = [c for c in ("prediction", "references") if c not in pairs.columns]
        if missing:
            raise ValueError(
                f"the pairs need columns 'prediction' and 'references'; missing: {missing}"
            )
        return list(pairs[["prediction", "references"]].to_delayed())
    raise TypeError(
        "pairs must be a Dask Bag of {'prediction', 'references'} dicts or a Dask DataFrame "
        f"with those columns, got {type(pairs).__name__}"
    )


def _starts(pairs: Any, parts: list[Any]) -> list[int]:
    """Each partition's first pair id: the pairs before it (one pass over the data; over
    one column of a DataFrame)."""
    dask = _dask()
    if isinstance(pairs, dask.dataframe.DataFrame):
        lengths = pairs["prediction"].map_partitions(len).compute().tolist()
    else:
        lengths = dask.compute(*[dask.delayed(_length)(p) for p in parts])
    starts, total = [], 0
    for n in lengths:
        starts.append(total)
        total += int(n)
    return starts


def _gather(tasks: list[Any]) -> list[Any]:
    """The results of ``tasks``, in order. On a ``distributed`` cluster each is fetched as
    soon as it is done and released on its worker, so workers do not hold every finished
    partition's scores until the last one is done."""
    dask = _dask()
    try:
        import distributed

        client: Any = distributed.get_client()
        as_completed: Any = distributed.as_completed
    except (ImportError, ValueError):
        return list(dask.compute(*tasks))
    futures = client.compute(tasks)
    where = {f.key: k for k, f in enumerate(futures)}
    out: list[Any] = [None] * len(futures)
    for future in as_completed(futures):
        out[where[future.key]] = future.result()
        future.release()
    return out


def score(pairs: Any, scorer: RougeScorer) -> Any:
    """A lazy Dask DataFrame of every pair's scores: column ``id`` (the pair's position)
    and ``<type>_<field>`` (``rouge1_precision``...), one partition per input partition.
    Counts the pairs of each partition first (to number them); scoring is lazy."""
    dask = _dask()
    import pandas as pd

    parts = _partitions(pairs)
    starts = _starts(pairs, parts)
    meta = pd.DataFrame(
        {ID: pd.Series([], dtype="int64")}
        | {f"{t}_{f}": pd.Series([], dtype="float64") for t in scorer.types for f in FIELDS}
    )
    frames = [dask.delayed(_frame)(p, scorer, s) for p, s in zip(parts, starts)]
    return dask.dataframe.from_delayed(frames, meta=meta, verify_meta=False)


def corpus(
    pairs: Any,
    scorer: RougeScorer,
    *,
    confidence: float | None = None,
    n_bootstrap: int = 1000,
    seed: int = 0,
    mode: str = "exact",
    unit: int = 0,
    split_every: int = 8,
) -> CorpusResult:
    """The corpus numbers of ``pairs`` (see the module), computed on the current Dask
    scheduler: each partition is scored and accumulated where it lives, the accumulators
    are merged in a tree (``split_every`` at a time), and the result is finalized here.

    ``mode="exact"`` (default): equal to ``scorer.corpus(...)`` over the same pairs in one
    process, bit for bit (means, seeded CI, signature); the scores travel to this process.
    ``mode="streaming"``: sums only travel; the same means, a Poisson-bootstrap CI keyed by
    pair id (``acc:streaming`` in the signature).
    """
    dask = _dask()
    if mode not in MODES:
        raise ValueError(f"mode must be 'exact' or 'streaming', got {mode!r}")
    # Validates the settings before any work is sent.
    CorpusAccumulator(scorer, mode=mode, n_bootstrap=n_bootstrap, seed=seed)
    if split_every < 2:
        raise ValueError(f"split_every must be at least 2, got {split_every}")
    parts = _partitions(pairs)
    if not parts:
        raise ValueError("cannot aggregate an empty corpus: there are no partitions")
    if mode == "exact":
        # No counting pass: each partition numbers its pairs from 0, and the client, which
        # receives every score anyway, shifts them by the pairs of the partitions before.
        pieces = [dask.delayed(_accumulate)(p, scorer, 0, mode, n_bootstrap, seed) for p in parts]
        acc: CorpusAccumulator | None = None
        offset = 0
        for piece in _gather(pieces):
            piece = piece._shifted(offset)
            offset += len(piece)
            acc = piece if acc is None else acc.merge(piece)
        assert acc is not None
        acc.threads = scorer.config.threads
        acc._notes.warn(scorer.config.profile)  # before finalize, which may raise
        return acc.finalize(confidence=confidence, unit=unit)
    # Streaming: the Poisson weights are keyed by the pairs' ids, so they are numbered
    # first; only sums travel, merged in a tree on the workers.
    starts = _starts(pairs, parts)
    level = [
        dask.delayed(_accumulate)(p, scorer, s, mode, n_bootstrap, seed)
        for p, s in zip(parts, starts)
    ]
    while len(level) > 1:
        level = [
            dask.delayed(_merge)(*level[i : i + split_every])
            for i in range(0, len(level), split_every)
        ]
    (total,) = dask.compute(level[0])
    assert isinstance(total, CorpusAccumulator)
    total.threads = scorer.config.threads
    total._notes.warn(scorer.config.profile)  # before finalize, which may raise
    return total.finalize(confidence=confidence, unit=unit)


# -- Near-duplicate filtering --


def _edges(
    texts: list[str],
    against: list[str],
    config: ScorerConfig,
    threshold: float,
    first: int,
    end: int,
) -> list[list[int]]:
    """For texts ``first..end``: the earlier documents (``against`` first) above the
    threshold, whatever became of them (runs on a worker, with its thread count)."""
    import rougekit._core as _core

    engine = config.profile.engine(config.types, _worker_threads())  # type: ignore[attr-defined]
    return _core.dedup_edges(engine, texts[:end], against, threshold, first, end)


def _slices(n: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` slices of ``0..n`` with about the same number of earlier texts to compare
    (text i has i): boundaries at n·sqrt(k / parts)."""
    cuts = sorted({round(n * (k / parts) ** 0.5) for k in range(parts + 1)})
    return [(a, b) for a, b in itertools.pairwise(cuts) if b > a]


def dedup(
    texts: Any,
    threshold: float = 0.7,
    *,
    against: Sequence[str] | None = None,
    tasks: int = 16,
    profile: Any = None,
    stemmer: bool | str | None = None,
    **options: Any,
) -> NDArray[np.int64]:
    """The kept indices of :func:`rougekit.dedup` (the self-instruct filter's decisions),
    computed on a Dask cluster.

    ``texts`` is a Dask Bag of strings or a sequence of them. The texts are gathered on the
    client (they are small beside the comparisons) and sent once to the workers; each of
    ``tasks`` tasks finds, for its slice of the texts, every earlier text and ``against``
    text whose rougeL F with it exceeds ``threshold``, whatever became of them; the client
    then takes the decisions in order from those edges (a text is kept when none of the
    texts it exceeds is kept), which are the sequential loop's. The pair comparisons are
    the distributed part: about the same number per task. Options as :func:`rougekit.dedup`.
    """
    dask = _dask()
    import numpy as np

    import rougekit._core as _core
    from rougekit.duplicates import check_threshold
    from rougekit.pairs import setup, text_list

    cut = check_threshold(threshold)
    run = setup("rougeL", profile, stemmer, 1, options)  # checked here, not on a worker
    if isinstance(tasks, bool) or not isinstance(tasks, int) or tasks < 1:
        raise ValueError(f"tasks must be a positive int, got {tasks!r}")
    items = list(texts.compute()) if isinstance(texts, dask.bag.Bag) else text_list(texts, "texts")
    seeds = [] if against is None else text_list(against, "against")
    shared = dask.delayed(items, traverse=False)
    seeds_shared = dask.delayed(seeds, traverse=False)
    graph = [
        dask.delayed(_edges)(shared, seeds_shared, run.config, cut, first, end)
        for first, end in _slices(len(items), tasks)
    ]
    edges: list[list[int]] = [e for part in _gather(graph) for e in part]
    kept = _core.dedup_resolve(len(seeds), edges)
    return np.flatnonzero(np.asarray(kept, dtype=bool)).astype(np.int64)
