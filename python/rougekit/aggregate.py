"""Corpus numbers from a stream of scored chunks, equal to :meth:`RougeScorer.corpus`.

Two accumulators: :class:`Accumulator`, the command line's (one process, chunks in order),
and :class:`CorpusAccumulator`, the public one for a corpus scored in pieces anywhere (Dask,
Spark, Ray): picklable, mergeable in any order and grouping, with an exact and a streaming
mode (see its documentation).

The command line scores its input chunk by chunk (memory stays flat) but must print the
numbers the Python API prints for the same input. The core makes that exact: a
``_core.BatchBuilder`` keeps each column's exact sum (``rougekit-core``'s ``exact_sum``, the
sum behind every mean, which no order or grouping changes: the streamed means have the bits
of the whole batch's), and, when per-pair scores are needed (confidence intervals,
``compare``, plots, or a profile whose corpus numbers come from a bootstrap), appends the
chunks' columns in place, 8 bytes per value. The kept batch then goes through the
profile's own corpus rule, as ``BatchResult.corpus``.
"""

from __future__ import annotations

import bisect
import copy
import itertools
import math
import operator
import struct
from collections.abc import Sequence
from typing import TYPE_CHECKING

import rougekit._core as _core
from rougekit.checks import as_int, as_seed
from rougekit.diagnostics import Notes
from rougekit.results import FIELDS, BatchResult, CorpusResult, _confidence, scores_problem
from rougekit.signature import nrefs_field

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from rougekit.profiles import Profile
    from rougekit.scorer import RougeScorer
    from rougekit.signature import Signature


def corpus_mean(values: Sequence[float]) -> float:
    """The corpus mean of per-pair scores as the core takes it: the exact sum rounded once,
    over n (``math.fsum`` rounds the same exact sum), whatever the order of the pairs."""
    return math.fsum(values) / len(values)


class Accumulator:
    """The chunks of one system's run: running sums, and with ``keep`` the scores.

    Profiles whose corpus numbers need every score (ROUGE-1.5.5's bootstrap) always keep.
    """

    def __init__(self, profile: Profile, types: Sequence[str], *, keep: bool) -> None:
        self.profile = profile
        self.types = list(types)
        self.keep = keep or profile.CORPUS_NEEDS_SCORES
        self.n = 0
        self.nrefs: tuple[int, int] = (0, 0)
        #: The counts behind the run's warnings (dropped texts, non-ASCII letters, newlines
        #: for rougeLsum), summed over the chunks: reported once, at the end.
        self.notes = Notes()
        #: Pairs with a score the profile leaves undefined (0 instead; ROUGE-1.5.5's only).
        self.failed_pairs = 0
        #: (pair id, reference index, type, message) of the first such score.
        self.first_failure: tuple[str, int, str, str] | None = None
        self._builder = _core.BatchBuilder(self.keep)
        self._kept: BatchResult | None = None

    def add(
        self, batch: BatchResult, ids: Sequence[str] | None = None, notes: Notes | None = None
    ) -> None:
        """Adds a scored chunk; ``ids`` are its pairs' ids (default: their position in the
        run); ``notes``, its warnings' counts (``RougeScorer._batch``; default: the batch's
        own, which cannot tell about newlines)."""
        failures = batch.failures
        if failures:
            self.failed_pairs += len({i for i, _, _, _ in failures})
            if self.first_failure is None:
                i, j, rouge_type, message = failures[0]
                ident = ids[i] if ids is not None else str(self.n + i)
                self.first_failure = (ident, j, rouge_type, message)
        self._builder.append(batch.scores)
        lo, hi = batch.scores.nrefs
        if len(batch):
            self.nrefs = (
                (lo, hi) if self.n == 0 else (min(lo, self.nrefs[0]), max(hi, self.nrefs[1]))
            )
        self.n += len(batch)
        self.notes = self.notes + (notes or Notes.of(batch.scores, (), None))

    def kept(self, signature: Signature, threads: int = 1) -> BatchResult:
        """Every kept score, as one batch (after the last chunk)."""
        if not self.keep:
            raise RuntimeError("per-pair scores were not kept (Accumulator(keep=False))")
        if self._kept is None:
            scores = self._builder.finish()
            self._kept = BatchResult(scores, signature, self.profile, threads=threads)
        return self._kept

    def column(self, rouge_type: str, field: str) -> npt.NDArray[np.float64]:
        """The kept per-pair scores of one type and field, as a read-only NumPy array."""
        if self._kept is None:
            raise RuntimeError("call corpus() first: it gathers the kept scores")
        column: npt.NDArray[np.float64] = getattr(self._kept, field)(rouge_type)
        return column

    def corpus(
        self,
        signature: Signature,
        *,
        confidence: float | None = None,
        n_bootstrap: int = 1000,
        seed: int = 0,
        unit: int = 0,
        threads: int = 1,
    ) -> CorpusResult:
        """The :class:`CorpusResult` that ``RougeScorer.corpus`` returns for the same input;
        ``threads`` share the bootstrap's work and never change a number."""
        if self.keep:
            return self.kept(signature, threads).corpus(
                confidence=confidence, n_bootstrap=n_bootstrap, seed=seed, unit=unit
            )
        if confidence is not None:
            raise RuntimeError("a confidence interval needs the scores (Accumulator(keep=True))")
        return CorpusResult(
            summary=self._builder.means(),
            n=self.n,
            confidence=None,
            signature=signature,
            profile=self.profile,
        )


