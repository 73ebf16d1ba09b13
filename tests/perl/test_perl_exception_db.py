"""The Berkeley DB hash reader behind ``rougekit perl -e``
(``rougekit.profiles.perl155.exception_db``): no libdb at run time, so it is checked against
files Perl's DB_File writes here and now, entry for entry, and every file it cannot read is
one error naming that file."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path

import db_pages
import pytest
from perl_oracle import CANONICAL_KEYS, DB_NAME, PerlOracle, oracle_or_skip
from rougekit.errors import PerlDataError
from rougekit.profiles.perl155.exception_db import MAX_DB_BYTES, read_exception_db

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


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
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


# -- hostile files: written page by page (tests/db_pages.py), read under a memory and time cap


def _hand_db() -> tuple[bytes, bytes]:
    """A valid two-entry DB, one value chained over three overflow pages; and that value."""
    chunk = db_pages.PAGE_SIZE - 26
    value = bytes(range(256)) * 4
    pages = [
        db_pages.hash_page(
            1,
            [
                *(db_pages.keydata(b"went"), db_pages.keydata(b"go")),
                *(db_pages.keydata(b"long"), db_pages.offpage(2, len(value))),
            ],
        ),
        db_pages.overflow_page(2, value[:chunk], 3),
        db_pages.overflow_page(3, value[chunk : 2 * chunk], 4),
        db_pages.overflow_page(4, value[2 * chunk :], 0),
    ]
    return db_pages.db_file(pages, nelem=2), value


def test_the_page_writer_makes_files_db_file_reads(perl: PerlOracle, tmp_path: Path) -> None:
    # The hostile files below are variations of files libdb itself reads as intended.
    data, value = _hand_db()
    (tmp_path / "hand.db").write_bytes(data)
    table = read_exception_db(str(tmp_path / "hand.db"))
    assert table == {b"went": b"go", b"long": value}
    assert _lines(table) == _dump(perl, tmp_path / "hand.db")


_READ = """
import sys
from rougekit.errors import PerlDataError
from rougekit.profiles.perl155.exception_db import read_exception_db
for path in sys.argv[1:]:
    try:
        print(len(read_exception_db(path)), "entries")
    except PerlDataError as e:
        print(e)
