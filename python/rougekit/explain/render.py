"""How one explanation reads: the terminal view (:func:`text`), the notebook view
(:func:`fragment`) and a one-pair page (:func:`page`), all drawn from the dict of
``Explanation.to_dict()`` (schema ``rougekit.explain/1``).

Nothing here counts or scores: the marks are the explanation's own witnesses (n-gram
occurrences, one LCS, the union-LCS states per reference sentence, ROUGE-W's runs). The only
search is for display: the prediction's occurrences of an n-gram beyond its clipped count,
found among the explanation's compared tokens, to strike them through.

Token classes of the HTML views (the report page uses the same ones):

* ``rk-tok``: a token the profile compares; ``rk-drop``: text the profile dropped (with why);
* ``rk-hit``: a counted match: n-gram tokens of a matched occurrence, the LCS alignment,
  rougeLsum's counted reference tokens (and the prediction's tokens in a sentence LCS), ROUGE-W's
  runs;
* ``rk-u``: the first token of each counted match unit (an n-gram occurrence, an aligned
  pair, a counted union-LCS token, a run): their number in a reference pane is the hits;
* ``rk-over``: a prediction n-gram occurrence beyond the clipped count;
* ``rk-nc``: rougeLsum: in a union LCS but not counted (the double-count guard).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, cast

from rougekit.explain.schema import (
    ExplanationDict,
    ReferenceExplanation,
    Text,
    Token,
    TypeExplanation,
)
from rougekit.terminal import printable

__all__ = ["fragment", "marks", "occurrences", "page", "text"]

#: Longest list of n-grams or tokens the terminal view prints per line kind.
MAX_ITEMS = 24

#: The HTML views show each text's first MAX_TOKENS tokens (and at most MAX_CHARS of its
#: characters), then how many more there are; the dict (``to_dict``) keeps them all.
MAX_TOKENS = 1000
MAX_CHARS = 20_000

_KIND_COUNTS = {
    "ngram": "hits",
    "lcs": "LCS",
    "union-lcs": "union-LCS hits",
    "wlcs": "weighted LCS",
    "skip-bigram": "skip-bigram hits",
}

_SURROGATE = re.compile("[\ud800-\udfff]")

_NOT_COUNTED_NOTE = (
    "(not counted: the prediction's copies of that token were already used by another\n"
    "   reference sentence: the double-count guard of ROUGE-1.5.5, which rouge-score copies)"
)


# -- shared: the marks of one type against one reference -----------------------------------


def marks(kind: str, detail: ReferenceExplanation, pred_tokens: Sequence[Token], *,
          n: int = 1) -> dict[str, list[int]]:  # fmt: skip
    """The token marks of one type against one reference (a ``per_reference`` entry):
    lists of token indices ``pred_hit``, ``pred_unit``, ``pred_over``, ``ref_hit``,
    ``ref_unit``, ``ref_nc``, each sorted without repeats."""
    ph: set[int] = set()
    pu: set[int] = set()
    po: set[int] = set()
    rh: set[int] = set()
    ru: set[int] = set()
    rn: set[int] = set()
    if kind == "ngram":
        for m in detail.get("matches") or ():
            for at in m.get("prediction_at") or ():
                pu.add(at)
                ph.update(range(at, at + n))
            for at in m.get("reference_at") or ():
                ru.add(at)
                rh.update(range(at, at + n))
            if m.get("prediction_count", 0) > m.get("hits", 0):
                forms = [t["compared"] for t in pred_tokens]
                po.update(occurrences(forms, m["gram"]) - set(m.get("prediction_at") or ()))
    elif kind == "lcs":
        for p, r in detail.get("alignment") or ():
            ph.add(p)
            pu.add(p)
            rh.add(r)
            ru.add(r)
    elif kind == "union-lcs":
        for s in detail.get("sentences") or ():
            rh.update(s.get("counted") or ())
            rn.update(s.get("not_counted") or ())
        ru = set(rh)
        ph.update(detail.get("prediction_in_lcs") or ())
        pu = set(ph)
    elif kind == "wlcs":
        # A run's start in a text may be unknown (null): ROUGE-1.5.5's trace back places
        # the reference side only; its prediction tokens are then those in an LCS.
        for run in detail.get("runs") or ():
            k = run["length"]
            for at, unit, hit in ((run.get("prediction"), pu, ph), (run.get("reference"), ru, rh)):
                if isinstance(at, int):
                    unit.add(at)
                    hit.update(range(at, at + k))
        ph.update(detail.get("prediction_in_lcs") or ())
    return {
        "pred_hit": sorted(ph),
        "pred_unit": sorted(pu),
        "pred_over": sorted(po),
        "ref_hit": sorted(rh),
        "ref_unit": sorted(ru),
        "ref_nc": sorted(rn),
    }


#: A missing reference's stand-in (a malformed dict's): no tokens.
_NO_TOKENS = cast("Text", {"tokens": []})


def occurrences(forms: Sequence[str], gram: Sequence[str]) -> set[int]:
    """Start indices of ``gram`` among the compared ``forms`` (display only: where the
    prediction repeats an n-gram beyond its clipped count)."""
    n = len(gram)
    if n == 0:
        return set()
    first = gram[0]
    rest = list(gram)
    return {i for i in range(len(forms) - n + 1) if forms[i] == first and forms[i : i + n] == rest}


def lsum_view(text: Text) -> Text:
    """rougeLsum's view of a text: its own line tokens when the profile has them
    (``xlsum-v1``: ``"line_tokens"``, which the union LCS indexes)."""
    if "line_tokens" not in text:
        return text
    view = text.copy()
    view["tokens"] = text["line_tokens"]
    return view


def chosen(t: TypeExplanation) -> int:
    """The reference the prediction is marked against: the rule's choice, else the first."""
    ref = t.get("reference")
    return ref if isinstance(ref, int) else 0


