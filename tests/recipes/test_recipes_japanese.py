# ruff: noqa: RUF001, E501  (wide characters count double; full-width letters and kana marks are the point of these texts)
"""``lm-eval-0.4.13:ja_leaderboard_xlsum`` against lm-eval's own code
(``lm_eval/tasks/japanese_leaderboard/ja_leaderboard_xlsum.py``): its ``MecabTokenizer``
(emoji 2.14.0, neologdn 0.5.3, fugashi over unidic-lite 1.0.8) and its ``rouge2_agg``
(rouge-score's ``BootstrapAggregator``) with NumPy seeded as the recipe seeds it, on real
Japanese text (the shipped ``tests/data/ja-texts.jsonl``: Rust by Example's translation and
the shared conformance set; the slow test adds every paragraph of the installed
translation); the normalization step against neologdn 0.5.3 itself, on the same texts and
generated ones.

fugashi's ``Tagger("-Owakati")`` takes the full ``unidic`` package over unidic-lite whenever
both are installed (the test extra installs both); lm-eval's extra installs
``fugashi[unidic-lite]`` alone, so the oracle's tagger is pointed at unidic-lite.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import rougekit.recipes as recipes
from japanese_texts import generated_texts, recorded_texts, rust_by_example_texts, unidic_lite_args
from rougekit.recipes.japanese import neologdn_normalize, normalize_answer

NAME = "lm-eval-0.4.13:ja_leaderboard_xlsum"


@pytest.fixture(scope="module")
def lm_eval_xlsum() -> Any:
    pytest.importorskip("neologdn", reason="neologdn 0.5.3 (the test oracle) is not installed")
    fugashi = pytest.importorskip("fugashi")
    module = pytest.importorskip("lm_eval.tasks.japanese_leaderboard.ja_leaderboard_xlsum")
    tagger = fugashi.Tagger(unidic_lite_args())
    original = module.Tagger
    module.Tagger = lambda *args: tagger
    yield module
    module.Tagger = original


def _pairs(texts: list[str]) -> tuple[list[str], list[str]]:
    # Each text against the next one: related paragraphs of one book, some bigrams shared.
    return texts[1:], texts[:-1]


def _check(module: Any, preds: list[str], refs: list[str]) -> None:
    recipe = recipes.get(NAME)
    # The per-sample values: lm-eval's tokenizer inside rouge-score.
    from rouge_score import rouge_scorer

    scorer = rouge_scorer.RougeScorer(["rouge2"], tokenizer=module.MecabTokenizer())
    ours = recipe.per_sample(preds, refs)
    bad = [
        i
        for i, (p, r) in enumerate(zip(preds, refs, strict=True))
        if scorer.score(r, p.strip())["rouge2"].fmeasure != ours[i]["rouge2"]
    ]
    assert not bad, f"{len(bad)} of {len(preds)} samples differ: {bad[:10]}"
    # The corpus number: rouge2_agg after NumPy seeded as the recipe does.
    state = np.random.get_state()
    np.random.seed(1234)
    theirs = module.rouge2_agg(list(zip(refs, [p.strip() for p in preds], strict=True)))
    np.random.set_state(state)
    assert recipe.compute(preds, refs) == {"rouge2": theirs}
    np.random.seed(7)
    seven = module.rouge2_agg(list(zip(refs, [p.strip() for p in preds], strict=True)))
    assert recipe.compute(preds, refs, seed=7) == {"rouge2": seven}


def test_shipped_texts_equal_lm_eval(lm_eval_xlsum: Any) -> None:
    preds, refs = _pairs(recorded_texts())
    _check(lm_eval_xlsum, preds, refs)


def test_generated_texts_equal_lm_eval(lm_eval_xlsum: Any) -> None:
    preds, refs = _pairs(generated_texts(200, seed=5))
    preds[0], refs[3] = "", "   "  # empty sides score 0
    _check(lm_eval_xlsum, preds, refs)


def test_normalize_answer_equals_lm_eval(lm_eval_xlsum: Any) -> None:
    texts = recorded_texts() + generated_texts(1500, seed=6)
    tokenizer = lm_eval_xlsum.MecabTokenizer()
    ours = normalize_answer(texts)
    bad = [t for t, o in zip(texts, ours, strict=True) if tokenizer.normalize_answer(t) != o]
    assert not bad, f"{len(bad)} of {len(texts)} differ: {bad[:5]!r}"


def test_neologdn_documented_examples() -> None:
    neologdn = pytest.importorskip("neologdn")
    assert neologdn.__version__ == "0.5.3" if hasattr(neologdn, "__version__") else True
    examples = {
        "ﾊﾝｶｸｶﾅ": "ハンカクカナ", "全角記号！？＠＃": "全角記号!?@#", "全角記号例外「・」": "全角記号例外「・」",
        "長音短縮ウェーーーーイ": "長音短縮ウェーイ", "チルダ削除ウェ~∼∾〜〰～イ": "チルダ削除ウェイ",
        "いろんなハイフン˗֊‐‑‒–⁃⁻₋−": "いろんなハイフン-", "　　　ＰＲＭＬ　　副　読　本　　　": "PRML副読本",
        " Natural Language Processing ": "Natural Language Processing", "1995〜2001年": "19952001年",
        "南アルプスの　天然水-　Ｓｐａｒｋｉｎｇ*　Ｌｅｍｏｎ+　レモン一絞り": "南アルプスの天然水- Sparking*Lemon+レモン一絞り",
        "う゛ほﾟ": "ゔぽ", "ｱ゛": "アﾞ", "A ーあ": "A あ", "x ー y": "x ーy", "a \u200b b": "a \u200bb",
    }  # fmt: skip
    for text, want in examples.items():
        assert neologdn.normalize(text) == want, text
        assert neologdn_normalize(text) == want, text


@pytest.mark.slow
def test_rust_by_example_equals_lm_eval(lm_eval_xlsum: Any) -> None:
    import neologdn

    real = list(rust_by_example_texts())
    if not real:
        pytest.skip("Rust by Example's Japanese translation is not installed (rustup's rust-docs)")
    texts = real + generated_texts(5000, seed=8)
    bad = [t for t in texts if neologdn.normalize(t) != neologdn_normalize(t)]
    assert not bad, f"{len(bad)} of {len(texts)} texts normalize otherwise: {bad[:5]!r}"
    preds, refs = _pairs(real)
    _check(lm_eval_xlsum, preds, refs)
