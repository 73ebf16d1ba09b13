"""Result objects: one pair's scores, a batch's columns, a corpus summary."""

from __future__ import annotations

import json
import math
import numbers
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, overload

import rougekit.frames as frames
from rougekit.checks import as_int

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    import rougekit._core as _core
    from rougekit.profiles import Profile
    from rougekit.signature import Signature

FIELDS = ("precision", "recall", "fmeasure")
_T = TypeVar("_T")


class Score(NamedTuple):
    """Precision, recall and F-measure of one ROUGE type, each in [0, 1]."""

    precision: float
    recall: float
    fmeasure: float


def type_key(rouge_type: object, scored: Sequence[str], profile: Profile | None) -> str:
    """The type of ``scored`` that ``rouge_type`` names: results are keyed by canonical names
    (``rougeW-1.2``, ``rouge2``: the names of the columns, the JSON and the signature), and
    any spelling ``profile`` accepts finds them (``rougeW``, ``ROUGE-2``, ``ROUGE-W-1.2``).
    ``KeyError`` naming the scored types for a type not scored or not a type."""
    if not isinstance(rouge_type, str):
        raise TypeError(f"a ROUGE type name must be str, got {type(rouge_type).__name__}")
    if rouge_type in scored:
        return rouge_type
    from rougekit.config import normalize_types

    try:
        (name,) = normalize_types([rouge_type], profile)
    except ValueError as e:
        raise KeyError(f"{e}; scored: {', '.join(scored)}") from None
    if name in scored:
        return name
    spelled = f"{rouge_type!r}" if name == rouge_type else f"{rouge_type!r} ({name})"
    raise KeyError(f"{spelled} was not scored; scored: {', '.join(scored)}")


class ScoreDict(dict[str, Score]):
    """Scores by ROUGE type, keyed by the canonical type names (``rougeW-1.2``, as in the
    result's columns, JSON and signature), also found by any spelling the profile accepts
    (``d["rougeW"]``, ``d["ROUGE-2"]``, ``"ROUGE-SU4" in d``). Otherwise a plain ``dict``."""

    __slots__ = ("_profile",)
    _profile: Profile | None

    @classmethod
    def of(cls, scores: Iterable[tuple[str, Score]], profile: Profile | None) -> ScoreDict:
        """``scores`` by type, with spellings read as ``profile`` reads them."""
        out = cls(scores)  # dict's own constructor: one pair's scores are made often
        out._profile = profile
        return out

    def __missing__(self, key: object) -> Score:
        if not isinstance(key, str):
            raise KeyError(key)
        profile = getattr(self, "_profile", None)
        return dict.__getitem__(self, type_key(key, list(self), profile))

    def __contains__(self, key: object) -> bool:
        if dict.__contains__(self, key):
            return True
        try:
            self.__missing__(key)
        except KeyError:
            return False
        return True

    @overload
    def get(self, key: str, default: None = None, /) -> Score | None: ...

    @overload
    def get(self, key: str, default: Score | _T, /) -> Score | _T: ...

    def get(self, key: str, default: object = None, /) -> object:
        try:
            return self[key]
        except KeyError:
            return default

    def __reduce__(self) -> tuple[Any, ...]:
        return (ScoreDict.of, (list(self.items()), getattr(self, "_profile", None)))


