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

import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import rougekit.profiles as profiles
from rougekit.config import normalize_types
from rougekit.profiles import ProfileLike
from rougekit.results import FIELDS
from rougekit.scorer import RougeScorer

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
    if metric_to_select not in FIELDS:
        raise ValueError(
            f"metric_to_select must be one of {', '.join(FIELDS)}, got {metric_to_select!r}"
        )
    if isinstance(warn_every, bool) or not isinstance(warn_every, int) or warn_every < 1:
        raise ValueError(f"warn_every must be a positive int, got {warn_every!r}")
    scorer = RougeScorer(
        types, profile=profile, stemmer=stemmer, multiref=multiref, separator=separator,
        threads=threads, **scorer_options,
    )  # fmt: skip
    return RougeReward(
        scorer, _weights(scorer.types, weights, scorer), metric_to_select, reference_column,
        warn_every, name,
    )  # fmt: skip


class RougeReward:
    """The reward function :func:`rouge_reward` builds: a callable instance rather than a
    closure, so that it pickles (TRL's asynchronous GRPO trainer sends the reward functions
    to a spawned rollout process). TRL names the reward by ``__name__`` in its logs."""

    def __init__(
        self,
        scorer: RougeScorer,
        weight: dict[str, float],
        metric_to_select: str,
        reference_column: str | None,
        warn_every: int,
        name: str | None,
    ) -> None:
        self.scorer = scorer
        self.types = scorer.types
        self.weight = weight
        self.metric_to_select = metric_to_select
        self.reference_column = reference_column
        self.ids = scorer.config.profile.INPUT == "ids"
        self.limiter = _WarningLimiter(warn_every)
        if name is None:
            profile = scorer.config.profile.name
            name = "_".join(
                ["rouge_reward", *([] if profile == profiles.DEFAULT else [profile]), *self.types]
            )
        self.__name__ = self.__qualname__ = name
        self.__doc__ = f"ROUGE reward ({', '.join(f'{weight[t]:g}*{t}' for t in self.types)})."

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
        keep = [i for i, r in enumerate(refs) if r is not None]
        rewards: list[float | None] = [None] * len(preds)
        if not keep:
            return rewards
        with self.limiter:
            batch = self.scorer.score_batch([preds[i] for i in keep], [refs[i] for i in keep])
        total = None
        log_metric = kwargs.get("log_metric")
        for t in self.types:
            column_values = getattr(batch, self.metric_to_select)(t)
            part = [self.weight[t] * float(v) for v in column_values]
            total = part if total is None else [a + b for a, b in zip(total, part)]
            if callable(log_metric):
                # beside TRL's own rewards/<name>/mean: TRL averages a metric over every
                # call made under the same name, so two rewards must not share one
                mean = sum(float(v) for v in column_values) / len(keep)
                log_metric(f"rewards/{self.__name__}/{t}", mean)
        assert total is not None
        for i, value in zip(keep, total):
            rewards[i] = value
        return rewards


def _weights(
    names: tuple[str, ...],
    weights: Sequence[float] | Mapping[str, float] | None,
    scorer: RougeScorer,
) -> dict[str, float]:
    if weights is None:
        return {t: 1.0 / len(names) for t in names}
    if isinstance(weights, Mapping):
        given = dict(zip(normalize_types(list(weights), scorer.config.profile), weights.values()))
        missing = [t for t in names if t not in given]
        extra = [t for t in given if t not in names]
        if missing or extra:
            raise ValueError(
                f"weights must name exactly the types {', '.join(names)}"
                + (f"; missing {', '.join(missing)}" if missing else "")
                + (f"; not scored {', '.join(extra)}" if extra else "")
            )
        values = [given[t] for t in names]
    else:
        values = list(weights)
        if len(values) != len(names):
            raise ValueError(f"{len(values)} weights for {len(names)} types ({', '.join(names)})")
    out = {}
    for t, w in zip(names, values):
        if isinstance(w, bool) or not isinstance(w, (int, float)) or w != w:
            raise ValueError(f"the weight of {t} must be a number, got {w!r}")
        out[t] = float(w)
    return out


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


class _WarningLimiter:
    """Catches the warnings of one scoring call and re-emits them rate-limited: the first of
    each category at once, then at most one summary per ``every`` calls, with the count of
    calls that raised it since the last one shown."""

    def __init__(self, every: int) -> None:
        self.every = every
        self.calls = 0
        self.last_shown: dict[type[Warning], int] = {}
        self.pending: dict[type[Warning], int] = {}
        self._catcher: Any = None
        self._caught: list[warnings.WarningMessage] = []

    def __enter__(self) -> None:
        self._catcher = warnings.catch_warnings(record=True)
        self._caught = self._catcher.__enter__()
        warnings.simplefilter("always")

    def __exit__(self, *exc: object) -> None:
        # Let go of the catcher and what it caught before anything else: the reward must
        # still pickle after a call (TRL's asynchronous GRPO trainer sends it to a spawned
        # process), and the catcher holds the warnings module, which does not pickle.
        catcher, caught = self._catcher, self._caught
        self._catcher, self._caught = None, []
        catcher.__exit__(*exc)
        self.calls += 1
        seen: dict[type[Warning], warnings.WarningMessage] = {}
        for w in caught:
            seen.setdefault(w.category, w)
        for category, w in seen.items():
            self.pending[category] = self.pending.get(category, 0) + 1
            last = self.last_shown.get(category)
            if last is not None and self.calls - last < self.every:
                continue
            count = self.pending.pop(category)
            note = (
                ""
                if last is None
                else f" [in {count} reward call(s) since the last time; shown at most once "
                f"per {self.every} calls]"
            )
            warnings.warn(f"{w.message}{note}", category, stacklevel=3)
            self.last_shown[category] = self.calls
