"""The corpus tables (python/rougekit/tables.py: text, JSON, CSV, Markdown, LaTeX, HTML),
pictures, the HTML report and the progress bar."""

from __future__ import annotations

import base64
import csv
import io
import json
import re
import sys

import pytest
import rougekit
from conftest import SAMPLE, load_corpus
from rougekit import cli, tables
from rougekit.progress import ProgressBar
from rougekit.signature import parse as parse_signature


@pytest.fixture(scope="module")
def result():
    rows = load_corpus(SAMPLE)
    return rougekit.RougeScorer(stemmer=True).corpus(
        [r["prediction"] for r in rows], [r["references"] for r in rows], confidence=0.95
    )


def test_every_format_carries_the_signature(result):
    for fmt in tables.FORMATS:
        text = tables.render(result, fmt)
        sig = str(result.signature)
        assert sig in text or tables.latex_escape(sig) in text, fmt
        assert text.endswith("\n")


def test_machine_formats_keep_exact_floats(result):
    data = json.loads(tables.render(result, "json"))
    assert data == result.to_dict()
    rows = list(csv.DictReader(io.StringIO(tables.render(result, "csv"))))
    assert [r["type"] for r in rows] == result.types
    for r in rows:
        t = r["type"]
        assert float(r["fmeasure"]) == result.mean[t].fmeasure
        assert float(r["recall_low"]) == result.low[t].recall
        parse_signature(r["signature"])
    lines = [json.loads(x) for x in tables.render(result, "jsonl").splitlines()]
    assert [x["type"] for x in lines] == result.types
    assert lines[0]["precision"] == result.mean[result.types[0]].precision


def test_human_formats_show_x100_with_two_decimals(result):
    f = result.mean["rouge1"].fmeasure * 100
    lo, hi = result.low["rouge1"].fmeasure * 100, result.high["rouge1"].fmeasure * 100
    cell = f"{f:.2f} [{lo:.2f}, {hi:.2f}]"
    assert cell in tables.render(result, "markdown")
    assert cell in tables.render(result, "latex")
    assert tables.render(result, "table") == str(result) + "\n"


def test_latex_escape():
    assert tables.latex_escape("a_b|c%d&e$f#g{h}~^\\") == (
        r"a\_b\textbar{}c\%d\&e\$f\#g\{h\}\textasciitilde{}\textasciicircum{}\textbackslash{}"
    )


def test_signature_round_trip_through_the_cli(tmp_path, capsys):
    """score -> signature --parse -> the printed command -> the same signature and numbers."""
    first = ["score", "--jsonl", str(SAMPLE), "-t", "rouge2", "rougeLsum", "--stem", "--ci",
             "90", "--bootstrap", "50", "--seed", "3", "--split-sentences", "rules"]  # fmt: skip
    assert cli.main(first) == 0
    out = capsys.readouterr().out
    signature = out.splitlines()[-1]
    assert cli.main(["signature", "--parse", signature, "-f", "json"]) == 0
    parsed = json.loads(capsys.readouterr().out)
    assert parsed["settings"]["types"] == ["rouge2", "rougeLsum"]
    assert parsed["settings"]["rougelsum_sentences"] == "rules-v1"
    argv = parsed["command"].split()[1:]
    assert cli.main([*argv, "--jsonl", str(SAMPLE)]) == 0
    assert capsys.readouterr().out == out


# -- pictures ---------------------------------------------------------------------------------

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _image(path_or_bytes):
    pytest.importorskip("matplotlib")
    import matplotlib.image

    data = path_or_bytes if isinstance(path_or_bytes, bytes) else path_or_bytes.read_bytes()
    assert data.startswith(PNG_MAGIC)
    return matplotlib.image.imread(io.BytesIO(data), format="png")


