"""ROUGE-1.5.5's arithmetic for checking an explanation of the ``perl-1.5.5`` profile
(:meth:`rougekit.explain.Explanation.check`): R and P from the counts, each rounded to 5
decimals (its ``%.5f``) before F is computed from the rounded values, and the two ways it
combines references, ``-f A`` (``"perl-A"``: counts summed over the references) and ``-f B``
(``"perl-B"``: the reference with the best recall). Spec ``docs/spec/rouge-1.5.5.md`` §8-§9.

The functions recompute from the integer counts (ROUGE-W: from its run lengths and sentence
lengths) in ROUGE-1.5.5's order of operations and raise
:class:`~rougekit.errors.ExplainCheckError` at the first number that differs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal

from rougekit.errors import ExplainCheckError

if TYPE_CHECKING:
    from rougekit.explain.schema import ReferenceExplanation, TypeExplanation

Triple = tuple[float, float, float]
Formula = Callable[["TypeExplanation", "ReferenceExplanation"], Triple]


def round5(x: float) -> float:
    """The number ROUGE-1.5.5 prints with ``%.5f`` and computes on."""
    return float(f"{x:.5f}")


def _inverse(t: TypeExplanation) -> Callable[[float], float]:
    """f⁻¹(y) = y ** (1/w) for ROUGE-W (C's ``pow``, as Perl's ``**``), else the identity."""
    if t["kind"] != "wlcs":
        return lambda y: y
    power = 1.0 / float(t["weight"])
    return lambda y: float(y**power)


def formula(t: TypeExplanation, c: ReferenceExplanation) -> Triple:
    """(P, R, F) of counts ``c`` of type ``t``: R = round5(hits / reference_total), P =
    round5(hits / prediction_total) (ROUGE-W: f⁻¹ of each ratio), 0 when a total is 0; F =
    round5(P*R / ((1 - alpha)*P + alpha*R)) from the rounded values, 0 when that denominator is not
    positive."""
    inverse = _inverse(t)
    hits, m, p = float(c["hits"]), float(c["reference_total"]), float(c["prediction_total"])
    r = round5(inverse(hits / m)) if m != 0.0 else 0.0
    prec = round5(inverse(hits / p)) if p != 0.0 else 0.0
    alpha = float(t["alpha"])
    denom = (1.0 - alpha) * prec + alpha * r
    f = round5(prec * r / denom) if denom > 0.0 else 0.0
    return prec, r, f


def _fail(t: TypeExplanation, what: str) -> ExplainCheckError:
    return ExplainCheckError(f"{t.get('kind')} ({t.get('rule')}): {what}")


def _check_weighted(t: TypeExplanation, c: ReferenceExplanation) -> None:
    """ROUGE-W's weighted counts from their integers: hits = Σ f(run length) over the runs in
    order, reference_total = f(Σ f(|sentence|)), f(k) = k ** w."""
    w = float(t["weight"])
    hits = 0.0
    for run in c["runs"]:
        value = float(run["length"]) ** w
        if value != run["value"]:
            raise _fail(t, f"run value {run['value']!r} != f({run['length']}) = {value!r}")
        hits += value
    if hits != c["hits"]:
        j = c["reference"]
        raise _fail(t, f"reference {j}: the runs add up to {hits!r}, not {c['hits']!r}")
    base = 0.0
    for s in c["sentences"]:
        base += float(len(s["counted"]) + len(s["not_counted"]) + len(s["unmatched"])) ** w
    if base != c["reference_base"] or base**w != c["reference_total"]:
        raise _fail(t, f"reference {c['reference']}: the sentence lengths give base {base!r}")


def select(t: TypeExplanation, c: ReferenceExplanation) -> float:
    """The recall ``-f B`` compares: ROUGE-N/S round5(hits / reference_total), ROUGE-L
    hits / reference_total unrounded, ROUGE-W f⁻¹(hits / Σ f(|sentence|)) (0 for an empty
    reference but ROUGE-W's)."""
    hits = float(c["hits"])
    if t["kind"] == "wlcs":
        return _inverse(t)(hits / float(c["reference_base"]))
    m = float(c["reference_total"])
    if m == 0.0:
        return 0.0
    return hits / m if t["kind"] == "union-lcs" else round5(hits / m)


#: The counts ``-f A`` sums, in its order.
_COUNTS: tuple[Literal["hits", "reference_total", "prediction_total"], ...] = (
    "hits", "reference_total", "prediction_total",
)  # fmt: skip


def rule_a(refs: Sequence[ReferenceExplanation], t: TypeExplanation, f: Formula) -> Triple:
    """``-f A``: hits and reference totals summed over the references (left to right, from
    0), the prediction's count added once per reference; the sums must be the type's."""
    sums: ReferenceExplanation = {"hits": 0.0, "reference_total": 0.0, "prediction_total": 0.0}
    for c in refs:
        if t["kind"] == "wlcs":
            _check_weighted(t, c)
        for k in _COUNTS:
            sums[k] += float(c[k])
    for k in _COUNTS:
        if sums[k] != t[k]:
            raise _fail(t, f"{k} {t[k]!r} is not the references' sum {sums[k]!r}")
    if t.get("reference") is not None:
        raise _fail(t, "the pooled rule chooses no reference")
    return f(t, sums)


def rule_b(refs: Sequence[ReferenceExplanation], t: TypeExplanation, f: Formula) -> Triple:
    """``-f B``: the first reference with the highest recall (:func:`select`); its counts
    with the prediction's count once."""
    best, chosen = -1.0, None
    for j, c in enumerate(refs):
        if t["kind"] == "wlcs":
            _check_weighted(t, c)
        s = select(t, c)
        if s != c["select"]:
            raise _fail(t, f"reference {j}: 'select' {c['select']!r} != recomputed {s!r}")
        if s > best:
            best, chosen = s, j
    if t.get("reference") != chosen:
        raise _fail(t, f"reference {t.get('reference')} chosen, -f B picks {chosen}")
    if chosen is None:
        return 0.0, 0.0, 0.0
    c = refs[chosen]
    for k in ("hits", "prediction_total", "reference_total"):
        if t[k] != c[k]:
            raise _fail(t, f"{k} {t[k]!r} is not the chosen reference's {c[k]!r}")
    return f(t, c)


#: The rules by the name an explanation's type carries.
RULES: dict[str, Callable[[Sequence[ReferenceExplanation], TypeExplanation, Formula], Triple]] = {
    "perl-A": rule_a,
    "perl-B": rule_b,
}


def _check_witnesses(t: TypeExplanation, c: ReferenceExplanation) -> None:
    """What one reference's matches must add up to: the clipped n-gram and skip-bigram
    matches to its hits (and the missed n-grams to the rest of the reference's), the
    summary-level ROUGE-L union's counted tokens to its hits, each token listed once."""
    j, kind = c["reference"], t["kind"]
    if kind in ("ngram", "skip-bigram") and c.get("matches") is not None:
        hits = 0
        for m in c["matches"]:
            if m["hits"] != min(m["prediction_count"], m["reference_count"]) or m["hits"] < 1:
                raise _fail(t, f"reference {j}: match {m} is not clipped")
            if (
                kind == "ngram"
                and not len(m["prediction_at"]) == len(m["reference_at"]) == m["hits"]
            ):
                raise _fail(t, f"reference {j}: match {m['gram']} has {m['hits']} hits")
            hits += m["hits"]
        if hits != c["hits"]:
            raise _fail(t, f"reference {j}: the matches hold {hits} hits, not {c['hits']}")
        if kind == "ngram":
            rest = sum(m["reference_count"] - m["hits"] for m in c["missed"])
            if rest != c["reference_total"] - c["hits"]:
                raise _fail(t, f"reference {j}: the missed n-grams are not the rest")
    if kind in ("union-lcs", "wlcs"):
        listed = [k for s in c["sentences"] for part in ("counted", "not_counted", "unmatched")
                  for k in s[part]]  # fmt: skip
        if len(set(listed)) != len(listed):
            raise _fail(t, f"reference {j}: a token is listed twice")
        counted = sum(len(s["counted"]) for s in c["sentences"])
        if kind == "union-lcs" and counted != c["hits"]:
            raise _fail(t, f"reference {j}: {counted} tokens counted, hits {c['hits']}")
        if kind == "wlcs" and sum(r["length"] for r in c["runs"]) > counted:
            raise _fail(t, f"reference {j}: the runs hold more hits than were counted")


def check_type(t: TypeExplanation) -> None:
    """Every number of one type of a ``perl-1.5.5`` explanation: each reference's (P, R, F)
    alone, then the rule's, ``==`` the stored floats, and the matches add up to the counts.
    A type that carries ROUGE-1.5.5's failure (ROUGE-W on a reference without tokens)
    scores 0."""
    if "failure" in t:
        if (t["precision"], t["recall"], t["fmeasure"]) != (0.0, 0.0, 0.0):
            raise _fail(t, "a failed type must score 0")
        return
    refs = t["per_reference"]
    for c in refs:
        got, want = (c["precision"], c["recall"], c["fmeasure"]), formula(t, c)
        if got != want:
            raise _fail(t, f"reference {c['reference']}: stored {got} != recomputed {want}")
        _check_witnesses(t, c)
    rule = RULES.get(str(t["rule"]))
    if rule is None:
        raise _fail(t, f"unknown rule {t['rule']!r}")
    got, want = (t["precision"], t["recall"], t["fmeasure"]), rule(refs, t, formula)
    if got != want:
        raise _fail(t, f"stored {got} != the rule's {want}")
