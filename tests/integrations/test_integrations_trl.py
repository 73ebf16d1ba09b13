"""``rougekit.integrations.trl.rouge_reward`` against TRL's reward-function contract.

The first tests make the calls TRL 1.x's ``GRPOTrainer._calculate_rewards`` makes:
``fn(prompts=..., completions=..., completion_ids=..., **reward_kwargs)`` where
``reward_kwargs`` holds every dataset column but ``prompt`` (one entry per completion),
``trainer_state``, ``log_extra`` and ``log_metric``; completions are strings, or for
conversational prompts ``[{"role": "assistant", "content": text}]``; the function returns one
float (or ``None``) per completion. The last ones run the reward inside the real TRL
(``trl`` in the ``test`` extra): two GRPO steps on a tiny random model, offline, recording
what TRL passed and what it logged. The numbers are checked against rouge-score (the
oracle) on real text.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
import rougekit as rk
from conftest import named_corpus, rouge_score_scorer
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
    systems = [named_corpus(f"cnndm-pointer-generator/{f}")[:150] for f in
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
    assert reward.__name__ == "rouge_reward_rouge1_rouge2_rougeLsum"
    assert [name for name, _ in logged] == [
        f"rewards/{reward.__name__}/{t}" for t in ("rouge1", "rouge2", "rougeLsum")
    ]
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


def test_reward_pickles():
    """TRL's asynchronous GRPO trainer pickles the reward functions to a spawned process."""
    import pickle

    completions, references = _groups()
    reward = rouge_reward(types=("rouge1", "rougeLsum"), stemmer=True, name="summary_rouge")
    copy = pickle.loads(pickle.dumps(reward))
    assert copy.__name__ == "summary_rouge"
    assert copy(completions=completions[:40], reference=references[:40]) == reward(
        completions=completions[:40], reference=references[:40]
    )
    ids = rouge_reward(types="rouge1", profile="token-ids")
    assert ids.__name__ == "rouge_reward_token-ids_rouge1"
    assert pickle.loads(pickle.dumps(ids))(completions=[[1, 2]], reference=[[2, 3]]) == [0.5]


def test_reward_pickles_after_calls_that_warned():
    """TRL may pickle the reward after it has run (the asynchronous trainer spawns its rollout
    process when it needs it): the warning limiter must not keep what it needed during a
    call (a warnings.catch_warnings, holding the warnings module). The copy scores the
    same and carries the limiter's counts on."""
    import pickle

    reward = rouge_reward(types=("rouge1", "rougeLsum"), weights=(0.5, 0.5), warn_every=10)
    call = {"completions": ["the cat sat", "a dog"], "reference": ["the cat", "the dog"]}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert reward(prompts=["p"], completions=["the cat sat"], reference=["the cat sat"])
        first = reward(**call)  # one-line texts with rougeLsum: NoSentencesWarning
    assert any(issubclass(w.category, rk.NoSentencesWarning) for w in caught)
    copy = pickle.loads(pickle.dumps(reward))
    assert copy(**call) == reward(**call) == first
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(8):
            copy(**call)
    # calls 1 (shown) to 11 of the copy's history: the 11th shows the summary
    shown = [str(w.message) for w in caught if issubclass(w.category, rk.NoSentencesWarning)]
    assert len(shown) == 1 and "[in 10 reward call(s) since the last time" in shown[0], shown
    assert pickle.loads(pickle.dumps(copy))(**call) == first


# -- inside the real TRL: GRPOTrainer on a tiny random model, offline ------------------------

STEPS, PROMPTS_PER_STEP, GENERATIONS = 2, 4, 2
TEXT_TYPES, TEXT_WEIGHTS = ("rouge1", "rouge2", "rougeLsum"), (0.2, 0.3, 0.5)
ID_TYPES = ("rouge1", "rougeL")
#: a reference that is not blank but has no token: rougekit warns (NoTokensWarning)
NO_TOKENS = "..."


class _Recorder:
    """Passes TRL's call through unchanged and keeps its keyword arguments and the result."""

    def __init__(self, reward: Any) -> None:
        self.reward, self.calls = reward, []
        self.__name__ = reward.__name__

    def __call__(self, **kwargs: Any) -> Any:
        out = self.reward(**kwargs)
        self.calls.append((kwargs, out))
        return out


def _trl_rows() -> list[dict[str, Any]]:
    """Real pairs (CNN/DM pointer-generator summaries and their references); one row per
    step has a reference without tokens. Prompts: the summary's first words."""
    pairs = named_corpus("cnndm-pointer-generator/pointer-gen.jsonl")[:8]
    rows = []
    for i, pair in enumerate(pairs):
        ref = NO_TOKENS if i % PROMPTS_PER_STEP == PROMPTS_PER_STEP - 1 else pair["references"][0]
        rows.append({"prompt": "summarize : " + " ".join(pair["prediction"].split()[:8]),
                     "reference": ref})  # fmt: skip
    assert len(rows) == STEPS * PROMPTS_PER_STEP
    return rows


