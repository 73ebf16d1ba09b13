"""Shared test helpers: where the corpora are, how to load them, the rouge-score oracle.

Test modules import the plain helpers with ``from conftest import ...`` (pytest's default
``prepend`` import mode puts this folder on ``sys.path``).

The real corpora live in ``../shared/data`` next to the repository (CI has them) or wherever
``$ROUGEKIT_SHARED_DATA`` points. When they are absent, every test that needs them is
skipped with a visible reason; the small fixture ``tests/data/xsum-sample.jsonl`` (shipped
in the repository) still gives a fresh clone some real text.
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir

TESTS_DIR = Path(__file__).resolve().parent
TEST_DATA = TESTS_DIR / "data"
SAMPLE = TEST_DATA / "xsum-sample.jsonl"
GOLDEN = TESTS_DIR / "golden" / "rouge-score-golden.jsonl"
SHARED_ENV = "ROUGEKIT_SHARED_DATA"

#: Every rouge-score type the differential tests compare (rouge-score accepts rouge1..9).
ALL_TYPES = ("rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum")
FIELDS = ("precision", "recall", "fmeasure")

#: One 294k x 21k-token pair: far too slow for rouge-score's pure-Python LCS table.
TOO_BIG_FOR_ROUGE_SCORE = frozenset({"long-all-input-vs-all-output.jsonl"})

# Hypothesis: deterministic examples, no example database, no deadline (the first call of a
# test warms caches and may be slow on a loaded CI machine). Its other files (caches, patches
# for failing examples) go to the temporary directory, not into the repository.
set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "rougekit-tests-hypothesis")
settings.register_profile(
    "rougekit",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("rougekit")


def shared_data_dir() -> Path:
    """``$ROUGEKIT_SHARED_DATA`` if set, else ``<repo>/../shared/data``."""
    env = os.environ.get(SHARED_ENV, "").strip()
    if env:
        return Path(env).expanduser().resolve()
    return Path(__file__).resolve().parents[1].parent / "shared" / "data"


SHARED_DATA = shared_data_dir()
SHARED_MISSING_REASON = (
    f"shared corpora not found at {SHARED_DATA} (set ${SHARED_ENV} to the folder holding "
    "the shared data to run these tests)"
)


def shared_available() -> bool:
    return SHARED_DATA.is_dir() and any(SHARED_DATA.rglob("*.jsonl"))


def require_shared() -> Path:
    """The shared data folder, or a visible skip."""
    if not shared_available():
        pytest.skip(SHARED_MISSING_REASON)
    return SHARED_DATA


def shared_corpus_files(*, include_too_big: bool = False) -> list[Path]:
    """Every corpus ``*.jsonl`` under the shared data, sorted.

    ``expected-per-pair/`` folders hold Perl score files (``{"id", "scores"}``), not corpora,
    so they are left out, and so is any other JSONL whose first record is not a pair (e.g.
    ``multilingual-conformance/strings.jsonl``, single strings ``{"id", "lang", "text"}``).
    """
    if not shared_available():
        return []
    files = []
    for path in sorted(SHARED_DATA.rglob("*.jsonl")):
        if "expected-per-pair" in path.parts or not _holds_pairs(path):
            continue
        if not include_too_big and path.name in TOO_BIG_FOR_ROUGE_SCORE:
            continue
        files.append(path)
    return files


def _holds_pairs(path: Path) -> bool:
    """Whether the first non-blank record of ``path`` has the shared pair format."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                return isinstance(row, dict) and "prediction" in row and "references" in row
    return False


def corpus_label(path: Path) -> str:
    """A short, unique test id for a corpus file."""
    if path == SAMPLE:
        return "tests/data/xsum-sample"
    try:
        rel = path.relative_to(SHARED_DATA)
    except ValueError:
        return path.name
    return str(rel.with_suffix(""))


def corpus_params(*, include_too_big: bool = False) -> list[Any]:
    """``pytest.param`` per corpus file (shared ones, then the shipped sample).

    Without the shared data, a single skipped parameter carries the reason, so the report
    says why the real corpora were not tested.
    """
    params: list[Any] = []
    files = shared_corpus_files(include_too_big=include_too_big)
    if files:
        params += [pytest.param(p, id=corpus_label(p)) for p in files]
    else:
        params.append(
            pytest.param(None, id="shared-data", marks=pytest.mark.skip(SHARED_MISSING_REASON))
        )
    params.append(pytest.param(SAMPLE, id=corpus_label(SAMPLE)))
    return params