# -- terminal ----------------------------------------------------------------------------------


def _num(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:.6g}" if x == x else "nan"  # NaN
    return str(x)


def _visible(token: Any) -> str:
    """A token as printed: one made of white space (XL-Sum keeps jieba's space tokens, and
    they count) shows as ``␣``."""
    s = str(token)
    return "\u2423" * len(s) if s and s.isspace() else printable(s)


def _gram(g: Sequence[Any]) -> str:
    return " ".join(_visible(x) for x in g)


def _items(label: str, items: list[str], indent: str = "  ") -> list[str]:
    """``label`` followed by the items, wrapped at about 100 columns, clipped at MAX_ITEMS."""
    if not items:
        return []
    more = len(items) - MAX_ITEMS
    shown = items[:MAX_ITEMS] + ([f"… (+{more} more)"] if more > 0 else [])
    lines: list[str] = []
    line = f"{indent}{label}:"
    # Items line up after the label, or under it when the label is long.
    pad = " " * (len(line) if len(line) <= 40 else len(indent) + 4)
    for item in shown:
        if len(line) + 1 + len(item) > 100 and line != pad:
            lines.append(line)
            line = pad
        line += " " + item
    lines.append(line)
    return lines


def _surface(text: Text, indices: Iterable[int]) -> str:
    toks = text["tokens"]
    return " ".join(_visible(toks[i]["text"]) for i in indices if 0 <= i < len(toks))


def _cut_surface(text: Text, indices: Sequence[int]) -> str:
    """:func:`_surface` of the first MAX_ITEMS indices, then how many more."""
    more = len(indices) - MAX_ITEMS
    shown = _surface(text, indices[:MAX_ITEMS])
    return shown + (f" … (+{more} more)" if more > 0 else "")


def _head(name: str, t: TypeExplanation, nsent: tuple[int, int] | None) -> str:
    what = _KIND_COUNTS.get(t["kind"], "hits")
    if t.get("hits") is None:
        counts = (
            "mean over the leave-one-out subsets"
            if t.get("jackknife")
            else "mean of the references' scores"
        )
    else:
        counts = (
            f"{what} {_num(t['hits'])} / pred {_num(t['prediction_total'])} / "
            f"ref {_num(t['reference_total'])}"
        )
    prf = f"P {_num(t['precision'])}  R {_num(t['recall'])}  F {_num(t['fmeasure'])}"
    head = f"{name:<10} {counts:<36} {prf}"
    if nsent is not None:
        head += (
            f"\n  {nsent[1]} reference sentence{'s' * (nsent[1] != 1)}, {nsent[0]} prediction "
            f"sentence{'s' * (nsent[0] != 1)}"
        )
    return head