def _tiny_grpo(
    tmp_path: Any, rows: list[dict[str, Any]], reward_funcs: list[Any], **trainer_options: Any
) -> tuple[Any, Any]:
    """A GRPOTrainer on a 1-layer, width-16 Llama initialised at random, with a word-level
    tokenizer over the words of ``rows`` (built in code: nothing comes from the hub); the
    dataset gets a ``reference_ids`` column (the reference's ids, then end-of-sequence)."""
    pytest.importorskip("trl")
    import torch
    from datasets import Dataset
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast
    from trl import GRPOConfig, GRPOTrainer

    vocab = {"[PAD]": 0, "[EOS]": 1, "[UNK]": 2}
    for row in rows:
        prompt = row["prompt"] if isinstance(row["prompt"], str) else row["prompt"][-1]["content"]
        for word in (prompt + " " + row["reference"]).split():
            vocab.setdefault(word, len(vocab))
    core = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    core.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=core, pad_token="[PAD]",
                                        eos_token="[EOS]", unk_token="[UNK]",
                                        clean_up_tokenization_spaces=False)  # fmt: skip
    torch.manual_seed(0)
    model = LlamaForCausalLM(LlamaConfig(
        vocab_size=len(vocab), hidden_size=16, intermediate_size=32, num_hidden_layers=1,
        num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=128,
        pad_token_id=0, eos_token_id=1, bos_token_id=None,
    ))  # fmt: skip
    eos = tokenizer.eos_token_id
    data = [{**row, "reference_ids": [*tokenizer(row["reference"]).input_ids, eos]} for row in rows]
    args = GRPOConfig(
        output_dir=str(tmp_path), max_steps=STEPS, per_device_train_batch_size=PROMPTS_PER_STEP
        * GENERATIONS, num_generations=GENERATIONS, max_completion_length=12, use_cpu=True,
        use_vllm=False, report_to="none", logging_steps=1, save_strategy="no",
        shuffle_dataset=False, seed=0, disable_tqdm=True,
    )  # fmt: skip
    trainer = GRPOTrainer(model=model, reward_funcs=reward_funcs, args=args,
                          train_dataset=Dataset.from_list(data), processing_class=tokenizer,
                          **trainer_options)  # fmt: skip
    return trainer, tokenizer


def _oracle_text(completion: str, reference: str) -> float:
    s = rouge_score_scorer(TEXT_TYPES, True).score(reference, completion)
    return sum(w * s[t].fmeasure for w, t in zip(TEXT_WEIGHTS, TEXT_TYPES))


def _oracle_ids(ids: list[int], reference_ids: list[int]) -> float:
    """token-ids' numbers are rouge-score's for the ids written as words."""
    s = rouge_score_scorer(ID_TYPES, False).score(
        " ".join(map(str, reference_ids)), " ".join(map(str, ids))
    )
    return sum(0.5 * s[t].fmeasure for t in ID_TYPES)


def _check_trl_calls(trainer: Any, tokenizer: Any, text: _Recorder, ids: _Recorder,
                     rows: list[dict[str, Any]], conversational: bool) -> list[Any]:  # fmt: skip
    """What TRL passed and what it logged, call by call; returns the text reward's calls."""
    import numpy as np

    assert len(text.calls) == len(ids.calls) == STEPS
    history = [h for h in trainer.state.log_history if "loss" in h]
    assert len(history) == STEPS
    for step, ((kw, got), (kw_ids, got_ids), logged) in enumerate(
        zip(text.calls, ids.calls, history)
    ):
        # the contract: these keyword arguments, every dataset column but the prompt
        assert set(kw) == {"prompts", "completions", "completion_ids", "reference",
                           "reference_ids", "trainer_state", "log_extra", "log_metric"}  # fmt: skip
        assert kw_ids.keys() == kw.keys() and kw["trainer_state"] is trainer.state
        mine = rows[step * PROMPTS_PER_STEP : (step + 1) * PROMPTS_PER_STEP]  # unshuffled
        n = PROMPTS_PER_STEP * GENERATIONS
        assert kw["reference"] == [r["reference"] for r in mine for _ in range(GENERATIONS)]
        assert len(kw["completions"]) == len(kw["completion_ids"]) == len(got) == n
        for completion, completion_ids in zip(kw["completions"], kw["completion_ids"]):
            assert all(type(i) is int for i in completion_ids)
            decoded = tokenizer.decode(completion_ids, skip_special_tokens=True)
            if conversational:
                assert completion == [{"role": "assistant", "content": decoded}]
            else:
                assert completion == decoded
        plain = [c[-1]["content"] if conversational else c for c in kw["completions"]]
        # the rewards equal rouge-score's, computed independently
        assert got == [_oracle_text(c, r) for c, r in zip(plain, kw["reference"])]
        assert got_ids == [
            _oracle_ids(c, r) for c, r in zip(kw["completion_ids"], kw["reference_ids"])
        ]
        # ... and are what TRL used (its log: float32 tensors, NaN-aware mean)
        for recorder, values in ((text, got), (ids, got_ids)):
            want = float(np.mean(np.float32(values), dtype=np.float32))
            assert logged[f"rewards/{recorder.__name__}/mean"] == pytest.approx(want, abs=1e-7)
        oracle = rouge_score_scorer(TEXT_TYPES, True)
        for t in TEXT_TYPES:  # log_metric: one value per call, kept as float32
            f = [oracle.score(r, c)[t].fmeasure for c, r in zip(plain, kw["reference"])]
            want = float(np.float32(sum(f) / n))
            assert logged[f"rewards/{text.__name__}/{t}"] == want
    return text.calls