def scores_problem(scores: _core.BatchScores, profile: Profile) -> str | None:
    """Why ``scores`` (read back from bytes, which the core checked against every profile's
    ranges) cannot be ``profile``'s, or ``None``: types it does not score, or a rougeL above
    1, which only pltrdy's ``rouge`` without ``exclusive`` gives."""
    types = scores.types
    if not types:
        return None
    try:
        normalized = list(profile.normalize_types(types))
    except ValueError:
        normalized = []
    if normalized != types:
        return f"types {types} are not the {profile.name!r} profile's"
    if "rougeL" in types and profile.scores_at_most_one:
        for field in FIELDS:
            values = array("d")
            values.frombytes(bytes(scores.buffer("rougeL", field)))
            if values and max(values) > 1.0:
                return f"a rougeL {field} above 1 ({max(values)})"
        # Its counts (ROUGE-1.5.5's -t 1 corpus numbers) then have no more hits than items.
        try:
            hits, pred, ref = (scores.buffer("rougeL", f) for f in COUNTS)
        except ValueError:  # no counts
            return None
        columns = [array("d", bytes(b)) for b in (hits, pred, ref)]
        for i, (h, p, r) in enumerate(zip(*columns)):
            if h > p * (1 + 1e-9) + 1e-9 or h > r * (1 + 1e-9) + 1e-9:
                return f"the rougeL counts of pair {i} have more hits than items"
    return None


#: The counts behind the scores of the profiles that report them.
COUNTS = ("hits", "pred_total", "ref_total")


