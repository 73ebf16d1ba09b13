"""verl rewards: ``compute_score`` functions for verl's reward managers.

verl (checked against volcengine/verl at b178a3c, ``verl/workers/reward_manager/``) calls a
custom reward function, named in ``custom_reward_function.path`` / ``.name``, in one of two
shapes, with ``custom_reward_function.reward_kwargs`` added as keyword arguments:

* the ``naive`` (default) and ``prime`` managers, per sample:
  ``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)``,
  taking back a float or a dict holding ``"score"``;
* the ``batch`` manager, once per batch: ``compute_score(data_sources=...,
  solution_strs=..., ground_truths=..., extra_infos=...)``, taking back one per sample.

>>> from rougekit.integrations.verl import rouge_compute_score
>>> compute_score = rouge_compute_score(types=("rouge1", "rougeL"))
>>> compute_score("summaries", "the cat sat", "the cat sat down")
0.8571428571428571

:func:`compute_score` and :func:`compute_score_batch` are ready-made (rouge1, rouge2 and
rougeL F, averaged; ``reward_kwargs`` may set any option of :func:`rouge_compute_score`, per
call). The ground truth is a string or a list of strings (several references: the best F,
as rouge-score's ``score_multi``); a ``None`` ground truth scores 0.0 with a warning (verl
writes the score into a tensor, so a missing value cannot be skipped). Options, weights and
the warnings policy are those of the TRL reward (:mod:`rougekit.integrations.trl`).

Token ids: :meth:`VerlRouge.score_ids` scores padded response and reference id batches
(``DataProto.batch["responses"]`` with its attention mask) as NumPy arrays or PyTorch CPU
tensors, without a Python list per row.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import rougekit.profiles as profiles
from rougekit.integrations.rewards import Ragged, RewardCore, make_core, warn_missing
from rougekit.profiles import ProfileLike

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["VerlRouge", "compute_score", "compute_score_batch", "rouge_compute_score"]


def rouge_compute_score(
    types: str | Sequence[str] = ("rouge1", "rouge2", "rougeL"),
    *,
    profile: ProfileLike = profiles.DEFAULT,
    weights: Sequence[float] | Mapping[str, float] | None = None,
    metric_to_select: str = "fmeasure",
    stemmer: bool | str | None = None,
    multiref: str | None = None,
    separator: int | None = None,
    threads: int | None = None,
    warn_every: int = 100,
    **scorer_options: Any,
) -> VerlRouge:
    """A verl reward: call it per sample (``compute_score(data_source, solution_str,
    ground_truth, extra_info=None)``) or use its :meth:`VerlRouge.batch` for the batch
    manager. Options as :func:`rougekit.integrations.trl.rouge_reward`."""
    core = make_core(
        types, profile=profile, weights=weights, metric_to_select=metric_to_select,
        stemmer=stemmer, multiref=multiref, separator=separator, threads=threads,
        warn_every=warn_every, scorer_options=scorer_options,
    )  # fmt: skip
    return VerlRouge(core)


class VerlRouge:
    """The reward :func:`rouge_compute_score` builds (a picklable callable: verl sends
    reward functions to Ray workers)."""

    def __init__(self, core: RewardCore) -> None:
        self.core = core
        self.types = core.types

    def __repr__(self) -> str:
        return f"<VerlRouge ({self.core.describe()})>"

    def __call__(
        self,
        data_source: Any = None,
        solution_str: str | None = None,
        ground_truth: Any = None,
        extra_info: Any = None,
        **kwargs: Any,
    ) -> float:
        """The reward of one sample (verl's ``naive`` / ``prime`` managers)."""
        if solution_str is None:
            raise TypeError("compute_score needs solution_str=")
        return self.batch([data_source], [solution_str], [ground_truth], [extra_info])[0]

    def batch(
        self,
        data_sources: Sequence[Any] | None = None,
        solution_strs: Sequence[str] | None = None,
        ground_truths: Sequence[Any] | None = None,
        extra_infos: Sequence[Any] | None = None,
        **kwargs: Any,
    ) -> list[float]:
        """The rewards of a batch (verl's ``batch`` manager), in one parallel call."""
        if solution_strs is None or ground_truths is None:
            raise TypeError("compute_score needs solution_strs= and ground_truths=")
        preds = list(solution_strs)
        refs = [_references(g) for g in ground_truths]
        rewards, _ = self.core.rewards(preds, refs)
        warn_missing(sum(r is None for r in rewards), len(preds), "ground truth")
        return [0.0 if r is None else r for r in rewards]

    def score_ids(
        self,
        responses: Any,
        references: Any,
        *,
        response_mask: Any = None,
        reference_mask: Any = None,
    ) -> NDArray[np.float64]:
        """Rewards of token ids (``profile="token-ids"``): ``responses`` and ``references``
        are :class:`~rougekit.integrations.rewards.Ragged` or padded ``(batch, length)``
        arrays / CPU tensors cut by their masks (verl's ``attention_mask`` columns of the
        responses)."""
        preds = responses if isinstance(responses, Ragged) else Ragged.from_padded(
            responses, mask=response_mask)  # fmt: skip
        refs = references if isinstance(references, Ragged) else Ragged.from_padded(
            references, mask=reference_mask)  # fmt: skip
        return self.core.id_rewards(preds, refs)[0]


def _references(ground_truth: Any) -> Any:
    """A ground truth as the scorer takes references: a str, a list of str (NumPy arrays
    from parquet become lists), or ``None``."""
    tolist = getattr(ground_truth, "tolist", None)
    if callable(tolist) and not isinstance(ground_truth, (str, list)):
        return tolist()
    return ground_truth


@functools.lru_cache(maxsize=16)
def _default(options: tuple[tuple[str, Any], ...]) -> VerlRouge:
    return rouge_compute_score(**dict(options))


def _hashable(options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))


def compute_score(
    data_source: Any = None,
    solution_str: str | None = None,
    ground_truth: Any = None,
    extra_info: Any = None,
    **reward_kwargs: Any,
) -> float:
    """verl's per-sample reward: ``custom_reward_function.path`` = this module's file,
    ``name`` = ``compute_score``; ``reward_kwargs`` are :func:`rouge_compute_score`'s
    options (one reward per distinct set of options, made once)."""
    reward = _default(_hashable(reward_kwargs))
    return reward(data_source, solution_str, ground_truth, extra_info)


def compute_score_batch(
    data_sources: Sequence[Any] | None = None,
    solution_strs: Sequence[str] | None = None,
    ground_truths: Sequence[Any] | None = None,
    extra_infos: Sequence[Any] | None = None,
    **reward_kwargs: Any,
) -> list[float]:
    """verl's batch reward (``reward_model.reward_manager=batch``, ``name`` =
    ``compute_score_batch``); ``reward_kwargs`` as :func:`compute_score`."""
    reward = _default(_hashable(reward_kwargs))
    return reward.batch(data_sources, solution_strs, ground_truths, extra_infos)
