"""The corpus tables: corpus results and system comparisons as text, JSON, CSV, Markdown,
LaTeX and HTML; per-instance scores as JSON Lines or CSV. (The ``rougekit report`` page is
:mod:`rougekit.explain.report_page`.)

Human-facing formats (table, Markdown, LaTeX, HTML) show scores x100 with two decimals;
machine formats (JSON, JSON Lines, CSV) keep the floats in [0, 1] exactly as computed.
Every report carries the signature.
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any

import rougekit._core as _core
from rougekit.terminal import printable

# Presentation is a sink: it reads results and comparisons, never builds them, so it needs
# their types only to check its own.
if TYPE_CHECKING:
    from rougekit.results import BatchResult, CorpusResult
    from rougekit.significance import Comparison, Difference

#: A score's fields, in the order of ``rougekit.results.Score`` (a test ties the two).
FIELDS = ("precision", "recall", "fmeasure")
#: Formats of a report on standard output or ``-o FILE``.
FORMATS = ("table", "json", "jsonl", "csv", "markdown", "latex")
#: Formats of the per-instance file.
INSTANCE_FORMATS = ("jsonl", "csv")
_SHORT = {"precision": "P", "recall": "R", "fmeasure": "F"}


def _pct(value: float) -> str:
    return f"{value * 100:.2f}"


def _has_ci(result: CorpusResult) -> bool:
    return result.low is not None and result.high is not None


def _cell(result: CorpusResult, rouge_type: str, field: str) -> str:
    """``39.25`` or ``39.25 [38.90, 39.61]`` (x100)."""
    text = _pct(getattr(result.mean[rouge_type], field))
    if result.low is not None and result.high is not None:
        lo, hi = getattr(result.low[rouge_type], field), getattr(result.high[rouge_type], field)
        if not (math.isnan(lo) or math.isnan(hi)):
            text += f" [{_pct(lo)}, {_pct(hi)}]"
    return text


def _footer(result: CorpusResult) -> str:
    ci = f", {result.confidence * 100:g}% CI" if _has_ci(result) and result.confidence else ""
    return f"n={result.n}{ci}"


# -- corpus results ---------------------------------------------------------------------------


def render(result: CorpusResult, fmt: str) -> str:
    """``result`` in format ``fmt`` (one of :data:`FORMATS`), ending with a newline."""
    renderers = {
        "table": lambda r: str(r) + "\n",
        "json": lambda r: json.dumps(r.to_dict(), indent=2) + "\n",
        "jsonl": _jsonl,
        "csv": _csv,
        "markdown": _markdown,
        "latex": _latex,
    }
    return renderers[fmt](result)


def _jsonl(result: CorpusResult) -> str:
    data = result.to_dict()
    lines = []
    for t, entry in data["scores"].items():
        row = {"type": t, **entry, "n": result.n, "confidence": result.confidence}
        row["signature"] = data["signature"]
        lines.append(json.dumps(row))
    return "\n".join(lines) + "\n"


def _csv(result: CorpusResult) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    ci = _has_ci(result)
    head = ["type", "n", *FIELDS]
    if ci:
        head += [f"{f}_{side}" for f in FIELDS for side in ("low", "high")]
    writer.writerow([*head, "signature"])
    for t in result.types:
        row: list[Any] = [t, result.n, *(repr(getattr(result.mean[t], f)) for f in FIELDS)]
        if result.low is not None and result.high is not None:
            for f in FIELDS:
                row += [repr(getattr(result.low[t], f)), repr(getattr(result.high[t], f))]
        writer.writerow([*row, str(result.signature)])
    return out.getvalue()


def _markdown(result: CorpusResult) -> str:
    lines = ["| type | P | R | F |", "|---|---:|---:|---:|"]
    for t in result.types:
        lines.append(f"| {t} | " + " | ".join(_cell(result, t, f) for f in FIELDS) + " |")
    return "\n".join([*lines, "", f"{_footer(result)}; signature: `{result.signature}`"]) + "\n"


def latex_escape(text: str) -> str:
    """``text`` safe inside LaTeX (the signature has ``|``, ``*``, ``_`` ...)."""
    table = {
        "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
        "_": r"\_", "%": r"\%", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
        "|": r"\textbar{}", "<": r"\textless{}", ">": r"\textgreater{}",
    }  # fmt: skip
    return "".join(table.get(c, c) for c in text)


def _latex_signature_rows(signature: str, columns: int) -> list[str]:
    return [
        f"% {signature}",
        rf"\multicolumn{{{columns}}}{{l}}{{\tiny\texttt{{{latex_escape(signature)}}}}} \\",
    ]


def _latex(result: CorpusResult) -> str:
    lines = [
        r"\begin{tabular}{lrrr}",
        r"\toprule",
        r"type & P & R & F \\",
        r"\midrule",
    ]
    for t in result.types:
        cells = [latex_escape(t)] + [_cell(result, t, f) for f in FIELDS]
        lines.append(" & ".join(cells) + r" \\")
    lines += [
        r"\midrule",
        rf"\multicolumn{{4}}{{l}}{{\footnotesize {latex_escape(_footer(result))}}} \\",
        *_latex_signature_rows(str(result.signature), 4),
        r"\bottomrule",
        r"\end{tabular}",
    ]
    return "\n".join(lines) + "\n"


# -- per-instance scores ----------------------------------------------------------------------


class InstanceWriter:
    """Writes each pair's scores, chunk by chunk, as JSON Lines or CSV.

    JSON Lines: ``{"id": ..., "rouge1": {"precision": p, "recall": r, "fmeasure": f}, ...}``;
    CSV: columns ``id`` and ``<type>_<field>``. Values in [0, 1], exactly as computed.
    """

    def __init__(self, handle: IO[str], fmt: str, types: Sequence[str]) -> None:
        if fmt not in INSTANCE_FORMATS:
            raise ValueError(f"per-instance format must be jsonl or csv, got {fmt!r}")
        self._handle = handle
        self._fmt = fmt
        self._types = list(types)
        self._csv = csv.writer(handle, lineterminator="\n") if fmt == "csv" else None
        if self._csv is not None:
            self._csv.writerow(["id", *(f"{t}_{f}" for t in self._types for f in FIELDS)])

    def write(self, ids: Sequence[str] | _core.TextChunk, batch: BatchResult) -> None:
        """Writes the rows of ``batch``'s pairs, named ``ids`` (or by the chunk they were
        read in, ``rougekit.cli.fast_input``)."""
        if list(batch.types) == self._types:
            try:  # the core formats the rows as below, byte for byte (tests/test_report.py)
                text = _core.instance_rows(batch.scores, ids, self._fmt)
            except (TypeError, UnicodeEncodeError):  # e.g. an id holding a lone surrogate
                pass
            else:
                self._handle.write(text)
                return
        if isinstance(ids, _core.TextChunk):
            ids = ids.ids()
        columns = [[float(v) for v in getattr(batch, f)(t)] for t in self._types for f in FIELDS]
        if self._csv is not None:
            self._csv.writerows([ident, *map(repr, row)] for ident, *row in zip(ids, *columns))
            return
        width = len(FIELDS)
        out = []
        for ident, *row in zip(ids, *columns):
            obj: dict[str, Any] = {"id": ident}
            for k, t in enumerate(self._types):
                obj[t] = dict(zip(FIELDS, row[k * width : (k + 1) * width]))
            out.append(json.dumps(obj))
        self._handle.write("\n".join(out) + "\n")


# -- comparisons ------------------------------------------------------------------------------


def render_comparison(cmp: Comparison, fmt: str) -> str:
    """A system comparison in format ``fmt`` (one of :data:`FORMATS`)."""
    renderers = {
        "table": _cmp_table,
        "json": lambda c: json.dumps(comparison_dict(c), indent=2) + "\n",
        "jsonl": _cmp_jsonl,
        "csv": _cmp_csv,
        "markdown": _cmp_markdown,
        "latex": _cmp_latex,
    }
    return renderers[fmt](cmp)


def _tests_line(cmp: Comparison) -> str:
    line = (
        f"n={cmp.n}; {cmp.confidence * 100:g}% CIs; differences: paired bootstrap "
        f"({cmp.n_resamples} resamples) and approximate randomization ({cmp.n_trials} "
        f"trials), seed {cmp.seed}, two-sided; * = p < {cmp.level:g} in both tests"
    )
    if any(_at_floor(d.p_bootstrap, cmp.n_resamples) or _at_floor(d.p_randomization,
           cmp.n_trials) for d in cmp.differences):  # fmt: skip
        line += (
            f"; <= marks a p-value at its test's floor, 1/(resamples+1) = "
            f"{format_p(1 / (cmp.n_resamples + 1))} or 1/(trials+1) = "
            f"{format_p(1 / (cmp.n_trials + 1))}: the true p is at most that (more "
            "--bootstrap or --trials resolve smaller values)"
        )
    return line


def _at_floor(p: float, draws: int) -> bool:
    """Whether ``p`` is the smallest value ``draws`` resamples can give, ``1/(draws+1)``
    (no resample was as extreme as the observed difference)."""
    return p == 1 / (draws + 1)


def _diff_cell(d: Difference | None, cmp: Comparison) -> tuple[str, str, str]:
    if d is None:
        return "", "", ""
    mark = " *" if d.significant else ""
    delta = f"{d.delta * 100:+.2f} [{d.low * 100:+.2f}, {d.high * 100:+.2f}]{mark}"

    def p_cell(p: float, draws: int) -> str:
        return ("<=" if _at_floor(p, draws) else "") + format_p(p)

    return delta, p_cell(d.p_bootstrap, cmp.n_resamples), p_cell(d.p_randomization, cmp.n_trials)


def _all_pairs(cmp: Comparison) -> bool:
    """Whether the differences have several baselines (``--all-pairs``)."""
    return len({d.baseline for d in cmp.differences}) > 1


def _cmp_rows(cmp: Comparison) -> list[list[str]]:
    """Rows of type, system, mean [CI], delta vs baseline [CI], p (bootstrap), p (AR). With
    several baselines (every pair tested), each system's row, then a row per difference
    named ``system - baseline``."""
    rows = []
    several = _all_pairs(cmp)
    for t in cmp.types:
        for name, result in zip(cmp.names, cmp.results):
            d = None if several else cmp.difference(t, name)
            rows.append([t, printable(name), _cell(result, t, cmp.field), *_diff_cell(d, cmp)])
        if several:
            for d in cmp.differences:
                if d.rouge_type == t:
                    label = f"{printable(d.system)} - {printable(d.baseline)}"
                    rows.append([t, label, "", *_diff_cell(d, cmp)])
    return rows


def _cmp_head(cmp: Comparison) -> list[str]:
    f = _SHORT[cmp.field]
    base = cmp.differences[0].baseline if cmp.differences else cmp.names[0]
    vs = f"{f} difference" if _all_pairs(cmp) else f"{f} - {printable(base)}"
    return ["type", "system", f"{f} [CI]", f"{vs} [CI]", "p boot", "p AR"]


def _cmp_table(cmp: Comparison) -> str:
    head, rows = _cmp_head(cmp), _cmp_rows(cmp)
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in [head, *rows]]
    return "\n".join([*lines, _tests_line(cmp), _signature(cmp)]) + "\n"


def _signature(cmp: Comparison) -> str:
    return str(cmp.results[0].signature)


def comparison_dict(cmp: Comparison) -> dict[str, Any]:
    """JSON-ready comparison: each system's scores and each tested difference."""
    return {
        "n": cmp.n,
        "field": cmp.field,
        "systems": {
            name: {t: _entry(r, t, cmp.field) for t in r.types}
            for name, r in zip(cmp.names, cmp.results)
        },
        "differences": [
            {
                "type": d.rouge_type,
                "baseline": d.baseline,
                "system": d.system,
                "delta": d.delta,
                "ci": [d.low, d.high],
                "p_bootstrap": d.p_bootstrap,
                "p_randomization": d.p_randomization,
                "significant": d.significant,
            }
            for d in cmp.differences
        ],
        "tests": {
            "confidence": cmp.confidence,
            "bootstrap_resamples": cmp.n_resamples,
            "randomization_trials": cmp.n_trials,
            "seed": cmp.seed,
            "level": cmp.level,
            "significant_when": "both p-values below level",
        },
        "signature": _signature(cmp),
    }


