# ruff: noqa: RUF001 (the generators use confusable characters on purpose)
"""Seeded robustness run: generated texts through every surface of rougekit.

    python fuzz/run.py --inputs 1000000 --seed 1 --jobs 2 --out fuzz-results.json

Case ``k`` is generated from ``random.Random(f"{seed}-{k}")`` alone, so any failure is
replayed with ``--replay SEED K``. Each case is a small batch of generated texts sent
through one surface, in turn:

* ``api-rouge-score``: ``RougeScorer(...).score_batch`` over every type (rouge1..9, rougeL,
  rougeLsum, rougeW-1.2/-1.5, rougeS4, rougeSU4, rougeS*, rougeSU*), with and without the
  stemmer; every float must lie in [0, 1]; every 10th case is also scored with 2 threads
  and must be bit-identical.
* ``api-perl``: the perl-1.5.5 profile with random ROUGE-1.5.5 options (-m, -s, -l, -b, -f,
  -p): every float finite and >= 0 (ROUGE-W may exceed 1 only where ROUGE-1.5.5 does).
* ``compat``: ``rougekit.compat`` ``score_multi`` (one case in five also against the real
  rouge-score when installed: equal floats).
* ``cli``: JSONL / CSV / TSV / line files, corrupted, through ``rougekit score``
  in-process: exit 0, 1 or 2, and on failure exactly one ``rougekit: error:`` line.
* ``perl-files``: SPL/SEE/SIMPLE files and XML configurations (malformed markup, deep
  nesting, entity expansion, many attributes, external entities that must never be read)
  through ``rougekit perl`` in-process: exit 0, 1 or 2 with one error line, never the
  content of the secret file an external entity names.

Allowed outcomes for bad input: ``ValueError``/``TypeError`` with a message (lone
surrogates, over-limit inputs). Anything else - a panic ("internal error in rougekit's
core"), another exception, a traceback on the command line, a case over ``--case-timeout``
seconds, a worker killed for memory (``--memory-gb`` address-space limit) - is a failure
recorded with its seed and index. The run prints a table of counts per surface.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import multiprocessing as mp
import os
import random
import resource
import signal
import sys
import tempfile
import time
import traceback
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import hostile

SURFACES = ("api-rouge-score", "api-perl", "compat", "cli", "perl-files")
#: Hostile-input surfaces (``hostile.py``), chosen with ``--surfaces``.
HOSTILE = ("db", "state", "signals")
#: Cases per 1000 of each hostile surface when it is chosen (signals: a process each).
HOSTILE_SHARE = {"db": 300, "state": 697, "signals": 3}
RS_TYPES = [f"rouge{n}" for n in range(1, 10)] + [
    "rougeL", "rougeLsum", "rougeW-1.2", "rougeW-1.5", "rougeS4", "rougeSU4", "rougeS*",
    "rougeSU*",
]  # fmt: skip
PERL_TYPES = ["rouge1", "rouge2", "rouge4", "rougeL", "rougeW-1.2", "rougeS4", "rougeSU4"]
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"

# -- text generators --------------------------------------------------------------------------

# Characters chosen because they are confusable or change under case folding.
SPECIALS = [
    "İ", "K", "Å", "ſ", "ﬁ", "ı", "ẞ", "ß", "Ａ", "Σ", "ς", "Ⅰ", "²", "½", "٠", "०", "Ⓐ", "i̇",
    "\u0307", "\u200b", "\ufeff", "\u202e", "\u200d", "👩‍👩‍👧", "🇫🇷", "1️⃣", "\U0001f600",
    "中文", "日本語", "한국어", "ไทย", "हिन्दी", "عربى", "עברית", "Ελληνικά", "Русский",
]  # fmt: skip
SEPARATORS = [
    " ", "  ", "\t", "\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x1d", "\x85", "\xa0",
    "\u1680", "\u2000", "\u2028", "\u2029", "\u202f", "\u3000", "\x00", "\x01", "\x7f", "\n\n",
]  # fmt: skip
SUFFIXES = ["", "s", "es", "ing", "ed", "ation", "ness", "ly", "ies", "ational", "izer"]
_VOCAB: list[str] = []


def vocabulary() -> list[str]:
    """Words of a real corpus when the shared data is there, else a built-in list."""
    if not _VOCAB:
        words: set[str] = set()
        corpus = SHARED / "cnndm-pointer-generator" / "pointer-gen-cov.jsonl"
        if corpus.is_file():
            with open(corpus, encoding="utf-8") as f:
                for _, line in zip(range(400), f):
                    words.update(json.loads(line)["prediction"].split())
        _VOCAB.extend(
            sorted(words) or ["the", "cat", "sat", "on", "a", "mat", "while", "dogs", "ran", "home"]
        )
    return _VOCAB


def token(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.55:
        return rng.choice(vocabulary())
    if r < 0.7:
        stem = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(1, 9)))
        return stem + rng.choice(SUFFIXES)
    if r < 0.85:
        return rng.choice(SPECIALS)
    if r < 0.95:
        return "".join(chr(rng.randint(0x20, 0x2FFF)) for _ in range(rng.randint(1, 4)))
    return "".join(chr(rng.randint(0x10000, 0x10FFFF)) for _ in range(rng.randint(1, 2)))


def text(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.08:
        return rng.choice(["", " ", "\n" * rng.randint(1, 50), "\r\n" * 5, "\x00", "...", "—"])
    if r < 0.1:  # a huge token or many lines
        return rng.choice(["x" * rng.randint(1000, 100_000), "a\n" * rng.randint(100, 3000)])
    n = rng.randint(1, 120)
    parts = []
    for _ in range(n):
        parts.append(token(rng))
        parts.append(" " if rng.random() < 0.8 else rng.choice(SEPARATORS))
    return "".join(parts)


def references(rng: random.Random, prediction: str) -> list[str]:
    refs = []
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.2:
            refs.append(prediction)
        elif r < 0.45:
            words = prediction.split(" ")
            rng.shuffle(words)
            refs.append(" ".join(words[: max(1, len(words) - rng.randint(0, 5))]))
        else:
            refs.append(text(rng))
    return refs


def batch(rng: random.Random) -> tuple[list[str], list[list[str]]]:
    preds = [text(rng) for _ in range(rng.choice([1, 1, 2, 3, 5, 8, 20]))]
    if rng.random() < 0.03:
        preds[0] += "\ud800"  # a lone surrogate: a clear ValueError is the right answer
    return preds, [references(rng, p) for p in preds]


def count_inputs(preds: list[str], refs: list[list[str]]) -> int:
    return len(preds) + sum(len(r) for r in refs)


# -- surfaces ---------------------------------------------------------------------------------


# One notion of a failed check and of an allowed error for every surface (hostile.py's).
Failure = hostile.Failure
allowed_error = hostile.clear_error


def check_floats(result: Any, *, upper: float | None) -> int:
    n = 0
    for row in result:
        for score in row.values():
            for v in score:
                n += 1
                if not math.isfinite(v) or v < 0 or (upper is not None and v > upper):
                    raise Failure(f"score {v!r} out of range")
    return n


def api_rouge_score(rng: random.Random, k: int, stats: Counter[str]) -> None:
    import rougekit as rk

    preds, refs = batch(rng)
    types = rng.sample(RS_TYPES, rng.randint(1, 5))
    if any(len(t) > 50_000 for t in preds + [r for rs in refs for r in rs]):
        types = [t for t in types if not t.startswith("rougeS")] or ["rouge1"]
    stemmer = rng.random() < 0.5
    stats["inputs"] += count_inputs(preds, refs)
    try:
        result = rk.RougeScorer(types, stemmer=stemmer, threads=1).score_batch(preds, refs)
    except Exception as e:
        if not allowed_error(e):
            raise
        stats["clear errors"] += 1
        return
    stats["floats"] += check_floats(result, upper=1.0)
    if k % 10 == 0:
        again = rk.RougeScorer(types, stemmer=stemmer, threads=2).score_batch(preds * 40, refs * 40)
        if [again[i] for i in range(len(preds))] != list(result):
            raise Failure("threads=2 differs from threads=1")
        stats["thread checks"] += 1


def api_perl(rng: random.Random, k: int, stats: Counter[str]) -> None:
    import rougekit as rk

    preds, refs = batch(rng)
    limit = rng.choice(
        [{}, {}, {"limit_words": rng.randint(1, 30)}, {"limit_bytes": rng.randint(1, 300)}]
    )
    options: dict[str, Any] = {
        "stemmer": rng.choice([False, True, "porter"]),
        "stopwords": rng.random() < 0.3,
        "multiref": rng.choice(["A", "B"]),
        "alpha": rng.choice([0.5, 0.0, 1.0, 0.2]),
        **limit,
    }
    types = rng.sample(PERL_TYPES, rng.randint(1, 4))
    stats["inputs"] += count_inputs(preds, refs)
    try:
        result = rk.RougeScorer(types, profile="perl-1.5.5", threads=1, **options).score_batch(
            preds, refs
        )
    except Exception as e:
        if not allowed_error(e):
            raise
        stats["clear errors"] += 1
        return
    stats["floats"] += check_floats(result, upper=None)


def compat(rng: random.Random, k: int, stats: Counter[str]) -> None:
    from rougekit.compat import rouge_scorer

    preds, refs = batch(rng)
    types = rng.sample(["rouge1", "rouge2", "rougeL", "rougeLsum"], rng.randint(1, 4))
    stemmer = rng.random() < 0.5
    stats["inputs"] += count_inputs(preds, refs)
    ours = rouge_scorer.RougeScorer(types, use_stemmer=stemmer)
    theirs = None
    if (k // 10) % 5 == 0:  # one compat case in five is also run through rouge-score
        with contextlib.suppress(ImportError):
            from rouge_score import rouge_scorer as reference

            theirs = reference.RougeScorer(types, use_stemmer=stemmer)
    for p, rs in zip(preds, refs):
        got = ours.score_multi(rs, p)
        stats["floats"] += 3 * len(got)
        if theirs is not None and max(len(t) for t in [p, *rs]) < 5000:
            want = theirs.score_multi(rs, p)
            if {t: tuple(s) for t, s in got.items()} != {t: tuple(s) for t, s in want.items()}:
                raise Failure(f"compat differs from rouge-score: {got} vs {want}")
            stats["rouge-score comparisons"] += 1


def corrupt(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(0, 6)):
        op = rng.random()
        pos = rng.randint(0, len(data)) if data else 0
        if op < 0.3 and data:
            data[min(pos, len(data) - 1)] = rng.randint(0, 255)
        elif op < 0.5:
            data[pos:pos] = rng.choice([b"\xff", b"\x00", b"{", b'"', b"[" * 50, b"\r", b","])
        elif op < 0.7 and data:
            del data[pos : pos + rng.randint(1, 20)]
        else:
            data = data[: rng.randint(0, len(data))]
    return bytes(data)


def one_error_line(code: int, err: str, prefix: str) -> None:
    if code not in (0, 1, 2):
        raise Failure(f"exit code {code}")
    if "Traceback" in err:
        raise Failure("traceback: " + err[-500:])
    if code != 0 and sum(line.startswith(prefix) for line in err.splitlines()) != 1:
        raise Failure(f"not one error line: {err[-500:]!r}")


def run_cli(argv: list[str]) -> tuple[int, str]:
    from rougekit import cli

    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    return code, err.getvalue()


def cli_readers(rng: random.Random, k: int, stats: Counter[str]) -> None:
    preds, refs = batch(rng)
    # Files hold UTF-8: a lone surrogate cannot be written (the API cases cover it).
    preds = [p.replace("\ud800", "") for p in preds]
    refs = [[r.replace("\ud800", "") for r in rs] for rs in refs]
    stats["inputs"] += count_inputs(preds, refs)
    kind = rng.choice(["jsonl", "csv", "tsv", "lines"])
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        if kind == "jsonl":
            rows = [
                json.dumps({"id": str(i), "prediction": p, "references": r})
                for i, (p, r) in enumerate(zip(preds, refs))
            ]
            (root / "in.jsonl").write_bytes(corrupt(rng, ("\n".join(rows) + "\n").encode()))
            argv = ["--jsonl", str(root / "in.jsonl")]
        elif kind in ("csv", "tsv"):
            import csv

            buf = io.StringIO()
            writer = csv.writer(buf, delimiter="," if kind == "csv" else "\t")
            writer.writerow(["prediction", "reference"])
            for p, r in zip(preds, refs):
                writer.writerow([p, r[0]])
            (root / f"in.{kind}").write_bytes(corrupt(rng, buf.getvalue().encode()))
            argv = [f"--{kind}", str(root / f"in.{kind}"), "--references-field", "reference"]
        else:
            flat = [p.replace("\n", " ").replace("\r", " ") for p in preds]
            first = [r[0].replace("\n", " ").replace("\r", " ") for r in refs]
            (root / "p.txt").write_bytes(corrupt(rng, ("\n".join(flat) + "\n").encode()))
            (root / "r.txt").write_bytes(("\n".join(first) + "\n").encode())
            argv = ["-p", str(root / "p.txt"), "-r", str(root / "r.txt")]
        extra = rng.choice([[], ["--stem"], ["--ci", "90", "--bootstrap", "20"], ["-f", "json"],
                            ["--profile", "perl-1.5.5", "--stopwords"],
                            ["--per-instance", str(root / "pi.csv")], ["-o", str(root / "o.txt")],
                            ["--split-sentences", "rules"], ["--unescape-newlines"]])  # fmt: skip
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            code, err = run_cli(["score", *argv, "--no-progress", *extra])
        one_error_line(code, err, "rougekit: error:")
        stats[f"exit {code}"] += 1
        if code != 0 and any(p.name.endswith(".tmp") for p in root.iterdir()):
            raise Failure("a temporary output file was left behind")


def xml_config(rng: random.Random, root: Path, secret: Path) -> str:
    peer = '<P ID="A">p.spl</P>'
    r = rng.random()
    dtd = ""
    if r < 0.1:
        peer = "<d>" * rng.randint(1, 60_000) + peer + "</d>" * rng.randint(0, 60_000)
    elif r < 0.2:
        dtd = f'<!DOCTYPE R [<!ENTITY a "{"A" * rng.randint(1, 100_000)}">]>'
        peer = '<P ID="A">' + "&a;" * rng.randint(1, 30_000) + "</P>"
    elif r < 0.3:
        dtd = f'<!DOCTYPE R [<!ENTITY x SYSTEM "file://{secret}">]>'
        peer = '<P ID="A">p.spl&x;</P>'
    elif r < 0.4:
        attrs = "".join(f' a{i}="0"' for i in range(rng.randint(1, 5000)))
        peer = f'<P ID="A"{attrs}>p.spl</P>'
    fmt = rng.choice(["SPL", "SEE", "SIMPLE", "ISI", "BOGUS"])
    return (
        f'{dtd}<ROUGE-EVAL version="1.5.5"><EVAL ID="1"><PEER-ROOT>{root}</PEER-ROOT>'
        f'<MODEL-ROOT>{root}</MODEL-ROOT><INPUT-FORMAT TYPE="{fmt}"/><PEERS>{peer}</PEERS>'
        '<MODELS><M ID="A">m.spl</M></MODELS></EVAL></ROUGE-EVAL>\n'
    )


def perl_files(rng: random.Random, k: int, stats: Counter[str]) -> None:
    from rougekit.perl.command import main as perl_main

    preds, refs = batch(rng)
    stats["inputs"] += count_inputs(preds, refs)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        secret = root / "secret.txt"
        secret.write_text("secret-token-xyz")
        body = lambda t: t.encode("utf-8", "replace")  # noqa: E731
        wrap = rng.random()
        for name, t in (("p.spl", preds[0]), ("m.spl", refs[0][0])):
            if wrap < 0.3:
                data = b"<html><body>" + body(t) + b"</body></html>"
            elif wrap < 0.5:
                data = b"\n".join(
                    b'<a name="%d">[%d]</a> <a href="#%d" id=%d>' % (i, i, i, i) + body(s) + b"</a>"
                    for i, s in enumerate(t.split("\n"))
                )
            else:
                data = body(t)
            (root / name).write_bytes(corrupt(rng, data))
        (root / "c.xml").write_bytes(
            corrupt(rng, xml_config(rng, root, secret).encode())
            if rng.random() < 0.3
            else xml_config(rng, root, secret).encode()
        )
        flags = rng.choice(
            [
                ["-n", "2"],
                ["-n", "1", "-m", "-s"],
                ["-2", "4", "-U", "-w", "1.2"],
                ["-b", str(rng.randint(1, 200)), "-n", "2"],
                ["-l", str(rng.randint(1, 30))],
                ["-d", "-n", "4"],
            ]
        )
        out, err = io.BytesIO(), io.StringIO()
        stdout = io.TextIOWrapper(out, encoding="utf-8")
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(err):
            code = perl_main([*flags, "-r", "10", "-a", str(root / "c.xml")])
            stdout.flush()
        text_err = err.getvalue()
        one_error_line(code, text_err, "rougekit perl: error:")
        if b"secret-token" in out.getvalue() or "secret-token" in text_err:
            raise Failure("an external entity was resolved")
        stats[f"exit {code}"] += 1


RUNNERS = {
    "api-rouge-score": api_rouge_score,
    "api-perl": api_perl,
    "compat": compat,
    "cli": cli_readers,
    "perl-files": perl_files,
    "db": hostile.db_case,
    "state": hostile.state_case,
    "signals": hostile.signals_case,
}


# -- the run ----------------------------------------------------------------------------------


class Timeout(Exception):
    pass


def _alarm(_signum: int, _frame: Any) -> None:
    raise Timeout


def surface_of(k: int, surfaces: tuple[str, ...] = SURFACES) -> str:
    if surfaces == SURFACES:
        # The API surfaces are cheap: most cases go there; the file surfaces get one in ten.
        return ("api-rouge-score", "api-perl", "compat", "api-rouge-score", "api-perl",
                "api-rouge-score", "api-perl", "compat", "cli", "perl-files")[k % 10]  # fmt: skip
    # Chosen surfaces in turn, the hostile ones by their share of every 100 cases.
    schedule = [s for s in surfaces if s not in HOSTILE]
    shares = [(s, HOSTILE_SHARE[s]) for s in surfaces if s in HOSTILE]
    if shares:
        slots = [s for s, share in shares for _ in range(share)]
        random.Random(0).shuffle(slots)
        schedule += slots
    return schedule[k % len(schedule)]


def run_case(
    seed: int, k: int, case_timeout: float, surfaces: tuple[str, ...] = SURFACES
) -> tuple[str, Counter[str], str | None]:
    rng = random.Random(f"{seed}-{k}")
    surface = surface_of(k, surfaces)
    stats: Counter[str] = Counter()
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, case_timeout)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    began = time.perf_counter()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            RUNNERS[surface](rng, k, stats)
        failure = None
        grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak
        if grown > 2**20:  # KiB: a case that took more than 1 GiB
            failure = f"memory peak grew by {grown // 1024} MiB"
    except Timeout:
        failure = f"over {case_timeout} s"
    except MemoryError:
        failure = "MemoryError"
    except Failure as e:
        failure = str(e)
    except BaseException as e:  # a panic is a BaseException
        failure = "".join(traceback.format_exception_only(type(e), e)).strip()[-800:]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    stats["case ms"] = round(1000 * (time.perf_counter() - began))
    return surface, stats, failure


def _init_worker(memory_gb: float) -> None:
    limit = int(memory_gb * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _work(
    args: tuple[int, int, int, float, tuple[str, ...]],
) -> list[tuple[int, str, Counter[str], str | None]]:
    seed, start, stop, case_timeout, surfaces = args
    return [(k, *run_case(seed, k, case_timeout, surfaces)) for k in range(start, stop)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Seeded robustness run of rougekit (see module doc).")
    ap.add_argument("--inputs", type=int, default=10_000, help="generated texts to run, at least")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--case-timeout", type=float, default=60.0)
    ap.add_argument("--memory-gb", type=float, default=4.0)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--replay", type=int, metavar="K", help="run case K alone and print it")
    ap.add_argument(
        "--surfaces",
        default=",".join(SURFACES),
        help=f"comma-separated surfaces (default: %(default)s; also {', '.join(HOSTILE)})",
    )
    args = ap.parse_args(argv)
    surfaces = tuple(s for s in args.surfaces.split(",") if s)
    unknown = [s for s in surfaces if s not in RUNNERS]
    if unknown or not surfaces:
        ap.error(f"unknown surfaces {unknown}: choose from {', '.join(RUNNERS)}")
    if args.replay is not None:
        print(run_case(args.seed, args.replay, args.case_timeout, surfaces))
        return 0
    totals: dict[str, Counter[str]] = {s: Counter() for s in surfaces}
    failures: list[dict[str, Any]] = []
    # Blocks of cases per task: smaller where a case is a process of its own.
    block = 200 if surfaces == SURFACES else 5 if surfaces == ("signals",) else 100
    started, k = time.time(), 0
    with mp.get_context("fork").Pool(
        args.jobs, _init_worker, (args.memory_gb,), maxtasksperchild=50
    ) as pool:
        while sum(c["inputs"] for c in totals.values()) < args.inputs:
            jobs = [
                (args.seed, k + i * block, k + (i + 1) * block, args.case_timeout, surfaces)
                for i in range(args.jobs * 4)
            ]
            k += block * args.jobs * 4
            for results in pool.imap_unordered(_work, jobs):
                for case, surface, stats, failure in results:
                    ms = stats.pop("case ms", 0)
                    totals[surface]["max case ms"] = max(totals[surface]["max case ms"], ms)
                    totals[surface].update(stats)
                    totals[surface]["cases"] += 1
                    if failure:
                        totals[surface]["failures"] += 1
                        failures.append(
                            {
                                "seed": args.seed,
                                "case": case,
                                "surface": surface,
                                "failure": failure,
                            }
                        )
    elapsed = time.time() - started
    report = {
        "seed": args.seed, "surfaces_run": list(surfaces), "cases": k,
        "seconds": round(elapsed, 1),
        "inputs": sum(c["inputs"] for c in totals.values()),
        "surfaces": {s: dict(c) for s, c in totals.items()}, "failures": failures,
    }  # fmt: skip
    print(f"{report['inputs']} inputs in {k} cases, {elapsed:.0f} s, seed {args.seed}")
    # (Per-mutation counts, "db ..." and "state ...", are in the JSON report only.)
    keys = sorted(
        {key for c in totals.values() for key in c if not key.startswith(("db ", "state "))}
    )
    print("surface".ljust(16) + "".join(key[:14].rjust(15) for key in keys))
    for s, c in totals.items():
        print(s.ljust(16) + "".join(str(c.get(key, 0)).rjust(15) for key in keys))
    for f in failures[:20]:
        print(f"FAILURE seed {f['seed']} case {f['case']} ({f['surface']}): {f['failure']}")
    if args.out:
        args.out.write_text(json.dumps(report, indent=1))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