class BatchResult:
    """Scores of a batch, stored by column (one float64 array per type and field), the same
    for every profile.

    Per-pair Python objects are only built when asked for (indexing, iteration).
    ``threads`` share the work of :meth:`corpus`'s bootstrap (never changing a number).
    """

    def __init__(
        self,
        scores: _core.BatchScores,
        signature: Signature,
        profile: Profile,
        *,
        threads: int = 1,
    ) -> None:
        self._scores = scores
        self.signature = signature
        self.profile = profile
        self._threads = threads
        self._cache: dict[tuple[str, str], Any] = {}

    @property
    def types(self) -> list[str]:
        """Types in column order."""
        return self._scores.types

    @property
    def scores(self) -> _core.BatchScores:
        """The core's columns (the one result type every profile returns)."""
        return self._scores

    def __len__(self) -> int:
        return len(self._scores)

    def __repr__(self) -> str:
        return f"BatchResult(pairs={len(self)}, types={self.types})"

    def _get(self, rouge_type: str, field: str) -> Any:
        key = (rouge_type, field)
        if key not in self._cache:
            name = type_key(rouge_type, self.types, self.profile)
            if (name, field) not in self._cache:
                self._cache[name, field] = frames.column(self._scores, name, field)
            self._cache[key] = self._cache[name, field]
        return self._cache[key]

    def precision(self, rouge_type: str) -> npt.NDArray[np.float64] | array[float]:
        """Precision of every pair for ``rouge_type`` (any spelling of a scored type:
        ``"rougeW"`` finds ``rougeW-1.2``)."""
        return self._get(rouge_type, "precision")  # type: ignore[no-any-return]

    def recall(self, rouge_type: str) -> npt.NDArray[np.float64] | array[float]:
        """Recall of every pair for ``rouge_type`` (any spelling of a scored type)."""
        return self._get(rouge_type, "recall")  # type: ignore[no-any-return]

    def fmeasure(self, rouge_type: str) -> npt.NDArray[np.float64] | array[float]:
        """F-measure of every pair for ``rouge_type`` (any spelling of a scored type)."""
        return self._get(rouge_type, "fmeasure")  # type: ignore[no-any-return]

    def dropped_counts(self) -> tuple[int, int]:
        """``(predictions, pairs)``: how many predictions, and how many pairs' references
        (at least one of them), are not blank yet have no token under the profile, so they
        score 0 (:class:`NoTokensWarning` reports the same in words)."""
        preds, refs = self._scores.dropped_counts()
        return preds, refs

    @property
    def failures(self) -> list[tuple[int, int, str, str]]:
        """``(pair index, reference index, type, message)`` of each score the profile
        defines no value for, which is 0 instead (ROUGE-1.5.5's: where it dies, e.g.
        ROUGE-W against a reference without tokens). Empty for the other profiles."""
        return self._scores.failures

    @overload
    def __getitem__(self, index: int) -> dict[str, Score]: ...

    @overload
    def __getitem__(self, index: slice) -> BatchResult: ...

    def __getitem__(self, index: int | slice) -> dict[str, Score] | BatchResult:
        """Scores of pair ``index`` (negative indices count from the end) by type (a
        :class:`ScoreDict`); a slice (step 1) is a :class:`BatchResult` of those pairs,
        signature recomputed."""
        n = len(self)
        if isinstance(index, slice):
            start, stop, step = index.indices(n)
            if step != 1:
                raise ValueError("a BatchResult slice takes consecutive pairs (step 1)")
            stop = max(start, stop)
            ids = None if self.ids is None else self.ids[start:stop]
            return self._with_scores(self._scores.slice(start, stop), ids)
        index = as_int(index, "index")
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(f"pair index out of range (batch of {n})")
        row = self._scores.row(index)
        return ScoreDict.of(
            [(t, Score(p, r, f)) for t, (p, r, f, _) in zip(self.types, row)], self.profile
        )

    # -- Pickling, slicing, concatenation (the pieces of a scale-out job) --

    def __getstate__(self) -> dict[str, Any]:
        # The columns pickle through the core (versioned bytes); cached NumPy views of them
        # are rebuilt on demand, not shipped twice.
        state = self.__dict__.copy()
        state["_cache"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        # The core checked its bytes (``BatchScores.from_bytes``); what travels beside them
        # must describe the same batch, else a corrupt pickle fails here, not in a frame.
        from rougekit.profiles import Profile
        from rougekit.signature import Signature

        def bad(what: str) -> ValueError:
            return ValueError(f"corrupt BatchResult state: {what}")

        if not isinstance(state, dict):
            raise bad(f"a {type(state).__name__}, not a dict")
        scores, signature, profile = (state.get(k) for k in ("_scores", "signature", "profile"))
        if not isinstance(scores, _core_module().BatchScores):
            raise bad("no scores")
        if not isinstance(signature, Signature) or not isinstance(profile, Profile):
            raise bad("no signature or profile")
        types = scores.types
        if types and signature.fields.get("types") != ",".join(types):
            raise bad(f"the signature {signature} does not name the types {types}")
        problem = scores_problem(scores, profile)
        if problem:
            raise bad(problem)
        threads = state.get("_threads", 1)
        if type(threads) is not int or not 1 <= threads <= 1024:
            raise bad(f"threads {threads!r}")
        ids = state.get("ids")
        if ids is not None and (
            type(ids) is not list
            or len(ids) != len(scores)
            or not all(isinstance(i, str) for i in ids)
        ):
            raise bad(f"ids that are not {len(scores)} str")
        self.__dict__.update(state)
        self._cache = {}

    def _with_scores(self, scores: _core.BatchScores, ids: list[str] | None) -> BatchResult:
        """A batch of these settings holding ``scores`` (its nrefs in the signature) and
        their pairs' ``ids``."""
        from rougekit.signature import nrefs_field

        fields = self.signature.fields
        fields["nrefs"] = nrefs_field(*scores.nrefs)
        signature = type(self.signature).from_fields(fields)
        result = BatchResult(scores, signature, self.profile, threads=self._threads)
        if ids is not None:
            result.ids = ids
        return result

    @classmethod
    def concat(cls, results: Iterable[BatchResult]) -> BatchResult:
        """The pairs of ``results`` one after the other, as one batch (scored with the same
        settings: ``ValueError`` otherwise, or for no batch). Its corpus numbers are those
        of the whole, as if scored in one call."""
        parts = list(results)
        if not parts:
            raise ValueError("concat needs at least one BatchResult")
        for p in parts:
            if not isinstance(p, BatchResult):
                raise TypeError(f"concat takes BatchResults, got {type(p).__name__}")

        def settings(r: BatchResult) -> tuple[str, ...]:
            return tuple(f"{k}:{v}" for k, v in r.signature.items if k != "nrefs")

        first = parts[0]
        for p in parts[1:]:
            if settings(p) != settings(first) or p.profile != first.profile:
                raise ValueError(
                    f"cannot concatenate results of other settings: {p.signature} and "
                    f"{first.signature}"
                )
        scores = _core_module().BatchScores.concat([p._scores for p in parts])
        # The ids travel when every part has them (a part without ids leaves them unknown).
        ids = None
        if all(p.ids is not None for p in parts):
            ids = [i for p in parts for i in p.ids or ()]
        return first._with_scores(scores, ids)

    def __iter__(self) -> Iterator[dict[str, Score]]:
        for i in range(len(self)):
            yield self[i]

    def to_dict(self) -> dict[str, dict[str, list[float]]]:
        """``{type: {field: [value per pair]}}`` as plain Python floats."""
        return {t: {f: [float(v) for v in self._get(t, f)] for f in FIELDS} for t in self.types}

    # -- data frames and notebooks (rougekit.frames) ----------------------------------------

    #: The pairs' ids when known (``RougeScorer.score_batch(..., ids=...)``), else ``None``.
    ids: list[str] | None = None

    def to_arrow(self, ids: Sequence[str] | None = None) -> Any:
        """A ``pyarrow.Table``: an ``id`` column when ids are known (``ids`` here or the
        batch's), then float64 ``<type>_<field>`` columns that are the core's memory (no
        copy); the signature, profile and version in the schema's metadata."""
        return frames.to_arrow(self, ids)

    def __arrow_c_stream__(self, requested_schema: object = None) -> Any:
        """The Arrow PyCapsule stream interface (``pyarrow.table(result)``,
        ``polars.DataFrame(result)``, DuckDB...): :meth:`to_arrow`'s table, without pyarrow
        and without copying the scores. ``requested_schema`` is not applied (allowed by
        the protocol: consumers cast)."""
        return frames.arrow_c_stream(self)

    def to_polars(self, ids: Sequence[str] | None = None) -> Any:
        """A ``polars.DataFrame`` of :meth:`to_arrow`'s columns, imported without a copy
        (polars keeps no metadata: the signature stays on this result)."""
        return frames.to_polars(self, ids)

    def to_pandas(self, ids: Sequence[str] | None = None, *, copy: bool = False) -> Any:
        """A ``pandas.DataFrame``, one row per pair, columns ``<type>_<field>`` viewing the
        core's memory (no copy, read-only; ``copy=True`` for writable columns); the index
        is the ids (named ``id``) when known; ``df.attrs`` holds the signature
        (``"rougekit.signature"``), profile and version."""
        return frames.to_pandas(self, ids, copy=copy)

    # -- end of data frames --------------------------------------------------------------------

    def corpus(
        self,
        *,
        confidence: float | None = None,
        n_bootstrap: int = 1000,
        seed: int = 0,
        unit: int = 0,
    ) -> CorpusResult:
        """Corpus numbers per type and field, by the profile's rule: means, with a seeded
        percentile-bootstrap CI if ``confidence`` (ROUGE-1.5.5's profile: its printed Average
        and CI bounds; its bootstrap always runs, ``confidence`` defaults to 0.95 and
        ``unit`` is its ``-t``). ``ValueError`` for an empty batch (a mean of nothing is
        undefined).
        """
        n_bootstrap = as_int(n_bootstrap, "n_bootstrap")
        seed = as_int(seed, "seed")
        unit = as_int(unit, "unit")
        if confidence is not None:
            confidence = _confidence(confidence)
        if len(self) == 0:
            raise ValueError("cannot aggregate an empty batch: there are no pairs")
        summary, level, signature = self.profile.corpus(
            self._scores, self.signature, confidence=confidence, n_bootstrap=n_bootstrap,
            seed=seed, unit=unit, threads=self._threads,
        )  # fmt: skip
        return CorpusResult(
            summary=summary, n=len(self), confidence=level, signature=signature,
            profile=self.profile,
        )  # fmt: skip


def _core_module() -> Any:
    import rougekit._core as _core

    return _core


def _confidence(confidence: object) -> float:
    if isinstance(confidence, bool) or not isinstance(confidence, numbers.Real):
        raise TypeError(f"confidence must be a float, got {type(confidence).__name__}")
    value = float(confidence)
    if not 0 < value < 1:
        raise ValueError(f"confidence must be between 0 and 1 (e.g. 0.95), got {value}")
    return value


class CorpusResult:
    """Corpus-level scores: the mean of the per-pair scores, optionally with a CI.

    ``result["rouge1"]`` is the :class:`Score` of means (``result.mean`` holds them all);
    ``result.low`` / ``result.high`` hold the bootstrap bounds (``None`` without a CI). All
    are keyed by the canonical type names and take any spelling (``result["rougeW"]``,
    ``result.low["ROUGE-2"]``). ``str(result)`` is a table (x100, two decimals) followed by
    the signature.
    """

    def __init__(
        self,
        *,
        summary: dict[str, dict[str, tuple[float, float, float]]],
        n: int,
        confidence: float | None,
        signature: Signature,
        profile: Profile | None = None,
    ) -> None:
        self.n = n
        self.profile = profile
        self.confidence = confidence
        self.signature = signature
        self.types = list(summary)

        def scores(k: int) -> dict[str, Score]:
            return ScoreDict.of(
                [(t, Score(*(summary[t][f][k] for f in FIELDS))) for t in summary], profile
            )

        self.mean = scores(0)
        has_ci = confidence is not None and n > 0
        self.low: dict[str, Score] | None = scores(1) if has_ci else None
        self.high: dict[str, Score] | None = scores(2) if has_ci else None

    def __getitem__(self, rouge_type: str) -> Score:
        """Mean scores of ``rouge_type`` (any accepted spelling, e.g. ``ROUGE-1``)."""
        return self.mean[rouge_type]

    def __repr__(self) -> str:
        return f"CorpusResult(n={self.n}, types={self.types}, signature={str(self.signature)!r})"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: scores in [0, 1], CI bounds, n and the signature."""
        scores: dict[str, Any] = {}
        for t in self.types:
            entry: dict[str, Any] = {f: getattr(self.mean[t], f) for f in FIELDS}
            if self.low is not None and self.high is not None:
                entry["ci"] = {
                    f: [getattr(self.low[t], f), getattr(self.high[t], f)] for f in FIELDS
                }
            scores[t] = entry
        return {
            "n": self.n,
            "confidence": self.confidence,
            "scores": scores,
            "signature": str(self.signature),
        }

    def to_json(self, **kwargs: Any) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), **kwargs)

    def __str__(self) -> str:
        head = ["type", "P", "R", "F"]
        rows = []
        for t in self.types:
            cells = [t]
            for f in FIELDS:
                cell = f"{getattr(self.mean[t], f) * 100:.2f}"
                if self.low is not None and self.high is not None:
                    lo, hi = getattr(self.low[t], f), getattr(self.high[t], f)
                    if not (math.isnan(lo) or math.isnan(hi)):
                        cell += f" [{lo * 100:.2f}, {hi * 100:.2f}]"
                cells.append(cell)
            rows.append(cells)
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in [head, *rows]]
        ci = f", {self.confidence * 100:g}% CI" if self.low is not None and self.confidence else ""
        return "\n".join([*lines, f"(n={self.n}{ci})", str(self.signature)])

    # -- data frames and notebooks -------------------------------------------------------------

    def to_pandas(self) -> Any:
        """One row per type (index ``type``): ``precision``, ``recall``, ``fmeasure`` and,
        with a CI, ``<field>_low`` / ``<field>_high``; ``df.attrs`` holds the signature
        (``"rougekit.signature"``), profile, version, ``n`` and ``confidence``."""
        return frames.corpus_to_pandas(self)

    def _repr_html_(self) -> str:
        """Jupyter's view: the P/R/F table (x100) with the CIs, n and the signature."""
        import rougekit.tables as tables

        return tables.html_corpus_fragment(self)

    def _repr_markdown_(self) -> str:
        """The Markdown report (``rougekit score --format markdown``)."""
        import rougekit.tables as tables

        return tables.render(self, "markdown")
