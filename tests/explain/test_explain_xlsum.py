# ruff: noqa: RUF001, RUF002
"""Explanations of the ``xlsum-v1`` profile (XL-Sum's multilingual scorer).

* Recomputation: ``Explanation.check()`` passes and every type's P/R/F is ``score_batch``'s
  bit for bit (all ROUGE types, stemmed and unstemmed) on the shipped multilingual
  conformance pairs, the generated hard cases of every XL-Sum language (Japanese is refused
  by the profile) and real CNN/DM and XSum pairs; the full corpora (>= 10,000
  pairs) are marked slow.
* Spans: each token's ``text[start:end]`` is its surface and the spans go forward, with the
  characters that change lengths: ``İ`` (two code points lower-cased), ``ß``, ZWNJ (deleted,
  joining words), marks at word starts (pyonmttok's ``％0020`` token), CJK, emoji, Burmese;
  rougeLsum's own line tokens too.

``python tests/explain/test_explain_xlsum.py`` prints the counts (pairs, values compared,
mismatches) of the full run.
"""

from __future__ import annotations

import json
import sys
import unicodedata
import warnings
from pathlib import Path
from typing import Any

import pytest
import rougekit as rk
from hypothesis import given, settings
from hypothesis import strategies as st
from rougekit.errors import ExplainCheckError
from rougekit.explain.check import check
from rougekit.explain.check import recompute as recompute_numbers

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import xlsum_cases as cases
from conftest import named_corpus

ALL_TYPES = (
    "rouge1",
    "rouge2",
    "rouge3",
    "rougeL",
    "rougeLsum",
    "rougeW-1.2",
    "rougeSU4",
    "rougeS*",
)
REFUSED = ("japanese",)
LANGUAGES = [lang for lang in cases.XLSUM_LANGUAGES if lang not in REFUSED]
CNNDM = "cnndm-pointer-generator/pointer-gen-cov.jsonl"
XSUM = "xsum-hallucination-annotations/xsum.jsonl.xz"

pytestmark = pytest.mark.filterwarnings("ignore::rougekit.NoTokensWarning")


def scorer_of(language: str, stem: bool, **options: Any) -> rk.RougeScorer:
    return rk.RougeScorer(ALL_TYPES, profile="xlsum-v1", language=language, stemmer=stem, **options)


#: Pairs per batch that check() re-derives from their texts.
REDERIVED = 8


