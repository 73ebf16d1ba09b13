"""The recipes: one object per harness metric, named ``<harness>-<version>:<metric>``
(``<harness>-<commit>`` for harnesses without releases). Each cites the code it reproduces;
``docs/published-numbers.md`` says how each was tested."""

from __future__ import annotations

import rougekit.recipes.japanese as japanese
import rougekit.recipes.steps as steps
from rougekit.recipes.model import Recipe, TruthfulQA

_N3 = ("rouge1", "rouge2", "rougeL")
_PLTRDY_KEYS = ("rouge-1", "rouge-2", "rouge-l")

LM_EVAL_CNN_DAILYMAIL = Recipe(
    name="lm-eval-0.4.13:cnn_dailymail",
    harness="lm-evaluation-harness 0.4.13",
    source="lm_eval/tasks/cnn_dailymail/utils.py (process_results), aggregation mean",
    does="whitespace runs collapsed and both texts stripped; rouge-score with Porter "
    "stemming, rouge1/rouge2/rougeL F per document in [0, 1]; the corpus number is "
    "sum / count.",
    profile="rouge-score",
    types=_N3,
    keys=_N3,
    options=(("stemmer", True),),
    prepare_predictions=(steps.collapse_spaces,),
    prepare_references=(steps.collapse_spaces,),
)

LM_EVAL_TRUTHFULQA = TruthfulQA(
    name="lm-eval-0.4.13:truthfulqa_gen",
    harness="lm-evaluation-harness 0.4.13",
    source="lm_eval/tasks/truthfulqa/utils.py (process_results_gen, rouge)",
    does="' . ' becomes '.\\n' in both texts (rougeLsum's sentences); rouge-score without "
    "stemming, rouge1, rouge2 and rougeLsum (reported as rougeL) F x 100 against each true "
    "and false answer; per type the best true (_max), best true minus best false (_diff), "
    "1 when the best true is higher (_acc); means. incorrect_answers= gives the false ones.",
    profile="rouge-score",
    types=("rouge1", "rouge2", "rougeLsum"),
    keys=("rouge1", "rouge2", "rougeL"),
    prepare_predictions=(steps.truthfulqa_sentences,),
    prepare_references=(steps.truthfulqa_sentences,),
    golds="max",
    kwargs=("incorrect_answers",),
)

LM_EVAL_INFINITEBENCH = Recipe(
    name="lm-eval-0.4.13:infinitebench",
    harness="lm-evaluation-harness 0.4.13",
    source="lm_eval/tasks/infinitebench/utils.py (process_results_rouge), longbook_sum_en",
    does="the prediction stripped and its control characters (newlines too) made spaces, "
    "so it is one rougeLsum sentence; the first answer only; an empty prediction 0; "
    "rouge-score rougeLsum with stemming, F in [0, 1], key 'score'; mean.",
    profile="rouge-score",
    types=("rougeLsum",),
    keys=("score",),
    options=(("stemmer", True),),
    prepare_predictions=(steps.control_to_space,),
    zero_empty="prediction",
    golds="first",
)

LM_EVAL_LONGBENCH = Recipe(
    name="lm-eval-0.4.13:longbench",
    harness="lm-evaluation-harness 0.4.13",
    source="lm_eval/tasks/longbench/metrics.py (get_rouge_score): gov_report, qmsum, "
    "multi_news, vcsum's English siblings, samsum",
    does="the prediction stripped; pltrdy's rouge 1.0.1 ROUGE-L F against each answer, 0 "
    "where rouge raises on an empty text (its bare except); the best answer per sample, "
    "key 'rouge_score', in [0, 1]; mean. Pairs whose sentence LCS recurses past Python's "
    "limit also score 0 there, at a depth that depends on the call stack: the recipe scores "
    "them.",
    profile="pltrdy-1.0.1",
    types=("rougeL",),
    keys=("rouge_score",),
    options=(("on_empty", "zero"),),
    prepare_predictions=(steps.strip,),
    golds="max0",
)

