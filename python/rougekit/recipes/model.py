"""One harness recipe = one object: a profile, the harness's pre-processing, its pair
policy, its multi-gold rule, its per-sample scale and rounding, its corpus aggregation and
its final rounding. Every score comes from one ``RougeScorer.score_batch`` call (the Rust
core); this module only prepares the texts, pairs them and reduces the core's columns as
the harness does."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rougekit.recipes.steps import first_line
from rougekit.scorer import RougeScorer
from rougekit.signature import Signature

#: A text step: the whole list of texts in, the list out (batch steps such as jieba run
#: once for all texts).
Step = Callable[[list[str]], list[Any]]

#: Multi-gold rules: ``single`` (exactly one reference), ``first`` (the first only), ``max``
#: (the best value, 0 when every value is below 0), ``mean`` (NumPy's mean of the values,
#: as ``np.mean`` adds them), ``multi`` (the profile's own rule over the list: rouge-score's
#: ``score_multi``), ``best-rouge1`` (every type from the gold with the highest rouge1 F,
#: the first on ties: NeMo's ``np.argmax`` over ``score["rouge1"][-1]``).
GOLD_RULES = ("single", "first", "max", "max0", "mean", "multi", "best-rouge1")
#: Corpus rules: ``mean`` (Python's ``sum(values) / len(values)``), ``np.mean``,
#: ``bootstrap-median`` (rouge-score's ``BootstrapAggregator`` mid over the per-sample
#: (P, R, F) rows, NumPy's global RNG seeded with ``seed`` for the draw and put back).
#: ``loop-mean``: a ``+=`` loop over the values, then one division (rouge 1.0.1's and
#: rouge-chinese's ``avg=True``; Python 3.12's ``sum`` rounds differently).
CORPUS_RULES = ("mean", "loop-mean", "np.mean", "bootstrap-median")


@dataclass(frozen=True)
class Recipe:
    """A harness's ROUGE as rougekit computes it (see :mod:`rougekit.recipes`)."""

    #: ``<harness>-<version>:<metric>``, frozen once released.
    name: str
    #: The harness and version reproduced, and where its code is.
    harness: str
    source: str
    #: What it does to the numbers (one paragraph, for ``rougekit recipes``).
    does: str
    profile: str
    types: tuple[str, ...]
    #: The harness's key for each type's per-sample value (same order as ``types``).
    keys: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    prepare_predictions: tuple[Step, ...] = ()
    prepare_references: tuple[Step, ...] = ()
    #: Pairs with an empty side (after the steps, ``not text.strip()``) score 0 without
    #: being scored: ``"either"``, ``"prediction"`` or ``None`` (scored as the profile does).
    zero_empty: str | None = None
    golds: str = "single"
    #: The per-sample value: ``fmeasure``, ``precision`` or ``recall`` of the core.
    field: str = "fmeasure"
    scale: float = 1.0
    sample_digits: int | None = None
    corpus: str = "mean"
    corpus_scale: float = 1.0
    corpus_digits: int | None = None
    #: ``bootstrap-median``'s NumPy seed (``None``: the global RNG as it is).
    seed: int | None = None
    #: The harness's keys of the corpus numbers (default: ``keys``).
    corpus_keys: tuple[str, ...] | None = None
    #: More pairs the harness scores 0 (its ``except`` around a scorer that raises): called
    #: with the prepared predictions and references of the pairs, True for a 0.
    zero_when: Callable[[list[Any], list[Any]], list[bool]] | None = None
    #: ``dataset=`` values whose predictions are cut to their first line (LongBench).
    first_line_datasets: tuple[str, ...] = ()
    #: Harness keyword arguments :meth:`compute` and :meth:`per_sample` accept.
    kwargs: tuple[str, ...] = ()

    # -- the recipe's steps ---------------------------------------------------------------

    def scorer(self, threads: int | None = None) -> RougeScorer:
        """The scorer every value of this recipe comes from."""
        return RougeScorer(
            list(self.types), profile=self.profile, threads=threads, **dict(self.options)
        )

    @property
    def signature(self) -> Signature:
        """The scorer's signature with ``recipe:<name>``."""
        signature = self.scorer(threads=1).signature("1")
        if self.corpus == "bootstrap-median":  # rouge-score's draws under NumPy's seed
            seed = "no" if self.seed is None else f"numpy-{self.seed}"
            signature = signature.with_ci(0.95, 1000, seed, agg="bootstrap-median")
        fields = signature.fields
        fields["recipe"] = self.name
        return Signature.from_fields(fields)

    def _golds(self, references: Sequence[Any]) -> list[list[str]]:
        out = []
        for i, refs in enumerate(references):
            golds = [refs] if isinstance(refs, str) else list(refs)
            if not golds and self.golds not in ("max", "max0"):
                raise ValueError(f"sample {i}: no reference")
            if self.golds == "single" and len(golds) != 1:
                raise ValueError(
                    f"sample {i}: {len(golds)} references, but {self.name} takes one per sample"
                )
            if self.golds == "first":
                golds = golds[:1]
            out.append(golds)
        return out

    def _run(self, steps: Sequence[Step], texts: list[Any]) -> list[Any]:
        for step in steps:
            texts = step(texts)
        return texts

    def columns(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        threads: int | None = None,
        dataset: str | None = None,
    ) -> dict[Any, Any]:
        """Per type, the per-sample values of ``field`` (before scale and rounding), with
        the multi-gold rule applied; ``_fields`` (P, R, F rows) for the bootstrap."""
        if len(predictions) != len(references):
            raise ValueError(
                f"predictions and references must have the same length, got "
                f"{len(predictions)} and {len(references)}"
            )
        preds = self._run(self.prepare_predictions, list(predictions))
        if dataset in self.first_line_datasets:
            preds = first_line(preds)
        golds = self._golds(references)
        if self.golds == "multi":
            refs_flat = [self._run(self.prepare_references, g) for g in golds]
            hyps, refs, owner = preds, refs_flat, list(range(len(preds)))
        else:
            flat = self._run(self.prepare_references, [g for gs in golds for g in gs])
            hyps, refs, owner = [], [], []
            k = 0
            for i, gs in enumerate(golds):
                for _ in gs:
                    hyps.append(preds[i])
                    refs.append(flat[k])
                    owner.append(i)
                    k += 1
        keep = [j for j in range(len(hyps)) if not self._zeroed(hyps[j], refs[j])]
        if self.zero_when is not None and keep:
            zero = self.zero_when([hyps[j] for j in keep], [refs[j] for j in keep])
            keep = [j for j, z in zip(keep, zero) if not z]
        n_pairs = len(hyps)
        values = {
            t: {f: np.zeros(n_pairs) for f in ("precision", "recall", "fmeasure")}
            for t in self.types
        }
        if keep:
            batch = self.scorer(threads).score_batch(
                [hyps[j] for j in keep], [refs[j] for j in keep]
            )
            index = np.asarray(keep)
            for t in self.types:
                for f in ("precision", "recall", "fmeasure"):
                    values[t][f][index] = getattr(batch, f)(t)
        return self._reduce(values, owner, len(preds))

    def _zeroed(self, hyp: str, ref: Any) -> bool:
        if self.zero_empty is None:
            return False
        if self.zero_empty == "prediction":
            return not hyp.strip()
        refs = [ref] if isinstance(ref, str) else ref
        return not hyp.strip() or any(not r.strip() for r in refs)

    def _reduce(
        self, values: dict[str, dict[str, np.ndarray]], owner: list[int], n: int
    ) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        groups: list[list[int]] = [[] for _ in range(n)]
        for j, i in enumerate(owner):
            groups[i].append(j)
        if self.golds == "best-rouge1":  # one gold per sample for every type
            rouge1 = values["rouge1"]["fmeasure"]
            groups = [[g[int(np.argmax(rouge1[g]))]] for g in groups]
        for t in self.types:
            column = values[t][self.field]
            if self.golds in ("single", "first", "multi", "best-rouge1"):
                out[t] = [float(column[g[0]]) for g in groups]
            elif self.golds == "mean":
                out[t] = [float(np.mean(column[g])) for g in groups]
            elif self.golds == "max0":  # `output = 0.0; output = max(score, output)`
                out[t] = [max([0.0, *(float(column[j]) for j in g)][::-1]) for g in groups]
            else:
                out[t] = [float(np.max(column[g])) for g in groups]
            if self.corpus == "bootstrap-median":
                out["_fields", t] = np.column_stack(
                    [values[t][f][[g[0] for g in groups]] for f in ("precision", "recall",
                                                                    "fmeasure")]
                )  # fmt: skip
        return out

    def _sample_value(self, value: float) -> float:
        value = value * self.scale if self.scale != 1.0 else value
        return round(value, self.sample_digits) if self.sample_digits is not None else value

    # -- the public methods ---------------------------------------------------------------

    def per_sample(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> list[dict[str, float]]:
        """The harness's per-sample values: one dict per sample, its keys and scale."""
        self._check_kwargs(harness_kwargs)
        cols = self.columns(predictions, references, threads, harness_kwargs.get("dataset"))
        return [
            {k: self._sample_value(cols[t][i]) for t, k in zip(self.types, self.keys)}
            for i in range(len(predictions))
        ]

    def compute(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> dict[str, float]:
        """The corpus numbers the harness reports, with its keys, scale and rounding."""
        self._check_kwargs(harness_kwargs)
        if not predictions:
            raise ValueError("predictions is empty: nothing to aggregate")
        dataset = harness_kwargs.get("dataset")
        cols = self.columns(predictions, references, threads, dataset)
        keys = self.corpus_keys or self.keys
        if dataset is not None and len(keys) == 1:
            keys = (dataset,)  # LongBench's eval.py: {dataset: score}
        out: dict[str, float] = {}
        if self.corpus == "bootstrap-median":
            medians = self._bootstrap(cols, harness_kwargs.get("seed", self.seed))
            for t, k in zip(self.types, keys):
                out[k] = self._final(medians[t])
            return out
        for t, k in zip(self.types, keys):
            values = [self._sample_value(v) for v in cols[t]]
            if self.corpus == "np.mean":
                total = float(np.mean(values))
            elif self.corpus == "loop-mean":
                total = 0.0
                for value in values:
                    total += value
                total /= len(values)
            else:
                total = sum(values) / len(values)
            out[k] = self._final(total)
        return out

    def _final(self, value: float) -> float:
        value = value * self.corpus_scale if self.corpus_scale != 1.0 else value
        return round(value, self.corpus_digits) if self.corpus_digits is not None else value

    def _bootstrap(self, cols: dict[Any, Any], seed: int | None) -> dict[str, float]:
        """rouge-score's ``BootstrapAggregator`` mid F per type, types in order, drawn from
        NumPy's global RNG (seeded with ``seed`` and put back, as the harness does)."""
        from rougekit.compat.scoring import BootstrapAggregator

        state = np.random.get_state()
        if seed is not None:
            np.random.seed(seed)
        try:
            aggregator = BootstrapAggregator()
            out = {}
            for t in self.types:
                _low, mid, _high = aggregator._bootstrap_resample(cols["_fields", t])
                out[t] = float(mid[("precision", "recall", "fmeasure").index(self.field)])
        finally:
            if seed is not None:
                np.random.set_state(state)
        return out

    def _check_kwargs(self, given: dict[str, Any]) -> None:
        unknown = [k for k in given if k not in self.kwargs]
        if unknown:
            takes = ", ".join(self.kwargs) or "none"
            raise TypeError(
                f"{self.name} takes no argument {', '.join(map(repr, unknown))} (it takes: {takes})"
            )

    def fmeasure_keys(self) -> tuple[str, ...]:
        """The keys of :meth:`compute`'s numbers for the F of each type (``identify``)."""
        return self.corpus_keys or self.keys

    def describe(self) -> str:
        """``rougekit recipes``' paragraph: harness, source, what it does."""
        return f"{self.name}\n  {self.harness}: {self.source}\n  {self.does}"


@dataclass(frozen=True)
class TruthfulQA(Recipe):
    """lm-eval's truthfulqa_gen: each prediction against its true and its false answers
    (``incorrect_answers=``, one list per sample); per type the best F x 100 over the true
    ones (``<type>_max``), its difference with the best over the false ones (``_diff``) and
    whether it is larger (``_acc``, 1 or 0); the corpus numbers are their means."""

    def _table(
        self, predictions: Sequence[str], references: Sequence[Any], harness_kwargs: dict[str, Any]
    ) -> list[dict[str, float]]:
        self._check_kwargs(harness_kwargs)
        incorrect = harness_kwargs.get("incorrect_answers")
        if incorrect is None or len(incorrect) != len(predictions):
            raise ValueError(
                f"{self.name} needs incorrect_answers=: one list of false answers per sample"
            )
        true = self._golds(references)
        false = [[a] if isinstance(a, str) else list(a) for a in incorrect]
        golds = [t + f for t, f in zip(true, false)]
        if any(not t or not f for t, f in zip(true, false)):
            raise ValueError(f"{self.name}: every sample needs a true and a false answer")
        plain = Recipe(**{**self.__dict__, "golds": "single"})
        hyps = [p for p, gs in zip(predictions, golds) for _ in gs]
        refs = [g for gs in golds for g in gs]
        cols = plain.columns(hyps, refs)
        rows, k = [], 0
        for t, gs in zip(true, golds):
            row: dict[str, float] = {}
            for rouge_type, key in zip(self.types, self.keys):
                # BootstrapAggregator's mid of one score is that score; then x 100.
                values = [v * 100 for v in cols[rouge_type][k : k + len(gs)]]
                best_true = float(np.nanmax(values[: len(t)]))
                best_false = float(np.nanmax(values[len(t) :]))
                row[f"{key}_max"] = best_true
                row[f"{key}_acc"] = int(best_true > best_false)
                row[f"{key}_diff"] = best_true - best_false
            rows.append(row)
            k += len(gs)
        return rows

    def per_sample(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> list[dict[str, float]]:
        return self._table(predictions, references, harness_kwargs)

    def compute(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> dict[str, float]:
        rows = self._table(predictions, references, harness_kwargs)
        if not rows:
            raise ValueError("predictions is empty: nothing to aggregate")
        return {k: sum(r[k] for r in rows) / len(rows) for k in rows[0]}


@dataclass(frozen=True)
class MixedMetrics(Recipe):
    """A dataset whose rows each name their metric (MLPerf llama3.1-405b's ``metric``
    column: ``rouge``, ``niah_em``, ``qa_em``). ``metric=`` (one name per sample) marks the
    rows this recipe scores, those named :attr:`metric_name`; the others get NaN (their
    other metric, not ROUGE). The corpus number is pandas' mean of the column, as
    ``df.accuracy.apply(pd.Series).describe().loc["mean"]`` takes it: NaN made 0, the whole
    column summed by NumPy (its pairwise sum, so the other rows' places count), over the
    number of ROUGE rows. Without ``metric=`` every row is a ROUGE row."""

    metric_name: str = "rouge"

    def _rows(self, n: int, harness_kwargs: dict[str, Any]) -> list[int]:
        metric = harness_kwargs.get("metric")
        if metric is None:
            return list(range(n))
        if isinstance(metric, str) or len(metric) != n:
            raise ValueError(f"{self.name}: metric= needs one metric name per sample")
        return [i for i, m in enumerate(metric) if m == self.metric_name]

    def per_sample(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> list[dict[str, float]]:
        """The per-sample values, NaN on the rows ``metric=`` gives another metric."""
        self._check_kwargs(harness_kwargs)
        if len(predictions) != len(references):
            raise ValueError(
                f"predictions and references must have the same length, got "
                f"{len(predictions)} and {len(references)}"
            )
        rows = self._rows(len(predictions), harness_kwargs)
        scored = Recipe.per_sample(
            self, [predictions[i] for i in rows], [references[i] for i in rows], threads=threads
        )
        out = [dict.fromkeys(self.keys, float("nan")) for _ in predictions]
        for i, values in zip(rows, scored):
            out[i] = values
        return out

    def compute(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> dict[str, float]:
        per = self.per_sample(predictions, references, threads=threads, **harness_kwargs)
        out: dict[str, float] = {}
        for key in self.corpus_keys or self.keys:
            column = np.asarray([row[key] for row in per], dtype=np.float64)
            count = int(np.count_nonzero(~np.isnan(column)))
            if count == 0:
                raise ValueError(f"{self.name}: no sample is a {self.metric_name!r} sample")
            out[key] = self._final(float(np.where(np.isnan(column), 0.0, column).sum() / count))
        return out


@dataclass(frozen=True)
class AllFields(Recipe):
    """Every type's recall, precision and F per sample, keyed ``<key>-R``, ``<key>-P``,
    ``<key>-F`` (evalscope's ``Rouge-1-R`` ...; :attr:`suffixes` for other letters); one
    reference per sample. The corpus numbers are the means of those (``sum / count``)."""

    #: The letters after ``<key>-`` for recall, precision and F.
    suffixes: tuple[str, str, str] = ("R", "P", "F")

    def _reduce(
        self, values: dict[str, dict[str, np.ndarray]], owner: list[int], n: int
    ) -> dict[Any, Any]:
        return {
            (t, f): [float(v) for v in values[t][f]]
            for t in self.types
            for f in ("recall", "precision", "fmeasure")
        }

    def per_sample(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> list[dict[str, float]]:
        self._check_kwargs(harness_kwargs)
        cols = self.columns(predictions, references, threads)
        fields = tuple(zip(("recall", "precision", "fmeasure"), self.suffixes))
        return [
            {f"{k}-{s}": self._sample_value(cols[t, f][i])
             for t, k in zip(self.types, self.keys) for f, s in fields}
            for i in range(len(predictions))
        ]  # fmt: skip

    def compute(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> dict[str, float]:
        if not predictions:
            raise ValueError("predictions is empty: nothing to aggregate")
        self._check_kwargs(harness_kwargs)
        cols = self.columns(predictions, references, threads)
        fields = tuple(zip(("recall", "precision", "fmeasure"), self.suffixes))
        out = {}
        for t, k in zip(self.types, self.keys):
            for f, s in fields:
                # The per-sample values summed left to right, as the harness sums its rows.
                values = [self._sample_value(v) for v in cols[t, f]]
                out[f"{k}-{s}"] = self._final(sum(values) / len(values))
        return out

    def fmeasure_keys(self) -> tuple[str, ...]:
        return tuple(f"{k}-{self.suffixes[2]}" for k in self.keys)


@dataclass(frozen=True)
class TorchmetricsMean(Recipe):
    """torchmetrics' ``ROUGEScore`` state and ``compute()``: each per-sample value rounded
    to float32 (torchmetrics stores ``tensor(score)``, float32), the corpus number torch's
    float32 mean of them (``_rouge_score_compute``: ``torch.tensor(scores).mean()``) as a
    Python float (``.item()``). The per-sample values come from the core, as in
    :mod:`rougekit.integrations.torchmetrics`; torch is imported for the mean only: the last
    bits of a float32 sum depend on the order of torch's reduction kernel (and, past its
    grain size of 32,768 values, on its thread count), so rougekit lets torch add."""

    def per_sample(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> list[dict[str, float]]:
        rows = Recipe.per_sample(self, predictions, references, threads=threads, **harness_kwargs)
        return [{k: float(np.float32(v)) for k, v in row.items()} for row in rows]

    def compute(
        self,
        predictions: Sequence[str],
        references: Sequence[Any],
        *,
        threads: int | None = None,
        **harness_kwargs: Any,
    ) -> dict[str, float]:
        self._check_kwargs(harness_kwargs)
        if not predictions:
            raise ValueError("predictions is empty: nothing to aggregate")
        try:
            import torch
        except ImportError:
            raise ModuleNotFoundError(
                f"{self.name}'s corpus numbers are torch's float32 means, as torchmetrics "
                "takes them: pip install torch (per_sample() needs no torch)"
            ) from None
        cols = self.columns(predictions, references, threads)
        out: dict[str, float] = {}
        for t, k in zip(self.types, self.corpus_keys or self.keys):
            column = np.asarray(cols[t], dtype=np.float32)  # round to nearest, as tensor()
            out[k] = float(torch.from_numpy(column).mean().item())
        return out
