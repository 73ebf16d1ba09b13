"""Explanations from a scorer: its core scorer's records, and pairs explained in
chunks (each chunk in parallel in the core, with the GIL released)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import rougekit.signature as sig
from rougekit.explain.derive import SCHEMA, check_ids, pairs_of, records, refuse_unexplained
from rougekit.explain.model import Explanation
from rougekit.explain.schema import Head

#: Pairs explained per call into the core when streaming.
CHUNK = 1024


def explain_pairs(
    scorer: Any,
    predictions: Any,
    references: Any,
    ids: Any,
    *,
    single: bool = False,
    chunk: int = CHUNK,
) -> Iterator[Explanation]:
    """The explanations of the pairs, in order, ``chunk`` pairs per call into the core.

    Every argument is checked now, by the rules and with the messages of ``score_batch``
    (``single``: of ``score``, for one pair: ``predictions`` and ``references`` are then
    that pair's, ``ids`` its id or ``None``); the pairs are explained as the iterator is
    read."""
    refuse_unexplained(scorer)  # a profile without explanations says so now
    preds, refs = pairs_of(scorer, predictions, references, single=single)
    checked = check_ids(ids, len(preds), single=single)
    return _explained(scorer, preds, refs, checked, chunk)


def _explained(
    scorer: Any,
    predictions: list[Any],
    references: list[list[Any]],
    ids: list[str] | None,
    chunk: int,
) -> Iterator[Explanation]:
    profile = scorer.config.profile
    signatures: dict[int, str] = {}
    for start in range(0, len(predictions), max(chunk, 1)):
        preds = predictions[start : start + chunk]
        refs = references[start : start + chunk]
        for k, record in enumerate(records(scorer, preds, refs)):
            nrefs = len(refs[k])
            if nrefs not in signatures:
                signatures[nrefs] = str(scorer.signature(sig.nrefs_field(nrefs, nrefs)))
            head: Head = {
                "schema": SCHEMA,
                "signature": signatures[nrefs],
                "id": None if ids is None else ids[start + k],
                "profile": profile.NAME,
            }
            yield Explanation._from_core(record, scorer, head)