"""


def _read_capped(*paths: Path) -> list[str]:
    """One line per file: its entry count or its error, read in a child under 1 GiB / 20 s."""
    done = db_pages.run_capped(_READ, *map(str, paths))
    assert done.returncode == 0 and not done.stderr, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(paths), done.stdout
    return lines


def test_an_overflow_chain_shared_by_many_items_is_refused_at_once(tmp_path: Path) -> None:
    # 205 KB whose 2,000 values all point at one 145 KB chain: it took ~23 s and ~900 MB.
    bomb = tmp_path / "bomb.db"
    bomb.write_bytes(db_pages.bomb())
    assert bomb.stat().st_size < 210_000
    started = time.monotonic()
    (line,) = _read_capped(bomb)
    assert line.startswith(f"{bomb}: not a readable Berkeley DB hash file (")
    assert "overflow page 1 is used twice" in line
    assert time.monotonic() - started < 10
    # The same file with one item pointing at the chain is a valid DB with a long value.
    chunk = db_pages.PAGE_SIZE - 26
    pages = [
        db_pages.overflow_page(n, b"x" * chunk, 0 if n == 300 else n + 1) for n in range(1, 301)
    ]
    pages.append(
        db_pages.hash_page(301, [db_pages.keydata(b"k"), db_pages.offpage(1, 300 * chunk)])
    )
    (tmp_path / "one.db").write_bytes(db_pages.db_file(pages, nelem=1))
    assert read_exception_db(str(tmp_path / "one.db")) == {b"k": b"x" * (300 * chunk)}


def test_items_must_not_overlap_or_end_early(tmp_path: Path) -> None:
    pairs = [db_pages.keydata(b"k%d" % i) for i in range(40)]

    def refused(name: str, pages: list[bytes], nelem: int) -> str:
        (tmp_path / name).write_bytes(db_pages.db_file(pages, nelem))
        with pytest.raises(PerlDataError) as info:
            read_exception_db(str(tmp_path / name))
        return str(info.value)

    # Every index entry naming the same bytes (the page's items read 20 times over).
    same = [db_pages.PAGE_SIZE - 100] * 40
    assert "out of order" in refused("same.db", [db_pages.hash_page(1, pairs, same)], 20)
    # An odd number of items: a key without its value.
    assert "odd number of items (39)" in refused("odd.db", [db_pages.hash_page(1, pairs[:39])], 19)
    # A chain that ends before the length its item declares.
    short = [
        db_pages.hash_page(1, [db_pages.keydata(b"k"), db_pages.offpage(2, 5000)]),
        db_pages.overflow_page(2, b"x" * 100, 0),
    ]
    assert "ends after 100 of its 5000 bytes" in refused("short.db", short, 1)
    # A cycle: the chain comes back to its first page.
    cycle = [short[0], db_pages.overflow_page(2, b"x" * 100, 2)]
    assert "overflow page 2 is used twice" in refused("cycle.db", cycle, 1)


def test_a_truncated_db_is_refused_not_read_as_a_smaller_table(tmp_path: Path) -> None:
    data, _ = _hand_db()
    size = db_pages.PAGE_SIZE
    (tmp_path / "whole.db").write_bytes(data)
    (tmp_path / "cut.db").write_bytes(data[: 3 * size])
    (tmp_path / "meta.db").write_bytes(data[:size])  # it used to read as the empty table
    (tmp_path / "nelem.db").write_bytes(data[:88] + (3).to_bytes(4, "little") + data[92:])
    whole, cut, meta, nelem = _read_capped(
        *(tmp_path / f"{n}.db" for n in ("whole", "cut", "meta", "nelem"))
    )
    assert whole == "2 entries"
    assert cut.endswith(
        "(its meta page counts 5 pages of 512 bytes, the file holds 3: a truncated copy)"
    )
    assert meta.endswith(
        "(its meta page counts 5 pages of 512 bytes, the file holds 1: a truncated copy)"
    )
    assert nelem.endswith(
        "(its meta page counts 3 entries, its pages hold 2: a damaged or truncated copy)"
    )


def test_the_canonical_db_cut_short_is_refused(perl: PerlOracle, tmp_path: Path) -> None:
    data = (perl.data_dirs["canonical"] / DB_NAME).read_bytes()
    assert len(data) == 72 * 4096  # last_pgno 71, nelem 5930 (read in the meta page)
    assert int.from_bytes(data[32:36], "little") == 71
    assert int.from_bytes(data[88:92], "little") == CANONICAL_KEYS
    for pages in (36, 71, 1):
        (tmp_path / f"cut{pages}.db").write_bytes(data[: pages * 4096])
        assert "a truncated copy" in _refused(tmp_path / f"cut{pages}.db")
    fewer = data[:88] + (CANONICAL_KEYS + 1).to_bytes(4, "little") + data[92:]
    (tmp_path / "nelem.db").write_bytes(fewer)
    assert "counts 5931 entries, its pages hold 5930" in _refused(tmp_path / "nelem.db")


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS, /dev/zero and FIFOs: Linux")
def test_only_a_regular_file_of_sane_size_is_read(tmp_path: Path) -> None:
    # /dev/zero was read until memory ran out, a FIFO blocked forever.
    fifo = tmp_path / "fifo.db"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.db"
    folder.mkdir()
    zero = tmp_path / "zero.db"
    zero.symlink_to("/dev/zero")
    huge = tmp_path / "huge.db"
    with open(huge, "wb") as f:  # sparse: no disk space used
        f.truncate(2 << 30)  # more than the child may allocate
    lines = _read_capped(Path("/dev/zero"), zero, fifo, folder, huge)
    assert lines == [
        "/dev/zero is a character device, not a regular file (an exception DB must be one)",
        f"{zero} is a character device, not a regular file (an exception DB must be one)",
        f"{fifo} is a FIFO (named pipe), not a regular file (an exception DB must be one)",
        f"{folder} is a directory, not a regular file (an exception DB must be one)",
        f"{huge} is larger than {MAX_DB_BYTES >> 20} MiB, the limit for an exception DB",
    ]
    for bad in ("a\x00b.db", "\ud800.db"):
        with pytest.raises(PerlDataError, match="not a valid file name") as info:
            read_exception_db(bad)
        assert repr(bad) in str(info.value)