def _distinct_colours(img) -> int:
    pixels = (img[..., :3] * 255).astype("uint8").reshape(-1, 3)
    return len({tuple(p) for p in pixels[:: max(1, len(pixels) // 20000)]})


def test_score_plot_and_html(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    png, page = tmp_path / "s.png", tmp_path / "s.html"
    assert cli.main(["score", "--jsonl", str(SAMPLE), "--ci", "95", "--plot", str(png),
                     "--html", str(page)]) == 0  # fmt: skip
    capsys.readouterr()
    img = _image(png)
    height, width = img.shape[:2]
    assert width > 800 and height > 500  # 2 x 2 panels, one per type
    assert _distinct_colours(img) > 20  # bars, lines, text: not a blank canvas
    html = page.read_text()
    embedded = re.search(r'src="data:image/png;base64,([^"]+)"', html)
    assert embedded and base64.b64decode(embedded.group(1)) == png.read_bytes()
    assert "rougekit:" in html and "<td>rougeLsum</td>" in html
    assert "http" not in html.replace('lang="en"', "")  # self-contained: no link anywhere


def test_score_plot_shows_each_type(result):
    pytest.importorskip("matplotlib")
    from rougekit import plots

    rows = load_corpus(SAMPLE)
    batch = rougekit.RougeScorer(stemmer=True).score_batch(
        [r["prediction"] for r in rows], [r["references"] for r in rows]
    )
    one = plots.score_distributions(result, {t: batch.fmeasure(t) for t in batch.types})
    sub = rougekit.RougeScorer(["rouge1"], stemmer=True).corpus(
        [r["prediction"] for r in rows], [r["references"] for r in rows]
    )
    single = plots.score_distributions(sub, {"rouge1": batch.fmeasure("rouge1")})
    # Four panels make a bigger picture than one.
    assert _image(one).shape[0] > _image(single).shape[0]
    assert _image(one).shape[1] > _image(single).shape[1]


def test_compare_plot_marks_significance(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    rows = load_corpus(SAMPLE)
    refs, base, better = tmp_path / "r", tmp_path / "base", tmp_path / "better"
    refs.write_text("".join(r["references"][0] + "\n" for r in rows))
    base.write_text("".join(r["prediction"] + "\n" for r in rows))
    better.write_text("".join(r["references"][0] + "\n" for r in rows))
    png = tmp_path / "c.png"
    args = ["compare", "-p", str(base), "-p", str(better), "-r", str(refs), "-t", "rouge1",
            "--trials", "200", "--plot", str(png)]  # fmt: skip
    assert cli.main(args) == 0
    capsys.readouterr()
    img = _image(png)
    # Significant systems are drawn in orange (#dd8452): that colour must be present.
    rgb = (img[..., :3] * 255).round().astype(int)
    orange = ((abs(rgb[..., 0] - 0xDD) < 8) & (abs(rgb[..., 1] - 0x84) < 8)
              & (abs(rgb[..., 2] - 0x52) < 8))  # fmt: skip
    assert orange.sum() > 20
    # With identical systems nothing is significant: no orange.
    same = tmp_path / "same.png"
    args = ["compare", "-p", str(base), "-p", str(base), "--name", "a", "--name", "b", "-r",
            str(refs), "-t", "rouge1", "--trials", "200", "--plot", str(same)]  # fmt: skip
    assert cli.main(args) == 0
    capsys.readouterr()
    rgb = (_image(same)[..., :3] * 255).round().astype(int)
    orange = ((abs(rgb[..., 0] - 0xDD) < 8) & (abs(rgb[..., 1] - 0x84) < 8)
              & (abs(rgb[..., 2] - 0x52) < 8))  # fmt: skip
    assert orange.sum() == 0


def _figures(monkeypatch):
    """``(figure, texts outside it)`` of each picture the plots module saves."""
    from rougekit import plots

    figs = []
    real = plots._png

    def keep(fig):
        fig.canvas.draw()
        figs.append((fig, _texts_outside(fig)))
        return real(fig)

    monkeypatch.setattr(plots, "_png", keep)
    return figs


def _texts_outside(fig) -> list[str]:
    """Texts (titles, notes, legends, axis labels, the signature) not inside the picture."""
    texts = [*fig.texts, fig._suptitle]
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        texts += [ax.title, ax.xaxis.label, ax.yaxis.label, *ax.texts]
        if ax.get_legend() is not None:
            texts += ax.get_legend().get_texts()
        for axis, (lo, hi) in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            lo, hi = min(lo, hi), max(lo, hi)
            ticks = zip(axis.get_majorticklocs(), axis.get_majorticklabels())
            texts += [label for loc, label in ticks if lo <= loc <= hi]  # drawn ones only
    renderer = fig.canvas.get_renderer()
    box = fig.bbox
    out = []
    for t in texts:
        if t is None or not t.get_visible() or not t.get_text().strip():
            continue
        e = t.get_window_extent(renderer)
        if e.x0 < box.x0 - 1 or e.x1 > box.x1 + 1 or e.y0 < box.y0 - 1 or e.y1 > box.y1 + 1:
            out.append(t.get_text())
    return out


@pytest.mark.parametrize("types", [["rouge1"], ["rouge1", "rouge2", "rougeL"]])
def test_pictures_keep_every_text_inside(types, tmp_path, monkeypatch, capsys):
    """One-panel pictures are narrow: the title and the signature wrap instead of being cut
    off, and notes near an axis end grow inwards."""
    pytest.importorskip("matplotlib")
    figs = _figures(monkeypatch)
    rows = load_corpus(SAMPLE)
    refs, base, other = tmp_path / "r", tmp_path / "base", tmp_path / "other"
    refs.write_text("".join(r["references"][0] + "\n" for r in rows))
    base.write_text("".join(r["prediction"] + "\n" for r in rows))
    other.write_text("".join(r["prediction"][: len(r["prediction"]) // 3] + "\n" for r in rows))
    args = ["score", "--jsonl", str(SAMPLE), "-t", *types, "--ci", "95", "--plot",
            str(tmp_path / "s.png")]  # fmt: skip
    assert cli.main(args) == 0
    args = ["compare", "-p", str(base), "-p", str(other), "-r", str(refs), "-t", *types,
            "--trials", "200", "--plot", str(tmp_path / "c.png")]  # fmt: skip
    assert cli.main(args) == 0
    capsys.readouterr()
    (score_fig, outside_score), (compare_fig, outside_compare) = figs
    assert outside_score == [] and outside_compare == []
    # The signature is all there (wrapped at '|'), and the CI band is named as one.
    texts = [t.get_text() for t in score_fig.texts]
    assert any(t.replace("\n", "").startswith("rougekit:0.1.0|profile:") for t in texts)
    legend = [t.get_text() for t in score_fig.axes[0].get_legend().get_texts()]
    assert legend[0].startswith("95% CI of the mean [")
    # A mean and its CI are scores: the compare axes never show negative ones.
    for ax in compare_fig.axes:
        if ax.get_visible():
            assert ax.get_xlim()[0] >= 0


def test_missing_matplotlib_is_one_clear_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails
    code = cli.main(["score", "--jsonl", str(SAMPLE), "--plot", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (
        "rougekit: error: plots need matplotlib: pip install matplotlib (or pip install "
        "'.[plot]' in rougekit's source tree)\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_plot_needs_png_name(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    code = cli.main(["score", "--jsonl", str(SAMPLE), "--plot", str(tmp_path / "x.jpg")])
    assert code == 2 and "*.png" in capsys.readouterr().err


# -- progress bar -----------------------------------------------------------------------------


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_draws_on_a_tty_and_erases_itself():
    stream = FakeTTY()
    bar = ProgressBar(enabled=True, fraction=lambda: 0.5, stream=stream, interval=0)
    bar.update(8192)
    bar.close()
    text = stream.getvalue()
    assert "8,192 pairs" in text and " 50.0%" in text and "[############............]" in text
    assert text.endswith("\r\x1b[K")


def test_progress_bar_is_silent_off_a_tty_or_when_disabled():
    for stream, enabled in ((io.StringIO(), True), (FakeTTY(), False)):
        bar = ProgressBar(enabled=enabled, stream=stream, interval=0)
        bar.update(10)
        bar.close()
        assert stream.getvalue() == ""


def test_the_report_fields_are_the_score_fields():
    # tables keeps its own copy (presentation imports no result module at run time).
    from rougekit import results, tables

    assert tables.FIELDS == results.FIELDS == results.Score._fields


def _python_rows(fmt: str, types: list[str], ids: list[str], batch: object) -> str:
    """InstanceWriter's rows as Python's json and csv modules write them (the oracle of the
    core's formatting)."""
    fields = ("precision", "recall", "fmeasure")
    columns = [[float(v) for v in getattr(batch, f)(t)] for t in types for f in fields]
    if fmt == "csv":
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerows(
            [ident, *map(repr, row)] for ident, *row in zip(ids, *columns)
        )
        return buf.getvalue()
    out = []
    for ident, *row in zip(ids, *columns):
        obj: dict[str, object] = {"id": ident}
        for k, t in enumerate(types):
            obj[t] = dict(zip(fields, row[k * 3 : (k + 1) * 3]))
        out.append(json.dumps(obj))
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_instance_rows_are_pythons_byte_for_byte(fmt: str) -> None:
    from rougekit.tables import InstanceWriter

    rows = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    preds = [r["prediction"] for r in rows] + ["a", "a b c d e f g", "", "a " + "z " * 30000]
    refs = [r["references"] for r in rows] + [["a"], ["b c a e g"], ["z"], ["a b"]]
    ids = [str(r.get("id", k)) for k, r in enumerate(rows)]
    ids += ['q"uote, comma', "new\nline\r", "é 日本 \U0001f600 \x00\x1f\x7f", ""]
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum", "rouge3"]
    batch = rougekit.RougeScorer(types, stemmer=True).score_batch(preds, refs, progress=False)
    values = {float(v) for t in types for f in ("precision", "fmeasure") for v in
              getattr(batch, f)(t)}  # fmt: skip
    assert any(0 < v < 1e-4 for v in values) and 0.0 in values and 1.0 in values
    buf = io.StringIO()
    writer = InstanceWriter(buf, fmt, types)
    header = buf.getvalue()
    writer.write(ids, batch)
    expected = _python_rows(fmt, types, ids, batch)
    assert buf.getvalue()[len(header) :] == expected
    assert rougekit._core.instance_rows(batch.scores, ids, fmt) == expected  # the core wrote it
    # An id that no UTF-8 holds (a lone surrogate) is written by Python's json and csv.
    odd = ["\udc00", *ids[1:]]
    start = len(buf.getvalue())
    writer.write(odd, batch)
    assert buf.getvalue()[start:] == _python_rows(fmt, types, odd, batch)
