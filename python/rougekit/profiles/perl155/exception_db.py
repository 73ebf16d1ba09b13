"""A reader of ROUGE-1.5.5's WordNet exception DB (``WordNet-2.0.exc.db``) with no libdb.

The file is a Berkeley DB *hash* database written by Perl's ``DB_File`` ($DB_HASH). Read
here: the metadata page (magic 0x061561, hash format versions 8 to 10, page size, the number
of the last page and the number of entries), every hash page's index of key/data item
offsets (items stored back to front from the page end), ``H_KEYDATA`` items in line and
``H_OFFPAGE`` items chained over overflow pages. Only the little-endian layout of the
machines that build it is read; anything else is refused with one line naming the file
(:class:`~rougekit.errors.PerlDataError`).

The file may come from anywhere (``-e DIR``, ``data_dir=``), so the reader trusts nothing in
it: only a regular file of at most :data:`MAX_DB_BYTES` is read, every overflow page serves
one item (as libdb writes them), so the table never holds more bytes than the file, and a
file shorter than its metadata says (a truncated copy) is refused rather than read as a
smaller table.
"""

from __future__ import annotations

import os
import stat
import struct

from rougekit.errors import PerlDataError

_HASH_MAGIC = 0x061561
_P_HASH_UNSORTED, _P_HASH, _P_OVERFLOW, _P_HASHMETA = 2, 13, 7, 8
_H_KEYDATA, _H_OFFPAGE = 1, 3
#: Bytes before a page's item index (or an overflow page's data): the libdb page header.
_PAGE_HEADER = 26
#: An ``H_OFFPAGE`` item: type, 3 unused bytes, first overflow page, total length.
_OFFPAGE_SIZE = 12
#: libdb's largest page size.
_MAX_PAGE_SIZE = 65536

#: The largest exception DB read (the canonical 5,930-entry DB is 288 KiB).
MAX_DB_BYTES = 64 * 1024 * 1024


def read_exception_db(path: str) -> dict[bytes, bytes]:
    """The key/value pairs of a Berkeley DB hash file (:class:`PerlDataError` naming the
    file when it cannot be opened or is not such a file)."""
    try:
        data = read_regular_file(path, MAX_DB_BYTES, "an exception DB")
    except PerlDataError:  # a ValueError too, with its own words
        raise
    except ValueError:  # a NUL byte or a lone surrogate: no file has that name
        raise PerlDataError(
            f"Cannot open exception db file for reading: {path!r}: not a valid file name"
        ) from None
    except OSError as e:
        # ROUGE-1.5.5's own words (it then dies, exit 255).
        raise PerlDataError(
            f"Cannot open exception db file for reading: {path}: {e.strerror or e}"
        ) from None
    try:
        return _hash_pairs(data)
    except (struct.error, IndexError, ValueError) as e:
        raise PerlDataError(f"{path}: not a readable Berkeley DB hash file ({e})") from None


_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
)


