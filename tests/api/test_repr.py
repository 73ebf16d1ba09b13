"""Notebook views (_repr_html_ / _repr_markdown_) of CorpusResult and Comparison
(python/rougekit/results.py, significance.py, report.py): the table of P/R/F with the CIs,
n and the signature, every text escaped."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
import rougekit as rk
from conftest import SAMPLE, load_corpus
from rougekit import tables
from rougekit.results import FIELDS, CorpusResult
from rougekit.significance import compare


class Cells(HTMLParser):
    """Rows of cell texts, and every tag seen."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.tags: list[str] = []
        self.text: list[str] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def _parse(html: str) -> Cells:
    parser = Cells()
    parser.feed(html)
    parser.close()
    return parser


@pytest.fixture
def batch():
    rows = load_corpus(SAMPLE)
    scorer = rk.RougeScorer(["rouge1", "rouge2", "rougeL"], stemmer=True)
    return scorer.score_batch([r["prediction"] for r in rows], [r["references"] for r in rows])


def test_corpus_html_is_the_table_with_cis_and_signature(batch):
    result = batch.corpus(confidence=0.95, n_bootstrap=300, seed=1)
    page = _parse(result._repr_html_())
    assert page.rows[0] == ["type", "P", "R", "F"]
    assert result.low is not None and result.high is not None
    for row, t in zip(page.rows[1:], result.types):
        expected = [t]
        for f in FIELDS:
            mean = getattr(result.mean[t], f) * 100
            lo, hi = getattr(result.low[t], f) * 100, getattr(result.high[t], f) * 100
            expected.append(f"{mean:.2f} [{lo:.2f}, {hi:.2f}]")
        assert row == expected
    assert len(page.rows) == 1 + len(result.types)
    text = "".join(page.text)
    assert f"n={len(batch)}, 95% CI" in text
    assert str(result.signature) in text
    assert "script" not in page.tags and "style" not in page.tags  # a fragment, not a page


def test_corpus_html_without_ci(batch):
    result = batch.corpus()
    page = _parse(result._repr_html_())
    t = result.types[0]
    assert page.rows[1] == [t, *(f"{getattr(result.mean[t], f) * 100:.2f}" for f in FIELDS)]
    assert "CI" not in "".join(page.text)


def test_html_escapes_every_text(batch):
    real = batch.corpus()

    class Hostile:
        def __str__(self) -> str:
            return 'x<script>alert("1")</script>&<b>'

    result = CorpusResult(
        summary={"<img src=x>": {f: (0.5, 0.4, 0.6) for f in FIELDS}},
        n=3, confidence=0.95, signature=Hostile(), profile=real.profile,  # type: ignore[arg-type]
    )  # fmt: skip
    html = result._repr_html_()
    page = _parse(html)
    assert "script" not in page.tags and "img" not in page.tags and "b" not in page.tags
    assert page.rows[1][0] == "<img src=x>"  # shown as text
    assert 'x<script>alert("1")</script>&<b>' in "".join(page.text)
    assert "&lt;script&gt;" in html


def test_corpus_markdown_is_the_markdown_report(batch):
    result = batch.corpus(confidence=0.9, n_bootstrap=200)
    md = result._repr_markdown_()
    assert md == tables.render(result, "markdown")
    assert md.startswith("| type | P | R | F |\n|---|---:|---:|---:|\n")
    assert f"`{result.signature}`" in md
    assert md.count("\n| rouge") == len(result.types)


def _comparison(batch):
    rows = load_corpus(SAMPLE)
    scorer = rk.RougeScorer(["rouge1", "rougeL"])
    refs = [r["references"] for r in rows]
    a = scorer.score_batch([r["prediction"] for r in rows], refs)
    b = scorer.score_batch([r["references"][0][:60] for r in rows], refs)
    results = [x.corpus(confidence=0.95, n_bootstrap=200) for x in (a, b)]
    columns = [{t: list(x.fmeasure(t)) for t in x.types} for x in (a, b)]
    return compare(["system <A>", "lead&60"], results, columns, n_resamples=200, n_trials=500)


def test_comparison_html_has_scores_differences_and_tests(batch):
    cmp = _comparison(batch)
    page = _parse(cmp._repr_html_())
    assert page.rows[0] == ["type", "system", "F [CI]", "F - system <A> [CI]", "p boot", "p AR"]
    assert page.rows[1:] == [row for row in tables._cmp_rows(cmp)]
    assert [r[1] for r in page.rows[1:]] == ["system <A>", "lead&60"] * 2
    d = cmp.difference("rouge1", "lead&60")
    assert d is not None
    assert page.rows[2][3].startswith(f"{d.delta * 100:+.2f} [{d.low * 100:+.2f}, ")
    text = "".join(page.text)
    assert "paired bootstrap (200 resamples)" in text
    assert str(cmp.results[0].signature) in text


def test_comparison_markdown_is_the_markdown_report(batch):
    cmp = _comparison(batch)
    assert cmp._repr_markdown_() == tables.render_comparison(cmp, "markdown")