def _ngram_lines(t: TypeExplanation, r: ReferenceExplanation) -> list[str]:
    matched, clipped = [], []
    # pltrdy's exclusive=True: every distinct n-gram counts once, whatever its occurrences.
    distinct = t.get("count") == "distinct"
    for m in r.get("matches") or ():
        g = f'"{_gram(m["gram"])}"' if len(m["gram"]) > 1 else _gram(m["gram"])
        item = g + (f" x{m['hits']}" if m["hits"] > 1 else "")
        if m["prediction_count"] > m["hits"]:
            clipped.append(f"{g} {m['prediction_count']}→{m['hits']}")
        if m["reference_count"] > m["hits"] and not distinct:
            item += f" (ref {m['reference_count']})"
        matched.append(item)
    missed = []
    for m in r.get("missed") or ():
        g = f'"{_gram(m["gram"])}"' if len(m["gram"]) > 1 else _gram(m["gram"])
        gone = m["reference_count"] - m["hits"]
        missed.append(g + (f" x{gone}" if gone > 1 else ""))
    return [
        *_items("matched", matched),
        *_items(
            "distinct (occurrences → counted once)"
            if distinct
            else "clipped (prediction count → counted)",
            clipped,
        ),
        *_items("missed", missed),
    ]


def _lcs_lines(pred: Text, r: ReferenceExplanation) -> list[str]:
    align = r.get("alignment")
    if align is None:
        return ["  alignment: not recorded (too long to store)"]
    witness = str(r.get("witness", "a witness"))
    label = witness if witness.startswith("one LCS") else f"one LCS ({witness})"
    return _items(label, [_surface(pred, [p]) for p, _ in align])


def _lsum_lines(ref: Text, r: ReferenceExplanation) -> list[str]:
    lines: list[str] = []
    guarded = False
    sentences = list(r.get("sentences") or ())
    for s in sentences[:MAX_ITEMS]:
        counted = _cut_surface(ref, list(s.get("counted") or ())) or "-"
        line = f"  ref s{_num(s['sentence'])} counted: {counted}"
        if s.get("not_counted"):
            guarded = True
            line += f"      in LCS but not counted: {_cut_surface(ref, list(s['not_counted']))}"
        lines.append(line)
    if len(sentences) > MAX_ITEMS:
        lines.append(f"  … (+{len(sentences) - MAX_ITEMS} more reference sentences)")
        guarded = guarded or any(s.get("not_counted") for s in sentences[MAX_ITEMS:])
    if guarded and "lcs" in r:  # pltrdy's union of the sentence pairs' LCS words
        lines.append("  (not counted: that word was already counted from another sentence pair)")
    elif guarded:
        lines.append("  " + _NOT_COUNTED_NOTE)
    return lines


def _wlcs_lines(ref: Text, r: ReferenceExplanation) -> list[str]:
    runs = [
        f'"{_surface(ref, range(run["reference"], run["reference"] + run["length"]))}"'
        for run in r.get("runs") or ()
        if isinstance(run.get("reference"), int)
    ]
    return _items("runs (in the reference)", runs)


def _skip_lines(r: ReferenceExplanation) -> list[str]:
    items = [
        f"({_gram(m['pair'])})" + (f" x{m['hits']}" if m["hits"] > 1 else "")
        for m in r.get("matches") or ()
    ]
    return _items("matched", items)


