"""Length limits (``-b`` bytes, ``-l`` words) against the real ROUGE-1.5.5.pl, at scale.

With ``-b``, ROUGE-1.5.5's sentence reader keeps short sentences past the byte cut while
the whole-text counts stop at it (spec §6.3, E21): a sentence token may then have no
whole-text budget in the union-LCS hit count of ROUGE-L and ROUGE-W (§8.2). rougekit 0.1.0
indexed past its budget table there and panicked (22 of the 11,490 CNN/DM pairs at
``-b 75``, 2 at ``-b 275``); a differential test over 40 pairs never met such a pair.
So these runs take every pair of a corpus (SummEval's 1,600 CNN/DM summaries, 11 references
each, shipped; the 11,490 pointer-gen-cov pairs too when the shared data is present): whole
stdout, byte for byte, per-instance lines included, with and without ``-m`` and ``-s``. The
Perl script needs 20-60 s per run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import rougekit as rk
from conftest import shared_file
from perl_oracle import (
    CNNDM,
    SUMMEVAL,
    Case,
    PerlOracle,
    cnndm_config,
    diff_report,
    oracle_or_skip,
    run_rougekit_perl,
    write_list_case_files,
)

# ROUGE-1, -2, -L, -W and SU4 all see the truncated text; -r small: the bootstrap is not
# what these runs test (its draws are covered elsewhere).
COMMON = ["-n", "2", "-2", "4", "-U", "-r", "10"]
W = ["-w", "1.2"]


@pytest.fixture(scope="module")
def perl(tmp_path_factory: pytest.TempPathFactory) -> PerlOracle:
    return oracle_or_skip(tmp_path_factory)


#: SummEval's CNN/DM summaries (shipped); the 11,490 pointer-gen-cov pairs with the shared data.
CORPORA = [SUMMEVAL, *([CNNDM] if shared_file(CNNDM) else [])]


@pytest.fixture(scope="module", params=CORPORA, ids=[c.split("/")[0] for c in CORPORA])
def corpus_config(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> tuple[Path, Path]:
    return cnndm_config(tmp_path_factory, corpus=request.param)


@pytest.mark.parametrize(
    "limit",
    [
        pytest.param(["-b", "75", *W], id="b75"),
        pytest.param(["-b", "75", "-m", "-s", *W], id="b75-m-s"),
        pytest.param(["-b", "275", "-m", *W], id="b275-m"),
        pytest.param(["-b", "275", "-s", *W], id="b275-s"),
        pytest.param(["-l", "10", *W], id="l10"),
        # Without ROUGE-W: ten words can all be stopwords, and ROUGE-1.5.5 dies dividing by
        # zero in ROUGE-W against a reference left without a token (rougekit scores 0).
        pytest.param(["-l", "10", "-m", "-s"], id="l10-m-s"),
    ],
)
def test_every_cnndm_pair_under_a_limit_matches_perl(
    perl: PerlOracle, corpus_config: tuple[Path, Path], limit: list[str]
) -> None:
    folder, config = corpus_config
    args = ["-a", *COMMON, *limit, "-d", str(config)]
    expected = perl.stdout(args, cwd=folder)
    code, got, err = run_rougekit_perl(args)
    assert code == 0, err
    instances = config.read_text(encoding="utf-8").count("<EVAL ")
    assert instances >= 1_600
    assert expected.count(b"Eval ") >= instances * 5  # every instance, every variant
    assert got == expected, f"rougekit perl {' '.join(args)}: " + diff_report(expected, got)


# Minimal inputs that crashed 0.1.0 (index out of bounds in the ROUGE-L/W hit count), from
# the wrapper and fuzz trials; each is scored by Perl and by rougekit perl.
SHORT_SENTENCE_PAST_THE_CUT = [
    pytest.param("aa\nbbbbbb", "aa\nbbbbbb", "5", id="spl-aa-bbbbbb-b5"),
    pytest.param("a b\nc d", "a b\nc d", "5", id="a-b-c-d-b5"),
    pytest.param("a\n\nb c", "a\n\nb c", "3", id="blank-line-b3"),
    pytest.param("aaaa\n \nbbbb", "aaaa\n \nbbbb", "8", id="space-line-b8"),
    pytest.param("purge\n \n[ prettiest", "purge\n \n[ prettiest", "10", id="punct-b10"),
]


@pytest.mark.parametrize(("peer", "model", "limit"), SHORT_SENTENCE_PAST_THE_CUT)
def test_short_sentences_past_the_byte_cut_match_perl(
    perl: PerlOracle, tmp_path: Path, peer: str, model: str, limit: str
) -> None:
    listing = write_list_case_files(tmp_path, [Case(peers={"A": peer}, references=[model])])
    args = ["-n", "1", "-w", "1.2", "-b", limit, "-d", "-z", "SPL", str(listing)]
    expected = perl.stdout(args, cwd=tmp_path)
    code, got, err = run_rougekit_perl(args)
    assert code == 0, err
    assert got == expected, diff_report(expected, got)


def test_api_byte_limit_scores_what_perl_prints() -> None:
    # ROUGE-1.5.5.pl -b 5 on this pair prints ROUGE-L R 0.75000 P 1.00000 F 0.85714.
    scorer = rk.RougeScorer(["rougeL", "rougeW-1.2"], profile="perl-1.5.5", limit_bytes=5)
    score = scorer.score("a b\nc d", "a b\nc d")["rougeL"]
    assert (score.recall, score.precision, score.fmeasure) == (0.75, 1.0, 0.85714)
