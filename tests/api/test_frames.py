"""Data frames from results (python/rougekit/frames.py): Arrow, polars and pandas frames whose
columns are the batch's scores, over the core's own memory where the format allows, with
the pairs' ids and the signature carried along. Tested through the real pyarrow, polars and
pandas."""

from __future__ import annotations

import ctypes
import gc
import sys
from typing import Any

import duckdb
import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest
import rougekit as rk
from conftest import SAMPLE, load_corpus
from profile_cases import batch_inputs, case_id, required, stemmed
from rougekit import _core, frames, profiles
from rougekit.results import FIELDS, BatchResult

pytestmark = pytest.mark.filterwarnings("ignore::rougekit.NoSentencesWarning")

#: Every registered profile, with its stemmer where it has one.
CASES = [(name, {**required(name), **stemmed(name)}) for name in profiles.names()]


def _batch(profile: str, options: dict[str, Any], *, with_ids: bool = True) -> BatchResult:
    rows = load_corpus(SAMPLE)
    preds = [r["prediction"] for r in rows]
    refs = [r["references"] for r in rows]
    preds, refs = batch_inputs(profile, preds, refs)
    scorer = rk.RougeScorer(profile=profile, **options)
    ids = [r["id"] for r in rows] if with_ids else None
    return scorer.score_batch(preds, refs, ids=ids)


def _columns(batch: BatchResult) -> dict[str, np.ndarray]:
    return {f"{t}_{f}": getattr(batch, f)(t) for t in batch.types for f in FIELDS}


def _address(a: np.ndarray) -> int:
    return int(a.__array_interface__["data"][0])


@pytest.mark.parametrize(("profile", "options"), CASES, ids=[case_id(c) for c in CASES])
def test_every_frame_holds_the_batch_columns_bit_for_bit(profile, options):
    batch = _batch(profile, options)
    expected = _columns(batch)
    names = ["id", *expected]
    table = batch.to_arrow()
    assert table.column_names == names
    assert table.column("id").to_pylist() == batch.ids
    polars_frame = batch.to_polars()
    assert polars_frame.columns == names
    assert polars_frame["id"].to_list() == batch.ids
    pandas_frame = batch.to_pandas()
    assert list(pandas_frame.columns) == list(expected)
    assert list(pandas_frame.index) == batch.ids
    for name, values in expected.items():
        assert values.dtype == np.float64 and len(values) == len(batch)
        # Same bits (NaN-safe): compare the bytes, not the floats.
        assert table.column(name).to_numpy().tobytes() == values.tobytes()
        assert polars_frame[name].to_numpy().tobytes() == values.tobytes()
        assert pandas_frame[name].to_numpy().tobytes() == values.tobytes()
        assert pandas_frame[name].dtype == np.float64
    # And the columns are the per-pair scores the result gives one by one.
    for i in (0, len(batch) - 1):
        for t, score in batch[i].items():
            assert tuple(table.column(f"{t}_{f}")[i].as_py() for f in FIELDS) == tuple(score)


def test_the_batch_columns_are_views_of_the_core_memory():
    batch = _batch("rouge-score", {})
    for t in batch.types:
        for f in FIELDS:
            column = getattr(batch, f)(t)
            core = np.asarray(_core.ColumnView(batch.scores, t, f))
            assert _address(column) == _address(core)
            assert not column.flags.writeable
            with pytest.raises(ValueError, match="read-only"):
                column[0] = 1.0
            # The old copy the core made for every column still agrees bit for bit.
            assert column.tobytes() == bytes(batch.scores.buffer(t, f))


def test_arrow_imports_the_scores_without_a_copy():
    batch = _batch("rouge-score", {})
    table = batch.to_arrow()
    for name, values in _columns(batch).items():
        chunks = table.column(name).chunks
        assert len(chunks) == 1
        validity, data = chunks[0].buffers()
        assert validity is None and chunks[0].null_count == 0
        assert data.address == _address(values)
        assert np.shares_memory(chunks[0].to_numpy(zero_copy_only=True), values)


