"""Shared test helpers: where the corpora are, how to load them, the rouge-score oracle.

Test modules import the plain helpers with ``from conftest import ...`` (pytest's default
``prepend`` import mode puts this folder on ``sys.path``).

The corpora the tests need ship in ``tests/data/corpora`` (xz-compressed JSON Lines in the
layout of the shared data; licence and provenance in ``tests/data/README.md``), so a fresh
clone runs every test. The full shared corpora, in ``../shared/data`` next to the repository
or wherever ``$ROUGEKIT_SHARED_DATA`` points, add larger runs where a test is written so
(e.g. every corpus of :func:`corpus_params`); a shipped copy stands for the shared file of
the same name.
"""

from __future__ import annotations

import functools
import gzip
import json
import lzma
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir

TESTS_DIR = Path(__file__).resolve().parent
#: The repository (tests live in folders that mirror the source: tests/cli, tests/perl, ...).
REPO = TESTS_DIR.parent
TEST_DATA = TESTS_DIR / "data"
SAMPLE = TEST_DATA / "xsum-sample.jsonl"
#: Corpora that ship with the tests, in the shared data layout (``tests/data/README.md``).
SHIPPED = TEST_DATA / "corpora"
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

#: Suffixes of the compressed copies :func:`open_text` reads transparently.
COMPRESSED = (".xz", ".gz")


def shared_available() -> bool:
    return SHARED_DATA.is_dir() and any(SHARED_DATA.rglob("*.jsonl"))


def require_shared() -> Path:
    """The shared data folder, or a visible skip (only for runs that add the full corpora:
    every test has shipped data to run on)."""
    if not shared_available():
        pytest.skip(SHARED_MISSING_REASON)
    return SHARED_DATA


def _plain(path: Path) -> Path:
    """``path`` without a compression suffix."""
    return path.with_suffix("") if path.suffix in COMPRESSED else path


def shipped_file(relative: str) -> Path | None:
    """The copy of a shared-data file that ships in ``tests/data/corpora`` (plain or
    compressed), or ``None``."""
    base = SHIPPED / relative
    for candidate in (base, *(base.with_name(base.name + s) for s in COMPRESSED)):
        if candidate.is_file():
            return candidate
    return None


def shared_file(relative: str) -> Path | None:
    """A file of the shared data (``$ROUGEKIT_SHARED_DATA`` or ``../shared/data``), or
    ``None`` when that folder or file is absent: the full corpora of the larger runs."""
    path = SHARED_DATA / relative
    return path if path.is_file() else None


def data_file(relative: str) -> Path:
    """A corpus file by its path in the shared data layout: the shipped copy (the default),
    else the shared one. Only shipped files are used by tests that must always run."""
    path = shipped_file(relative) or shared_file(relative)
    if path is None:
        raise FileNotFoundError(f"{relative} is neither in {SHIPPED} nor in {SHARED_DATA}")
    return path


def relative_name(path: Path) -> str:
    """The shared-data layout path of a shipped or shared file (no compression suffix)."""
    for root in (SHIPPED, SHARED_DATA):
        try:
            return str(_plain(path).relative_to(root))
        except ValueError:
            continue
    return _plain(path).name


