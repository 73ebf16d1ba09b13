"""The Hugging Face ``evaluate``-style call: :func:`compute`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import rougekit.inputs as inputs
import rougekit.profiles as profiles
from rougekit.aggregate import corpus_mean
from rougekit.config import DEFAULT_TYPES, normalize_types
from rougekit.profiles import ProfileLike
from rougekit.results import FIELDS, Score
from rougekit.scorer import RougeScorer


def compute(
    *,
    predictions: Sequence[str],
    references: Sequence[str | Sequence[str]],
    rouge_types: str | Sequence[str] | None = None,
    use_aggregator: bool = True,
    use_stemmer: bool = False,
    metric_to_select: str | None = "fmeasure",
    tokenizer: Callable[[str], list[Any]] | None = None,
    threads: int | None = None,
    profile: ProfileLike = profiles.DEFAULT,
    stemmer: str | None = None,
    multiref: str | None = None,
    jackknife: bool | None = None,
    separator: int | None = None,
    progress: bool | None = None,
) -> dict[str, Any]:
    """ROUGE as ``evaluate.load("rouge").compute(...)`` is called, deterministically.

    ``profile`` chooses whose rules (see :class:`~rougekit.RougeScorer`), ``stemmer`` names
    a stemmer (e.g. ``"snowball:german"`` with ``profile="unicode-v1"``; ``use_stemmer=True``
    is the profile's default stemmer), ``multiref`` and ``jackknife`` the multi-reference
    rule, ``separator`` the id ending a sentence (``profile="token-ids"``), ``progress`` a
    progress bar (see :meth:`~rougekit.RougeScorer.score_batch`; not with ``tokenizer``).

    Differences from ``evaluate``, on purpose: with ``use_aggregator`` the value is the plain
    mean of the per-pair scores (``evaluate`` returns the median of 1000 unseeded bootstrap
    means), and ``metric_to_select`` picks the field (``None`` returns :class:`Score` triples).

    With ``tokenizer`` (a callable ``str -> list`` of hashable tokens), texts are tokenised by
    it exactly as rouge-score calls a custom tokenizer; ``use_stemmer`` then does not apply
    (as in rouge-score) and scoring runs on the calling thread (``threads`` is ignored).

    Returns ``{type: value}`` with the aggregator, ``{type: [value per pair]}`` without.
    """
    if metric_to_select is not None and metric_to_select not in FIELDS:
        raise ValueError(
            f"metric_to_select must be one of {', '.join(FIELDS)} or None, got {metric_to_select!r}"
        )
    if isinstance(rouge_types, str):  # "rouge1" or "rouge1,rougeL": names, not characters
        rouge_types = [t.strip() for t in rouge_types.split(",") if t.strip()]
    types = tuple(rouge_types) if rouge_types is not None else None
    if tokenizer is not None:
        if profile != profiles.DEFAULT or any(
            x is not None for x in (stemmer, multiref, jackknife, separator)
        ):
            raise ValueError(
                "tokenizer= replaces the profile's tokenizer: give tokenizer or profile, "
                "stemmer, multiref, jackknife and separator, not both"
            )
        return _compute_custom(
            predictions, references, types or DEFAULT_TYPES, use_aggregator, metric_to_select,
            tokenizer,
        )  # fmt: skip
    if stemmer is not None and use_stemmer:
        raise ValueError("give use_stemmer=True or stemmer=NAME, not both")
    scorer = RougeScorer(
        types,
        profile=profile,
        stemmer=stemmer if stemmer is not None else use_stemmer,
        multiref=multiref,
        jackknife=jackknife,
        separator=separator,
        threads=threads,
    )
    batch = scorer.score_batch(predictions, references, progress=progress)
    if use_aggregator:
        if len(batch) == 0:
            raise ValueError("predictions is empty: nothing to aggregate")
        corpus = batch.corpus()
        return {t: _select(corpus.mean[t], metric_to_select) for t in batch.types}
    out: dict[str, Any] = {}
    for t in batch.types:
        if metric_to_select is None:
            cols = [batch.precision(t), batch.recall(t), batch.fmeasure(t)]
            out[t] = [Score(float(p), float(r), float(f)) for p, r, f in zip(*cols)]
        else:
            out[t] = [float(v) for v in getattr(batch, metric_to_select)(t)]
    return out


def _select(score: Score, metric: str | None) -> Any:
    return score if metric is None else float(getattr(score, metric))


def _compute_custom(
    predictions: Sequence[str],
    references: Sequence[str | Sequence[str]],
    types: tuple[str, ...],
    use_aggregator: bool,
    metric: str | None,
    tokenizer: Callable[[str], list[Any]],
) -> dict[str, Any]:
    """Custom tokenizer: rouge-score's tokenizer calls (whole texts, then each line for
    rougeLsum) through the compat scorer, scored by the core. Stemming does not apply."""
    from rougekit.compat.rouge_scorer import RougeScorer as CompatScorer

    if not callable(tokenizer):
        raise TypeError(f"tokenizer must be a callable str -> list, got {type(tokenizer).__name__}")
    preds = inputs.ordered(predictions, "predictions")
    refs = inputs.ordered(references, "references")
    if len(preds) != len(refs):
        raise ValueError(
            f"predictions and references must have the same length, got "
            f"{len(preds)} predictions and {len(refs)} references"
        )
    names = normalize_types(types)

    class _Wrapped:
        def tokenize(self, text: str) -> list[Any]:
            return tokenizer(text)

    class _Scorer(CompatScorer):
        # Types are already validated by rougekit's own rules (any rougeN).
        def _validated_types(self) -> dict[str, str]:
            return {t: t for t in names}

    scorer = _Scorer(list(names), tokenizer=_Wrapped())
    per: dict[str, list[Score]] = {t: [] for t in names}
    for i, (p, r) in enumerate(zip(preds, refs)):
        got = scorer.score_multi(
            inputs.references(r, f"references[{i}]"), inputs.text(p, f"predictions[{i}]")
        )
        for t in names:
            s = got[t]
            per[t].append(Score(float(s.precision), float(s.recall), float(s.fmeasure)))
    if not use_aggregator:
        return {t: [_select(s, metric) for s in v] for t, v in per.items()}
    if not preds:
        raise ValueError("predictions is empty: nothing to aggregate")
    return {
        t: _select(Score(*(corpus_mean([getattr(s, f) for s in v]) for f in FIELDS)), metric)
        for t, v in per.items()
    }
