"""The corpus report (``rougekit report --html``): one self-contained, offline HTML page.

It shows the corpus table and the paired tests (``rougekit compare``'s), the pairs (search,
sort, filter, the worst and best first), the scores by length bucket, the reference n-grams
most often missed, the signature, and for a clicked pair its tokens marked with the
explanation's own witnesses, prediction and references side by side, for every system.

Everything the page shows is in the data island (``<script type="application/json"
id="rk-data">``: every ``<`` written ``\\u003c``, so no text of the data can end the
script); when the data is large it is gzip-compressed and base64-encoded inside that JSON
and the page unpacks it with the browser's ``DecompressionStream``. The page's script builds
every element from text with DOM calls (``textContent``), never from markup, and sets
``document.body.dataset.ready`` once drawn. The same inputs give the same bytes: no
timestamps, stable sorts, gzip without a time stamp.
"""

from __future__ import annotations

import base64
import functools
import gzip
import heapq
import html
import json
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

from rougekit.explain.render import marks, occurrences
from rougekit.explain.schema import (
    ExplanationDict,
    ReferenceExplanation,
    Text,
    Token,
    TypeExplanation,
)

if TYPE_CHECKING:
    from rougekit.results import CorpusResult
    from rougekit.significance import Comparison

__all__ = ["PAGE_SCHEMA", "ReportBuilder", "page"]

#: The schema id of the page's data island.
PAGE_SCHEMA = "rougekit.report/1"

#: Above this many bytes of JSON the island is compressed.
COMPRESS_ABOVE = 1 << 20

#: How many missed n-grams each list keeps.
TOP_MISSED = 40

#: Length buckets (by reference tokens): this many, at the quantiles.
BUCKETS = 5


def _deltas(values: Iterable[int]) -> list[int]:
    out, prev = [], 0
    for v in values:
        out.append(v - prev)
        prev = v
    return out


def _shown(text: Text) -> tuple[str, list[int]]:
    """A text as the page shows it and its token spans (see :func:`_spans`). Token ids have
    no text: their tokens are shown, a space apart, a line per sentence."""
    source = text.get("text")
    if source is not None:
        return source, _spans(text)
    out: list[str] = []
    spans: list[int] = []
    sentence = None
    for tok in text["tokens"]:
        sep = "" if sentence is None else (" " if tok.get("sentence") == sentence else "\n")
        sentence = tok.get("sentence")
        shown = str(tok["text"])
        out += (sep, shown)
        spans += (len(sep), len(shown))
    return "".join(out), spans


#: The report page's own data (the JSON island ``report.js`` reads: corpus tables, systems,
#: buckets, missed n-grams), not an explanation's schema.
PageData = dict[str, Any]

#: The names of a text's second token lists.
TokenList = Literal["line_tokens", "lcs_tokens"]

#: A text's second token list and the kinds whose marks index it: xlsum-v1's rougeLsum
#: tokens its lines (``line_tokens``); ROUGE-1.5.5's ROUGE-L and W, with ``-b``, the tokens
#: of its sentence reader (``lcs_tokens``).
_ALT_TOKENS: dict[TokenList, tuple[str, ...]] = {
    "line_tokens": ("union-lcs",),
    "lcs_tokens": ("union-lcs", "wlcs"),
}


def _alt(text: Text) -> tuple[TokenList, list[int]] | None:
    """A text's second token list: its key and its spans; ``None`` without one."""
    for key in _ALT_TOKENS:
        if text.get(key) is not None and text.get("text") is not None:
            return key, _spans(text, key)
    return None


def _spans(text: Text, key: TokenList | Literal["tokens"] = "tokens") -> list[int]:
    """A text's token spans as (gap, length) pairs, flattened: gap from the previous
    token's end (code points)."""
    out: list[int] = []
    end = 0
    tokens = (
        text["tokens"] if key == "tokens"
        else text["line_tokens"] if key == "line_tokens"
        else text["lcs_tokens"]
    )  # fmt: skip
    for tok in tokens:
        out += (tok["start"] - end, tok["end"] - tok["start"])
        end = tok["end"]
    return out


