"""What rougekit's RL rewards share (TRL, verl, OpenRLHF): the options (types, profile,
weights, the field, the scorer's options), the warnings policy (each warning once, then a
summary at most every ``warn_every`` calls) and the batching (a whole call in one parallel
batch, ``None`` references skipped), plus token ids in a ragged form (:class:`Ragged`) read
by the core with no Python list per row.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

import rougekit._core as _core
import rougekit.profiles as profiles
from rougekit.config import normalize_types
from rougekit.diagnostics import _caller_stacklevel
from rougekit.profiles import ProfileLike
from rougekit.results import FIELDS
from rougekit.scorer import RougeScorer

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["MissingReferenceWarning", "Ragged", "RewardCore", "make_core"]


class MissingReferenceWarning(UserWarning):
    """Samples without a reference scored 0.0 (frameworks that need a number for every
    sample: verl, OpenRLHF)."""


def warn_missing(missing: int, total: int, what: str) -> None:
    """:class:`MissingReferenceWarning` for ``missing`` samples without ``what``."""
    if missing:
        warnings.warn(
            f"{missing} of {total} samples have no {what}: they score 0.0",
            MissingReferenceWarning,
            stacklevel=_caller_stacklevel(),
        )


@dataclass(frozen=True)
class Ragged:
    """Token-id sequences as one int64 array of values and ``n + 1`` offsets: sequence
    ``i`` is ``values[offsets[i]:offsets[i + 1]]``. Built from padded batches without a
    Python list per row (:meth:`from_padded`), from NumPy arrays or PyTorch CPU tensors."""

    values: NDArray[np.int64]
    offsets: NDArray[np.int64]

    def __post_init__(self) -> None:
        values = np.ascontiguousarray(_array(self.values), dtype=np.int64)
        offsets = np.ascontiguousarray(_array(self.offsets), dtype=np.int64)
        if values.ndim != 1 or offsets.ndim != 1 or len(offsets) == 0:
            raise ValueError("values and offsets must be 1-D, with at least one offset")
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "offsets", offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    @classmethod
    def from_padded(cls, ids: Any, lengths: Any = None, *, mask: Any = None) -> Ragged:
        """The rows of a padded ``(batch, length)`` array or tensor, row ``i`` cut to
        ``lengths[i]`` leading ids, or to the ids where ``mask`` (same shape) is nonzero
        (an attention mask: the kept ids in order); neither: every id of every row."""
        grid = _array(ids)
        if grid.ndim != 2:
            raise ValueError(f"ids must be a 2-D batch, got shape {grid.shape}")
        rows, width = grid.shape
        if mask is not None and lengths is not None:
            raise ValueError("give lengths or mask, not both")
        if mask is not None:
            keep = _array(mask).astype(bool)
            if keep.shape != grid.shape:
                raise ValueError(f"mask has shape {keep.shape}, ids {grid.shape}")
        else:
            if lengths is None:
                n = np.full(rows, width, dtype=np.int64)
            else:
                n = _array(lengths).astype(np.int64).reshape(-1)
                if len(n) != rows or (n < 0).any() or (n > width).any():
                    raise ValueError(f"lengths must be {rows} values in 0..{width}")
            keep = np.arange(width)[None, :] < n[:, None]
        counts = keep.sum(axis=1, dtype=np.int64)
        offsets = np.zeros(rows + 1, dtype=np.int64)
        np.cumsum(counts, out=offsets[1:])
        return cls(grid[keep].astype(np.int64), offsets)

    @classmethod
    def from_lists(cls, rows: Sequence[Sequence[int]]) -> Ragged:
        """Lists of ids (what tokenizers return)."""
        offsets = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum([len(r) for r in rows], out=offsets[1:])
        flat = np.fromiter((t for r in rows for t in r), dtype=np.int64, count=int(offsets[-1]))
        return cls(flat, offsets)


def _array(value: Any) -> np.ndarray:
    """A NumPy view of an array or a CPU tensor (``numpy()``), else ``np.asarray``."""
    to_numpy = getattr(value, "numpy", None)
    if callable(to_numpy) and not isinstance(value, np.ndarray):
        device = getattr(value, "device", None)
        if device is not None and getattr(device, "type", "cpu") != "cpu":
            raise ValueError(f"token ids must be on the CPU, got a tensor on {device}")
        detach = getattr(value, "detach", None)
        return np.asarray((detach() if callable(detach) else value).numpy())
    return np.asarray(value)


class RewardCore:
    """A scorer with the reward's weights, field and warnings policy: ``rewards(preds,
    refs)`` per completion ``sum(weights[t] * score[t])`` (``None`` where the reference is
    ``None``). One lock serialises calls from several threads (OpenRLHF calls its reward
    function from a thread pool), so the warnings of one call are caught by that call."""

    def __init__(
        self,
        scorer: RougeScorer,
        weight: dict[str, float],
        metric_to_select: str,
        warn_every: int,
    ) -> None:
        self.scorer = scorer
        self.types = scorer.types
        self.weight = weight
        self.metric_to_select = metric_to_select
        self.ids = scorer.config.profile.INPUT == "ids"
        self.limiter = _WarningLimiter(warn_every)
        self._lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["_lock"]  # locks do not pickle; TRL sends rewards to spawned processes
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.Lock()

    def describe(self) -> str:
        return ", ".join(f"{self.weight[t]:g}*{t}" for t in self.types)

    def rewards(
        self, preds: Sequence[Any], refs: Sequence[Any]
    ) -> tuple[list[float | None], dict[str, float]]:
        """The rewards, and per type the mean of the field over the scored completions."""
        if len(refs) != len(preds):
            raise ValueError(f"{len(preds)} completions but {len(refs)} references")
        keep = [i for i, r in enumerate(refs) if r is not None]
        out: list[float | None] = [None] * len(preds)
        if not keep:
            return out, {}
        with self._lock, self.limiter:
            batch = self.scorer.score_batch([preds[i] for i in keep], [refs[i] for i in keep])
        columns = {t: getattr(batch, self.metric_to_select)(t) for t in self.types}
        total = self._combine(columns)
        for i, value in zip(keep, total.tolist()):
            out[i] = value
        return out, {t: sum(float(v) for v in c) / len(keep) for t, c in columns.items()}

    def id_rewards(
        self, preds: Ragged, refs: Ragged
    ) -> tuple[NDArray[np.float64], dict[str, float]]:
        """:meth:`rewards` of token ids in the ragged form (one reference per completion,
        the ``token-ids`` profile): a float64 array."""
        if not self.ids:
            raise ValueError("token-id rewards need profile='token-ids'")
        engine = self.scorer._core._engine  # type: ignore[attr-defined]
        with self._lock:
            batch = engine.score_id_ragged(
                preds.values.tobytes(), preds.offsets.tobytes(),
                refs.values.tobytes(), refs.offsets.tobytes(),
            )  # fmt: skip
        field = self.metric_to_select
        columns = {
            t: np.asarray(_core.ColumnView(batch, t, field), dtype=np.float64) for t in self.types
        }
        means = {t: sum(c.tolist()) / len(c) for t, c in columns.items() if len(c)}
        return self._combine(columns), means

    def _combine(self, columns: Mapping[str, Any]) -> NDArray[np.float64]:
        total: NDArray[np.float64] | None = None
        for t in self.types:
            part = self.weight[t] * np.asarray(columns[t], dtype=np.float64)
            total = part if total is None else total + part
        assert total is not None
        return total


def make_core(
    types: str | Sequence[str],
    *,
    profile: ProfileLike,
    weights: Sequence[float] | Mapping[str, float] | None,
    metric_to_select: str,
    stemmer: bool | str | None,
    multiref: str | None,
    separator: int | None,
    threads: int | None,
    warn_every: int,
    scorer_options: Mapping[str, Any],
) -> RewardCore:
    """A checked :class:`RewardCore` from the rewards' common options."""
    if metric_to_select not in FIELDS:
        raise ValueError(
            f"metric_to_select must be one of {', '.join(FIELDS)}, got {metric_to_select!r}"
        )
    if isinstance(warn_every, bool) or not isinstance(warn_every, int) or warn_every < 1:
        raise ValueError(f"warn_every must be a positive int, got {warn_every!r}")
    scorer = RougeScorer(
        types, profile=profile, stemmer=stemmer, multiref=multiref, separator=separator,
        threads=threads, **scorer_options,
    )  # fmt: skip
    return RewardCore(scorer, _weights(scorer.types, weights, scorer), metric_to_select, warn_every)


