"""Seeded hostile-input surfaces of ``run.py``: ``db``, ``state`` and ``signals``.

* ``db``: Berkeley DB hash files (``WordNet-2.0.exc.db``) built by Perl's ``DB_File`` and
  then mutated (truncation, meta-page fields, overflow chains shared, cyclic or long, bit
  flips, random bytes, index offsets, special files: a FIFO, a folder, ``/dev/zero``, a
  dangling link), read through ``RougeScorer(profile="perl-1.5.5", data_dir=DIR,
  stemmer=True)`` and used on text holding the table's keys: a scorer (and numbers in
  range) or a ``ValueError`` with a message, within the case's time and memory limits.
  Without ``perl`` and ``DB_File`` the surface is skipped (its cases count as skipped).
* ``state``: mutated ``BatchScores`` bytes (``RKB1``), ``StreamingSums`` bytes (``RKS1``),
  pickles of ``BatchResult`` and ``CorpusAccumulator`` with those bytes inside, and
  accumulators whose pickled fields were changed: loading gives a ``ValueError``, or an
  object whose every use (rows, columns, corpus, Arrow/pandas/polars frames, accumulate,
  merge, finalize) gives finite numbers in range or a ``ValueError``/``TypeError``, never
  another exception.
* ``signals``: ``rougekit score --jsonl F -o O --per-instance P`` in a subprocess, sent
  SIGINT or SIGTERM at a random moment: exit 0, 130 or 143, no traceback, each output
  either its old content (or still absent) or complete, no ``*.tmp`` file left in the
  output folder.
"""

from __future__ import annotations

import io
import json
import math
import os
import pickle
import random
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
RESOURCES = SHARED / "rouge155-resources"
DB_NAME = "WordNet-2.0.exc.db"
STOPWORDS = "smart_common_words.txt"


class Failure(Exception):
    """A check that did not hold."""


def clear_error(e: BaseException) -> bool:
    """A ``ValueError``/``TypeError`` with a message, not a panic."""
    message = str(e)
    return (
        isinstance(e, (ValueError, TypeError))
        and bool(message)
        and "internal error" not in message
        and type(e).__name__ != "PanicException"
    )


# -- db ----------------------------------------------------------------------------------------

# Our own few lines of Perl: a DB_File hash from "key<TAB>value" lines on stdin.
_BUILD_DB = r"""
use strict; use warnings; use DB_File; use Fcntl;
my $db = shift @ARGV; my %h;
tie(%h, 'DB_File', $db, O_RDWR|O_CREAT|O_TRUNC, 0644, $DB_HASH) or die "tie $db: $!";
while (my $line = <STDIN>) {
    chomp $line; my ($k, $v) = split(/\t/, $line, 2); $h{$k} = $v if defined $v;
}
untie %h;
"""

#: Built-in entries of the small base DB (the canonical one needs the shared resources).
_SMALL = [("went", "go"), ("ran", "run"), ("mice", "mouse"), ("geese", "goose"),
          ("better", "good"), ("children", "child"), ("", "empty"), ("tab\tkey", "t"),
          ("long", "l" * 3000), ("longer", "m" * 9000)] + [
          (f"w{i}", f"s{i}") for i in range(300)]  # fmt: skip
_BASES: dict[str, tuple[bytes, list[str]]] = {}
_BASES_STATE: list[str] = []  # "" until tried; then "ok" or why the surface is skipped


def _build_db(path: Path, entries: list[tuple[str, str]]) -> None:
    lines = "".join(f"{k}\t{v}\n" for k, v in entries)
    subprocess.run(
        ["perl", "-e", _BUILD_DB, str(path)], input=lines.encode(), check=True,
        capture_output=True, timeout=120,
    )  # fmt: skip


