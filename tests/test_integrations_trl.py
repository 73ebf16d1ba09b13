"""``rougekit.integrations.trl.rouge_reward`` against TRL's reward-function contract.

TRL itself is not installed here (it pulls accelerate, transformers and torch). The calls
below are the ones TRL 1.x's ``GRPOTrainer._calculate_rewards`` makes:
``fn(prompts=..., completions=..., completion_ids=..., **reward_kwargs)`` where
``reward_kwargs`` holds every dataset column (one entry per completion), ``trainer_state``,
``log_extra`` and ``log_metric``; completions are strings, or for conversational prompts
``[{"role": "assistant", "content": text}]``; the function returns one float (or ``None``)
per completion. The numbers are checked against rouge-score (the oracle) on real text.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
import rougekit as rk
from conftest import SHARED_DATA, load_corpus, require_shared, rouge_score_scorer
from rougekit.integrations.trl import rouge_reward

GROUP = 4  # generations per prompt


def _grpo_call(reward: Any, completions: list[Any], **columns: Any) -> tuple[Any, list[Any]]:
    """The reward call as GRPOTrainer makes it; returns (rewards, metrics logged)."""
    logged: list[Any] = []
    extra: list[Any] = []
    n = len(completions)
    out = reward(
        prompts=[f"prompt {i // GROUP}" for i in range(n)],
        completions=completions,
        completion_ids=[[i, i + 1] for i in range(n)],
        trainer_state=object(),
        log_extra=lambda column, values: extra.append((column, values)),
        log_metric=lambda name, value: logged.append((name, value)),
        **columns,
    )
    return out, logged


def _groups() -> tuple[list[str], list[str]]:
    """Real groups: per CNN/DM article, the summaries of 3 systems and the reference
    itself as the 4 "generations", all against that article's reference."""
    require_shared()
    folder = SHARED_DATA / "cnndm-pointer-generator"
    systems = [load_corpus(folder / f)[:150] for f in
               ("pointer-gen-cov.jsonl", "pointer-gen.jsonl", "baseline.jsonl")]  # fmt: skip
    completions, references = [], []
    for rows in zip(*systems):
        ref = rows[0]["references"][0]
        for text in [r["prediction"] for r in rows] + [ref]:
            completions.append(text)
            references.append(ref)
    return completions, references


def test_group_rewards_equal_weighted_rouge_score():
    completions, references = _groups()
    reward = rouge_reward(types=("rouge1", "rouge2", "rougeLsum"), weights=(0.2, 0.3, 0.5),
                          stemmer=True)  # fmt: skip
    got, logged = _grpo_call(reward, completions, reference=references, other=[0] * len(references))
    assert len(got) == len(completions) and all(type(v) is float for v in got)
    oracle = rouge_score_scorer(("rouge1", "rouge2", "rougeLsum"), True)
    want = []
    for c, r in zip(completions, references):
        s = oracle.score(r, c)
        want.append(0.2 * s["rouge1"].fmeasure + 0.3 * s["rouge2"].fmeasure
                     + 0.5 * s["rougeLsum"].fmeasure)  # fmt: skip
    assert got == want
    assert [name for name, _ in logged] == ["rouge/rouge1", "rouge/rouge2", "rouge/rougeLsum"]
    batch = rk.RougeScorer(("rouge1",), stemmer=True).score_batch(completions, references)
    assert logged[0][1] == pytest.approx(sum(batch.fmeasure("rouge1")) / len(completions))
    assert got[3] == pytest.approx(1.0), "the reference as a generation scores 1"


def test_default_is_the_mean_of_rouge1_rouge2_rougeL():
    completions, references = _groups()
    got, _ = _grpo_call(rouge_reward(), completions[:40], solution=references[:40])
    batch = rk.RougeScorer(("rouge1", "rouge2", "rougeL")).score_batch(
        completions[:40], references[:40]
    )
    want = [
        (1 / 3) * a + (1 / 3) * b + (1 / 3) * c
        for a, b, c in zip(*(batch.fmeasure(t) for t in ("rouge1", "rouge2", "rougeL")))
    ]
    assert got == want


def test_conversational_completions_equal_plain_ones():
    completions, references = _groups()
    reward = rouge_reward(types="rougeL", metric_to_select="recall")
    plain, _ = _grpo_call(reward, completions[:20], references=references[:20])
    chat = [[{"role": "assistant", "content": c}] for c in completions[:20]]
    conversational, _ = _grpo_call(reward, chat, references=references[:20])
    assert conversational == plain
    # tool-call-only message (content None), multimodal text parts, several messages
    odd = [
        [{"role": "assistant", "content": None, "tool_calls": [{"name": "f"}]}],
        [{"role": "assistant", "content": [{"type": "text", "text": "the cat"},
                                           {"type": "image"}, {"type": "text", "text": " sat"}]}],
        [{"role": "user", "content": "ignored"}, {"role": "assistant", "content": "the cat sat"}],
    ]  # fmt: skip
    got, _ = _grpo_call(reward, odd, reference=["the cat sat"] * 3)
    assert got == [0.0, 1.0, 1.0]