def default_name(prefix: str, core: RewardCore) -> str:
    """``<prefix>_<types>`` (``<prefix>_<profile>_<types>`` off rouge-score)."""
    profile = core.scorer.config.profile.name
    return "_".join([prefix, *([] if profile == profiles.DEFAULT else [profile]), *core.types])


def _weights(
    names: tuple[str, ...],
    weights: Sequence[float] | Mapping[str, float] | None,
    scorer: RougeScorer,
) -> dict[str, float]:
    if weights is None:
        return {t: 1.0 / len(names) for t in names}
    if isinstance(weights, Mapping):
        given = dict(zip(normalize_types(list(weights), scorer.config.profile), weights.values()))
        missing = [t for t in names if t not in given]
        extra = [t for t in given if t not in names]
        if missing or extra:
            raise ValueError(
                f"weights must name exactly the types {', '.join(names)}"
                + (f"; missing {', '.join(missing)}" if missing else "")
                + (f"; not scored {', '.join(extra)}" if extra else "")
            )
        values = [given[t] for t in names]
    else:
        values = list(weights)
        if len(values) != len(names):
            raise ValueError(f"{len(values)} weights for {len(names)} types ({', '.join(names)})")
    out = {}
    for t, w in zip(names, values):
        if isinstance(w, bool) or not isinstance(w, (int, float)) or w != w:
            raise ValueError(f"the weight of {t} must be a number, got {w!r}")
        out[t] = float(w)
    return out


