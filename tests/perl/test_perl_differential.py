"""``rougekit perl`` against the real ROUGE-1.5.5.pl: whole stdout, byte for byte.

Every test writes its instances as SPL files plus an XML configuration (EVAL IDs 1..N) or
a ``-z SPL`` list, runs the Perl script and ``rougekit perl`` with the same ``-a -d``
command line and compares the complete outputs (averages, confidence intervals and every
per-instance line). Real corpora (1, 4 and 11 references, several peers per EVAL) and
hypothesis-generated hostile text; the option sets together cover ``-n 1..4``, ``-m``
(canonical and empty exception table), ``-s``, ``-l 10/100``, ``-b 75/665``, ``-f A/B``,
``-p 0/0.2/0.5/1``, ``-w 1.2/1.5/2``, ``-2 -1/0/4`` with ``-u`` and ``-U``, ``-t 0/1/2``,
``-r 1/1000`` and ``-c 90/95/99``. The Perl script is slow: subsets are small and ``-r``
is small except where 1000 is the point.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import corpus_names, named_corpus
from hypothesis import given, settings
from hypothesis import strategies as st
from perl_oracle import (
    Case,
    PerlOracle,
    diff_report,
    oracle_or_skip,
    run_rougekit_perl,
    write_list_case_files,
    write_xml_case_files,
)


@pytest.fixture(scope="module")
def perl(tmp_path_factory: pytest.TempPathFactory) -> PerlOracle:
    return oracle_or_skip(tmp_path_factory)


def compare(
    perl: PerlOracle,
    folder: Path,
    config: Path,
    options: Sequence[str],
    *,
    table: str = "wordnet",
    system: Sequence[str] = (),
) -> None:
    """Runs both on ``config`` and asserts identical stdout."""
    perl_args = [*options, "-d", str(config), *system]
    if "-z" not in options and not system:
        perl_args.insert(0, "-a")
    exceptions = "canonical" if table == "wordnet" else "empty"
    expected = perl.stdout(perl_args, cwd=folder, exceptions=exceptions)
    code, got, err = run_rougekit_perl([f"--stemmer-table={table}", *perl_args])
    assert code == 0, err
    assert b"Eval " in expected  # the comparison covers per-instance lines
    assert got == expected, f"rougekit perl {' '.join(perl_args)}: " + diff_report(expected, got)


# -- real corpora ------------------------------------------------------------------------------


def load_rows(name: str) -> list[dict[str, Any]]:
    """A corpus by name (``conftest.corpus_names``): shipped, its stand-in, or the shared one."""
    return named_corpus(name)


def spread(rows: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """``count`` rows spread evenly over the file (deterministic)."""
    step = max(1, len(rows) // count)
    return rows[::step][:count]


def single_peer_cases(rows: list[dict[str, Any]]) -> list[Case]:
    return [Case(peers={"A": r["prediction"]}, references=list(r["references"])) for r in rows]


def multi_peer_cases(rows: list[dict[str, Any]], evals: int) -> list[Case]:
    """ROUGE-test.jsonl rows are ``eval<N>-peer<P>``: rebuild EVALs with all their peers."""
    grouped: dict[str, Case] = {}
    for row in rows:
        eval_part, peer_part = row["id"].split("-")
        case = grouped.setdefault(eval_part, Case(peers={}, references=list(row["references"])))
        case.peers[peer_part.removeprefix("peer")] = row["prediction"]
    return list(grouped.values())[:evals]


# (test id, corpus file, pairs, options, exception table)
CORPUS_SETS = [
    (
        "cnndm-1ref-paper-setting-r1000",
        "cnndm-pointer-generator/pointer-gen-cov.jsonl",
        40,
        ["-c", "95", "-2", "4", "-U", "-r", "1000", "-n", "4", "-w", "1.2", "-m"],
        "wordnet",
    ),
    (
        "summeval-11refs-fA-p0.2-S*",
        "summeval-cnndm/summeval.jsonl",
        12,
        ["-n", "2", "-2", "-1", "-U", "-p", "0.2", "-r", "50", "-w", "1.5"],
        "wordnet",
    ),
    (
        "summeval-11refs-fB-t1-c99",
        "summeval-cnndm/summeval.jsonl",
        12,
        ["-n", "3", "-f", "B", "-w", "2", "-2", "4", "-u", "-t", "1", "-r", "30", "-c", "99"],
        "wordnet",
    ),
    (
        "duc2004-4refs-stem-stop-l100-c90",
        "duc2004-task2-pyrouge-tests/summaries_1.jsonl",
        10,
        ["-n", "4", "-m", "-s", "-l", "100", "-w", "1.2", "-r", "40", "-c", "90"],
        "wordnet",
    ),
    (
        "duc2004-4refs-emptytable-b665-t2",
        "duc2004-task2-pyrouge-tests/summaries_2.jsonl",
        10,
        ["-n", "2", "-m", "-b", "665", "-2", "0", "-U", "-w", "1.2", "-t", "2"],
        "none",
    ),
    (
        "xsum-1ref-l10-p0-r1",
        "xsum-hallucination-annotations/xsum.jsonl",
        40,
        ["-n", "2", "-l", "10", "-2", "0", "-u", "-p", "0", "-r", "1"],
        "wordnet",
    ),
    (
        "realsumm-1ref-b75-fB-p1",
        "realsumm-cnndm/realsumm.jsonl",
        30,
        ["-n", "1", "-b", "75", "-f", "B", "-p", "1", "-w", "1.5", "-r", "20", "-x"],
        "wordnet",
    ),
    (
        "newsroom-1ref-stop-t1-S*",
        "newsroom-human-eval/newsroom.jsonl",
        30,
        ["-n", "4", "-s", "-2", "-1", "-u", "-t", "1", "-r", "25", "-p", "0.5"],
        "wordnet",
    ),
    (
        "fulltext-long-candidates",
        "cnndm-fulltext-vs-reference/fulltext-article-first1000.jsonl",
        4,
        ["-n", "2", "-w", "1.2", "-2", "4", "-U", "-r", "10", "-m"],
        "wordnet",
    ),
    (
        "zh-non-ascii-only",
        "zh-sumeval-sample/zh-sample.jsonl",
        6,
        ["-n", "2", "-2", "4", "-U", "-r", "10"],
        "wordnet",
    ),
]


@pytest.mark.parametrize(
    ("corpus", "pairs", "options", "table"),
    [
        pytest.param(source.values[0], *rest, id=f"{name}-{source.id}")
        for name, corpus, *rest in CORPUS_SETS
        for source in corpus_names(corpus)
    ],
)
def test_corpus_subset_matches_perl(
    perl: PerlOracle,
    tmp_path: Path,
    corpus: str,
    pairs: int,
    options: list[str],
    table: str,
) -> None:
    cases = single_peer_cases(spread(load_rows(corpus), pairs))
    config = write_xml_case_files(tmp_path, cases)
    compare(perl, tmp_path, config, options, table=table)


@pytest.mark.parametrize("corpus", corpus_names("rouge155-sample-test/ROUGE-test.jsonl"))
def test_several_peers_per_eval_match_perl(perl: PerlOracle, tmp_path: Path, corpus: str) -> None:
    """ROUGE-test (4 references, 8 systems per EVAL), ``-a``: peers sorted, one block each."""
    cases = multi_peer_cases(load_rows(corpus), evals=6)
    assert all(len(case.peers) == 8 for case in cases)
    config = write_xml_case_files(tmp_path, cases)
    options = ["-n", "2", "-m", "-w", "1.2", "-2", "4", "-U", "-r", "100", "-f", "B"]
    compare(perl, tmp_path, config, options)


@pytest.mark.parametrize("corpus", corpus_names("rouge155-sample-test/ROUGE-test.jsonl"))
def test_one_system_id_of_several_matches_perl(
    perl: PerlOracle, tmp_path: Path, corpus: str
) -> None:
    cases = multi_peer_cases(load_rows(corpus), evals=5)
    del cases[2].peers["13"]  # that EVAL lacks system 13: a warning, and 4 instances
    config = write_xml_case_files(tmp_path, cases)
    compare(perl, tmp_path, config, ["-n", "1", "-r", "30"], system=["13"])


@pytest.mark.parametrize(
    "corpus", corpus_names("rouge155-sample-test/DUC2002-ROUGE.in.26.spl.jsonl")
)
def test_file_list_matches_perl(perl: PerlOracle, tmp_path: Path, corpus: str) -> None:
    """``-z SPL`` list, system ID 26 (eval IDs 1..N, models M.1..)."""
    rows = spread(load_rows(corpus), 20)
    listing = write_list_case_files(tmp_path, single_peer_cases(rows))
    options = ["-n", "4", "-s", "-m", "-w", "1.2", "-2", "4", "-U", "-r", "100", "-z", "SPL"]
    compare(perl, tmp_path, listing, options, system=["26"])


def test_eval_and_peer_ids_order_and_encoding_match_perl(perl: PerlOracle, tmp_path: Path) -> None:
    """-d order (numeric by leading digits, else string), bootstrap order (string), peers
    sorted, and non-ASCII IDs printed as Perl prints them (Latin-1 unless a character
    needs more). IDs sharing a leading number are avoided: Perl's order for those changes
    from run to run."""
    eval_ids = ["10", "9", "2a", "b", "abc", "B", "_x", "1.5", "é", "€x", "30k", " 7", "-3"]
    texts = ["the cat sat on the mat", "a cat sat", "on the mat", "the dog", "cats and dogs"]
    cases = [
        Case(
            peers={"ü": texts[i % 5], "A": texts[(i + 1) % 5], "Zé€": texts[(i + 2) % 5]},
            references=[texts[(i + 3) % 5]],
        )
        for i in range(len(eval_ids))
    ]
    config = write_xml_case_files(tmp_path, cases, eval_ids=eval_ids)
    for options in (["-n", "1", "-r", "20"], ["-n", "2", "-t", "1", "-r", "20"]):
        compare(perl, tmp_path, config, options)


@pytest.mark.parametrize(
    "options",
    [
        ["-n", "2.5", "-2", "2.5", "-t", "1.0", "-c", "95.0", "-w", "1.20", "-f", "b", "-r", "7"],
        ["-c", "abc", "-2", "abc", "-n", "1", "-r", "5", "-x"],
        ["-p", "0.2", "-t", "3", "-n", "1", "-r", "3", "-u", "-2", "1"],
        ["-ma", "-n2", "-2", "-1", "-r1"],
    ],
    ids=["float-n-2-t-c", "non-numeric-c-2", "t3-u", "clustered"],
)
@pytest.mark.parametrize("corpus", corpus_names("rouge155-sample-test/ROUGE-test.jsonl"))
def test_option_quirks_match_perl(
    perl: PerlOracle, tmp_path: Path, options: list[str], corpus: str
) -> None:
    """Option values as Perl reads them; names embed them as typed (ROUGE-S2.5, abc%-...)."""
    rows = spread(load_rows(corpus), 12)
    config = write_xml_case_files(tmp_path, single_peer_cases(rows))
    compare(perl, tmp_path, config, options)


def see_file(text: str) -> str:
    """A DUC SEE (HTML) file for the sentences of ``text``, with lines Perl ignores."""
    out = ["<html>", "<body>", '  indented <a name="0">[0]</a> ignored']
    for i, sentence in enumerate(text.split("\n"), start=1):
        size = f'size="{len(sentence)}" ' if i % 2 else ""
        out.append(f'<a {size}name="{i}">[{i}]</a> <a href="#{i}" id={i}>{sentence}</a>')
    out += ["</body>", "</html>"]
    return "\n".join(out)


def isi_file(text: str) -> str:
    """An ISI file for the sentences of ``text``, plus lines Perl ignores."""
    out = ["<DOC>", '<S SNTNO="A1">upper-case number: ignored</S>']
    for i, sentence in enumerate(text.split("\n"), start=1):
        out.append(f'<S SNTNO="{i},{i}a">{sentence}</S>')
    return "\n".join([*out, "</DOC>"])


@pytest.mark.parametrize("corpus", corpus_names("newsroom-human-eval/newsroom.jsonl"))
@pytest.mark.parametrize(("fmt", "make"), [("SEE", see_file), ("ISI", isi_file)])
def test_see_and_isi_files_match_perl(
    perl: PerlOracle, tmp_path: Path, fmt: str, make: Any, corpus: str
) -> None:
    """Sentences with inline markup (cut at "<"), entities kept, indented lines ignored."""
    rows = spread(load_rows(corpus), 10)
    extra = ["AT&amp;T <b>rose</b> today", "  leading spaces", "<i>starts with markup</i>"]
    cases = []
    for i, row in enumerate(rows):
        prediction = row["prediction"] + "\n" + extra[i % 3]
        cases.append(Case(peers={"A": make(prediction)}, references=[make(row["references"][0])]))
    config = write_xml_case_files(tmp_path, cases)
    config.write_text(config.read_text().replace('TYPE="SPL"', f'TYPE="{fmt}"'))
    compare(perl, tmp_path, config, ["-n", "2", "-l", "12", "-w", "1.2", "-r", "10"])


# -- hypothesis: hostile text ------------------------------------------------------------------

WORDS = [
    "The", "cat", "SAT", "on", "the", "mat", "running", "geese", "went", "statements",
    "agreement", "fundamental", "Police", "AT&T", "AT&amp;T", "e-mail", "well-known", "--",
    "$5", "$", "5:30", "1,000", "3.5", "1990s", "naïve", "café", "Zürich", "中文", "—",
    "don't", "it's", "'s", "U.S.", "<b>rose</b>", "<p>", "&lt;", "ﬁnance", "x" * 40,
    "supercalifragilisticexpialidocious", "a", "may", "sat", "news", "reuters", "be",
    "beings", "(", ")", "...", "?!", "\t", "\r", "\u00a0", "\u2028", "é", "Ǆ", "_under_",
]  # fmt: skip
token = st.one_of(
    st.sampled_from(WORDS),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=6),
)
separator = st.sampled_from([" ", " ", " ", "  ", "\t", " - ", ", "])
line = st.tuples(st.lists(token, max_size=12), separator).map(lambda ts: ts[1].join(ts[0]))
hostile_text = st.lists(
    st.one_of(line, st.sampled_from(["", "   ", "\t", "\r", "."])), max_size=5
).map("\n".join)


def hostile_cases(draw: st.DrawFn, *, anchored: bool, min_refs: int) -> list[Case]:
    """1..10 instances. ``anchored``: every reference starts with a plain token line, so
    that no reference is without tokens (ROUGE-1.5.5 dies on those under ROUGE-W)."""
    cases = []
    for _ in range(draw(st.integers(1, 10))):
        prediction = draw(st.one_of(st.just(""), hostile_text))
        references = draw(st.lists(hostile_text, min_size=min_refs, max_size=4))
        if anchored:
            references = ["zqx\n" + ref for ref in references]
        cases.append(Case(peers={"A": prediction}, references=references))
    return cases


# (test id, options, exception table, anchored references, fewest references)
HOSTILE_SETS = [
    ("n4-SU4", ["-n", "4", "-2", "4", "-U", "-r", "10"], "wordnet", False, 0),
    (
        "stem-stop-S*-fB-p0.2",
        ["-n", "2", "-m", "-s", "-2", "-1", "-u", "-r", "5", "-f", "B", "-p", "0.2"],
        "wordnet",
        False,
        1,
    ),
    ("l10-W1.2-t1", ["-n", "1", "-l", "10", "-w", "1.2", "-r", "5", "-t", "1"], "wordnet", True, 1),
    (
        "emptytable-b75-W2-t2",
        ["-n", "2", "-b", "75", "-w", "2", "-r", "5", "-t", "2", "-m"],
        "none",
        True,
        1,
    ),
    (
        "l100-S0-c90-p1-fB",
        ["-n", "3", "-l", "100", "-2", "0", "-U", "-r", "3", "-c", "90", "-p", "1", "-f", "B"],
        "wordnet",
        False,
        0,
    ),
    (
        "b665-stop-W1.5-p0",
        ["-n", "2", "-b", "665", "-s", "-w", "1.5", "-r", "2", "-p", "0"],
        "wordnet",
        True,
        1,
    ),
]


@pytest.mark.parametrize(
    ("options", "table", "anchored", "min_refs"),
    [pytest.param(*rest, id=name) for name, *rest in HOSTILE_SETS],
)
@settings(max_examples=25)
@given(data=st.data())
def test_hostile_text_matches_perl(
    perl: PerlOracle,
    tmp_path_factory: pytest.TempPathFactory,
    options: list[str],
    table: str,
    anchored: bool,
    min_refs: int,
    data: st.DataObject,
) -> None:
    cases = data.draw(
        st.composite(lambda draw: hostile_cases(draw, anchored=anchored, min_refs=min_refs))()
    )
    folder = tmp_path_factory.mktemp("hostile")
    config = write_xml_case_files(folder, cases)
    compare(perl, folder, config, options, table=table)


# -- ROUGE-W on a reference without tokens: Perl dies, rougekit scores the rest -----------------


def test_reference_without_tokens_under_w_reports_and_scores_the_rest(
    perl: PerlOracle, tmp_path: Path
) -> None:
    rows = spread(load_rows("xsum-hallucination-annotations/xsum.jsonl"), 6)
    cases = single_peer_cases(rows)
    cases[3].references = ["... --- !!!"]  # EVAL 4: a model with no token at all
    options = ["-n", "1", "-w", "1.2", "-r", "5"]
    config = write_xml_case_files(tmp_path / "all", cases)
    # Perl dies on the whole run.
    died = perl.run(["-a", "-d", *options, str(config)], cwd=tmp_path)
    assert died.returncode != 0 and b"division by zero" in died.stderr
    code, got, err = run_rougekit_perl(["-a", "-d", *options, str(config)])
    assert code == 0
    assert "EVAL 4" in err and "model M0" in err and "ROUGE-W-1.2" in err
    # Every other instance gets Perl's numbers (per-instance lines, same EVAL IDs).
    kept = [
        c if i != 3 else Case(peers=c.peers, references=["placeholder"])
        for i, c in enumerate(cases)
    ]
    reference = perl.stdout(
        ["-a", "-d", *options, str(write_xml_case_files(tmp_path / "rest", kept))], cwd=tmp_path
    )
    want = [ln for ln in reference.split(b"\n") if b" Eval " in ln and b" Eval 4.A" not in ln]
    have = [ln for ln in got.split(b"\n") if b" Eval " in ln and b" Eval 4.A" not in ln]
    assert have == want and len(have) == 3 * 5  # ROUGE-1, L, W-1.2 x 5 instances
    assert b"A ROUGE-W-1.2 Eval 4.A R:0.00000 P:0.00000 F:0.00000" in got
