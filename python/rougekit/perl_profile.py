"""The ``perl-1.5.5`` profile in the Python API: type names, core calls, and results shaped
like the other profiles' (``BatchScores``-compatible), with ROUGE-1.5.5's corpus numbers.

The core decides every number (``_core.perl_score_texts`` and ``_core.perl_bootstrap_many``);
this module only maps type names to core variants and back.
"""

from __future__ import annotations

import math
import re
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from rougekit import _core

if TYPE_CHECKING:
    from rougekit.perl.data_dir import PerlData

PROFILE = "perl-1.5.5"
#: ROUGE-1.5.5's default ROUGE-W weight (the value of its sample runs and of pyrouge).
DEFAULT_WEIGHT = "1.2"
#: Largest skip gap a type may name (the core counts positions in 32 bits).
MAX_GAP = 2**32 - 1

_N = re.compile(r"(?:rouge|ROUGE-)([1-9][0-9]*)")
# The weight as ROUGE-1.5.5's -w takes it: a decimal number, possibly with an exponent.
_W = re.compile(r"(?:rougeW|ROUGE-W)(?:-((?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?))?")
_SKIP = re.compile(r"(?:rouge|ROUGE-)(SU?)([0-9]+|\*)")


@dataclass(frozen=True)
class PerlType:
    """One perl-1.5.5 type: its canonical name and what the core computes for it."""

    name: str
    kind: str  # "N", "L", "W", "S" or "SU"
    n: int = 0
    weight: str = ""  # ROUGE-W weight as written (Perl names the variant with it)
    gap: int | None = None  # skip gap; None = unlimited (ROUGE-1.5.5's -2 -1)


def parse_type(name: str) -> PerlType:
    """A perl-1.5.5 type from ``rouge2``/``ROUGE-2``, ``rougeL``, ``rougeW``/``rougeW-1.2``/
    ``ROUGE-W-1.2``, ``rougeS4``/``ROUGE-S4``, ``rougeSU4``, ``rougeS*``, ``rougeSU*``."""
    if not isinstance(name, str):
        raise TypeError(f"a ROUGE type is a str, got {type(name).__name__}")
    if m := _N.fullmatch(name):
        n = int(m.group(1))
        if n > 1024:
            raise ValueError(f"ROUGE-N needs n <= 1024, got {name!r}")
        return PerlType(f"rouge{n}", "N", n=n)
    if name in ("rougeL", "ROUGE-L"):
        return PerlType("rougeL", "L")
    if name in ("rougeLsum", "ROUGE-Lsum"):
        raise ValueError(
            "rougeLsum is a rouge-score type; in the perl-1.5.5 profile rougeL is already "
            "the summary-level (union LCS over sentences) ROUGE-L, so ask for 'rougeL'"
        )
    if m := _W.fullmatch(name):
        weight = m.group(1) or DEFAULT_WEIGHT
        if not 0 < float(weight) < math.inf:
            raise ValueError(f"the ROUGE-W weight must be positive and finite, got {name!r}")
        return PerlType(f"rougeW-{weight}", "W", weight=weight)
    if m := _SKIP.fullmatch(name):
        kind, gap = m.group(1), m.group(2)
        if gap != "*" and (len(gap) > 10 or int(gap) > MAX_GAP):
            raise ValueError(
                f"the skip gap of {name!r} is too large: at most {MAX_GAP} (a gap longer "
                f"than any text is rouge{kind}*)"
            )
        return PerlType(f"rouge{kind}{gap}", kind, gap=None if gap == "*" else int(gap))
    raise ValueError(
        f"unknown ROUGE type {name!r} for the perl-1.5.5 profile; expected rougeN (e.g. "
        "rouge1), rougeL, rougeW or rougeW-<weight>, rougeS<gap>, rougeSU<gap>, rougeS*, "
        "rougeSU*"
    )


def normalize_types(names: Sequence[str]) -> tuple[str, ...]:
    """Canonical, de-duplicated perl-1.5.5 type names."""
    return tuple(dict.fromkeys(parse_type(n).name for n in names))


@dataclass(frozen=True)
class PerlOptions:
    """The profile's scoring options (ROUGE-1.5.5's -m, -s, -l, -b, -f, -p)."""

    stemmer: str = "none"  # "none" | "wordnet" (-m) | "porter" (-m with an empty DB)
    stopwords: bool = False
    limit_words: int = 0
    limit_bytes: int = 0
    multiref: str = "A"
    alpha: float = 0.5
    #: A data folder's tables (ROUGE-1.5.5's -e); None: the embedded canonical data.
    data: PerlData | None = None

    @classmethod
    def taken_from(cls, source: object) -> PerlOptions:
        """The options read from any settings object with attributes of these names (a
        ``ScorerConfig``, ``rougekit perl``'s options)."""
        values: dict[str, Any] = {f.name: getattr(source, f.name, None) for f in fields(cls)}
        return cls(**values)