def _choice_lines(t: TypeExplanation) -> list[str]:
    per = t.get("per_reference") or []
    if len(per) < 2:
        return []
    ref = t.get("reference")
    # The rule's own criterion: best-recall and -f B choose by recall (perl-1.5.5's PERREF
    # "select"), the others by F.
    by_recall = t["rule"] in ("best-recall", "perl-B")
    field: Literal["recall", "fmeasure"] = "recall" if by_recall else "fmeasure"
    label = "R" if by_recall else "F"

    def key(p: ReferenceExplanation) -> Any:
        return p.get("select", p[field]) if by_recall else p[field]

    fs = "  ".join(
        f"{_num(p[field])}{'*' if p['reference'] == ref else ''}" for p in per[:MAX_ITEMS]
    )
    fs += f"  … (+{len(per) - MAX_ITEMS} more)" * (len(per) > MAX_ITEMS)
    if isinstance(ref, int):
        best = [p["reference"] for p in per if key(p) == key(per[ref])]
        tie = f" (tied with {', '.join(str(b + 1) for b in best if b != ref)})" * (len(best) > 1)
        head = f"  reference {ref + 1} of {len(per)} chosen by {t['rule']}{tie}"
    elif t.get("jackknife"):
        head = (
            f"  {t['rule']} on each leave-one-out subset of the {len(per)} references, "
            "then the mean"
        )
    else:
        head = f"  {len(per)} references combined by {t['rule']}"
    # Without a chosen reference, each reference's counts and scores follow in full.
    lines = [head, f"  {label} per reference: {fs}"] if isinstance(ref, int) else [head]
    for j in t.get("jackknife_subsets") or ():
        lines.append(
            f"  jackknife, reference {j['left_out'] + 1} left out: F {_num(j['fmeasure'])}"
        )
    return lines


def _dropped_lines(d: ExplanationDict) -> list[str]:
    out = []
    texts = [("prediction", d["prediction"])] + [
        (f"reference {k + 1}" if len(d["references"]) > 1 else "reference", r)
        for k, r in enumerate(d["references"])
    ]
    for label, t in texts:
        dropped = t.get("dropped") or []
        if dropped:
            items = [f'"{printable(x["text"])}" ({x["why"]})' for x in dropped]
            out += _items(f"{label} dropped", items, indent="")
    return out


def _match_lines(t: TypeExplanation, pred: Text, ref: Text, r: ReferenceExplanation) -> list[str]:
    """The matches of one type against one reference (a ``per_reference`` entry)."""
    kind = t["kind"]
    if kind == "ngram":
        return _ngram_lines(t, r)
    if kind == "lcs":
        return _lcs_lines(pred, r)
    if kind == "union-lcs":
        return _lsum_lines(lsum_view(ref), r)
    if kind == "wlcs":
        return _wlcs_lines(ref, r)
    if kind == "skip-bigram":
        return _skip_lines(r)
    return []


def text(d: ExplanationDict) -> str:
    """The terminal view of one explanation: per type the counts and P/R/F with the
    formula, the matches (clipped counts, missed n-grams, one LCS, rougeLsum's counted and
    not-counted tokens per reference sentence), the chosen reference and each reference's F,
    what the profile dropped, and the signature. Every character that is not printable
    (control, bidi, ...) is shown as its escape, whatever field of the dict it comes from;
    ``ValueError`` naming the field for a dict that is not of the schema."""
    out = _drawn(_text_view, d)
    return "\n".join(printable(line) for line in out.split("\n"))


def _drawn(view: Callable[[ExplanationDict], str], d: Any) -> str:
    """``view(d)``; a dict the view cannot draw raises ``ValueError`` naming its first
    field of another type than the schema's (:mod:`rougekit.explain.shape`)."""
    try:
        return view(d)
    except (TypeError, KeyError, IndexError, AttributeError, ValueError) as e:
        from rougekit.explain.shape import check_shape

        check_shape(d)
        raise ValueError(
            f"this explanation's dict cannot be shown ({type(e).__name__}: {e}); "
            "Explanation.check() says which field differs from the explanation of its texts"
        ) from e


def _no_surrogates(markup: str) -> str:
    """HTML with each lone surrogate (which no encoding writes) shown as U+FFFD."""
    if markup.isascii():
        return markup
    return _SURROGATE.sub("\ufffd", markup)


