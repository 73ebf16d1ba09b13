"""rougekit.integrations.openrlhf, called the way OpenRLHF calls ``reward_func``.

OpenRLHF needs Ray, vLLM and DeepSpeed to import, so its call is reproduced from its code
at OpenRLHF/OpenRLHF 3c3be62 (``openrlhf/utils/agent.py``): the file is loaded with
``importlib.util.spec_from_file_location``, ``reward_func`` is taken from it and called
from ``asyncio.to_thread`` with one-sample lists ``([query], [prompt], [label])``, the query
being ``tokenizer.decode(prompt_ids + response_ids, skip_special_tokens=False)``; the
result's ``rewards``, ``scores`` and ``extra_logs`` are read."""

from __future__ import annotations

import asyncio
import importlib.util

import pytest
from conftest import REPO, SAMPLE, load_corpus, rouge_score_scorer
from rougekit.integrations.openrlhf import rouge_reward_func
from rougekit.integrations.rewards import MissingReferenceWarning

torch = pytest.importorskip("torch")

PROMPT = "<|im_start|>user\nSummarise the article.<|im_end|>\n<|im_start|>assistant\n"


def _load():
    spec = importlib.util.spec_from_file_location(
        "reward_func", REPO / "examples" / "openrlhf_rouge_reward.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.reward_func


def test_called_as_openrlhf_calls_it() -> None:
    reward_func = _load()
    pairs = load_corpus(SAMPLE)
    queries = [PROMPT + p["prediction"] + "<|im_end|>" for p in pairs]
    labels = [p["references"][0] for p in pairs]

    async def run():  # one sample per call, from threads, as _fetch_rewards_via_func
        tasks = [
            asyncio.to_thread(reward_func, [q], [PROMPT], [lab]) for q, lab in zip(queries, labels)
        ]
        return await asyncio.gather(*tasks)

    results = asyncio.run(run())
    scorer = rouge_score_scorer(["rouge1", "rougeL"], False)
    for out, p, lab in zip(results, pairs, labels):
        s = scorer.score(lab, p["prediction"])
        want = 0.5 * s["rouge1"].fmeasure + 0.5 * s["rougeL"].fmeasure
        assert out["rewards"].dtype == torch.float32 and out["rewards"].shape == (1,)
        assert out["rewards"].item() == torch.tensor([want], dtype=torch.float32).item()
        assert out["scores"] is out["rewards"]
        assert set(out["extra_logs"]) == {"rouge/rouge1", "rouge/rougeL", "rouge/missing_labels"}


def test_batch_prompt_stripping_and_errors() -> None:
    reward = rouge_reward_func(types="rouge1")
    with pytest.warns(MissingReferenceWarning):
        out = reward(["P: a b</s>", "P: c"], ["P: ", "P: "], ["a b", None])
    assert out["rewards"].tolist() == [1.0, 0.0]
    assert reward.response("P: x <|im_end|></s>", "P: ") == "x"
    with pytest.raises(ValueError, match=r"queries\[0\] does not start with prompts\[0\]"):
        reward(["other"], ["P: "], ["a"])
    with pytest.raises(ValueError, match="1 queries, 2 prompts"):
        reward(["a"], ["a", "b"], ["a"])
    with pytest.raises(ValueError, match="decoded text"):
        rouge_reward_func(profile="token-ids")
