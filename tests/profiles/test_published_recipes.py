# ruff: noqa: RUF001 (full-width punctuation is the point of these Chinese cases)
"""Recipes of docs/published-numbers.md against the call patterns they replace, run for real:

* LLaMA-Factory's Chinese ROUGE (``scripts/eval_bleu_rouge.py``, its ``compute_metrics``):
  jieba segmentation, an empty guard that gives 0, ``rouge_chinese.Rouge().get_scores`` on
  the space-joined words, ``round(f * 100, 4)`` per key and the mean over samples;
* OpenCompass's ``JiebaRougeEvaluator``: its text clean-up, jieba, placeholders for empty
  texts, rouge-chinese's ``avg=True``, x100;
* LongBench's ``rouge_score`` / ``rouge_zh_score`` as its ``eval.py`` calls them: pltrdy's
  ``rouge`` (on jieba's words for Chinese), 0 for every pair the package raises on (a bare
  ``except``: empty texts, and ``RecursionError`` on long sentences, which depends on the
  stack depth, so the original runs as a script of its own), the best answer per sample,
  ``round(100 * mean, 2)``.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import rougekit as rk
import rougekit.recipes as recipes
from conftest import TEST_DATA, named_corpus
from jieba_texts import generated_texts, real_texts
from published_oracles import PLTRDY, _install
from rougekit.compat.pltrdy import recursion_depths
from rougekit.compat.rouge_chinese import Rouge as CompatRouge

jieba = pytest.importorskip("jieba", reason="jieba 0.42.1 is a test dependency")
rouge_chinese = pytest.importorskip("rouge_chinese", reason="rouge-chinese is a test dependency")

KEYS = ("rouge-1", "rouge-2", "rouge-l")


def _llamafactory(predict: str, label: str) -> dict[str, float]:
    """The original pattern, with the original packages."""
    hypothesis = list(jieba.cut(predict))
    reference = list(jieba.cut(label))
    if not " ".join(hypothesis).split() or not " ".join(reference).split():
        result: dict[str, Any] = {k: {"f": 0.0} for k in KEYS}
    else:
        result = rouge_chinese.Rouge().get_scores(" ".join(hypothesis), " ".join(reference))[0]
    return {k: round(v["f"] * 100, 4) for k, v in result.items()}


def _rougekit(predicts: list[str], labels: list[str]) -> list[dict[str, float]]:
    """The recipe: rougekit's jieba (one call for the batch) and its rouge_chinese drop-in."""
    rouge = CompatRouge()
    out = []
    for hypothesis, reference in zip(rk.segment(predicts, "jieba"), rk.segment(labels, "jieba")):
        if not " ".join(hypothesis).split() or not " ".join(reference).split():
            result: dict[str, Any] = {k: {"f": 0.0} for k in KEYS}
        else:
            result = rouge.get_scores(" ".join(hypothesis), " ".join(reference))[0]
        out.append({k: round(v["f"] * 100, 4) for k, v in result.items()})
    return out


def _pairs() -> list[tuple[str, str]]:
    """Unsegmented Chinese of the shipped texts, paired at random (seeded), plus the cases
    that move these numbers: repetition (distinct n-grams), empty and blank output,
    punctuation only, mixed scripts, several sentences."""
    rows = [json.loads(line) for line in (TEST_DATA / "zh-texts.jsonl").open(encoding="utf-8")]
    texts = [r["text"].replace(" ", "") for r in rows if r["text"].strip()]
    rng = random.Random(7)
    pairs = [(rng.choice(texts), rng.choice(texts)) for _ in range(300)]
    pairs += [(t, t) for t in texts[:20]]
    pairs += [
        ("好的好的好的好的", "好的"),
        ("今天天气很好。今天天气很好。", "今天天气很好"),
        ("", "今天天气很好"),
        ("   ", "今天天气很好"),
        ("今天天气很好", "！？。"),
        ("GPT-4o发布了，COVID-19疫情结束", "GPT-4o发布"),
        ("第一句。第二句！第三句？\n第四句", "第一句第二句"),
    ]
    return pairs