def _entry(result: CorpusResult, rouge_type: str, field: str) -> dict[str, Any]:
    entry: dict[str, Any] = {"mean": getattr(result.mean[rouge_type], field)}
    if result.low is not None and result.high is not None:
        entry["ci"] = [
            getattr(result.low[rouge_type], field),
            getattr(result.high[rouge_type], field),
        ]
    return entry


def _cmp_jsonl(cmp: Comparison) -> str:
    data = comparison_dict(cmp)
    lines = []
    for t in cmp.types:
        for name in cmp.names:
            row: dict[str, Any] = {"type": t, "system": name, "field": cmp.field}
            row.update(data["systems"][name][t])
            d = cmp.difference(t, name)
            if d is not None:
                row.update(
                    baseline=d.baseline, delta=d.delta, delta_ci=[d.low, d.high],
                    p_bootstrap=d.p_bootstrap, p_randomization=d.p_randomization,
                    significant=d.significant,
                )  # fmt: skip
            row.update(n=cmp.n, **_test_settings(cmp), signature=data["signature"])
            lines.append(json.dumps(row))
    return "\n".join(lines) + "\n"


def _test_settings(cmp: Comparison) -> dict[str, Any]:
    """The tests' settings, on every row of the one-row-per-result formats: they change the
    p-values and ``significant`` and are not all in the scores' signature (the trials and
    the level never are; the seed is not under ROUGE-1.5.5's ``seed:perl``). The table,
    JSON, Markdown, LaTeX and HTML reports print them once."""
    return {
        "resamples": cmp.n_resamples,
        "trials": cmp.n_trials,
        "level": cmp.level,
        "seed": cmp.seed,
    }


