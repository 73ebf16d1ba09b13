"""``rougekit perl -e DIR`` reads ROUGE-1.5.5's data folder as the script does (issue 9
item 2): both files must exist; the exception DB (a Berkeley DB hash file written by Perl's
DB_File, read here without libdb) decides ``-m``'s table. pyrouge always passes ``-e`` and
``-m``, and the usual install recipes build an *empty* DB: those runs must match Perl."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

import db_pages
import pytest
from perl_oracle import (
    CUSTOM_STOPWORDS,
    DB_NAME,
    STOPWORDS,
    PerlOracle,
    cnndm_config,
    corpus_rows,
    diff_report,
    oracle_or_skip,
    run_rougekit_perl,
)
from rougekit.profiles.perl155 import data_dir
from rougekit.profiles.perl155.exception_db import read_exception_db

PAIRS = 500


@pytest.fixture(scope="module")
def perl(tmp_path_factory: pytest.TempPathFactory) -> PerlOracle:
    return oracle_or_skip(tmp_path_factory)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return cnndm_config(tmp_path_factory, PAIRS)


@pytest.mark.parametrize("db", ["empty", "canonical", "custom", "stoplist"])
@pytest.mark.parametrize("flags", [["-m"], ["-m", "-s"], []], ids=["m", "m-s", "plain"])
def test_data_folder_runs_match_perl(
    perl: PerlOracle, corpus: tuple[Path, Path], db: str, flags: list[str]
) -> None:
    folder, config = corpus
    args = ["-c", "95", "-2", "4", "-U", "-r", "20", "-n", "2", "-w", "1.2", *flags]
    args += ["-a", "-d", str(config)]
    expected = perl.stdout(args, cwd=folder, exceptions=db)  # the oracle passes -e
    code, got, err = run_rougekit_perl(["-e", str(perl.data_dirs[db]), *args])
    assert code == 0, err
    assert got == expected, diff_report(expected, got)


def test_load_names_each_folder_by_its_content(perl: PerlOracle) -> None:
    # The DB reader itself is checked entry for entry in test_perl_exception_db.py.
    assert len(read_exception_db(str(perl.data_dirs["canonical"] / DB_NAME))) == 5930
    assert data_dir.load(perl.data_dirs["canonical"]) == data_dir.PerlData("wordnet", "smart")
    assert data_dir.load(perl.data_dirs["empty"]) == data_dir.PerlData("none", "smart")
    custom = data_dir.load(perl.data_dirs["custom"])
    assert custom.table.startswith("db-") and custom.stoplist == "smart"
    assert custom.exceptions is not None and ("went", "go") in custom.exceptions
    stoplist = data_dir.load(perl.data_dirs["stoplist"])
    assert stoplist.table == "wordnet" and stoplist.stoplist.startswith("list-")
    assert stoplist.stopwords == tuple(sorted(CUSTOM_STOPWORDS))


def _error(args: list[str]) -> str:
    code, out, err = run_rougekit_perl(args)
    assert code == 1 and out == b"" and "Traceback" not in err, err
    (line,) = [ln for ln in err.splitlines() if ln.startswith("rougekit perl: error:")]
    return line


def test_missing_or_unusable_data_files_are_one_error_line(
    perl: PerlOracle, corpus: tuple[Path, Path], tmp_path: Path
) -> None:
    _, config = corpus
    run = ["-n", "1", "-m", "-a", str(config)]
    assert "smart_common_words.txt" in _error(["-e", str(tmp_path / "nowhere"), *run])
    only_stopwords = tmp_path / "only-stopwords"
    only_stopwords.mkdir()
    shutil.copy(perl.data_dirs["canonical"] / STOPWORDS, only_stopwords)
    assert "Cannot open exception db file for reading" in _error(["-e", str(only_stopwords), *run])
    (only_stopwords / DB_NAME).write_bytes(b"not a database\n" * 100)
    assert "not a readable Berkeley DB hash file" in _error(["-e", str(only_stopwords), *run])
    (only_stopwords / DB_NAME).write_bytes(b"")
    assert "too short for a DB" in _error(["-e", str(only_stopwords), *run])


def test_stemmer_table_option_wins_over_the_folder(
    perl: PerlOracle, corpus: tuple[Path, Path]
) -> None:
    folder, config = corpus
    args = ["-n", "1", "-m", "-a", str(config)]
    expected = perl.stdout(args, cwd=folder, exceptions="canonical")
    code, got, err = run_rougekit_perl(
        ["--stemmer-table=wordnet", "-e", str(perl.data_dirs["empty"]), *args]
    )
    assert code == 0 and got == expected, err


@pytest.mark.parametrize("db", ["empty", "canonical", "custom", "stoplist"])
def test_the_api_takes_the_same_folder(
    perl: PerlOracle, corpus: tuple[Path, Path], db: str
) -> None:
    # RougeScorer(data_dir=) and RougeConfig.from_perl_args("-e DIR") share rougekit perl's
    # loader: their per-pair scores are the -d lines Perl prints with that folder.
    import rougekit as rk
    from rougekit.profiles.perl155.rouge_config import RougeConfig

    folder, config = corpus
    args = ["-n", "2", "-x", "-m", "-s", "-r", "10", "-a", "-d", str(config)]
    expected = perl.stdout(args, cwd=folder, exceptions=db).decode()
    data = perl.data_dirs[db]
    scorer = rk.RougeScorer(
        ["rouge1", "rouge2"], profile="perl-1.5.5", stemmer=True, stopwords=True, data_dir=data
    )
    same = RougeConfig.from_perl_args(["-e", str(data), "-n", "2", "-m", "-s", "-x"])
    assert str(same.make_scorer().signature()) == str(scorer.signature())
    for i, row in enumerate(_rows(40), start=1):
        got = scorer.score(row["prediction"], list(row["references"]))
        for name, printed in (("rouge1", "ROUGE-1"), ("rouge2", "ROUGE-2")):
            line = f"A {printed} Eval {i}.A R:{got[name].recall:.5f} P:{got[name].precision:.5f}"
            assert line in expected, line


def _rows(n: int) -> list[dict[str, Any]]:
    return corpus_rows(pairs=n)  # the first pairs of the ``corpus`` fixture's files


def test_the_signature_names_a_folder_s_own_tables(perl: PerlOracle) -> None:
    import rougekit as rk

    def signature(db: str) -> str:
        scorer = rk.RougeScorer(
            ["rouge1"], profile="perl-1.5.5", stemmer=True, stopwords=True,
            data_dir=perl.data_dirs[db],
        )  # fmt: skip
        return str(scorer.signature())

    default = str(
        rk.RougeScorer(["rouge1"], profile="perl-1.5.5", stemmer=True, stopwords=True).signature()
    )
    assert signature("canonical") == default  # the embedded data: the same numbers
    assert "|stem:perl-porter|sw:smart|" in signature("empty")
    assert "|stem:db-" in signature("custom") and "|sw:smart|" in signature("custom")
    assert "|stem:wordnet+perl-porter|sw:list-" in signature("stoplist")
    assert rk.parse_signature(signature("custom")).stemmer


def test_api_data_dir_errors_name_the_file(tmp_path: Path) -> None:
    import rougekit as rk

    with pytest.raises(ValueError, match=r"smart_common_words\.txt"):
        rk.RougeScorer(["rouge1"], profile="perl-1.5.5", data_dir=tmp_path)
    with pytest.raises(ValueError, match="data_dir cannot be set with the 'rouge-score'"):
        rk.RougeScorer(["rouge1"], data_dir=tmp_path)


def test_api_data_dir_names_no_system_call_takes_are_one_error() -> None:
    # They raised a bare 'embedded null byte' / UnicodeEncodeError, not naming data_dir.
    import rougekit as rk

    for folder, reason in (("a\x00b", "contains a NUL byte"), ("\ud800", "lone surrogate")):
        with pytest.raises(ValueError, match=f"^data_dir: the data folder name .*{reason}"):
            rk.RougeScorer(["rouge1"], profile="perl-1.5.5", data_dir=folder)
        code, out, err = run_rougekit_perl(["-e", folder, "-m", "-a", "config.xml"])
        assert (code, out) == (1, b"") and err.count("\n") == 1, err
        assert err.startswith(f"rougekit perl: error: the data folder name {folder!r}"), err


_CLI = """
import sys
from rougekit.__main__ import main
sys.argv = ["rougekit", "perl", *sys.argv[1:]]
sys.exit(main())
"""


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS, /dev/zero and FIFOs: Linux")
def test_hostile_data_folders_are_one_error_line_on_the_command_line(tmp_path: Path) -> None:
    # Each folder once blew up rougekit perl -e: a 205 KB DB took ~23 s and ~900 MB, a DB
    # cut to its meta page read as the empty table, /dev/zero ended in a MemoryError
    # traceback, a FIFO blocked forever. Each run here: 1 GiB of address space, 20 s.
    def folder(name: str, db: bytes | Path | None, stopwords: Path | None = None) -> Path:
        where = tmp_path / name
        where.mkdir()
        if stopwords is None:
            (where / STOPWORDS).write_bytes(b"the\na\n")
        else:
            (where / STOPWORDS).symlink_to(stopwords)
        if isinstance(db, bytes):
            (where / DB_NAME).write_bytes(db)
        elif isinstance(db, Path):
            (where / DB_NAME).symlink_to(db)
        return where

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    whole = db_pages.db_file([db_pages.hash_page(1, [db_pages.keydata(b"went")] * 2)], 1)
    cases = {
        folder("bomb", db_pages.bomb()): "overflow page 1 is used twice",
        folder("meta", whole[: db_pages.PAGE_SIZE]): "the file holds 1: a truncated copy",
        folder("zero", Path("/dev/zero")): "is a character device, not a regular file",
        folder("fifo", fifo): "is a FIFO (named pipe), not a regular file",
        folder("stop", None, stopwords=fifo): f"{STOPWORDS} is a FIFO (named pipe)",
    }
    (folder("dir", None) / DB_NAME).mkdir()
    cases[tmp_path / "dir"] = "is a directory, not a regular file"
    for where, reason in cases.items():
        done = db_pages.run_capped(_CLI, "-e", str(where), "-m", "-a", str(tmp_path / "x.xml"))
        assert (done.returncode, done.stdout) == (1, ""), done.stderr
        (line,) = done.stderr.splitlines()
        assert line.startswith(f"rougekit perl: error: {where}/") and reason in line, line
    # A valid folder of the same kind runs (the error above is the folder's, not the setup's).
    good = folder("good", whole)
    done = db_pages.run_capped(_CLI, "-e", str(good), "-m", "-a", str(tmp_path / "x.xml"))
    assert "x.xml" in done.stderr and str(good) not in done.stderr