#: The modes of :class:`CorpusAccumulator`.
MODES = ("exact", "streaming")


def _check_state(state: object) -> None:
    """``ValueError`` unless ``state`` is a :class:`CorpusAccumulator`'s, consistent."""
    from rougekit.profiles import Profile
    from rougekit.signature import Signature

    def bad(what: str) -> ValueError:
        return ValueError(f"corrupt CorpusAccumulator state: {what}")

    def is_int(value: object, low: int, high: float) -> bool:
        return type(value) is int and low <= value <= high

    if not isinstance(state, dict):
        raise bad(f"a {type(state).__name__}, not a dict")
    get = state.get
    mode, n, types, nrefs = get("mode"), get("n"), get("types"), get("nrefs")
    profile, signature = get("profile"), get("_signature")
    if mode not in MODES:
        raise bad(f"mode {mode!r}")
    if not is_int(n, 0, 2**63 - 1):
        raise bad(f"a pair count of {n!r}")
    if type(types) is not list or not all(type(t) is str for t in types):
        raise bad("no list of types")
    if not isinstance(profile, Profile) or not isinstance(signature, Signature):
        raise bad("no profile or signature")
    for key, low, high in (("n_bootstrap", 0, 10_000_000), ("seed", 0, 2**64 - 1),
                           ("threads", 1, 1024), ("_next_id", 0, math.inf)):  # fmt: skip
        if not is_int(get(key), low, high):
            raise bad(f"{key} {get(key)!r}")
    if (
        type(nrefs) is not tuple
        or len(nrefs) != 2
        or not all(is_int(k, 0, 2**32) for k in nrefs)
        or not (nrefs[0] <= nrefs[1] if n else nrefs == (0, 0))
    ):
        raise bad(f"nrefs {nrefs!r}")
    chunks, sums, ids = get("_chunks"), get("_sums"), get("_ids")
    if type(chunks) is not list or not isinstance(ids, _IdRuns):
        raise bad("no list of pieces or of ids")
    held = 0
    for chunk in chunks:
        if (
            type(chunk) is not tuple
            or len(chunk) != 2
            or not is_int(chunk[0], 0, math.inf)
            or not isinstance(chunk[1], _core.BatchScores)
        ):
            raise bad("a piece that is not (first id, scores)")
        if len(chunk[1]):
            if chunk[1].types != types:
                raise bad(f"a piece of types {chunk[1].types}, not {types}")
            problem = scores_problem(chunk[1], profile)
            if problem:
                raise bad(problem)
        held += len(chunk[1])
    if mode == "exact":
        if sums is not None or ids.levels:
            raise bad("streaming sums in an exact accumulator")
        if held != n:
            raise bad(f"{n} pairs, but the pieces hold {held}")
        return
    if chunks:
        raise bad("per-pair scores in a streaming accumulator")
    if profile.CORPUS_NEEDS_SCORES:
        raise bad(f"a streaming accumulator of the {profile.name!r} profile")
    if not isinstance(sums, _core.StreamingSums):
        raise bad("no streaming sums")
    ncols, n_boot, seed, sums_n = struct.unpack_from("<4Q", sums.to_bytes(), 4)
    if (ncols, n_boot, seed) != (3 * len(types), get("n_bootstrap"), get("seed")):
        raise bad(
            f"sums of {ncols} columns, {n_boot} replicates and seed {seed} for "
            f"{len(types)} types, n_bootstrap={get('n_bootstrap')} and seed={get('seed')}"
        )
    if sums_n != n:
        raise bad(f"{n} pairs, but the sums hold {sums_n}")
    levels = getattr(ids, "levels", None)
    if type(levels) is not list or not all(type(level) is list for level in levels):
        raise bad("ids that are not lists of runs")
    runs = [run for level in levels for run in level]
    if not all(
        type(r) is tuple and len(r) == 2 and is_int(r[0], 0, 2**64) and is_int(r[1], 0, 2**64)
        for r in runs
    ):
        raise bad("an id run that is not two ids")
    held, end = 0, 0
    for start, stop in sorted(runs):
        if not end <= start < stop:
            raise bad(f"an id run [{start}, {stop}) that is empty or overlaps another")
        held, end = held + stop - start, stop
    if held != n:
        raise bad(f"{n} pairs, but {held} pair ids")


