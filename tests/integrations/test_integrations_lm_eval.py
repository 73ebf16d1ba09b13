"""``rougekit.integrations.lm_eval`` through lm-evaluation-harness itself (``lm-eval`` from
PyPI): its truthfulqa ``rouge`` helpers with ``rouge_score`` replaced by
``rougekit.compat`` (same values, same NumPy random state), and rougekit's metric and
aggregation functions named by a task yaml and run by lm-eval's ``ConfigurableTask``."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import named_corpus, rouge_score_scorer

pytest.importorskip("lm_eval", reason="lm-eval is a test dependency (pip install lm-eval)")

import rougekit.compat
from rougekit.integrations import lm_eval as rk_lm_eval


def _truthfulqa_utils_path() -> Path:
    spec = importlib.util.find_spec("lm_eval")
    assert spec is not None and spec.submodule_search_locations
    path = Path(next(iter(spec.submodule_search_locations))) / "tasks/truthfulqa/utils.py"
    assert path.is_file(), f"lm-eval no longer ships {path}"
    return path


def _load_utils(name: str) -> types.ModuleType:
    """lm-eval's truthfulqa/utils.py as a fresh module (its own ROUGE_SCORER cache)."""
    spec = importlib.util.spec_from_file_location(name, _truthfulqa_utils_path())
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def truthfulqa() -> tuple[types.ModuleType, types.ModuleType]:
    """(with rouge-score, with rougekit.compat substituted for rouge_score)."""
    original = _load_utils("truthfulqa_utils_rouge_score")
    assert original.rouge_scorer.__name__ == "rouge_score.rouge_scorer"
    with rk_lm_eval.install_compat():
        patched = _load_utils("truthfulqa_utils_rougekit")
    assert patched.rouge_scorer is rougekit.compat.rouge_scorer
    assert patched.scoring is rougekit.compat.scoring
    assert sys.modules["rouge_score.scoring"].__name__ == "rouge_score.scoring", "not restored"
    return original, patched


def _state() -> tuple[Any, ...]:
    name, keys, pos, has_gauss, gauss = np.random.get_state()
    return (name, tuple(int(k) for k in keys), pos, has_gauss, gauss)


def _docs() -> list[dict[str, Any]]:
    """truthfulqa-shaped documents from real summaries: SummEval's 11 references split into
    "correct" and "incorrect" answers, and XSum pairs (one correct, one other summary's
    reference as the incorrect one). Completions are the system summaries. Few documents:
    rouge-score takes ~50 ms per answer here (3 x 1000 resamples in Python)."""
    docs = []
    for row in named_corpus("summeval-cnndm/summeval.jsonl")[:400:100]:
        refs = row["references"]
        docs.append({"c": row["prediction"], "correct_answers": refs[:4],
                     "incorrect_answers": refs[4:]})  # fmt: skip
    xsum = named_corpus("xsum-hallucination-annotations/xsum.jsonl")[:80:10]
    for row, other in zip(xsum, xsum[1:] + xsum[:1]):
        docs.append({"c": row["prediction"], "correct_answers": row["references"],
                     "incorrect_answers": other["references"]})  # fmt: skip
    # an empty completion and an answer without a token: rouge-score's int (0, 0, 0) rows
    docs.append({"c": "", "correct_answers": ["I have no comment."],
                 "incorrect_answers": ["...", "No."]})  # fmt: skip
    return docs


def test_truthfulqa_process_results_identical_with_compat(truthfulqa):
    """Every value of process_results_gen (bleu and rouge1/2/L max/acc/diff), its types,
    and the NumPy global random state after every document."""
    original, patched = truthfulqa
    docs = _docs()
    for seed in (0, 2024):
        runs = []
        for module in (original, patched):
            np.random.seed(seed)
            out = []
            for doc in docs:
                result = module.process_results_gen(doc, [doc["c"]])
                out.append(({k: (v, type(v)) for k, v in result.items()}, _state()))
            runs.append(out)
        for i, (want, got) in enumerate(zip(*runs)):
            assert got[0] == want[0], f"seed={seed} doc {i}: values differ"
            assert got[1] == want[1], f"seed={seed} doc {i}: NumPy random state differs"


def test_truthfulqa_rouge_helper_several_pairs(truthfulqa):
    """The helper with several pairs per call (a real bootstrap: n > 1 rows resampled)."""
    original, patched = truthfulqa
    rows = named_corpus("xsum-hallucination-annotations/xsum.jsonl")
    for n in (2, 3, 9, 40):
        refs = [r["references"][0] for r in rows[:n]]
        preds = [r["prediction"] for r in rows[:n]]
        np.random.seed(n)
        want = original.rouge(refs, preds), _state()
        np.random.seed(n)
        got = patched.rouge(refs, preds), _state()
        assert got == want, f"n={n}"


def test_install_compat_restores_modules():
    before = {k: sys.modules.get(k) for k in ("rouge_score", "rouge_score.scoring")}
    with rk_lm_eval.install_compat():
        import rouge_score
        from rouge_score import scoring

        assert rouge_score is rougekit.compat and scoring is rougekit.compat.scoring
    assert {k: sys.modules.get(k) for k in before} == before


# -- rougekit's metric and aggregation functions inside an lm-eval task ---------------------

_UTILS = """\
from rougekit.integrations.lm_eval import mean, rouge, rouge1, rouge_pair, rougeLsum_corpus
"""