def _cmp_csv(cmp: Comparison) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["type", "system", "field", "mean", "low", "high", "baseline", "delta", "delta_low",
         "delta_high", "p_bootstrap", "p_randomization", "significant", "n", "resamples",
         "trials", "level", "seed", "signature"]
    )  # fmt: skip
    for t in cmp.types:
        for name, r in zip(cmp.names, cmp.results):
            e = _entry(r, t, cmp.field)
            lo, hi = e.get("ci", ["", ""])
            d = cmp.difference(t, name)
            diff: list[Any] = (
                [d.baseline, repr(d.delta), repr(d.low), repr(d.high), repr(d.p_bootstrap),
                 repr(d.p_randomization), str(d.significant).lower()]
                if d is not None
                else [""] * 7
            )  # fmt: skip
            writer.writerow(
                [t, name, cmp.field, repr(e["mean"]), lo and repr(lo), hi and repr(hi), *diff,
                 cmp.n, *_test_settings(cmp).values(), _signature(cmp)]
            )  # fmt: skip
    return out.getvalue()


def _cmp_markdown(cmp: Comparison) -> str:
    head = _cmp_head(cmp)
    lines = ["| " + " | ".join(head) + " |", "|---|---|---:|---:|---:|---:|"]
    lines += ["| " + " | ".join(r) + " |" for r in _cmp_rows(cmp)]
    return "\n".join([*lines, "", _tests_line(cmp), "", f"signature: `{_signature(cmp)}`"]) + "\n"