def test_polars_imports_the_scores_without_a_copy():
    batch = _batch("rouge-score", {})
    frame = batch.to_polars()
    for name, values in _columns(batch).items():
        view = frame[name].to_numpy(allow_copy=False)  # raises if polars had to copy
        assert np.shares_memory(view, values)
    direct = pl.DataFrame(batch)  # the PyCapsule protocol, no pyarrow on the way
    assert np.shares_memory(direct["rouge1_fmeasure"].to_numpy(allow_copy=False),
                            batch.fmeasure("rouge1"))  # fmt: skip


def test_pandas_views_the_scores_without_a_copy_unless_asked():
    batch = _batch("rouge-score", {})
    frame = batch.to_pandas()
    copied = batch.to_pandas(copy=True)
    for name, values in _columns(batch).items():
        assert np.shares_memory(frame[name].to_numpy(), values)
        assert not np.shares_memory(copied[name].to_numpy(), values)
        assert copied[name].to_numpy().tobytes() == values.tobytes()
    # The views are read-only, as pyarrow's zero-copy frames: in-place edits fail loudly...
    with pytest.raises(ValueError, match="read-only"):
        frame.iloc[0, 0] = 2.0
    # ... and the batch's numbers are intact; a copy is writable.
    assert frame.iloc[0, 0] == batch.precision(batch.types[0])[0]
    copied.iloc[0, 0] = 2.0
    assert copied.iloc[0, 0] == 2.0
    # New columns and derived frames work as usual.
    frame["mean_f"] = frame[[c for c in frame.columns if c.endswith("_fmeasure")]].mean(axis=1)
    assert len(frame["mean_f"]) == len(batch)


def test_the_frames_keep_the_scores_alive_and_release_them():
    scorer = rk.RougeScorer(["rouge1", "rougeL"])
    batch = scorer.score_batch(["the cat sat", "a dog ran", ""], ["the cat", "dog", "x"])
    core = batch.scores
    expected = batch.fmeasure("rouge1").copy()
    base = sys.getrefcount(core)
    table = batch.to_arrow()
    polars_frame = batch.to_polars()
    pandas_frame = batch.to_pandas()
    assert sys.getrefcount(core) > base  # the frames hold the batch's memory
    del batch, core, scorer
    gc.collect()
    # The batch object is gone from Python's view; the frames still read its memory.
    assert table.column("rouge1_fmeasure").to_numpy().tobytes() == expected.tobytes()
    assert polars_frame["rouge1_fmeasure"].to_numpy().tobytes() == expected.tobytes()
    assert pandas_frame["rouge1_fmeasure"].to_numpy().tobytes() == expected.tobytes()


def test_every_stream_and_view_releases_its_reference():
    batch = _batch("rouge-score", {})
    core = batch.scores
    batch.fmeasure("rouge1")  # cached views of the result itself stay
    base = sys.getrefcount(core)
    assert _core.arrow_views(core) == 0
    for _ in range(3):
        table = pa.table(batch)
        polars_frame = pl.DataFrame(batch)
        moved = pa.table(batch).column("rouge1_recall")  # a child moved out of its batch
        reader = pa.RecordBatchReader.from_stream(batch)  # a stream not read to its end
        unused = batch.__arrow_c_stream__()  # never imported: its capsule frees it
        columns = len(frames.column_names(batch.types))
        # pyarrow and polars share the core's columns; the reader and the capsule hold a
        # batch each that they have not handed out yet.
        assert _core.arrow_views(core) >= 3 * columns
        pandas_frame = batch.to_pandas()  # NumPy views hold the Python object
        assert sys.getrefcount(core) > base
        del table, polars_frame, moved, reader, unused, pandas_frame
        gc.collect()
        assert _core.arrow_views(core) == 0
        assert sys.getrefcount(core) == base


