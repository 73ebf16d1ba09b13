"""Real corpora: rougekit vs rouge-score 0.1.2, every pair, every float compared with ``!=``.

For each corpus file and stemmer setting, rouge-score's ``score_multi(references, prediction)``
is computed once (in worker processes: it is slow) and shared by three checks:
(a) ``RougeScorer.score_batch`` columns, (b) ``RougeScorer.score`` pair by pair,
(c) ``rougekit.compat`` ``score_multi`` (values and int-vs-float types).
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import rougekit
from conftest import (
    ALL_TYPES,
    FIELDS,
    corpus_params,
    load_corpus,
    mismatch_report,
    rouge_score_chunk,
    snippet,
)
from rougekit.compat import rouge_scorer as compat_rouge_scorer

pytestmark = pytest.mark.filterwarnings("ignore::rougekit.NoTokensWarning")

CHUNK = 250


class Oracle:
    """rouge-score's per-pair scores of one (file, stemmer): float arrays + int flags."""

    def __init__(self, rows: list[dict[str, Any]], raw: list[list[tuple[Any, Any, Any]]]):
        self.rows = rows
        self.n = len(rows)
        # values[type][field] -> float64 array; is_int[type] -> bool array (rouge-score's
        # int (0, 0, 0) triples of rougeL / rougeLsum).
        self.values: dict[str, dict[str, np.ndarray]] = {}
        self.is_int: dict[str, np.ndarray] = {}
        for k, t in enumerate(ALL_TYPES):
            triples = [pair[k] for pair in raw]
            self.values[t] = {
                f: np.array([float(tr[j]) for tr in triples], dtype=np.float64)
                for j, f in enumerate(FIELDS)
            }
            self.is_int[t] = np.array([type(tr[2]) is int for tr in triples], dtype=bool)
            for tr in triples:
                assert len({type(v) for v in tr}) == 1, f"mixed int/float triple {tr!r}"


@pytest.fixture(scope="module")
def oracle():
    """``get(path, stemmer) -> Oracle``, each computed once per module run."""
    cache: dict[tuple[Path, bool], Oracle] = {}
    workers = max(1, min(4, os.cpu_count() or 1))
    # spawn, not fork: the parent has rougekit's worker threads running.
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))

    def get(path: Path, stemmer: bool) -> Oracle:
        key = (path, stemmer)
        if key not in cache:
            rows = load_corpus(path)
            pairs = [(r["references"], r["prediction"]) for r in rows]
            chunks = [
                (ALL_TYPES, stemmer, pairs[i : i + CHUNK]) for i in range(0, len(pairs), CHUNK)
            ]
            raw = [pair for chunk in pool.map(rouge_score_chunk, chunks) for pair in chunk]
            assert len(raw) == len(rows)
            cache[key] = Oracle(rows, raw)
        return cache[key]

    yield get
    pool.shutdown()


def _describe(o: Oracle, i: int, t: str, f: str, got: Any) -> str:
    row = o.rows[i]
    want = float(o.values[t][f][i])
    return (
        f"pair {i} id={row['id']!r} {t}.{f}: rouge-score {want!r} rougekit {got!r} "
        f"pred={snippet(row['prediction'])!r} ref0={snippet(row['references'][0])!r}"
    )


CORPORA = corpus_params()
STEM = [pytest.param(False, id="nostem"), pytest.param(True, id="stem")]


@pytest.mark.parametrize("stemmer", STEM)
@pytest.mark.parametrize("path", CORPORA)
def test_score_batch_columns(path, stemmer, oracle):
    o = oracle(path, stemmer)
    scorer = rougekit.RougeScorer(ALL_TYPES, stemmer=stemmer)
    batch = scorer.score_batch([r["prediction"] for r in o.rows], [r["references"] for r in o.rows])
    assert len(batch) == o.n
    mismatches = []
    for t in ALL_TYPES:
        for f in FIELDS:
            got = np.asarray(getattr(batch, f)(t))
            assert got.shape == (o.n,), f"{t}.{f}: shape {got.shape}"
            for i in np.flatnonzero(got != o.values[t][f]):
                mismatches.append(_describe(o, int(i), t, f, float(got[i])))
    total = o.n * len(ALL_TYPES) * len(FIELDS)
    assert not mismatches, mismatch_report(mismatches, total, "floats of score_batch")


@pytest.mark.parametrize("stemmer", STEM)
@pytest.mark.parametrize("path", CORPORA)
def test_score_pair_by_pair(path, stemmer, oracle):
    o = oracle(path, stemmer)
    scorer = rougekit.RougeScorer(ALL_TYPES, stemmer=stemmer)
    mismatches = []
    for i, row in enumerate(o.rows):
        got = scorer.score(row["prediction"], row["references"])
        assert list(got) == list(ALL_TYPES)
        for t in ALL_TYPES:
            for f, v in zip(FIELDS, got[t]):
                if v != o.values[t][f][i]:
                    mismatches.append(_describe(o, i, t, f, v))
    total = o.n * len(ALL_TYPES) * len(FIELDS)
    assert not mismatches, mismatch_report(mismatches, total, "floats of score()")


@pytest.mark.parametrize("stemmer", STEM)
@pytest.mark.parametrize("path", CORPORA)
def test_compat_score_multi(path, stemmer, oracle):
    o = oracle(path, stemmer)
    scorer = compat_rouge_scorer.RougeScorer(list(ALL_TYPES), use_stemmer=stemmer)
    mismatches = []
    for i, row in enumerate(o.rows):
        got = scorer.score_multi(row["references"], row["prediction"])
        assert list(got) == list(ALL_TYPES)
        for t in ALL_TYPES:
            for f, v in zip(FIELDS, got[t]):
                if v != o.values[t][f][i]:
                    mismatches.append(_describe(o, i, t, f, v))
                elif (type(v) is int) != o.is_int[t][i]:
                    mismatches.append(
                        _describe(o, i, t, f, v) + f" (type {type(v).__name__} differs)"
                    )
    total = o.n * len(ALL_TYPES) * len(FIELDS)
    assert not mismatches, mismatch_report(mismatches, total, "values of compat score_multi")
