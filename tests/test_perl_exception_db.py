"""The Berkeley DB hash reader behind ``rougekit perl -e``
(``rougekit.profiles.perl155.exception_db``): no libdb at run time, so it is checked against
files Perl's DB_File writes here and now, entry for entry, and every file it cannot read is
one error naming that file."""

from __future__ import annotations

import contextlib
import subprocess
from pathlib import Path

import pytest
from perl_oracle import CANONICAL_KEYS, DB_NAME, PerlOracle, oracle_or_skip
from rougekit.profiles.perl155.errors import PerlDataError
from rougekit.profiles.perl155.exception_db import read_exception_db

# Our own Perl one-liners: tie a DB_File hash with the given info, fill it from a snippet.
_WRITE = (
    'use DB_File; use Fcntl; my ($db, $kind, $order) = @ARGV; my $info = $kind eq "btree" ? '
    "$DB_BTREE : $DB_HASH; $info->{lorder} = $order if $order; "
    'tie(my %h, "DB_File", $db, O_RDWR|O_CREAT|O_TRUNC, 0644, $info) or die "tie: $!"; '
)
_DUMP = (
    'use DB_File; tie(my %h, "DB_File", $ARGV[0], 0, 0644, $DB_HASH) or die; binmode STDOUT;'
    ' print "$_\\t$h{$_}\\n" for sort keys %h;'
)


@pytest.fixture(scope="module")
def perl(tmp_path_factory: pytest.TempPathFactory) -> PerlOracle:
    return oracle_or_skip(tmp_path_factory)


def _write(perl: PerlOracle, path: Path, fill: str, kind: str = "hash", order: int = 0) -> Path:
    subprocess.run(
        [perl.perl, "-e", _WRITE + fill + " untie %h;", str(path), kind, str(order)], check=True
    )
    return path


def _dump(perl: PerlOracle, path: Path) -> bytes:
    return subprocess.run(
        [perl.perl, "-e", _DUMP, str(path)], capture_output=True, check=True
    ).stdout


def _lines(table: dict[bytes, bytes]) -> bytes:
    return b"".join(k + b"\t" + v + b"\n" for k, v in sorted(table.items()))


def test_every_canonical_key_reads_back_as_db_file_dumps_it(perl: PerlOracle) -> None:
    path = perl.data_dirs["canonical"] / DB_NAME
    table = read_exception_db(str(path))
    assert len(table) == CANONICAL_KEYS
    assert _lines(table) == _dump(perl, path)
    assert table[b"went"] == b"go"


@pytest.mark.parametrize(
    "fill",
    [
        "",  # the empty DB of the common install recipes
        '$h{"went"}="go"; $h{"geese"}="goose";',
        '$h{"k" x 3000}="v" x 9000; $h{"long"}="l" x 70000;',  # overflow pages, long keys
        '$h{"w$_"}="x$_" for 1..20000;',  # many buckets, split pages
        '$h{"a$_"}="b" x ($_ % 700) for 1..3000;',  # values of every size around a page
    ],
    ids=["empty", "small", "overflow", "buckets", "mixed"],
)
def test_tables_db_file_writes_read_back_equal(perl: PerlOracle, tmp_path: Path, fill: str) -> None:
    path = _write(perl, tmp_path / "t.db", fill)
    assert _lines(read_exception_db(str(path))) == _dump(perl, path)


def test_a_deleted_key_is_gone(perl: PerlOracle, tmp_path: Path) -> None:
    path = _write(
        perl, tmp_path / "t.db", '$h{"w$_"}="x$_" for 1..500; delete $h{"w$_"} for 1..250;'
    )
    table = read_exception_db(str(path))
    assert _lines(table) == _dump(perl, path) and len(table) == 250


def _refused(path: Path) -> str:
    with pytest.raises(PerlDataError) as info:
        read_exception_db(str(path))
    message = str(info.value)
    assert str(path) in message and "\n" not in message
    return message


def test_unreadable_files_are_one_error_naming_the_file(perl: PerlOracle, tmp_path: Path) -> None:
    assert "big-endian" in _refused(_write(perl, tmp_path / "be.db", '$h{"a"}="b";', order=4321))
    assert "no hash-DB magic" in _refused(_write(perl, tmp_path / "bt.db", '$h{"a"}="b";', "btree"))
    (tmp_path / "zero.db").write_bytes(b"")
    assert "too short" in _refused(tmp_path / "zero.db")
    good = _write(perl, tmp_path / "good.db", '$h{"k"}="v" x 9000; $h{"w$_"}="x" for 1..300;')
    data = bytearray(good.read_bytes())
    version = bytearray(data)
    version[16:20] = (99).to_bytes(4, "little")
    (tmp_path / "version.db").write_bytes(version)
    assert "version 99" in _refused(tmp_path / "version.db")
    (tmp_path / "cut.db").write_bytes(data[: len(data) - 100])
    assert "page size" in _refused(tmp_path / "cut.db")
    assert "Cannot open exception db file" in _refused(tmp_path / "missing.db")


def test_corrupt_pages_never_escape_as_another_exception(perl: PerlOracle, tmp_path: Path) -> None:
    # Every byte of a small DB flipped in turn: a table or one PerlDataError, nothing else.
    good = _write(perl, tmp_path / "good.db", '$h{"k"}="v" x 5000; $h{"w$_"}="x$_" for 1..50;')
    data = good.read_bytes()
    bad = tmp_path / "bad.db"
    for i in range(0, len(data), 7):
        corrupt = bytearray(data)
        corrupt[i] ^= 0xFF
        bad.write_bytes(corrupt)
        with contextlib.suppress(PerlDataError):
            read_exception_db(str(bad))