def load_corpus(path: Path) -> list[dict[str, Any]]:
    """Pairs of a corpus file: ``{"id", "prediction", "references": [...]}`` per line."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            assert isinstance(row.get("prediction"), str), f"{path}:{lineno}: no prediction"
            refs = row.get("references")
            assert isinstance(refs, list) and refs, f"{path}:{lineno}: no references"
            assert all(isinstance(r, str) for r in refs), f"{path}:{lineno}: bad reference"
            rows.append(row)
    assert rows, f"{path} holds no pair"
    return rows


@pytest.fixture
def python_sigint() -> Iterator[None]:
    """Python's own Ctrl-C handler during the test, whatever the process inherited: a test run
    started in the background of a shell without job control inherits SIGINT ignored, and
    then no SIGINT ever becomes KeyboardInterrupt (the Ctrl-C tests would fail, not the
    code under test)."""
    import signal

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture
def sample_pairs() -> list[dict[str, Any]]:
    """The 40 shipped XSum pairs (always available)."""
    return load_corpus(SAMPLE)


def load_golden() -> list[dict[str, Any]]:
    with open(GOLDEN, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


# -- the rouge-score oracle, runnable in worker processes ------------------------------------

_ORACLES: dict[tuple[tuple[str, ...], bool, bool], Any] = {}


class _MemoStemmer:
    """NLTK's ``PorterStemmer().stem`` behind a cache: the same pure function, called once per
    distinct word. It halves rouge-score's run time on the corpora without changing a stem."""

    def __init__(self, stemmer: Any) -> None:
        self.stem = functools.lru_cache(maxsize=None)(stemmer.stem)


def rouge_score_scorer(types: Sequence[str], stemmer: bool, *, fast: bool = True) -> Any:
    """A cached ``rouge_score.rouge_scorer.RougeScorer`` (construction logs a line each time).

    ``fast`` memoises the stemmer (see ``_MemoStemmer``); everything else is rouge-score's.
    """
    key = (tuple(types), stemmer, fast)
    if key not in _ORACLES:
        from rouge_score import rouge_scorer

        scorer = rouge_scorer.RougeScorer(list(types), use_stemmer=stemmer)
        if stemmer and fast:
            tokenizer = scorer._tokenizer
            assert tokenizer._stemmer is not None, "rouge-score internals changed"
            tokenizer._stemmer = _MemoStemmer(tokenizer._stemmer)
        _ORACLES[key] = scorer
    return _ORACLES[key]


def rouge_score_chunk(
    args: tuple[tuple[str, ...], bool, list[tuple[list[str], str]]],
) -> list[list[tuple[Any, Any, Any]]]:
    """rouge-score's ``score_multi(references, prediction)`` of each pair of a chunk.

    Returns, per pair, one ``(P, R, F)`` tuple per type (Python ints kept as ints).
    A module-level function so that a ``spawn`` worker process can run it.
    """
    types, stemmer, pairs = args
    scorer = rouge_score_scorer(types, stemmer)
    out = []
    for refs, pred in pairs:
        s = scorer.score_multi(refs, pred)
        out.append([tuple(s[t]) for t in types])
    return out


def mismatch_report(mismatches: Iterable[str], total: int, what: str, limit: int = 8) -> str:
    mismatches = list(mismatches)
    head = "\n  ".join(mismatches[:limit])
    more = f"\n  ... and {len(mismatches) - limit} more" if len(mismatches) > limit else ""
    return f"{len(mismatches)} of {total} {what} differ from rouge-score:\n  {head}{more}"


def snippet(text: str, width: int = 60) -> str:
    text = text.replace("\n", "\\n")
    return text if len(text) <= width else text[: width - 3] + "..."


def corpus_bits(result: Any) -> dict[Any, Any]:
    """Every number of a CorpusResult exactly (floats as their hex: a bit-for-bit comparison),
    with n and the signature: the mean under ``(type, field)``, the CI under
    ``(type, field, "ci")``."""
    out: dict[Any, Any] = {"n": result.n, "signature": str(result.signature)}
    for t in result.types:
        for f in FIELDS:
            out[t, f] = getattr(result.mean[t], f).hex()
            if result.low is not None:
                out[t, f, "ci"] = (
                    getattr(result.low[t], f).hex(),
                    getattr(result.high[t], f).hex(),
                )
    return out
