"""Each recipe against the harness's own metric code, run on real corpora (the shipped
XSum sample and SummEval's CNN/DM references, several golds each; the shared CNN/DM
outputs when present): every per-sample value and every corpus number equal.

Where the harness installs and imports (lm-evaluation-harness 0.4.13, lighteval 0.13.0,
OpenCompass 0.5.4's copy of evaluate's rouge script), its functions are called; where its
package cannot be imported without a large dependency tree (HELM, DeepEval, ragas), the
few lines of its metric are written out from the cited file beside the real rouge-score.
Counts of values compared are printed (``-s``) for the release notes.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import rougekit.recipes as recipes
from conftest import SAMPLE, SHIPPED, read_jsonl
from published_oracles import pltrdy

rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")

COUNTS: dict[str, int] = {}


def _xsum() -> tuple[list[str], list[str]]:
    rows = [json.loads(line) for line in SAMPLE.open(encoding="utf-8")]
    preds = [r["prediction"] for r in rows]
    refs = [r["references"][0] if isinstance(r["references"], list) else r["references"]
            for r in rows]  # fmt: skip
    return preds, refs


def _summeval(limit: int = 300) -> tuple[list[str], list[list[str]]]:
    rows = read_jsonl(SHIPPED / "summeval-cnndm" / "summeval.jsonl.xz")[:limit]
    return [r["prediction"] for r in rows], [list(r["references"]) for r in rows]


def _with_edge_cases(preds: list[str], refs: list[Any]) -> tuple[list[str], list[Any]]:
    """The corpora plus the inputs that move harness numbers: empty and blank outputs,
    dots only, one-line repeats, control characters."""
    first = refs[0] if isinstance(refs[0], str) else refs[0][0]
    extra = ["", "   ", "...", "\n\n", first, first.replace(" ", "\t"), "the the the the",
             preds[0] + " . " + preds[1], "\x01" + preds[2] + "\x02"]  # fmt: skip
    same = refs[0]
    return preds + extra, refs + [same] * len(extra)


def _count(name: str, n: int) -> None:
    COUNTS[name] = COUNTS.get(name, 0) + n


def _equal(name: str, got: list[dict[str, float]], want: list[dict[str, float]]) -> None:
    assert len(got) == len(want)
    bad = [(i, g, w) for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert not bad, f"{name}: {len(bad)} samples differ, first {bad[0]}"
    _count(name, sum(len(g) for g in got))


def test_lm_eval_cnn_dailymail() -> None:
    utils = importlib.import_module("lm_eval.tasks.cnn_dailymail.utils")
    metrics = importlib.import_module("lm_eval.api.metrics")
    utils.BERTSCORE_AVAILABLE = False  # BERTScore is not ROUGE (and downloads a model)
    preds, refs = _with_edge_cases(*_xsum())
    recipe = recipes.get("lm-eval-0.4.13:cnn_dailymail")
    want = []
    for p, r in zip(preds, refs):
        out = utils.process_results({"highlights": r}, [p])
        want.append({k: out[k] for k in ("rouge1", "rouge2", "rougeL")})
    _equal(recipe.name, recipe.per_sample(preds, refs), want)
    corpus = {k: metrics.mean([w[k] for w in want]) for k in ("rouge1", "rouge2", "rougeL")}
    assert recipe.compute(preds, refs) == corpus
    _count(recipe.name, len(corpus))


def test_lm_eval_infinitebench() -> None:
    utils = importlib.import_module("lm_eval.tasks.infinitebench.utils")
    preds, refs = _with_edge_cases(*_summeval())
    recipe = recipes.get("lm-eval-0.4.13:infinitebench")
    want = [utils.process_results_rouge({"answer": r}, [p]) for p, r in zip(preds, refs)]
    _equal(recipe.name, recipe.per_sample(preds, refs), want)


@pytest.fixture
def lm_eval_longbench(monkeypatch: pytest.MonkeyPatch) -> Any:
    """lm-eval's longbench metrics module, importing the real rouge 1.0.1 as ``rouge``."""
    monkeypatch.setitem(sys.modules, "rouge", pltrdy())
    monkeypatch.delitem(sys.modules, "lm_eval.tasks.longbench.metrics", raising=False)
    return importlib.import_module("lm_eval.tasks.longbench.metrics")