def read_regular_file(path: str, limit: int, what: str) -> bytes:
    """The bytes of the regular file ``path`` (``what`` names it in errors), at most ``limit``
    of them. :class:`PerlDataError` for anything else (a directory, a device such as
    ``/dev/zero``, a FIFO, which is never waited on, or a larger file); ``OSError`` when it
    cannot be opened or read; ``ValueError`` for a path the system cannot take (a NUL
    byte, a lone surrogate)."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat of the opened descriptor
    # (not a stat of the name) decides, so the file cannot be swapped in between.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = next((name for test, name in _KINDS if test(info.st_mode)), "a special file")
            raise PerlDataError(f"{path} is {kind}, not a regular file ({what} must be one)")
        too_big = f"{path} is larger than {limit >> 20} MiB, the limit for {what}"
        if info.st_size > limit:
            raise PerlDataError(too_big)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # the file may grow while it is read
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            size += len(chunk)
        raise PerlDataError(too_big)
    finally:
        os.close(fd)


def _hash_pairs(data: bytes) -> dict[bytes, bytes]:
    if len(data) < 512:
        raise ValueError(f"{len(data)} bytes, too short for a DB")
    magic, version, pagesize = struct.unpack_from("<III", data, 12)
    if magic != _HASH_MAGIC:
        if struct.unpack_from(">I", data, 12)[0] == _HASH_MAGIC:
            raise ValueError("a big-endian DB; rebuild it on this machine")
        raise ValueError("no hash-DB magic number")
    if data[25] != _P_HASHMETA or not 8 <= version <= 10:
        raise ValueError(f"hash format version {version} (page type {data[25]}) is not supported")
    if not 512 <= pagesize <= _MAX_PAGE_SIZE or pagesize & (pagesize - 1) or len(data) % pagesize:
        raise ValueError(f"page size {pagesize} does not fit a file of {len(data)} bytes")
    # The meta page (DBMETA, then HMETA): last_pgno at offset 32, nelem at offset 88.
    last_pgno = struct.unpack_from("<I", data, 32)[0]
    nelem = struct.unpack_from("<I", data, 88)[0]
    pages = len(data) // pagesize
    if last_pgno >= pages:
        raise ValueError(
            f"its meta page counts {last_pgno + 1} pages of {pagesize} bytes, the file holds "
            f"{pages}: a truncated copy"
        )
    if last_pgno == 0:
        raise ValueError("its meta page counts no hash page")
    # Pages after last_pgno are not part of the DB (libdb never reads them).

    def page(number: int) -> bytes:
        if not 0 < number <= last_pgno:
            raise ValueError(f"page {number} out of range")
        return data[number * pagesize : (number + 1) * pagesize]

    used: set[int] = set()  # overflow pages already read: each belongs to one item
    materialised = 0
    budget = 2 * len(data)  # in-line items and overflow chains each hold at most the file

    def item(p: bytes, start: int, end: int) -> bytes:
        nonlocal materialised
        kind = p[start]
        if kind == _H_KEYDATA:
            materialised += end - start - 1
            return p[start + 1 : end]
        if kind != _H_OFFPAGE:  # a long item, chained over overflow pages
            raise ValueError(f"item type {kind} is not supported")
        if end - start != _OFFPAGE_SIZE:
            raise ValueError(f"an overflow item of {end - start} bytes")
        number, total = struct.unpack_from("<II", p, start + 4)
        parts, size = [], 0
        while size < total:
            if number == 0:
                raise ValueError(f"an overflow chain ends after {size} of its {total} bytes")
            if number in used:
                raise ValueError(f"overflow page {number} is used twice")
            used.add(number)
            q = page(number)
            if q[25] != _P_OVERFLOW:
                raise ValueError(f"page {number} is not an overflow page")
            length = struct.unpack_from("<H", q, 22)[0]
            if length > pagesize - _PAGE_HEADER:
                raise ValueError(f"overflow page {number} declares {length} bytes")
            parts.append(q[_PAGE_HEADER : _PAGE_HEADER + length])
            size += length
            materialised += length
            if materialised > budget:  # cannot happen with the checks above; a last guard
                raise ValueError("its items hold more bytes than the file")
            number = struct.unpack_from("<I", q, 16)[0]
        return b"".join(parts)[:total]

    pairs: dict[bytes, bytes] = {}
    count = 0
    for number in range(1, last_pgno + 1):
        p = page(number)
        if p[25] not in (_P_HASH, _P_HASH_UNSORTED):
            continue
        entries = struct.unpack_from("<H", p, 20)[0]
        if entries % 2:
            raise ValueError(f"hash page {number} holds an odd number of items ({entries})")
        offsets = struct.unpack_from(f"<{entries}H", p, _PAGE_HEADER)
        # Items are packed back to front from the page end, in index order, each at least
        # its type byte: every item ends where the one before it starts.
        end = pagesize
        for start in offsets:
            if not _PAGE_HEADER + 2 * entries <= start < end:
                raise ValueError(f"hash page {number}: item offset {start} out of order")
            end = start
        for i in range(0, entries, 2):
            key_end = pagesize if i == 0 else offsets[i - 1]
            key = item(p, offsets[i], key_end)
            pairs[key] = item(p, offsets[i + 1], offsets[i])
            count += 1
    # nelem is kept by libdb except in a locking environment, which leaves it at 0.
    if nelem and nelem != count:
        raise ValueError(
            f"its meta page counts {nelem} entries, its pages hold {count}: a damaged or "
            "truncated copy"
        )
    return pairs