LM_EVAL_LONGBENCH_ZH = Recipe(
    name="lm-eval-0.4.13:longbench-zh",
    harness="lm-evaluation-harness 0.4.13",
    source="lm_eval/tasks/longbench/metrics.py (get_rouge_zh_score): dureader, vcsum",
    does="as lm-eval-0.4.13:longbench on ' '.join(jieba.cut(text)) of both texts (jieba "
    "0.42.1), key 'rouge_zh_score'.",
    profile="pltrdy-1.0.1",
    types=("rougeL",),
    keys=("rouge_zh_score",),
    options=(("on_empty", "zero"),),
    prepare_predictions=(steps.strip, steps.jieba_words),
    prepare_references=(steps.jieba_words,),
    golds="max0",
)

LM_EVAL_JA_XLSUM = Recipe(
    name="lm-eval-0.4.13:ja_leaderboard_xlsum",
    harness="lm-evaluation-harness 0.4.13 (japanese_leaderboard: emoji 2.14.0, neologdn "
    "0.5.3, fugashi with unidic-lite 1.0.8)",
    source="lm_eval/tasks/japanese_leaderboard/ja_leaderboard_xlsum.py (MecabTokenizer, "
    "rouge2_agg), the remove_whitespace filter",
    does="the prediction stripped; in both texts emoji removed, neologdn's normalize, "
    "whitespace runs one space, then MeCab -Owakati words over unidic-lite 1.0.8 "
    "(rougekit's mecab-unidic-lite); rouge-score rouge2 F on those words; the corpus number "
    "is rouge-score's BootstrapAggregator mid F (1,000 draws) with NumPy's global RNG seeded "
    "1234 (lm-eval's default --seed; seed= another, None the RNG as it is).",
    profile="whitespace",
    types=("rouge2",),
    keys=("rouge2",),
    # The whitespace profile segments with MeCab in the core (seg:mecab-unidic-lite-1.0.8).
    options=(("segmenter", "mecab-unidic-lite"),),
    prepare_predictions=(steps.strip, japanese.normalize_answer),
    prepare_references=(japanese.normalize_answer,),
    corpus="bootstrap-median",
    seed=1234,
    kwargs=("seed",),
)

LONGBENCH = Recipe(
    name="longbench-2e00731:rouge_score",
    harness="LongBench (THUDM/LongBench at 2e00731)",
    source="LongBench/metrics.py (rouge_score), LongBench/eval.py (scorer)",
    does="pltrdy's rouge 1.0.1 ROUGE-L F; 0 where rouge raises under eval.py: an empty "
    "text, or a sentence pair whose recursive LCS backtrack passes sys.getrecursionlimit() "
    "with eval.py's 9 frames below; the best answer; round(100 * mean, 2). dataset='samsum' "
    "(and trec, triviaqa, lsht) scores the prediction's first line only.",
    profile="pltrdy-1.0.1",
    types=("rougeL",),
    keys=("rouge_score",),
    options=(("on_empty", "zero"),),
    zero_when=steps.longbench_limit(9),
    golds="max0",
    corpus_scale=100.0,
    corpus_digits=2,
    first_line_datasets=("trec", "triviaqa", "samsum", "lsht"),
    kwargs=("dataset",),
)

LONGBENCH_ZH = Recipe(
    name="longbench-2e00731:rouge_zh_score",
    harness="LongBench (THUDM/LongBench at 2e00731)",
    source="LongBench/metrics.py (rouge_zh_score), LongBench/eval.py: dureader, vcsum",
    does="as longbench-2e00731:rouge_score on ' '.join(jieba.cut(text)) (jieba 0.42.1), "
    "10 frames below the recursion limit.",
    profile="pltrdy-1.0.1",
    types=("rougeL",),
    keys=("rouge_zh_score",),
    options=(("on_empty", "zero"),),
    prepare_predictions=(steps.jieba_words,),
    prepare_references=(steps.jieba_words,),
    zero_when=steps.longbench_limit(10),
    golds="max0",
    corpus_scale=100.0,
    corpus_digits=2,
    first_line_datasets=("trec", "triviaqa", "samsum", "lsht"),
    kwargs=("dataset",),
)

_LLAMAFACTORY = {
    "profile": "rouge-chinese-1.0.3",
    "types": _N3,
    "keys": _PLTRDY_KEYS,
    "options": (("segmenter", "jieba"), ("on_empty", "zero")),
    "scale": 100.0,
    "sample_digits": 4,
}

