"""Shared helpers for the benchmark scripts in this folder (not part of the package).

The scripts import the ROUGE packages only inside worker subprocesses, through the
adapters below, so that every package is measured with the same process setup and
thread-pool environment variables take effect before its native code starts.

Adapters (what each package can do, as read from its installed files, see README.md):

* ``rougekit``: ``rk.RougeScorer(types=..., stemmer=..., threads=N).score_batch(preds, refs)``;
  threads by the ``threads`` argument (and ``ROUGEKIT_NUM_THREADS``).
* ``rouge-score`` 0.1.2: pure Python, one ``RougeScorer.score(target, prediction)`` per pair,
  no batch function, no threads.
* ``rouge-score-rs``: ``RougeScorer(types, use_stemmer).score_batch(targets, predictions)``
  (targets first), a rayon pool sized by ``RAYON_NUM_THREADS``.
* ``rouge-rust`` (module ``fast_rouge``): ``score_batch_flat(references, predictions)``
  always computes rouge1, rouge2 and rougeL, never stems and has no rougeLsum; a rayon
  pool sized by ``RAYON_NUM_THREADS``.
* ``rapidrouge``: pure Python drop-in for rouge-score (bit-parallel LCS for rougeL), one
  ``score`` per pair, no batch function, no threads.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import os
import platform
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ALL_TYPES: tuple[str, ...] = ("rouge1", "rouge2", "rougeL", "rougeLsum")
RESULT_MARKER = "@@BENCH-RESULT "

#: ../shared/data beside the repository (override with ROUGEKIT_SHARED_DATA).
SHARED_DATA = Path(
    os.environ.get("ROUGEKIT_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data")
)


@dataclass(frozen=True)
class Package:
    """A ROUGE implementation under test."""

    name: str  # display name, also the --packages key
    dist: str  # distribution name, for the version
    module: str  # import name
    threaded: bool  # has a thread pool whose size we can set
    threads_how: str  # how the thread count is controlled
    batch_api: str  # the call that is timed
    fixed_types: tuple[str, ...] | None = None  # types it always computes, if not selectable
    can_stem: bool = True
    notes: str = ""


PACKAGES: dict[str, Package] = {
    p.name: p
    for p in (
        Package(
            name="rougekit",
            dist="rougekit",
            module="rougekit",
            threaded=True,
            threads_how="RougeScorer(threads=N) (+ ROUGEKIT_NUM_THREADS)",
            batch_api="RougeScorer(...).score_batch(predictions, references)",
        ),
        Package(
            name="rouge-score",
            dist="rouge-score",
            module="rouge_score",
            threaded=False,
            threads_how="none (pure Python)",
            batch_api="loop of RougeScorer.score(target, prediction)",
        ),
        Package(
            name="rouge-score-rs",
            dist="rouge-score-rs",
            module="rouge_score_rs",
            threaded=True,
            threads_how="RAYON_NUM_THREADS",
            batch_api="RougeScorer(...).score_batch(targets, predictions)",
        ),
        Package(
            name="rouge-rust",
            dist="rouge-rust",
            module="fast_rouge",
            threaded=True,
            threads_how="RAYON_NUM_THREADS",
            batch_api="fast_rouge.score_batch_flat(references, predictions)",
            fixed_types=("rouge1", "rouge2", "rougeL"),
            can_stem=False,
            notes="always rouge1+rouge2+rougeL, no stemmer, no rougeLsum: not the same workload",
        ),
        Package(
            name="rapidrouge",
            dist="rapidrouge",
            module="rapidrouge",
            threaded=False,
            threads_how="none (pure Python)",
            batch_api="loop of RougeScorer.score(target, prediction)",
        ),
    )
}


def parse_packages(text: str) -> list[Package]:
    """Packages named in a comma list, in the order given."""
    chosen: list[Package] = []
    for raw in text.split(","):
        name = raw.strip()
        if not name:
            continue
        if name not in PACKAGES:
            known = ", ".join(PACKAGES)
            raise SystemExit(f"unknown package {name!r}; known: {known}")
        chosen.append(PACKAGES[name])
    return chosen


def dist_version(dist: str) -> str | None:
    """Installed version of a distribution, without importing it."""
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


# --------------------------------------------------------------------------- runners
# Used only inside worker subprocesses.


@dataclass
class Runner:
    """A constructed scorer: ``score`` is the timed call, ``fmeasure`` reads results."""

    types: tuple[str, ...]  # types actually computed
    stemmer: bool  # stemming actually applied
    score: Callable[[list[str], list[str]], Any]
    fmeasure: Callable[[Any, str], list[float]]
    version: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def _dict_fmeasure(result: Any, rouge_type: str) -> list[float]:
    return [float(d[rouge_type].fmeasure) for d in result]


def make_runner(pkg: Package, types: Sequence[str], stemmer: bool, threads: int) -> Runner:
    """Import ``pkg`` and construct its scorer once. Raises ImportError if absent."""
    types = tuple(types)
    if pkg.name == "rougekit":
        rk = importlib.import_module("rougekit")
        if not hasattr(rk, "RougeScorer"):
            raise ImportError(f"rougekit {rk.__file__} has no RougeScorer yet")
        scorer = rk.RougeScorer(types=types, stemmer=stemmer, threads=threads)

        def rk_score(preds: list[str], refs: list[str]) -> Any:
            return scorer.score_batch(preds, refs)

        def rk_fmeasure(result: Any, rouge_type: str) -> list[float]:
            return [float(x) for x in result.fmeasure(rouge_type)]

        version = getattr(rk, "__version__", None) or dist_version(pkg.dist)
        return Runner(types, stemmer, rk_score, rk_fmeasure, version)

    if pkg.name in ("rouge-score", "rapidrouge"):
        if pkg.name == "rouge-score":
            mod = importlib.import_module("rouge_score.rouge_scorer")
        else:
            mod = importlib.import_module("rapidrouge.rouge_scorer")
        py_scorer = mod.RougeScorer(list(types), use_stemmer=stemmer)

        def py_score(preds: list[str], refs: list[str]) -> Any:
            score = py_scorer.score
            return [score(r, p) for p, r in zip(preds, refs)]

        return Runner(types, stemmer, py_score, _dict_fmeasure, dist_version(pkg.dist))

    if pkg.name == "rouge-score-rs":
        rs = importlib.import_module("rouge_score_rs")
        rs_scorer = rs.RougeScorer(list(types), use_stemmer=stemmer)

        def rs_score(preds: list[str], refs: list[str]) -> Any:
            return rs_scorer.score_batch(refs, preds)

        version = getattr(rs, "__version__", None) or dist_version(pkg.dist)
        return Runner(types, stemmer, rs_score, _dict_fmeasure, version)

    if pkg.name == "rouge-rust":
        fr = importlib.import_module("fast_rouge")

        def fr_score(preds: list[str], refs: list[str]) -> Any:
            return fr.score_batch_flat(refs, preds)

        def fr_fmeasure(result: Any, rouge_type: str) -> list[float]:
            return [float(x) for x in getattr(result, f"{rouge_type}_fmeasure")]

        fixed = pkg.fixed_types or ()
        version = getattr(fr, "__version__", None) or dist_version(pkg.dist)
        return Runner(fixed, False, fr_score, fr_fmeasure, version)

    raise ValueError(f"no runner for {pkg.name}")


# --------------------------------------------------------------------------- data


def load_pairs(path: Path, limit: int | None = None) -> tuple[list[str], list[str]]:
    """(predictions, first references) of a JSONL file of {"prediction", "references"}."""
    preds: list[str] = []
    refs: list[str] = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            row = json.loads(line)
            preds.append(row["prediction"])
            refs.append(row["references"][0])
            if limit is not None and len(preds) >= limit:
                break
    return preds, refs


# --------------------------------------------------------------------------- subprocesses


def thread_env(threads: int) -> dict[str, str]:
    """Environment for a worker: every thread-pool knob we know of set to ``threads``."""
    env = dict(os.environ)
    n = str(threads)
    for var in (
        "RAYON_NUM_THREADS",
        "ROUGEKIT_NUM_THREADS",
        "OMP_NUM_THREADS",
        "OPENBLAS_NUM_THREADS",
        "MKL_NUM_THREADS",
    ):
        env[var] = n
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


@dataclass
class ChildResult:
    """Outcome of one worker subprocess."""

    returncode: int | None  # None when killed by a signal
    signal: int | None
    timed_out: bool
    wall_seconds: float
    maxrss_kib: int  # peak resident set size of the child, from wait4()
    stdout: str
    stderr: str
    payload: dict[str, Any] | None  # the worker's JSON result line, if any
    other_load: float | None = None  # mean CPUs used by other processes meanwhile

    @property
    def ok(self) -> bool:
        return self.payload is not None and self.payload.get("status") == "ok"


def _cpu_busy_seconds() -> float | None:
    """Machine-wide busy CPU time so far (all CPUs), from /proc/stat."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    busy = sum(fields[:8]) - idle  # user nice system idle iowait irq softirq steal
    return busy / os.sysconf("SC_CLK_TCK")


