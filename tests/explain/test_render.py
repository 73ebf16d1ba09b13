"""The views of one explanation (rougekit.explain.render): the terminal text, the notebook
fragment and the one-pair page, drawn from the rougekit.explain/1 dict."""

from __future__ import annotations

import html.parser
import re
from typing import Any

import pytest
import rougekit as rk
from explain_fixture import explanation
from rougekit.explain import Explanation, render


class _Panes(html.parser.HTMLParser):
    """Counts token classes per pane (``data-role`` prediction / reference) and type."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[tuple[str, str, str], int] = {}
        self.tags: list[str] = []
        self.stack: list[tuple[str, str | None, str | None]] = []
        self.type: str | None = None
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        if tag == "section" and a.get("data-type"):
            self.type = a["data-type"]
        role = a.get("data-role")
        if role is not None:
            role += a.get("data-ref", "") or ""
        self.stack.append((tag, role, a.get("class")))
        pane = next((r for _, r, _ in reversed(self.stack) if r), None)
        if tag == "span" and pane and self.type:
            for c in (a.get("class") or "").split():
                key = (self.type, pane, c)
                self.counts[key] = self.counts.get(key, 0) + 1

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _panes(fragment: str) -> _Panes:
    parser = _Panes()
    parser.feed(fragment)
    return parser


def test_text_shows_counts_formula_clipping_and_signature() -> None:
    out = render.text(explanation())
    assert re.search(
        r"^rouge1 +hits 6 / pred 7 / ref 9 +P 0.857143  R 0.666667  F 0.75$", out, re.M
    )
    assert "formula: P = hits / pred; R = hits / ref; F = 2PR / (P + R)" in out
    assert "cat 2→1" in out  # clipped: two in the prediction, one counted
    assert re.search(r"^  missed: the was dog$", out, re.M)
    assert '"the cat" "on the" "the mat"' in out
    assert "one LCS (rouge-score backtrack): The cat on the mat" in out
    assert out.rstrip().endswith("signature: " + explanation()["signature"])


def test_text_shows_rougelsum_counted_and_not_counted_per_sentence() -> None:
    out = render.text(explanation())
    assert "union-LCS hits 6 / pred 7 / ref 9" in out
    assert "2 reference sentences, 1 prediction sentence" in out
    assert "  ref s0 counted: The cat on the mat" in out
    assert re.search(r"^  ref s1 counted: sat +in LCS but not counted: The$", out, re.M)
    assert "double-count guard" in out


def _two_references() -> dict[str, Any]:
    d = explanation()
    d["references"].append(
        {"text": "A dog.", "tokens": [
            {"text": "A", "start": 0, "end": 1, "compared": "a", "sentence": 0},
            {"text": "dog", "start": 2, "end": 5, "compared": "dog", "sentence": 0}],
         "dropped": [], "sentences": 1}
    )  # fmt: skip
    t = d["types"]["rouge1"]
    other = {"reference": 1, "hits": 0, "prediction_total": 7, "reference_total": 2,
             "precision": 0.0, "recall": 0.0, "fmeasure": 0.0,
             "matches": [], "missed": []}  # fmt: skip
    t["per_reference"] = [other, {**t["per_reference"][0], "reference": 1}]
    t["per_reference"][0]["reference"] = 0
    t["reference"] = 1
    return d


def test_text_names_the_chosen_reference_and_each_references_f() -> None:
    out = render.text(_two_references())
    assert "reference 2 of 2 chosen by best-f" in out
    assert "F per reference: 0  0.75*" in out


def test_text_lists_dropped_text_and_escapes_control_characters() -> None:
    d = explanation()
    d["prediction"]["dropped"] = [{"text": "é\x1b[31m", "start": 0, "end": 2, "why": "non-ascii"}]
    d["id"] = "a\nb"
    out = render.text(d)
    assert 'prediction dropped: "é\\x1b[31m" (non-ascii)' in out
    assert "\x1b" not in out
    assert out.startswith("pair a\\nb\n")


def test_fragment_marks_as_many_units_as_hits() -> None:
    d = explanation()
    panes = _panes(render.fragment(d))
    for name, t in d["types"].items():
        assert panes.counts.get((name, "reference0", "rk-u"), 0) == t["hits"], name
    # n-grams: the prediction's units are the matched occurrences too; the clipped "cat"
    assert panes.counts[("rouge1", "prediction", "rk-u")] == 6
    assert panes.counts[("rouge1", "prediction", "rk-over")] == 1
    assert panes.counts[("rouge2", "reference0", "rk-hit")] == 5  # 3 bigrams over 5 tokens
    assert panes.counts[("rougeLsum", "reference0", "rk-nc")] == 1
    assert panes.counts[("rougeL", "prediction", "rk-hit")] == 5


def test_fragment_has_no_script_no_style_sheet_and_escapes_text() -> None:
    d = explanation()
    hostile = '<script>alert(1)</script><img src=x onerror=alert(2)> & "q"'
    pred = d["prediction"]
    start = len(pred["text"]) + 1
    pred["text"] += " " + hostile  # after the tokens: the spans keep their offsets
    pred["dropped"] = [
        {"text": hostile[:8], "start": start, "end": start + 8, "why": "not-a-token"}
    ]
    d["id"] = "<i>id</i>"
    frag = render.fragment(d)
    panes = _panes(frag)
    assert not {"script", "style", "img", "i", "link"} & set(panes.tags)
    assert "&lt;script&gt;" in frag and "&lt;i&gt;id&lt;/i&gt;" in frag
    assert "onerror" in "".join(panes.text)  # shown as text
    # every style is inline: nothing can reach the notebook's other cells
    assert "<style" not in frag and 'class="rk-explain"' in frag


def test_fragment_outlines_the_chosen_reference() -> None:
    frag = render.fragment(_two_references(), types=["rouge1"])
    assert frag.count('data-type="') == 1
    assert re.search(r'class="rk-ref rk-chosen"[^>]*data-ref="1"', frag)
    assert "reference 2 (chosen)" in frag
    assert "ref 1: F 0" in frag and "ref 2: F 0.75" in frag


def test_page_is_standalone() -> None:
    out = render.page(explanation())
    assert out.startswith("<!DOCTYPE html>")
    assert render.fragment(explanation()) in out
    assert not re.search(r"https?://", out)
    assert "<script" not in out


@pytest.mark.parametrize("kind", ["wlcs", "skip-bigram"])
def test_other_kinds_render(kind: str) -> None:
    d = explanation()
    t = d["types"]["rougeL"]
    t["kind"] = kind
    detail = t["per_reference"][0]
    if kind == "wlcs":
        detail["runs"] = [{"prediction": 0, "reference": 0, "length": 2}]
    else:
        detail["matches"] = [{"pair": ["the", "mat"], "prediction_count": 1,
                              "reference_count": 2, "hits": 1}]  # fmt: skip
    out = render.text(d)
    frag = render.fragment(d)
    assert (
        ('runs (in the reference): "The cat"' in out)
        if kind == "wlcs"
        else ("matched: (the mat)" in out)
    )
    assert "rk-hit" in frag


def test_report_page_shows_token_ids_as_tokens() -> None:
    """Token ids have no text: the report shows the ids a space apart, a line per
    sentence, each a token span."""
    import json

    from rougekit.explain.report_page import ReportBuilder
    from rougekit.scorer import RougeScorer

    d = RougeScorer(profile="token-ids", separator=0).explain([1, 2, 3, 0, 4], [[1, 2, 5, 0, 3]])
    builder = ReportBuilder(["ids"])
    builder.add("p", [d.to_dict()])
    page = builder.html({"head": [], "rows": [], "tests": None})
    island = re.search(r'id="rk-data">(.*?)</script>', page, re.S)
    assert island is not None
    data = json.loads(island.group(1))
    assert data["systems"][0]["pred"] == ["1 2 3\n4"]
    assert data["systems"][0]["ptok"] == [[0, 1, 1, 1, 1, 1, 1, 1]]
    assert data["refs"] == [["1 2 5\n3"]]
    assert data["missed"]["rouge1"]["all"][0][0] == "5"


@pytest.mark.parametrize(("profile", "rule"), [("rouge-score", "best-recall"), ("perl-1.5.5", "B")])
def test_text_shows_the_criterion_of_a_recall_rule(profile: str, rule: str) -> None:
    import rougekit as rk

    scorer = rk.RougeScorer(["rouge1"], profile=profile, multiref=rule)
    refs = ["the cat sat", "a dog sat on the mat and the cat today here"]
    out = str(scorer.explain("the cat sat on the mat today", refs))
    assert "R per reference: 1*  0.63636" in out
    assert "F per reference" not in out


@pytest.mark.parametrize(
    "options", [{"multiref": "pooled"}, {"multiref": "mean"}, {"jackknife": True}]
)
def test_text_lists_each_references_matches_when_every_reference_counts(
    options: dict[str, Any],
) -> None:
    import rougekit as rk

    scorer = rk.RougeScorer(["rouge1"], **options)
    out = str(scorer.explain("the cat sat on the mat", ["the cat sat", "a dog sat on a mat"]))
    assert "  reference 1: hits 3 / pred 6 / ref 3" in out
    assert "    matched: the cat sat" in out
    assert "  reference 2: hits 3 / pred 6 / ref 6" in out
    assert "    matched: sat on mat" in out
    if options.get("jackknife"):
        assert "mean over the leave-one-out subsets" in out
        assert "best-f on each leave-one-out subset of the 2 references, then the mean" in out


def test_text_shows_space_tokens_and_wraps_long_labels() -> None:
    d = explanation()
    t = next(iter(d["types"].values()))
    t["per_reference"][0]["witness"] = "one LCS of the whole token lists " + "x" * 80
    t["kind"] = "lcs"
    pred = d["prediction"]["tokens"]
    t["per_reference"][0]["alignment"] = [[k, k] for k in range(len(pred))]
    pred[0] = {**pred[0], "text": " "}
    out = render.text(d)
    assert "\u2423" in out  # a space token is visible
    assert not any(line.startswith(" " * 40) for line in out.splitlines())  # wrapped, not padded
    lcs = [line for line in out.splitlines() if "one LCS of the whole" in line]
    assert lcs and "one LCS (one LCS" not in lcs[0]


def test_text_cuts_rougelsum_lines_at_24_items() -> None:
    # The fuzz trial's reproducer: 60 tokens, one sentence; and a reference of 40 sentences.
    words = " ".join(f"w{i}" for i in range(60))
    out = render.text(rk.RougeScorer(["rougeLsum"]).explain(words, words).to_dict())
    (line,) = [x for x in out.splitlines() if "ref s0 counted:" in x]
    assert line.endswith(" w23 … (+36 more)") and "w24" not in line
    many = "\n".join(f"s{i} x" for i in range(40))
    out = render.text(rk.RougeScorer(["rougeLsum"]).explain(many, many).to_dict())
    assert sum("counted:" in x for x in out.splitlines()) == render.MAX_ITEMS
    assert "  … (+16 more reference sentences)" in out


def test_html_views_show_a_bounded_window_of_each_text() -> None:
    # The fragment and the page of a long pair hold the first MAX_TOKENS tokens of each text
    # and say how many more there are: their size does not grow with the texts (one
    # 100k-token pair's fragment was 48 MB); the dict keeps every token.
    sizes = []
    for n in (3_000, 12_000):
        pred = " ".join(f"w{i % 500}" for i in range(n))
        ref = " ".join(f"w{i % 700}" for i in range(n // 2))
        d = rk.RougeScorer(["rouge1", "rougeLsum"]).explain(pred, ref).to_dict()
        assert len(d["prediction"]["tokens"]) == n
        frag = render.fragment(d)
        assert f"+{n - render.MAX_TOKENS:,} more tokens" in frag
        assert f"+{n // 2 - render.MAX_TOKENS:,} more tokens" in frag
        panes = _panes(frag)
        assert panes.counts[("rouge1", "prediction", "rk-tok")] == render.MAX_TOKENS
        assert f"+{n - render.MAX_TOKENS:,} more tokens" in render.page(d)
        sizes.append(len(frag))
    assert sizes[1] - sizes[0] < 100  # only the counts' digits differ
    assert sizes[1] < 500_000


#: Characters a terminal acts on or reorders text by: C0 and C1 controls, bidi controls,
#: lone surrogates.
_RAW = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
_ESC = "\x1b[2J\u202e\x9b"


def _real() -> dict[str, Any]:
    scorer = rk.RougeScorer(["rouge1", "rougeL", "rougeLsum", "rougeSU4"])
    return scorer.explain("the cat sat.\nok", ["the cat", "a cat sat"], id="p").to_dict()


def _edited(edit: Any) -> dict[str, Any]:
    d = _real()
    edit(d)
    return d


def _hostile_edits() -> list[Any]:
    def rename(d: dict[str, Any]) -> None:
        d["types"][_ESC] = d["types"].pop("rouge1")

    def why(d: dict[str, Any]) -> None:
        d["prediction"]["dropped"].append({"start": 0, "end": 1, "text": "t", "why": _ESC})

    return [
        rename,
        why,
        lambda d: d["types"]["rouge1"].update(precision=_ESC, hits=_ESC),
        lambda d: d["types"]["rouge1"]["per_reference"][0].update(hits=_ESC, fmeasure=_ESC),
        lambda d: d["types"]["rouge1"].update(rule=_ESC, formula=_ESC),
        lambda d: d["types"]["rougeL"]["per_reference"][0].update(witness=_ESC),
        lambda d: d["prediction"]["tokens"][0].update(text=_ESC, compared=_ESC),
        lambda d: d.update(signature=_ESC, id=_ESC + "\ud800", profile=_ESC),
    ]


@pytest.mark.parametrize("k", range(8))
def test_text_of_an_untrusted_dict_escapes_every_field(k: int) -> None:
    # The fuzz trial's H11: type names, the dropped `why` and numbers replaced by strings
    # reached the terminal raw from a dict loaded with Explanation(data).
    out = str(Explanation(_edited(_hostile_edits()[k])))
    assert _RAW.search(out) is None, out
    assert "\\x1b[2J" in out or "\\u202e" in out


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d["types"]["rouge1"].update(kind=5), "types.rouge1.kind is int, not a str"),
        (
            lambda d: d["types"]["rouge1"]["per_reference"][1]["matches"][0].update(hits="2"),
            r"types\.rouge1\.per_reference\[1\]\.matches\[0\]\.hits is str, not an int",
        ),
        (lambda d: d["types"]["rougeL"].update(per_reference=[5]), r"rougeL\.per_reference\[0\]"),
        (lambda d: d["prediction"].pop("tokens"), r"prediction\.tokens is missing"),
        (lambda d: d["references"][0]["tokens"][0].pop("start"), r"tokens\[0\]\.start"),
        (lambda d: d["types"]["rougeSU4"]["per_reference"][0].update(matches=[7]), "matches"),
    ],
)
def test_html_views_of_a_malformed_dict_name_the_field(edit: Any, field: str) -> None:
    d = _edited(edit)
    for view in (render.fragment, render.page, lambda x: Explanation(x)._repr_html_()):
        with pytest.raises(ValueError, match=f"not a rougekit.explain/1 dict: .*{field}"):
            view(d)


def test_views_of_a_dict_with_lone_surrogates_can_be_written(tmp_path: Any) -> None:
    d = _edited(lambda d: d.update(id="a\ud800"))
    d["prediction"]["tokens"][0]["compared"] = "\udcff"
    ex = Explanation(d)
    ex.html(tmp_path / "pair.html")
    assert "a\ufffd" in (tmp_path / "pair.html").read_text(encoding="utf-8")
    ex._repr_html_().encode("utf-8")
    str(ex).encode("utf-8")
