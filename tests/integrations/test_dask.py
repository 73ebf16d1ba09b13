"""rougekit.dask on a real distributed.LocalCluster (2 worker processes, 1 thread each):
200,000 real pairs in 16 partitions equal one process bit for bit; the readers keep
lists; stringified lists are refused; each worker scores with its own thread count."""

from __future__ import annotations

import json
import pickle
import sys
from pathlib import Path

import pytest

dask = pytest.importorskip("dask")
pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")
pa = pytest.importorskip("pyarrow")

import dask.bag as db  # noqa: E402
import dask.dataframe as dd  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402
import rougekit  # noqa: E402
import rougekit.dask as rkd  # noqa: E402
from conftest import corpus_bits, named_corpus  # noqa: E402
from rougekit.results import FIELDS  # noqa: E402

TYPES = ["rouge1", "rouge2", "rougeL"]
N_PAIRS = 200_000
N_PARTS = 16
#: Real corpora (1 to 11 references a pair), repeated up to N_PAIRS.
CORPORA = [
    "cnndm-pointer-generator/pointer-gen-cov.jsonl",
    "cnndm-pointer-generator/pointer-gen.jsonl",
    "cnndm-pointer-generator/baseline.jsonl",
    "summeval-cnndm/summeval.jsonl",
    "realsumm-cnndm/realsumm.jsonl",
    "newsroom-human-eval/newsroom.jsonl",
    "xsum-hallucination-annotations/xsum.jsonl",
    "duc2004-task2-pyrouge-tests/summaries_1.jsonl",
    "rouge155-sample-test/ROUGE-test.jsonl",
]


def _records() -> list[dict]:
    rows: list[dict] = []
    for name in CORPORA:  # shipped, else its stand-in without the shared data
        rows += named_corpus(name)
    records = [{"prediction": r["prediction"], "references": list(r["references"])} for r in rows]
    return [records[i % len(records)] for i in range(N_PAIRS)]


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return _records()


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
        worker_dashboard_address=None,
    ) as cluster, distributed.Client(cluster) as client:  # fmt: skip
        # The workers import this worktree's rougekit (an editable install).
        client.run(lambda: sys.path)
        yield client