class _IdRuns:
    """The pair ids a streaming accumulator holds, as runs ``[start, end)`` of consecutive
    ids. The streaming mode keeps sums only, so a pair added twice would otherwise count
    twice in the means and the bootstrap without a trace.

    The runs sit in a few sorted lists ("levels", each disjoint and coalesced) whose sizes
    fall geometrically, so there are O(log n) of them. Checking k new runs is k binary
    searches per level, and adding them merges only levels of like size, so no call rebuilds
    every run: pieces of consecutive ids stay one run each, and n scattered ids cost
    O(n log² n) in all (one sorted list rebuilt on every call was quadratic).
    """

    def __init__(self) -> None:
        self.levels: list[list[tuple[int, int]]] = []

    def clash(self, runs: Sequence[tuple[int, int]]) -> int | None:
        """An id of the disjoint ``runs`` that these runs hold already (the first, by run)."""
        for start, end in runs:
            for level in self.levels:
                i = bisect.bisect_right(level, (start, _AFTER_ANY_END))
                if i and level[i - 1][1] > start:
                    return start
                if i < len(level) and level[i][0] < end:
                    return level[i][0]
        return None

    def insert(self, runs: Sequence[tuple[int, int]]) -> None:
        """Adds sorted disjoint ``runs`` (disjoint from these too: check with :meth:`clash`
        first)."""
        if not runs:
            return
        new = _coalesced(runs)
        # Like carries in a binary counter: a level no more than twice the new one's size
        # is merged into it, so the levels' sizes keep falling geometrically.
        while self.levels and len(self.levels[-1]) <= 2 * len(new):
            new = _coalesced(sorted(self.levels.pop() + new))
        self.levels.append(new)

    def runs(self) -> list[tuple[int, int]]:
        """Every run, sorted and coalesced."""
        return _coalesced(sorted(run for level in self.levels for run in level))


#: Above every run end (ids are below 2**64): ``(start, _AFTER_ANY_END)`` sorts after every
#: run that starts at ``start``.
_AFTER_ANY_END = 2**65


