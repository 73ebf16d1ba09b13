"""lm-evaluation-harness: metric and aggregation functions a task can name.

lm-eval resolves ``!function module.name`` in a task yaml to a Python file beside the yaml,
so a task imports these into its ``utils.py``::

    # utils.py
    from rougekit.integrations.lm_eval import rouge1, rougeLsum, rouge1_corpus, mean

    # task.yaml (output_type: generate_until)
    metric_list:
      - metric: !function utils.rouge1        # per document, averaged by `mean`
        aggregation: !function utils.mean
        higher_is_better: true
        profile: unicode-v1                    # extra keys reach the function as kwargs
      - metric: !function utils.rouge_pair     # passthrough: (references, prediction)
        aggregation: !function utils.rouge1_corpus   # one parallel batch over the corpus
        higher_is_better: true

Metric functions take lm-eval's call ``fn(references=[gold], predictions=[completion],
**kwargs)``; the keyword arguments are rougekit's (``profile``, ``use_stemmer`` or
``stemmer``, ``multiref``, ``jackknife``, ``separator``, perl-1.5.5's ``stopwords``,
``limit_words``, ``limit_bytes``, ``alpha``, ``beta``) plus ``metric_to_select``
(``"fmeasure"``, ``"precision"``, ``"recall"``) and ``scale`` (e.g. ``100`` for lm-eval's
0-100 tables). Aggregations take lm-eval's ``fn(items) -> float``.

:func:`register` puts ``rougekit_rouge1`` ... ``rougekit_rougeLsum`` (and ``rougekit_mean``)
into lm-eval's registry so a yaml can name them as strings.

:func:`install_compat` makes ``import rouge_score`` load :mod:`rougekit.compat`: lm-eval's
own truthfulqa ``rouge`` helper (a 1000-resample bootstrap per single score) then gives the
same numbers and leaves NumPy's random state as rouge-score would, much faster.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import rougekit.profiles as profiles
from rougekit.results import FIELDS
from rougekit.scorer import RougeScorer

#: The per-document metrics :func:`register` adds (``rougekit_<type>``).
TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")

_OPTIONS = (
    "profile", "use_stemmer", "stemmer", "multiref", "jackknife", "separator", "stopwords",
    "limit_words", "limit_bytes", "alpha", "beta",
)  # fmt: skip


@functools.lru_cache(maxsize=64)
def _scorer(
    types: tuple[str, ...] | None, options: tuple[tuple[str, Any], ...], threads: int | None
) -> RougeScorer:
    return RougeScorer(types, threads=threads, **dict(options))


def _make_scorer(
    types: Sequence[str] | str | None, options: dict[str, Any], threads: int | None
) -> RougeScorer:
    unknown = sorted(set(options) - set(_OPTIONS))
    if unknown:
        raise TypeError(
            f"unknown option(s) {', '.join(unknown)}: rougekit's lm-eval functions take "
            f"{', '.join(_OPTIONS)}, metric_to_select and scale"
        )
    options = dict(options)
    use_stemmer = options.pop("use_stemmer", False)
    if options.get("stemmer") is not None and use_stemmer:
        raise ValueError("give use_stemmer=True or stemmer=NAME, not both")
    if options.get("stemmer") is None:
        options["stemmer"] = bool(use_stemmer)
    options.setdefault("profile", profiles.DEFAULT)
    if isinstance(types, str):
        types = [t.strip() for t in types.split(",") if t.strip()]
    # yaml lists arrive as lists: options are cache keys, so they must be hashable
    key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))
    return _scorer(tuple(types) if types is not None else None, key, threads)


def _field(metric_to_select: str) -> str:
    if metric_to_select not in FIELDS:
        raise ValueError(
            f"metric_to_select must be one of {', '.join(FIELDS)}, got {metric_to_select!r}"
        )
    return metric_to_select


def _pairs(references: Sequence[Any], predictions: Sequence[Any]) -> list[tuple[Any, Any]]:
    if isinstance(predictions, (str, bytes)) or isinstance(references, (str, bytes)):
        raise TypeError(
            "references and predictions are lists (lm-eval passes references=[gold], "
            "predictions=[completion])"
        )
    preds, refs = list(predictions), list(references)
    if len(preds) != len(refs):
        raise ValueError(
            f"predictions and references must have the same length, got {len(preds)} "
            f"predictions and {len(refs)} references"
        )
    if not preds:
        raise ValueError("predictions is empty: nothing to score")
    return list(zip(refs, preds))


def _mean(values: list[float]) -> float:
    """Left to right, as lm-eval's own ``mean`` (``sum(arr) / len(arr)``) adds on Python
    3.11, whatever the Python (3.12's ``sum`` is compensated). rougekit's corpus means are
    exact sums rounded once instead (:func:`corpus_aggregation`)."""
    total = 0.0
    for v in values:
        total += v
    return total / len(values)


def rouge(
    references: Sequence[Any],
    predictions: Sequence[Any],
    *,
    rouge_types: Sequence[str] | str | None = None,
    metric_to_select: str = "fmeasure",
    scale: float = 1.0,
    **options: Any,
) -> dict[str, float]:
    """``{type: value}`` for lm-eval's ``fn(references=[gold], predictions=[completion])``
    (several pairs: the mean over them). lm-eval files each key as its own metric.

    ``references[i]`` is one reference or a list of them (combined by ``multiref``).
    """
    field = _field(metric_to_select)
    scorer = _make_scorer(rouge_types, options, threads=1)
    # score() per pair: quiet about one-line texts (score_batch warns that rougeLsum then
    # equals rougeL, which every short answer would trigger, once per document).
    per = [scorer.score(p, r) for r, p in _pairs(references, predictions)]
    return {t: _mean([getattr(s[t], field) for s in per]) * scale for t in scorer.types}


def _single(rouge_type: str) -> Callable[..., float]:
    def metric(
        references: Sequence[Any],
        predictions: Sequence[Any],
        *,
        metric_to_select: str = "fmeasure",
        scale: float = 1.0,
        **options: Any,
    ) -> float:
        return rouge(
            references, predictions, rouge_types=[rouge_type],
            metric_to_select=metric_to_select, scale=scale, **options,
        )[rouge_type]  # fmt: skip

    metric.__name__ = metric.__qualname__ = rouge_type
    metric.__doc__ = (
        f"{rouge_type} of lm-eval's ``fn(references=[gold], predictions=[completion], "
        f"**kwargs)`` as a float (see :func:`rouge` for the keyword arguments)."
    )
    return metric


rouge1 = _single("rouge1")
rouge2 = _single("rouge2")
rougeL = _single("rougeL")
rougeLsum = _single("rougeLsum")


def rouge_pair(references: Sequence[Any], predictions: Sequence[Any], **_: Any) -> Any:
    """Passthrough metric: the document's ``(reference(s), prediction)`` item, scored later
    by a corpus aggregation (:func:`corpus_aggregation`) in one parallel batch."""
    ((reference, prediction),) = _pairs(references, predictions)
    return (reference, prediction)


def mean(items: Sequence[float]) -> float:
    """lm-eval aggregation: the mean of the per-document values, summed left to right as
    lm-eval's own ``mean`` sums them."""
    values = [float(v) for v in items]
    if not values:
        raise ValueError("no items to aggregate")
    return _mean(values)


def corpus_aggregation(
    rouge_type: str,
    *,
    metric_to_select: str = "fmeasure",
    scale: float = 1.0,
    **options: Any,
) -> Callable[[Sequence[Any]], float]:
    """An lm-eval aggregation scoring :func:`rouge_pair`'s items in one batch (Rust, every
    core): the mean of ``rouge_type``'s ``metric_to_select`` over the documents."""
    field = _field(metric_to_select)
    scorer = _make_scorer([rouge_type], options, threads=None)
    (name,) = scorer.types

    def aggregate(items: Sequence[Any]) -> float:
        items = list(items)
        if not items:
            raise ValueError("no items to aggregate")
        refs = [r for r, _ in items]
        preds = [p for _, p in items]
        corpus = scorer.score_batch(preds, refs).corpus()
        return float(getattr(corpus.mean[name], field)) * scale

    aggregate.__name__ = aggregate.__qualname__ = f"{rouge_type}_corpus"
    return aggregate


rouge1_corpus = corpus_aggregation("rouge1")
rouge2_corpus = corpus_aggregation("rouge2")
rougeL_corpus = corpus_aggregation("rougeL")
rougeLsum_corpus = corpus_aggregation("rougeLsum")


def register(prefix: str = "rougekit_") -> list[str]:
    """Registers ``<prefix><type>`` metrics (aggregated by ``<prefix>mean``, higher is
    better) in lm-eval's registry so that a yaml can say ``metric: rougekit_rouge1``.
    Idempotent; returns the metric names."""
    from lm_eval.api import registry

    agg_name = f"{prefix}mean"
    if agg_name not in registry.aggregation_registry:
        registry.register_aggregation(agg_name)(mean)
    names = []
    for rouge_type in TYPES:
        name = f"{prefix}{rouge_type}"
        if name not in registry.metric_registry:
            registry.register_metric(
                metric=name, higher_is_better=True, output_type="generate_until",
                aggregation=agg_name,
            )(globals()[rouge_type])  # fmt: skip
        names.append(name)
    return names


_COMPAT_MODULES = ("rouge_scorer", "scoring", "tokenize", "tokenizers", "io")


@contextmanager
def install_compat() -> Iterator[None]:
    """Within the block, ``import rouge_score`` (and its submodules) loads
    :mod:`rougekit.compat`; the previous modules are restored after it.

    Import the code that uses rouge-score inside the block (lm-eval reads a task's
    ``utils.py`` when it builds the task): modules that imported ``rouge_score`` before
    keep the objects they hold. For the whole process, call ``install_compat().__enter__()``
    once before lm-eval loads its tasks.
    """
    import rougekit.compat as compat

    names = ["rouge_score", *(f"rouge_score.{m}" for m in _COMPAT_MODULES)]
    saved = {name: sys.modules.get(name) for name in names}
    sys.modules["rouge_score"] = compat
    for m in _COMPAT_MODULES:
        sys.modules[f"rouge_score.{m}"] = getattr(compat, m)
    try:
        yield
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