def test_lm_eval_longbench(lm_eval_longbench: Any) -> None:
    m = lm_eval_longbench
    preds, refs = _with_edge_cases(*_summeval(150))
    recipe = recipes.get("lm-eval-0.4.13:longbench")
    want = [m.get_rouge_score({"answers": r}, [p]) for p, r in zip(preds, refs)]
    _equal(recipe.name, recipe.per_sample(preds, refs), want)


def test_lm_eval_longbench_zh(lm_eval_longbench: Any) -> None:
    m = lm_eval_longbench
    rows = [json.loads(line) for line in (SHIPPED.parent / "zh-texts.jsonl").open()]
    texts = [r["text"].replace(" ", "") for r in rows if r["text"].strip()]
    rng = random.Random(3)
    preds = [rng.choice(texts) for _ in range(150)] + ["", "  ", "。"]
    refs = [[rng.choice(texts), rng.choice(texts)] for _ in preds]
    recipe = recipes.get("lm-eval-0.4.13:longbench-zh")
    want = [m.get_rouge_zh_score({"answers": r}, [p]) for p, r in zip(preds, refs)]
    _equal(recipe.name, recipe.per_sample(preds, refs), want)


def test_lighteval_rouge() -> None:
    ms = importlib.import_module("lighteval.metrics.metrics_sample")
    from lighteval.models.model_output import ModelResponse
    from lighteval.tasks.requests import Doc

    preds, refs = _with_edge_cases(*_summeval(120))
    recipe = recipes.get("lighteval-0.13.0:rouge")
    metrics = {t: ms.ROUGE(t) for t in recipe.types}
    want = []
    for p, golds in zip(preds, refs):
        doc = Doc(query="", choices=list(golds), gold_index=list(range(len(golds))))
        response = ModelResponse(text=[p])
        want.append({t: metrics[t].compute(doc=doc, model_response=response) for t in metrics})
    _equal(recipe.name, recipe.per_sample(preds, refs), want)
    corpus = {t: float(np.mean([w[t] for w in want])) for t in recipe.types}
    assert recipe.compute(preds, refs) == corpus
    _count(recipe.name, len(corpus))


def test_lighteval_rouge_t5() -> None:
    """lighteval's ``rouge_t5``: its ``ROUGE`` and ``bigbench_normalizer``, constructed as
    ``metrics.py:513-523`` does (that module needs aenum and the math extractors, so the
    four lines are written out), per sample; its corpus functions, np.mean."""
    ms = importlib.import_module("lighteval.metrics.metrics_sample")
    from lighteval.metrics.normalizations import bigbench_normalizer
    from lighteval.models.model_output import ModelResponse
    from lighteval.tasks.requests import Doc

    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    sample_level_fn = ms.ROUGE(types, bootstrap=True, normalize_gold=bigbench_normalizer,
                               normalize_pred=bigbench_normalizer)  # fmt: skip
    corpus_level_fn = dict.fromkeys(types, np.mean)
    preds, refs = _with_edge_cases(*_summeval(150))
    preds = [p.replace("\n", " . ") for p in preds]  # sentences as " . ", as bigbench prints
    refs = [[r.replace("\n", " . ") for r in rs] for rs in refs]
    recipe = recipes.get("lighteval-0.13.0:rouge_t5")
    want = []
    for p, golds in zip(preds, refs):
        doc = Doc(query="", choices=list(golds), gold_index=list(range(len(golds))))
        want.append(sample_level_fn.compute(doc=doc, model_response=ModelResponse(text=[p])))
    _equal(recipe.name, recipe.per_sample(preds, refs), want)
    corpus = {t: corpus_level_fn[t]([w[t] for w in want]) for t in recipe.types}
    assert recipe.compute(preds, refs) == corpus
    _count(recipe.name, len(corpus))