def _text_view(d: ExplanationDict) -> str:
    lines = []
    if d.get("id") is not None:
        lines.append(f"pair {printable(str(d['id']))}")
    pred = d["prediction"]
    formula = None
    for name, t in d["types"].items():
        per = t.get("per_reference") or []
        k = chosen(t)
        ref = d["references"][k] if k < len(d["references"]) else _NO_TOKENS
        nsent = (pred.get("sentences", 1), ref.get("sentences", 1))
        lines.append(_head(name, t, nsent if t["kind"] == "union-lcs" else None))
        if t.get("formula") and t["formula"] != formula:  # once while it stays the same
            formula = t["formula"]
            lines.append(f"  formula: {printable(formula)}")
        lines += _choice_lines(t)
        if isinstance(t.get("reference"), int) or len(per) < 2:
            r = per[k] if k < len(per) else {}
            lines += _match_lines(t, pred, ref, r)
            continue
        # Pooled and mean rules (and jackknife) use every reference: each one's matches,
        # under its own counts.
        what = _KIND_COUNTS.get(t["kind"], "hits")
        for j, r in enumerate(per):
            lines.append(
                f"  reference {j + 1}: {what} {_num(r['hits'])} / pred "
                f"{_num(r['prediction_total'])} / ref {_num(r['reference_total'])}   "
                f"P {_num(r['precision'])}  R {_num(r['recall'])}  F {_num(r['fmeasure'])}"
            )
            ref_j = d["references"][j] if j < len(d["references"]) else _NO_TOKENS
            lines += ["  " + line for line in _match_lines(t, pred, ref_j, r)]
    lines += _dropped_lines(d)
    lines.append(f"signature: {printable(d['signature'])}")
    return "\n".join(lines) + "\n"


# -- HTML --------------------------------------------------------------------------------------

#: Inline styles (a notebook fragment carries no style sheet that could reach the page).
_STYLE = {
    "rk-hit": "background:#b7ebb0",
    "rk-over": "background:#fbd89a;text-decoration:line-through",
    "rk-nc": "background:#f6b5b5;text-decoration:underline dotted",
    "rk-drop": "color:#999;text-decoration:line-through",
}
_LEGEND = (
    ("rk-hit", "counted match"),
    ("rk-over", "over the clipped count"),
    ("rk-nc", "in a union LCS, not counted"),
    ("rk-drop", "dropped by the profile"),
)
_BOX = "border:1px solid #ccc;border-radius:4px;padding:4px 8px;margin:4px 0;line-height:1.7"


def _spans(t: Text, hit: set[int], unit: set[int], over: set[int],
           nc: set[int]) -> str:  # fmt: skip
    """A text as escaped HTML, each token a ``span`` with its classes, the compared form
    in its title; dropped text struck through with its reason."""
    esc = html.escape
    all_toks = t["tokens"]
    toks = all_toks[:MAX_TOKENS]
    source = t.get("text")
    if source is None:  # token ids: no text, the tokens are the ids
        return " ".join(
            _token_span(esc(str(tok["text"])), tok, k, hit, unit, over, nc)
            for k, tok in enumerate(toks)
        ) + _more(len(all_toks) - len(toks), None)
    # The window: the first MAX_TOKENS tokens, within the first MAX_CHARS characters.
    cut = len(source)
    if len(all_toks) > MAX_TOKENS:
        cut = all_toks[MAX_TOKENS]["start"]
    cut = min(cut, MAX_CHARS)
    pieces: list[tuple[int, int, str]] = []
    for k, tok in enumerate(toks):
        if tok["end"] > cut:
            break
        pieces.append((tok["start"], tok["end"], _token_span(
            esc(source[tok["start"]:tok["end"]]), tok, k, hit, unit, over, nc)))  # fmt: skip
    shown = len(pieces)
    for x in t.get("dropped") or ():
        if x["end"] > cut:
            break
        why = esc(str(x["why"]), quote=True)
        body = esc(source[x["start"] : x["end"]])
        pieces.append((x["start"], x["end"],
                       f'<span class="rk-drop" style="{_STYLE["rk-drop"]}" '
                       f'title="dropped: {why}">{body}</span>'))  # fmt: skip
    pieces.sort(key=lambda p: (p[0], p[1]))
    out, at = [], 0
    for start, end, piece in pieces:
        if start < at:  # overlapping spans: never expected; keep the text readable
            continue
        out.append(esc(source[at:start]))
        out.append(piece)
        at = end
    out.append(esc(source[at:cut]))
    body = "".join(out).replace("\n", "<br>")
    return body + _more(len(all_toks) - shown, len(source) - cut if cut < len(source) else 0)