class _Forms:
    """A prediction's compared forms, listed when first needed."""

    __slots__ = ("_forms", "_tokens")

    def __init__(self, tokens: Sequence[Token]) -> None:
        self._tokens = tokens
        self._forms: list[str] | None = None

    def __call__(self) -> list[str]:
        if self._forms is None:
            self._forms = [t["compared"] for t in self._tokens]
        return self._forms


def _units(kind: str, detail: ReferenceExplanation, forms: _Forms, n: int) -> list[list[int]]:
    """The page's marks of one type against one reference, delta-coded: the prediction's
    match units (n-gram occurrence starts, aligned or union-LCS tokens), its n-gram
    occurrences over the clipped count, the reference's units, the reference's tokens in a
    union LCS but not counted. (ROUGE-W: its runs' tokens.)"""
    if kind == "ngram":
        pu: list[int] = []
        ru: list[int] = []
        po: list[int] = []
        for m in detail.get("matches") or ():
            at = m.get("prediction_at") or ()
            pu += at
            ru += m.get("reference_at") or ()
            if m["prediction_count"] > m["hits"]:
                po += occurrences(forms(), m["gram"]).difference(at)
        return [_deltas(sorted(pu)), _deltas(sorted(po)), _deltas(sorted(ru)), []]
    if kind == "lcs":
        align = detail.get("alignment") or ()
        return [_deltas([p for p, _ in align]), [], _deltas([r for _, r in align]), []]
    if kind == "union-lcs":
        counted: list[int] = []
        nc: list[int] = []
        for sentence in detail.get("sentences") or ():
            counted += sentence.get("counted") or ()
            nc += sentence.get("not_counted") or ()
        pl = sorted(detail.get("prediction_in_lcs") or ())
        return [_deltas(pl), [], _deltas(sorted(counted)), _deltas(sorted(nc))]
    if kind == "wlcs":
        m = marks(kind, detail, [], n=n)
        return [_deltas(m["pred_hit"]), [], _deltas(m["ref_hit"]), []]
    return [[], [], [], []]


#: The witness lists of each kind, by the side they mark: an explanation leaves one out
#: (``None``) for a pair too long to list it (``docs/explain.md``).
_WITNESSES = {
    "ngram": (("matches",), ("matches",)),
    "lcs": (("alignment",), ("alignment",)),
    "union-lcs": (("prediction_in_lcs",), ("sentences",)),
}


def _counts(kind: str, detail: ReferenceExplanation) -> list[Any]:
    """A reference's hits and F, then, when the explanation left a witness list out, which
    side has no marks (``"p"``, ``"r"``, ``"pr"``): the page says so instead of showing
    fewer marks than hits without a word."""
    out = [detail.get("hits"), detail.get("fmeasure")]
    sides = _WITNESSES.get(kind)
    if sides is not None and detail.get("hits"):
        missing = "".join(
            side for side, keys in zip("pr", sides) if any(detail.get(k, ()) is None for k in keys)
        )
        if missing:
            out.append(missing)
    return out


def _stopwords() -> frozenset[str]:
    """The words the missed n-gram lists can hide: ROUGE-1.5.5's stopword list and the
    words' Porter stems, as the n-grams are listed in their compared, stemmed form ("this"
    is "thi") (display only; no score changes)."""
    import rougekit._core as _core

    raw = _core.perl_builtin_data()[1]
    words = [w for w in raw.decode("utf-8", "replace").split() if w]
    return frozenset(words).union(_core.stem_words(words, "nltk-porter"))


