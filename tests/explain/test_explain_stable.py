"""Explanations stay byte-identical: every registered profile's explanations of 30 shipped
pairs (their ``to_json``, terminal, notebook and page views) against a golden file made by
an earlier rougekit.

The golden file (``tests/golden/explain-stable.jsonl.xz``) holds, per profile and pair, the
SHA-256 of each output, and the outputs themselves for the first pairs of each profile (so a
failure shows what changed). A change that is meant to change explanations regenerates it:
``ROUGEKIT_REGENERATE_GOLDEN=1 python -m pytest tests/explain/test_explain_stable.py``, and
the diff of the stored outputs is reviewed.

The pairs: 12 XSum pairs (``tests/data/xsum-sample.jsonl``), 12 SummEval pairs with their
first two references (``tests/data/corpora/summeval-cnndm``, sentences on lines for
rougeLsum; the first only for a profile of one reference per prediction), 6 pairs of the
multilingual conformance set (Chinese, Japanese, Korean...). Profiles scoring token ids
get each text's words as ids (``profile_cases.word_ids``).
"""

from __future__ import annotations

import hashlib
import json
import lzma
import os
from typing import Any

import pytest
import rougekit as rk
import rougekit.profiles as profiles
from conftest import SAMPLE, TESTS_DIR, data_file, load_corpus, sentence_lines
from profile_cases import inputs, one_reference, required
from rougekit.explain import render

GOLDEN = TESTS_DIR / "golden" / "explain-stable.jsonl.xz"
REGENERATE = os.environ.get("ROUGEKIT_REGENERATE_GOLDEN") == "1"
#: Pairs per profile whose outputs are stored whole (the rest: digests only).
STORED = 2
#: Every type a profile may have; each profile explains those it takes.
CANDIDATE_TYPES = ("rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum", "rougeW", "rougeS4",
                   "rougeSU4", "rouge-1", "rouge-l")  # fmt: skip


def pairs() -> list[dict[str, Any]]:
    xsum = load_corpus(SAMPLE)[:12]
    summeval = [
        {"id": row["id"], "prediction": sentence_lines(row["prediction"]),
         "references": [sentence_lines(r) for r in row["references"][:2]]}
        for row in load_corpus(data_file("summeval-cnndm/summeval.jsonl"))[:12]
    ]  # fmt: skip
    multi = load_corpus(data_file("multilingual-conformance/pairs.jsonl"))[:6]
    keys = ("id", "prediction", "references")
    return [{k: row[k] for k in keys} for row in xsum + summeval + multi]


def explaining_profiles() -> list[str]:
    """Every registered profile that explains."""
    return [name for name in profiles.names() if make_scorer(name) is not None]


def make_scorer(name: str) -> rk.RougeScorer | None:
    """``name``'s scorer of every candidate type it takes (``None``: it does not explain)."""
    options = required(name)
    profile = profiles.create(name, **options)
    types = []
    for t in CANDIDATE_TYPES:
        try:
            types.extend(profile.normalize_types([t]))
        except ValueError:
            continue
    types = [t for t in dict.fromkeys(types) if t != "rougeLsum" or t in profile.default_types()]
    scorer = rk.RougeScorer(types, profile=name, **options)
    try:
        scorer.explain(*inputs(name, "a b", "a c"))
    except ValueError:
        return None
    return scorer


def outputs(name: str) -> list[dict[str, Any]]:
    scorer = make_scorer(name)
    assert scorer is not None
    out = []
    for row in pairs():
        refs_text = row["references"][:1] if one_reference(name) else row["references"]
        pred, refs = inputs(name, row["prediction"], refs_text)
        ex = scorer.explain(pred, refs, id=row["id"])
        views = {
            "json": ex.to_json(),
            "text": str(ex),
            "html": ex._repr_html_(),
            "page": str(render.page(ex.to_dict())),
        }
        out.append({"profile": name, "id": row["id"], "views": views})
    return out


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _record(entry: dict[str, Any], whole: bool) -> dict[str, Any]:
    views = entry["views"]
    rec: dict[str, Any] = {"profile": entry["profile"], "id": entry["id"]}
    rec["sha256"] = {k: _digest(v) for k, v in views.items()}
    if whole:
        rec["views"] = views
    return rec


def _golden() -> dict[tuple[str, str], dict[str, Any]]:
    with lzma.open(GOLDEN, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return {(r["profile"], r["id"]): r for r in rows}


if REGENERATE:
    records = []
    for _name in explaining_profiles():
        for _k, _entry in enumerate(outputs(_name)):
            records.append(_record(_entry, _k < STORED))
    with lzma.open(GOLDEN, "wt", encoding="utf-8", preset=9) as _f:
        for _rec in records:
            _f.write(json.dumps(_rec, ensure_ascii=False, sort_keys=True) + "\n")


def test_every_explaining_profile_is_in_the_golden_file():
    stored = {profile for profile, _ in _golden()}
    assert stored == set(explaining_profiles())


@pytest.mark.parametrize("name", explaining_profiles())
def test_explanations_unchanged(name):
    golden = _golden()
    rows = pairs()
    got = outputs(name)
    assert len(got) == len(rows) == 30
    for entry in got:
        want = golden[(name, entry["id"])]
        for view, text in entry["views"].items():
            if "views" in want:
                assert text == want["views"][view], f"{name} {entry['id']}: {view} changed"
            assert _digest(text) == want["sha256"][view], f"{name} {entry['id']}: {view} changed"
