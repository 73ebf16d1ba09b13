"""Token spans come from the core's own scans: for any text, every token's span slices the
original text to its surface (code points), spans go forward, the compared forms are the
profile's tokens in order (``rk.tokenize``), and every letter or digit outside the tokens is
listed as dropped. Unicode that changes length when normalised or case-folded (``İ``, ``ß``,
``ﬁ``, ``½``), combining marks, CJK and emoji sequences included."""

from __future__ import annotations

import warnings

import pytest
import rougekit as rk
from hypothesis import given, settings
from hypothesis import strategies as st
from profile_cases import required, rouge_score_family, stemmed
from rougekit import profiles

PIECES = [
    "İ", "ß", "ẞ", "ﬁ", "½", "①", "Σ", "ς", "\u0345", "e\u0301", "\u0301", "\u093e", " \u093e",
    "我们", "今天", "\u30ab\u3099", "\U0001f44d\U0001f3fd", "\U0001f468\u200d\U0001f469",
    "\U0001f1e6\U0001f1e7", "\u200d", "\u200b", "\uff21\uff22", "K", "\u212a", "Straße",
    "don't", "3.50", "e.g.", "a_b", "\n", "\r\n", " ", "\t", ".", ",", "!", "'", "-", "€",
    "Ünïcödé", "İstanbul", "x²",
]  # fmt: skip

texts = st.lists(
    st.one_of(st.sampled_from(PIECES), st.text(min_size=1, max_size=3)), max_size=16
).map("".join)

#: Every registered text profile of the rouge-score family that ``rk.tokenize`` makes with
#: no option, with and without its stemmer.
CASES = [
    (name, stem)
    for name in profiles.names()
    if rouge_score_family(name) and not required(name)
    for stem in (None, stemmed(name).get("stemmer"))
    if stem is None or stemmed(name)
]


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.parametrize(("profile", "stemmer"), CASES)
@settings(max_examples=150, deadline=None)
@given(text=texts)
def test_spans_slice_the_text(profile: str, stemmer: bool | None, text: str) -> None:
    scorer = rk.RougeScorer(("rouge1", "rougeLsum"), profile=profile, stemmer=stemmer)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # texts without tokens or with non-ASCII letters
        ex = scorer.explain(text, [text, "x"])
        ex.check()  # spans slice the text and go forward; scores recomputed
    d = ex.to_dict()["prediction"]
    tokens = d["tokens"]
    assert [t["compared"] for t in tokens] == rk.tokenize(text, profile, stemmer)
    assert d["sentences"] == len({t["sentence"] for t in tokens})
    covered = [False] * len(text)
    for span in [*tokens, *d["dropped"]]:
        assert text[span["start"] : span["end"]] == span["text"]
        for k in range(span["start"], span["end"]):
            covered[k] = True
    for k, ch in enumerate(text):
        if ch.isalnum():
            assert covered[k], (k, ch)
    for x in d["dropped"]:
        assert any(c.isalnum() or not c.isascii() for c in x["text"])
        assert x["why"] in ("non-ascii", "not-a-token")


def test_spans_of_named_cases() -> None:
    text = "İstanbul ẞ ﬁx ½ 我们 e\u0301 \U0001f44d\U0001f3fd"
    ex = rk.RougeScorer(("rouge1",), profile="character-v1").explain(text, "x")
    toks = [(t["text"], t["compared"]) for t in ex.to_dict()["prediction"]["tokens"]]
    assert toks == [
        ("İ", "i\u0307"), ("s", "s"), ("t", "t"), ("a", "a"), ("n", "n"), ("b", "b"),
        ("u", "u"), ("l", "l"), ("ẞ", "s"), ("ẞ", "s"), ("ﬁ", "f"), ("ﬁ", "i"), ("x", "x"),
        ("½", "1"), ("½", "2"), ("我", "我"), ("们", "们"), ("e\u0301", "\u00e9"),
    ]  # fmt: skip
    ex.check()