LLAMAFACTORY_TRAINER = Recipe(
    name="llamafactory-0.9.5:compute_similarity",
    harness="LLaMA-Factory 0.9.5",
    source="src/llamafactory/train/sft/metric.py (ComputeSimilarity)",
    does="jieba words of every text, whatever the language; 0 when either side has no "
    "word; rouge-chinese 1.0.3 F of rouge-1, rouge-2, rouge-l; round(f * 100, 4) per "
    "sample; the corpus number is np.mean of those.",
    corpus="np.mean",
    **_LLAMAFACTORY,  # type: ignore[arg-type]
)

LLAMAFACTORY_SCRIPT = Recipe(
    name="llamafactory-0.9.5:eval_bleu_rouge",
    harness="LLaMA-Factory 0.9.5",
    source="scripts/eval_bleu_rouge.py (compute_metrics, main)",
    does="as llamafactory-0.9.5:compute_similarity, averaged as sum / count.",
    corpus="mean",
    **_LLAMAFACTORY,  # type: ignore[arg-type]
)

OPENCOMPASS_JIEBA = Recipe(
    name="opencompass-0.5.4:jieba_rouge",
    harness="OpenCompass 0.5.4",
    source="opencompass/openicl/icl_evaluator/icl_jieba_rouge_evaluator.py "
    "(JiebaRougeEvaluator), opencompass/utils/text_postprocessors.py",
    does="general_postprocess (cut at the first newline, '.' or ','; punctuation, a, an, "
    "the removed); jieba words; a pair with an empty side scores 0 (the evaluator puts "
    "placeholder words there, which match no other word); rouge-chinese 1.0.3 avg=True F (a "
    "left-to-right sum over pairs) x 100.",
    profile="rouge-chinese-1.0.3",
    types=_N3,
    keys=_N3,
    options=(("segmenter", "jieba"),),
    prepare_predictions=(steps.general_postprocess,),
    prepare_references=(steps.general_postprocess,),
    zero_empty="either",
    corpus="loop-mean",
    corpus_scale=100.0,
)

OPENCOMPASS_ROUGE = Recipe(
    name="opencompass-0.5.4:rouge",
    harness="OpenCompass 0.5.4",
    source="opencompass/openicl/icl_evaluator/icl_hf_evaluator.py (RougeEvaluator), "
    "hf_metrics/rouge.py",
    does="evaluate's rouge script (rouge-score, no stemming, one reference) with NumPy "
    "seeded 0: the median of 1,000 bootstrap means of F per type, x 100.",
    profile="rouge-score",
    types=("rouge1", "rouge2", "rougeL", "rougeLsum"),
    keys=("rouge1", "rouge2", "rougeL", "rougeLsum"),
    golds="first",
    corpus="bootstrap-median",
    seed=0,
    corpus_scale=100.0,
)

HELM = Recipe(
    name="helm-0.5.16:rouge",
    harness="HELM (crfm-helm 0.5.16)",
    source="src/helm/benchmark/metrics/evaluate_reference_metrics.py (get_rouge_function, "
    "compute_metrics_helper)",
    does="rouge-score with Porter stemming, F of the first prediction against each gold, "
    "the max over golds (rouge_1, rouge_2, rouge_l), in [0, 1]; the stat's mean.",
    profile="rouge-score",
    types=_N3,
    keys=("rouge_1", "rouge_2", "rouge_l"),
    options=(("stemmer", True),),
    golds="max",
)

HELM_CLEVA = Recipe(
    name="helm-0.5.16:chinese_rouge",
    harness="HELM (crfm-helm 0.5.16), CLEVA",
    source="src/helm/benchmark/metrics/evaluate_reference_metrics.py "
    "(get_chinese_rouge_function), cleva_metrics_helper.py (ChineseTokenizer)",
    does="every code point a token (spaces and punctuation too, no lower-casing, no "
    "stemming); rouge-score rouge1 and rouge2 F, the max over golds (chinese_rouge_1, "
    "chinese_rouge_2); the stat's mean.",
    profile="token-ids",
    types=("rouge1", "rouge2"),
    keys=("chinese_rouge_1", "chinese_rouge_2"),
    prepare_predictions=(steps.code_points,),
    prepare_references=(steps.code_points,),
    golds="max",
)