@pytest.fixture(scope="module")
def jsonl_files(records, tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("pairs")
    size = -(-len(records) // N_PARTS)
    paths = []
    for k in range(N_PARTS):
        path = folder / f"part-{k:02d}.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for r in records[k * size : (k + 1) * size]:
                out.write(json.dumps(r) + "\n")
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def scorer():
    return rougekit.RougeScorer(TYPES, stemmer=True, threads=2)


@pytest.fixture(scope="module")
def one_process(records, scorer):
    preds = [r["prediction"] for r in records]
    refs = [r["references"] for r in records]
    return scorer.corpus(preds, refs, confidence=0.95, n_bootstrap=200, seed=7)


def test_exact_mode_equals_one_process_bit_for_bit(
    client, jsonl_files, scorer, one_process, records
):
    pairs = rkd.read_jsonl(jsonl_files)
    assert pairs.npartitions == N_PARTS
    got = rkd.corpus(pairs, scorer, confidence=0.95, n_bootstrap=200, seed=7)
    assert got.n == N_PAIRS
    assert corpus_bits(got) == corpus_bits(one_process)
    # Several references a pair in the real data: the lists were kept.
    assert max(len(r["references"]) for r in records) > 1
    assert one_process.signature.fields["nrefs"] != "1"


def test_streaming_means_equal_to_the_last_bit(client, jsonl_files, scorer, one_process):
    pairs = rkd.read_jsonl(jsonl_files)
    got = rkd.corpus(pairs, scorer, confidence=0.95, n_bootstrap=200, seed=7, mode="streaming")
    assert got.n == N_PAIRS
    want = {k: v for k, v in corpus_bits(one_process).items() if len(k) == 2 and k != "signature"}
    assert {k: v for k, v in corpus_bits(got).items() if k in want} == want
    assert got.signature.fields["acc"] == "streaming"
    for t in TYPES:
        for f in FIELDS:
            assert getattr(got.low[t], f) < getattr(got.mean[t], f) < getattr(got.high[t], f)


def test_streaming_ci_does_not_depend_on_the_partitioning(client, records, scorer, tmp_path):
    few = records[:4000]
    kw = {"n_bootstrap": 100, "seed": 1, "mode": "streaming", "confidence": 0.9}
    bag = rkd.corpus(db.from_sequence(few, npartitions=3), scorer, **kw)
    # Parquet, uneven row groups: the DataFrame path and the reader.
    pq.write_table(pa.Table.from_pylist(few), tmp_path / "pairs.parquet", row_group_size=333)
    frame = rkd.read_parquet(tmp_path / "pairs.parquet", split_row_groups=True)
    assert frame.npartitions == 13
    assert corpus_bits(rkd.corpus(frame, scorer, **kw)) == corpus_bits(bag)
    # The exact mode through Parquet: lists read back as lists, one process's numbers.
    preds, refs = [r["prediction"] for r in few], [r["references"] for r in few]
    want = scorer.corpus(preds, refs, confidence=0.9, n_bootstrap=100, seed=1)
    assert corpus_bits(
        rkd.corpus(frame, scorer, confidence=0.9, n_bootstrap=100, seed=1)
    ) == corpus_bits(want)


def test_score_gives_a_lazy_frame_of_pairs(client, records, scorer):
    few = records[:3000]
    pairs = db.from_sequence(few, npartitions=5)
    frame = rkd.score(pairs, scorer)
    assert isinstance(frame, dd.DataFrame)
    assert list(frame.columns) == ["id"] + [f"{t}_{f}" for t in TYPES for f in FIELDS]
    got = frame.compute()
    batch = scorer.score_batch([r["prediction"] for r in few], [r["references"] for r in few])
    assert got["id"].tolist() == list(range(len(few)))
    for t in TYPES:
        for f in FIELDS:
            assert got[f"{t}_{f}"].to_numpy().tobytes() == getattr(batch, f)(t).tobytes()


def test_dataframe_with_lists_from_pandas(client, records, scorer):
    few = records[:2000]
    pdf = pd.DataFrame(few)
    want = scorer.corpus([r["prediction"] for r in few], [r["references"] for r in few])
    # Dask's default under pandas 3 turns the object column of lists into strings...
    stringified = dd.from_pandas(pdf, npartitions=4)
    with pytest.raises(ValueError, match="holds a list"):
        rkd.corpus(stringified, scorer)
    # ... which rougekit refuses; with the conversion off, the lists are kept.
    with dask.config.set({"dataframe.convert-string": False}):
        kept = dd.from_pandas(pdf, npartitions=4)
    assert corpus_bits(rkd.corpus(kept, scorer)) == corpus_bits(want)


def test_stringified_list_in_a_bag_is_refused(scorer):
    pairs = db.from_sequence([{"prediction": "a b", "references": "['a b', 'c']"}], npartitions=1)
    with pytest.raises(ValueError, match="holds a list"):
        rkd.corpus(pairs, scorer)
    # Text that only looks like brackets is text.
    fine = db.from_sequence([{"prediction": "a", "references": "[citation needed]"}])
    assert rkd.corpus(fine, scorer).n == 1


def test_bad_pairs_are_clear_errors(scorer):
    with pytest.raises(TypeError, match="Dask Bag"):
        rkd.corpus([{"prediction": "a", "references": "a"}], scorer)
    with pytest.raises(ValueError, match="lacks 'references'"):
        rkd.corpus(db.from_sequence([{"prediction": "a"}]), scorer)
    with pytest.raises(TypeError, match="each pair is a dict"):
        rkd.corpus(db.from_sequence(["a"]), scorer)
    frame = dd.from_pandas(pd.DataFrame({"prediction": ["a"], "refs": ["a"]}), npartitions=1)
    with pytest.raises(ValueError, match="missing: \\['references'\\]"):
        rkd.corpus(frame, scorer)
    with pytest.raises(ValueError, match="mode must be"):
        rkd.corpus(db.from_sequence([{"prediction": "a", "references": "a"}]), scorer, mode="x")


def test_each_worker_uses_its_own_thread_count(client, scorer):
    # 1 thread per worker process here (never the client's threads=2)...
    assert client.run(rkd._worker_threads) == {w: 1 for w in client.scheduler_info()["workers"]}
    threads = client.submit(lambda s: rkd._local_scorer(s).config.threads, scorer).result()
    assert threads == 1
    # ... 3 in a worker of 3 threads; 1 outside a worker (the local schedulers run tasks in
    # parallel already).
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=3, processes=False, dashboard_address=None
    ) as cluster, distributed.Client(cluster, set_as_default=False) as other:  # fmt: skip
        assert other.submit(rkd._worker_threads).result() == 3
    assert rkd._worker_threads() == 1


def test_accumulators_travel_pickled(records, scorer):
    acc = rkd._accumulate(records[:100], scorer, 0, "streaming", 10, 0)
    back = pickle.loads(pickle.dumps(acc))
    assert corpus_bits(back.finalize(confidence=0.9)) == corpus_bits(acc.finalize(confidence=0.9))


def test_missing_dask_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)
    with pytest.raises(ImportError, match="rougekit\\[dask\\]"):
        rkd.read_jsonl("x.jsonl")


def _warned(call):
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    return result, [(w.category, str(w.message)) for w in caught]


@pytest.mark.parametrize("mode", ["exact", "streaming"])
def test_corpus_warns_on_the_client_as_one_process_would(client, mode):
    """Worker processes' warnings never reach the caller, so the partitions are scored
    without warning and corpus() warns once with the corpus's counts: the words and numbers
    of scorer.corpus over the same pairs."""
    scorer = rougekit.RougeScorer(["rouge1", "rougeLsum"])
    rows = [
        {"prediction": "中文摘要" if i % 7 == 0 else f"a summary {i}", "references": "a ref"}
        for i in range(400)
    ]
    pairs = db.from_sequence(rows, npartitions=4)
    got, warned = _warned(lambda: rkd.corpus(pairs, scorer, mode=mode))
    preds = [r["prediction"] for r in rows]
    refs = [r["references"] for r in rows]
    want, expected = _warned(lambda: scorer.corpus(preds, refs))
    assert [c.__name__ for c, _ in expected] == ["NoTokensWarning", "NoSentencesWarning"]
    assert "58 of 400 predictions" in expected[0][1]
    assert warned == expected
    assert got.n == want.n == 400
