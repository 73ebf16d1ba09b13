"""Checks an explanation (:meth:`Explanation.check`): re-derives it, then recomputes its
numbers from its counts.

The dict's texts are explained again with the scorer given (without one: the scorer its
signature records, rebuilt), and the dict must equal that explanation in every key and value
(tokens, spans, compared forms, matches, missed n-grams, every reference's counts and
scores, the chosen reference, rule, kind, witnesses): nothing the dict asserts is taken from
it. The first difference raises :class:`rougekit.errors.ExplainCheckError` naming the field
by its path (``types.rouge1.per_reference[1].matches[0].gram``), as does a malformed dict.

Then every float is recomputed with the profile's formula in the profile's order of operations,
then combined over the references by the named rule, and compared with ``==`` (never a
tolerance) to the stored floats and, when the scorer is given, to ``scorer.score``. The
matches must add up to the counts they explain. The first difference raises
:class:`rougekit.errors.ExplainCheckError` naming the type, the reference and the field.
"""

from __future__ import annotations

import math
import struct
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import rougekit.explain.derive as derive
import rougekit.profiles as profiles
from rougekit.errors import ExplainCheckError
from rougekit.explain.schema import (
    ExplanationDict,
    ReferenceExplanation,
    Text,
    Token,
    TypeExplanation,
)
from rougekit.profiles.engine import MULTIREF_RULES

Triple = tuple[float, float, float]
Recompute = Callable[[TypeExplanation, ReferenceExplanation], Triple]


def fmeasure(p: float, r: float) -> float:
    """rouge-score's ``2 * P * R / (P + R)``, left to right, 0 when ``P + R`` is 0."""
    return 2.0 * p * r / (p + r) if p + r > 0.0 else 0.0


def ratio(t: TypeExplanation, c: ReferenceExplanation) -> Triple:
    """hits / max(total, 1) on each side (rouge-score's ``_score_ngrams`` and ``_score_lcs``;
    its LCS types' ``(0, 0, 0)`` for an empty side gives the same floats)."""
    hits = float(c["hits"])
    p = hits / max(float(c["prediction_total"]), 1.0)
    r = hits / max(float(c["reference_total"]), 1.0)
    return p, r, fmeasure(p, r)


def wlcs(t: TypeExplanation, c: ReferenceExplanation) -> Triple:
    """ROUGE-W: f(k) = k**w; R = f⁻¹(WLCS / f(|ref|)), P = f⁻¹(WLCS / f(|pred|)), exactly
    1 when one run covers that side, at most 1 otherwise (``engine/rouge_w.rs``)."""
    w = float(t["weight"])
    hits = float(c["hits"])
    fp, fr = _f_total(c, "prediction", w), _f_total(c, "reference", w)
    if hits == 0.0:
        p = 0.0 / max(fp, 1.0)
        r = 0.0 / max(fr, 1.0)
        return p, r, fmeasure(p, r)
    r = 1.0 if c.get("whole_reference") else min((hits / fr) ** (1.0 / w), 1.0)
    p = 1.0 if c.get("whole_prediction") else min((hits / fp) ** (1.0 / w), 1.0)
    return p, r, min(fmeasure(p, r), 1.0)


def _f_total(c: ReferenceExplanation, side: str, w: float) -> float:
    """f of a side's length; pooled counts carry the sum of the references' f."""
    if side == "prediction":
        weight, total = c.get("prediction_weight"), c["prediction_total"]
    else:
        weight, total = c.get("reference_weight"), c["reference_total"]
    if weight is not None:
        return float(weight)
    return float(float(total) ** w)


def engine_formula(t: TypeExplanation, c: ReferenceExplanation) -> Triple:
    return wlcs(t, c) if t["kind"] == "wlcs" else ratio(t, c)


def _first_max(triples: Sequence[Triple], key: Callable[[Triple], float]) -> int:
    best = 0
    for i, s in enumerate(triples):
        if key(s) > key(triples[best]):  # strict: the earliest wins ties
            best = i
    return best


def _float32(x: float) -> float:
    value: float = struct.unpack("f", struct.pack("f", x))[0]
    return value


def _mean(triples: Sequence[Triple]) -> Triple:
    sp = sr = sf = 0.0
    for p, r, f in triples:  # summed left to right, divided once
        sp, sr, sf = sp + p, sr + r, sf + f
    k = float(len(triples))
    return sp / k, sr / k, sf / k


