"""Pictures for ``--plot FILE.png`` and ``--html FILE``: PNG bytes drawn with matplotlib.

matplotlib is the optional extra ``plot`` (``pip install 'rougekit[plot]'``); it is imported
only when a picture is asked for, with the Agg backend (no display needed).
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping
from typing import Any

from rougekit.results import CorpusResult
from rougekit.significance import Comparison

MISSING = "plots need matplotlib, which is the optional extra 'plot': pip install 'rougekit[plot]'"


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


def score_distributions(
    result: CorpusResult, fmeasures: Mapping[str, Any], *, title: str | None = None
) -> bytes:
    """One histogram per type of the per-pair F-measures (x100), with the corpus mean as a
    line and its confidence interval as a band when computed."""
    plt = _pyplot()
    rows, cols = _grid(len(result.types))
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 3.4 * rows), squeeze=False)
    for ax, t in zip(axes.flat, result.types):
        values = [v * 100 for v in fmeasures[t]]
        ax.hist(values, bins=50, range=(0, 100), color="#4c72b0", alpha=0.85)
        mean = result.mean[t].fmeasure * 100
        label = f"mean {mean:.2f}"
        if result.low is not None and result.high is not None:
            lo, hi = result.low[t].fmeasure * 100, result.high[t].fmeasure * 100
            if not (math.isnan(lo) or math.isnan(hi)):
                ax.axvspan(lo, hi, color="#dd8452", alpha=0.3)
                label += f" [{lo:.2f}, {hi:.2f}]"
        ax.axvline(mean, color="#c44e52", linewidth=2, label=label)
        ax.set_title(f"{t} F (x100), n={result.n}")
        ax.set_xlabel("F-measure x100")
        ax.set_ylabel("pairs")
        ax.legend(loc="upper right", fontsize=8)
    for ax in list(axes.flat)[len(result.types) :]:
        ax.set_visible(False)
    fig.suptitle(title or "rougekit score: per-pair F-measure distribution", fontsize=11)
    fig.text(0.01, 0.005, str(result.signature), fontsize=5, family="monospace")
    fig.tight_layout(rect=(0, 0.02, 1, 0.97))
    return _png(fig)


def comparison(cmp: Comparison) -> bytes:
    """Per type, each system's mean (x100) with its confidence interval; systems whose
    difference from the baseline is significant are drawn in orange and starred."""
    plt = _pyplot()
    types = cmp.types
    rows, cols = _grid(len(types))
    height = max(2.6, 0.5 * len(cmp.names) + 1.6)
    fig, axes = plt.subplots(rows, cols, figsize=(5.6 * cols, height * rows), squeeze=False)
    f = cmp.field
    for ax, t in zip(axes.flat, types):
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
                note += f"  {d.delta * 100:+.2f}{' *' if d.significant else ''}"
                note += f" (p={d.p_randomization:.3g})"
            ax.annotate(note, (mean, k), textcoords="offset points", xytext=(0, 7),
                        ha="center", fontsize=7)  # fmt: skip
        ax.set_yticks(range(len(cmp.names)))
        ax.set_yticklabels(cmp.names)
        ax.set_ylim(-0.7, len(cmp.names) - 0.3)
        ax.invert_yaxis()
        ax.margins(x=0.25)
        ax.set_title(f"{t} {f} x100 ({cmp.confidence * 100:g}% CI)")
        ax.grid(axis="x", alpha=0.3)
    for ax in list(axes.flat)[len(types) :]:
        ax.set_visible(False)
    fig.suptitle(
        f"rougekit compare: * and orange = p < {cmp.level:g} against the baseline "
        "(paired bootstrap and approximate randomization)",
        fontsize=9,
    )
    fig.text(0.01, 0.005, str(cmp.results[0].signature), fontsize=5, family="monospace")
    fig.tight_layout(rect=(0, 0.02, 1, 0.95))
    return _png(fig)