def _cmp_latex(cmp: Comparison) -> str:
    head = [latex_escape(h) for h in _cmp_head(cmp)]
    lines = [r"\begin{tabular}{llrrrr}", r"\toprule", " & ".join(head) + r" \\", r"\midrule"]
    for row in _cmp_rows(cmp):
        lines.append(" & ".join(latex_escape(c) for c in row).replace(" *", "$^*$") + r" \\")
    lines += [
        r"\midrule",
        rf"\multicolumn{{6}}{{p{{0.9\linewidth}}}}"
        rf"{{\footnotesize {latex_escape(_tests_line(cmp))}}} \\",
        *_latex_signature_rows(_signature(cmp), 6),
        r"\bottomrule",
        r"\end{tabular}",
    ]
    return "\n".join(lines) + "\n"


# -- HTML -------------------------------------------------------------------------------------


def html_page(title: str, table_rows: list[list[str]], head: list[str], notes: list[str],
              signature: str, image_png: bytes | None) -> str:  # fmt: skip
    """A self-contained HTML report: a table, notes, the signature and the picture
    embedded as a base64 PNG (no external file, script or style sheet)."""
    import base64

    esc = html.escape
    cells = "\n".join(
        "<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in table_rows
    )
    img = (
        f'<img alt="{esc(title)}" src="data:image/png;base64,'
        f'{base64.b64encode(image_png).decode("ascii")}">'
        if image_png
        else ""
    )
    note_html = "".join(f"<p>{esc(n)}</p>" for n in notes)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{esc(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border-bottom: 1px solid #ccc; padding: 0.3em 0.8em; text-align: right; }}
th:first-child, td:first-child, td:nth-child(2) {{ text-align: left; }}
code {{ font-size: 0.85em; word-break: break-all; }}
img {{ max-width: 100%; }}
</style>
</head>
<body>
<h1>{esc(title)}</h1>
<table>
<thead><tr>{"".join(f"<th>{esc(h)}</th>" for h in head)}</tr></thead>
<tbody>
{cells}
</tbody>
</table>
{note_html}
<p>Signature: <code>{esc(signature)}</code></p>
{img}
</body>
</html>
"""


def html_score(result: CorpusResult, image_png: bytes | None) -> str:
    rows = [[t, *(_cell(result, t, f) for f in FIELDS)] for t in result.types]
    return html_page(
        "rougekit score", rows, ["type", "P", "R", "F"], [_footer(result)],
        str(result.signature), image_png,
    )  # fmt: skip


def html_comparison(cmp: Comparison, image_png: bytes | None) -> str:
    return html_page(
        "rougekit compare", _cmp_rows(cmp), _cmp_head(cmp), [_tests_line(cmp)],
        _signature(cmp), image_png,
    )  # fmt: skip


# -- notebooks (Jupyter's rich display) --------------------------------------------------------


def html_fragment(head: list[str], rows: list[list[str]], notes: list[str], signature: str) -> str:
    """A table, notes and the signature as an HTML fragment for a notebook cell: no page,
    script or global style; every text escaped."""
    esc = html.escape
    left = {0, 1} if len(head) > 4 else {0}  # type (and system) columns read left-aligned

    def cell(tag: str, i: int, text: str) -> str:
        align = "left" if i in left else "right"
        return f'<{tag} style="text-align: {align}">{esc(text)}</{tag}>'

    header = "".join(cell("th", i, h) for i, h in enumerate(head))
    body = "".join(
        "<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>" for row in rows
    )
    note_html = "".join(f"<p>{esc(n)}</p>" for n in notes)
    return (
        f'<div class="rougekit"><table><thead><tr>{header}</tr></thead><tbody>{body}</tbody>'
        f"</table>{note_html}<p><small>signature: <code>{esc(signature)}</code></small></p>"
        "</div>"
    )


def html_corpus_fragment(result: CorpusResult) -> str:
    """A corpus result for a notebook: P/R/F x100 with their CIs, n and the signature."""
    rows = [[t, *(_cell(result, t, f) for f in FIELDS)] for t in result.types]
    return html_fragment(["type", "P", "R", "F"], rows, [_footer(result)], str(result.signature))


def html_comparison_fragment(cmp: Comparison) -> str:
    """A comparison for a notebook: the ``rougekit compare`` table, tests and signature."""
    return html_fragment(_cmp_head(cmp), _cmp_rows(cmp), [_tests_line(cmp)], _signature(cmp))


def format_p(p: float) -> str:
    """A p-value with enough digits to read, never printed as 0."""
    if math.isnan(p):
        return "n/a"
    return f"{p:.4f}" if p >= 0.0001 else f"{p:.1e}"