@dataclass
class _System:
    name: str
    pred: list[str] = field(default_factory=list)
    ptok: list[list[int]] = field(default_factory=list)
    lptok: list[list[int] | None] = field(default_factory=list)
    plen: list[int] = field(default_factory=list)
    f: dict[str, list[float]] = field(default_factory=dict)
    counts: dict[str, list[Any]] = field(default_factory=dict)
    marks: dict[str, list[Any]] = field(default_factory=dict)
    missed: dict[str, Counter[str]] = field(default_factory=dict)
    missed_pairs: dict[str, Counter[str]] = field(default_factory=dict)


class ReportBuilder:
    """Gathers the explanations pair by pair (one dict per system, in lockstep), then
    writes the page (:meth:`html`)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.systems = [_System(n) for n in names]
        self.ids: list[str] = []
        self.refs: list[list[str]] = []
        self.rtok: list[list[list[int]]] = []
        self.rlen: list[int] = []
        self.types: list[str] = []
        self.kinds: dict[str, str] = {}
        self.grams: dict[str, int] = {}
        self.signature = ""
        self.profile = ""
        #: The second token lists' spans (see ``_ALT_TOKENS``), by pair, when a text has one.
        self.alt_key: TokenList | None = None
        self.lrtok: list[list[list[int] | None]] = []

    def add(self, ident: str, explanations: Sequence[ExplanationDict]) -> None:
        """One pair: its explanation under each system (same references)."""
        first = explanations[0]
        if not self.types:
            self.types = list(first["types"])
            self.kinds = {t: v["kind"] for t, v in first["types"].items()}
            self.grams = {t: v.get("n", 1) for t, v in first["types"].items()}
            self.signature = str(first["signature"])
            self.profile = str(first.get("profile", ""))
        self.ids.append(ident)
        shown = [_shown(r) for r in first["references"]]
        self.refs.append([text for text, _ in shown])
        self.rtok.append([spans for _, spans in shown])
        self.rlen.append(len(first["references"][0]["tokens"]) if first["references"] else 0)
        self.lrtok.append([self._alt(r) for r in first["references"]])
        for system, d in zip(self.systems, explanations):
            self._add_system(system, d)

    def _add_system(self, s: _System, d: ExplanationDict) -> None:
        pred = d["prediction"]
        text, spans = _shown(pred)
        s.pred.append(text)
        s.ptok.append(spans)
        s.plen.append(len(pred["tokens"]))
        s.lptok.append(self._alt(pred))
        forms = _Forms(pred["tokens"])
        for name in self.types:
            t = d["types"][name]
            kind, n = t["kind"], t.get("n", 1)
            s.f.setdefault(name, []).append(t["fmeasure"])
            ref = t.get("reference")
            s.counts.setdefault(name, []).append(
                [
                    t.get("hits"),
                    t.get("prediction_total"),
                    t.get("reference_total"),
                    -1 if ref is None else ref,
                ]
            )
            per = [
                [*_units(kind, detail, forms, n), _counts(kind, detail)]
                for detail in t.get("per_reference") or ()
            ]
            s.marks.setdefault(name, []).append(per)
            if kind == "ngram":
                self._add_missed(s, name, t)

    def _alt(self, text: Text) -> list[int] | None:
        alt = _alt(text)
        if alt is None:
            return None
        self.alt_key = alt[0]
        return alt[1]

    @staticmethod
    def _add_missed(s: _System, name: str, t: TypeExplanation) -> None:
        per = t.get("per_reference") or []
        k = t.get("reference")
        details = [per[k]] if isinstance(k, int) and k < len(per) else per
        total = s.missed.setdefault(name, Counter())
        seen: set[str] = set()
        for detail in details:
            for m in detail.get("missed") or ():
                gram = " ".join(map(str, m["gram"]))  # a str key: its hash is computed once
                total[gram] += m["reference_count"] - m["hits"]
                seen.add(gram)
        s.missed_pairs.setdefault(name, Counter()).update(seen)

    # -- summaries ------------------------------------------------------------------------

    def _buckets(self) -> PageData:
        """Mean F per type and system by reference length (quantile buckets)."""
        n = len(self.ids)
        if n == 0:
            return {"edges": [], "rows": []}
        lengths = sorted(self.rlen)
        cuts = sorted({lengths[min(n - 1, (n * k) // BUCKETS)] for k in range(1, BUCKETS)})
        edges = [lengths[0], *[c for c in cuts if c > lengths[0]], lengths[-1] + 1]
        rows = []
        bucket_of = [0] * n
        for b in range(len(edges) - 1):
            lo, hi = edges[b], edges[b + 1]
            members = [i for i in range(n) if lo <= self.rlen[i] < hi]
            for i in members:
                bucket_of[i] = b
            means = {
                t: [
                    math.fsum(s.f[t][i] for i in members) / len(members) if members else None
                    for s in self.systems
                ]
                for t in self.types
            }
            plen = [
                math.fsum(s.plen[i] for i in members) / len(members) if members else None
                for s in self.systems
            ]
            rows.append({"low": lo, "high": hi - 1, "n": len(members), "f": means, "plen": plen})
        return {"edges": edges, "rows": rows, "of": bucket_of}

    def _missed(self) -> PageData:
        """Per n-gram type: the reference n-grams most often missed, ranked by the spread
        between systems (or by count, for one system); all, and without the n-grams made
        of stopwords only."""
        stop = _stopwords()
        out: PageData = {}
        for t in self.types:
            if self.kinds[t] != "ngram":
                continue
            counters = [s.missed.get(t, Counter()) for s in self.systems]
            pair_counters = [s.missed_pairs.get(t, Counter()) for s in self.systems]
            grams: set[str] = set()
            for c in counters:
                grams.update(c)
            vec = {g: [c.get(g, 0) for c in counters] for g in grams}

            def key(g: str, vec: dict[str, list[int]] = vec) -> Any:
                return (min(vec[g]) - max(vec[g]), -sum(vec[g]), g)

            def row(g: str, vec: dict[str, list[int]] = vec,
                    pairs: list[Counter[str]] = pair_counters) -> list[Any]:  # fmt: skip
                return [g, vec[g], [c.get(g, 0) for c in pairs]]

            content = (g for g in grams if not all(w in stop or len(w) == 1 for w in g.split()))
            out[t] = {
                "all": [row(g) for g in heapq.nsmallest(TOP_MISSED, grams, key=key)],
                "content": [row(g) for g in heapq.nsmallest(TOP_MISSED, content, key=key)],
            }
        return out

    def data(self, corpus: PageData) -> PageData:
        """The data island (schema :data:`PAGE_SCHEMA`)."""
        buckets = self._buckets()
        return {
            "schema": PAGE_SCHEMA,
            "signature": corpus.get("signature", self.signature),
            "profile": self.profile,
            "types": self.types,
            "kinds": self.kinds,
            "grams": self.grams,
            "n": len(self.ids),
            "corpus": corpus,
            "ids": self.ids,
            "refs": self.refs,
            "rtok": self.rtok,
            "rlen": self.rlen,
            **self._alt_data(),
            "bucket": buckets.pop("of", []),
            "buckets": buckets,
            "missed": self._missed(),
            "systems": [
                {
                    "name": s.name,
                    "pred": s.pred,
                    "ptok": s.ptok,
                    "plen": s.plen,
                    "f": s.f,
                    "counts": s.counts,
                    "marks": s.marks,
                }
                for s in self.systems
            ],
        }

    def _alt_data(self) -> PageData:
        """The second token lists, only on a page that has them."""
        if self.alt_key is None:
            return {}
        return {
            "altkinds": list(_ALT_TOKENS[self.alt_key]),
            "lrtok": self.lrtok,
            "lptok": [s.lptok for s in self.systems],
        }

    def html(self, corpus: PageData) -> str:
        return page(self.data(corpus))


def corpus_section(
    names: Sequence[str], results: Sequence[CorpusResult], cmp: Comparison | None
) -> PageData:
    """The corpus table and the paired tests, as the page shows them (the numbers of
    ``rougekit compare``)."""
    import rougekit.tables as tables

    types = results[0].types
    metric = "fmeasure" if cmp is None else cmp.field
    short = {"precision": "P", "recall": "R", "fmeasure": "F"}[metric]

    def cell(r: CorpusResult, t: str) -> str:
        text = f"{getattr(r.mean[t], metric) * 100:.2f}"
        if r.low is not None and r.high is not None:
            low, high = getattr(r.low[t], metric), getattr(r.high[t], metric)
            text += f" [{low * 100:.2f}, {high * 100:.2f}]"
        return text

    table = [[name, *(cell(r, t) for t in types)] for name, r in zip(names, results)]
    out: PageData = {
        "metric": short,
        "head": ["system", *types],
        "rows": table,
        "tests": None,
        "signature": str(results[0].signature),
    }
    if cmp is not None:
        data = tables.comparison_dict(cmp)
        out["comparison"] = data
        out["tests"] = {
            "head": [
                "type",
                "system",
                "baseline",
                f"Δ {short} x100 [CI]",
                "p (bootstrap)",
                "p (randomization)",
                "",
            ],
            "rows": [
                [
                    d.rouge_type,
                    d.system,
                    d.baseline,
                    f"{d.delta * 100:+.2f} [{d.low * 100:+.2f}, {d.high * 100:+.2f}]",
                    tables.format_p(d.p_bootstrap),
                    tables.format_p(d.p_randomization),
                    "*" if d.significant else "",
                ]
                for d in cmp.differences
            ],
            "note": (
                f"n={cmp.n}; {cmp.confidence * 100:g}% CIs; paired bootstrap "
                f"({cmp.n_resamples} resamples) and approximate randomization "
                f"({cmp.n_trials} trials), seed {cmp.seed}; * = p < {cmp.level:g} in both"
            ),
        }
    return out


# -- the page ----------------------------------------------------------------------------------


@functools.cache
def _asset(name: str) -> str:
    """The page's style sheet or script, shipped beside this module."""
    return (resources.files("rougekit.explain") / name).read_text(encoding="utf-8")


