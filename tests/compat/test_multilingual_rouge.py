"""``rougekit.compat.multilingual_rouge`` against XL-Sum's scorer itself (PyPI
``multilingual-rouge`` 0.0.1): the same ``score(target, prediction)`` results (values and
types: rouge-score's int zeros on empty input), the original's language names and aliases,
its errors, and its ``BootstrapAggregator``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from rougekit.compat.multilingual_rouge import rouge_scorer, scoring

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import xlsum_cases as cases
import xlsum_oracle

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum", "rouge3"]

pytestmark = [
    pytest.mark.oracle,
    # The original warns on every scorer of a language it does not stem, and the texts
    # include punctuation-only ones.
    pytest.mark.filterwarnings("ignore:-----:UserWarning"),
    pytest.mark.filterwarnings("ignore::rougekit.NoTokensWarning"),
]


def _same(got: dict[str, scoring.Score], want: dict[str, object]) -> bool:
    if list(got) != list(want):
        return False
    for key, score in got.items():
        other = want[key]
        if tuple(score) != tuple(other) or [type(v) for v in score] != [type(v) for v in other]:  # type: ignore[arg-type]
            return False
    return True


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.parametrize("stem", [False, True])
@pytest.mark.parametrize(
    "lang",
    [None, "porter", "english", "bangla", "turkce", "chinese_traditional", "mundo", "hindi",
     "burmese", "thai", "arabic", "persian", "korean", "igbo", "klingon"],
)  # fmt: skip
def test_score_equals_the_original(lang: str | None, stem: bool) -> None:
    oracle = xlsum_oracle.scorer(TYPES, use_stemmer=stem, lang=lang)
    ours = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem, lang=lang)
    source = lang if lang in cases.SCRIPTS or lang in cases.ALIASES else "english"
    for target, prediction in cases.pairs(source, n=8):
        want = oracle.score(target, prediction)
        got = ours.score(target, prediction)
        assert _same(got, want), (target, prediction, got, want)


def test_invalid_types_raise_as_the_original() -> None:
    for types, message in [(["rouge0"], "rougen requires positive n"), (["rougeX"], "Invalid")]:
        with pytest.raises(ValueError, match=message):
            xlsum_oracle.scorer(types, use_stemmer=False, lang=None).score("a", "b")
        with pytest.raises(ValueError, match=message):
            rouge_scorer.RougeScorer(types).score("a", "b")
    assert rouge_scorer.RougeScorer([]).score("a", "b") == {}


def test_refused_options() -> None:
    with pytest.raises(ValueError, match="not reproduced exactly"):
        rouge_scorer.RougeScorer(["rouge1"], lang="japanese")
    with pytest.raises(TypeError, match="callable_tokenizer"):
        rouge_scorer.RougeScorer(["rouge1"], callable_tokenizer=str.split)
    with pytest.raises(TypeError, match="unexpected keyword"):
        rouge_scorer.RougeScorer(["rouge1"], language="hindi")


def test_bootstrap_aggregator_is_rouge_scores() -> None:
    original = pytest.importorskip("multilingual_rouge.scoring")
    pairs = cases.pairs("hindi", n=12)
    scorer = rouge_scorer.RougeScorer(["rouge1", "rougeL"], use_stemmer=True, lang="hindi")
    ours, theirs = scoring.BootstrapAggregator(), original.BootstrapAggregator()
    for target, prediction in pairs:
        s = scorer.score(target, prediction)
        ours.add_scores(s)
        theirs.add_scores(s)
    # Both resample with NumPy's global generator: seed it alike.
    import numpy as np

    np.random.seed(7)
    a = ours.aggregate()
    np.random.seed(7)
    b = theirs.aggregate()
    for key in ("rouge1", "rougeL"):
        assert tuple(tuple(x) for x in a[key]) == tuple(tuple(x) for x in b[key])


def test_bytes_as_the_original_or_refused() -> None:
    oracle = xlsum_oracle.scorer(TYPES, use_stemmer=False, lang=None)
    ours = rouge_scorer.RougeScorer(TYPES)
    assert _same(ours.score(b"ABC d\ne", b"abc d e"), oracle.score(b"ABC d\ne", b"abc d e"))
    # The original lower-cases bytes as ASCII for rouge1 but not for rougeLsum: refused.
    with pytest.raises(ValueError, match="non-ASCII upper-case"):
        ours.score("ÉTÉ".encode(), b"x")


@pytest.mark.parametrize(
    ("lang", "stem"),
    [("Hindi", True), ("HINDI", True), ("Chinese_Simplified", False), ("hi", True),
     ("porter", True), ("klingon", True), ("chinese_simplified", False)],
)  # fmt: skip
def test_lang_is_matched_exactly_as_the_original(lang: str, stem: bool) -> None:
    # The original resolves only its four aliases; "Hindi" is a language it does not know
    # (the default tokenizer, no stemming, a warning), "porter" is lang=None's stemmer.
    import warnings

    pairs = [
        ("लड़का किताब पढ़ता है और लड़की खेलती है", "लड़कों ने किताबें पढ़ीं और लड़कियाँ खेलती रहीं"),
        ("今天天气很好\uff0c我们去公园散步。", "今天天气不错"),
        ("The cats were running quickly", "the cat runs quick"),
    ]
    xlsum_oracle.load()  # which ignores the package's warnings: then record them here
    with warnings.catch_warnings(record=True) as theirs:
        warnings.simplefilter("always")
        oracle = xlsum_oracle.scorer(TYPES, use_stemmer=stem, lang=lang)
    with warnings.catch_warnings(record=True) as ours:
        warnings.simplefilter("always")
        scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem, lang=lang)
    assert [scorer.score(t, p) for t, p in pairs] == [oracle.score(t, p) for t, p in pairs]

    def unknown(caught: list[warnings.WarningMessage]) -> list[str]:
        return [str(w.message) for w in caught if "unknown stemmer language" in str(w.message)]

    assert unknown(ours) == unknown(theirs)
