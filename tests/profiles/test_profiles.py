"""Profiles as one abstraction (``python/rougekit/profiles/``): the registry, which options
each profile takes (and the errors for the others), what each puts in the signature, the
public ``rougekit.tokenize``/``rougekit.stem``, the warnings that name the profile to use,
and the command line's ``--profile``/``--stem``/``--multiref``/``--jackknife``."""

from __future__ import annotations

import warnings

import pytest
import rougekit as rk
from conftest import data_file, plain_copy
from profile_cases import required
from rougekit import cli, profiles
from rougekit.reproduce import command_of


def test_registry_names_every_profile_once() -> None:
    assert rk.PROFILES == profiles.names() == (
        "rouge-score", "perl-1.5.5", "unicode-v1", "character-v1", "whitespace", "token-ids",
        "pltrdy-1.0.1", "rouge-chinese-1.0.3", "xlsum-v1",
    )  # fmt: skip
    for name in profiles.names():
        cls = profiles.get(name)
        assert name == cls.NAME and cls.SUMMARY and set(cls.OPTIONS) <= set(profiles.OPTIONS)
        assert profiles.create(name, **required(name)).name == name
    with pytest.raises(ValueError, match=r"unknown profile 'char-v1' \(did you mean"):
        profiles.get("char-v1")
    with pytest.raises(TypeError, match="profile must be a profile's name"):
        rk.RougeScorer(profile=5)  # type: ignore[arg-type]
    assert rk.RougeScorer(profile=None).profile == profiles.DEFAULT  # None: not given


@pytest.mark.parametrize(
    ("profile", "options", "message"),
    [
        ("rouge-score", {"stopwords": True}, "stopwords cannot be set with the 'rouge-score'"),
        ("rouge-score", {"limit_words": 5}, "profiles that take it: perl-1.5.5"),
        ("unicode-v1", {"stemmer": True}, "name the language, e.g. stemmer='snowball:english'"),
        ("unicode-v1", {"stemmer": "nltk-porter"}, "cannot use stemmer 'nltk-porter'"),
        ("unicode-v1", {"stemmer": "snowball:klingon"}, "unknown Snowball algorithm"),
        ("rouge-score", {"stemmer": "snowball:english"}, "it takes 'nltk-porter'"),
        ("character-v1", {"stemmer": "snowball:english"}, "stemmer cannot be set"),
        ("token-ids", {"multiref": "best"}, "unknown multi-reference rule"),
        ("token-ids", {"stemmer": True}, "stemmer cannot be set with the 'token-ids'"),
        ("whitespace", {"separator": 3}, "profiles that take it: token-ids"),
        ("perl-1.5.5", {"jackknife": True}, "jackknife cannot be set with the 'perl-1.5.5'"),
        ("perl-1.5.5", {"multiref": "mean"}, "multiref must be 'pooled'"),
        ("perl-1.5.5", {"stemmer": "snowball:english"}, "it takes 'wordnet'"),
        ("rouge-score", {"stemmer": "snowball:german"}, "go with profile='unicode-v1'"),
        ("unicode-v1", {"stemmer": "german"}, "did you mean 'snowball:german'"),
        ("character-v1", {"stemmer": "snowball:german"}, "take it: unicode-v1, whitespace$"),
        ("rouge-score", {"multiref": "best"}, "unknown multi-reference rule 'best'"),
    ],
)
def test_an_option_a_profile_cannot_use_is_an_error(profile, options, message) -> None:
    with pytest.raises((TypeError, ValueError), match=message):
        rk.RougeScorer(["rouge1"], profile=profile, **options)


@pytest.mark.parametrize("profile", profiles.names())
def test_options_that_ask_for_nothing_are_accepted_everywhere(profile) -> None:
    scorer = rk.RougeScorer(
        ["rouge1"], profile=profile, stemmer=False, stopwords=False, alpha=0.5, jackknife=False,
        **required(profile),
    )  # fmt: skip
    assert scorer.profile == profile


@pytest.mark.parametrize(
    ("profile", "options", "fields"),
    [
        ("rouge-score", {"stemmer": True}, {"stem": "nltk-porter", "mref": "best-f"}),
        ("rouge-score", {"multiref": "mean", "jackknife": True}, {"mref": "mean+jackknife"}),
        ("rouge-score", {"multiref": "A"}, {"mref": "pooled"}),
        ("unicode-v1", {"stemmer": "snowball:german"}, {"stem": "snowball-3.1.1:german"}),
        ("whitespace", {"multiref": "best-recall"}, {"stem": "no", "mref": "best-recall"}),
        ("character-v1", {}, {"stem": "no", "agg": "mean"}),
        ("token-ids", {"separator": 13}, {"split": "sep-id=13"}),
        ("perl-1.5.5", {"stemmer": "porter", "multiref": "B"}, {"stem": "perl-porter"}),
    ],
)
def test_every_setting_is_in_the_signature(profile, options, fields) -> None:
    signature = rk.RougeScorer(["rouge1"], profile=profile, **options).signature()
    assert signature.fields["profile"] == profile
    for key, value in fields.items():
        assert signature.fields[key] == value
    assert rk.parse_signature(str(signature)) == signature