def _island(data: PageData) -> str:
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    if len(raw) > COMPRESS_ABOVE:
        packed = gzip.compress(raw.encode("utf-8"), compresslevel=4, mtime=0)
        raw = json.dumps(
            {"encoding": "gzip+base64", "data": base64.b64encode(packed).decode("ascii")},
            separators=(",", ":"),
        )
    # `<` never appears in the island as such: no `</script>` or `<!--` can end it early.
    return raw.replace("<", "\\u003c")


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]], cls: str = "") -> str:
    esc = html.escape
    attr = f' class="{cls}"' if cls else ""
    return (
        f'<div class="rk-scroll"><table{attr}><thead><tr>'
        + "".join(f"<th>{esc(str(h))}</th>" for h in head)
        + "</tr></thead><tbody>"
        + "".join(
            "<tr>" + "".join(f"<td>{esc(str(c))}</td>" for c in row) + "</tr>" for row in rows
        )
        + "</tbody></table></div>"
    )


def _corpus(data: PageData) -> str:
    """The corpus table and the tests (static, escaped: the page shows them without its
    script)."""
    esc = html.escape
    corpus = data["corpus"]
    parts = [
        f'<section id="rk-corpus"><h2>Corpus ({esc(corpus.get("metric", "F"))} &times;100)</h2>',
        _table(corpus["head"], corpus["rows"]),
    ]
    tests = corpus.get("tests")
    if tests:
        parts += [
            "<h3>Paired tests</h3>",
            _table(tests["head"], tests["rows"], "rk-tests"),
            f'<p class="rk-note">{esc(tests["note"])}</p>',
        ]
    parts.append("</section>")
    return "".join(parts)