def _more(tokens: int, chars: int | None) -> str:
    """The note closing a text cut at the window: how much is not shown."""
    if tokens <= 0 and not chars:
        return ""
    what = f"+{tokens:,} more tokens" if tokens > 0 else f"+{chars:,} more characters"
    if tokens > 0 and chars:
        what += f" ({chars:,} characters)"
    return (
        f' <span class="rk-more" style="color:#666;font-style:italic">… {what} '
        "(the explanation's dict has them all)</span>"
    )


def _token_span(body: str, tok: Token, k: int, hit: set[int], unit: set[int],
                over: set[int], nc: set[int]) -> str:  # fmt: skip
    classes = ["rk-tok"]
    style = ""
    if k in hit:
        classes.append("rk-hit")
        style = _STYLE["rk-hit"]
    if k in unit:
        classes.append("rk-u")
    if k in over:
        classes.append("rk-over")
        style = _STYLE["rk-over"]
    if k in nc:
        classes.append("rk-nc")
        style = _STYLE["rk-nc"]
    title = html.escape(str(tok.get("compared", "")), quote=True)
    attr = f' style="{style}"' if style else ""
    return f'<span class="{" ".join(classes)}"{attr} title="{title}">{body}</span>'


def _arith(t: TypeExplanation) -> str:
    if t.get("hits") is None:
        return f"P {_num(t['precision'])} · R {_num(t['recall'])} · F {_num(t['fmeasure'])}"
    h, p, r = _num(t["hits"]), _num(t["prediction_total"]), _num(t["reference_total"])
    return (
        f"P = {h}/{p} = {_num(t['precision'])} · R = {h}/{r} = {_num(t['recall'])} · "
        f"F = {_num(t['fmeasure'])}"
    )


