"""``language=`` / ``--lang``: a shortcut to the profile and stemmer of a language."""

from __future__ import annotations

import pytest
import rougekit
from rougekit import languages


@pytest.mark.parametrize(
    ("language", "profile", "stem"),
    [
        ("hi", "unicode-v1", "snowball-3.1.1:hindi"),
        ("Hindi", "unicode-v1", "snowball-3.1.1:hindi"),
        ("de", "unicode-v1", "snowball-3.1.1:german"),
        ("pt-BR", "unicode-v1", "snowball-3.1.1:portuguese"),
        ("nb", "unicode-v1", "snowball-3.1.1:norwegian"),
        ("bn", "unicode-v1", "no"),  # no Snowball stemmer for Bengali
        ("Bangla", "unicode-v1", "no"),
        ("ko", "unicode-v1", "no"),
        ("zh", "character-v1", "no"),
        ("zh_TW", "character-v1", "no"),
        ("Japanese", "character-v1", "no"),
        ("th", "character-v1", "no"),
        ("en", "rouge-score", "nltk-porter"),
    ],
)
def test_the_signature_names_the_resolved_profile_and_stemmer(language, profile, stem):
    signature = rougekit.RougeScorer(["rouge1"], language=language).signature().fields
    assert signature["profile"] == profile and signature["stem"] == stem
    assert "lang" not in signature


def test_every_iso_639_1_code_resolves_to_a_scorer():
    assert len(languages.ISO_639_1) == 183
    for code in languages.ISO_639_1:
        scorer = rougekit.RougeScorer(["rouge1"], language=code)
        assert scorer.profile == languages.lookup(code).profile


def test_the_shortcut_scores_as_the_profile_it_names():
    pred, ref = "बच्चे स्कूल जाते हैं", "बच्चा स्कूल गया"
    short = rougekit.RougeScorer(["rouge1"], language="hi").score(pred, ref)
    full = rougekit.RougeScorer(["rouge1"], profile="unicode-v1", stemmer="snowball:hindi")
    assert short == full.score(pred, ref)


def test_an_explicit_stemmer_wins_and_a_conflicting_profile_is_an_error():
    no_stem = rougekit.RougeScorer(["rouge1"], language="de", stemmer=False)
    assert no_stem.signature().fields["stem"] == "no"
    same = rougekit.RougeScorer(["rouge1"], language="de", profile="unicode-v1")
    assert same.signature().fields["stem"] == "snowball-3.1.1:german"
    with pytest.raises(ValueError, match="conflicts with it: give one of language= and profile="):
        rougekit.RougeScorer(["rouge1"], language="de", profile="rouge-score")


@pytest.mark.parametrize(
    ("language", "error", "message"),
    [
        ("hindu", ValueError, "did you mean 'hindi'"),
        ("xx", ValueError, "unknown language 'xx'"),
        ("", ValueError, "unknown language ''"),
        (7, TypeError, "language must be a string"),
    ],
)
def test_unknown_languages_are_clear_errors(language, error, message):
    with pytest.raises(error, match=message):
        rougekit.RougeScorer(["rouge1"], language=language)