def test_token_ids_profile_scores_completion_ids():
    reward = rouge_reward(types=("rouge1", "rougeLsum"), profile="token-ids", separator=0,
                          reference_column="reference_ids")  # fmt: skip
    ids = [[5, 6, 7, 0, 8, 9], [1, 2, 3], [4]]
    refs = [[5, 7, 0, 9, 8], [[1, 2], [3, 2, 1]], [9]]
    scorer = rk.RougeScorer(("rouge1", "rougeLsum"), profile="token-ids", separator=0)
    batch = scorer.score_batch(ids, refs)
    expected = [0.5 * a + 0.5 * b
                for a, b in zip(batch.fmeasure("rouge1"), batch.fmeasure("rougeLsum"))]  # fmt: skip
    assert expected[0] not in (0.0, 1.0) and expected[2] == 0.0
    got = reward(prompts=["p"] * 3, completions=["decoded text"] * 3, completion_ids=ids,
                 reference_ids=refs, trainer_state=None)  # fmt: skip
    assert got == expected
    # without completion_ids, the completions themselves are the id lists
    assert reward(completions=ids, reference_ids=refs) == expected
    with pytest.raises(TypeError):
        reward(completions=["a"], reference_ids=["a"])  # text is not token ids


def test_scorer_options_reach_rougekit():
    """Multi-reference rules with the jackknife, and perl-1.5.5's options."""
    completions, references = _groups()
    refs = [[r, c] for r, c in zip(references[:24], completions[4:28])]
    for options in (
        {"multiref": "pooled", "jackknife": True, "stemmer": True},
        {"profile": "perl-1.5.5", "stemmer": True, "stopwords": True, "alpha": 0.2},
    ):
        reward = rouge_reward(types="rouge2", **options)
        batch = rk.RougeScorer(["rouge2"], **options).score_batch(completions[:24], refs)
        assert reward(completions=completions[:24], references=refs) == [
            float(v) for v in batch.fmeasure("rouge2")
        ], options


def test_reference_columns_and_none():
    reward = rouge_reward(types="rouge1")
    for column in ("reference", "references", "solution", "ground_truth", "answer"):
        assert reward(completions=["a b"], **{column: ["a b"]}) == [1.0]
    named = rouge_reward(types="rouge1", reference_column="summary")
    assert named(completions=["a b", "c"], summary=[["x", "a b"], None]) == [1.0, None]
    assert named(completions=["a"], summary=[None]) == [None]
    with pytest.raises(KeyError, match="no reference column"):
        reward(completions=["a"], prompt=["p"])
    with pytest.raises(KeyError, match="'summary' is not among"):
        named(completions=["a"], reference=["a"])
    with pytest.raises(ValueError, match="2 completions but 1 values"):
        reward(completions=["a", "b"], reference=["a"])
    with pytest.raises(TypeError, match=r"completions\[0\]"):
        reward(completions=[42], reference=["a"])


def test_weights_validation_and_name():
    reward = rouge_reward(types="rouge1,rougeL", weights={"rougeL": 2.0, "ROUGE-1": 1.0})
    assert reward.__name__ == "rouge_reward_rouge1_rougeL"
    assert reward(completions=["a b c"], reference=["a c b"]) == [
        1.0 + 2.0 * rk.RougeScorer(["rougeL"]).score("a b c", "a c b")["rougeL"].fmeasure
    ]
    with pytest.raises(ValueError, match="2 weights for 1 types"):
        rouge_reward(types="rouge1", weights=(1, 2))
    with pytest.raises(ValueError, match="missing rougeL"):
        rouge_reward(types="rouge1,rougeL", weights={"rouge1": 1})
    with pytest.raises(ValueError, match="must be a number"):
        rouge_reward(types="rouge1", weights=("x",))
    with pytest.raises(ValueError, match="metric_to_select"):
        rouge_reward(metric_to_select="f1")
    with pytest.raises(ValueError, match="warn_every"):
        rouge_reward(warn_every=0)


def test_warnings_are_rate_limited():
    """One-line texts with rougeLsum warn at every score_batch call; the reward shows the
    first, then one summary per warn_every calls, naming how many calls raised it."""
    reward = rouge_reward(types=("rougeLsum",), warn_every=10)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(25):
            reward(completions=["the cat sat", "a dog"], reference=["the cat", "the dog"])
    shown = [w for w in caught if issubclass(w.category, rk.NoSentencesWarning)]
    assert len(shown) == 3, [str(w.message) for w in shown]  # calls 1, 11 and 21
    assert "reward call" not in str(shown[0].message)
    assert "[in 10 reward call(s) since the last time" in str(shown[1].message)
    assert shown[0].filename == __file__, "the warning names the caller's line"
    # a different warning category is limited separately
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(5):
            reward(completions=["!!!", "???"], reference=["...", "the dog\nsat"])
    assert [w.category for w in caught].count(rk.NoTokensWarning) == 1