def run_child(
    cmd: Sequence[str],
    env: dict[str, str],
    timeout: float | None = None,
    mem_limit_bytes: int | None = None,
) -> ChildResult:
    """Run ``cmd`` and reap it with ``os.wait4`` to get that child's own peak RSS.

    Output goes to temporary files (no pipe deadlocks). On timeout the child (only it: the
    workers start no processes of their own) is killed with SIGKILL. ``mem_limit_bytes``
    sets RLIMIT_AS in the child, so a runaway allocation fails instead of exhausting the
    machine. ``other_load`` is the machine's busy CPU time during the run minus the
    child's own, over the wall time: the mean number of CPUs other processes kept busy,
    which should be near 0 for trustworthy numbers.
    """

    def limit_memory() -> None:
        if mem_limit_bytes:
            resource.setrlimit(resource.RLIMIT_AS, (mem_limit_bytes, mem_limit_bytes))

    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        busy_start = _cpu_busy_seconds()
        start = time.perf_counter()
        proc = subprocess.Popen(list(cmd), stdout=out, stderr=err, env=env, preexec_fn=limit_memory)
        timed_out = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid != 0:
                break
            if timeout is not None and time.perf_counter() - start > timeout:
                timed_out = True
                os.kill(proc.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.02)
        wall = time.perf_counter() - start
        busy_end = _cpu_busy_seconds()
        proc.returncode = os.waitstatus_to_exitcode(status)  # so Popen won't wait again
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()

    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    payload = None
    for line in reversed(stdout.splitlines()):
        if line.startswith(RESULT_MARKER):
            payload = json.loads(line[len(RESULT_MARKER) :])
            break
    other_load = None
    if busy_start is not None and busy_end is not None and wall > 0:
        own = usage.ru_utime + usage.ru_stime
        other_load = max(0.0, (busy_end - busy_start - own) / wall)
    return ChildResult(
        code, sig, timed_out, wall, usage.ru_maxrss, stdout, stderr, payload, other_load
    )


