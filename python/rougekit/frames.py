"""Data frames from results: Arrow, pandas and polars, over the core's own memory.

A batch's scores are contiguous float64 columns inside the core's ``BatchScores``. They
leave it without a copy: NumPy views through the array interface
(``_core.ColumnView``), and an Arrow C stream (``_core.arrow_stream``, the Arrow PyCapsule
interface) whose float64 buffers are the same memory, so pyarrow, polars and DuckDB import
the scores without copying them. pandas frames are built from the NumPy views with
``copy=False`` (one block per column, as pyarrow's ``to_pandas(split_blocks=True)``).

Those columns are read-only: the numbers belong to the batch (and to its signature). A
pandas frame's score columns therefore refuse in-place edits (``ValueError: assignment
destination is read-only``, as any zero-copy frame pyarrow makes); ``df.copy()`` or
``to_pandas(copy=True)`` gives writable ones.

The pairs' ids, when known, and the signature travel with the frame: a first ``id`` column
(Arrow, polars) or the index named ``id`` (pandas); the signature, profile and rougekit
version in the Arrow schema's metadata and in pandas' ``df.attrs``. polars frames carry no
metadata: keep ``result.signature`` next to them.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import rougekit._core as _core

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from rougekit.results import BatchResult, CorpusResult

FIELDS = ("precision", "recall", "fmeasure")
#: The Arrow schema metadata keys (bytes in Arrow) and ``df.attrs`` keys of a frame.
SIGNATURE_KEY = "rougekit.signature"
PROFILE_KEY = "rougekit.profile"
VERSION_KEY = "rougekit.version"
#: The ids column (Arrow, polars) or index (pandas).
ID_COLUMN = "id"


def column(
    scores: _core.BatchScores, rouge_type: str, field: str
) -> npt.NDArray[np.float64] | array[float]:
    """One float64 column: a read-only NumPy view of the core's memory (the view keeps the
    batch alive), or an ``array('d')`` copy when NumPy is not installed."""
    try:
        import numpy as np
    except ImportError:
        out = array("d")
        out.frombytes(scores.buffer(rouge_type, field))
        return out
    view: npt.NDArray[np.float64] = np.asarray(_core.ColumnView(scores, rouge_type, field))
    return view


def column_names(types: Sequence[str]) -> list[tuple[str, str, str]]:
    """``(column name, type, field)`` in frame order: ``<type>_<field>``, type by type."""
    return [(f"{t}_{f}", t, f) for t in types for f in FIELDS]


def check_ids(ids: Any, n: int) -> list[str] | None:
    """``ids`` as a list of ``n`` str (``None`` stays ``None``), else a clear error."""
    if ids is None:
        return None
    if isinstance(ids, (str, bytes, set, frozenset, dict)) or not hasattr(ids, "__iter__"):
        raise TypeError(f"ids must be a list of str, got {type(ids).__name__}")
    out = list(ids)
    for i, value in enumerate(out):
        if not isinstance(value, str):
            raise TypeError(f"ids[{i}] must be str, got {type(value).__name__}")
    if len(out) != n:
        raise ValueError(f"got {len(out)} ids for a batch of {n} pairs")
    return out


def metadata(result: BatchResult | CorpusResult) -> dict[str, str]:
    """What travels with a frame: signature, profile name and rougekit's version."""
    out = {SIGNATURE_KEY: str(result.signature)}
    if result.profile is not None:
        out[PROFILE_KEY] = result.profile.name
    out[VERSION_KEY] = _core.__version__
    return out


def arrow_c_stream(result: BatchResult, ids: Sequence[str] | None = None) -> Any:
    """The ``arrow_array_stream`` capsule of ``result``: one record batch, the ``id``
    column first when ids are known, then float64 ``<type>_<field>`` columns over the
    core's memory; the schema's metadata holds :func:`metadata`."""
    ids = check_ids(ids, len(result)) if ids is not None else result.ids
    return _core.arrow_stream(
        result.scores,
        column_names(result.types),
        None if ids is None else (ID_COLUMN, list(ids)),
        list(metadata(result).items()),
    )


class _Stream:
    """An Arrow stream source with ids other than the result's own."""

    def __init__(self, result: BatchResult, ids: Sequence[str] | None) -> None:
        self._result = result
        self._ids = ids

    def __arrow_c_stream__(self, requested_schema: object = None) -> Any:
        return arrow_c_stream(self._result, self._ids)


def to_arrow(result: BatchResult, ids: Sequence[str] | None = None) -> Any:
    """A ``pyarrow.Table`` whose score columns are the core's memory (no copy)."""
    try:
        import pyarrow as pa
    except ImportError:
        raise ImportError("to_arrow() needs pyarrow>=14: pip install 'rougekit[arrow]'") from None
    return pa.RecordBatchReader.from_stream(_Stream(result, ids)).read_all()


def to_polars(result: BatchResult, ids: Sequence[str] | None = None) -> Any:
    """A ``polars.DataFrame`` imported from the Arrow stream (the scores are not copied)."""
    try:
        import polars as pl
    except ImportError:
        raise ImportError("to_polars() needs polars: pip install 'rougekit[polars]'") from None
    return pl.DataFrame(_Stream(result, ids))


def to_pandas(result: BatchResult, ids: Sequence[str] | None = None, *, copy: bool = False) -> Any:
    """A ``pandas.DataFrame``: columns ``<type>_<field>`` viewing the core's memory (no
    copy; read-only) unless ``copy``; the index is the ids (named ``id``) when known;
    ``df.attrs`` holds :func:`metadata`."""
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("to_pandas() needs pandas: pip install 'rougekit[pandas]'") from None
    ids = check_ids(ids, len(result)) if ids is not None else result.ids
    data = {name: column(result.scores, t, f) for name, t, f in column_names(result.types)}
    index = None if ids is None else pd.Index(ids, name=ID_COLUMN)
    # copy=False keeps each view as its own block: pandas would otherwise copy the columns
    # into one 2-D block.
    frame = pd.DataFrame(data, index=index, copy=copy)
    frame.attrs.update(metadata(result))
    return frame


def corpus_to_pandas(result: CorpusResult) -> Any:
    """One row per type (index ``type``): ``precision``, ``recall``, ``fmeasure`` and, with
    a CI, ``<field>_low`` / ``<field>_high``; ``df.attrs`` holds :func:`metadata`, ``n``
    and ``confidence``."""
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("to_pandas() needs pandas: pip install 'rougekit[pandas]'") from None
    rows: dict[str, list[float]] = {
        f: [getattr(result.mean[t], f) for t in result.types] for f in FIELDS
    }
    if result.low is not None and result.high is not None:
        for f in FIELDS:
            rows[f"{f}_low"] = [getattr(result.low[t], f) for t in result.types]
            rows[f"{f}_high"] = [getattr(result.high[t], f) for t in result.types]
    frame = pd.DataFrame(rows, index=pd.Index(result.types, name="type"))
    frame.attrs.update(metadata(result))
    frame.attrs["n"] = result.n
    frame.attrs["confidence"] = result.confidence
    return frame
