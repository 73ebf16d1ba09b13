"""A hand-made explanation dict of the ``rougekit.explain/1`` schema (one pair, four types,
counted by hand), for the views' tests: they read the dict only, whatever made it.

prediction ``The cat cat sat on the mat.``, reference ``The cat was on the mat.\\nThe dog
sat.`` (two sentences), rouge-score's tokens, no stemming.
"""

from __future__ import annotations

import copy
from typing import Any

PRED = "The cat cat sat on the mat."
REF = "The cat was on the mat.\nThe dog sat."


def _tokens(text: str, sentences: list[int]) -> list[dict[str, Any]]:
    out, at = [], 0
    for word, sentence in zip(text.replace(".", " ").split(), sentences):
        start = text.index(word, at)
        at = start + len(word)
        out.append(
            {
                "text": word,
                "start": start,
                "end": at,
                "compared": word.lower(),
                "sentence": sentence,
            }
        )
    return out


def _f(p: float, r: float) -> float:
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


def _type(
    kind: str, hits: int, pt: int, rt: int, detail: dict[str, Any], **extra: Any
) -> dict[str, Any]:
    p, r = hits / pt, hits / rt
    per = {"reference": 0, "hits": hits, "prediction_total": pt, "reference_total": rt,
           "precision": p, "recall": r, "fmeasure": _f(p, r), **detail}  # fmt: skip
    return {
        "kind": kind, **extra, "rule": "best-f", "jackknife": False, "reference": 0,
        "hits": hits, "prediction_total": pt, "reference_total": rt,
        "precision": p, "recall": r, "fmeasure": _f(p, r),
        "formula": "P = hits / pred; R = hits / ref; F = 2PR / (P + R)",
        "per_reference": [per],
    }  # fmt: skip


def _m(gram: str, pc: int, rc: int, hits: int, pa: list[int], ra: list[int]) -> dict[str, Any]:
    return {"gram": gram.split(), "prediction_count": pc, "reference_count": rc, "hits": hits,
            "prediction_at": pa, "reference_at": ra}  # fmt: skip


def explanation() -> dict[str, Any]:
    """A fresh copy of the dict."""
    return copy.deepcopy(_FIXTURE)


_FIXTURE: dict[str, Any] = {
    "schema": "rougekit.explain/1",
    "signature": "rougekit:0.1.0|profile:rouge-score|types:rouge1,rouge2,rougeL,rougeLsum|stem:no",
    "id": "pair-1",
    "profile": "rouge-score",
    "prediction": {"text": PRED, "tokens": _tokens(PRED, [0] * 7), "dropped": [], "sentences": 1},
    "references": [
        {"text": REF, "tokens": _tokens(REF, [0] * 6 + [1] * 3), "dropped": [], "sentences": 2}
    ],
    "types": {
        "rouge1": _type(
            "ngram",
            6,
            7,
            9,
            {
                "matches": [
                    _m("the", 2, 3, 2, [0, 5], [0, 4]),
                    _m("cat", 2, 1, 1, [1], [1]),
                    _m("sat", 1, 1, 1, [3], [8]),
                    _m("on", 1, 1, 1, [4], [3]),
                    _m("mat", 1, 1, 1, [6], [5]),
                ],
                "missed": [
                    {"gram": ["the"], "reference_count": 3, "hits": 2},
                    {"gram": ["was"], "reference_count": 1, "hits": 0},
                    {"gram": ["dog"], "reference_count": 1, "hits": 0},
                ],
                "witness": "first occurrences up to the clipped count",
            },
            n=1,
        ),
        "rouge2": _type(
            "ngram",
            3,
            6,
            8,
            {
                "matches": [
                    _m("the cat", 1, 1, 1, [0], [0]),
                    _m("on the", 1, 1, 1, [4], [3]),
                    _m("the mat", 1, 1, 1, [5], [4]),
                ],
                "missed": [
                    {"gram": g.split(), "reference_count": 1, "hits": 0}
                    for g in ("cat was", "was on", "mat the", "the dog", "dog sat")
                ],
                "witness": "first occurrences up to the clipped count",
            },
            n=2,
        ),
        "rougeL": _type(
            "lcs",
            5,
            7,
            9,
            {
                "alignment": [[0, 0], [1, 1], [4, 3], [5, 4], [6, 5]],
                "witness": "rouge-score backtrack",
            },
        ),
        "rougeLsum": _type(
            "union-lcs",
            6,
            7,
            9,
            {
                "sentences": [
                    {
                        "sentence": 0,
                        "counted": [0, 1, 3, 4, 5],
                        "not_counted": [],
                        "unmatched": [2],
                    },
                    {"sentence": 1, "counted": [8], "not_counted": [6], "unmatched": [7]},
                ],
                "prediction_in_lcs": [0, 1, 3, 4, 5, 6],
            },
        ),
    },
}