def test_multiref_rules_change_the_numbers_named_in_the_signature() -> None:
    refs = [["the cat sat on the mat", "a dog ran in the park today"]]
    preds = ["the cat ran"]
    got = {}
    for rule in ("best-f", "pooled", "best-recall", "mean"):
        batch = rk.RougeScorer(["rouge1"], multiref=rule).score_batch(preds, refs)
        got[rule] = batch.recall("rouge1")[0]
        assert f"|mref:{rule}|" in str(batch.signature)
    # 2 hits of 6 and 2 of 7: best F and best recall take the first reference, pooled sums
    # hits and sizes, mean averages the two recalls.
    want = {"best-f": 2 / 6, "pooled": 4 / 13, "best-recall": 2 / 6, "mean": (2 / 6 + 2 / 7) / 2}
    assert got == want


def test_public_tokenize_and_stem() -> None:
    assert rk.tokenize("The cats ran!", stemmer=True) == ["the", "cat", "ran"]
    assert rk.tokenize("The cats were running", profile="perl-1.5.5", stemmer=True) == [
        "the", "cat", "be", "run",
    ]  # fmt: skip
    assert rk.tokenize("the cat", profile="perl-1.5.5", stopwords=True) == ["cat"]
    assert rk.tokenize("Häuser  x", profile="whitespace") == ["Häuser", "x"]
    assert rk.tokenize("laufenden Häuser", profile="whitespace", stemmer="snowball:german") == [
        "laufend", "Haus",  # Snowball's German stemmer folds umlauts
    ]  # fmt: skip
    # As given: no lower-casing, no length rule.
    assert rk.stem(["Running", "its", "connections"], "snowball:english") == [
        "Run",
        "it",
        "connect",
    ]
    assert rk.stem(["cats"], "nltk-porter") == ["cat"]
    with pytest.raises(TypeError, match=r"stem\(\[word\], stemmer\)"):
        rk.stem("cats", "nltk-porter")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown stemmer"):
        rk.stem(["cats"], "porter2")
    with pytest.raises(ValueError, match="scores token ids, not text"):
        rk.tokenize("1 2", profile="token-ids")
    with pytest.raises(TypeError, match="text must be str"):
        rk.tokenize(b"abc")  # type: ignore[arg-type]


def test_warnings_name_the_profile_to_use() -> None:
    german = [
        "Über die Brücke gingen größere Gruppen, während Mädchen für Äpfel zahlten.",
        "Die Straße führt über Hügel und Täler zum Schloß hinüber.",
    ]
    with pytest.warns(rk.NonAsciiWarning, match="profile='unicode-v1'") as caught:
        rk.RougeScorer(["rouge1"]).score_batch(german, german[::-1])
    assert "'über' becomes 'ber'" in str(caught[0].message)
    with pytest.warns(rk.NonAsciiWarning):
        rk.RougeScorer(["rouge1"], profile="perl-1.5.5").score_batch(german, german[::-1])
    english = [
        "The president met the delegation at the café on Monday and discussed the budget, "
        "the new trade agreement and the schedule for next year's summit in the capital."
    ] * 3
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rk.RougeScorer(["rouge1"]).score_batch(english, english)  # a few accents: quiet
        rk.RougeScorer(["rouge1"], profile="unicode-v1").score_batch(german, german)
    with pytest.warns(rk.NoTokensWarning, match="profile='character-v1'"):
        rk.RougeScorer(["rouge1"]).score_batch(["今天天气很好"], ["今天天气不错"])


def test_token_ids_default_types_need_no_separator() -> None:
    assert rk.RougeScorer(profile="token-ids").types == ("rouge1", "rouge2", "rougeL")
    with_sep = rk.RougeScorer(profile="token-ids", separator=0)
    assert with_sep.types == ("rouge1", "rouge2", "rougeL", "rougeLsum")
    got = rk.compute(predictions=[[1, 2, 0, 3]], references=[[1, 2, 3]], profile="token-ids",
                     separator=0, jackknife=False)  # fmt: skip
    # The separator is no token: [1, 2, 3] against [1, 2, 3] in every type.
    assert got == {"rouge1": 1.0, "rouge2": 1.0, "rougeL": 1.0, "rougeLsum": 1.0}
    with pytest.raises(ValueError, match="or leave rougeLsum out of the types"):
        rk.RougeScorer(["rougeLsum"], profile="token-ids")
    scorer = rk.RougeScorer(["rouge1"], profile="token-ids")
    with pytest.raises(TypeError, match=r"references\[0\] must be a sequence of int token ids"):
        scorer.score([1, 2], "1 2")
    with pytest.raises(TypeError, match=r"predictions\[0\] must be an ordered sequence"):
        scorer.score({1, 2}, [1, 2])


