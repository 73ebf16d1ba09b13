"""rougekit.integrations.verl, called the way verl's reward managers call a custom reward.

verl needs GPUs-oriented dependencies (Ray, vLLM, tensordict) to import its managers, so
the calls are reproduced from its code at volcengine/verl b178a3c: ``get_custom_reward_fn``
loads ``custom_reward_function.path`` as a file module and wraps ``name`` with
``reward_kwargs`` (``verl/trainer/ppo/reward.py``); ``NaiveRewardManager`` calls
``compute_score(data_source=, solution_str=, ground_truth=, extra_info=)`` per sample and
``BatchRewardManager`` ``compute_score(data_sources=, solution_strs=, ground_truths=,
extra_infos=, **reward_kwargs)`` once (``verl/workers/reward_manager/``)."""

from __future__ import annotations

import importlib.util
import pickle
from functools import partial
from pathlib import Path

import numpy as np
import pytest
from conftest import REPO, SAMPLE, load_corpus, rouge_score_scorer
from rougekit.integrations.rewards import MissingReferenceWarning, Ragged
from rougekit.integrations.verl import compute_score, compute_score_batch, rouge_compute_score

TYPES = ("rouge1", "rouge2", "rougeL")


def _oracle(solution: str, truth: str | list[str], types=TYPES) -> float:
    scorer = rouge_score_scorer(list(types), False)
    refs = [truth] if isinstance(truth, str) else truth
    s = scorer.score_multi(refs, solution)
    total = None
    for t in types:
        part = (1 / len(types)) * s[t].fmeasure
        total = part if total is None else total + part
    return total


def _load_extern(path: Path, name: str):
    """verl's ``load_extern_object``: the file as a module, then the named object."""
    spec = importlib.util.spec_from_file_location("custom_module", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def _call_with_kwargs(raw_fn, extra_kwargs, *args, **kwargs):  # verl's wrapper
    merged = dict(extra_kwargs)
    merged.update(kwargs)
    return raw_fn(*args, **merged)


def _samples():
    pairs = load_corpus(SAMPLE)
    return [p["prediction"] for p in pairs], [p["references"][0] for p in pairs]


def test_naive_manager_per_sample_from_the_example_file() -> None:
    fn = _load_extern(REPO / "examples" / "verl_rouge_reward.py", "compute_score")
    wrapped = partial(_call_with_kwargs, fn, {})
    solutions, truths = _samples()
    for s, g in zip(solutions, truths):
        got = wrapped(data_source="xsum", solution_str=s, ground_truth=g, extra_info={})
        assert got == _oracle(s, g)


def test_batch_manager_with_reward_kwargs() -> None:
    fn = _load_extern(REPO / "examples" / "verl_rouge_reward.py", "compute_score_batch")
    kwargs = {"types": ["rouge1", "rougeL"], "stemmer": True}
    wrapped = partial(_call_with_kwargs, fn, kwargs)
    solutions, truths = _samples()
    truths[3] = np.array([truths[3], solutions[3]], dtype=object)  # parquet list column
    got = wrapped(
        data_sources=np.array(["xsum"] * len(solutions), dtype=object),
        solution_strs=solutions, ground_truths=truths, extra_infos=[{}] * len(solutions),
    )  # fmt: skip
    scorer = rouge_score_scorer(["rouge1", "rougeL"], True)
    for s, g, r in zip(solutions, truths, got):
        refs = list(g) if not isinstance(g, str) else [g]
        sc = scorer.score_multi(refs, s)
        assert r == 0.5 * sc["rouge1"].fmeasure + 0.5 * sc["rougeL"].fmeasure
    assert compute_score_batch(solution_strs=["a b"], ground_truths=["a b"]) == [1.0]


def test_missing_ground_truth_warns_and_scores_zero() -> None:
    with pytest.warns(MissingReferenceWarning, match="1 of 2 samples have no ground truth"):
        assert compute_score_batch(solution_strs=["a", "b c"], ground_truths=[None, "b c"]) == [
            0.0,
            1.0,
        ]
    with pytest.raises(TypeError, match="solution_str"):
        compute_score(data_source="x")


def test_pickles_and_token_ids_from_tensors() -> None:
    torch = pytest.importorskip("torch")
    reward = rouge_compute_score(("rouge1", "rougeL"), profile="token-ids")
    reward = pickle.loads(pickle.dumps(reward))  # verl ships rewards to Ray workers
    rng = np.random.default_rng(0)
    resp = torch.tensor(rng.integers(1, 40, size=(64, 30)))
    refs = torch.tensor(rng.integers(1, 40, size=(64, 25)))
    rmask = torch.arange(30)[None, :] < torch.tensor(rng.integers(0, 31, size=64))[:, None]
    fmask = torch.arange(25)[None, :] < torch.tensor(rng.integers(1, 26, size=64))[:, None]
    got = reward.score_ids(resp, refs, response_mask=rmask, reference_mask=fmask)
    pred_lists = [resp[i][rmask[i]].tolist() for i in range(64)]
    ref_lists = [refs[i][fmask[i]].tolist() for i in range(64)]
    from rougekit import RougeScorer

    batch = RougeScorer(["rouge1", "rougeL"], profile="token-ids").score_batch(
        pred_lists, ref_lists
    )
    expect = 0.5 * np.asarray(batch.fmeasure("rouge1")) + 0.5 * np.asarray(batch.fmeasure("rougeL"))
    assert got.tolist() == expect.tolist()
    same = reward.score_ids(Ragged.from_lists(pred_lists), Ragged.from_lists(ref_lists))
    assert same.tolist() == expect.tolist()
    with pytest.raises(ValueError, match="offsets must start at 0"):
        reward.score_ids(
            Ragged(np.arange(3), np.array([1, 3])), Ragged(np.arange(3), np.array([0, 3]))
        )
    with pytest.raises(ValueError, match="1 predictions but 2 references"):
        reward.score_ids(
            Ragged(np.arange(3), np.array([0, 3])), Ragged(np.arange(3), np.array([0, 1, 3]))
        )