def recompute(
    scorer: rk.RougeScorer, preds: list[str], refs: list[Any]
) -> tuple[int, int, list[str]]:
    """(pairs, values compared, mismatches): each explanation checked, and its P/R/F ``==``
    ``score_batch``'s."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = scorer.score_batch(preds, refs, progress=False)
    columns = {t: (batch.precision(t), batch.recall(t), batch.fmeasure(t)) for t in scorer.types}
    pairs = values = 0
    bad: list[str] = []
    for i, ex in enumerate(scorer.explain_batch(preds, refs)):
        d = ex.to_dict()
        try:
            # Every pair's numbers are recomputed from its counts; the first pairs are also
            # re-derived from their texts by the scorer their signature records (what
            # check() adds to that, at the cost of explaining them again).
            check(d) if i < REDERIVED else recompute_numbers(d)
        except ExplainCheckError as e:
            bad.append(f"pair {i}: {e}")
        for t, (p, r, f) in columns.items():
            got = d["types"][t]
            for field, col in (("precision", p), ("recall", r), ("fmeasure", f)):
                values += 1
                if got[field] != col[i]:
                    bad.append(f"pair {i} {t} {field}: {got[field]!r} != {col[i]!r}")
        pairs += 1
    return pairs, values, bad


def conformance_pairs() -> list[tuple[str, str, list[str]]]:
    """The shipped multilingual conformance pairs: (language, prediction, references)."""
    out = []
    path = cases.CONFORMANCE / "pairs.jsonl"
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d["lang"] not in REFUSED:
            language = "none" if d["lang"] == "greek" else d["lang"]
            out.append((language, d["prediction"], d["references"]))
    return out


# -- recomputation ---------------------------------------------------------------------------


@pytest.mark.parametrize("stem", [False, True])
def test_conformance_pairs(stem: bool) -> None:
    total = 0
    for language, prediction, references in conformance_pairs():
        scorer = scorer_of(language, stem)
        pairs, _values, bad = recompute(scorer, [prediction], [references])
        assert bad == [], (language, bad[:3])
        total += pairs
    assert total == 15  # the 16 pairs but the Japanese one


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.parametrize("stem", [False, True])
@pytest.mark.parametrize("language", [*LANGUAGES, "none"])
def test_every_language(language: str, stem: bool) -> None:
    pairs = cases.pairs("english" if language == "none" else language, n=12)
    preds = [p for _, p in pairs]
    refs = [t for t, _ in pairs]
    n, values, bad = recompute(scorer_of(language, stem), preds, refs)
    assert (n, values) == (len(pairs), 3 * len(ALL_TYPES) * len(pairs))
    assert bad == [], bad[:3]


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.parametrize("rule", ["best-f", "pooled", "best-recall", "mean", "best-f-float32"])
@pytest.mark.parametrize("language", ["hindi", "chinese_simplified", "burmese"])
def test_several_references_every_rule(language: str, rule: str) -> None:
    pairs = cases.pairs(language, n=12)
    preds = [p for _, p in pairs[:-2]]
    refs = [[pairs[i][0], pairs[i + 1][0], pairs[i + 2][0]] for i in range(len(preds))]
    for jackknife in (False, True):
        scorer = scorer_of(language, True, multiref=rule, jackknife=jackknife)
        _, _, bad = recompute(scorer, preds, refs)
        assert bad == [], bad[:3]


def _corpus(name: str, n: int | None) -> tuple[list[str], list[list[str]]]:
    rows = named_corpus(name)[:n]
    return [r["prediction"] for r in rows], [list(r["references"]) for r in rows]


@pytest.mark.parametrize("stem", [False, True])
@pytest.mark.parametrize("corpus", ["summeval-cnndm/summeval.jsonl.xz", XSUM])
def test_real_pairs(corpus: str, stem: bool) -> None:
    preds, refs = _corpus(corpus, 100)
    pairs, values, bad = recompute(scorer_of("english", stem), preds, refs)
    assert (pairs, values) == (100, 2400)
    assert bad == [], bad[:3]


def full_run(stem: bool) -> tuple[int, int, int]:
    """CNN/DM (the shared corpus, or its stand-in) and XSum, in English."""
    totals = [0, 0, 0]
    for name in (CNNDM, XSUM):
        preds, refs = _corpus(name, None)
        pairs, values, bad = recompute(scorer_of("english", stem), preds, refs)
        assert bad == [], bad[:5]
        totals[0] += pairs
        totals[1] += values
        totals[2] += len(bad)
    return totals[0], totals[1], totals[2]


@pytest.mark.slow
@pytest.mark.parametrize("stem", [False, True])
def test_full_corpora(stem: bool) -> None:
    pairs, _, _ = full_run(stem)
    if pairs < 10_000:
        pytest.skip(f"{pairs} pairs: the shared CNN/DM corpus is not here")


# -- spans -------------------------------------------------------------------------------------

#: Characters that change lengths or are dropped, with ordinary letters of several scripts.
PIECES = [
    "a", "B", "z", "Q", "7", "İ", "ß", "ẞ", "Σ", "σ", "ς", "ﬁ", "K", "\u212a", "ǅ", "\u200c",
    "\u200d", "\u00ad", "\ufeff", "\x00", "\x07", "\ufffd", "\u0301", "\u0308", "\u093f",
    "中", "文", "國", "ｶ", "다", "😀", "👍🏽", "❤\ufe0f", "€", "$", "½", "²", "ⓐ", "￭", "▁",
    "￨", "က", "ခ", "\u103a", "\u1037", "\u1039", "\u102c", "\u1031", "ع", "ب", "\u064e",
    "क", "\u094d", "ক", "\u09cd", "ж", "Ж", " ", " ", "  ", "\u00a0", "\u3000", "\n", "\t",
    ".", ",", "，", "。", "-", "'", "’", "!", "«", "»",
]  # fmt: skip

texts = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)

#: The three tokenizers: pyonmttok's default, jieba, the Burmese syllables.
SPAN_LANGUAGES = ["english", "chinese_simplified", "burmese", "turkish"]
SCORERS = {lang: rk.RougeScorer(ALL_TYPES[:5], profile="xlsum-v1", language=lang)
           for lang in SPAN_LANGUAGES}  # fmt: skip


def _deleted(c: str) -> bool:
    """BERT's cleaning deletes it (Python 3.11's Unicode data, the profile's)."""
    return c in "\x00\ufffd" or (unicodedata.category(c)[0] == "C" and c not in "\t\n\r")


def _kept(c: str) -> bool:
    """Not deleted and not a separator: white space, punctuation, ASCII symbols."""
    if _deleted(c) or c.isspace() or unicodedata.category(c)[0] == "P":
        return False
    return not (c.isascii() and not c.isalnum())


def _sigma(s: str) -> str:
    return s.replace("ς", "σ")


ONMT = {"\uffed": "\u25a0", "\u2581": "_", "\uffe8": "\u2502"}


def check_spans(text: str, d: dict[str, Any], scorer: rk.RougeScorer) -> None:
    tokens = d["tokens"]
    assert [t["compared"] for t in tokens] == scorer.tokenize(text)
    last = (0, 0)
    for t in tokens:
        start, end = t["start"], t["end"]
        assert text[start:end] == t["text"] and start < end
        assert start >= last[0] and end >= last[1], "spans go forward"
        last = (start, end)
        surface = t["text"]
        if t["compared"] == " ":  # jieba's space token: the separator it stands for
            assert not any(c.isalnum() for c in surface)
            continue
        # The token comes from its surface: lower-cased, cleaned (the Burmese syllables
        # span the separators they removed), pyonmttok's markers replaced (not by jieba).
        source = _sigma("".join(c for c in surface.lower() if _kept(c)))
        made = _sigma(t["compared"].removeprefix("\uff050020"))
        assert made in source or made in "".join(ONMT.get(c, c) for c in source), surface
    sentences = d["sentences"]
    last = (0, 0)
    previous = 0
    for t in d["line_tokens"]:
        start, end = t["start"], t["end"]
        assert text[start:end] == t["text"] and start < end
        assert start >= last[0] and end >= last[1]
        last = (start, end)
        # A line token is its surface lower-cased with the deleted characters left out.
        source = "".join(c for c in t["text"].lower() if not _deleted(c))
        assert _sigma(t["compared"]) == _sigma(source)
        assert "\n" not in t["text"]
        assert previous <= t["sentence"] < sentences
        previous = t["sentence"]
    for t in tokens:
        assert 0 <= t["sentence"] < max(sentences, 1)
    for x in d["dropped"]:
        assert text[x["start"] : x["end"]] == x["text"]