def pooled_counts(t: TypeExplanation, refs: Sequence[ReferenceExplanation]) -> ReferenceExplanation:
    """The references' counts summed left to right (ROUGE-1.5.5's ``-f A``)."""
    out: ReferenceExplanation = {
        "hits": 0.0,
        "prediction_total": 0.0,
        "reference_total": 0.0,
    }
    for k in ("hits", "prediction_total", "reference_total"):
        acc = float(refs[0][k])
        for c in refs[1:]:
            acc = acc + float(c[k])
        out[k] = acc
    if t["kind"] == "wlcs":
        w = float(t["weight"])
        weights = []
        for side in ("prediction", "reference"):
            acc = _f_total(refs[0], side, w)
            for c in refs[1:]:
                acc = acc + _f_total(c, side, w)
            weights.append(acc)
        out["prediction_weight"], out["reference_weight"] = weights
        out["whole_prediction"] = all(c.get("whole_prediction") for c in refs)
        out["whole_reference"] = all(c.get("whole_reference") for c in refs)
    return out


def combine(
    rule: str,
    t: TypeExplanation,
    refs: Sequence[ReferenceExplanation],
    formula: Recompute,
) -> tuple[Triple, int | None]:
    """The rule's triple over ``refs`` and the chosen one's position (``None``: pooled or
    mean over several)."""
    if len(refs) == 1:
        return formula(t, refs[0]), 0
    if rule == "pooled":
        return formula(t, pooled_counts(t, refs)), None
    triples = [formula(t, c) for c in refs]
    if rule == "mean":
        return _mean(triples), None
    keys: dict[str, Callable[[Triple], float]] = {
        "best-f": lambda s: s[2],
        "best-recall": lambda s: s[1],
        "best-f-float32": lambda s: _float32(s[2]),
    }
    if rule not in keys:
        raise ExplainCheckError(f"unknown multi-reference rule {rule!r}")
    best = _first_max(triples, keys[rule])
    return triples[best], best


def check(data: Any, scorer: Any = None) -> None:
    """Raises :class:`ExplainCheckError` at the first field that differs from the
    explanation of the dict's texts, or at the first number or invariant that differs."""
    fresh = rederive(data, scorer)
    same(data, fresh)
    recompute(fresh, scorer)


#: Scorers rebuilt from signatures (a few: a corpus's explanations share one).
_REBUILT: dict[str, derive.SignedScorer] = {}


def rederive(data: Any, scorer: Any = None) -> ExplanationDict:
    """The explanation of ``data``'s texts (and id) by ``scorer``, or by the scorer its
    signature records when ``scorer`` is ``None``."""
    if not isinstance(data, Mapping):
        raise ExplainCheckError(f"an explanation is a dict, got {type(data).__name__}")
    if scorer is None:
        scorer = _rebuilt(data.get("signature"))
    ids = scorer.config.profile.INPUT != "text"
    pred = _input(_get(data, "prediction", Mapping, ""), "prediction", ids)
    refs = _get(data, "references", list, "")
    if not refs:
        raise ExplainCheckError("references: an empty list (an explanation has a reference)")
    refs_in = [
        _input(_at(refs, k, Mapping, "references"), f"references[{k}]", ids)
        for k in range(len(refs))
    ]
    ident = _get(data, "id", (str, type(None)), "")
    try:
        with warnings.catch_warnings():  # explaining already said what score() would warn
            warnings.simplefilter("ignore")
            return derive.explained_dict(scorer, pred, refs_in, ident)
    except (TypeError, ValueError) as e:
        raise ExplainCheckError(
            f"the dict's texts cannot be explained by its scorer: {e}"
        ) from None


def _rebuilt(signature: Any) -> derive.SignedScorer:
    if not isinstance(signature, str):
        raise ExplainCheckError(
            f"signature: {_kind(signature)}, not a signature: without the scorer, check() "
            "rebuilds it from the signature"
        )
    made = _REBUILT.get(signature)
    if made is None:
        try:
            made = derive.scorer_of_signature(signature)
        except (TypeError, ValueError) as e:
            raise ExplainCheckError(
                f"signature: this rougekit cannot rebuild the scorer it records ({e}); check "
                "with the scorer that made the explanation: Explanation(data, scorer=scorer)"
            ) from None
        if len(_REBUILT) >= 16:
            _REBUILT.clear()
        _REBUILT[signature] = made
    return made


def _input(text: Text, where: str, ids: bool) -> Any:
    """A text's input: its ``text``, or for token ids its ``ids``."""
    if not ids:
        return _get(text, "text", str, where)
    if "ids" in text:
        seq = _get(text, "ids", list, where)
    else:
        seq = [_get(_at(_get(text, "tokens", list, where), k, Mapping, f"{where}.tokens"), "id",
                    int, f"{where}.tokens[{k}]") for k in range(len(text["tokens"]))]  # fmt: skip
    for k, value in enumerate(seq):
        if type(value) is not int:
            raise ExplainCheckError(f"{where}.ids[{k}]: {_kind(value)}, not an int token id")
    return seq