def test_llamafactory_chinese_rouge_recipe_gives_the_same_numbers() -> None:
    pairs = _pairs()
    want = [_llamafactory(p, label) for p, label in pairs]
    got = _rougekit([p for p, _ in pairs], [label for _, label in pairs])
    assert got == want
    means = {k: sum(row[k] for row in got) / len(got) for k in KEYS}
    assert means == {k: sum(row[k] for row in want) / len(want) for k in KEYS}
    # The named recipes: scripts/eval_bleu_rouge.py (sum / count), ComputeSimilarity (np.mean).
    preds, labels = [p for p, _ in pairs], [label for _, label in pairs]
    script = recipes.get("llamafactory-0.9.5:eval_bleu_rouge")
    assert script.per_sample(preds, labels) == want
    assert script.compute(preds, labels) == means
    trainer = recipes.get("llamafactory-0.9.5:compute_similarity")
    assert trainer.compute(preds, labels) == {
        k: float(np.mean([row[k] for row in want])) for k in KEYS
    }
    # The recipe's numbers are rouge-chinese's, not those of rougekit's whitespace profile on
    # the same words: it counts distinct n-grams, so repetition is not penalised.
    repeated, once = (" ".join(rk.segment(t, "jieba")) for t in ("好的好的好的好的", "好的"))
    assert got[len(pairs) - 7]["rouge-1"] == 100.0
    whitespace = rk.RougeScorer(["rouge1"], profile="whitespace").score(repeated, once)
    assert whitespace["rouge1"].fmeasure == 0.4


# --- OpenCompass's JiebaRougeEvaluator ---------------------------------------------------
# opencompass (github.com/open-compass/opencompass) at a5acc4bba3b658f151617a3b393602110fb7a740
# (0.5.4 on PyPI has the same files): opencompass/openicl/icl_evaluator/
# icl_jieba_rouge_evaluator.py (JiebaRougeEvaluator.score) and
# opencompass/utils/text_postprocessors.py (general_postprocess). Importing opencompass needs
# mmengine and its registry, so the call pattern is written out here from that source.


def _general_postprocess(text: str) -> str:
    """OpenCompass's ``general_postprocess``: the text up to the first newline, ``.`` or
    ``,``; characters that are neither word characters nor spaces removed; English articles
    removed; runs of spaces made one; stripped."""
    truncated = re.split(r"[\n.,]", text, maxsplit=1)[0]
    kept = re.sub(r"[^\w\s]", "", truncated)
    kept = re.sub(r"\b(a|an|the)\b", "", kept, flags=re.IGNORECASE)
    return re.sub(r"\s+", " ", kept).strip()


def _opencompass(predictions: list[str], references: list[str]) -> dict[str, float]:
    """``JiebaRougeEvaluator().score(predictions, references)``, with the real jieba and
    rouge-chinese."""
    predictions = [_general_postprocess(i) for i in predictions]
    references = [_general_postprocess(i) for i in references]
    metric = rouge_chinese.Rouge()
    predictions = [" ".join(jieba.cut(i)) for i in predictions]
    references = [" ".join(jieba.cut(i)) for i in references]
    predictions = [i if i else "__PREDPLACEHOLDER__" for i in predictions]
    references = [i if i else "__REFRPLACEHOLDER__" for i in references]
    score = metric.get_scores(predictions, references, avg=True)
    return {
        "rouge1": score["rouge-1"]["f"] * 100,
        "rouge2": score["rouge-2"]["f"] * 100,
        "rougeL": score["rouge-l"]["f"] * 100,
    }


def _opencompass_recipe(predictions: list[str], references: list[str]) -> dict[str, float]:
    """The recipe of docs/published-numbers.md: OpenCompass's clean-up, then the profile with
    ``segmenter="jieba"`` on the pairs whose two sides are not empty (a placeholder pair
    scores 0, which adds nothing to rouge-chinese's left-to-right sum)."""
    preds = [_general_postprocess(p) for p in predictions]
    refs = [_general_postprocess(r) for r in references]
    keep = [i for i, (p, r) in enumerate(zip(preds, refs)) if p and r]
    scorer = rk.RougeScorer(profile="rouge-chinese-1.0.3", segmenter="jieba")
    batch = scorer.score_batch([preds[i] for i in keep], [refs[i] for i in keep])

    def mean(values: Any) -> float:
        total = 0.0
        for value in values:
            total += value
        return total / len(preds)

    return {t: mean(batch.fmeasure(t)) * 100 for t in ("rouge1", "rouge2", "rougeL")}