@settings(max_examples=150, deadline=None)
@given(text=texts, language=st.sampled_from(SPAN_LANGUAGES))
def test_spans_slice_the_text(text: str, language: str) -> None:
    scorer = SCORERS[language]
    ex = scorer.explain(text, text)
    d = ex.to_dict()
    check_spans(text, d["prediction"], scorer)
    check(d, scorer)


@pytest.mark.parametrize("language", SPAN_LANGUAGES)
def test_spans_of_the_hard_cases(language: str) -> None:
    scorer = SCORERS[language]
    pairs = cases.pairs(language, n=6)
    for target, prediction in pairs:
        d = scorer.explain(prediction, target).to_dict()
        check_spans(prediction, d["prediction"], scorer)
        check_spans(target, d["references"][0], scorer)


def test_spans_of_the_characters_that_change_lengths() -> None:
    scorer = SCORERS["english"]
    text = "İSTANBUL'da a\u200cb \u0301x Straße 😀 中文ok ￭ $5"
    d = scorer.explain(text, "x").to_dict()["prediction"]
    pieces = [(t["text"], t["compared"]) for t in d["tokens"]]
    assert pieces == [
        ("İSTANBUL", "i\u0307stanbul"),
        ("da", "da"),
        ("a\u200cb", "ab"),  # ZWNJ deleted: the token covers it
        ("\u0301", "\uff050020\u0301"),  # pyonmttok's escaped space before a mark
        ("x", "x"),
        ("Straße", "straße"),
        ("😀", "😀"),
        ("中", "中"),
        ("文", "文"),
        ("ok", "ok"),
        ("￭", "\u25a0"),  # pyonmttok's replaced marker
        ("5", "5"),
    ]
    assert [(x["text"], x["why"]) for x in d["dropped"]] == [("$", "not-a-token")]
    lines = [(t["text"], t["compared"]) for t in d["line_tokens"]]
    assert lines[:3] == [("İSTANBUL", "i\u0307stanbul"), ("da", "da"), ("a\u200cb", "ab")]


def test_jieba_space_tokens_and_sentences() -> None:
    scorer = SCORERS["chinese_simplified"]
    text = "我来到北京， 清华大学\n他说COVID-19很危险"
    d = scorer.explain(text, text).to_dict()
    tokens = d["prediction"]["tokens"]
    spaces = [t for t in tokens if t["compared"] == " "]
    assert [t["text"] for t in spaces] == [" ", "\n", "-"]  # the separators they stand for
    assert d["prediction"]["sentences"] == 2
    assert {t["sentence"] for t in d["prediction"]["line_tokens"]} == {0, 1}
    assert tokens[0]["sentence"] == 0 and tokens[-1]["sentence"] == 1
    # rougeLsum's union indexes the line tokens.
    lsum = d["types"]["rougeLsum"]["per_reference"][0]
    covered = sorted(i for s in lsum["sentences"] for k in ("counted", "not_counted",
                     "unmatched") for i in s[k])  # fmt: skip
    assert covered == list(range(len(d["references"][0]["line_tokens"])))
    check(d, scorer)


def test_burmese_syllables() -> None:
    scorer = SCORERS["burmese"]
    text = "မြန်မာ နိုင်ငံ\nရန်ကုန် မြို့"
    d = scorer.explain(text, text).to_dict()
    check_spans(text, d["prediction"], scorer)
    assert d["types"]["rouge1"]["fmeasure"] == 1.0
    check(d, scorer)


if __name__ == "__main__":
    for stem in (False, True):
        print(f"stem={stem}: pairs, values, mismatches =", full_run(stem))


def test_views_show_the_line_tokens() -> None:
    # rougeLsum's union indexes the line tokens ("abc123" one token; "abc", "123" in rouge1).
    scorer = rk.RougeScorer(("rouge1", "rougeLsum"), profile="xlsum-v1", language="english")
    ex = scorer.explain("abc123 def\nxyz", "abc123 xyz\ndef")
    assert "ref s0 counted: abc123 xyz" in str(ex)
    assert "ref s1 counted: def" in str(ex)
    lsum = ex._repr_html_().split('data-type="rougeLsum"')[1]
    assert lsum.count("rk-hit") == 6 and 'title="abc123"' in lsum
