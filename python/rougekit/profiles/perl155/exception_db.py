"""A reader of ROUGE-1.5.5's WordNet exception DB (``WordNet-2.0.exc.db``) with no libdb.

The file is a Berkeley DB *hash* database written by Perl's ``DB_File`` ($DB_HASH). Read
here: the metadata page (magic 0x061561, hash format versions 8 to 10, page size), every
hash page's index of key/data item offsets (items stored back to front from the page end),
``H_KEYDATA`` items in line and ``H_OFFPAGE`` items chained over overflow pages. Only the
little-endian layout of the machines that build it is read; anything else is refused with
one line naming the file (:class:`~rougekit.profiles.perl155.errors.PerlDataError`).
"""

from __future__ import annotations

import struct

from rougekit.profiles.perl155.errors import PerlDataError

_HASH_MAGIC = 0x061561
_P_HASH_UNSORTED, _P_HASH, _P_OVERFLOW, _P_HASHMETA = 2, 13, 7, 8
_H_KEYDATA, _H_OFFPAGE = 1, 3


def read_exception_db(path: str) -> dict[bytes, bytes]:
    """The key/value pairs of a Berkeley DB hash file (:class:`PerlDataError` naming the
    file when it cannot be opened or is not such a file)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        # ROUGE-1.5.5's own words (it then dies, exit 255).
        raise PerlDataError(
            f"Cannot open exception db file for reading: {path}: {e.strerror or e}"
        ) from None
    try:
        return _hash_pairs(data)
    except (struct.error, IndexError, ValueError) as e:
        raise PerlDataError(f"{path}: not a readable Berkeley DB hash file ({e})") from None


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
    if pagesize < 512 or pagesize & (pagesize - 1) or len(data) % pagesize:
        raise ValueError(f"page size {pagesize} does not fit a file of {len(data)} bytes")

    def page(number: int) -> bytes:
        if not 0 < number < len(data) // pagesize:
            raise ValueError(f"page {number} out of range")
        return data[number * pagesize : (number + 1) * pagesize]

    def item(p: bytes, start: int, end: int) -> bytes:
        kind = p[start]
        if kind == _H_KEYDATA:
            return p[start + 1 : end]
        if kind == _H_OFFPAGE:  # a long item, chained over overflow pages
            number, total = struct.unpack_from("<II", p, start + 4)
            parts, size, seen = [], 0, set()
            while number and size < total:
                if number in seen:
                    raise ValueError("a cycle of overflow pages")
                seen.add(number)
                q = page(number)
                if q[25] != _P_OVERFLOW:
                    raise ValueError(f"page {number} is not an overflow page")
                length = struct.unpack_from("<H", q, 22)[0]
                parts.append(q[26 : 26 + length])
                size += length
                number = struct.unpack_from("<I", q, 16)[0]
            return b"".join(parts)[:total]
        raise ValueError(f"item type {kind} is not supported")

    pairs: dict[bytes, bytes] = {}
    for number in range(1, len(data) // pagesize):
        p = page(number)
        if p[25] not in (_P_HASH, _P_HASH_UNSORTED):
            continue
        entries = struct.unpack_from("<H", p, 20)[0]
        offsets = struct.unpack_from(f"<{entries}H", p, 26)
        for i in range(0, entries - 1, 2):
            key_end = pagesize if i == 0 else offsets[i - 1]
            key = item(p, offsets[i], key_end)
            pairs[key] = item(p, offsets[i + 1], offsets[i])
    return pairs