def _coalesced(runs: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted disjoint ``runs`` with touching runs joined."""
    out: list[tuple[int, int]] = []
    for start, end in runs:
        if out and out[-1][1] == start:
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


def _runs_of(ids: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted ``ids`` (no duplicates) as runs of consecutive ids."""
    return _coalesced([(i, i + 1) for i in ids])


class CorpusAccumulator:
    """Per-pair scores of a corpus scored in pieces, merged into one :class:`CorpusResult`.

    Each piece (a partition on a Dask worker, a Spark or Ray batch) is scored, added to an
    accumulator with the ids of its pairs, and the accumulators are merged, in any order and
    grouping, and finalized once. Accumulators pickle (to travel between processes).

    Pair ids are integers: the pair's position in the whole corpus (the order
    ``scorer.corpus`` would see the pairs in), 0 to n - 1.

    Modes (``mode=``):

    * ``"exact"`` keeps every per-pair score (8 bytes per value) with its ids; ``finalize``
      puts the pieces back in pair order and applies the profile's own corpus rule, so the
      means and the seeded CI equal ``scorer.corpus(...)`` in one process bit for bit,
      whatever the partitioning, and so does the signature. Every profile, ROUGE-1.5.5's
      included. Together the pieces must hold the ids 0..n-1 once each (runs of
      consecutive ids are stored as they come, so give pieces in order when you can).
    * ``"streaming"`` keeps sums only: memory per accumulator does not grow with the pairs
      (about ``n_bootstrap x 16 bytes`` per type and field, and two integers per run of
      consecutive ids). The means are exact sums over n,
      equal to the exact mode's to the last bit. The CI is a Poisson bootstrap: replicate r
      gives pair ``id`` the weight ``_core.poisson_weight(seed, id, r)``, a Poisson(1) draw
      from a hash of (seed, id, r), so it does not depend on the partitioning either; it is a
      different method than the one-process bootstrap (close, not equal) and the signature
      says ``acc:streaming``. Ids may be any distinct integers in 0..2**64-1; an id given
      twice (in a batch, in two ``add`` calls or in two merged accumulators) is a
      ``ValueError`` (the ids are kept as runs of consecutive ids: pieces of consecutive
      ids cost one run each, scattered ids one run each). Not for
      ROUGE-1.5.5's profile, whose corpus numbers need every score.

    ``n_bootstrap`` and ``seed`` are fixed at creation (the streaming mode draws its weights
    as pairs arrive); ``finalize(confidence=...)`` asks for the interval.

    >>> import rougekit as rk
    >>> scorer = rk.RougeScorer(["rouge1"])
    >>> a = rk.CorpusAccumulator(scorer)
    >>> a.add(scorer.score_batch(["the cat"], ["the cat sat"]), ids=0)
    >>> b = rk.CorpusAccumulator(scorer)
    >>> b.add(scorer.score_batch(["a dog"], ["the dog ran"]), ids=1)
    >>> round(b.merge(a).finalize()["rouge1"].fmeasure, 4)
    0.6
    """

    def __init__(
        self,
        scorer: RougeScorer,
        *,
        mode: str = "exact",
        n_bootstrap: int = 1000,
        seed: int = 0,
        threads: int = 1,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be 'exact' or 'streaming', got {mode!r}")
        n_bootstrap = as_int(n_bootstrap, "n_bootstrap")
        seed = as_seed(seed)
        if not 0 <= n_bootstrap <= 10_000_000:
            raise ValueError(f"n_bootstrap must be from 0 to 10000000, got {n_bootstrap}")
        profile = scorer.config.profile
        if mode == "streaming" and profile.CORPUS_NEEDS_SCORES:
            raise ValueError(
                f"the {profile.name!r} profile's corpus numbers come from every per-pair score "
                "(its own bootstrap): use mode='exact'"
            )
        self.mode = mode
        self.n_bootstrap = n_bootstrap
        self.seed = seed
        #: Threads for the streaming bootstrap's sums and the exact mode's final bootstrap
        #: (never change a number).
        self.threads = as_int(threads, "threads")
        self.profile: Profile = profile
        self.types = list(scorer.types)
        self._signature = scorer.signature()
        self.n = 0
        self.nrefs: tuple[int, int] = (0, 0)
        self._next_id = 0
        self._chunks: list[tuple[int, _core.BatchScores]] = []
        #: The warnings' counts of the pairs added, when whoever scored them kept the
        #: warnings for the whole corpus (``rougekit.dask``: warned once, on the client).
        self._notes = Notes()
        self._sums = (
            _core.StreamingSums(3 * len(self.types), n_bootstrap, seed)
            if mode == "streaming"
            else None
        )
        self._ids = _IdRuns()  # the streaming mode's (the exact mode's chunks hold theirs)

    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        return f"CorpusAccumulator(mode={self.mode!r}, pairs={self.n}, types={self.types})"

    def __setstate__(self, state: dict[str, object]) -> None:
        """Unpickling: the core checks its bytes (sums, scores); here the parts must
        describe one accumulator (the pair count equal to the ids held and to the sums'),
        else a ``ValueError`` now rather than wrong numbers at ``finalize``."""
        _check_state(state)
        self.__dict__.update(state)

    def add(self, batch: BatchResult, ids: int | Sequence[int] | None = None) -> None:
        """Adds the scores of a batch whose pairs have ids ``ids``: the first id (the others
        follow it), one id per pair, or ``None`` to continue after this accumulator's last
        pair (0 at first)."""
        if not isinstance(batch, BatchResult):
            raise TypeError(f"add() takes a BatchResult, got {type(batch).__name__}")
        self._check_same(batch.types, batch.signature, "a batch")
        count = len(batch)
        if ids is None:
            ids = self._next_id
        if isinstance(ids, int) or not isinstance(ids, Sequence):
            start = as_int(ids, "ids")
            id_list: Sequence[int] | None = None
        else:
            id_list = [operator.index(i) for i in ids]
            if len(id_list) != count:
                raise ValueError(f"{len(id_list)} ids for a batch of {count} pairs")
            start = id_list[0] if id_list else self._next_id
        if start < 0 or (id_list and min(id_list) < 0):
            raise ValueError("pair ids must be non-negative integers")
        if self.mode == "exact":
            if id_list is None or id_list == list(range(start, start + count)):
                self._chunks.append((start, batch.scores))
            else:  # each run of consecutive ids is a piece; finalize sorts them
                run = 0
                for k in range(1, count + 1):
                    if k == count or id_list[k] != id_list[k - 1] + 1:
                        self._chunks.append((id_list[run], batch.scores.slice(run, k)))
                        run = k
        else:
            assert self._sums is not None
            ids_u64 = list(range(start, start + count)) if id_list is None else id_list
            if ids_u64 and max(ids_u64) >= 2**64:
                raise ValueError("pair ids must be below 2**64")
            if id_list is None:
                runs = [(start, start + count)] if count else []
            else:
                ordered = sorted(id_list)
                twice = next((a for a, b in itertools.pairwise(ordered) if a == b), None)
                if twice is not None:
                    raise ValueError(f"pair id {twice} is given twice in this batch")
                runs = _runs_of(ordered)
            clash = self._ids.clash(runs)
            if clash is not None:
                raise ValueError(f"pair id {clash} was added already")
            self._sums.add(batch.scores, ids_u64, self.threads)
            self._ids.insert(runs)
        if count:
            lo, hi = batch.scores.nrefs
            self.nrefs = (
                (lo, hi) if self.n == 0 else (min(lo, self.nrefs[0]), max(hi, self.nrefs[1]))
            )
        self.n += count
        self._next_id = start + count

    def _check_same(self, types: Sequence[str], signature: Signature, what: str) -> None:
        def settings(s: Signature) -> dict[str, str]:
            return {k: v for k, v in s.fields.items() if k not in ("nrefs", "ci", "bs", "seed")}

        if list(types) != self.types or settings(signature) != settings(self._signature):
            raise ValueError(
                f"{what} of other settings: {signature} (this accumulator: {self._signature})"
            )

    def merge(self, other: CorpusAccumulator) -> CorpusAccumulator:
        """A new accumulator holding the pairs of both (neither is changed). Merging is
        associative and commutative: any grouping and order gives the same numbers."""
        if not isinstance(other, CorpusAccumulator):
            raise TypeError(f"merge() takes a CorpusAccumulator, got {type(other).__name__}")
        if (other.mode, other.n_bootstrap, other.seed) != (
            self.mode, self.n_bootstrap, self.seed,
        ):  # fmt: skip
            raise ValueError(
                f"cannot merge a {other.mode} accumulator (n_bootstrap={other.n_bootstrap}, "
                f"seed={other.seed}) into a {self.mode} one (n_bootstrap={self.n_bootstrap}, "
                f"seed={self.seed})"
            )
        self._check_same(other.types, other._signature, "an accumulator")
        out = copy.copy(self)
        out._chunks = self._chunks + other._chunks
        out._notes = self._notes + other._notes
        if self._sums is not None and other._sums is not None:
            runs = other._ids.runs()
            clash = self._ids.clash(runs)
            if clash is not None:
                raise ValueError(f"pair id {clash} is in both accumulators")
            out._ids = _IdRuns()
            out._ids.levels = list(self._ids.levels)  # the levels' lists are never mutated
            out._ids.insert(runs)
            out._sums = _core.StreamingSums.from_bytes(self._sums.to_bytes())
            out._sums.merge(other._sums)
        if other.n:
            lo, hi = other.nrefs
            out.nrefs = (
                (lo, hi) if self.n == 0 else (min(lo, self.nrefs[0]), max(hi, self.nrefs[1]))
            )
        out.n = self.n + other.n
        out._next_id = max(self._next_id, other._next_id)
        return out

    def _shifted(self, offset: int) -> CorpusAccumulator:
        """Exact mode: this accumulator with every pair id moved up by ``offset`` (a
        partition numbered from 0, placed after the pairs before it)."""
        if self.mode != "exact":
            raise RuntimeError("the streaming mode's weights are drawn from the ids as given")
        out = copy.copy(self)
        out._chunks = [(start + offset, scores) for start, scores in self._chunks]
        out._next_id = self._next_id + offset
        return out

    def batch(self) -> BatchResult:
        """Exact mode: every pair's scores, in pair order, as one batch. ``ValueError`` when
        the pieces' ids do not cover 0..n-1 exactly once."""
        if self.mode != "exact":
            raise RuntimeError("the streaming mode keeps sums only, not per-pair scores")
        chunks = sorted((c for c in self._chunks if len(c[1])), key=lambda c: c[0])
        expected = 0
        for start, scores in chunks:
            if start != expected:
                what = "missing" if start > expected else "given twice"
                first = min(start, expected)
                raise ValueError(
                    f"pair ids must cover 0..{self.n - 1} once each: id {first} is {what}"
                )
            expected += len(scores)
        if chunks:
            scores = _core.BatchScores.concat([s for _, s in chunks])
        else:
            scores = _core.BatchBuilder(True).finish()
        signature = self._with_nrefs()
        return BatchResult(scores, signature, self.profile, threads=self.threads)

    def _with_nrefs(self) -> Signature:
        fields = self._signature.fields
        fields["nrefs"] = nrefs_field(*self.nrefs)
        return type(self._signature).from_fields(fields)

    def finalize(self, *, confidence: float | None = None, unit: int = 0) -> CorpusResult:
        """The corpus numbers (see the modes); with ``confidence``, the bootstrap CI of the
        ``n_bootstrap`` and ``seed`` given at creation. ``unit``: ROUGE-1.5.5's ``-t`` (exact
        mode). ``ValueError`` with no pair."""
        if self.n == 0:
            raise ValueError("cannot aggregate an empty corpus: there are no pairs")
        if self.mode == "exact":
            return self.batch().corpus(
                confidence=confidence, n_bootstrap=self.n_bootstrap, seed=self.seed, unit=unit
            )
        assert self._sums is not None
        if as_int(unit, "unit") != 0:
            raise ValueError("unit (ROUGE-1.5.5's -t) does not apply to the streaming mode")
        if confidence is not None:
            confidence = _confidence(confidence)
            if self.n_bootstrap < 1:
                raise ValueError("a confidence interval needs n_bootstrap > 0")
        estimates = self._sums.estimates(confidence)
        summary = {
            t: {f: estimates[3 * k + j] for j, f in enumerate(FIELDS)}
            for k, t in enumerate(self.types)
        }
        fields = self._with_nrefs().fields
        fields["acc"] = "streaming"
        signature = type(self._signature).from_fields(fields)
        if confidence is not None:
            signature = signature.with_ci(confidence, self.n_bootstrap, self.seed)
        return CorpusResult(
            summary=summary, n=self.n, confidence=confidence, signature=signature,
            profile=self.profile,
        )  # fmt: skip