def test_nemo_compute_rouge() -> None:
    """NeMo's ``scripts/metric_calculation/compute_rouge.py`` (8cfedd7): its
    ``calculate_rouge`` written out (the script is not in NeMo's wheel) beside the real
    rouge-score, ``load_preds``' strip; NumPy's global RNG in the same state on both sides."""
    from rouge_score import scoring

    def calculate_rouge(output_lns: list[str], reference_lns: list[list[str]]) -> dict:
        keys = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
        scorer = rouge_scorer.RougeScorer(keys, use_stemmer=True)
        aggregator = scoring.BootstrapAggregator()
        for reference_ln, output_ln in zip(reference_lns, output_lns):
            ln_scores = [scorer.score(possible_ln, output_ln) for possible_ln in reference_ln]
            best_index = np.argmax([score_dict["rouge1"][-1] for score_dict in ln_scores])
            aggregator.add_scores(ln_scores[best_index])
        result = aggregator.aggregate()
        return {k: round(v.mid.fmeasure * 100, 4) for k, v in result.items()}

    preds, refs = _with_edge_cases(*_summeval(300))
    refs[-1] = [refs[-1][0], refs[-1][0]]  # a tie: the first of equal golds
    recipe = recipes.get("nemo-8cfedd7:compute_rouge")
    np.random.seed(7)
    want = calculate_rouge([p.strip() for p in preds], refs)
    np.random.seed(7)
    assert recipe.compute(preds, refs) == want
    assert recipe.compute(preds, refs, seed=7) == want
    scorer = rouge_scorer.RougeScorer(list(recipe.types), use_stemmer=True)
    per = []
    for p, gs in zip(preds, refs):
        scores = [scorer.score(g, p.strip()) for g in gs]
        best = scores[int(np.argmax([s["rouge1"][-1] for s in scores]))]
        per.append({t: best[t].fmeasure for t in recipe.types})
    _equal(recipe.name, recipe.per_sample(preds, refs), per)
    _count(recipe.name, len(want) * 2)