def test_inside_grpo_trainer(tmp_path, monkeypatch):
    """Two steps of real GRPO training: the model generates (junk words of the references'
    vocabulary), TRL decodes, calls both rewards, and logs what they returned."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    rows = _trl_rows()
    text = _Recorder(rouge_reward(types=TEXT_TYPES, weights=TEXT_WEIGHTS, stemmer=True))
    ids = _Recorder(rouge_reward(types=ID_TYPES, profile="token-ids",
                                 reference_column="reference_ids"))  # fmt: skip
    assert text.__name__ != ids.__name__
    trainer, tokenizer = _tiny_grpo(tmp_path, rows, [text, ids])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        trainer.train()
    calls = _check_trl_calls(trainer, tokenizer, text, ids, rows, conversational=False)
    rewards = [r for _, out in calls for r in out]
    assert max(rewards) > 0, "junk over the references' words overlaps them somewhere"
    # each call had a reference without tokens: the warning is shown once, not per step
    no_tokens = [w for w in caught if issubclass(w.category, rk.NoTokensWarning)]
    assert len(no_tokens) == 1, [str(w.message) for w in no_tokens]
    assert "reward call" not in str(no_tokens[0].message)


def test_inside_grpo_trainer_completions_equal_references(tmp_path, monkeypatch):
    """Conversational prompts; a rollout function (TRL's hook for custom generation) returns,
    per group, the reference's ids then end-of-sequence, and the first half of them: TRL
    decodes them into assistant messages, and the full ones score exactly 1."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRL_EXPERIMENTAL_SILENCE", "1")
    rows = [r for r in _trl_rows() if r["reference"] != NO_TOKENS]
    rows = (rows * 2)[: STEPS * PROMPTS_PER_STEP]
    by_prompt = {r["prompt"]: r["reference"] for r in rows}
    holder: dict[str, Any] = {}

    def rollout(prompts: list[Any], trainer: Any) -> dict[str, Any]:
        tok = holder["tokenizer"]
        prompt_ids, completion_ids = [], []
        for k, prompt in enumerate(prompts):  # each prompt comes GENERATIONS times in a row
            ref = tok(by_prompt[prompt[-1]["content"]]).input_ids
            prompt_ids.append(tok(prompt[-1]["content"]).input_ids)
            completion_ids.append([*ref, tok.eos_token_id] if k % GENERATIONS == 0
                                  else ref[: len(ref) // 2])  # fmt: skip
        return {"prompt_ids": prompt_ids, "completion_ids": completion_ids, "logprobs": None}

    chat = [{**r, "prompt": [{"role": "user", "content": r["prompt"]}]} for r in rows]
    text = _Recorder(rouge_reward(types=TEXT_TYPES, weights=TEXT_WEIGHTS, stemmer=True))
    ids = _Recorder(rouge_reward(types=ID_TYPES, profile="token-ids",
                                 reference_column="reference_ids"))  # fmt: skip
    trainer, tokenizer = _tiny_grpo(tmp_path, chat, [text, ids], rollout_func=rollout)
    holder["tokenizer"] = tokenizer
    trainer.train()
    _check_trl_calls(trainer, tokenizer, text, ids, chat, conversational=True)
    for (kw, got), (_, got_ids) in zip(text.calls, ids.calls):
        full = kw["completions"][::GENERATIONS]
        words = [" ".join(r.split()) for r in kw["reference"][::GENERATIONS]]
        assert [c[0]["content"] for c in full] == words
        assert got[::GENERATIONS] == [1.0] * PROMPTS_PER_STEP
        assert got_ids[::GENERATIONS] == [1.0] * PROMPTS_PER_STEP
        assert all(0 < g < 1 for g in got[1::GENERATIONS] + got_ids[1::GENERATIONS])