class _WarningLimiter:
    """Catches the warnings of one scoring call and re-emits them rate-limited: the first of
    each category at once, then at most one summary per ``every`` calls, with the count of
    calls that raised it since the last one shown."""

    def __init__(self, every: int) -> None:
        self.every = every
        self.calls = 0
        self.last_shown: dict[type[Warning], int] = {}
        self.pending: dict[type[Warning], int] = {}
        self._catcher: Any = None
        self._caught: list[warnings.WarningMessage] = []

    def __enter__(self) -> None:
        self._catcher = warnings.catch_warnings(record=True)
        self._caught = self._catcher.__enter__()
        warnings.simplefilter("always")

    def __exit__(self, *exc: object) -> None:
        # Let go of the catcher and what it caught before anything else: the reward must
        # still pickle after a call (TRL's asynchronous GRPO trainer sends it to a spawned
        # process), and the catcher holds the warnings module, which does not pickle.
        catcher, caught = self._catcher, self._caught
        self._catcher, self._caught = None, []
        catcher.__exit__(*exc)
        self.calls += 1
        seen: dict[type[Warning], warnings.WarningMessage] = {}
        for w in caught:
            seen.setdefault(w.category, w)
        for category, w in seen.items():
            self.pending[category] = self.pending.get(category, 0) + 1
            last = self.last_shown.get(category)
            if last is not None and self.calls - last < self.every:
                continue
            count = self.pending.pop(category)
            note = (
                ""
                if last is None
                else f" [in {count} reward call(s) since the last time; shown at most once "
                f"per {self.every} calls]"
            )
            warnings.warn(f"{w.message}{note}", category, stacklevel=_caller_stacklevel())
            self.last_shown[category] = self.calls
