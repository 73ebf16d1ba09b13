"""Speed of each harness recipe against the harness's own metric code, one thread, same
process, same data, same run.

    python benches/bench_recipes.py [--pairs 2000] [--repeat 3] [--markdown FILE --append]

English recipes score the first ``--pairs`` pairs of
``../shared/data/cnndm-pointer-generator/pointer-gen-cov.jsonl`` (prediction vs
``references[0]``; the shipped XSum sample repeated when the shared data is absent), Chinese
ones ``--pairs`` pairs of the tests' generated Chinese texts. The harness side is the code
the conformance tests run (``tests/recipes``): lm-eval's task functions, lighteval's
``ROUGE``, OpenCompass's copy of evaluate's rouge script, rouge 1.0.1 / rouge-chinese and
jieba, NLTK Punkt + rouge-score. Each side's corpus numbers are checked equal, then the best
of ``--repeat`` runs is reported.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ["ROUGEKIT_NUM_THREADS"] = "1"
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import numpy as np  # noqa: E402
import rougekit.recipes as recipes  # noqa: E402
from rougekit import __version__  # noqa: E402

SHARED = (
    HERE.parent.parent / "shared" / "data" / "cnndm-pointer-generator" / "pointer-gen-cov.jsonl"
)
SAMPLE = HERE.parent / "tests" / "data" / "xsum-sample.jsonl"


def _english(n: int) -> tuple[list[str], list[str], str]:
    path = SHARED if SHARED.exists() else SAMPLE
    rows = [json.loads(line) for line in path.open(encoding="utf-8")]
    while len(rows) < n:
        rows += rows
    rows = rows[:n]
    preds = [" ".join(r["prediction"].split("\n")) for r in rows]  # one line, as models print
    refs = [r["references"][0] if isinstance(r["references"], list) else r["references"]
            for r in rows]  # fmt: skip
    return preds, refs, path.name


def _chinese(n: int) -> tuple[list[str], list[str]]:
    from jieba_texts import generated_texts

    texts = [t for t in generated_texts(400) if len(t) < 400]
    rng = random.Random(1)
    return [rng.choice(texts) for _ in range(n)], [rng.choice(texts) for _ in range(n)]


def _best(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = run()
        best = min(best, time.perf_counter() - start)
    return best, out


def _harnesses(preds: list[str], refs: list[str], zh: tuple[list[str], list[str]]) -> dict:
    """recipe name -> (harness's corpus numbers as a function, inputs)."""
    from rouge_score import rouge_scorer

    out: dict[str, tuple[Callable[[], dict[str, float]], tuple[list[str], list[Any]]]] = {}

    cnn = importlib.import_module("lm_eval.tasks.cnn_dailymail.utils")
    cnn.BERTSCORE_AVAILABLE = False

    def lm_eval_cnn() -> dict[str, float]:
        rows = [cnn.process_results({"highlights": r}, [p]) for p, r in zip(preds, refs)]
        return {k: sum(x[k] for x in rows) / len(rows) for k in ("rouge1", "rouge2", "rougeL")}

    out["lm-eval-0.4.13:cnn_dailymail"] = (lm_eval_cnn, (preds, refs))

    def helm() -> dict[str, float]:
        scorers = {t: rouge_scorer.RougeScorer([t], use_stemmer=True)
                   for t in ("rouge1", "rouge2", "rougeL")}  # fmt: skip
        keys = {"rouge1": "rouge_1", "rouge2": "rouge_2", "rougeL": "rouge_l"}
        return {keys[t]: sum(max(s.score(g, p)[t].fmeasure for g in [r])
                             for p, r in zip(preds, refs)) / len(preds)
                for t, s in scorers.items()}  # fmt: skip

    out["helm-0.5.16:rouge"] = (helm, (preds, refs))

    try:
        from lighteval.metrics.metrics_sample import ROUGE
        from lighteval.models.model_output import ModelResponse
        from lighteval.tasks.requests import Doc

        def lighteval() -> dict[str, float]:
            metrics = {t: ROUGE(t) for t in ("rouge1", "rouge2", "rougeL", "rougeLsum")}
            rows = []
            for p, r in zip(preds, refs):
                doc, resp = Doc(query="", choices=[r], gold_index=[0]), ModelResponse(text=[p])
                rows.append(
                    {t: m.compute(doc=doc, model_response=resp) for t, m in metrics.items()}
                )
            return {t: float(np.mean([x[t] for x in rows])) for t in metrics}

        out["lighteval-0.13.0:rouge"] = (lighteval, (preds, refs))
    except ImportError:
        pass

    try:
        import evaluate
        import opencompass

        script = Path(opencompass.__file__).parent / "openicl/icl_evaluator/hf_metrics/rouge.py"

        def opencompass_rouge() -> dict[str, float]:
            state = np.random.get_state()
            np.random.seed(0)
            scores = evaluate.load(str(script)).compute(predictions=preds, references=refs)
            np.random.set_state(state)
            return {k: v * 100 for k, v in scores.items()}

        out["opencompass-0.5.4:rouge"] = (opencompass_rouge, (preds, refs))

        def lm_eval_evaluate_rouge() -> dict[str, float]:  # the tasks' call, seeded
            scores = evaluate.load(str(script), seed=0).compute(predictions=preds, references=refs)
            return dict(scores)

        out["lm-eval-0.4.13:evaluate_rouge"] = (lm_eval_evaluate_rouge, (preds, refs))
    except ImportError:
        pass

    from published_oracles import _load

    rouge = _load("rouge", "1.0.1", "rouge")
    if not isinstance(rouge, str):

        def longbench() -> dict[str, float]:
            scorer = rouge.Rouge()
            total = 0.0
            for p, r in zip(preds, refs):
                try:
                    score = scorer.get_scores([p.strip()], [r], avg=True)["rouge-l"]["f"]
                except Exception:  # LongBench's bare except
                    score = 0.0
                total += max(score, 0.0)
            return {"rouge_score": total / len(preds)}

        out["lm-eval-0.4.13:longbench"] = (longbench, (preds, [[r] for r in refs]))

    import jieba
    import rouge_chinese

    zp, zr = zh

    def llamafactory() -> dict[str, float]:
        rows = []
        for p, r in zip(zp, zr):
            h, g = list(jieba.cut(p)), list(jieba.cut(r))
            if not " ".join(h).split() or not " ".join(g).split():
                res: dict[str, Any] = {k: {"f": 0.0} for k in ("rouge-1", "rouge-2", "rouge-l")}
            else:
                res = rouge_chinese.Rouge().get_scores(" ".join(h), " ".join(g))[0]
            rows.append({k: round(v["f"] * 100, 4) for k, v in res.items()})
        return {k: sum(x[k] for x in rows) / len(rows) for k in rows[0]}

    out["llamafactory-0.9.5:eval_bleu_rouge"] = (llamafactory, (zp, zr))

    try:
        import nltk
        from punkt_oracle import write_punkt_tab

        root = Path(tempfile.mkdtemp())
        write_punkt_tab(root)
        nltk.data.path.insert(0, str(root))
        nltk.tokenize._get_punkt_tokenizer.cache_clear()
        types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]

        def mlperf() -> dict[str, float]:
            p = ["\n".join(nltk.sent_tokenize(x.strip())) for x in preds]
            t = ["\n".join(nltk.sent_tokenize(x.strip())) for x in refs]
            scorer = rouge_scorer.RougeScorer(types, use_stemmer=True)
            per = [scorer.score(b, a) for a, b in zip(p, t)]
            return {k: round(np.mean([s[k].fmeasure for s in per]) * 100, 4) for k in types}

        out["mlperf-b66003e:llama2-70b"] = (mlperf, (preds, refs))

        def mlperf_405b() -> dict[str, float]:
            import pandas as pd

            p = ["\n".join(nltk.sent_tokenize(x.strip())) for x in preds]
            t = ["\n".join(nltk.sent_tokenize(x.strip())) for x in refs]
            scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=True)
            rows = [{"rougeL": 100 * scorer.score(b, a)["rougeL"].fmeasure} for a, b in zip(p, t)]
            df = pd.DataFrame({"accuracy": rows, "metric": ["rouge"] * len(rows)})
            return dict(df.accuracy.apply(pd.Series).describe().loc["mean"].to_dict())

        out["mlperf-b66003e:llama3.1-405b"] = (mlperf_405b, (preds, refs))

        import evaluate
        import opencompass

        script = Path(opencompass.__file__).parent / "openicl/icl_evaluator/hf_metrics/rouge.py"

        def mlperf_evaluate() -> Callable[[], dict[str, Any]]:
            def run() -> dict[str, Any]:  # gpt-j / llama3.1-8b / mixtral's evaluation lines
                p = ["\n".join(nltk.sent_tokenize(x.strip())) for x in preds]
                t = ["\n".join(nltk.sent_tokenize(x.strip())) for x in refs]
                result = evaluate.load(str(script)).compute(
                    predictions=p, references=t, use_stemmer=True, use_aggregator=False
                )
                return {k: float(round(np.mean(v) * 100, 4)) for k, v in result.items()}

            return run

        for name in ("gpt-j", "llama3.1-8b", "mixtral-8x7b"):
            out[f"mlperf-b66003e:{name}"] = (mlperf_evaluate(), (preds, refs))
    except ImportError:
        pass

    try:
        from lighteval.metrics.metrics_sample import ROUGE
        from lighteval.metrics.normalizations import bigbench_normalizer
        from lighteval.models.model_output import ModelResponse
        from lighteval.tasks.requests import Doc

        def lighteval_t5() -> dict[str, float]:
            types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
            metric = ROUGE(types, bootstrap=True, normalize_gold=bigbench_normalizer,
                           normalize_pred=bigbench_normalizer)  # fmt: skip
            rows = [
                metric.compute(
                    doc=Doc(query="", choices=[r], gold_index=[0]),
                    model_response=ModelResponse(text=[p]),
                )
                for p, r in zip(preds, refs)
            ]
            return {t: float(np.mean([x[t] for x in rows])) for t in types}

        out["lighteval-0.13.0:rouge_t5"] = (lighteval_t5, (preds, refs))
    except ImportError:
        pass

    from rouge_score import scoring

    def nemo_compute_rouge() -> dict[str, float]:  # calculate_rouge, NumPy seeded as the recipe
        state = np.random.get_state()
        np.random.seed(0)
        keys = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
        scorer = rouge_scorer.RougeScorer(keys, use_stemmer=True)
        aggregator = scoring.BootstrapAggregator()
        for reference_ln, output_ln in zip([[r] for r in refs], [p.strip() for p in preds]):
            ln_scores = [scorer.score(possible_ln, output_ln) for possible_ln in reference_ln]
            best_index = np.argmax([score_dict["rouge1"][-1] for score_dict in ln_scores])
            aggregator.add_scores(ln_scores[best_index])
        result = aggregator.aggregate()
        np.random.set_state(state)
        return {k: round(v.mid.fmeasure * 100, 4) for k, v in result.items()}

    out["nemo-8cfedd7:compute_rouge"] = (nemo_compute_rouge, (preds, refs))

    try:  # jury's pipeline with its own rouge, seeded as the recipe (tests/jury_oracle.py)
        from jury_oracle import _stubbed_import

        jury = _stubbed_import("jury")

        def jury_rouge() -> dict[str, Any]:
            metric = jury.load_metric("rouge", seed=0)
            return dict(jury.Jury(metrics=[metric])(predictions=list(preds), references=list(refs)))

        out["jury-2.3.1:rouge"] = (jury_rouge, (preds, refs))
    except ImportError:
        pass

    from importlib.util import find_spec

    spec = find_spec("evalscope")
    if spec is not None and spec.submodule_search_locations:  # as tests/recipes loads it
        import logging
        from types import ModuleType

        root = Path(spec.submodule_search_locations[0])
        names = [
            ("evalscope", ""),
            ("evalscope.metrics", "metrics"),
            ("evalscope.metrics.utils", "metrics/utils"),
            ("evalscope.utils", "utils"),
        ]
        for name, sub in names:
            module = ModuleType(name)
            module.__path__ = [str(root / sub)]
            sys.modules[name] = module  # fmt: skip
        log = ModuleType("evalscope.utils.logger")
        log.get_logger = sys.modules["evalscope.utils"].get_logger = (  # type: ignore[attr-defined]
            lambda *a, **k: logging.getLogger("evalscope")
        )
        sys.modules["evalscope.utils.logger"] = log
        one = importlib.import_module("evalscope.metrics.utils.rouge")

        def evalscope_rouge() -> dict[str, float]:
            rows = [one.compute_rouge_score_one_sample_zh([p], [r]) for p, r in zip(zp, zr)]
            return {k: sum(x[k] for x in rows) / len(rows) for k in rows[0]}

        out["evalscope-1.14.1:rouge"] = (evalscope_rouge, (zp, zr))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--markdown", type=Path)
    parser.add_argument("--append", action="store_true")
    parser.add_argument("--only", nargs="*", help="these recipes only (default: all)")
    args = parser.parse_args()
    preds, refs, data = _english(args.pairs)
    zh = _chinese(args.pairs)
    rows = []
    for name, (harness, (p, r)) in _harnesses(preds, refs, zh).items():
        if args.only and name not in args.only:
            continue
        recipe = recipes.get(name)
        recipe.compute(p[:10], r[:10], threads=1)  # warm-up (jieba's dictionary, Punkt's models)
        harness_s, want = _best(harness, args.repeat)
        seeded = ("nemo-", "jury-", "lm-eval-0.4.13:evaluate")
        kwargs = {"seed": 0} if name.startswith(seeded) else {}
        recipe_s, got = _best(
            lambda recipe=recipe, p=p, r=r, kw=kwargs: recipe.compute(p, r, threads=1, **kw),
            args.repeat,
        )
        same = got == want
        rows.append((name, harness_s, recipe_s, harness_s / recipe_s, same))
        print(f"{name:40s} harness {harness_s:8.3f} s  recipe {recipe_s:7.4f} s  "
              f"{harness_s / recipe_s:7.1f}x  equal={same}", flush=True)  # fmt: skip
    load = os.getloadavg()[0]
    only = " --only " + " ".join(args.only) if args.only else ""
    lines = [
        "",
        f"### Harness recipes against the harnesses' metric code ({time.strftime('%Y-%m-%d')})",
        "",
        f"Command: `python benches/bench_recipes.py --pairs {args.pairs} --repeat "
        f"{args.repeat}{only}`; rougekit {__version__}, one thread "
        f"(`ROUGEKIT_NUM_THREADS=1`), best of {args.repeat}; English data `{data}` "
        f"({args.pairs} pairs, each text on one line), "
        f"Chinese: {args.pairs} generated pairs; Python {platform.python_version()}, "
        f"{os.cpu_count()} cores; load average at the end {load:.2f}.",
        "",
        "| recipe | harness code s | recipe s | speed-up | equal numbers |",
        "|---|---|---|---|---|",
        *[
            f"| `{n}` | {h:.3f} | {r:.4f} | {x:.1f}x | {'yes' if s else 'NO'} |"
            for n, h, r, x, s in rows
        ],
    ]
    text = "\n".join(lines) + "\n"
    if args.markdown is not None:
        with args.markdown.open("a" if args.append else "w", encoding="utf-8") as f:
            f.write(text)
    else:
        print(text)


if __name__ == "__main__":
    main()
