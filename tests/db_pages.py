"""Test-only writer of Berkeley DB hash pages, for hostile ``WordNet-2.0.exc.db`` files.

Our own few lines from the page layout (little-endian, hash format version 9): a meta page,
hash pages holding key/data items back to front from the page end, and overflow pages
chained by their next-page number. Valid files come from Perl's DB_File in the tests; this
writer makes the files DB_File never would (an overflow chain shared by many items, index
offsets out of order, a meta page that disagrees with the pages).

:func:`run_capped` runs a snippet in a child interpreter under an address-space limit and a
timeout, so a reader that blows up fails the test instead of the machine.
"""

from __future__ import annotations

import struct
import subprocess
import sys
from collections.abc import Sequence

PAGE_SIZE = 512
_HEADER = 26  # lsn, pgno, prev, next, entries, hf_offset, level, type
P_HASH_UNSORTED, P_OVERFLOW, P_HASHMETA = 2, 7, 8


def keydata(data: bytes) -> bytes:
    """An in-line item (H_KEYDATA)."""
    return b"\x01" + data


def offpage(first_page: int, total: int) -> bytes:
    """An item stored on overflow pages (H_OFFPAGE): its first page and its length."""
    return struct.pack("<B3xII", 3, first_page, total)


def _header(number: int, kind: int, *, entries: int = 0, hf_offset: int = 0, nxt: int = 0) -> bytes:
    return struct.pack("<8xIIIHHBB", number, 0, nxt, entries, hf_offset, 0, kind)


def hash_page(number: int, items: Sequence[bytes], offsets: Sequence[int] | None = None) -> bytes:
    """A hash page holding ``items`` (key, data, key, data, ...) packed from the page end;
    ``offsets`` overrides the index written (for corrupt pages)."""
    body = bytearray(PAGE_SIZE)
    end, index = PAGE_SIZE, []
    for item in items:
        end -= len(item)
        body[end : end + len(item)] = item
        index.append(end)
    index = list(offsets) if offsets is not None else index
    head = _header(number, P_HASH_UNSORTED, entries=len(index), hf_offset=end)
    body[:_HEADER] = head
    body[_HEADER : _HEADER + 2 * len(index)] = struct.pack(f"<{len(index)}H", *index)
    assert _HEADER + 2 * len(index) <= end, "items do not fit the page"
    return bytes(body)


def overflow_page(number: int, data: bytes, nxt: int) -> bytes:
    """An overflow page holding ``data``, chained to page ``nxt`` (0: the last)."""
    assert len(data) <= PAGE_SIZE - _HEADER
    page = _header(number, P_OVERFLOW, entries=1, hf_offset=len(data), nxt=nxt) + data
    return page.ljust(PAGE_SIZE, b"\0")


def db_file(pages: Sequence[bytes], nelem: int, last_pgno: int | None = None) -> bytes:
    """A meta page saying ``last_pgno`` (default: the last of ``pages``) and ``nelem``
    entries, then ``pages`` (numbered from 1)."""
    last = len(pages) if last_pgno is None else last_pgno
    meta = bytearray(PAGE_SIZE)
    struct.pack_into("<III", meta, 12, 0x061561, 9, PAGE_SIZE)
    meta[25] = P_HASHMETA
    struct.pack_into("<I", meta, 32, last)
    # max_bucket, high_mask, low_mask, ffactor, nelem, h_charkey; spares[0] = 1
    struct.pack_into("<6I", meta, 72, 0, 1, 0, 0, nelem, 0)
    struct.pack_into("<I", meta, 96, 1)
    return bytes(meta) + b"".join(pages)


def bomb(chain_pages: int = 300, hash_pages: int = 100, per_page: int = 20) -> bytes:
    """Every value of every hash page points at one overflow chain of ``chain_pages`` pages
    (the reader used to materialise the chain once per item: 205 KB -> ~900 MB)."""
    chunk = PAGE_SIZE - _HEADER
    pages = [
        overflow_page(n, bytes([97 + n % 26]) * chunk, 0 if n == chain_pages else n + 1)
        for n in range(1, chain_pages + 1)
    ]
    for h in range(hash_pages):
        items: list[bytes] = []
        for i in range(per_page):
            items += [keydata(b"k%d.%d" % (h, i)), offpage(1, chain_pages * chunk)]
        pages.append(hash_page(chain_pages + 1 + h, items))
    return db_file(pages, nelem=hash_pages * per_page)


def run_capped(code: str, *args: str, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    """``python -c code args`` with a 1 GiB address space; a run past ``timeout`` seconds
    fails (``subprocess.TimeoutExpired``)."""
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
    return subprocess.run(
        [sys.executable, "-c", limit + code, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