#: What OpenCompass's clean-up does to texts: cut at the first ASCII `.`, `,` or newline,
#: punctuation removed (so rouge-chinese never sees a sentence end), articles removed, texts
#: that end up empty.
OPENCOMPASS_CASES = [
    ("今天天气很好。我们去公园！", "今天天气不错，我们去公园。"),
    ("The answer is 42. The rest is ignored", "the answer is 42"),
    ("第一行\n第二行", "第一行"),
    ("GPT-4o发布了, COVID-19疫情结束", "GPT-4o发布"),
    ("。，！？", "今天"),
    ("the a an", "今天"),
    ("", ""),
    ("今天", ""),
    ("   ", "今天"),
    (".开头就是句点", "开头就是句点"),
    ("好的好的好的好的", "好的"),
    ("ＧＰＴ－４ｏ的价格是１２３元", "GPT4o 的价格 123 元"),
    ("snake_case与下划线_", "snake_case"),
]


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
def test_opencompass_jieba_rouge_recipe_gives_the_same_numbers() -> None:
    """On 600 pairs of real and generated Chinese texts and the cases above: the three
    numbers equal the evaluator's, and so do those of every batch of 20 pairs."""
    rng = random.Random(11)
    real = real_texts()
    generated = [t for i, t in enumerate(generated_texts(500)) if i % 100]
    texts = real + generated
    pairs = [(rng.choice(texts), rng.choice(texts)) for _ in range(600)] + OPENCOMPASS_CASES
    predictions, references = [p for p, _ in pairs], [r for _, r in pairs]
    assert _opencompass_recipe(predictions, references) == _opencompass(predictions, references)
    recipe = recipes.get("opencompass-0.5.4:jieba_rouge")
    differing = 0
    for start in range(0, len(pairs), 20):
        p, r = predictions[start : start + 20], references[start : start + 20]
        want = _opencompass(p, r)
        differing += _opencompass_recipe(p, r) != want
        differing += recipe.compute(p, r) != want
    assert differing == 0
    assert recipe.compute(predictions, references) == _opencompass(predictions, references)
    empties = sum(not _general_postprocess(p) or not _general_postprocess(r) for p, r in pairs)
    assert empties >= 8  # the placeholder path runs


# --- LongBench's rouge_score / rouge_zh_score ----------------------------------------------
# LongBench (github.com/THUDM/LongBench) at 2e00731f8d0bff23dc4325161044d0ed8af94c1e:
# LongBench/metrics.py (rouge_score, rouge_zh_score) and LongBench/eval.py (scorer), written
# out in a script that runs as eval.py does (`python script.py`: the metric is called by
# scorer() from the module's own code), since where rouge 1.0.1 raises RecursionError
# depends on the frames below it.
LONGBENCH = """
import json, sys
sys.path.insert(0, sys.argv[1])
import jieba
from rouge import Rouge
jieba.setLogLevel(60)

def rouge_score(prediction, ground_truth, **kwargs):
    rouge = Rouge()
    try:
        scores = rouge.get_scores([prediction], [ground_truth], avg=True)
    except:
        return 0.0
    return scores["rouge-l"]["f"]

def rouge_zh_score(prediction, ground_truth, **kwargs):
    prediction = " ".join(list(jieba.cut(prediction, cut_all=False)))
    ground_truth = " ".join(list(jieba.cut(ground_truth, cut_all=False)))
    score = rouge_score(prediction, ground_truth)
    return score

dataset2metric = {"gov_report": rouge_score, "samsum": rouge_score, "vcsum": rouge_zh_score}

def scorer(dataset, predictions, answers, all_classes):
    total_score = 0.
    for (prediction, ground_truths) in zip(predictions, answers):
        score = 0.
        if dataset in ["trec", "triviaqa", "samsum", "lsht"]:
            prediction = prediction.lstrip('\\n').split('\\n')[0]
        for ground_truth in ground_truths:
            score = max(score, dataset2metric[dataset](
                prediction, ground_truth, all_classes=all_classes))
        total_score += score
        SAMPLES.append(score)  # added: each sample's score, at the same stack depth
    return round(100 * total_score / len(predictions), 2)

data = json.load(open(sys.argv[2], encoding="utf-8"))
out = {}
for dataset, (predictions, answers) in data.items():
    SAMPLES = []
    out[dataset] = scorer(dataset, predictions, answers, None)
    out[dataset + "/samples"] = SAMPLES
print(json.dumps(out))
"""

#: The frames of LongBench's eval.py below rouge 1.0.1's LCS backtrack: the module, scorer,
#: (rouge_zh_score,) rouge_score, get_scores, _get_avg_scores, the metric's lambda,
#: rouge_l_summary_level, _union_lcs, _recon_lcs.
FRAMES = {"en": 9, "zh": 10}

#: The tasks whose prediction LongBench cuts to its first line.
FIRST_LINE = ("trec", "triviaqa", "samsum", "lsht")