def db_bases() -> str:
    """Builds the base DBs once per process: ``"ok"`` or why the surface is skipped."""
    if _BASES_STATE:
        return _BASES_STATE[0]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            small = Path(tmp) / "small.db"
            _build_db(small, _SMALL)
            _BASES["small"] = (small.read_bytes(), [k for k, _ in _SMALL[:12]] + ["w7", "w250"])
            if (RESOURCES / "verb.exc").is_file():
                entries = []
                for name in ("adj.exc", "adv.exc", "noun.exc", "verb.exc"):
                    for line in (RESOURCES / name).read_text().splitlines():
                        fields = line.split()
                        if len(fields) >= 2:
                            entries.append((fields[0], fields[1]))
                canonical = Path(tmp) / "canonical.db"
                _build_db(canonical, entries)
                keys = [k for k, _ in entries[:: max(1, len(entries) // 40)]]
                _BASES["canonical"] = (canonical.read_bytes(), keys)
        _BASES_STATE.append("ok")
    except (OSError, subprocess.SubprocessError) as e:
        _BASES_STATE.append(f"no DB_File base DB ({type(e).__name__}: {e})"[:200])
    return _BASES_STATE[0]


def _u32(data: bytearray, at: int, value: int) -> None:
    if 0 <= at <= len(data) - 4:
        struct.pack_into("<I", data, at, value & 0xFFFFFFFF)


def _pages(data: bytes) -> tuple[int, int]:
    """``(page size, pages)`` of a DB file as its meta page says (4096 when unreadable)."""
    size = struct.unpack_from("<I", data, 20)[0] if len(data) >= 24 else 4096
    size = size if 512 <= size <= 65536 and size & (size - 1) == 0 else 4096
    return size, max(1, len(data) // size)


def _overflow_pages(data: bytes, size: int) -> list[int]:
    return [p for p in range(1, len(data) // size) if data[p * size + 25] == 7]


def _offpage_items(data: bytes, size: int) -> list[int]:
    """Byte positions of H_OFFPAGE items on the hash pages."""
    out = []
    for p in range(1, len(data) // size):
        base = p * size
        if data[base + 25] not in (2, 13):
            continue
        entries = struct.unpack_from("<H", data, base + 20)[0]
        for i in range(min(entries, (size - 26) // 2)):
            off = struct.unpack_from("<H", data, base + 26 + 2 * i)[0]
            if off < size - 12 and data[base + off] == 3:
                out.append(base + off)
    return out


def mutate_db(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """One mutation of a DB file: ``(what, bytes)``."""
    size, pages = _pages(data)
    out = bytearray(data)
    kind = rng.choice(
        ["truncate", "truncate-page", "meta", "meta", "pagesize", "overflow-shared",
         "overflow-cycle", "overflow-long", "overflow-length", "index", "flips", "bytes",
         "page-type", "entries", "append", "none"]
    )  # fmt: skip
    if kind == "truncate":
        del out[rng.randint(0, len(out)) :]
    elif kind == "truncate-page":
        del out[rng.randint(0, pages) * size :]
    elif kind == "meta":  # last_pgno, max_bucket, high_mask, low_mask, ffactor, nelem, ...
        at = rng.choice([8, 12, 16, 24, 28, 32, 72, 76, 80, 84, 88, 92, 96, 100])
        _u32(out, at, rng.choice([0, 1, 2, pages - 1, pages, pages + 1, 2**31, 2**32 - 1,
                                  rng.getrandbits(32)]))  # fmt: skip
    elif kind == "pagesize":
        _u32(out, 20, rng.choice([0, 1, 256, 511, 512, 1024, 2048, 8192, 65536, 2**31,
                                  2**32 - 1, rng.getrandbits(32)]))  # fmt: skip
        if rng.random() < 0.5:  # padded to a multiple of the new size
            new = struct.unpack_from("<I", out, 20)[0]
            if 0 < new <= 1 << 20 and len(out) % new:
                out.extend(bytes(new - len(out) % new))
    elif kind.startswith("overflow"):
        items = _offpage_items(bytes(out), size)
        overflow = _overflow_pages(bytes(out), size)
        if kind == "overflow-shared" and items and overflow:
            # Many items pointing at one chain (libdb never writes a shared chain).
            target = rng.choice(overflow)
            for at in items:
                _u32(out, at + 4, target)
            # Rewrite in-line items of random hash pages as pointers to that chain too.
            for _ in range(rng.randint(1, 40)):
                p = rng.randrange(1, pages)
                base = p * size
                if base + 26 < len(out) and out[base + 25] in (2, 13):
                    entries = struct.unpack_from("<H", out, base + 20)[0]
                    for i in range(min(entries, (size - 26) // 2)):
                        off = struct.unpack_from("<H", out, base + 26 + 2 * i)[0]
                        if 0 < off < size - 12:
                            out[base + off] = 3
                            _u32(out, base + off + 4, target)
                            _u32(out, base + off + 8, rng.choice([3000, 2**20, 2**32 - 1]))
        elif kind == "overflow-cycle" and overflow:
            a, b = rng.choice(overflow), rng.choice(overflow)
            _u32(out, a * size + 16, b)  # next page: itself or another of the chain
        elif kind == "overflow-long" and overflow:
            # A chain whose pages repeat: copy overflow pages to the end, each pointing on.
            first = len(out) // size
            count = rng.choice([2, 10, 200, 2000])
            p = rng.choice(overflow)
            src = bytes(out[p * size : (p + 1) * size])
            for i in range(count):
                page = bytearray(src)
                struct.pack_into("<I", page, 8, first + i)
                struct.pack_into("<I", page, 16, first + i + 1 if i + 1 < count else 0)
                out.extend(page)
            for at in items:
                _u32(out, at + 4, first)
                _u32(out, at + 8, rng.choice([count * size, 2**31, 2**32 - 1]))
        elif items:
            at = rng.choice(items)
            _u32(out, at + rng.choice([4, 8]), rng.choice([0, 1, pages, 2**31, 2**32 - 1,
                                                            rng.getrandbits(32)]))  # fmt: skip
    elif kind == "index" and pages > 1:
        p = rng.randrange(1, pages)
        at = p * size + 26 + 2 * rng.randrange(0, 8)
        if at + 2 <= len(out):
            struct.pack_into("<H", out, at, rng.choice([0, 1, 25, size - 1, size, 0xFFFF,
                                                        rng.getrandbits(16)]))  # fmt: skip
    elif kind == "flips":
        for _ in range(rng.randint(1, 64)):
            if out:
                i = rng.randrange(len(out))
                out[i] ^= 1 << rng.randrange(8)
    elif kind == "bytes":
        for _ in range(rng.randint(1, 16)):
            if out:
                out[rng.randrange(len(out))] = rng.randrange(256)
    elif kind == "page-type" and pages > 1:
        out[rng.randrange(1, pages) * size + 25] = rng.choice([0, 1, 2, 3, 5, 7, 8, 13, 255])
    elif kind == "entries" and pages > 1:
        at = rng.randrange(1, pages) * size + 20
        if at + 2 <= len(out):
            struct.pack_into("<H", out, at, rng.choice([0, 1, 0x7FFF, 0xFFFF]))
    elif kind == "append":
        out.extend(rng.randbytes(rng.choice([1, size, 3 * size])))
    return kind, bytes(out)


def db_case(rng: random.Random, k: int, stats: Counter[str]) -> None:
    import rougekit as rk

    why = db_bases()
    if why != "ok":
        stats["skipped (no DB_File)"] += 1
        return
    stats["inputs"] += 1
    name = "canonical" if "canonical" in _BASES and rng.random() < 0.25 else "small"
    base, keys = _BASES[name]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        stop = RESOURCES / STOPWORDS
        if stop.is_file() and rng.random() < 0.5:
            shutil.copyfile(stop, folder / STOPWORDS)
        else:
            (folder / STOPWORDS).write_text("the\nof\na\n")
        path = folder / DB_NAME
        special = rng.random()
        if special < 0.04:
            kind = rng.choice(["fifo", "folder", "dev-zero", "dev-null", "dangling", "empty",
                               "missing", "unreadable-folder"])  # fmt: skip
            if kind == "fifo":
                os.mkfifo(path)
            elif kind == "folder":
                path.mkdir()
            elif kind in ("dev-zero", "dev-null"):
                path.symlink_to("/dev/zero" if kind == "dev-zero" else "/dev/null")
            elif kind == "dangling":
                path.symlink_to(folder / "nowhere")
            elif kind == "empty":
                path.write_bytes(b"")
            elif kind == "unreadable-folder":
                path.mkdir()
                (path / "x").write_bytes(b"")
                path.chmod(0)
        else:
            kind, data = mutate_db(rng, base)
            path.write_bytes(data)
        stats[f"db {kind}"] += 1
        text = " ".join(rng.choice(keys) for _ in range(12)) + " running mice"
        try:
            try:
                scorer = rk.RougeScorer(
                    ["rouge1", "rougeL"], profile="perl-1.5.5", data_dir=str(folder),
                    stemmer=True,
                )  # fmt: skip
                result = scorer.score_batch([text], [[" ".join(reversed(text.split()))]])
            except Exception as e:
                if not clear_error(e):
                    raise
                stats["clear errors"] += 1
                return
            for row in result:
                for score in row.values():
                    for v in score:
                        if not (math.isfinite(v) and 0 <= v <= 1):
                            raise Failure(f"db: score {v!r} out of range")
            stats["read"] += 1
        finally:
            if path.is_dir():
                path.chmod(0o700)


# -- state -------------------------------------------------------------------------------------

_STATE: dict[str, Any] = {}

_TEXTS = [
    "the cat sat on the mat", "a dog ran home while the cat slept", "police said on Monday",
    "", "über straße", "the the the", "one two three four five six seven eight nine",
    "went running with the mice", "children went home . they ran", "x",
]  # fmt: skip


def state_bases() -> dict[str, Any]:
    """Scorers, batches and accumulators whose bytes are mutated (built once)."""
    if _STATE:
        return _STATE
    import rougekit as rk

    rng = random.Random(5)
    preds = [rng.choice(_TEXTS) + " " + rng.choice(_TEXTS) for _ in range(12)]
    refs = [[rng.choice(_TEXTS) for _ in range(rng.randint(1, 3))] for _ in range(12)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        scorers = {
            "rouge-score": rk.RougeScorer(
                ["rouge1", "rouge2", "rougeL", "rougeLsum"], stemmer=True
            ),
            "perl": rk.RougeScorer(
                ["rouge1", "rougeL", "rougeW-1.2", "rougeSU4"], profile="perl-1.5.5"
            ),
            "unicode": rk.RougeScorer(["rouge1", "rougeL"], profile="unicode-v1"),
        }
        batches = {name: s.score_batch(preds, refs, ids=[f"d{i}" for i in range(12)])
                   for name, s in scorers.items()}  # fmt: skip
        batches["empty"] = scorers["rouge-score"].score_batch([], [])
        batches["one"] = scorers["unicode"].score_batch(["a b"], [["a c"]])
    accs = {}
    for mode, name in (("exact", "rouge-score"), ("streaming", "rouge-score"),
                       ("streaming", "unicode"), ("exact", "perl")):  # fmt: skip
        acc = rk.CorpusAccumulator(
            scorers[name], mode=mode, n_bootstrap=rng.choice([0, 16, 50]), seed=7
        )
        acc.add(batches[name][:5], ids=0)
        acc.add(batches[name][5:], ids=5)
        accs[f"{mode}-{name}"] = (acc, name)
    _STATE.update(scorers=scorers, batches=batches, accs=accs)
    return _STATE


SPECIAL_F64 = [math.nan, -math.nan, math.inf, -math.inf, -0.0, 0.0, 1.0, 1.5, -1.0,
               1.0000000000000002, 5e-324, 1e308, 0.5]  # fmt: skip
SPECIAL_U64 = [0, 1, 2, 3, 2**31, 2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1, 10**12]


def mutate_bytes(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """Bit flips, byte sets, special u64/f64/i128 words, truncation, appends, splices."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        op = rng.random()
        if not out:
            out.extend(rng.randbytes(rng.randint(1, 16)))
            continue
        at = rng.randrange(len(out))
        if rng.random() < 0.6:
            at -= at % 8  # most fields are 8-byte aligned after the 4-byte magic...
            at += 4 if at + 12 <= len(out) and rng.random() < 0.7 else 0
        if op < 0.25:
            out[at] ^= 1 << rng.randrange(8)
        elif op < 0.4:
            out[at] = rng.randrange(256)
        elif op < 0.6 and at + 8 <= len(out):
            struct.pack_into("<Q", out, at, rng.choice([*SPECIAL_U64, len(out), len(out) // 8]))
        elif op < 0.8 and at + 8 <= len(out):
            struct.pack_into("<d", out, at, rng.choice(SPECIAL_F64))
        elif op < 0.85 and at + 16 <= len(out):
            value = rng.choice([-1, 2**62, 2**64, -(2**126), 2**126])
            out[at : at + 16] = value.to_bytes(16, "little", signed=True)
        elif op < 0.92:
            del out[rng.randint(0, len(out)) :]
        elif op < 0.96:
            out.extend(rng.randbytes(rng.randint(1, 24)))
        else:
            cut = rng.randint(0, min(len(out), len(other)))
            out = out[:cut] + bytearray(other[cut:])
    return bytes(out)


def _check_number(v: Any, what: str, *, nan_ok: bool = False) -> None:
    if isinstance(v, float) and math.isnan(v) and nan_ok:
        return
    if not isinstance(v, (int, float)) or not math.isfinite(v) or not 0 <= v <= 1:
        raise Failure(f"state: {what} is {v!r}")


def _use(stats: Counter[str], what: str, call: Callable[[], Any]) -> Any:
    """``call()``: its value, or ``None`` after a clear error (anything else fails)."""
    try:
        return call()
    except Exception as e:
        if not clear_error(e):
            raise Failure(f"state: {what}: {type(e).__name__}: {e}"[:600]) from None
        stats["clear errors in use"] += 1
        return None


def _check_corpus(result: Any, what: str) -> None:
    if result is None:
        return
    for t in result.types:
        for f, v in zip(("precision", "recall", "fmeasure"), result.mean[t]):
            _check_number(v, f"{what} {t} {f} mean")
        for bounds in (result.low, result.high):
            if bounds is not None:  # NaN bounds when no replicate has weight
                for f, v in zip(("precision", "recall", "fmeasure"), bounds[t]):
                    _check_number(v, f"{what} {t} {f} bound", nan_ok=True)


def use_batch(batch: Any, scorer: Any, stats: Counter[str]) -> None:
    """Every use of a loaded ``BatchResult``: numbers in [0, 1] or clear errors."""
    n = len(batch)
    for i in range(n):
        for t, score in batch[i].items():
            for v in score:
                _check_number(v, f"pair {i} {t}")
    for t in batch.types:
        for f in ("precision", "recall", "fmeasure"):
            for v in batch.__getattribute__(f)(t):
                _check_number(float(v), f"column {t} {f}")
    _check_corpus(_use(stats, "corpus", batch.corpus), "corpus")
    if batch.profile.name == "perl-1.5.5":  # ROUGE-1.5.5's -t 1: from the counts
        _check_corpus(_use(stats, "corpus -t 1", lambda: batch.corpus(unit=1)), "corpus -t 1")
    if n:
        _check_corpus(
            _use(stats, "corpus ci", lambda: batch.corpus(confidence=0.9, n_bootstrap=20)),
            "corpus ci",
        )
    for name in ("to_arrow", "to_pandas", "to_polars"):
        frame = _use(stats, name, getattr(batch, name))
        if frame is None:
            continue
        if name == "to_arrow":
            columns = {c: frame.column(c).to_pylist() for c in frame.column_names}
        elif name == "to_pandas":
            columns = {c: list(frame[c]) for c in frame.columns}
        else:
            columns = {c: frame[c].to_list() for c in frame.columns}
        for c, values in columns.items():
            if c != "id":
                for v in values:
                    _check_number(float(v), f"{name} {c}")
    if scorer is not None:
        import rougekit as rk

        acc = rk.CorpusAccumulator(scorer)
        if _use(stats, "accumulate", lambda: acc.add(batch)) is not None or len(acc):
            _check_corpus(_use(stats, "finalize", acc.finalize), "accumulated")
    again = _use(stats, "pickle again", lambda: pickle.loads(pickle.dumps(batch)))
    if again is not None and len(again) != n:
        raise Failure("state: a pickle round trip changed the pair count")


def use_accumulator(acc: Any, scorer: Any, stats: Counter[str]) -> None:
    """Every use of a loaded ``CorpusAccumulator``."""
    import rougekit as rk

    n = _use(stats, "len", lambda: len(acc))
    _check_corpus(_use(stats, "finalize", acc.finalize), "finalize")
    if acc.n_bootstrap:
        _check_corpus(
            _use(stats, "finalize ci", lambda: acc.finalize(confidence=0.9)), "finalize ci"
        )
    again = _use(stats, "pickle again", lambda: pickle.loads(pickle.dumps(acc)))
    if again is not None and len(again) != n:
        raise Failure("state: a pickle round trip changed the pair count")
    fresh = rk.CorpusAccumulator(scorer, mode=acc.mode, n_bootstrap=acc.n_bootstrap, seed=acc.seed)
    batch = scorer.score_batch(["the cat sat"], [["the cat"]])
    _use(stats, "add", lambda: fresh.add(batch, ids=10**6))
    merged = _use(stats, "merge", lambda: acc.merge(fresh))
    if merged is not None:
        _check_corpus(_use(stats, "finalize merged", merged.finalize), "merged")


def _load(stats: Counter[str], what: str, call: Callable[[], Any]) -> Any:
    try:
        value = call()
    except Exception as e:
        if not clear_error(e):
            raise Failure(f"state: loading {what}: {type(e).__name__}: {e}"[:600]) from None
        stats["refused"] += 1
        return None
    stats["loaded"] += 1
    return value


def state_case(rng: random.Random, k: int, stats: Counter[str]) -> None:
    from rougekit import _core

    base = state_bases()
    batches, accs, scorers = base["batches"], base["accs"], base["scorers"]
    kind = rng.choice(["rkb1", "rkb1", "rkb1-pickle", "rks1-pickle", "acc-fields",
                       "exact-acc-pickle", "rkb1-handmade"])  # fmt: skip
    stats[f"state {kind}"] += 1
    stats["inputs"] += 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if kind in ("rkb1", "rkb1-pickle", "rkb1-handmade"):
            name = rng.choice(sorted(batches))
            batch = batches[name]
            good = batch.scores.to_bytes()
            if kind == "rkb1-handmade":
                bad = handmade_rkb1(rng)
            else:
                other = batches[rng.choice(sorted(batches))].scores.to_bytes()
                bad = mutate_bytes(rng, good, other)
            scores = _load(stats, "RKB1", lambda: _core.BatchScores.from_bytes(bad))
            if scores is None:
                return
            for i in range(len(scores)):
                for p, r, f, _ in scores.row(i):
                    for v in (p, r, f):
                        if not (v >= 0 or math.isnan(v)):  # perl's rougeW-0.5: inf, NaN
                            raise Failure(f"state: RKB1 row value {v!r}")
            if kind == "rkb1-pickle" or rng.random() < 0.5:
                state = batch.__getstate__()
                state["_scores"] = scores
                data = pickle.dumps(_Rebuilt(type(batch), state))
                loaded = _load(stats, "BatchResult pickle", lambda: pickle.loads(data))
                if loaded is not None:
                    scorer = scorers[{"empty": "rouge-score", "one": "unicode"}.get(name, name)]
                    use_batch(loaded, scorer if rng.random() < 0.3 else None, stats)
        elif kind == "rks1-pickle":
            key = rng.choice([a for a in sorted(accs) if a.startswith("streaming")])
            acc, scorer_name = accs[key]
            good = acc._sums.to_bytes()
            bad = mutate_bytes(rng, good, good)
            sums = _load(stats, "RKS1", lambda: _core.StreamingSums.from_bytes(bad))
            if sums is None:
                return
            state = acc.__dict__.copy()
            state["_sums"] = sums
            data = pickle.dumps(_Rebuilt(type(acc), state))
            loaded = _load(stats, "CorpusAccumulator pickle", lambda: pickle.loads(data))
            if loaded is not None:
                use_accumulator(loaded, scorers[scorer_name], stats)
        elif kind == "exact-acc-pickle":
            key = rng.choice([a for a in sorted(accs) if a.startswith("exact")])
            acc, scorer_name = accs[key]
            chunks = []
            for start, scores in acc._chunks:
                raw = scores.to_bytes()
                if rng.random() < 0.5:
                    raw = mutate_bytes(rng, raw, raw)
                loaded_scores = _load(stats, "RKB1", lambda r=raw: _core.BatchScores.from_bytes(r))
                if loaded_scores is None:
                    return
                chunks.append((start, loaded_scores))
            state = acc.__dict__.copy()
            state["_chunks"] = chunks
            data = pickle.dumps(_Rebuilt(type(acc), state))
            loaded = _load(stats, "CorpusAccumulator pickle", lambda: pickle.loads(data))
            if loaded is not None:
                use_accumulator(loaded, scorers[scorer_name], stats)
        else:  # acc-fields: pickled fields changed
            key = rng.choice(sorted(accs))
            acc, scorer_name = accs[key]
            state = acc.__dict__.copy()
            for _ in range(rng.randint(1, 2)):
                field = rng.choice(["n", "nrefs", "_next_id", "n_bootstrap", "seed", "threads",
                                    "types", "mode", "_chunks", "_ids"])  # fmt: skip
                state[field] = rng.choice(
                    [0, 1, -1, 11, 13, 2**63, 2**64, None, "x", (1, 0), (0, 0), [], ["rouge1"],
                     "streaming", "exact", 1.5, [(0, b"RKB1")]]
                )  # fmt: skip
            data = pickle.dumps(_Rebuilt(type(acc), state))
            loaded = _load(stats, "CorpusAccumulator pickle", lambda: pickle.loads(data))
            if loaded is not None:
                use_accumulator(loaded, scorers[scorer_name], stats)


class _Rebuilt:
    """Pickles as an object of ``cls`` with ``state`` (what ``pickle`` stores for it)."""

    def __init__(self, cls: type, state: dict[str, Any]) -> None:
        self.cls, self.state = cls, state

    def __reduce__(self) -> tuple[Any, ...]:
        return (object.__new__, (self.cls,), self.state)


def handmade_rkb1(rng: random.Random) -> bytes:
    """An ``RKB1`` blob framed by hand: hostile names and values in a valid structure."""
    names = [rng.choice(["rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeW-0.5",
                         "rougeSU4", "rougeS*", "", "rouge0", "ROUGE-2", "bleu", "rouge1",
                         "rougeW-1e-300", "rouge9999", "rougeL\x00", "é"])
             for _ in range(rng.randint(0, 4))]  # fmt: skip
    n = rng.choice([0, 1, 2, 5])
    out = io.BytesIO()
    out.write(b"RKB1")
    out.write(struct.pack("<Q", len(names)))
    for name in names:
        raw = name.encode()
        out.write(struct.pack("<Q", len(raw)) + raw)
    out.write(struct.pack("<Q", n))
    for _ in range(3 * len(names) * n):
        value = rng.choice(SPECIAL_F64) if rng.random() < 0.2 else rng.random()
        out.write(struct.pack("<d", value))
    out.write(bytes(rng.choice([0, 1]) for _ in range(len(names) * n)))
    counts = rng.random() < 0.3
    out.write(struct.pack("<Q", int(counts)))
    if counts:
        for _ in range(3 * len(names) * n):
            out.write(struct.pack("<d", rng.choice([0.0, 1.0, 3.0, math.nan, -1.0])))
    for _ in range(n):
        out.write(bytes([rng.choice([0, 1, 3, 4])]) + struct.pack("<II", 5, rng.choice([0, 9])))
    for _ in range(n):
        out.write(struct.pack("<I", rng.choice([0, 1, 3])))
    out.write(struct.pack("<Q", 0))
    return out.getvalue()


# -- signals -----------------------------------------------------------------------------------


_INPUTS: dict[int, str] = {}


def _jsonl(rng: random.Random, n: int) -> str:
    rows = []
    for i in range(n):
        pred = " ".join(rng.choice(_TEXTS) for _ in range(rng.randint(1, 30)))
        refs = [" ".join(rng.choice(_TEXTS) for _ in range(rng.randint(1, 30)))
                for _ in range(rng.randint(1, 3))]  # fmt: skip
        rows.append(json.dumps({"id": f"p{i}", "prediction": pred, "references": refs}))
    return "\n".join(rows) + "\n"


def signals_case(rng: random.Random, k: int, stats: Counter[str]) -> None:
    stats["inputs"] += 1
    n = rng.choice([500, 5000, 20000, 40000])
    sig = rng.choice([signal.SIGINT, signal.SIGTERM])
    delay = rng.uniform(0.05, 2.5)
    per_instance = rng.choice(["pi.jsonl", "pi.csv"])
    extra = rng.choice([[], ["--ci", "95", "--bootstrap", "200"], ["-f", "json"], ["--stem"]])
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        out_dir = root / "out"
        out_dir.mkdir()
        if n not in _INPUTS:  # one input per size and process (the seed picks the rest)
            _INPUTS[n] = _jsonl(random.Random(n), n)
        (root / "in.jsonl").write_text(_INPUTS[n])
        outputs = {out_dir / "o.json": b"OLD REPORT\n", out_dir / per_instance: b"OLD ROWS\n"}
        old = {}
        for path, content in outputs.items():
            if rng.random() < 0.7:
                path.write_bytes(content)
                old[path] = content
            else:
                old[path] = None
        argv = [sys.executable, "-m", "rougekit", "score", "--jsonl", str(root / "in.jsonl"),
                "-o", str(out_dir / "o.json"), "--per-instance", str(out_dir / per_instance),
                "--no-progress", *extra]  # fmt: skip
        proc = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_default_signals
        )
        time.sleep(delay)
        sent = proc.poll() is None
        if sent:
            proc.send_signal(sig)
        try:
            _, err_bytes = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise Failure(
                f"signals: still running 120 s after {signal.Signals(sig).name}"
            ) from None
        err = err_bytes.decode("utf-8", "replace")
        code = proc.returncode
        expected = {0, 130 if sig == signal.SIGINT else 143}
        stats[f"exit {code}"] += 1
        # Killed by the signal itself: only after the command returned (Python's shutdown
        # restores the default action), so every output must be complete.
        at_exit = code == -sig
        if "Traceback" in err:
            # Ctrl-C while Python starts (site, the package's imports), before rougekit's
            # code can catch it, is Python's own traceback: counted, not a failure, if
            # nothing was written.
            untouched = all(
                (p.read_bytes() if p.exists() else None) == c for p, c in old.items()
            ) and not any(p.name.endswith(".tmp") for p in out_dir.iterdir())
            # (Exit 1 with "Fatal Python error: init_import_site" while importing site.)
            frames = err.split("Traceback (most recent call last):")[-1]
            starting = "rougekit/__main__.py" not in frames
            if not (sig == signal.SIGINT and code in (-sig, 1) and starting and untouched
                    and err.rstrip().endswith("KeyboardInterrupt")):  # fmt: skip
                raise Failure(f"signals: exit {code}, traceback: {_ends(err)}")
            stats["interrupted while Python starts"] += 1
            return
        if code not in expected and not at_exit:
            raise Failure(f"signals: exit {code} after {signal.Signals(sig).name}: {_ends(err)}")
        if code > 0 and sum(line.startswith("rougekit: error:") for line in err.splitlines()) != 1:
            raise Failure(f"signals: not one error line: {err[-300:]!r}")
        left = [p.name for p in out_dir.iterdir() if p.name.endswith(".tmp")]
        if left:
            raise Failure(f"signals: temporary files left behind: {left}")
        current = {p: (p.read_bytes() if p.exists() else None) for p in old}
        if at_exit and all(current[p] == c for p, c in old.items()):
            # The default action before the command installed its handlers (Python was
            # still starting): nothing written, nothing left behind.
            stats["killed while Python starts"] += 1
            return
        for path, content in old.items():
            now = current[path]
            if at_exit and now == content:
                raise Failure(f"signals: killed by {signal.Signals(sig).name} before the end")
            if now == content:
                stats["outputs kept"] += 1
                continue
            if now is None:
                raise Failure(f"signals: {path.name} was deleted")
            _complete(path, now, n)
            stats["outputs complete"] += 1
            if code != 0 and sent:
                stats["complete before the signal"] += 1


def _default_signals() -> None:
    """In the child: the default SIGINT and SIGTERM actions, as from a shell (the harness's
    workers ignore SIGINT, and an ignored signal stays ignored across exec)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _ends(err: str) -> str:
    """The start and the end of a long stderr."""
    return repr(err if len(err) < 900 else err[:300] + " ... " + err[-600:])


def _complete(path: Path, data: bytes, n: int) -> None:
    """``path`` holds a whole output: the report, or one row per pair."""
    text = data.decode("utf-8")
    if path.name == "o.json":
        try:
            json.loads(text)
        except ValueError:
            if not text.rstrip().splitlines():
                raise Failure("signals: an empty report") from None
            if "rouge" not in text.lower():
                raise Failure(f"signals: a partial report: {text[-200:]!r}") from None
        return
    rows = text.splitlines()
    header = 1 if path.suffix == ".csv" else 0
    if len(rows) - header != n:
        raise Failure(f"signals: {path.name} holds {len(rows) - header} of {n} rows")
    if path.suffix == ".jsonl":
        json.loads(rows[-1])
