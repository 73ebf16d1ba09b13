"""RL rewards: :func:`rouge_reward` builds a TRL-style reward function.

>>> from rougekit.integrations.trl import rouge_reward
>>> reward = rouge_reward(types=("rouge1", "rougeL"), weights=(0.5, 0.5))
>>> reward(prompts=["p", "p"], completions=["the cat sat", "a dog"],
...        reference=["the cat sat down", "the cat sat down"])
[0.8571428571428571, 0.0]

TRL's ``GRPOTrainer`` (tested with TRL 1.16) calls a reward function as
``fn(prompts=..., completions=..., completion_ids=..., <every dataset column but
prompt>=..., trainer_state=..., log_extra=..., log_metric=...)`` with one list entry per
completion (each prompt's group of generations in a row) and takes back one float per
completion (``None`` skips it). The function built here scores the whole call in one
parallel batch, reads the references from a dataset column (``reference``, ``references``,
``solution``, ``ground_truth`` or ``answer``, or the one named), takes conversational
completions (a list of messages: the last one's ``content``), and with
``profile="token-ids"`` scores ``completion_ids`` against id references. TRL's
``completion_ids`` keep the end-of-sequence token when the model generated one (they are
cut after it), so id references should end with that token too, or a completion that
repeats its reference scores below 1. Warnings about the texts (no tokens, non-ASCII
letters, rougeLsum without sentences) are shown once and then summarised at most every
``warn_every`` calls, not repeated at every training step.

TRL keys its logs by the reward's ``__name__`` (``rewards/<name>/mean``); the per-type means
go to ``log_metric`` as ``rewards/<name>/<type>``. Two ROUGE rewards in one trainer need two
names (``name=``): TRL would average the values of rewards sharing one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import rougekit.profiles as profiles
from rougekit.integrations.rewards import RewardCore, default_name, make_core
from rougekit.profiles import ProfileLike

#: Dataset columns tried, in this order, when ``reference_column`` is not given.
REFERENCE_COLUMNS = ("reference", "references", "solution", "ground_truth", "answer")

RewardFunction = Callable[..., list[float | None]]


def rouge_reward(
    types: str | Sequence[str] = ("rouge1", "rouge2", "rougeL"),
    *,
    profile: ProfileLike = profiles.DEFAULT,
    weights: Sequence[float] | Mapping[str, float] | None = None,
    metric_to_select: str = "fmeasure",
    reference_column: str | None = None,
    stemmer: bool | str | None = None,
    multiref: str | None = None,
    separator: int | None = None,
    threads: int | None = None,
    warn_every: int = 100,
    name: str | None = None,
    **scorer_options: Any,
) -> RougeReward:
    """A reward function ``(prompts, completions, **kwargs) -> list[float | None]``: per
    completion, ``sum(weights[t] * score[t])`` over ``types`` (default weights: the mean).

    Args:
        types: ROUGE types (a string may list several, comma-separated).
        profile: any rougekit profile; ``"token-ids"`` scores the ``completion_ids`` TRL
            passes (or completions that are id lists) against id references.
        weights: one weight per type, in order, or ``{type: weight}``; default ``1/len``.
        metric_to_select: ``"fmeasure"``, ``"precision"`` or ``"recall"``.
        reference_column: the dataset column holding the references (a string, a list
            of strings, token-ids: a list of ids or of id lists); default: the first of
            :data:`REFERENCE_COLUMNS` present. A ``None`` reference gives a ``None``
            reward (TRL skips it).
        stemmer, multiref, separator, threads: as :class:`rougekit.RougeScorer`; so are
            ``scorer_options`` (``jackknife``, perl-1.5.5's ``stopwords``, ``alpha``...).
        warn_every: the calls between two summaries of a repeated warning.
        name: the reward's ``__name__``, under which TRL logs it; default
            ``rouge_reward_<types>`` (``rouge_reward_<profile>_<types>`` for a profile other
            than rouge-score).
    """
    core = make_core(
        types, profile=profile, weights=weights, metric_to_select=metric_to_select,
        stemmer=stemmer, multiref=multiref, separator=separator, threads=threads,
        warn_every=warn_every, scorer_options=scorer_options,
    )  # fmt: skip
    return RougeReward(core, reference_column, name)


class RougeReward:
    """The reward function :func:`rouge_reward` builds: a callable instance rather than a
    closure, so that it pickles (TRL's asynchronous GRPO trainer sends the reward functions
    to a spawned rollout process). TRL names the reward by ``__name__`` in its logs."""

    def __init__(self, core: RewardCore, reference_column: str | None, name: str | None) -> None:
        self.core = core
        self.scorer = core.scorer
        self.types = core.types
        self.reference_column = reference_column
        self.ids = core.ids
        self.__name__ = self.__qualname__ = name or default_name("rouge_reward", core)
        self.__doc__ = f"ROUGE reward ({core.describe()})."

    def __repr__(self) -> str:
        return f"<RougeReward {self.__name__}: {self.__doc__}>"

    def __call__(
        self,
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] | None = None,
        **kwargs: Any,
    ) -> list[float | None]:
        if completions is None:
            raise TypeError("the reward function needs completions=")
        column = _reference_column(self.reference_column, kwargs)
        refs = list(kwargs[column])
        if self.ids:
            completion_ids = kwargs.get("completion_ids")
            preds = list(completion_ids) if completion_ids is not None else list(completions)
        else:
            preds = [_text(c, i) for i, c in enumerate(completions)]
        if len(refs) != len(preds):
            raise ValueError(
                f"{len(preds)} completions but {len(refs)} values in column {column!r}"
            )
        rewards, means = self.core.rewards(preds, refs)
        log_metric = kwargs.get("log_metric")
        if callable(log_metric):
            # beside TRL's own rewards/<name>/mean: TRL averages a metric over every call
            # made under the same name, so two rewards must not share one
            for t, mean in means.items():
                log_metric(f"rewards/{self.__name__}/{t}", mean)
        return rewards


def _reference_column(name: str | None, kwargs: Mapping[str, Any]) -> str:
    if name is not None:
        if name not in kwargs:
            raise KeyError(
                f"reference column {name!r} is not among the reward's keyword arguments "
                f"(dataset columns reach it by name): got {', '.join(sorted(kwargs))}"
            )
        return name
    for candidate in REFERENCE_COLUMNS:
        if candidate in kwargs:
            return candidate
    raise KeyError(
        f"no reference column: the dataset needs one of {', '.join(REFERENCE_COLUMNS)} "
        f"or rouge_reward(reference_column=NAME); got {', '.join(sorted(kwargs))}"
    )


def _text(completion: Any, index: int) -> str:
    """A completion's text: a string, or (conversational) the last message's content."""
    if isinstance(completion, str):
        return completion
    message = completion
    if isinstance(completion, Sequence) and not isinstance(completion, (str, bytes)):
        if not completion:
            return ""
        message = completion[-1]
    if isinstance(message, Mapping):
        content = message.get("content")
        if content is None:  # e.g. a message holding tool calls only
            return ""
        if isinstance(content, str):
            return content
        if isinstance(content, Sequence):  # multimodal parts: the text ones, in order
            return "".join(
                p.get("text", "")
                for p in content
                if isinstance(p, Mapping) and p.get("type") == "text"
            )
    raise TypeError(
        f"completions[{index}] must be a string or a list of messages with 'content', got "
        f"{type(completion).__name__}"
    )