def test_non_ascii_warning_stays_quiet_on_english_news(capsys, tmp_path) -> None:
    # XSum's 2,000 English pairs have a few dozen accented letters (names): no warning.
    xsum = plain_copy(data_file("xsum-hallucination-annotations/xsum.jsonl"), tmp_path)
    assert cli.main(["score", "--jsonl", str(xsum), "-t", "rouge1"]) == 0
    assert "warning" not in capsys.readouterr().err
    # Chinese loses every token: one warning (no tokens) names the fix, not two.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rk.RougeScorer(["rouge1"]).score_batch(["今天天气很好"] * 10, ["今天天气不错"] * 10)
    assert [type(w.message) for w in caught] == [rk.NoTokensWarning]


def test_signature_notes_what_the_command_cannot_carry(capsys) -> None:
    base = "rougekit:0.1.0|types:rouge1|sw:no|trunc:no|nrefs:1|mref:best-f|alpha:0.5|agg:mean"
    cases = {
        "profile:token-ids|stem:no|split:sep-id=13": "profile='token-ids', separator=13)",
        "profile:unicode-v1|stem:snowball-9.9:german": "stemmed by Snowball 9.9",
        "profile:unicode-v1|stem:nltk-porter": "not a configuration of rougekit",
        "profile:perl-1.5.5|stem:db-48293863f91e+perl-porter": "a ROUGE data folder's own",
    }
    for fields, note in cases.items():
        sig = f"{base}|{fields}|ci:no|bs:no|seed:no"
        assert cli.main(["signature", "--parse", sig]) == 0
        out = capsys.readouterr().out
        assert note in out, out
    assert rk.parse_signature(str(rk.RougeScorer(["rouge1"]).signature())).fields["ci"] == "no"
    # A level typed with many digits reads back as the same float (was rounded to 12).
    batch = rk.RougeScorer(["rouge1"]).score_batch(["a b", "c"], ["a c", "c d"])
    level = 66.66666666666667 / 100
    odd = batch.corpus(confidence=level, n_bootstrap=10)
    assert float(odd.signature.fields["ci"]) / 100 == level


def test_command_line_profiles(capsys) -> None:
    assert cli.main(["tokenize", "--profile", "unicode-v1", "Die STRASSE, die Straße"]) == 0
    assert capsys.readouterr().out == "die strasse die strasse\n"
    assert cli.main(["tokenize", "--profile", "whitespace", "--stem", "snowball:german",
                     "laufenden Häuser"]) == 0  # fmt: skip
    assert capsys.readouterr().out == "laufend Haus\n"
    assert cli.main(["tokenize", "--stem", "--", "The cats"]) == 0
    assert capsys.readouterr().out == "the cat\n"
    # --stem takes an optional stemmer name: a text right after it is a text.
    assert cli.main(["tokenize", "--stem", "The cats were running"]) == 0
    assert capsys.readouterr().out == "the cat were run\n"
    assert (
        cli.main(["tokenize", "--profile", "character-v1", "--stem", "snowball:english", "x"]) == 2
    )
    assert "--stem cannot be set with the 'character-v1' profile" in capsys.readouterr().err


def test_command_line_rules_round_trip_through_the_signature(tmp_path, capsys) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(
        '{"prediction": "Die Katze sitzt", "references": ["Die Katzen sitzen", "eine Katze"]}\n'
    )
    args = ["score", "--jsonl", str(path), "-t", "rouge1", "--profile", "unicode-v1",
            "--stem", "snowball:german", "--multiref", "mean", "--jackknife"]  # fmt: skip
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    signature = out.strip().splitlines()[-1]
    assert "|stem:snowball-3.1.1:german|" in signature and "|mref:mean+jackknife|" in signature
    command = command_of(rk.parse_signature(signature), {})
    assert "--stem snowball:german --multiref mean --jackknife" in command
    assert cli.main(["score", "--jsonl", str(path), "--profile", "token-ids"]) == 2
    assert "invalid choice: 'token-ids'" in capsys.readouterr().err


def test_a_profile_object_is_taken_wherever_a_name_is() -> None:
    # The docs showed Pltrdy101(exclusive=False); RougeScorer said "profile must be str".
    from rougekit.profiles.pltrdy import Pltrdy101

    clipped = Pltrdy101(exclusive=False)
    scorer = rk.RougeScorer(["rouge1"], profile=clipped)
    assert scorer.config.profile is clipped
    assert "count:clipped" in str(scorer.signature())
    by_name = rk.RougeScorer(["rouge1"], profile="pltrdy-1.0.1")
    assert scorer.score("a a b", "a a c") != by_name.score("a a b", "a a c")
    got = rk.compute(predictions=["a a b"], references=["a a c"], rouge_types=["rouge1"],
                     profile=clipped, use_aggregator=False)  # fmt: skip
    assert got["rouge1"] == [scorer.score("a a b", "a a c")["rouge1"].fmeasure]
    assert rk.tokenize("The cat. sat", profile=clipped) == ["The", "cat", "sat"]
    with pytest.raises(TypeError, match="carries its options: set stemmer on the profile"):
        rk.RougeScorer(profile=clipped, stemmer=True)
    with pytest.raises(TypeError, match=r"profile must be a profile's name .* got int"):
        rk.RougeScorer(profile=3)  # type: ignore[arg-type]
