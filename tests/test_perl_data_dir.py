"""``rougekit perl -e DIR`` reads ROUGE-1.5.5's data folder as the script does (issue 9
item 2): both files must exist; the exception DB (a Berkeley DB hash file written by Perl's
DB_File, read here without libdb) decides ``-m``'s table. pyrouge always passes ``-e`` and
``-m``, and the usual install recipes build an *empty* DB: those runs must match Perl."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import require_shared
from perl_oracle import (
    CUSTOM_STOPWORDS,
    DB_NAME,
    STOPWORDS,
    Case,
    PerlOracle,
    diff_report,
    oracle_or_skip,
    run_rougekit_perl,
    write_xml_case_files,
)
from rougekit.perl import data_dir
from rougekit.perl.exception_db import read_exception_db

CORPUS = "cnndm-pointer-generator/pointer-gen-cov.jsonl"
PAIRS = 500


@pytest.fixture(scope="module")
def perl(tmp_path_factory: pytest.TempPathFactory) -> PerlOracle:
    return oracle_or_skip(tmp_path_factory)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    path = require_shared() / CORPUS
    if not path.is_file():
        pytest.skip(f"{path} not found")
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for _, line in zip(range(PAIRS), f)]
    cases = [Case(peers={"A": r["prediction"]}, references=list(r["references"])) for r in rows]
    folder = tmp_path_factory.mktemp("cnndm-500")
    return folder, write_xml_case_files(folder, cases)


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


def test_the_reader_reads_what_db_file_wrote(perl: PerlOracle, tmp_path: Path) -> None:
    # Every key of the canonical DB, and a small DB with a value long enough for overflow
    # pages, against Perl's own dump of the same files.
    custom = tmp_path / "custom.db"
    subprocess.run(
        [
            perl.perl, "-MDB_File", "-MFcntl", "-e",
            'tie(my %h, "DB_File", $ARGV[0], O_RDWR|O_CREAT|O_TRUNC, 0644, $DB_HASH) or die;'
            '$h{"went"}="go"; $h{"geese"}="goose"; $h{"k" x 3000}="v" x 9000;'
            '$h{"w$_"}="x$_" for 1..2000; untie %h;',
            str(custom),
        ],
        check=True,
    )  # fmt: skip
    for db in (perl.data_dirs["canonical"] / DB_NAME, perl.data_dirs["empty"] / DB_NAME, custom):
        dump = subprocess.run(
            [
                perl.perl, "-MDB_File", "-e",
                'tie(my %h, "DB_File", $ARGV[0], 0, 0644, $DB_HASH) or die;'
                'binmode STDOUT; print "$_\\t$h{$_}\\n" for sort keys %h;',
                str(db),
            ],
            capture_output=True,
            check=True,
        ).stdout  # fmt: skip
        got = read_exception_db(str(db))
        assert b"".join(k + b"\t" + v + b"\n" for k, v in sorted(got.items())) == dump
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