def emit_result(payload: dict[str, Any]) -> None:
    """Worker side: print the result line the parent looks for."""
    sys.stdout.write(RESULT_MARKER + json.dumps(payload) + "\n")
    sys.stdout.flush()


def self_maxrss_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def is_out_of_memory(text: str) -> bool:
    low = text.lower()
    return any(
        s in low
        for s in ("memoryerror", "memory allocation of", "out of memory", "cannot allocate")
    )


def child_failure(child: ChildResult) -> str:
    """Short honest label for a worker that produced no result."""
    if child.timed_out:
        return "timeout"
    text = child.stderr + child.stdout
    if is_out_of_memory(text):
        return "out of memory"
    if child.signal == signal.SIGKILL:
        return "killed (SIGKILL, likely out of memory)"
    if child.signal is not None:
        return f"crashed ({signal.Signals(child.signal).name})"
    tail = text.strip().splitlines()[-1:] or ["no output"]
    return f"failed (exit {child.returncode}): {tail[0][:120]}"


# --------------------------------------------------------------------------- reporting


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine_info() -> list[tuple[str, str]]:
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count() or 0
    mem = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    return [
        ("nproc (usable CPUs)", str(usable)),
        ("CPU model", cpu_model()),
        ("memory", mem or "unknown"),
        ("Python", f"{platform.python_version()} ({platform.python_implementation()})"),
        ("platform", platform.platform()),
    ]


def load_warning(loads: Iterable[float | None], threshold: float = 0.25) -> str | None:
    """A warning line if other processes kept CPUs busy during the measurements."""
    worst = max((x for x in loads if x is not None), default=0.0)
    if worst <= threshold:
        return None
    return (
        f"**Warning: other processes kept up to {worst:.2f} CPUs busy during these runs "
        "(column 'other load'): timings may be inflated and 2-thread speed-ups understated. "
        "Re-run on an idle machine.**"
    )


def md_table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    rows = [list(r) for r in rows]
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def write_markdown(path: Path, text: str, append: bool) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if append and path.exists():
        with path.open("a", encoding="utf-8") as f:
            f.write("\n" + text)
    else:
        path.write_text(text, encoding="utf-8")
