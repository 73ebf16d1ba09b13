"""The arithmetic of pltrdy's ``rouge`` 1.0.1 and ``rouge-chinese`` 1.0.3 for checking an
explanation of the ``pltrdy-1.0.1`` and ``rouge-chinese-1.0.3`` profiles
(:meth:`rougekit.explain.Explanation.check`).

P = hits / prediction_total and R = hits / reference_total (0.0 when that total is 0), and
F = ``2 * ((P * R) / (P + R + 1e-8))`` in that order. The counts are recomputed from the
explanation's tokens: distinct n-grams (``"count": "distinct"``, the packages'
``exclusive=True``) or clipped ones; rouge 1.0.1's ROUGE-L from its listed LCSs (the
distinct words of their union, or the sum of their lengths); rouge-chinese's from its one
alignment. The first difference raises :class:`~rougekit.errors.ExplainCheckError`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rougekit.errors import ExplainCheckError

if TYPE_CHECKING:
    from rougekit.explain.schema import ExplanationDict, ReferenceExplanation, Text, TypeExplanation

Triple = tuple[float, float, float]


def fmeasure(p: float, r: float) -> float:
    """The packages' F: ``2 * ((p * r) / (p + r + 1e-8))``."""
    return 2.0 * ((p * r) / (p + r + 1e-8))


def formula(c: ReferenceExplanation) -> Triple:
    """(P, R, F) of one reference's counts."""
    hits, hyp, ref = c["hits"], c["prediction_total"], c["reference_total"]
    p = hits / hyp if hyp else 0.0
    r = hits / ref if ref else 0.0
    return float(p), float(r), fmeasure(float(p), float(r))


def _fail(t: TypeExplanation, what: str) -> ExplainCheckError:
    return ExplainCheckError(f"{t.get('kind')} ({t.get('count')}): {what}")


