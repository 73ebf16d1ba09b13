"""OpenRLHF rewards: ``reward_func(queries, prompts, labels, **kwargs)`` for
``--reward.remote_url /path/to/reward_func.py``.

OpenRLHF (checked against OpenRLHF/OpenRLHF at 3c3be62, ``openrlhf/utils/agent.py``) loads
``reward_func`` from the file and calls it with ``queries`` (each the decoded prompt and
response, ``tokenizer.decode(prompt_ids + response_ids, skip_special_tokens=False)``),
``prompts`` and ``labels`` (the dataset's ``--data.label_key`` field), one sample per call
from a thread pool; it takes back a dict: ``rewards`` (a tensor, for the advantages),
``scores`` (a tensor in [0, 1], for dynamic filtering) and ``extra_logs`` (logged).

>>> from rougekit.integrations.openrlhf import rouge_reward_func
>>> reward_func = rouge_reward_func(types=("rouge1", "rougeL"))
>>> out = reward_func(["Q: sum? A: the cat sat"], ["Q: sum? A:"], ["the cat sat down"])
>>> out["rewards"].tolist()
[0.8571428571428571]

The response is the query after its prompt: a query that does not start with its prompt is
an error (scoring the prompt's words would inflate every reward), and end-of-sequence
markers left by ``skip_special_tokens=False`` are cut from the end (``eos_strings``: they
would otherwise be scored as words, ``</s>`` as ``s``). Rewards are float32 tensors when
torch is importable (OpenRLHF always has it), else float64 NumPy arrays. Options, weights
and the warnings policy are those of the TRL reward (:mod:`rougekit.integrations.trl`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

import rougekit.profiles as profiles
from rougekit.integrations.rewards import RewardCore, make_core, warn_missing
from rougekit.profiles import ProfileLike

__all__ = ["DEFAULT_EOS_STRINGS", "OpenRLHFRouge", "reward_func", "rouge_reward_func"]

#: End-of-sequence markers of common chat models, cut from the end of a response.
DEFAULT_EOS_STRINGS = ("<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|end|>", "</s>", "<eos>")


def rouge_reward_func(
    types: str | Sequence[str] = ("rouge1", "rouge2", "rougeL"),
    *,
    profile: ProfileLike = profiles.DEFAULT,
    weights: Sequence[float] | Mapping[str, float] | None = None,
    metric_to_select: str = "fmeasure",
    stemmer: bool | str | None = None,
    multiref: str | None = None,
    threads: int | None = None,
    warn_every: int = 100,
    eos_strings: Sequence[str] = DEFAULT_EOS_STRINGS,
    **scorer_options: Any,
) -> OpenRLHFRouge:
    """An OpenRLHF ``reward_func``; options as :func:`rougekit.integrations.trl.rouge_reward`
    (text profiles: OpenRLHF passes decoded text)."""
    core = make_core(
        types, profile=profile, weights=weights, metric_to_select=metric_to_select,
        stemmer=stemmer, multiref=multiref, separator=None, threads=threads,
        warn_every=warn_every, scorer_options=scorer_options,
    )  # fmt: skip
    if core.ids:
        raise ValueError("OpenRLHF passes decoded text: use a text profile")
    if isinstance(eos_strings, str):
        raise TypeError("eos_strings must be a list of strings, got one str")
    return OpenRLHFRouge(core, tuple(eos_strings))


class OpenRLHFRouge:
    """The reward function :func:`rouge_reward_func` builds."""

    def __init__(self, core: RewardCore, eos_strings: tuple[str, ...]) -> None:
        self.core = core
        self.types = core.types
        self.eos_strings = eos_strings

    def __repr__(self) -> str:
        return f"<OpenRLHFRouge ({self.core.describe()})>"

    def response(self, query: str, prompt: str, index: int = 0) -> str:
        """The response of ``query``: what follows ``prompt``, end-of-sequence markers cut."""
        if not query.startswith(prompt):
            raise ValueError(
                f"queries[{index}] does not start with prompts[{index}]: the response cannot "
                "be told apart from the prompt (OpenRLHF's queries are the decoded prompt "
                "and response)"
            )
        text = query[len(prompt) :]
        cut = False
        while True:
            stripped = text.rstrip()
            eos = next((e for e in self.eos_strings if e and stripped.endswith(e)), None)
            if eos is None:
                return stripped if cut else text
            text, cut = stripped[: -len(eos)], True

    def __call__(
        self, queries: Sequence[str], prompts: Sequence[str], labels: Sequence[Any], **kwargs: Any
    ) -> dict[str, Any]:
        if not len(queries) == len(prompts) == len(labels):
            raise ValueError(
                f"{len(queries)} queries, {len(prompts)} prompts and {len(labels)} labels"
            )
        preds = [self.response(q, p, i) for i, (q, p) in enumerate(zip(queries, prompts))]
        refs = [None if label is None else label for label in labels]
        rewards, means = self.core.rewards(preds, refs)
        values = np.array([0.0 if r is None else r for r in rewards], dtype=np.float64)
        logs: dict[str, Any] = {f"rouge/{t}": m for t, m in means.items()}
        missing = sum(r is None for r in rewards)
        warn_missing(missing, len(rewards), "label")
        logs["rouge/missing_labels"] = float(missing)
        tensor = _tensor(values)
        return {"rewards": tensor, "scores": tensor, "extra_logs": logs}


def _tensor(values: np.ndarray) -> Any:
    try:
        import torch
    except ImportError:
        return values
    return torch.tensor(values, dtype=torch.float32)


#: A ready-made reward (rouge1, rouge2 and rougeL F, averaged): point
#: ``--reward.remote_url`` at a file holding ``from rougekit.integrations.openrlhf import
#: reward_func``.
reward_func = rouge_reward_func()