def _type_html(d: ExplanationDict, name: str, t: TypeExplanation) -> str:
    esc = html.escape
    per = t.get("per_reference") or []
    k = chosen(t)
    n = t.get("n", 1)
    kind = t["kind"]
    if kind == "union-lcs":
        d = d.copy()
        d["prediction"] = lsum_view(d["prediction"])
        d["references"] = [lsum_view(r) for r in d["references"]]
    pred = d["prediction"]
    # Over-count occurrences are looked for in the window shown only.
    window = pred["tokens"][:MAX_TOKENS]
    mk = [marks(kind, p, window, n=n) for p in per]
    parts = [
        f'<section class="rk-type" data-type="{esc(name, quote=True)}" '
        f'data-kind="{esc(kind, quote=True)}" style="margin:8px 0">',
        f"<div><b>{esc(name)}</b> — {esc(_arith(t))}</div>",
    ]
    if t.get("formula"):
        parts.append(f'<div style="font-size:90%"><code>{esc(t["formula"])}</code></div>')
    if len(per) > 1:
        ref = t.get("reference")
        bold = ' style="font-weight:bold"'
        strip = " ".join(
            f"<span{bold if p['reference'] == ref else ''}>"
            f"ref {p['reference'] + 1}: F {esc(_num(p['fmeasure']))}</span>"
            for p in per[:MAX_ITEMS]
        ) + f" … (+{len(per) - MAX_ITEMS} more)" * (len(per) > MAX_ITEMS)
        parts.append(f'<div style="font-size:90%">{esc(t["rule"])}: {strip}</div>')
    m = mk[k] if k < len(mk) else marks(kind, {}, pred["tokens"])
    caption = "prediction" + (f", marked against reference {k + 1}" if len(per) > 1 else "")
    parts.append(
        f'<div class="rk-pred" data-role="prediction" style="{_BOX}">'
        f'<div style="font-size:80%;color:#666">{caption}</div>'
        + _spans(pred, set(m["pred_hit"]), set(m["pred_unit"]), set(m["pred_over"]), set())
        + "</div>"
    )
    refs = d["references"]
    # At most MAX_ITEMS references (and the chosen one), then how many more.
    shown = [j for j in range(len(refs)) if j < MAX_ITEMS or j == t.get("reference")]
    for j in shown:
        ref_text = refs[j]
        mj = mk[j] if j < len(mk) else marks(kind, {}, pred["tokens"])
        is_chosen = j == t.get("reference") or (len(per) == 1 and j == 0)
        box = _BOX + (";border:2px solid #2a8a3a" if is_chosen and len(per) > 1 else "")
        label = f"reference {j + 1}" + (" (chosen)" if is_chosen and len(per) > 1 else "")
        detail = per[j] if j < len(per) else {}
        counts = ""
        if "hits" in detail:
            counts = (
                f" · hits {_num(detail['hits'])} / pred {_num(detail['prediction_total'])} / "
                f"ref {_num(detail['reference_total'])}"
            )
        parts.append(
            f'<div class="rk-ref{" rk-chosen" if is_chosen else ""}" data-role="reference" '
            f'data-ref="{j}" style="{box}">'
            f'<div style="font-size:80%;color:#666">{label}{esc(counts)}</div>'
            + _spans(ref_text, set(mj["ref_hit"]), set(mj["ref_unit"]), set(), set(mj["ref_nc"]))
            + "</div>"
        )
    if len(shown) < len(refs):
        parts.append(
            f'<div style="font-size:90%;color:#666">… +{len(refs) - len(shown):,} more '
            "references (the explanation's dict has them all)</div>"
        )
    if kind == "skip-bigram" and k < len(per):
        pairs = list(per[k].get("matches") or ())
        items = ", ".join(
            esc(f"({' '.join(map(str, x['pair']))}) x{x['hits']}") for x in pairs[:MAX_ITEMS]
        ) + f" … (+{len(pairs) - MAX_ITEMS:,} more)" * (len(pairs) > MAX_ITEMS)
        parts.append(f'<div style="font-size:90%">matched pairs: {items or "none"}</div>')
    parts.append("</section>")
    return "".join(parts)


def fragment(d: ExplanationDict, types: Sequence[str] | None = None) -> str:
    """One explanation as an HTML fragment for a notebook cell: per type the arithmetic,
    the prediction and each reference with their tokens marked (see the module's classes);
    no script, no style sheet (inline styles only), every text escaped; ``ValueError``
    naming the field for a dict that is not of the schema."""
    return _no_surrogates(_drawn(lambda x: _fragment(x, types), d))


def _fragment(d: ExplanationDict, types: Sequence[str] | None) -> str:
    esc = html.escape
    legend = " ".join(
        f'<span class="{c}" style="{_STYLE[c]}">{esc(label)}</span>' for c, label in _LEGEND
    )
    head = f"pair {esc(str(d['id']))} · " if d.get("id") is not None else ""
    body = "".join(
        _type_html(d, name, t) for name, t in d["types"].items() if types is None or name in types
    )
    return (
        '<div class="rk-explain" style="font-family:system-ui,sans-serif;font-size:14px">'
        f'<div style="font-size:90%">{head}profile {esc(str(d.get("profile", "")))} · '
        f"{legend}</div>{body}"
        f'<div style="font-size:80%;color:#555">signature: <code>{esc(d["signature"])}</code>'
        "</div></div>"
    )


def page(d: ExplanationDict) -> str:
    """A one-pair HTML page (``Explanation.html(path)``): the fragment and nothing to
    fetch; ``ValueError`` naming the field for a dict that is not of the schema."""
    return _no_surrogates(_drawn(_page, d))


def _page(d: ExplanationDict) -> str:
    title = "rougekit explain" + (f" {d['id']}" if d.get("id") is not None else "")
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n</head>\n<body>\n"
        f'<h1 style="font-family:system-ui,sans-serif;font-size:18px">{html.escape(title)}</h1>\n'
        f"{_fragment(d, None)}\n</body>\n</html>\n"
    )