def _summaries(data: PageData) -> str:
    """The length buckets and the missed n-grams (static, escaped)."""
    esc = html.escape
    parts: list[str] = []
    names = [s["name"] for s in data["systems"]]
    b = data["buckets"]
    if b["rows"]:
        head = ["reference tokens", "pairs", *(f"{t} {n}" for t in data["types"] for n in names)]
        rows = [
            [
                f"{r['low']}-{r['high']}",
                r["n"],
                *("" if v is None else f"{v * 100:.2f}" for t in data["types"] for v in r["f"][t]),
            ]
            for r in b["rows"]
        ]
        parts += [
            '<section id="rk-buckets"><h2>Mean F &times;100 by reference length</h2>',
            _table(head, rows),
            "</section>",
        ]
    if data["missed"]:
        parts.append(
            '<section id="rk-missed"><h2>Reference n-grams most often missed</h2>'
            '<p class="rk-note">Compared forms (after stemming); counted against the chosen '
            "reference; ranked by the difference between systems. "
            '<label><input type="checkbox" id="rk-stop" checked> hide n-grams made of '
            'stopwords only (display only)</label></p><div class="rk-lists">'
        )
        for t, lists in data["missed"].items():
            for which in ("content", "all"):
                head = ["n-gram", *(f"missed: {n}" for n in names), *(f"pairs: {n}" for n in names)]
                rows = [[g, *tot, *prs] for g, tot, prs in lists[which]]
                parts.append(
                    f'<div class="rk-missed-list" data-type="{esc(t, quote=True)}" '
                    f'data-which="{which}"{" hidden" if which == "all" else ""}>'
                    f"<h3>{esc(t)}</h3>{_table(head, rows)}</div>"
                )
        parts.append("</div></section>")
    return "".join(parts)


