"""The report page's data (rougekit.explain.report_page), without a browser."""

from __future__ import annotations

import rougekit as rk
from rougekit.explain.report_page import ReportBuilder


def test_missed_ngrams_of_stopwords_only_are_hidden_in_their_stemmed_form() -> None:
    # The missed n-grams are listed in their compared form: "this" is "thi" and "before"
    # "befor" under Porter; the stopword filter must know them so.
    scorer = rk.RougeScorer(["rouge1"], stemmer=True)
    ex = scorer.explain("the cat sat", "this cat sat before the elections")
    builder = ReportBuilder(["sys"])
    builder.add("p0", [ex.to_dict()])
    missed = builder.data({})["missed"]["rouge1"]
    everything = {row[0] for row in missed["all"]}
    content = {row[0] for row in missed["content"]}
    assert {"thi", "befor", "elect"} <= everything
    assert content == {"elect"}


def test_second_token_lists_only_on_pages_that_have_them() -> None:
    pair = ("今天天气很好\uff0c我们去公园。\n晚上下雨了。", "今天天气不错\uff0c我们去公园。")
    for profile, options, has in [
        ("rouge-score", {}, False),
        ("xlsum-v1", {"language": "zh"}, True),
    ]:
        scorer = rk.RougeScorer(["rougeLsum"], profile=profile, **options)
        builder = ReportBuilder(["sys"])
        builder.add("p0", [scorer.explain(*pair).to_dict()])
        data = builder.data({})
        assert ("lrtok" in data) is has
        if has:
            assert data["altkinds"] == ["union-lcs"]
            assert data["lptok"][0][0] and data["lrtok"][0][0]
