"""``rougekit perl`` option parsing: Getopt::Std semantics and ROUGE-1.5.5's checks (spec §2).

The expectations come from running ROUGE-1.5.5.pl (see the comments); the Perl-backed
checks of whole outputs are in test_perl_differential.py.
"""

from __future__ import annotations

import math

import pytest
from rougekit.errors import PerlUsageError
from rougekit.profiles.perl155.flags import PerlOptions, build_options, getopts, perl_number


def opts(*argv: str) -> PerlOptions:
    return build_options(getopts(argv))


def test_clusters_attached_values_and_negative_next_argument() -> None:
    parsed = getopts(["-ma", "-n4", "-2", "-1", "-U", "c.xml", "-d"])
    assert parsed.values == {"m": "1", "a": "1", "n": "4", "2": "-1", "U": "1"}
    # Options end at the first non-option: "-d" after the config is the system ID.
    assert parsed.positional == ["c.xml", "-d"]
    o = build_options(parsed)
    assert (o.stem, o.all_peers, o.ngram_max, o.skip_gap, o.skip_text) == (
        True,
        True,
        4,
        -1,
        "*",
    )
    assert o.skip_variants == "S+SU"


def test_value_option_inside_cluster_takes_the_rest() -> None:
    parsed = getopts(["-axw1.2", "c.xml"])
    assert parsed.values == {"a": "1", "x": "1", "w": "1.2"}
    parsed = getopts(["-an", "2", "c.xml"])
    assert parsed.values == {"a": "1", "n": "2"}


def test_unknown_letter_warns_and_parsing_goes_on() -> None:
    # ROUGE-1.5.5.pl: "Unknown option: q", then -a still applies.
    parsed = getopts(["-qa", "-y", "c.xml"])
    assert parsed.values == {"a": "1"}
    assert parsed.warnings == ["Unknown option: q", "Unknown option: y"]
    assert parsed.positional == ["c.xml"]


def test_double_dash_ends_options_and_single_dash_is_positional() -> None:
    assert getopts(["-a", "--", "-n", "x"]).positional == ["-n", "x"]
    assert getopts(["-a", "-", "A"]).positional == ["-", "A"]


def test_value_option_without_value_counts_as_not_given() -> None:
    parsed = getopts(["-n", "2", "-n"])
    assert "n" not in parsed.values
    assert parsed.positional == []
    assert parsed.warnings == ["option -n needs a value; ignored"]


def test_last_occurrence_wins() -> None:
    assert opts("-n", "1", "-n", "3", "-a", "c.xml").ngram_max == 3


def test_defaults() -> None:
    o = opts("c.xml", "A")
    assert (o.config, o.system_id, o.all_peers) == ("c.xml", "A", False)
    assert (o.ngram_max, o.lcs, o.wlcs_weight, o.skip_gap, o.be_mode) == (0, True, None, None, None)
    assert (o.multiref, o.alpha, o.unit, o.resamples) == ("A", 0.5, 0, 1000)
    assert (o.confidence, o.confidence_text) == (95.0, "95")
    assert (o.limit_words, o.limit_bytes, o.stopwords, o.stemmer) == (0, 0, False, "none")


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("2.5", 2), ("0", 0), ("0.9", 0), ("1", 1), ("4abc", 4), ("abc", 0), ("-3", 0), ("nan", 0)],
)
def test_n_is_a_float_loop_bound(typed: str, expected: int) -> None:
    assert opts("-n", typed, "-a", "c.xml").ngram_max == expected


@pytest.mark.parametrize(
    ("typed", "gap", "text"),
    [("4", 4, "4"), ("0", 0, "0"), ("-1", -1, "*"), ("-0.5", -1, "*"), ("2.5", 2, "2.5")],
)
def test_skip_gap_and_its_printed_name(typed: str, gap: int, text: str) -> None:
    # ROUGE-1.5.5.pl prints ROUGE-S2.5 for -2 2.5 and ROUGE-S* for any negative value.
    o = opts("-2", typed, "-a", "c.xml")
    assert (o.skip_gap, o.skip_text) == (gap, text)


def test_skip_variants() -> None:
    assert opts("-2", "4", "-u", "-a", "c.xml").skip_variants == "SU"
    assert opts("-2", "4", "-U", "-a", "c.xml").skip_variants == "S+SU"
    assert opts("-2", "4", "-u", "-U", "-a", "c.xml").skip_variants == "SU"  # -u wins
    assert opts("-2", "4", "-a", "c.xml").skip_variants == "S"