def test_polars_releases_the_columns_after_work_on_its_threads():
    batch = _batch("rouge-score", {})
    frame = pl.DataFrame(batch)
    derived = (
        frame.lazy()
        .with_columns((pl.col("rouge1_fmeasure") * 2).alias("twice"))
        .filter(pl.col("rouge1_fmeasure") > 0)
        .collect()
    )
    sliced = frame.slice(5, 10)
    assert _core.arrow_views(batch.scores) > 0
    del frame, derived, sliced
    gc.collect()
    assert _core.arrow_views(batch.scores) == 0


def test_ids_and_signature_travel_with_the_frames():
    batch = _batch("rouge-score", {"stemmer": True})
    signature = str(batch.signature)
    metadata = batch.to_arrow().schema.metadata
    assert metadata[b"rougekit.signature"].decode() == signature
    assert metadata[b"rougekit.profile"] == b"rouge-score"
    assert metadata[b"rougekit.version"].decode() == rk.__version__
    assert rk.parse_signature(metadata[b"rougekit.signature"].decode()) == batch.signature
    frame = batch.to_pandas()
    assert frame.attrs["rougekit.signature"] == signature
    assert frame.attrs["rougekit.profile"] == "rouge-score"
    assert frame.index.name == "id"
    assert frame.loc[batch.ids[3]].to_dict() == {
        f"{t}_{f}": getattr(s, f) for t, s in batch[3].items() for f in FIELDS
    }
    # Through the protocol alone (no to_arrow): same metadata and ids.
    reader = pa.RecordBatchReader.from_stream(batch)
    assert reader.schema.metadata == metadata
    assert reader.read_all().column("id").to_pylist() == batch.ids


def test_ids_are_optional_and_can_be_given_per_call():
    batch = _batch("rouge-score", {}, with_ids=False)
    assert batch.ids is None
    assert "id" not in batch.to_arrow().column_names
    assert "id" not in batch.to_polars().columns
    assert isinstance(batch.to_pandas().index, pd.RangeIndex)
    ids = [f"doc-{i}" for i in range(len(batch))]
    assert batch.to_arrow(ids).column("id").to_pylist() == ids
    assert batch.to_polars(ids)["id"].to_list() == ids
    assert list(batch.to_pandas(ids).index) == ids
    assert batch.ids is None  # a per-call id list is not stored


def test_bad_ids_are_refused_before_scoring():
    scorer = rk.RougeScorer(["rouge1"])
    with pytest.raises(ValueError, match="got 1 ids for a batch of 2 pairs"):
        scorer.score_batch(["a", "b"], ["a", "b"], ids=["x"])
    with pytest.raises(TypeError, match=r"ids\[1\] must be str, got int"):
        scorer.score_batch(["a", "b"], ["a", "b"], ids=["x", 2])
    with pytest.raises(TypeError, match="ids must be a list of str, got str"):
        scorer.score_batch(["a", "b"], ["a", "b"], ids="xy")
    batch = scorer.score_batch(["a", "b"], ["a", "b"])
    with pytest.raises(ValueError, match="got 3 ids"):
        batch.to_arrow(["x", "y", "z"])


def test_an_empty_batch_gives_empty_frames():
    batch = rk.RougeScorer(["rouge1"]).score_batch([], [], ids=[])
    assert batch.to_arrow().num_rows == 0
    assert batch.to_arrow().column_names == ["id", *frames_columns(batch)]
    assert batch.to_polars().shape == (0, 4)
    assert batch.to_pandas().shape == (0, 3)


def frames_columns(batch: BatchResult) -> list[str]:
    return [name for name, _, _ in frames.column_names(batch.types)]


def test_ids_with_any_unicode_and_empty_strings():
    ids = ["", "é", "名前", "a\x00b", "x" * 1000]
    batch = rk.RougeScorer(["rouge1"]).score_batch(["a"] * 5, ["a"] * 5, ids=ids)
    assert batch.to_arrow().column("id").to_pylist() == ids
    assert batch.to_polars()["id"].to_list() == ids