def _longbench_recipe(
    dataset: str, predictions: list[str], answers: list[list[str]], chinese: bool
) -> tuple[float, list[float]]:
    """The recipe of docs/published-numbers.md: the dataset's score and each sample's."""
    if dataset in FIRST_LINE:
        predictions = [p.lstrip("\n").split("\n")[0] for p in predictions]
    hyps = [p for p, refs in zip(predictions, answers) for _ in refs]
    refs = [r for rs in answers for r in rs]
    if chinese:
        hyps = [" ".join(words) for words in rk.segment(hyps, "jieba")]
        refs = [" ".join(words) for words in rk.segment(refs, "jieba")]
    limit = sys.getrecursionlimit() - FRAMES["zh" if chinese else "en"]
    ok = [i for i, depth in enumerate(recursion_depths(hyps, refs)) if 0 < depth <= limit]
    scorer = rk.RougeScorer(["rougeL"], profile="pltrdy-1.0.1")
    f = scorer.score_batch([hyps[i] for i in ok], [refs[i] for i in ok]).fmeasure("rougeL")
    per_pair = [0.0] * len(hyps)
    for i, value in zip(ok, f):
        per_pair[i] = float(value)
    total, k, samples = 0.0, 0, []
    for refs_of in answers:
        score = 0.0
        for _ in refs_of:
            score = max(score, per_pair[k])
            k += 1
        total += score
        samples.append(score)
    return round(100 * total / len(predictions), 2), samples


def _deep(depth: int) -> tuple[str, str]:
    """A one-sentence pair whose backtrack makes ``depth`` calls and whose score is not 0: the
    reference's one word is the prediction's first (jieba keeps these words whole)."""
    return " ".join(f"w{k}" for k in range(depth - 1)), "w0"


def _longbench_data() -> dict[str, tuple[list[str], list[list[str]]]]:
    rng = random.Random(3)
    en = named_corpus("xsum-hallucination-annotations/xsum.jsonl")[:200]
    en += named_corpus("summeval-cnndm/summeval.jsonl")[:200]
    predictions = [r["prediction"] for r in en]
    answers = [r["references"][:1] for r in en]
    answers[5] = [*answers[5], predictions[5]]  # two answers: the best counts
    for depth in range(985, 998):
        hyp, ref = _deep(depth)
        predictions.append(hyp)
        answers.append([ref])
    predictions += ["", "...", "a. b", " "]
    answers += [["a"], ["a"], [""], ["a"]]
    samsum = [p.replace(". ", ".\n", 1) for p in predictions[:100]]
    zh_texts = [t.replace(" ", "") for t in real_texts()]
    zh_texts += [t for i, t in enumerate(generated_texts(300)) if i % 100]
    zh_pred = [rng.choice(zh_texts) for _ in range(300)]
    zh_answers = [[rng.choice(zh_texts)] for _ in range(300)]
    for depth in range(985, 998):
        hyp, ref = _deep(depth)
        zh_pred.append(hyp)
        zh_answers.append([ref])
    zh_pred += ["", "。。", "好的"]
    zh_answers += [["好的"], ["好的"], [""]]
    return {
        "gov_report": (predictions, answers),
        "samsum": (samsum, answers[:100]),
        "vcsum": (zh_pred, zh_answers),
    }


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
def test_longbench_rouge_recipe_gives_the_same_numbers(tmp_path: Path) -> None:
    """LongBench's scores of 417 English samples (gov_report; samsum's first-line rule on
    100) and 316 Chinese ones (vcsum), with long single-sentence pairs on both sides of the
    recursion limit and empty texts: every sample's score and each dataset's score equal."""
    folder = _install(*PLTRDY[:2])
    if isinstance(folder, str):
        pytest.skip(folder)
    data = _longbench_data()
    path = tmp_path / "data.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    script = tmp_path / "longbench_eval.py"
    script.write_text(LONGBENCH, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(script), str(folder), str(path)],
        capture_output=True, text=True, timeout=600, check=True, cwd=tmp_path,
    )  # fmt: skip
    want = json.loads(run.stdout)
    for dataset, (predictions, answers) in data.items():
        score, samples = _longbench_recipe(dataset, predictions, answers, dataset == "vcsum")
        assert samples == want[dataset + "/samples"], dataset
        assert score == want[dataset], dataset
        name = "longbench-2e00731:" + ("rouge_zh_score" if dataset == "vcsum" else "rouge_score")
        recipe = recipes.get(name)
        per_sample = recipe.per_sample(predictions, answers, dataset=dataset)
        assert [row[recipe.keys[0]] for row in per_sample] == want[dataset + "/samples"]
        assert recipe.compute(predictions, answers, dataset=dataset) == {dataset: want[dataset]}
    # The crashes the bare except turned into 0: past 991 nested calls in English (9 frames
    # below them), past 990 in Chinese (10), and the texts without a sentence.
    english, chinese = want["gov_report/samples"][-17:], want["vcsum/samples"][-16:]
    assert [s > 0 for s in english] == [True] * 7 + [False] * 10
    assert [s > 0 for s in chinese] == [True] * 6 + [False] * 7 + [False, False, False]
    assert recursion_depths(*_deep(991)) == [991]