def page(data: PageData) -> str:
    """The whole page for a data island made by :meth:`ReportBuilder.data`."""
    esc = html.escape
    names = ", ".join(s["name"] for s in data["systems"])
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>rougekit report: {esc(names)}</title>\n<style>{_asset('report.css')}</style>\n"
        "</head>\n"
        "<body>\n<header><h1>rougekit report</h1>"
        f'<div id="rk-signature">{esc(data["signature"])}</div>'
        f'<div class="rk-note">{data["n"]} pairs · systems: {esc(names)}</div></header>\n'
        # The corpus table and the tests, then the pairs beside the explanation (shown once
        # a pair is chosen, the pairs taking the whole width until then), then the summaries.
        f'<main>{_corpus(data)}<div id="rk-work"><div id="rk-left">'
        '<section id="rk-pairs"><h2>Pairs <span id="rk-shown"></span></h2>'
        "<noscript><p>The pairs and their explanations need JavaScript.</p></noscript>"
        '<p class="rk-note">Click a pair to see its tokens marked.</p>'
        '<div class="rk-controls">'
        '<input id="rk-search" type="search" placeholder="search id / text"> '
        '<span>type <select id="rk-type"></select></span> '
        '<span>system <select id="rk-system"></select></span> '
        '<span>length <select id="rk-bucket"><option value="">all</option></select></span> '
        '<span>F &times;100 from <input id="rk-fmin" type="number" value="0" min="0" '
        'max="100"> to <input id="rk-fmax" type="number" value="100" min="0" max="100"></span> '
        '<span><button id="rk-worst" type="button">worst first</button> '
        '<button id="rk-best" type="button">best first</button> '
        '<button id="rk-delta" type="button">largest Δ</button></span> '
        '<span><button id="rk-prev" type="button">&lt;</button> <span id="rk-page"></span> '
        '<button id="rk-next" type="button">&gt;</button></span></div>'
        '<table id="rk-table"><thead></thead><tbody></tbody></table></section></div>'
        '<div id="rk-right"><section id="rk-explain"><h2>Explanation '
        '<span id="rk-pair-id"></span></h2></section></div></div>'
        f"{_summaries(data)}</main>\n"
        f'<script type="application/json" id="rk-data">{_island(data)}</script>\n'
        f"<script>{_asset('report.js')}</script>\n</body>\n</html>\n"
    )