def stem_id(stemmer: str, data: PerlData | None) -> str:
    """What ``-m`` amounts to: ``none``, ``wordnet`` (canonical table), ``porter`` (an
    empty table) or a data folder's own table, ``db-<hash>`` (see :class:`PerlData`).
    ``stemmer="porter"`` (no table asked for) wins over the folder's table."""
    if stemmer != "wordnet" or data is None:
        return stemmer
    return "porter" if data.table == "none" else data.table


def _tables(options: PerlOptions) -> dict[str, Any]:
    """The core's stemmer name and the folder's own tables, if any."""
    stem = stem_id(options.stemmer, options.data)
    out: dict[str, Any] = {"stemmer": stem}
    if stem.startswith("db-") and options.data is not None:
        out["stemmer"] = "custom"
        out["exceptions"] = options.data.exceptions
    if options.data is not None and options.data.stopwords is not None:
        out["stoplist"] = options.data.stopwords
    return out


def core_settings(
    options: PerlOptions,
    *,
    ngram_max: int,
    lcs: bool,
    wlcs_weight: float | None,
    skip_gap: int | None,
    skip_variants: str,
) -> _core.PerlSettings:
    """The core's settings for one run: the variants asked for and ``options``' text pipeline.

    ``skip_gap`` is ROUGE-1.5.5's ``-2`` (``-1``: unlimited; ``None``: no skip-bigrams).
    """
    return _core.PerlSettings(
        ngram_max=ngram_max,
        lcs=lcs,
        wlcs_weight=wlcs_weight,
        skip_gap=skip_gap,
        skip_variants=skip_variants,
        stopwords=options.stopwords,
        limit_words=options.limit_words,
        limit_bytes=options.limit_bytes,
        multiref=options.multiref,
        alpha=options.alpha,
        **_tables(options),
    )


@dataclass(frozen=True)
class _Run:
    """One core call: every N and L type, at most one W weight and one skip gap."""

    ngram_max: int
    lcs: bool
    weight: str | None
    gap: int | None
    skip_variants: str | None
    types: dict[str, str]  # core variant key -> type name


def plan(types: Sequence[str]) -> list[_Run]:
    """Core calls covering ``types`` (ROUGE-1.5.5 computes one weight and one gap per run)."""
    parsed = [parse_type(t) for t in types]
    weights = list(dict.fromkeys(p.weight for p in parsed if p.kind == "W"))
    gaps = list(dict.fromkeys(p.gap for p in parsed if p.kind in ("S", "SU")))
    runs = []
    for i in range(max(1, len(weights), len(gaps))):
        keys: dict[str, str] = {}
        weight = weights[i] if i < len(weights) else None
        has_gap = i < len(gaps)
        gap = gaps[i] if has_gap else None
        ngram_max, lcs, kinds = 0, False, set()
        for p in parsed:
            if i == 0 and p.kind == "N":
                ngram_max = max(ngram_max, p.n)
                keys[str(p.n)] = p.name
            elif i == 0 and p.kind == "L":
                lcs = True
                keys["L"] = p.name
            elif p.kind == "W" and p.weight == weight:
                keys["W"] = p.name
            elif p.kind in ("S", "SU") and has_gap and p.gap == gap:
                kinds.add(p.kind)
                keys[p.kind] = p.name
        skip_variants = "S+SU" if kinds == {"S", "SU"} else (kinds.pop() if kinds else None)
        runs.append(_Run(ngram_max, lcs, weight, gap, skip_variants, keys))
    return runs


def score(
    types: Sequence[str],
    options: PerlOptions,
    predictions: Any,
    references: Any,
    threads: int,
) -> PerlBatchScores:
    """Scores a batch; ``types`` are canonical names (see :func:`normalize_types`)."""
    columns: dict[str, tuple[list[float], list[float], list[float]]] = {}
    counts: dict[str, tuple[list[float], list[float], list[float]]] = {}
    failures: list[tuple[int, int, str, str]] = []
    dropped = (0, 0)
    n = 0
    for run in plan(types):
        settings = core_settings(
            options,
            ngram_max=run.ngram_max,
            lcs=run.lcs,
            wlcs_weight=None if run.weight is None else float(run.weight),
            skip_gap=None if run.skip_variants is None else (-1 if run.gap is None else run.gap),
            skip_variants=run.skip_variants or "S",
        )
        batch = _core.perl_score_texts(predictions, references, settings, threads=threads)
        n = len(batch)
        dropped = batch.dropped_counts()
        for key, name in run.types.items():
            columns[name] = batch.rpf(key)
            counts[name] = batch.counts(key)
        failures += [(i, j, run.types[v], msg) for i, j, v, msg in batch.failures]
    nrefs = _nrefs(references)
    return PerlBatchScores(list(types), n, columns, counts, failures, dropped, nrefs, options)