def test_the_stream_is_one_arrow_record_batch_per_call():
    batch = _batch("rouge-score", {})
    capsule = batch.__arrow_c_stream__()
    is_valid = ctypes.pythonapi.PyCapsule_IsValid
    is_valid.restype, is_valid.argtypes = ctypes.c_int, [ctypes.py_object, ctypes.c_char_p]
    assert is_valid(capsule, b"arrow_array_stream") == 1
    batches = list(pa.RecordBatchReader.from_stream(batch))
    assert len(batches) == 1 and batches[0].num_rows == len(batch)
    # A new stream per call: the first one's consumption does not empty the next.
    assert pa.table(batch).num_rows == len(batch)
    assert pa.table(batch).schema.field("rouge1_fmeasure").type == pa.float64()
    assert not pa.table(batch).schema.field("rouge1_fmeasure").nullable


def test_pandas_through_arrow_is_zero_copy_too():
    batch = _batch("rouge-score", {})
    frame = batch.to_arrow().to_pandas(split_blocks=True)
    for name, values in _columns(batch).items():
        assert np.shares_memory(frame[name].to_numpy(), values)


def test_corpus_to_pandas():
    batch = _batch("rouge-score", {})
    result = batch.corpus(confidence=0.9, n_bootstrap=200, seed=3)
    frame = result.to_pandas()
    assert frame.index.name == "type" and list(frame.index) == result.types
    ci_columns = [f"{f}_{side}" for f in FIELDS for side in ("low", "high")]
    assert list(frame.columns) == [*FIELDS, *ci_columns]
    assert result.low is not None and result.high is not None
    for t in result.types:
        for f in FIELDS:
            assert frame.loc[t, f] == getattr(result.mean[t], f)
            assert frame.loc[t, f"{f}_low"] == getattr(result.low[t], f)
            assert frame.loc[t, f"{f}_high"] == getattr(result.high[t], f)
    assert frame.attrs["rougekit.signature"] == str(result.signature)
    assert "ci:90" in frame.attrs["rougekit.signature"]
    assert frame.attrs["n"] == len(batch) and frame.attrs["confidence"] == 0.9
    plain = batch.corpus().to_pandas()
    assert list(plain.columns) == list(FIELDS)
    assert plain.attrs["confidence"] is None


def test_duckdb_reads_the_batch_through_the_stream():
    batch = _batch("rouge-score", {})
    rows = duckdb.sql("select id, rouge1_fmeasure, rougeL_recall from batch").fetchall()
    assert [r[0] for r in rows] == batch.ids
    assert [r[1] for r in rows] == list(batch.fmeasure("rouge1"))
    assert [r[2] for r in rows] == list(batch.recall("rougeL"))
    ((mean,),) = duckdb.sql("select avg(rouge1_fmeasure) from batch").fetchall()
    assert mean == pytest.approx(float(batch.fmeasure("rouge1").mean()), rel=1e-12)
    gc.collect()
    assert _core.arrow_views(batch.scores) == 0


_IDS_OVER_THE_LIMIT = r"""
import resource, sys
import rougekit as rk

def address_space():
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) * 1024 for l in f if l.startswith("VmSize"))

n = 2000
batch = rk.RougeScorer(["rouge1"]).score_batch(["a"] * n, ["a"] * n)
one = "x" * 1_000_000  # 2,000 references to one 1 MB str: 2 GB of ids in 1 MB of memory
limit = address_space() + 1_000_000_000
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
try:
    batch.to_arrow(ids=[one] * n)
except MemoryError as e:
    print(e)
    sys.exit(3)
"""


def test_ids_larger_than_memory_are_a_memory_error_not_an_abort():
    """The ids column is copied into Arrow buffers: more bytes than the process may take
    raise MemoryError (the process aborted: 'memory allocation of ... bytes failed')."""
    import subprocess

    proc = subprocess.run(
        [sys.executable, "-c", _IDS_OVER_THE_LIMIT],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert proc.returncode == 3, (proc.returncode, proc.stderr[-2000:])
    assert "cannot allocate 2000000000 bytes for the ids' text" in proc.stdout
