"""``rougekit.integrations.hf_evaluate`` through Hugging Face ``evaluate`` itself, offline.

The oracle is evaluate's own ``rouge`` metric script. evaluate's wheel and sdist do not
carry its ``metrics/`` folder; the ``opencompass`` wheel on PyPI ships a copy of
``metrics/rouge/rouge.py`` (``opencompass/openicl/icl_evaluator/hf_metrics/rouge.py``: the
same code, two comments shorter). CI installs it with ``pip install --no-deps
opencompass==0.5.4`` (its own dependencies pull torch and are not needed: the file is only
read, and loaded by ``evaluate.load`` from a temporary folder).
"""

from __future__ import annotations

import ast
import importlib.metadata
import math
import os
import shutil
import socket
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import named_corpus

# evaluate and huggingface_hub read these when imported: no network from here on.
for _var in ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE", "HF_EVALUATE_OFFLINE"):
    os.environ.setdefault(_var, "1")

evaluate = pytest.importorskip("evaluate", reason="evaluate is a test dependency")

import rougekit as rk  # noqa: E402
from rougekit.integrations import hf_evaluate  # noqa: E402

ORACLE_DIST = "opencompass"
ORACLE_FILE = "opencompass/openicl/icl_evaluator/hf_metrics/rouge.py"
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]

