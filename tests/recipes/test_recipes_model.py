"""The recipe object's own rules: names, arguments, steps and the multi-gold reductions."""

from __future__ import annotations

import random
import re

import pytest
import rougekit.recipes as recipes
from rougekit.recipes.steps import collapse_spaces, general_postprocess


def test_names_are_harness_version_metric_and_unique() -> None:
    names = recipes.names()
    assert len(set(names)) == len(names) >= 15
    for name in names:
        harness, _, metric = name.partition(":")
        assert re.fullmatch(r"[a-z0-9.-]+-[0-9a-f.]+", harness) and metric, name
        assert recipes.get(name).signature.fields["recipe"] == name


def test_unknown_names_and_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match=r"unknown recipe 'helm:rouge'.*did you mean"):
        recipes.get("helm:rouge")
    with pytest.raises(TypeError, match="a recipe name is a str"):
        recipes.get(3)  # type: ignore[arg-type]
    recipe = recipes.get("helm-0.5.16:rouge")
    with pytest.raises(TypeError, match="takes no argument 'dataset'"):
        recipe.compute(["a"], ["a"], dataset="samsum")
    with pytest.raises(ValueError, match="same length"):
        recipe.compute(["a", "b"], ["a"])
    with pytest.raises(ValueError, match="nothing to aggregate"):
        recipe.compute([], [])
    with pytest.raises(ValueError, match=r"2 references, but lm-eval-0\.4\.13:cnn_dailymail"):
        recipes.get("lm-eval-0.4.13:cnn_dailymail").per_sample(["a"], [["a", "b"]])


def test_collapse_spaces_is_the_regular_expression() -> None:
    """lm-eval's ``re.sub(r"\\s+", " ", text).strip()``, on every whitespace character."""
    chars = "".join(chr(c) for c in range(0x3100) if chr(c).isspace() or c < 300)
    rng = random.Random(0)
    texts = ["".join(rng.choice(chars) for _ in range(30)) for _ in range(5000)]
    spaces = re.compile(r"\s+")
    assert collapse_spaces(texts) == [spaces.sub(" ", t).strip() for t in texts]


def test_general_postprocess_cases() -> None:
    assert general_postprocess(["The cat, sat.", "An apple\nb", " a  b ", "", "x_y-z!"]) == [
        "cat", "apple", "b", "", "x_yz",
    ]  # fmt: skip


def test_multi_gold_rules() -> None:
    golds = [["the cat sat", "a dog ran"]]
    helm = recipes.get("helm-0.5.16:rouge").per_sample(["the cat sat"], golds)[0]
    lighteval = recipes.get("lighteval-0.13.0:rouge").per_sample(["the cat sat"], golds)[0]
    assert helm["rouge_1"] == 1.0  # the max
    assert lighteval["rouge1"] == 0.5  # the mean of 1.0 and 0.0


def test_best_rouge1_takes_every_type_from_one_gold() -> None:
    """NeMo's compute_rouge: the gold with the best rouge1 F gives every type's value, even
    where another gold has a better rouge2 (the first on ties)."""
    recipe = recipes.get("nemo-8cfedd7:compute_rouge")
    golds = [["cat the sat dog", "the cat sat on"], ["the cat", "the cat"]]
    rows = recipe.per_sample(["the cat sat dog", "the cat"], golds)
    assert rows[0]["rouge1"] == 1.0 and rows[0]["rouge2"] == pytest.approx(1 / 3)  # not 2/3
    assert rows[1]["rouge1"] == 1.0


def test_mixed_metrics_rows() -> None:
    recipe = recipes.get("mlperf-b66003e:llama3.1-405b")
    rows = recipe.per_sample(
        ["a b", "x", "a"], ["a b", "y", "a c"], metric=["rouge", "qa_em", "rouge"]
    )
    assert rows[0] == {"rougeL": 100.0} and rows[1]["rougeL"] != rows[1]["rougeL"]
    assert recipe.compute(["a", "x"], ["a", "y"], metric=["rouge", "niah_em"]) == {"rougeL": 100.0}
    with pytest.raises(ValueError, match="no sample is a 'rouge' sample"):
        recipe.compute(["x"], ["y"], metric=["qa_em"])


def test_shared_jieba_gives_the_words_of_each_text_alone() -> None:
    """Inside ``shared_jieba`` each distinct text is segmented once (identify's recipes):
    the words are those of the plain step, whatever texts come with it."""
    from rougekit.recipes.steps import jieba_words, shared_jieba

    texts = ["自行车不能带上火车", "科技钻研", "", "don't stop U.S. 2024", "自行车不能带上火车"]
    plain = jieba_words(texts)
    with shared_jieba():
        assert jieba_words(texts[:2]) == plain[:2]
        assert jieba_words(texts[::-1]) == plain[::-1]
        with shared_jieba():
            assert jieba_words(texts) == plain
    assert jieba_words(texts[1:]) == plain[1:]


def test_jieba_if_chinese_tests_the_range_u4e00_to_u9fa5() -> None:
    from rougekit.recipes.steps import jieba_if_chinese, jieba_words

    texts = ["a\u4e00b", "a\u9fa5b", "a\u9fa6b", "a\u4dffb", "plain text", "\u4e00\u4e01"]
    want = [jieba_words([t])[0] if any("\u4e00" <= c <= "\u9fa5" for c in t) else t for t in texts]
    assert jieba_if_chinese(texts) == want
    assert jieba_if_chinese(texts)[2:5] == texts[2:5]
