"""The recipes: one object per harness metric, named ``<harness>-<version>:<metric>``
(``<harness>-<commit>`` for harnesses without releases). Each cites the code it reproduces;
``docs/published-numbers.md`` says how each was tested."""

from __future__ import annotations

import rougekit.recipes.japanese as japanese
import rougekit.recipes.steps as steps
from rougekit.recipes.jury import JuryRouge
from rougekit.recipes.model import AllFields, MixedMetrics, Recipe, TorchmetricsMean, TruthfulQA

_N3 = ("rouge1", "rouge2", "rougeL")
_PLTRDY_KEYS = ("rouge-1", "rouge-2", "rouge-l")
_N4 = ("rouge1", "rouge2", "rougeL", "rougeLsum")

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

LM_EVAL_EVALUATE_ROUGE = Recipe(
    name="lm-eval-0.4.13:evaluate_rouge",
    harness="lm-evaluation-harness 0.4.13",
    source="the tasks whose utils.py call evaluate.load('rouge').compute(predictions, "
    "references): afrobench xlsum, darija summarization, noticia, meqsum, mts_dialog, "
    "meddialog, french/spanish/catalan/galician bench, ...",
    does="evaluate's rouge script with its defaults (rouge-score without stemming; "
    "score_multi when each reference is a list): the median of 1,000 bootstrap means of F "
    "per type, drawn type after type from NumPy's RNG, in [0, 1]; each task reports one "
    "key after its own cleaning. evaluate.load('rouge') seeds NumPy from the OS for the "
    "call; seed=S is evaluate.load('rouge', seed=S).",
    profile="rouge-score",
    types=("rouge1", "rouge2", "rougeL", "rougeLsum"),
    keys=("rouge1", "rouge2", "rougeL", "rougeLsum"),
    golds="multi",
    corpus="bootstrap-median",
    kwargs=("seed",),
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

LIGHTEVAL_T5 = Recipe(
    name="lighteval-0.13.0:rouge_t5",
    harness="lighteval 0.13.0",
    source="src/lighteval/metrics/metrics.py (rouge_t5), metrics_sample.py "
    "(ROUGE._rouge_score_with_bootsrap), normalizations.py (bigbench_normalizer)",
    does="' . ' becomes '.\\n' in both texts (bigbench_normalizer); rouge-score without "
    "stemming; golds zipped with the predictions, so the first gold only; the "
    "BootstrapAggregator mid F of that one pair (the score itself) x 100 per sample; np.mean "
    "over samples.",
    profile="rouge-score",
    types=_N4,
    keys=_N4,
    prepare_predictions=(steps.truthfulqa_sentences,),
    prepare_references=(steps.truthfulqa_sentences,),
    golds="first",
    scale=100.0,
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

_MLPERF_PUNKT = {
    "harness": "MLPerf Inference (mlcommons/inference at b66003e)",
    "profile": "rouge-score",
    "types": _N4,
    "keys": _N4,
    "options": (("stemmer", True), ("split_sentences", "punkt")),
    "prepare_predictions": (steps.strip,),
    "prepare_references": (steps.strip,),
    "corpus": "np.mean",
    "corpus_scale": 100.0,
    "corpus_digits": 4,
}

MLPERF_GPTJ = Recipe(
    name="mlperf-b66003e:gpt-j",
    source="language/gpt-j/evaluation.py (postprocess_text, main)",
    does="as mlperf-b66003e:llama2-70b (CNN/DailyMail): Punkt sentences one per line, "
    "evaluate's rouge with use_stemmer=True and use_aggregator=False, round(np.mean(values) "
    "* 100, 4) per type (the script prints each as a str of that float).",
    **_MLPERF_PUNKT,  # type: ignore[arg-type]
)

MLPERF_LLAMA31_8B = Recipe(
    name="mlperf-b66003e:llama3.1-8b",
    source="language/llama3.1-8b/evaluation.py (postprocess_text, main)",
    does="as mlperf-b66003e:gpt-j (CNN/DailyMail, the same three steps; printed as str).",
    **_MLPERF_PUNKT,  # type: ignore[arg-type]
)

MLPERF_MIXTRAL = Recipe(
    name="mlperf-b66003e:mixtral-8x7b",
    source="language/mixtral-8x7b/evaluate-accuracy.py (postprocess_text, main: OpenOrca)",
    does="the OpenOrca samples' ROUGE (GSM8K and MBXP are scored otherwise): as "
    "mlperf-b66003e:llama2-70b, float(round(np.mean(values) * 100, 4)) per type.",
    **_MLPERF_PUNKT,  # type: ignore[arg-type]
)

MLPERF_LLAMA31_405B = MixedMetrics(
    name="mlperf-b66003e:llama3.1-405b",
    harness="MLPerf Inference (mlcommons/inference at b66003e)",
    source="language/llama3.1-405b/evaluate-accuracy.py (rouge, run_evaluation)",
    does="both texts stripped and split by Punkt (which moves no rougeL token); rouge-score "
    "rougeL with Porter stemming, 100 * F per sample; the corpus number is pandas' mean of "
    "that column, unrounded. metric= (the dataset's metric column) marks the 'rouge' rows "
    "of a mixed dataset: the others are NaN, and pandas' sum still runs over their places.",
    profile="rouge-score",
    types=("rougeL",),
    keys=("rougeL",),
    options=(("stemmer", True),),
    prepare_predictions=(steps.strip,),
    prepare_references=(steps.strip,),
    scale=100.0,
    kwargs=("metric",),
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

NEMO_COMPUTE_ROUGE = Recipe(
    name="nemo-8cfedd7:compute_rouge",
    harness="NeMo (NVIDIA/NeMo at 8cfedd7)",
    source="scripts/metric_calculation/compute_rouge.py (calculate_rouge, load_preds)",
    does="the prediction stripped; rouge-score with Porter stemming against every answer; "
    "every type from the answer with the best rouge1 F (np.argmax: the first on ties); "
    "BootstrapAggregator's mid F (the median of 1,000 bootstrap means drawn from NumPy's "
    "global RNG, which the script does not seed: seed= seeds it and puts it back) x 100, "
    "round(..., 4).",
    profile="rouge-score",
    types=_N4,
    keys=_N4,
    options=(("stemmer", True),),
    prepare_predictions=(steps.strip,),
    golds="best-rouge1",
    corpus="bootstrap-median",
    corpus_scale=100.0,
    corpus_digits=4,
    kwargs=("seed",),
)

NEMO_ROUGE_SCORE = TorchmetricsMean(
    name="nemo-8cfedd7:rouge_score_torchmetrics",
    harness="NeMo (NVIDIA/NeMo at 8cfedd7)",
    source="nemo/collections/common/metrics/metric_string_to_torchmetric.py:35 ('rouge': "
    "torchmetrics' ROUGEScore), nemo/collections/nlp/models/language_modeling/"
    "megatron_gpt_sft_model.py:190,200,678-687 (metric(), one update per pair, compute(), the "
    "fmeasure keys logged)",
    does="validation metric 'rouge': torchmetrics' ROUGEScore() with its defaults (rouge-"
    "score's text pipeline without stemming; rougeLsum on NLTK Punkt sentences, english "
    "punkt_tab; several references: the best float32 F per type); each F stored as float32; "
    "the numbers NeMo logs are torch's float32 means (rouge1_fmeasure ... "
    "rougeLsum_fmeasure), as Python floats.",
    profile="rouge-score",
    types=_N4,
    keys=tuple(f"{t}_fmeasure" for t in _N4),
    options=(("split_sentences", "punkt"), ("multiref", "best-f-float32")),
    golds="multi",
)

_JURY = {
    "profile": "rouge-score",
    "types": _N4,
    "keys": _N4,
    "corpus": "bootstrap-median",
    "kwargs": ("rouge_types", "use_aggregator", "use_stemmer", "metric_to_select", "reduce_fn",
               "seed"),
}  # fmt: skip

JURY = JuryRouge(
    name="jury-2.3.1:rouge",
    harness="jury 2.3.1",
    source="jury/core.py (Jury.__call__, _remove_empty), jury/metrics/rouge/"
    "rouge_for_language_generation.py (RougeForLanguageGeneration)",
    does="items with an empty side dropped and counted; rouge-score (use_stemmer=False by "
    "default) metric_to_select (fmeasure) per pair; reduce_fn (max) over several "
    "references, an inner bootstrap over several predictions; BootstrapAggregator's mid "
    "over the items (use_aggregator=False: the first item's value, or with several "
    "references the low percentile). Returns {'total_items', 'empty_items', 'rouge': {...}}. "
    "seed=S is load_metric('rouge', seed=S); jury's seed=None reseeds from the OS.",
    **_JURY,  # type: ignore[arg-type]
)

NLGMETRICVERSE = JuryRouge(
    name="nlg-metricverse-0.9.9:rouge",
    harness="nlg-metricverse 0.9.9",
    source="nlgmetricverse/core.py (NLGMetricverse.__call__), nlgmetricverse/metrics/rouge/"
    "rouge_planet.py (RougePlanet: jury's code)",
    does="as jury-2.3.1:rouge (the same code); NLGMetricverse's dict adds wall-clock "
    "seconds, 'total_time_elapsed' and the metric's 'time_elapsed' (here rougekit's).",
    timings=True,
    **_JURY,  # type: ignore[arg-type]
)

EVALSCOPE_ZH = AllFields(
    name="evalscope-1.14.1:rouge",
    harness="evalscope 1.14.1",
    source="evalscope/metrics/utils/rouge.py (compute_rouge_score_one_sample_zh), "
    "evalscope/benchmarks/general_qa_vqa_metrics.py (calculate_metric_score)",
    does="general_qa / general_vqa's Rouge: jieba words (0.42.1) only for a text with a "
    "character in U+4E00-U+9FA5, other texts as they are; rouge-chinese 1.0.3 with "
    "ignore_empty=True, a pair it cannot score (an empty side) 0; per sample recall, "
    "precision and F of rouge-1, rouge-2, rouge-l in [0, 1] (Rouge-1-R ... Rouge-L-F); the "
    "recipe's corpus numbers are the means.",
    profile="rouge-chinese-1.0.3",
    types=_N3,
    keys=("Rouge-1", "Rouge-2", "Rouge-L"),
    options=(("on_empty", "zero"),),
    prepare_predictions=(steps.jieba_if_chinese,),
    prepare_references=(steps.jieba_if_chinese,),
)

EVALSCOPE_TOOL_BENCH = AllFields(
    name="evalscope-1.14.1:tool_bench_rouge",
    harness="evalscope 1.14.1",
    source="evalscope/metrics/utils/rouge.py (compute_rouge_score_one_sample, "
    "DummyTokenizer), evalscope/benchmarks/tool_bench/utils.py (evaluate_rougel)",
    does="tool_bench's Rouge-L (and the legacy compute_rouge_score_one_sample): tokens are "
    "text.split() (case kept, punctuation attached, no stemming; U+001C-U+001F, where "
    "str.split() splits and Unicode White_Space does not, made spaces); evalscope's bundled "
    "rouge-score code with target=reference, prediction=prediction (not swapped); per "
    "sample recall, precision and F of rouge1, rouge2, rougeL in [0, 1] (rouge-1-r ... "
    "rouge-l-f; tool_bench's Rouge-L is rouge-l-f); the corpus numbers are the means, as "
    "compute_rouge_score_one_sample over all pairs gives them.",
    profile="whitespace",
    types=_N3,
    keys=("rouge-1", "rouge-2", "rouge-l"),
    prepare_predictions=(steps.split_separators,),
    prepare_references=(steps.split_separators,),
    suffixes=("r", "p", "f"),
)

ALL = (
    MLPERF_LLAMA2_70B,
    MLPERF_GPTJ,
    MLPERF_LLAMA31_8B,
    MLPERF_MIXTRAL,
    MLPERF_LLAMA31_405B,
    LM_EVAL_TRUTHFULQA,
    UNITXT_ROUGE,
    LM_EVAL_CNN_DAILYMAIL,
    LM_EVAL_INFINITEBENCH,
    LM_EVAL_EVALUATE_ROUGE,
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
    LIGHTEVAL_T5,
    NEMO_COMPUTE_ROUGE,
    NEMO_ROUGE_SCORE,
    JURY,
    NLGMETRICVERSE,
    EVALSCOPE_ZH,
    EVALSCOPE_TOOL_BENCH,
    DEEPEVAL,
    RAGAS,
)