def open_text(path: Path) -> IO[str]:
    """A text file, read through xz or gzip when its name says it is compressed."""
    if path.suffix == ".xz":
        return lzma.open(path, "rt", encoding="utf-8")
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def read_jsonl(path: Path) -> list[Any]:
    """Every non-blank line of a (possibly compressed) JSON Lines file."""
    with open_text(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def plain_copy(path: Path, folder: Path) -> Path:
    """``path`` itself when it is plain text, else its decompressed copy in ``folder`` (for a
    command line that reads the file)."""
    if path.suffix not in COMPRESSED:
        return path
    target = folder / _plain(path).name
    with open_text(path) as src, open(target, "w", encoding="utf-8") as dst:
        shutil.copyfileobj(src, dst)
    return target


def _jsonl_files(root: Path) -> dict[str, Path]:
    """``relative name -> path`` of every ``*.jsonl`` (plain or compressed) under ``root``."""
    if not root.is_dir():
        return {}
    out = {}
    for pattern in ("*.jsonl", *(f"*.jsonl{s}" for s in COMPRESSED)):
        for path in root.rglob(pattern):
            out[str(_plain(path).relative_to(root))] = path
    return out


def data_files() -> dict[str, Path]:
    """Every JSONL file of the shipped data and, when present, of the shared data, by its
    relative name; a shipped copy stands for the shared file of the same name."""
    files = _jsonl_files(SHARED_DATA) if shared_available() else {}
    files.update(_jsonl_files(SHIPPED))
    return dict(sorted(files.items()))


def shared_corpus_files(*, include_too_big: bool = False) -> list[Path]:
    """Every corpus file: the shipped ones, plus the other shared ones when present, sorted
    by relative name.

    ``expected-per-pair/`` folders hold Perl score files (``{"id", "scores"}``), not corpora,
    so they are left out, and so is any other JSONL whose first record is not a pair (e.g.
    ``multilingual-conformance/strings.jsonl``, single strings ``{"id", "lang", "text"}``).
    """
    files = []
    for name, path in data_files().items():
        if "expected-per-pair" in Path(name).parts or not holds_pairs(path):
            continue
        if not include_too_big and Path(name).name in TOO_BIG_FOR_ROUGE_SCORE:
            continue
        files.append(path)
    return files


corpus_files = shared_corpus_files


def expected_per_pair_files() -> list[Path]:
    """Every Perl ``expected-per-pair`` score file, shipped and (when present) shared."""
    return [
        path
        for name, path in data_files().items()
        if "expected-per-pair" in Path(name).parts and Path(name).name.startswith("perl-rouge155.")
    ]


def holds_pairs(path: Path) -> bool:
    """Whether the first non-blank record of ``path`` has the shared pair format."""
    with open_text(path) as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                return isinstance(row, dict) and "prediction" in row and "references" in row
    return False


def corpus_label(path: Path) -> str:
    """A short, unique test id for a corpus file."""
    if path == SAMPLE:
        return "tests/data/xsum-sample"
    return str(Path(relative_name(path)).with_suffix(""))


def corpus_params(*, include_too_big: bool = False) -> list[Any]:
    """``pytest.param`` per corpus file: the shipped ones (and the other shared ones when
    present), then the shipped sample."""
    params = [
        pytest.param(p, id=corpus_label(p))
        for p in shared_corpus_files(include_too_big=include_too_big)
    ]
    params.append(pytest.param(SAMPLE, id=corpus_label(SAMPLE)))
    return params


def load_corpus(path: Path) -> list[dict[str, Any]]:
    """Pairs of a corpus file: ``{"id", "prediction", "references": [...]}`` per line."""
    rows = []
    with open_text(path) as f:
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


# -- stand-ins for the corpora that do not ship ------------------------------------------------

SUMMEVAL = "summeval-cnndm/summeval.jsonl"
XSUM = "xsum-hallucination-annotations/xsum.jsonl"


def sentence_lines(text: str) -> str:
    """A text in lines of sentences, as CNN/DM's outputs are: SummEval keeps each summary on
    one line, so a line break goes after tokenized full stops (`` . ``), but every third one
    keeps two sentences on a line (lines are not always sentences: a sentence splitter and a
    line splitter must not agree by construction)."""
    if "\n" in text:
        return text
    parts = text.split(" . ")
    out = parts[0]
    for i, part in enumerate(parts[1:], start=1):
        out += (" . " if i % 3 == 0 else " .\n") + part
    return out.strip()


def _summeval(refs: slice, *, systems: int = 16, rotate: int = 0) -> list[dict[str, Any]]:
    """SummEval's pairs (the first ``systems`` of each document's 16), one sentence per line,
    with the references ``refs`` of the 11; ``rotate`` gives each pair the prediction of the
    system that many places later in its document (another system, the same references and
    the same id: a pair's id names the pair, as in the corpora these stand in for, so two
    systems' files list the same ids in the same order)."""
    docs: dict[str, list[dict[str, Any]]] = {}
    for r in load_corpus(data_file(SUMMEVAL)):
        docs.setdefault(r["id"].split("|")[0], []).append(r)
    rows = []
    for group in docs.values():
        for i, r in enumerate(group[:systems]):
            other = group[(i + rotate) % len(group)]
            rows.append(
                {
                    "id": r["id"],
                    "prediction": sentence_lines(other["prediction"]),
                    "references": [sentence_lines(t) for t in r["references"][refs]],
                }
            )
    return rows


def _summeval_multi_peer() -> list[dict[str, Any]]:
    """ROUGE-test's layout (ids ``eval<N>-peer<P>``, 8 peers and 4 references per EVAL)."""
    docs: dict[str, int] = {}
    out = []
    for r in _summeval(slice(0, 4), systems=8):
        doc, system = r["id"].split("|")
        n = docs.setdefault(doc, len(docs) + 1)
        out.append({**r, "id": f"eval{n}-peer{system.removeprefix('M')}"})
    return out


def _summeval_long_candidates() -> list[dict[str, Any]]:
    """Long one-line candidates (a document's 11 references joined, ~470 words) against a
    system summary: the long-text case of ``cnndm-fulltext-vs-reference``."""
    return [
        {"id": r["id"], "prediction": " ".join(r["references"]), "references": [r["prediction"]]}
        for r in load_corpus(data_file(SUMMEVAL))[::16]
    ]


def _long_pair() -> list[dict[str, Any]]:
    """One very long pair, one sentence per line: every sentence of the SummEval and XSum
    predictions (6,637 lines, 139k words) against every distinct line of the SummEval
    references (2,731 lines, 47k words): the extreme LCS case of the DUC 2004 long pair."""
    pred: list[str] = []
    for row in [*load_corpus(data_file(SUMMEVAL)), *load_corpus(data_file(XSUM))]:
        pred += [line for line in sentence_lines(row["prediction"]).split("\n") if line.strip()]
    ref: dict[str, None] = {}
    for row in load_corpus(data_file(SUMMEVAL))[::16]:
        for text in row["references"]:
            for line in sentence_lines(text).split("\n"):
                if line.strip():
                    ref.setdefault(line.strip(), None)
    return [{"id": "long", "prediction": "\n".join(pred), "references": ["\n".join(ref)]}]


#: Corpora of the shared data that may not be redistributed -> (what stands in, builder).
STAND_INS: dict[str, tuple[str, Any]] = {
    "cnndm-pointer-generator/pointer-gen-cov.jsonl": (
        "SummEval, 1 reference", lambda: _summeval(slice(0, 1)),
    ),
    "cnndm-pointer-generator/pointer-gen.jsonl": (
        "SummEval, 1 reference, the next system", lambda: _summeval(slice(0, 1), rotate=1),
    ),
    "cnndm-pointer-generator/baseline.jsonl": (
        "SummEval, 1 reference, the system after", lambda: _summeval(slice(0, 1), rotate=2),
    ),
    "realsumm-cnndm/realsumm.jsonl": (
        "SummEval, 1 reference (the 4th)", lambda: _summeval(slice(3, 4), rotate=3),
    ),
    "duc2004-task2-pyrouge-tests/summaries_1.jsonl": (
        "SummEval, 4 references", lambda: _summeval(slice(0, 4), systems=1),
    ),
    "duc2004-task2-pyrouge-tests/summaries_2.jsonl": (
        "SummEval, 4 other references", lambda: _summeval(slice(4, 8), systems=1),
    ),
    "rouge155-sample-test/ROUGE-test.jsonl": (
        "SummEval, 8 peers x 4 references per EVAL", _summeval_multi_peer,
    ),
    "rouge155-sample-test/DUC2002-ROUGE.in.26.spl.jsonl": (
        "SummEval, 1 system, 1 reference", lambda: _summeval(slice(0, 1), systems=1),
    ),
    "newsroom-human-eval/newsroom.jsonl": ("XSum", lambda: load_corpus(data_file(XSUM))),
    "cnndm-fulltext-vs-reference/fulltext-article-first1000.jsonl": (
        "SummEval, long one-line candidates", _summeval_long_candidates,
    ),
    "duc2004-task2-pyrouge-tests/long-all-input-vs-all-output.jsonl": (
        "SummEval + XSum, one 139k x 47k-word pair", _long_pair,
    ),
}  # fmt: skip

#: Prefix of a corpus name that asks for its stand-in (:func:`named_corpus`).
STAND_IN = "stand-in:"


def named_corpus(name: str) -> list[dict[str, Any]]:
    """The pairs of a corpus by its path in the shared data layout: the shipped copy; else,
    when ``name`` starts with :data:`STAND_IN` or the shared data is absent, the stand-in
    built from shipped corpora (:data:`STAND_INS`); else the shared file."""
    relative = name.removeprefix(STAND_IN)
    shipped = shipped_file(relative)
    if shipped is not None:
        return load_corpus(shipped)
    shared = shared_file(relative)
    if shared is None or name.startswith(STAND_IN):
        return STAND_INS[relative][1]()
    return load_corpus(shared)


def corpus_names(relative: str) -> list[Any]:
    """``pytest.param`` names for :func:`named_corpus`: the shipped corpus, or the stand-in of
    one that does not ship plus the real one when the shared data is present."""
    label = str(Path(relative).with_suffix(""))
    if shipped_file(relative) is not None:
        return [pytest.param(relative, id=label)]
    params = [pytest.param(STAND_IN + relative, id=f"{label}-stand-in")]
    if shared_file(relative) is not None:
        params.append(pytest.param(relative, id=label))
    return params


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


@pytest.fixture(scope="module")
def trained_punkt(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """NLTK's real ``sent_tokenize`` with an English Punkt model trained here (for
    rougeLsum's sentences in rouge-score's ``split_summaries`` and torchmetrics): NLTK's
    own ``punkt_tab`` model is a download, which the tests never make. The model's parameters are
    learnt by NLTK's ``PunktTrainer`` from 4,000 CNN/DM reference summaries and written in
    the ``punkt_tab`` layout (four tab files, as ``nltk.tokenize.punkt.load_punkt_params``
    reads them) under a data root put first on ``nltk.data.path``. Both sides then run
    Punkt's real code (its abbreviation, collocation and orthographic rules) on a real
    model; which model does not matter for the comparison, only that both use the same."""
    import nltk
    from nltk.tokenize.punkt import PunktTrainer

    rows = named_corpus("cnndm-pointer-generator/pointer-gen-cov.jsonl")
    trainer = PunktTrainer()
    trainer.INCLUDE_ALL_COLLOCS = True
    trainer.train("\n".join(r["references"][0] for r in rows[:4000]), finalize=True)
    params = trainer.get_params()
    root = tmp_path_factory.mktemp("nltk_data")
    model = root / "tokenizers" / "punkt_tab" / "english"
    model.mkdir(parents=True)
    files = {
        "collocations.tab": ["\t".join(pair) for pair in params.collocations],
        "sent_starters.txt": list(params.sent_starters),
        "abbrev_types.txt": list(params.abbrev_types),
        "ortho_context.tab": [f"{k}\t{v}" for k, v in params.ortho_context.items()],
    }
    for name, lines in files.items():
        (model / name).write_text("\n".join(sorted(lines)), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nltk.data, "path", [str(root), *nltk.data.path])
        cached = getattr(nltk.tokenize, "_get_punkt_tokenizer", None)
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()  # a tokenizer loaded from another model must not be reused
        yield
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()


# -- markers ----------------------------------------------------------------------------------
# Every test is marked by where it lives, so that `pytest -m "not slow"` (the fast subset,
# `pip install '.[test-fast]'`) and `-m oracle` / `-m integration` select whole suites.

#: Modules that compare against a reference implementation run in the test.
ORACLE_MODULES = frozenset({
    "test_differential_corpora", "test_differential_hypothesis", "test_stem_snowball",
    "test_tokenize_unicode", "test_scores_unicode", "test_union_lcs", "test_segment_jieba",
    "test_segment_newmm", "test_segment_mecab", "test_segmenter", "test_recipes_japanese",
    "test_xlsum_japanese",
    "test_published_pltrdy", "test_published_recipes", "test_rouge_score_suite",
    "test_compat_fidelity", "test_compat_bootstrap", "test_perl_differential",
    "test_perl_sample_outputs", "test_perl_options", "test_perl_files", "test_perl_profile",
    "test_perl_make_home", "test_recipes_harnesses", "test_on_empty",
    "test_sentences_punkt", "test_sentences_punkt_corpora", "test_recipes_punkt",
    "test_recipes_mlperf", "test_recipes_jury", "test_integrations_jury",
    "test_recipes_evalscope", "test_recipes_nemo",
    "test_pairs", "test_dedup", "test_dedup_corpora",
})  # fmt: skip

#: Modules whose tests take long on a 2-core machine, beyond the integrations, which are
#: all slow: the modules of a full run's slowest 600 seconds (`pytest --durations=0`), so
#: that `-m "not slow"` runs in under 2 minutes.
SLOW_MODULES = frozenset({
    "test_perl_limits", "test_differential_corpora", "test_perl_sample_outputs",
    "test_differential_hypothesis", "test_engine_multiref", "test_union_lcs",
    "test_perl_data_dir", "test_profile_token_ids", "test_perl_differential",
    "test_tokenize_unicode", "test_compat_bootstrap", "test_rouge_score_suite",
    "test_published_pltrdy", "test_fuzz_smoke", "test_kernel_interrupt", "test_dedup_corpora",
    "test_report_browser", "test_sentences_punkt_corpora", "test_recipes_harnesses",
    "test_identify", "test_cli_recipes", "test_recipes_punkt", "test_on_empty",
    "test_recipes_mlperf", "test_recipes_jury",
})  # fmt: skip


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        if path.parent.name == "integrations":
            item.add_marker(pytest.mark.integration)
            item.add_marker(pytest.mark.slow)
        if path.stem in ORACLE_MODULES:
            item.add_marker(pytest.mark.oracle)
        if path.stem in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The fast subset (`-m "not slow"`) does not even import the integration suites: their
    host libraries (torch, Dask, Spark, Ray, ...) need not be installed for it."""
    if collection_path.parent.name == "integrations" and "not slow" in config.option.markexpr:
        return True
    return None