_YAML = """\
task: rougekit_integration_test
dataset_path: json
dataset_kwargs:
  data_files:
    test: {data}
  cache_dir: {cache}
test_split: test
output_type: generate_until
doc_to_text: "{{{{prediction}}}}"
doc_to_target: "{{{{references[0]}}}}"
metric_list:
  - metric: !function utils.rouge1
    aggregation: !function utils.mean
    higher_is_better: true
    use_stemmer: true
  - metric: !function utils.rouge
    aggregation: !function utils.mean
    higher_is_better: true
    rouge_types: rouge2,rougeL
    scale: 100
  - metric: !function utils.rouge_pair
    aggregation: !function utils.rougeLsum_corpus
    higher_is_better: true
  - metric: rougekit_rouge2
"""


def test_task_yaml_runs_rougekit_metrics(tmp_path, monkeypatch):
    """A task yaml names the functions (``!function`` and, after ``register()``, a string);
    lm-eval's ConfigurableTask calls them per document and aggregates; every number equals
    rouge-score's (per document) or the left-to-right mean of rouge-score's F values."""
    from lm_eval.api.task import ConfigurableTask
    from lm_eval.tasks._yaml_loader import load_yaml

    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    rows = named_corpus("cnndm-pointer-generator/pointer-gen-cov.jsonl")
    rows = rows[:300]
    data = tmp_path / "data.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    (tmp_path / "utils.py").write_text(_UTILS, encoding="utf-8")
    (tmp_path / "task.yaml").write_text(
        _YAML.format(data=data, cache=tmp_path / "cache"), encoding="utf-8"
    )
    assert rk_lm_eval.register() == [f"rougekit_{t}" for t in rk_lm_eval.TYPES]
    assert rk_lm_eval.register() == [f"rougekit_{t}" for t in rk_lm_eval.TYPES], "idempotent"

    task = ConfigurableTask(config=load_yaml(tmp_path / "task.yaml"))
    docs = list(task.test_docs())
    assert len(docs) == len(rows)
    results = [task.process_results(doc, [doc["prediction"]]) for doc in docs]
    assert set(results[0]) == {"rouge1", "rouge2", "rougeL", "rouge_pair", "rougekit_rouge2"}

    stemmed = rouge_score_scorer(("rouge1",), True)
    plain = rouge_score_scorer(("rouge2", "rougeL", "rougeLsum"), False)
    for doc, got in zip(docs, results):
        target = doc["references"][0]
        want_stem = stemmed.score(target, doc["prediction"])
        want = plain.score(target, doc["prediction"])
        assert got["rouge1"] == want_stem["rouge1"].fmeasure
        assert got["rouge2"] == want["rouge2"].fmeasure * 100
        assert got["rougeL"] == want["rougeL"].fmeasure * 100
        assert got["rougekit_rouge2"] == want["rouge2"].fmeasure

    aggregation = task.aggregation()

    def mean_of(values: list[float]) -> float:
        total = 0.0
        for v in values:
            total += v
        return total / len(values)

    for key in ("rouge1", "rouge2", "rougeL", "rougekit_rouge2"):
        values = [r[key] for r in results]
        assert aggregation[key](values) == mean_of(values), key
    lsum = [plain.score(d["references"][0], d["prediction"])["rougeLsum"].fmeasure for d in docs]
    # The corpus aggregation is rougekit's corpus mean: the exact sum rounded once.
    assert aggregation["rouge_pair"]([r["rouge_pair"] for r in results]) == math.fsum(lsum) / len(
        lsum
    )


def test_metric_functions_validate():
    with pytest.raises(TypeError, match="unknown option"):
        rk_lm_eval.rouge1(references=["a"], predictions=["a"], use_stemer=True)
    with pytest.raises(ValueError, match="metric_to_select"):
        rk_lm_eval.rouge1(references=["a"], predictions=["a"], metric_to_select="f1")
    with pytest.raises(ValueError, match="same length"):
        rk_lm_eval.rouge(references=["a", "b"], predictions=["a"])
    with pytest.raises(TypeError, match="lists"):
        rk_lm_eval.rouge(references="a", predictions="a")
    with pytest.raises(ValueError, match="not both"):
        rk_lm_eval.rouge(references=["a"], predictions=["a"], use_stemmer=True, stemmer="x")
    with pytest.raises(ValueError, match="no items"):
        rk_lm_eval.mean([])


def test_metric_options_reach_the_scorer():
    """Profiles, multi-reference rules and precision/recall go through to rougekit."""
    import rougekit as rk

    refs, pred = ["Die Katzen saßen auf der Matte", "eine Katze"], "die Katze saß"
    got = rk_lm_eval.rouge(
        references=[refs], predictions=[pred], rouge_types=["rouge1"], profile="unicode-v1",
        stemmer="snowball:german", multiref="mean", metric_to_select="recall",
    )  # fmt: skip
    want = rk.RougeScorer(
        ["rouge1"], profile="unicode-v1", stemmer="snowball:german", multiref="mean"
    ).score(pred, refs)["rouge1"]
    assert got == {"rouge1": want.recall}
    perl = {"profile": "perl-1.5.5", "stopwords": True, "limit_words": 3, "beta": 2.0}
    got = rk_lm_eval.rougeL(references=[refs], predictions=[pred], **perl)
    want = rk.RougeScorer(["rougeL"], **perl).score(pred, refs)["rougeL"]
    assert got == want.fmeasure
    ids = rk_lm_eval.rouge1(references=[[1, 2, 3, 4]], predictions=[[1, 2, 5]], profile="token-ids")
    assert ids == 2 * (2 / 3) * (2 / 4) / (2 / 3 + 2 / 4)