LIGHTEVAL = Recipe(
    name="lighteval-0.13.0:rouge",
    harness="lighteval 0.13.0",
    source="src/lighteval/metrics/metrics_sample.py (ROUGE), metrics.py (rouge1, rouge2, "
    "rougeL, rougeLsum)",
    does="rouge-score without stemming, F against every gold, the np.mean over golds (its "
    "default aggregation_function, not the max its docstring says); np.mean over samples.",
    profile="rouge-score",
    types=("rouge1", "rouge2", "rougeL", "rougeLsum"),
    keys=("rouge1", "rouge2", "rougeL", "rougeLsum"),
    golds="mean",
    corpus="np.mean",
)

DEEPEVAL = Recipe(
    name="deepeval-4.3.1:rouge",
    harness="DeepEval 4.3.1",
    source="deepeval/scorer/scorer.py (Scorer.rouge_score)",
    does="rouge-score with Porter stemming, F of one type per call (rouge1, rouge2, "
    "rougeL), in [0, 1]; the recipe's corpus number is the mean.",
    profile="rouge-score",
    types=_N3,
    keys=_N3,
    options=(("stemmer", True),),
)

RAGAS = Recipe(
    name="ragas-0.4.3:rouge_score",
    harness="ragas 0.4.3",
    source="src/ragas/metrics/collections/_rouge_score.py (RougeScore, mode fmeasure)",
    does="rouge-score with Porter stemming, rouge1 and rougeL F per sample (its default "
    "mode), in [0, 1]; the recipe's corpus number is the mean.",
    profile="rouge-score",
    types=("rouge1", "rougeL"),
    keys=("rouge1", "rougeL"),
    options=(("stemmer", True),),
)

_N4 = ("rouge1", "rouge2", "rougeL", "rougeLsum")

MLPERF_LLAMA2_70B = Recipe(
    name="mlperf-b66003e:llama2-70b",
    harness="MLPerf Inference (mlcommons/inference at b66003e)",
    source="language/llama2-70b/evaluate-accuracy.py (postprocess_text, main)",
    does="both texts stripped and split into sentences by NLTK's Punkt (english punkt_tab), "
    "one per line; evaluate's rouge with use_stemmer=True and use_aggregator=False (rouge-"
    "score F per sample); round(np.mean(values) * 100, 4) per type.",
    profile="rouge-score",
    types=_N4,
    keys=_N4,
    options=(("stemmer", True), ("split_sentences", "punkt")),
    prepare_predictions=(steps.strip,),
    prepare_references=(steps.strip,),
    corpus="np.mean",
    corpus_scale=100.0,
    corpus_digits=4,
)

UNITXT_ROUGE = Recipe(
    name="unitxt-1.26.10:rouge",
    harness="unitxt 1.26.10",
    source="src/unitxt/metrics.py (Rouge.compute), reduction mean",
    does="the prediction and each reference stripped and split by NLTK's Punkt (english), "
    "one sentence per line; rouge-score without stemming, score_multi over the references "
    "(the best F), F in [0, 1]; the global score is the mean (unitxt adds its own CI).",
    profile="rouge-score",
    types=_N4,
    keys=_N4,
    options=(("split_sentences", "punkt"),),
    prepare_predictions=(steps.strip,),
    prepare_references=(steps.strip,),
    golds="multi",
    corpus="np.mean",
)

ALL = (
    MLPERF_LLAMA2_70B,
    LM_EVAL_TRUTHFULQA,
    UNITXT_ROUGE,
    LM_EVAL_CNN_DAILYMAIL,
    LM_EVAL_INFINITEBENCH,
    LM_EVAL_LONGBENCH,
    LM_EVAL_LONGBENCH_ZH,
    LM_EVAL_JA_XLSUM,
    LONGBENCH,
    LONGBENCH_ZH,
    LLAMAFACTORY_TRAINER,
    LLAMAFACTORY_SCRIPT,
    OPENCOMPASS_JIEBA,
    OPENCOMPASS_ROUGE,
    HELM,
    HELM_CLEVA,
    LIGHTEVAL,
    DEEPEVAL,
    RAGAS,
)
