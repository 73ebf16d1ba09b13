"""ROUGE-1.5.5's data folder (``-e DIR``): its stopword list and WordNet exception DB.

ROUGE-1.5.5 opens ``DIR/smart_common_words.txt`` and then ``DIR/WordNet-2.0.exc.db`` on
every run, whatever the options, and dies when either cannot be opened (observed with the
script: ``Cannot open DIR/smart_common_words.txt``, exit 2). The DB is read by
:mod:`rougekit.profiles.perl155.exception_db`, with no libdb.

What the folder holds decides the numbers: the canonical 5,930-entry table (pyrouge's
documented build) gives ``-m`` with the WordNet exceptions, the **empty** DB that the
common install recipes leave behind gives plain Porter stemming, and any other table or
stopword list is used as it is (the core interns it). :func:`load` is the one reader, shared
by ``rougekit perl -e`` and the API's ``RougeScorer(profile="perl-1.5.5", data_dir=...)``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from rougekit.errors import PerlDataError
from rougekit.profiles.perl155.exception_db import read_exception_db, read_regular_file

STOPWORDS = "smart_common_words.txt"
EXCEPTION_DB = "WordNet-2.0.exc.db"

#: sha256 of the canonical table as sorted ``key\tvalue\n`` lines (5,930 entries: the
#: WordNet-2.0 ``.exc`` lists in the order adj, adv, noun, verb, a later line replacing an
#: earlier one; spec ``rouge-1.5.5.md`` §3). Checked against a DB built by Perl's DB_File in
#: the tests.
CANONICAL_TABLE_SHA256 = "9664417fabf7d23f3b962e76244c917f225a182b5aa703807e3588d74c026c6d"
#: sha256 of the canonical stopword set (596 distinct lines of ROUGE-1.5.5's file), sorted
#: and joined with newlines.
CANONICAL_STOPWORDS_SHA256 = "126d010f4d4d9ea66a91ea5a4b144721a5bd20e7fb3ee0f2b5ad9e4d957b8472"
#: The largest stopword list read (ROUGE-1.5.5's own is 4 KiB).
MAX_STOPWORDS_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class PerlData:
    """A data folder's tables as the core takes them, named for the signature.

    ``table``: ``wordnet`` (the canonical table, embedded in the core), ``none`` (an empty
    DB: Porter alone) or ``db-<12 hex digits of the sha256 of its sorted entries>`` with
    ``exceptions``. ``stoplist``: ``smart`` (ROUGE-1.5.5's own list, embedded) or
    ``list-<12 hex digits>`` with ``stopwords``. Equal names mean equal contents.
    """

    table: str = "wordnet"
    stoplist: str = "smart"
    exceptions: tuple[tuple[str, str], ...] | None = field(default=None, compare=False)
    stopwords: tuple[str, ...] | None = field(default=None, compare=False, repr=False)

    def with_table(self, table: str) -> PerlData:
        """The same stopwords with an embedded table (``wordnet`` or ``none``)."""
        return replace(self, table=table, exceptions=None)


def load(data_dir: str | os.PathLike[str]) -> PerlData:
    """The tables of ``data_dir`` (:class:`PerlDataError` naming the file when one is
    missing or unreadable, as ROUGE-1.5.5 dies then)."""
    folder = os.fspath(data_dir)
    if isinstance(folder, bytes):
        folder = os.fsdecode(folder)
    if not isinstance(folder, str):  # a PathLike whose __fspath__ gives something else
        raise PerlDataError(f"the data folder must be a path, got {type(folder).__name__}")
    _check_folder_name(folder)
    stopwords = os.path.join(folder, STOPWORDS)
    try:
        text = read_regular_file(stopwords, MAX_STOPWORDS_BYTES, "a stopword list")
    except OSError as e:
        raise PerlDataError(
            f"Cannot open {stopwords}: {e.strerror or e} (the stopword list ROUGE-1.5.5 "
            "reads from its data folder, -e)"
        ) from None
    lines = text.split(b"\n")
    # ROUGE-1.5.5 removes the newline ending each line and nothing else (spec
    # ``rouge-1.5.5.md`` §3).
    words = sorted(set(lines[:-1] if lines[-1] == b"" else lines))
    import hashlib  # only for a data folder: its import loads OpenSSL

    digest = hashlib.sha256(b"\n".join(words)).hexdigest()
    data = PerlData()
    if digest != CANONICAL_STOPWORDS_SHA256:
        # Tokens are ASCII (spec ``rouge-1.5.5.md`` §6.1); latin-1 keeps every other byte distinct.
        data = replace(
            data,
            stoplist=f"list-{digest[:12]}",
            stopwords=tuple(w.decode("latin-1") for w in words),
        )
    path = os.path.join(folder, EXCEPTION_DB)
    table = read_exception_db(path)
    if not table:
        return data.with_table("none")
    entries = sorted(k + b"\t" + v + b"\n" for k, v in table.items())
    import hashlib

    digest = hashlib.sha256(b"".join(entries)).hexdigest()
    if digest == CANONICAL_TABLE_SHA256:
        return data.with_table("wordnet")
    pairs = tuple(sorted((k.decode("latin-1"), v.decode("latin-1")) for k, v in table.items()))
    return replace(data, table=f"db-{digest[:12]}", exceptions=pairs)


def _check_folder_name(folder: str) -> None:
    """One clear error for a folder name no system call can take (``open`` would raise a
    bare "embedded null byte" or a ``UnicodeEncodeError``)."""
    if "\x00" in folder:
        raise PerlDataError(f"the data folder name {folder!r} contains a NUL byte")
    try:
        os.fsencode(folder)
    except UnicodeEncodeError:
        raise PerlDataError(
            f"the data folder name {folder!r} is not a valid file name (it holds a lone surrogate)"
        ) from None