# Several corpora have one-line texts (rougeLsum = rougeL there, as in evaluate's rouge).
pytestmark = pytest.mark.filterwarnings("ignore::rougekit.NoSentencesWarning")


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    """evaluate in offline mode, and any connection attempt fails the test."""
    monkeypatch.setattr(evaluate.config, "HF_EVALUATE_OFFLINE", True)

    def refuse(self: Any, address: Any) -> None:
        raise AssertionError(f"network access attempted: {address!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)


def _oracle_source() -> Path:
    try:
        dist = importlib.metadata.distribution(ORACLE_DIST)
    except importlib.metadata.PackageNotFoundError:
        pytest.skip(
            "evaluate's rouge.py oracle missing: pip install --no-deps opencompass==0.5.4 "
            "(its wheel carries evaluate's metrics/rouge/rouge.py)"
        )
    path = Path(str(dist.locate_file(ORACLE_FILE)))
    assert path.is_file(), f"{ORACLE_DIST} no longer ships {ORACLE_FILE}"
    text = path.read_text(encoding="utf-8")
    # evaluate's wrapper, as on the Hub: rouge_score's scorer and BootstrapAggregator.
    for line in (
        "class Rouge(evaluate.Metric):",
        "multi_ref = isinstance(references[0], list)",
        "scorer = rouge_scorer.RougeScorer(rouge_types=rouge_types, use_stemmer=use_stemmer, "
        "tokenizer=tokenizer)",
        "aggregator = scoring.BootstrapAggregator()",
        "result[key] = result[key].mid.fmeasure",
        "result[key] = list(score[key].fmeasure for score in scores)",
    ):
        assert line in text, f"the oracle file changed: {line!r} not found"
    return path


@pytest.fixture(scope="session")
def oracle_dir(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("evaluate-oracle") / "rouge"
    folder.mkdir()
    shutil.copy(_oracle_source(), folder / "rouge.py")
    return str(folder)


def _corpus(name: str, limit: int | None = None) -> tuple[list[str], list[list[str]]]:
    files = {
        "realsumm": "realsumm-cnndm/realsumm.jsonl",
        "xsum": "xsum-hallucination-annotations/xsum.jsonl",
        "summeval": "summeval-cnndm/summeval.jsonl",
        "pointer-gen": "cnndm-pointer-generator/pointer-gen-cov.jsonl",
    }
    rows = named_corpus(files[name])[:limit]
    return [r["prediction"] for r in rows], [r["references"] for r in rows]


def _corpus_mean(values: list[float]) -> float:
    """rougekit's corpus mean: the exact sum rounded once, over n (as ``math.fsum``)."""
    return math.fsum(values) / len(values)


def test_path_loads_offline():
    rouge = evaluate.load(hf_evaluate.PATH)
    assert rouge.name == "rouge"
    assert Path(hf_evaluate.PATH, "rougekit_rouge.py").is_file()
    got = rouge.compute(predictions=["hello there", "general kenobi"],
                        references=["hello there", "general kenobi"])  # fmt: skip
    assert got == {"rouge1": 1.0, "rouge2": 1.0, "rougeL": 1.0, "rougeLsum": 1.0}


@pytest.mark.parametrize(
    ("corpus", "limit", "multi", "stemmer"),
    [
        ("realsumm", None, False, True),
        ("xsum", None, False, False),
        ("summeval", 300, True, True),
        ("pointer-gen", 3000, False, False),
    ],
)
def test_per_item_values_equal_evaluate_rouge(oracle_dir, corpus, limit, multi, stemmer):
    """use_aggregator=False: every item of every type equals evaluate's rouge, thousands of
    real pairs (one reference as a string, or the list of references: score_multi)."""
    preds, refs = _corpus(corpus, limit)
    references: list[Any] = refs if multi else [r[0] for r in refs]
    kwargs = {"use_aggregator": False, "use_stemmer": stemmer}
    want = evaluate.load(oracle_dir).compute(predictions=preds, references=references, **kwargs)
    got = evaluate.load(hf_evaluate.PATH).compute(
        predictions=preds, references=references, **kwargs
    )
    assert list(got) == list(want) == TYPES
    for t in TYPES:
        assert len(got[t]) == len(preds)
        bad = [i for i, (g, w) in enumerate(zip(got[t], want[t])) if g != w]
        assert not bad, f"{corpus} {t}: {len(bad)} items differ, first {bad[:5]}"


def test_per_item_custom_tokenizer_and_types(oracle_dir):
    """evaluate's tokenizer= and rouge_types= (order kept, any rougeN)."""
    preds, refs = _corpus("xsum", 400)
    references = [r[0] for r in refs]
    for kwargs in (
        {"tokenizer": str.split, "rouge_types": ["rougeLsum", "rouge3", "rougeL"]},
        {"rouge_types": ["rougeL", "rouge1"], "use_stemmer": True},
    ):
        want = evaluate.load(oracle_dir).compute(
            predictions=preds, references=references, use_aggregator=False, **kwargs
        )
        got = evaluate.load(hf_evaluate.PATH).compute(
            predictions=preds, references=references, use_aggregator=False, **kwargs
        )
        assert got == want, kwargs
        assert list(got) == list(want)
        # aggregated: the mean of those items, and evaluate's own number for a seed
        mean = evaluate.load(hf_evaluate.PATH).compute(
            predictions=preds, references=references, **kwargs
        )
        assert mean == {t: _corpus_mean(v) for t, v in want.items()}
        want_median = evaluate.load(oracle_dir, seed=5).compute(
            predictions=preds, references=references, **kwargs
        )
        got_median = evaluate.load(hf_evaluate.PATH, seed=5).compute(
            predictions=preds, references=references, aggregation="bootstrap-median", **kwargs
        )
        assert got_median == want_median, kwargs


@pytest.mark.parametrize("seed", [0, 2024])
def test_bootstrap_median_equals_evaluate_rouge(oracle_dir, seed):
    """aggregation="bootstrap-median" is evaluate's aggregated number bit for bit for the
    same seed (evaluate.load(..., seed=S)), as numpy.float64, on thousands of pairs."""
    preds, refs = _corpus("xsum")
    references = [r[0] for r in refs]
    want = evaluate.load(oracle_dir, seed=seed).compute(
        predictions=preds, references=references, use_stemmer=True
    )
    module = evaluate.load(hf_evaluate.PATH, seed=seed)
    got = module.compute(
        predictions=preds, references=references, use_stemmer=True,
        aggregation="bootstrap-median",
    )  # fmt: skip
    assert got == want
    assert all(type(v) is np.float64 for v in got.values())
    # the default is the deterministic mean, not the bootstrap median
    mean = module.compute(predictions=preds, references=references, use_stemmer=True)
    assert mean != got
    batch = rk.RougeScorer(TYPES, stemmer=True).score_batch(preds, references)
    corpus = batch.corpus()
    assert mean == {t: corpus.mean[t].fmeasure for t in TYPES}


def test_bootstrap_median_unseeded_load_follows_numpy_like_evaluate(oracle_dir):
    """Without seed=, evaluate derives the module's seed from NumPy's global state at load
    time: after the same np.random.seed both modules draw the same resamples."""
    preds, refs = _corpus("summeval", 200)
    np.random.seed(7)
    want = evaluate.load(oracle_dir).compute(predictions=preds, references=refs)
    np.random.seed(7)
    got = evaluate.load(hf_evaluate.PATH).compute(
        predictions=preds, references=refs, aggregation="bootstrap-median",
        return_precision_recall=True, confidence=0.9, return_signature=True,
    )  # fmt: skip
    assert {t: got[t] for t in TYPES} == want
    assert "agg:bootstrap-median|ci:90|bs:1000|seed:numpy-" in got["signature"]
    # precision/recall and the 90% bounds come from the same resamples as rouge-score's
    from rouge_score import rouge_scorer, scoring

    scorer = rouge_scorer.RougeScorer(TYPES)
    aggregator = scoring.BootstrapAggregator(confidence_interval=0.9)
    for p, r in zip(preds, refs):
        aggregator.add_scores(scorer.score_multi(r, p))
    seed = int(got["signature"].rsplit("seed:numpy-", 1)[1])
    np.random.seed(seed)
    agg = aggregator.aggregate()
    for t in TYPES:
        assert got[f"{t}_precision"] == agg[t].mid.precision
        assert got[f"{t}_recall_low"] == agg[t].low.recall
        assert got[f"{t}_high"] == agg[t].high.fmeasure


def test_rougekit_options_precision_recall_ci_signature():
    """Every option reaches rougekit: the numbers, CI bounds and signature equal
    RougeScorer.corpus with the same settings."""
    preds, refs = _corpus("summeval", 300)
    rouge = evaluate.load(hf_evaluate.PATH)
    cases = [
        ({"profile": "unicode-v1", "stemmer": "snowball:english", "multiref": "mean"},
         {"profile": "unicode-v1", "stemmer": "snowball:english", "multiref": "mean"}),
        ({"use_stemmer": True, "multiref": "pooled", "jackknife": True},
         {"stemmer": True, "multiref": "pooled", "jackknife": True}),
        ({"profile": "perl-1.5.5", "rouge_types": ["rouge1", "rougeSU4", "rougeW-1.2"]},
         {"profile": "perl-1.5.5"}),
        ({"profile": "perl-1.5.5", "rouge_types": ["rouge2"], "use_stemmer": True,
          "stopwords": True, "limit_words": 40, "alpha": 0.3, "multiref": "best-recall"},
         {"profile": "perl-1.5.5", "stemmer": True, "stopwords": True, "limit_words": 40,
          "alpha": 0.3, "multiref": "best-recall"}),
    ]  # fmt: skip
    for options, scorer_options in cases:
        types = options.get("rouge_types")
        got = rouge.compute(
            predictions=preds, references=refs, return_precision_recall=True,
            confidence=0.95, n_bootstrap=200, seed=3, return_signature=True, **options,
        )  # fmt: skip
        corpus = rk.RougeScorer(types, **scorer_options).corpus(
            preds, refs, confidence=0.95, n_bootstrap=200, seed=3
        )
        assert got["signature"] == str(corpus.signature)
        assert list(got)[: len(corpus.types)] == corpus.types, "evaluate's keys come first"
        for t in corpus.types:
            assert corpus.low is not None and corpus.high is not None
            for field, key in (("fmeasure", t), ("precision", f"{t}_precision"),
                               ("recall", f"{t}_recall")):  # fmt: skip
                assert got[key] == getattr(corpus.mean[t], field), (options, key)
                assert got[f"{key}_low"] == getattr(corpus.low[t], field), (options, key)
                assert got[f"{key}_high"] == getattr(corpus.high[t], field), (options, key)


def test_token_ids_profile():
    rouge = evaluate.load(hf_evaluate.PATH)
    preds = [[5, 6, 7, 0, 8, 9], [1, 2, 3]]
    refs = [[[5, 7, 0, 9], [6]], [[1, 2]]]
    got = rouge.compute(predictions=preds, references=refs, profile="token-ids", separator=0,
                        use_aggregator=False, return_signature=True)  # fmt: skip
    batch = rk.RougeScorer(profile="token-ids", separator=0).score_batch(preds, refs)
    assert got["signature"] == str(batch.signature)
    for t in batch.types:
        assert got[t] == list(batch.fmeasure(t))
    one_ref = [[5, 7, 0, 9], [1, 2]]
    single = rouge.compute(predictions=preds, references=one_ref, profile="token-ids",
                           rouge_types=["rouge1"])  # fmt: skip
    corpus = rk.RougeScorer(["rouge1"], profile="token-ids").corpus(preds, one_ref)
    assert single == {"rouge1": corpus.mean["rouge1"].fmeasure}


def test_errors_are_clear():
    rouge = evaluate.load(hf_evaluate.PATH)
    kw: dict[str, Any] = {"predictions": ["a b"], "references": ["a"]}
    with pytest.raises(ValueError, match="aggregation must be one of"):
        rouge.compute(**kw, aggregation="median")
    with pytest.raises(ValueError, match="confidence needs use_aggregator"):
        rouge.compute(**kw, use_aggregator=False, confidence=0.95)
    with pytest.raises(ValueError, match="not described by a signature"):
        rouge.compute(**kw, tokenizer=str.split, return_signature=True)
    with pytest.raises(ValueError, match="not both"):
        rouge.compute(**kw, tokenizer=str.split, profile="unicode-v1")
    with pytest.raises(ValueError, match="not both"):
        rouge.compute(**kw, use_stemmer=True, stemmer="snowball:english")
    with pytest.raises(TypeError):
        rouge.compute(**kw, no_such_option=1)


# -- the Space files -----------------------------------------------------------------------


def test_space_files():
    import yaml

    folder = Path(hf_evaluate.PATH)
    card = (folder / "README.md").read_text(encoding="utf-8")
    assert card.startswith("---\n")
    meta = yaml.safe_load(card.split("---\n", 2)[1])
    assert meta["sdk"] == "gradio" and meta["app_file"] == "app.py"
    assert {"evaluate", "metric"} <= set(meta["tags"])
    assert meta["title"] and meta["description"]
    for heading in ("## Metric Description", "## How to Use", "### Inputs", "## Citation"):
        assert heading in card
    requirements = (folder / "requirements.txt").read_text(encoding="utf-8").split()
    assert {r.split(">")[0].split("=")[0] for r in requirements} >= {"rougekit", "evaluate"}
    ast.parse((folder / "app.py").read_text(encoding="utf-8"))


def test_space_app_launches_the_widget_for_this_module(monkeypatch):
    """app.py loads the module beside it and hands it to evaluate's widget (gradio itself
    is not installed here: the launcher is replaced by a recorder)."""
    import evaluate.utils

    launched: list[Any] = []
    monkeypatch.setattr(evaluate.utils, "launch_gradio_widget", launched.append)
    app = Path(hf_evaluate.PATH) / "app.py"
    exec(compile(app.read_text(encoding="utf-8"), str(app), "exec"), {"__file__": str(app)})
    (module,) = launched
    assert module.name == "rouge"
    assert module.compute(predictions=["a b"], references=["a b"], rouge_types=["rouge2"]) == {
        "rouge2": 1.0
    }