def test_quirky_values_as_perl_reads_them() -> None:
    assert opts("-f", "b", "-a", "c.xml").multiref == "A"  # only exactly "B" is B
    assert opts("-f", "B", "-a", "c.xml").multiref == "B"
    assert opts("-t", "3", "-a", "c.xml").unit == 0  # anything but 1 or 2 is 0
    assert opts("-t", "1.0", "-a", "c.xml").unit == 1  # compared numerically
    assert opts("-t", " 2", "-a", "c.xml").unit == 2
    o = opts("-c", "95.0", "-w", "1.20", "-a", "c.xml")
    assert (o.confidence, o.confidence_text, o.wlcs_weight, o.wlcs_text) == (
        95.0,
        "95.0",
        1.2,
        "1.20",
    )
    o = opts("-c", "abc", "-a", "c.xml")  # Perl: 0 with a warning, printed "abc%-conf.int."
    assert (o.confidence, o.confidence_text) == (0.0, "abc")
    assert any("-c" in w for w in o.warnings)


def test_x_and_be_disable_lcs() -> None:
    assert opts("-x", "-a", "c.xml").lcs is False
    assert opts("-3", "HM", "-a", "c.xml").lcs is False


def test_stemmer_table_extension(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ROUGEKIT_PERL_STEMMER_TABLE", raising=False)
    assert opts("-m", "-a", "c.xml").stemmer == "wordnet"
    assert opts("--stemmer-table=none", "-m", "-a", "c.xml").stemmer == "porter"
    assert opts("-m", "--stemmer-table", "none", "-a", "c.xml").stemmer == "porter"
    assert opts("--stemmer-table=none", "-a", "c.xml").stemmer == "none"  # no -m, no stemming
    monkeypatch.setenv("ROUGEKIT_PERL_STEMMER_TABLE", "none")
    assert opts("-m", "-a", "c.xml").stemmer == "porter"
    assert opts("--stemmer-table=wordnet", "-m", "-a", "c.xml").stemmer == "wordnet"
    with pytest.raises(PerlUsageError, match="wordnet or none"):
        opts("--stemmer-table=full", "-a", "c.xml")


def test_z_ignores_a_and_needs_no_system_id() -> None:
    o = opts("-z", "spl", "-a", "list.txt")
    assert (o.list_format, o.all_peers, o.system_id) == ("SPL", False, None)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-a"], "missing the configuration file"),
        (["c.xml"], "system ID"),
        (["-c", "101", "-a", "c.xml"], "within 0 and 100"),
        (["-c", "-1", "-a", "c.xml"], "within 0 and 100"),
        (["-p", "2", "-a", "c.xml"], "between 0 and 1"),
        (["-p", "-0.1", "-a", "c.xml"], "between 0 and 1"),
        (["-w", "0", "-a", "c.xml"], "weight"),
        (["-w", "abc", "-a", "c.xml"], "weight"),
        (["-l", "10", "-b", "5", "-a", "c.xml"], "not both"),
        (["-l", "0", "-b", "5", "-a", "c.xml"], "not both"),  # Perl: both given is enough
        (["-r", "0", "-a", "c.xml"], "division by zero"),
        (["-r", "-3", "-a", "c.xml"], "at least 1"),
        (["-r", "2.5", "-a", "c.xml"], "whole number"),
        (["-z", "XYZ", "list"], "unknown input format"),
        (["-3", "XX", "-a", "c.xml"], "unknown Basic Element mode"),
        (["-3", "hm", "-a", "c.xml"], "unknown Basic Element mode"),
        (["-3", "HM", "-n", "2", "-a", "c.xml"], "SIMPLE"),
        (["--frobnicate", "-a", "c.xml"], "unknown long option"),
    ],
)
def test_usage_errors(argv: list[str], message: str) -> None:
    with pytest.raises(PerlUsageError, match=message):
        opts(*argv)


@pytest.mark.parametrize(
    ("text", "value", "whole"),
    [
        ("95", 95.0, True),
        (" 4", 4.0, True),
        ("1e1", 10.0, True),
        (".5", 0.5, True),
        ("+7", 7.0, True),
        ("3abc", 3.0, False),
        ("abc", 0.0, False),
        ("0x10", 0.0, False),
        ("", 0.0, False),
        ("-Infinity", -math.inf, True),
    ],
)
def test_perl_number(text: str, value: float, whole: bool) -> None:
    assert perl_number(text) == (value, whole)


# -- one reading of the flags for rougekit perl and RougeConfig.from_perl_args (issue 9.7) ---

SAME_READING = [
    "-t 1.0 -n 2",
    "-t 2 -n 1",
    "-2 1.5 -u",
    "-2 -1 -U -n 3",
    "-w 1.2 -x -n 4",
    "-f b -p 0.3 -r 20 -c 90",
    "-l 100 -s -m",
    "-b 75 -2 1e30",
]