def _get(m: Mapping[str, Any], key: str, kind: Any, where: str) -> Any:
    path = f"{where}.{key}" if where else key
    if key not in m:
        raise ExplainCheckError(f"{path}: missing")
    value = m[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ExplainCheckError(f"{path}: {_kind(value)}, not what an explanation holds there")
    return value


def _at(items: list[Any], k: int, kind: Any, where: str) -> Any:
    value = items[k]
    if not isinstance(value, kind):
        raise ExplainCheckError(f"{where}[{k}]: {_kind(value)}, not what an explanation holds")
    return value


def _kind(value: Any) -> str:
    return f"{type(value).__name__} {_show(value)}"


def _show(value: Any) -> str:
    """A short, printable rendering of a value of the dict (which may be hostile: a huge
    int, a long text, control characters)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"<an int of {value.bit_length()} bits>"
    if isinstance(value, (dict, list, tuple)) and len(value) > 8:
        return f"<a {type(value).__name__} of {len(value)} items>"
    try:
        text = ascii(value)
    except Exception:  # a hostile __repr__
        return f"<a {type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def same(data: Any, fresh: ExplanationDict) -> None:
    """``data`` equals ``fresh`` in every key and value (key order aside; numbers by value,
    as ``==`` compares them: ``1`` and ``1.0`` are one JSON number; NaN equals NaN), else
    :class:`ExplainCheckError` at the first field that differs."""
    if data == fresh:  # in C: the usual case costs little next to explaining the pair
        return
    _walk(data, fresh, "")


def _walk(got: Any, want: Any, path: str) -> None:
    here = path or "the explanation"
    if isinstance(want, Mapping):
        if not isinstance(got, Mapping):
            raise ExplainCheckError(f"{here}: {_kind(got)}, the texts give a dict")
        for key in want:
            sub = f"{path}.{key}" if path else str(key)
            if key not in got:
                raise ExplainCheckError(f"{sub}: missing")
            _walk(got[key], want[key], sub)
        for key in got:
            if key not in want:
                sub = f"{path}.{_show(key)}" if path else _show(key)
                raise ExplainCheckError(f"{sub}: a key the explanation of the texts does not have")
        return
    if isinstance(want, (list, tuple)):
        if not isinstance(got, (list, tuple)):
            raise ExplainCheckError(f"{here}: {_kind(got)}, the texts give a list")
        for k in range(min(len(got), len(want))):
            _walk(got[k], want[k], f"{path}[{k}]")
        if len(got) != len(want):
            raise ExplainCheckError(
                f"{here}: {len(got)} items, the explanation of the texts has {len(want)}"
            )
        return
    if not _equal(got, want):
        if isinstance(got, str) and isinstance(want, str):
            at = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), None)
            at = min(len(got), len(want)) if at is None else at
            cut = max(at - 20, 0)
            raise ExplainCheckError(
                f"{here}: differs at character {at}: the dict has "
                f"{_show(got[cut : at + 40])}, the explanation of the texts "
                f"{_show(want[cut : at + 40])}"
            )
        raise ExplainCheckError(
            f"{here}: the dict has {_kind(got)}, the explanation of the texts {_kind(want)}"
        )


def _equal(got: Any, want: Any) -> bool:
    if isinstance(want, float) and math.isnan(want):
        return isinstance(got, float) and math.isnan(got)
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        # A number is a number: a str, None or a list in its place is not.
        return isinstance(got, (int, float)) and got == want
    if isinstance(want, bool):
        return isinstance(got, (bool, int, float)) and got == want
    return type(got) is type(want) and bool(got == want)


def recompute(data: ExplanationDict, scorer: Any = None) -> None:
    """Recomputes every float of a well-formed explanation from its counts with the
    profile's formula and rule and compares (``==``) with the stored floats and, when the
    scorer is given, with ``scorer.score``."""
    profile = str(data.get("profile"))
    _check_texts(data)
    # A profile checks its own arithmetic; the rest is the rouge-score family's (also for a
    # profile this version does not have: its dict is then checked as far as it goes).
    own = profiles.get(profile).explanation_check() if profile in profiles.names() else None
    expected: dict[str, Any] | None = None
    if scorer is not None:
        refs = [r["text"] if r.get("text") is not None else _ids(r) for r in data["references"]]
        pred = data["prediction"]
        pred_in = pred["text"] if pred.get("text") is not None else _ids(pred)
        with warnings.catch_warnings():  # explaining already said what score() would warn
            warnings.simplefilter("ignore")
            expected = dict(scorer.score(pred_in, refs if len(refs) != 1 else refs[0]))
    for name, t in data["types"].items():
        if own is not None:
            try:
                own(t, data)
            except ExplainCheckError as e:
                raise ExplainCheckError(f"{name}: {e}") from None
        else:
            _check_type(name, t, data, engine_formula)
        if expected is not None:
            got = (t["precision"], t["recall"], t["fmeasure"])
            want = tuple(expected[name])
            if got != want:
                raise ExplainCheckError(
                    f"{name}: the explanation's (P, R, F) {got} differ from scorer.score's {want}"
                )


def _ids(text: Text) -> list[int]:
    return [int(tok["id"]) for tok in text["tokens"]] if "ids" not in text else list(text["ids"])


def _check_texts(data: ExplanationDict) -> None:
    for label, text in [("prediction", data["prediction"])] + [
        (f"reference {i}", r) for i, r in enumerate(data["references"])
    ]:
        s = text.get("text")
        if s is None:
            continue
        _check_spans(label, s, text["tokens"])
        if "line_tokens" in text:
            _check_spans(f"{label} line", s, text["line_tokens"])
        for d in text.get("dropped", ()):
            if s[d["start"] : d["end"]] != d["text"]:
                raise ExplainCheckError(f"{label}: a dropped span does not slice the text")


def _check_spans(label: str, s: str, tokens: Sequence[Token]) -> None:
    """Each token's span slices its surface out of the text, and the spans go forward."""
    last = (0, 0)
    for k, tok in enumerate(tokens):
        if s[tok["start"] : tok["end"]] != tok["text"]:
            raise ExplainCheckError(
                f"{label} token {k}: text[{tok['start']}:{tok['end']}] is "
                f"{s[tok['start'] : tok['end']]!r}, not its surface {tok['text']!r}"
            )
        # Tokens made from one source character (NFKC's `½`, a folded mark) share it:
        # spans never go back, they may overlap.
        if tok["start"] < last[0] or tok["end"] < last[1] or tok["start"] >= tok["end"]:
            raise ExplainCheckError(f"{label} token {k}: its span goes back in the text")
        last = (tok["start"], tok["end"])


def _fail(name: str, where: str, what: str) -> ExplainCheckError:
    return ExplainCheckError(f"{name}{where}: {what}")


def _check_type(name: str, t: TypeExplanation, data: ExplanationDict, formula: Recompute) -> None:
    refs = t["per_reference"]
    if len(refs) != len(data["references"]):
        raise _fail(name, "", f"{len(refs)} per-reference entries for {len(data['references'])}")
    for j, c in enumerate(refs):
        where = f", reference {j}"
        got = (c["precision"], c["recall"], c["fmeasure"])
        want = formula(t, c)
        if got != want:
            raise _fail(name, where, f"stored (P, R, F) {got} != recomputed {want}")
        _check_matches(name, where, t, c, data["prediction"], data["references"][j])
    rule = str(t["rule"])
    if rule not in MULTIREF_RULES:  # never passed unchecked
        raise _fail(name, "", f"unknown multi-reference rule {rule!r}")
    chosen: int | None
    if t.get("jackknife") and len(refs) >= 2:
        rounds = []
        for left_out in range(len(refs)):
            subset = [c for j, c in enumerate(refs) if j != left_out]
            rounds.append(combine(rule, t, subset, formula)[0])
        for s, sub in zip(rounds, t.get("jackknife_subsets", ())):
            if (sub["precision"], sub["recall"], sub["fmeasure"]) != s:
                raise _fail(name, f", without reference {sub['left_out']}", "subset differs")
        final, chosen = _mean(rounds), None
    else:
        final, chosen = combine(rule, t, refs, formula)
    got = (t["precision"], t["recall"], t["fmeasure"])
    if got != final:
        raise _fail(name, "", f"stored (P, R, F) {got} != the {rule} rule's {final}")
    if chosen is not None and t.get("reference") != chosen:
        raise _fail(name, "", f"reference {t.get('reference')} chosen, the rule picks {chosen}")
    chosen_ref = t.get("reference")
    if chosen_ref is not None and t.get("hits") is not None:
        c = refs[chosen_ref]
        for k in ("hits", "prediction_total", "reference_total"):
            if t[k] != c[k]:
                raise _fail(name, "", f"{k} {t[k]} is not the chosen reference's {c[k]}")


def _compared(text: Text, at: int, n: int) -> list[Any]:
    return [tok["compared"] for tok in text["tokens"][at : at + n]]


def _check_matches(
    name: str,
    where: str,
    t: TypeExplanation,
    c: ReferenceExplanation,
    pred: Text,
    ref: Text,
) -> None:
    kind = t["kind"]
    npred, nref = len(pred["tokens"]), len(ref["tokens"])
    if kind == "ngram":
        n = int(t["n"])
        totals = (max(npred - n + 1, 0), max(nref - n + 1, 0))
        if (c["prediction_total"], c["reference_total"]) != totals:
            raise _fail(name, where, f"n-gram totals {c['prediction_total']}, "
                        f"{c['reference_total']} for {npred} and {nref} tokens")  # fmt: skip
        total = 0
        for m in c["matches"]:
            hits = min(m["prediction_count"], m["reference_count"])
            if (
                m["hits"] != hits
                or len(m["prediction_at"]) != hits
                or len(m["reference_at"]) != hits
            ):
                raise _fail(name, where, f"match {m['gram']} is not clipped to {hits}")
            for at in m["prediction_at"]:
                if _compared(pred, at, n) != list(m["gram"]):
                    raise _fail(name, where, f"prediction n-gram at {at} is not {m['gram']}")
            for at in m["reference_at"]:
                if _compared(ref, at, n) != list(m["gram"]):
                    raise _fail(name, where, f"reference n-gram at {at} is not {m['gram']}")
            total += hits
        if total != c["hits"]:
            raise _fail(name, where, f"the matches hold {total} hits, not {c['hits']}")
        unmatched = sum(m["reference_count"] - m["hits"] for m in c["missed"])
        if unmatched != c["reference_total"] - c["hits"]:
            raise _fail(name, where, f"the missed n-grams hold {unmatched} occurrences, "
                        f"not {c['reference_total'] - c['hits']}")  # fmt: skip
    elif kind == "lcs":
        alignment = c.get("alignment")
        if alignment is None:
            return
        if len(alignment) != c["hits"]:
            raise _fail(
                name,
                where,
                f"the alignment has {len(alignment)} pairs, LCS {c['hits']}",
            )
        last = (-1, -1)
        for p, r in alignment:
            if p <= last[0] or r <= last[1]:
                raise _fail(name, where, "the alignment does not increase on both sides")
            if pred["tokens"][p]["compared"] != ref["tokens"][r]["compared"]:
                raise _fail(name, where, f"aligned tokens {p} and {r} differ")
            last = (p, r)
    elif kind == "union-lcs":
        # A profile whose rougeLsum lines have tokens of their own indexes those.
        nref = len(ref["line_tokens"]) if "line_tokens" in ref else nref
        counted = 0
        seen: set[int] = set()
        for s in c["sentences"]:
            parts = [*s["counted"], *s["not_counted"], *s["unmatched"]]
            if len(set(parts)) != len(parts) or seen & set(parts):
                raise _fail(name, where, f"sentence {s['sentence']}'s tokens are listed twice")
            seen |= set(parts)
            counted += len(s["counted"])
        if seen != set(range(nref)) and nref and c["prediction_total"]:
            raise _fail(name, where, "the sentences do not cover the reference's tokens")
        if counted != c["hits"]:
            raise _fail(name, where, f"{counted} tokens counted, hits {c['hits']}")
    elif kind == "skip-bigram":
        total = sum(int(m["hits"]) for m in c["matches"])
        for m in c["matches"]:
            if m["hits"] != min(m["prediction_count"], m["reference_count"]):
                raise _fail(name, where, f"skip-bigram {m['pair']} is not clipped")
        if total != c["hits"]:
            raise _fail(name, where, f"the matches hold {total} hits, not {c['hits']}")
    elif kind == "wlcs":
        runs = c.get("runs")
        if runs is None:
            return
        # Replaying the runs' steps in order, as the table adds them, gives its last cell.
        w, value, last = float(t["weight"]), 0.0, (0, 0)
        for run in runs:
            p, r, length = (
                int(run["prediction"]),
                int(run["reference"]),
                int(run["length"]),
            )
            if p < last[0] or r < last[1] or length < 1:
                raise _fail(name, where, "the runs do not go forward on both sides")
            for k in range(length):
                if pred["tokens"][p + k]["compared"] != ref["tokens"][r + k]["compared"]:
                    raise _fail(name, where, f"run tokens {p + k} and {r + k} differ")
                value = value + float(k + 1) ** w - float(k) ** w
            last = (p + length, r + length)
        if value != c["hits"]:
            raise _fail(name, where, f"the runs replay to {value!r}, not {c['hits']!r}")
