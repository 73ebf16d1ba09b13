"""What rougekit's evaluate module computes (the module file only forwards to it).

Same arguments and output keys as evaluate's ``rouge`` (``predictions``, ``references``,
``rouge_types``, ``use_aggregator``, ``use_stemmer``, ``tokenizer``; ``{type: value}``),
plus rougekit's profiles and options, precision/recall, confidence intervals and the
signature on request.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import rougekit.profiles as profiles
from rougekit.aggregate import corpus_mean
from rougekit.profiles import ProfileLike
from rougekit.results import FIELDS
from rougekit.scorer import RougeScorer
from rougekit.signature import Signature

#: ``aggregation=`` values.
AGGREGATIONS = ("mean", "bootstrap-median")

DESCRIPTION = """\
ROUGE (Recall-Oriented Understudy for Gisting Evaluation) compares a prediction with one or
more references by overlapping n-grams (rouge1, rouge2, ...), the longest common
subsequence (rougeL) and its summary-level union over sentences split at newlines
(rougeLsum).

This module is rougekit's: a Rust implementation whose "rouge-score" profile (the default)
gives Google's rouge-score 0.1.2 numbers bit for bit, the numbers of evaluate's own "rouge".
It takes evaluate's arguments and returns its keys, and adds rougekit's profiles (other
languages, ROUGE-1.5.5, token ids), multi-reference rules, precision/recall, confidence
intervals and a signature naming every setting. With use_aggregator=True the value is the
plain mean (deterministic); aggregation="bootstrap-median" reproduces evaluate's rouge
(the median of 1000 bootstrap means drawn from NumPy's global RNG) for the same seed.
"""

CITATION = """\
@inproceedings{lin-2004-rouge,
    title = "{ROUGE}: A Package for Automatic Evaluation of Summaries",
    author = "Lin, Chin-Yew",
    booktitle = "Text Summarization Branches Out",
    year = "2004",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/W04-1013",
    pages = "74--81",
}
"""

KWARGS_DESCRIPTION = """
Args:
    predictions: list of predictions (strings; token-ids profile: lists of ints).
    references: per prediction, one reference or a list of references.
    rouge_types: list of types (default rouge1, rouge2, rougeL, rougeLsum): any rougeN,
        rougeL, rougeLsum (sentences split at newlines), rougeW-1.2, rougeS4, rougeSU4...
    use_aggregator: True returns one number per type, False a list per type.
    use_stemmer: the profile's default stemmer (rouge-score: Porter, as rouge-score).
    tokenizer: a callable str -> list of tokens (rouge-score's custom tokenizer rules).
    profile: "rouge-score" (default), "perl-1.5.5", "unicode-v1", "character-v1",
        "whitespace", "token-ids".
    stemmer: a stemmer name instead of use_stemmer (e.g. "snowball:german").
    multiref: "best-f" (rouge-score's), "pooled", "best-recall" or "mean".
    jackknife: average the rule over leave-one-out reference subsets.
    separator: token-ids only, the id that ends a sentence (rougeLsum).
    stopwords, limit_words, limit_bytes, alpha, beta, unit: perl-1.5.5 only, as
        ROUGE-1.5.5's -s, -l, -b, -p and -t (see rougekit.RougeScorer).
    aggregation: "mean" (default, deterministic) or "bootstrap-median" (evaluate's rouge
        number, bit for bit for the same seed: evaluate.load(..., seed=S)).
    return_precision_recall: also return "<type>_precision" and "<type>_recall".
    confidence: e.g. 0.95: also return "<type>_low" / "<type>_high" bootstrap bounds
        (mean: rougekit's seeded bootstrap with n_bootstrap and seed; bootstrap-median:
        the same resamples as the median).
    n_bootstrap, seed: the bootstrap's size (1000) and seed (0; bootstrap-median uses
        NumPy's global RNG as evaluate seeds it).
    return_signature: also return "signature", the string naming every setting.
    threads: worker threads (never changes a number).
Returns:
    rouge1, rouge2, rougeL, rougeLsum: F-measures (and the extra keys asked for).
Examples:
    >>> rouge = evaluate.load(rougekit.integrations.hf_evaluate.PATH)
    >>> rouge.compute(predictions=["hello there"], references=["hello there"])
    {'rouge1': 1.0, 'rouge2': 1.0, 'rougeL': 1.0, 'rougeLsum': 1.0}
"""


def features(datasets: Any) -> list[Any]:
    """evaluate's input formats, tried in this order on the first example: text with a list
    of references, text with one reference (evaluate's rouge), then token ids (a list of
    ints per prediction; a list of ids or a list of such lists per reference)."""
    text, ids = datasets.Value("string", id="sequence"), datasets.Value("int64")
    seq = datasets.Sequence
    return [
        datasets.Features({"predictions": text, "references": seq(text)}),
        datasets.Features({"predictions": text, "references": text}),
        datasets.Features({"predictions": seq(ids), "references": seq(seq(ids))}),
        datasets.Features({"predictions": seq(ids), "references": seq(ids)}),
    ]


def compute(
    predictions: Sequence[Any],
    references: Sequence[Any],
    rouge_types: Sequence[str] | str | None = None,
    use_aggregator: bool = True,
    use_stemmer: bool = False,
    tokenizer: Callable[[str], list[Any]] | None = None,
    *,
    profile: ProfileLike = profiles.DEFAULT,
    stemmer: str | None = None,
    multiref: str | None = None,
    jackknife: bool | None = None,
    separator: int | None = None,
    stopwords: bool | None = None,
    limit_words: int | None = None,
    limit_bytes: int | None = None,
    alpha: float | None = None,
    beta: float | None = None,
    unit: int = 0,
    aggregation: str = "mean",
    return_precision_recall: bool = False,
    confidence: float | None = None,
    n_bootstrap: int = 1000,
    seed: int = 0,
    return_signature: bool = False,
    threads: int | None = None,
    numpy_seed: int | None = None,
) -> dict[str, Any]:
    """The module's ``_compute`` (see :data:`KWARGS_DESCRIPTION`). ``numpy_seed`` is the seed
    evaluate set NumPy's global RNG to (the module's ``seed``), for the signature of
    ``aggregation="bootstrap-median"``."""
    if aggregation not in AGGREGATIONS:
        raise ValueError(
            f"aggregation must be one of {', '.join(AGGREGATIONS)}, got {aggregation!r}"
        )
    if not use_aggregator and confidence is not None:
        raise ValueError("confidence needs use_aggregator=True (a CI is of an aggregate)")
    if isinstance(rouge_types, str):  # "rouge1,rougeL": names, not characters
        rouge_types = [t.strip() for t in rouge_types.split(",") if t.strip()]
    if len(predictions) == 0 and use_aggregator:
        raise ValueError("predictions is empty: nothing to aggregate")
    fields = FIELDS if return_precision_recall else ("fmeasure",)

    if tokenizer is not None:
        if return_signature or (confidence is not None and aggregation == "mean"):
            raise ValueError(
                "a custom tokenizer is not described by a signature or rougekit's bootstrap: "
                "drop tokenizer= or return_signature/confidence (or use "
                "aggregation='bootstrap-median' for a CI)"
            )
        columns = _custom_columns(
            predictions, references, rouge_types, use_stemmer, tokenizer, threads,
            dict(profile=profile, stemmer=stemmer, multiref=multiref, jackknife=jackknife,
                 separator=separator, stopwords=stopwords, limit_words=limit_words,
                 limit_bytes=limit_bytes, alpha=alpha, beta=beta),
        )  # fmt: skip
        signature = None
    else:
        if stemmer is not None and use_stemmer:
            raise ValueError("give use_stemmer=True or stemmer=NAME, not both")
        scorer = RougeScorer(
            rouge_types, profile=profile, stemmer=stemmer if stemmer is not None else use_stemmer,
            multiref=multiref, jackknife=jackknife, separator=separator, stopwords=stopwords,
            limit_words=limit_words, limit_bytes=limit_bytes, alpha=alpha, beta=beta,
            threads=threads,
        )  # fmt: skip
        batch = scorer.score_batch(predictions, references)
        columns = {t: {f: getattr(batch, f)(t) for f in FIELDS} for t in batch.types}
        signature = batch.signature

    out: dict[str, Any] = {}
    if not use_aggregator:
        for t, cols in columns.items():
            for f in fields:
                out[_key(t, f)] = [float(v) for v in cols[f]]
    elif aggregation == "bootstrap-median":
        _bootstrap_median(out, columns, fields, confidence, n_bootstrap)
        if signature is not None:
            signature = signature.with_ci(
                confidence if confidence is not None else 0.95, n_bootstrap,
                "no" if numpy_seed is None else f"numpy-{numpy_seed}", agg="bootstrap-median",
            )  # fmt: skip
    elif tokenizer is not None:
        for t, cols in columns.items():
            for f in fields:
                out[_key(t, f)] = corpus_mean([float(v) for v in cols[f]])
    else:
        corpus = batch.corpus(confidence=confidence, n_bootstrap=n_bootstrap, seed=seed, unit=unit)
        for t in corpus.types:
            for f in fields:
                out[_key(t, f)] = float(getattr(corpus.mean[t], f))
                if corpus.low is not None and corpus.high is not None:
                    out[_key(t, f) + "_low"] = float(getattr(corpus.low[t], f))
                    out[_key(t, f) + "_high"] = float(getattr(corpus.high[t], f))
        signature = corpus.signature
    # evaluate's keys first (the F-measures, in type order), then the extra keys asked for.
    fmeasures = [_key(t, "fmeasure") for t in columns]
    out = {**{k: out[k] for k in fmeasures}, **{k: v for k, v in out.items() if k not in fmeasures}}
    if return_signature:
        assert isinstance(signature, Signature)
        out["signature"] = str(signature)
    return out


def _key(rouge_type: str, field: str) -> str:
    """evaluate's key for the F-measure (``rouge1``), ``rouge1_precision`` for the others."""
    return rouge_type if field == "fmeasure" else f"{rouge_type}_{field}"


def _custom_columns(
    predictions: Sequence[Any],
    references: Sequence[Any],
    rouge_types: Sequence[str] | None,
    use_stemmer: bool,
    tokenizer: Callable[[str], list[Any]],
    threads: int | None,
    options: dict[str, Any],
) -> dict[str, dict[str, list[float]]]:
    """Per-pair columns with a custom tokenizer: rouge-score's rules (``use_stemmer`` does
    not apply, as there), through :func:`rougekit.compute`."""
    from rougekit.evaluate import compute as rk_compute

    if options.pop("profile") != profiles.DEFAULT or any(v is not None for v in options.values()):
        raise ValueError(
            "tokenizer= replaces the profile's tokenizer: give tokenizer or the profile and "
            "its options (stemmer, multiref, jackknife, separator, ...), not both"
        )
    del use_stemmer  # rouge-score ignores it when a tokenizer is given
    per = rk_compute(
        predictions=predictions, references=references, rouge_types=rouge_types,
        use_aggregator=False, metric_to_select=None, tokenizer=tokenizer, threads=threads,
    )  # fmt: skip
    return {t: {f: [getattr(s, f) for s in scores] for f in FIELDS} for t, scores in per.items()}


def _bootstrap_median(
    out: dict[str, Any],
    columns: dict[str, dict[str, Any]],
    fields: Sequence[str],
    confidence: float | None,
    n_bootstrap: int,
) -> None:
    """evaluate's rouge number: rouge-score's BootstrapAggregator (NumPy's global legacy
    RNG, types in their order) over the per-pair (P, R, F) rows, the median ("mid") of the
    resample means; the bounds at ``confidence`` from the same resamples."""
    import numpy as np

    from rougekit.compat.scoring import BootstrapAggregator

    aggregator = BootstrapAggregator(
        confidence_interval=0.95 if confidence is None else confidence, n_samples=n_bootstrap
    )
    for t, cols in columns.items():
        matrix = np.column_stack([np.asarray(cols[f], dtype=np.float64) for f in FIELDS])
        low, mid, high = aggregator._bootstrap_resample(matrix)
        for i, f in enumerate(FIELDS):
            if f not in fields:
                continue
            out[_key(t, f)] = mid[i]  # numpy.float64, as evaluate's rouge returns
            if confidence is not None:
                out[_key(t, f) + "_low"] = low[i]
                out[_key(t, f) + "_high"] = high[i]