@pytest.mark.parametrize("flags", SAME_READING)
def test_the_api_reads_flags_as_rougekit_perl_does(flags: str) -> None:
    from rougekit.profiles.perl155.rouge_config import RougeConfig

    command = opts(*flags.split(), "-a", "config.xml")
    config = RougeConfig.from_perl_args(flags)
    assert config.unit == command.unit
    assert config.resamples == command.resamples
    assert config.confidence == command.confidence_text
    scorer = config.scorer
    assert scorer.profile == command.profile  # one profile object from one reading
    profile = scorer.profile
    assert (profile.limit_words, profile.limit_bytes) == (command.limit_words, command.limit_bytes)
    assert (profile.multiref, profile.alpha, profile.stopwords) == (
        {"A": "pooled", "B": "best-recall"}[command.multiref],
        command.alpha,
        command.stopwords,
    )
    n_types = [t for t in scorer.types if t[5:].isdigit()]
    assert len(n_types) == command.ngram_max
    assert ("rougeL" in scorer.types) == command.lcs


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        ("-b 1e30", "-b 1e30: the length limit must be from 0 to 2**63 - 1"),
        ("-l 1e20", "-l 1e20: the length limit must be from 0 to 2**63 - 1"),
        ("-l -5", "the length limit must be from 0"),
        ("-n 1e30", "-n 1e30: ROUGE-N needs a maximum n of at most 1024"),
        ("-n 1025", "at most 1024"),
        ("-r 1e30", "-r 1e30: the number of bootstrap resamples must be at most 10,000,000"),
        ("-r 0", "must be at least 1"),
        ("-c 1e30", "-c 1e30: the confidence level must be within 0 and 100"),
        ("-p 1e30", "-p 1e30: alpha must be between 0 and 1"),
        ("-w 1e400", "the ROUGE-W weight must be a number > 0"),
        ("-2 nan", "the skip-bigram gap must be a number"),
    ],
)
def test_numeric_options_have_ranges(flags: str, message: str) -> None:
    from rougekit.profiles.perl155.rouge_config import RougeConfig

    with pytest.raises(PerlUsageError, match=message.replace("*", r"\*")):
        opts(*flags.split(), "-a", "config.xml")
    with pytest.raises(PerlUsageError, match=message.replace("*", r"\*")):
        RougeConfig.from_perl_args(flags)  # before any allocation: -n 1e30 looped in 0.1.0


def test_a_gap_longer_than_any_text_is_unlimited_with_its_typed_name() -> None:
    command = opts("-2", "1e30", "-a", "config.xml")
    assert (command.skip_gap, command.skip_text) == (-1, "1e30")


@pytest.mark.parametrize("flags", ["-b 1e30", "-l 1e20", "-n 1e30", "-r 1e30", "-l -5"])
def test_out_of_range_options_are_one_line_exit_2(flags: str) -> None:
    from perl_oracle import run_rougekit_perl

    code, out, err = run_rougekit_perl([*flags.split(), "-a", "missing-config.xml"])
    assert code == 2 and out == b"" and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith(f"rougekit perl: error: {flags}")


def test_an_exponent_weight_names_its_api_type() -> None:
    # -w 1e0 is ROUGE-W-1e0 in Perl's output; the API's type is the weight's canonical name
    # (one name per weight), mapped to the printed one.
    from rougekit.profiles.perl155.rouge_config import RougeConfig

    config = RougeConfig.from_perl_args("-w 1e0 -x")
    assert config.scorer.types == ("rougeW-1",)
    assert config.names == {"rougeW-1": "ROUGE-W-1e0"}


ORACLE_FLAGS = [
    ["-t", "1.0", "-n", "2"],
    ["-t", "1.5", "-n", "1"],
    ["-2", "1.5", "-u"],
    ["-2", "1e30", "-U"],
    ["-w", "1e0", "-x"],
    ["-n", "2.5", "-x"],
]


@pytest.mark.parametrize("flags", ORACLE_FLAGS, ids=" ".join)
def test_quirky_values_match_perl_in_both_interpreters(
    flags: list[str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    # The one reading (rougekit perl and the API) agrees with the real script where the
    # output shows it: the variants it names, their numbers and the -t unit.
    from perl_oracle import Case, oracle_or_skip, run_rougekit_perl, write_list_case_files
    from rougekit.profiles.perl155.rouge_config import RougeConfig

    perl = oracle_or_skip(tmp_path_factory)
    folder = tmp_path_factory.mktemp("quirky")
    peer, ref = "the cat sat on the mat today", "a cat was sitting on the mat"
    listing = write_list_case_files(folder, [Case(peers={"A": peer}, references=[ref])])
    args = [*flags, "-r", "10", "-z", "SPL", str(listing)]
    expected = perl.stdout(args, cwd=folder)
    code, got, err = run_rougekit_perl(args)
    assert code == 0 and got == expected, err
    config = RougeConfig.from_perl_args(flags)
    scores = config.make_scorer().score(peer, ref)  # one pair: its R is the Average_R
    assert config.names, flags
    for name, printed in config.names.items():
        assert f"X {printed} Average_R: {scores[name].recall:.5f}".encode() in expected