def _grams(tokens: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _check_ngram(t: TypeExplanation, c: ReferenceExplanation, p: list[str], r: list[str]) -> None:
    n, distinct = int(t["n"]), t["count"] == "distinct"
    hp, hr = _grams(p, n), _grams(r, n)
    if distinct:
        totals = (len(hp), len(hr), len(hp.keys() & hr.keys()))
    else:
        totals = (sum(hp.values()), sum(hr.values()), sum((hp & hr).values()))
    got = (c["prediction_total"], c["reference_total"], c["hits"])
    if got != totals:
        raise _fail(t, f"(prediction_total, reference_total, hits) {got} != recomputed {totals}")
    hits = 0
    for m in c["matches"]:
        gram = tuple(m["gram"])
        counts = (hp[gram], hr[gram])
        want = 1 if distinct else min(counts)
        if (m["prediction_count"], m["reference_count"]) != counts or m["hits"] != want:
            raise _fail(t, f"match {list(gram)} is not {counts} with {want} hits")
        if not len(m["prediction_at"]) == len(m["reference_at"]) == want:
            raise _fail(t, f"match {list(gram)} shows the wrong number of occurrences")
        for side, at, tokens in (("prediction", m["prediction_at"], p), ("reference",
                                 m["reference_at"], r)):  # fmt: skip
            for k in at:
                if tuple(tokens[k : k + n]) != gram:
                    raise _fail(t, f"{side} n-gram at {k} is not {list(gram)}")
        hits += want
    if hits != c["hits"]:
        raise _fail(t, f"the matches hold {hits} hits, not {c['hits']}")
    rest = sum(1 if distinct else m["reference_count"] - m["hits"] for m in c["missed"])
    if rest != c["reference_total"] - c["hits"]:
        raise _fail(t, f"the missed n-grams hold {rest}, not {c['reference_total'] - c['hits']}")


def _check_alignment(
    t: TypeExplanation, pairs: Sequence[Sequence[int]], p: list[str], r: list[str]
) -> None:
    last = (-1, -1)
    for i, j in pairs:
        if i <= last[0] or j <= last[1]:
            raise _fail(t, "an alignment does not increase on both sides")
        if p[i] != r[j]:
            raise _fail(t, f"aligned tokens {i} and {j} differ")
        last = (i, j)


def _check_union(
    t: TypeExplanation,
    c: ReferenceExplanation,
    pred: Text,
    ref: Text,
) -> None:
    p = [tok["compared"] for tok in pred["tokens"]]
    r = [tok["compared"] for tok in ref["tokens"]]
    distinct = t["count"] == "distinct"
    seen: set[str] = set()
    counted: set[int] = set()
    in_lcs: set[int] = set()
    aligned: set[int] = set()
    total = 0
    for step in c["lcs"]:
        pairs = step["alignment"]
        _check_alignment(t, pairs, p, r)
        for i, j in pairs:
            if pred["tokens"][i]["sentence"] != step["prediction_sentence"] or (
                ref["tokens"][j]["sentence"] != step["reference_sentence"]
            ):
                raise _fail(t, f"aligned tokens {i} and {j} are not in the LCS's sentences")
            in_lcs.add(i)
            aligned.add(j)
        total += int(step["times"]) * len(pairs)
        if distinct:
            new = []
            for i, j in pairs:  # in the prediction's order, as the package adds words
                if p[i] not in seen:
                    seen.add(p[i])
                    new.append(i)
                    counted.add(j)
            if new != list(step["counted"]):
                raise _fail(t, f"words entering the set at {new}, listed {step['counted']}")
    if distinct:
        want = (len(set(p)), len(set(r)), len(seen))
    else:
        want, counted = (len(p), len(r), total), aligned
    got = (c["prediction_total"], c["reference_total"], c["hits"])
    if got != want:
        raise _fail(t, f"(prediction_total, reference_total, hits) {got} != recomputed {want}")
    states = {"counted": counted, "not_counted": aligned - counted}
    states["unmatched"] = set(range(len(r))) - aligned
    for key in ("counted", "not_counted", "unmatched"):
        expected = states[key]
        listed = [k for s in c["sentences"] for k in s[key]]
        if len(listed) != len(set(listed)) or set(listed) != expected:
            raise _fail(t, f"the sentences' {key} tokens are not the LCSs'")
    if sorted(in_lcs) != list(c["prediction_in_lcs"]):
        raise _fail(t, "prediction_in_lcs is not the LCSs' prediction tokens")


def check_type(t: TypeExplanation, data: ExplanationDict) -> None:
    """Every number of one type of the explanation ``data``: the counts recomputed from the
    tokens and the matches, (P, R, F) ``==`` the stored floats."""
    refs = t["per_reference"]
    if t.get("rule") != "single" or len(refs) != 1 or t.get("reference") != 0:
        raise _fail(t, "one reference per prediction, rule 'single'")
    c = refs[0]
    for k in ("hits", "prediction_total", "reference_total", "precision", "recall", "fmeasure"):
        if t[k] != c[k]:
            raise _fail(t, f"{k} {t[k]!r} is not the reference's {c[k]!r}")
    pred, ref = data["prediction"], data["references"][0]
    p = [tok["compared"] for tok in pred["tokens"]]
    r = [tok["compared"] for tok in ref["tokens"]]
    if t["kind"] == "ngram":
        _check_ngram(t, c, p, r)
    elif t["kind"] == "union-lcs" and c.get("lcs") is not None:
        _check_union(t, c, pred, ref)
    elif t["kind"] == "union-lcs":
        distinct = t["count"] == "distinct"
        totals = (len(set(p)), len(set(r))) if distinct else (len(p), len(r))
        if (c["prediction_total"], c["reference_total"]) != totals:
            raise _fail(t, "the totals are not the token counts")
    elif t["kind"] == "lcs":
        if (c["prediction_total"], c["reference_total"]) != (len(p), len(r)):
            raise _fail(t, "the totals are not the token counts")
        if c.get("alignment") is not None:
            _check_alignment(t, c["alignment"], p, r)
            if len(c["alignment"]) != c["hits"]:
                raise _fail(t, f"the alignment has {len(c['alignment'])} pairs, not {c['hits']}")
    else:
        raise _fail(t, f"unknown kind {t['kind']!r}")
    got, want = (c["precision"], c["recall"], c["fmeasure"]), formula(c)
    if got != want:
        raise _fail(t, f"stored (P, R, F) {got} != recomputed {want}")