def _nrefs(references: Any) -> tuple[int, int]:
    """Fewest and most references per pair (0, 0 for an empty batch)."""
    sizes = [1 if isinstance(r, str) else len(r) for r in references]
    return (min(sizes), max(sizes)) if sizes else (0, 0)


_FIELD_INDEX = {"recall": 0, "precision": 1, "fmeasure": 2}


class PerlBatchScores:
    """Per-pair perl-1.5.5 scores with the interface of ``_core.BatchScores``.

    Values are ROUGE-1.5.5's per-instance numbers: R and P rounded to 5 decimals, F from
    them, rounded again (spec quirk 2).
    """

    def __init__(
        self,
        types: list[str],
        n: int,
        columns: dict[str, tuple[list[float], list[float], list[float]]],
        counts: dict[str, tuple[list[float], list[float], list[float]]],
        failures: list[tuple[int, int, str, str]],
        dropped: tuple[int, int],
        nrefs: tuple[int, int],
        options: PerlOptions,
    ) -> None:
        self.types = types
        self._n = n
        self._columns = columns
        self._counts = counts
        #: (pair index, reference index, type, message) of scores ROUGE-1.5.5 cannot compute
        #: (it dies on them); those pairs score 0 for that type.
        self.failures = failures
        self._dropped = dropped
        self._nrefs = nrefs
        self._options = options

    def __len__(self) -> int:
        return self._n

    @property
    def nrefs(self) -> tuple[int, int]:
        return self._nrefs

    def dropped_counts(self) -> tuple[int, int]:
        return self._dropped

    def row(self, i: int) -> list[tuple[float, float, float, bool]]:
        out = []
        for t in self.types:
            r, p, f = self._columns[t]
            out.append((p[i], r[i], f[i], False))
        return out

    def buffer(self, rouge_type: str, field: str) -> bytearray:
        if rouge_type not in self._columns:
            raise KeyError(f"{rouge_type!r} was not scored; scored: {', '.join(self.types)}")
        if field not in _FIELD_INDEX:
            raise KeyError(f"unknown field {field!r}; expected precision, recall or fmeasure")
        return bytearray(array("d", self._columns[rouge_type][_FIELD_INDEX[field]]).tobytes())

    def counts(self, rouge_type: str) -> tuple[list[float], list[float], list[float]]:
        """Per-pair (TotalM, TotalP, TotalHit): ROUGE-1.5.5's ``-t 1`` / ``-t 2`` units."""
        return self._counts[rouge_type]

    def corpus(
        self, n_samples: int, seed: int, confidence: float, unit: int = 0
    ) -> dict[str, dict[str, tuple[float, float, float]]]:
        """ROUGE-1.5.5's printed Average and CI bounds per type (spec §10), rounded to 5
        decimals as it prints them. Pair i is evaluation ``i + 1``; the bootstrap visits the
        pairs in the order of those ids sorted as strings, as ROUGE-1.5.5 does. ``seed`` is
        unused: resample b is seeded with b, like Perl's ``srand(b)``."""
        del seed
        order = sorted(range(self._n), key=lambda i: f"{i + 1}.A".encode())
        source = self._counts if unit == 1 else self._columns
        variants = []
        for t in self.types:
            x, y, z = ([col[i] for i in order] for col in source[t])
            variants.append((x, y, z))
        results = _core.perl_bootstrap_many(
            variants,
            unit=unit,
            alpha=self._options.alpha,
            resamples=float(n_samples),
            confidence=confidence * 100,
        )
        summary = {}
        for t, (r, p, f) in zip(self.types, results):
            summary[t] = {
                "precision": _rounded(p),
                "recall": _rounded(r),
                "fmeasure": _rounded(f),
            }
        return summary


def _rounded(estimate: tuple[float, float, float]) -> tuple[float, float, float]:
    """Average, lower and upper as ROUGE-1.5.5 prints them (``%7.5f``), as floats."""
    return (
        float(f"{estimate[0]:.5f}"),
        float(f"{estimate[1]:.5f}"),
        float(f"{estimate[2]:.5f}"),
    )
