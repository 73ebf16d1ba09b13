"""Pictures for ``--plot FILE.png`` and ``--html FILE``: PNG bytes drawn with matplotlib.

matplotlib is optional (``pip install matplotlib``; the source tree's extra ``plot``); it is
imported only when a picture is asked for, with the Agg backend (no display needed).
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping
from typing import Any

from rougekit.results import CorpusResult
from rougekit.significance import Comparison

MISSING = (
    "plots need matplotlib: pip install matplotlib (or pip install '.[plot]' in rougekit's "
    "source tree)"
)


def check_available() -> None:
    """Raises ``ImportError`` with :data:`MISSING` when matplotlib cannot be imported."""
    _pyplot()


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ImportError(MISSING) from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> bytes:
    buf = io.BytesIO()
    # No timestamps or software version in the file, so the same run gives the same bytes.
    fig.savefig(buf, format="png", dpi=110, metadata={"Software": None})
    _pyplot().close(fig)
    return buf.getvalue()


def _grid(count: int) -> tuple[int, int]:
    cols = min(count, 2)
    return math.ceil(count / cols), cols


#: Average glyph width over font size: monospace (DejaVu Sans Mono) and proportional text
#: (DejaVu Sans, a little generous), to wrap text to the figure's width.
_MONO_EM = 0.61
_TEXT_EM = 0.56


def _wrap(text: str, width_in: float, fontsize: float, em: float, sep: str = " ") -> list[str]:
    """``text`` in lines that fit ``width_in`` inches, broken at ``sep`` (kept at the end of
    the line it closes, except spaces)."""
    limit = max(20, int(width_in * 0.96 * 72 / (em * fontsize)))
    parts = text.split(sep)
    lines = [parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + len(sep) + len(part) <= limit:
            lines[-1] += sep + part
        else:
            lines[-1] += sep.strip()
            lines.append(part)
    return lines


def _frame(fig: Any, title: str, signature: str, *, title_size: float = 10) -> None:
    """The title on top and the signature at the bottom, both wrapped to the figure's width
    (a one-panel figure is too narrow for either on one line), then the panels in between."""
    width, height = fig.get_size_inches()
    sig_size = 6
    title_lines = _wrap(title, width, title_size, _TEXT_EM)
    sig_lines = _wrap(signature, width, sig_size, _MONO_EM, sep="|")
    fig.suptitle("\n".join(title_lines), fontsize=title_size)
    fig.text(0.01, 0.008, "\n".join(sig_lines), fontsize=sig_size, family="monospace",
             va="bottom")  # fmt: skip
    top = 1 - (len(title_lines) * 1.35 * title_size + 6) / (height * 72)
    bottom = (len(sig_lines) * 1.25 * sig_size + 6) / (height * 72)
    fig.tight_layout(rect=(0, bottom, 1, top))


def score_distributions(
    result: CorpusResult, fmeasures: Mapping[str, Any], *, title: str | None = None
) -> bytes:
    """One histogram per type of the per-pair F-measures (x100), with the corpus mean as a
    line and its confidence interval as a band when computed."""
    import numpy as np

    plt = _pyplot()
    rows, cols = _grid(len(result.types))
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 3.4 * rows), squeeze=False)
    level = f"{result.confidence * 100:g}%" if result.confidence else ""
    for ax, t in zip(axes.flat, result.types):
        # NumPy, not a list of Python floats: a million pairs stay 8 MB per type.
        values = np.asarray(fmeasures[t], dtype=np.float64) * 100
        # Opaque bars over the band (zorder): they keep their colour where the band crosses.
        ax.hist(values, bins=50, range=(0, 100), color="#4c72b0", zorder=2)
        mean = result.mean[t].fmeasure * 100
        if result.low is not None and result.high is not None:
            lo, hi = result.low[t].fmeasure * 100, result.high[t].fmeasure * 100
            if not (math.isnan(lo) or math.isnan(hi)):
                # A CI of the mean, not a spread of the pairs: the label says so.
                ax.axvspan(lo, hi, color="#dd8452", alpha=0.35, zorder=1, linewidth=0,
                           label=f"{level} CI of the mean [{lo:.2f}, {hi:.2f}]")  # fmt: skip
        ax.axvline(mean, color="#c44e52", linewidth=2, zorder=3, label=f"mean {mean:.2f}")
        ax.set_title(f"{t}, n={result.n}")
        ax.set_xlabel("F-measure x100 (one bar: 2 points)")
        ax.set_ylabel("pairs")
        ax.set_xlim(-1, 101)
        ax.legend(loc="upper right", fontsize=8)
    for ax in list(axes.flat)[len(result.types) :]:
        ax.set_visible(False)
    _frame(fig, title or "rougekit score: per-pair F-measure distribution", str(result.signature))
    return _png(fig)


def _p(p: float) -> str:
    return f"{p:.3f}" if p >= 0.001 else f"{p:.0e}"


def comparison(cmp: Comparison) -> bytes:
    """Per type, each system's mean (x100) with its confidence interval; systems whose
    difference from the baseline is significant are drawn in orange and starred."""
    plt = _pyplot()
    types = cmp.types
    rows, cols = _grid(len(types))
    # Per row: the systems, the panel's title and axis label; then the figure's title and
    # signature (two lines each in a one-panel figure).
    height = max(2.2, 0.55 * len(cmp.names) + 1.2) * rows + 1.0
    fig, axes = plt.subplots(rows, cols, figsize=(5.6 * cols, height), squeeze=False)
    f = cmp.field
    for ax, t in zip(axes.flat, types):
        notes = []
        for k, (name, r) in enumerate(zip(cmp.names, cmp.results)):
            mean = getattr(r.mean[t], f) * 100
            d = cmp.difference(t, name)
            color = "#dd8452" if d is not None and d.significant else "#4c72b0"
            if r.low is not None and r.high is not None:
                lo, hi = getattr(r.low[t], f) * 100, getattr(r.high[t], f) * 100
                ax.errorbar(mean, k, xerr=[[mean - lo], [hi - mean]], fmt="o", color=color,
                            capsize=4)  # fmt: skip
            else:
                ax.plot(mean, k, "o", color=color)
            note = f"{mean:.2f}"
            if d is not None:
                note += f"   Δ {d.delta * 100:+.2f}{' *' if d.significant else ''}"
                note += f"   p {_p(d.p_bootstrap)} / {_p(d.p_randomization)}"
            notes.append((note, mean, k))
        ax.set_yticks(range(len(cmp.names)))
        ax.set_yticklabels(cmp.names)
        ax.set_ylim(-0.7, len(cmp.names) - 0.3)
        ax.invert_yaxis()
        ax.margins(x=0.25)
        # Room for the notes, but no score below 0 or above 100 on the axis.
        left, right = ax.get_xlim()
        left, right = max(left, 0.0), min(right, 100.0)
        ax.set_xlim(left, right)
        for note, mean, k in notes:
            # A note grows away from the nearer side, so it stays inside the panel.
            ha = "left" if mean < (left + right) / 2 else "right"
            ax.annotate(note, (mean, k), textcoords="offset points", xytext=(0, 7), ha=ha,
                        fontsize=7)  # fmt: skip
        ax.set_title(f"{t} {f} x100")
        ax.set_xlabel(f"mean and its {cmp.confidence * 100:g}% CI")
        ax.grid(axis="x", alpha=0.3)
    for ax in list(axes.flat)[len(types) :]:
        ax.set_visible(False)
    baseline = cmp.differences[0].baseline if cmp.differences else cmp.names[0]
    _frame(
        fig,
        f"rougekit compare, n={cmp.n}: Δ = difference from {baseline}; p = paired bootstrap / "
        f"approximate randomization (two-sided); * and orange: both p < {cmp.level:g}",
        str(cmp.results[0].signature),
        title_size=9,
    )
    return _png(fig)