def test_lm_eval_evaluate_rouge(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tasks' ``evaluate.load("rouge").compute(...)``: evaluate's script (OpenCompass's
    copy, no Hub) with ``seed=``; and afrobench xlsum's ``rougeL_agg`` itself, its
    ``evaluate.load`` pointed at that script with the same seed."""
    evaluate = pytest.importorskip("evaluate")
    oc = pytest.importorskip("opencompass")
    script = Path(oc.__file__).parent / "openicl" / "icl_evaluator" / "hf_metrics" / "rouge.py"
    if not script.exists():
        pytest.skip("OpenCompass's hf_metrics/rouge.py is not installed")
    recipe = recipes.get("lm-eval-0.4.13:evaluate_rouge")
    for seed, (preds, refs) in enumerate([_with_edge_cases(*_xsum()), _summeval(200)]):
        want = evaluate.load(str(script), seed=seed).compute(predictions=preds, references=refs)
        assert recipe.compute(preds, refs, seed=seed) == want
        _count(recipe.name, len(want))
    utils = importlib.import_module("lm_eval.tasks.afrobench.xlsum.prompt_1.utils")
    load = evaluate.load  # the task module's `evaluate` is this module
    monkeypatch.setattr(utils.evaluate, "load", lambda name, **k: load(str(script), seed=3))
    preds, refs = _with_edge_cases(*_xsum())
    items = utils.rougeL(list(zip(refs, preds)))
    assert recipe.compute(preds, refs, seed=3)["rougeL"] == utils.rougeL_agg(items)
    _count(recipe.name, 1)


def test_opencompass_rouge_evaluator() -> None:
    """RougeEvaluator.score: random.seed(0), np.random.seed(0), evaluate.load of its copy of
    evaluate's rouge script, compute, x 100, the RNG states put back."""
    evaluate = pytest.importorskip("evaluate")
    oc = pytest.importorskip("opencompass")
    script = Path(oc.__file__).parent / "openicl" / "icl_evaluator" / "hf_metrics" / "rouge.py"
    if not script.exists():
        pytest.skip("OpenCompass's hf_metrics/rouge.py is not installed")
    preds, refs = _with_edge_cases(*_xsum())
    recipe = recipes.get("opencompass-0.5.4:rouge")
    np.random.seed(12345)
    before = np.random.get_state()[1].copy()
    got = recipe.compute(preds, refs)
    assert (np.random.get_state()[1] == before).all()  # the global RNG is put back
    state = random.getstate(), np.random.get_state()
    random.seed(0)
    np.random.seed(0)
    scores = evaluate.load(str(script)).compute(predictions=preds, references=refs)
    want = {k: v * 100 for k, v in scores.items()}
    random.setstate(state[0])
    np.random.set_state(state[1])
    assert got == want
    _count(recipe.name, len(want))


def _helm_like(scorer_types: list[str], tokenizer: Any, preds: list[str], golds: Any,
               keys: list[str]) -> list[dict[str, float]]:  # fmt: skip
    """HELM's ``get_rouge_function`` / ``get_chinese_rouge_function`` and
    ``compute_metrics_helper``: one RougeScorer per type (use_stemmer=True; rouge-score
    ignores it with a tokenizer), F, ``max(score(gold, preds[0]) for gold in golds)``."""
    scorers = [rouge_scorer.RougeScorer([t], use_stemmer=True, tokenizer=tokenizer)
               for t in scorer_types]  # fmt: skip
    return [
        {k: max(s.score(g, p)[t].fmeasure for g in gs)
         for k, t, s in zip(keys, scorer_types, scorers)}
        for p, gs in zip(preds, golds)
    ]  # fmt: skip


def test_helm_rouge() -> None:
    preds, refs = _with_edge_cases(*_summeval())
    recipe = recipes.get("helm-0.5.16:rouge")
    want = _helm_like(["rouge1", "rouge2", "rougeL"], None, preds, refs, list(recipe.keys))
    _equal(recipe.name, recipe.per_sample(preds, refs), want)


class _CodePoints:
    """HELM's ``cleva_metrics_helper.ChineseTokenizer``: ``[c for c in text]``."""

    def tokenize(self, text: str) -> list[str]:
        return list(text)


def test_helm_cleva_chinese_rouge() -> None:
    rows = [json.loads(line) for line in (SHIPPED.parent / "zh-texts.jsonl").open()]
    texts = [r["text"] for r in rows if r["text"].strip()]
    rng = random.Random(5)
    preds = [rng.choice(texts) for _ in range(200)] + ["", " ", "Ab ab", "\uff0c\u3002"]
    refs = [[rng.choice(texts), rng.choice(texts)] for _ in preds]
    refs[-2] = ["ab AB", "Ab"]
    recipe = recipes.get("helm-0.5.16:chinese_rouge")
    want = _helm_like(["rouge1", "rouge2"], _CodePoints(), preds, refs, list(recipe.keys))
    _equal(recipe.name, recipe.per_sample(preds, refs), want)


@pytest.mark.parametrize(
    ("name", "types", "mode"),
    [("deepeval-4.3.1:rouge", ["rouge1", "rouge2", "rougeL"], "fmeasure"),
     ("ragas-0.4.3:rouge_score", ["rouge1", "rougeL"], "fmeasure")],
)  # fmt: skip
def test_per_call_scorers(name: str, types: list[str], mode: str) -> None:
    """DeepEval's ``Scorer.rouge_score`` and ragas' ``RougeScore``: a new
    ``RougeScorer([type], use_stemmer=True)`` per call, ``score(reference, prediction)``."""
    preds, refs = _with_edge_cases(*_xsum())
    recipe = recipes.get(name)
    want = [
        {t: getattr(rouge_scorer.RougeScorer([t], use_stemmer=True).score(r, p)[t], mode)
         for t in types}
        for p, r in zip(preds, refs)
    ]  # fmt: skip
    _equal(name, recipe.per_sample(preds, refs), want)


def test_lm_eval_truthfulqa_gen() -> None:
    """``process_results_gen`` (its BLEU keys left aside) and lm-eval's ``mean``."""
    pytest.importorskip("sacrebleu")
    utils = importlib.import_module("lm_eval.tasks.truthfulqa.utils")
    metrics = importlib.import_module("lm_eval.api.metrics")
    preds, refs = _summeval(60)
    preds = [p.replace("\n", " . ") for p in preds]  # sentences as " . ", as models print
    true = [[r.replace("\n", " . ") for r in rs[:2]] for rs in refs]
    false = [[r.replace("\n", " . ") for r in rs[2:5]] for rs in refs[::-1]]
    preds += ["", preds[0]]
    true += [true[0], [preds[0]]]
    false += [false[0], false[0]]
    recipe = recipes.get("lm-eval-0.4.13:truthfulqa_gen")
    want = []
    for p, t, f in zip(preds, true, false):
        out = utils.process_results_gen({"correct_answers": t, "incorrect_answers": f}, [p])
        want.append({k: v for k, v in out.items() if k.startswith("rouge")})
    got = recipe.per_sample(preds, true, incorrect_answers=false)
    _equal(recipe.name, got, want)
    corpus = {k: metrics.mean([w[k] for w in want]) for k in want[0]}
    assert recipe.compute(preds, true, incorrect_answers=false) == corpus
    _count(recipe.name, len(corpus))
    with pytest.raises(ValueError, match="needs incorrect_answers"):
        recipe.compute(preds, true)


def test_zzz_counts() -> None:
    """The values compared per recipe (printed for the notes; run after the others)."""
    print({k: v for k, v in sorted(COUNTS.items())})
    assert all(v > 0 for v in COUNTS.values())
