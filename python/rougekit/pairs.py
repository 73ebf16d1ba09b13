"""Many texts against many: :func:`pairwise` (the all-pairs matrix), :func:`nearest` (each
query's most similar texts) and :func:`mbr` (minimum-Bayes-risk selection among candidates).

Every text is tokenised once, in the Rust core, and the pairs are scored there on every
core with the GIL released; each cell is the score the profile gives that one pair
(``RougeScorer.score(reference, prediction)``), bit for bit.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

import rougekit._core as _core
import rougekit.profiles as profiles
from rougekit.checks import resolve_threads
from rougekit.config import ScorerConfig
from rougekit.diagnostics import NoTokensWarning, _caller_stacklevel
from rougekit.profiles import Profile
from rougekit.results import FIELDS

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["Setup", "mbr", "nearest", "pairwise", "setup", "text_list"]

#: ``type`` is a parameter name here (the ROUGE type, as elsewhere in rougekit).
_builtin_type = type


def _name(value: object) -> str:
    return _builtin_type(value).__name__


@dataclass(frozen=True)
class Setup:
    """One ROUGE type under one text profile of the rouge-score family, with its engine."""

    config: ScorerConfig
    engine: Any

    @property
    def type(self) -> str:
        return self.config.types[0]

    @property
    def profile(self) -> Profile:
        return self.config.profile

    def warn_dropped(self, dropped: int, total: int) -> None:
        """:class:`NoTokensWarning` when texts lost every token (they score 0)."""
        if dropped:
            profile = self.profile
            warnings.warn(
                f"{dropped} of {total} texts are not blank but have no token under the "
                f"{profile.name!r} profile, which keeps {profile.KEEPS}; they score 0 "
                f"against every text. {profile.no_tokens_advice}",
                NoTokensWarning,
                stacklevel=_caller_stacklevel(),
            )


def setup(
    type: str,
    profile: str | Profile | None,
    stemmer: bool | str | None,
    threads: int | None,
    options: dict[str, Any],
) -> Setup:
    """The engine of ``type`` under ``profile`` (a name with ``stemmer`` and ``options`` as
    :class:`rougekit.RougeScorer` takes them, or a profile object); ``ValueError`` for a
    profile outside the rouge-score family of text profiles."""
    if not isinstance(type, str):
        raise TypeError(f"type must be one ROUGE type name (str), got {_name(type)}")
    if isinstance(profile, Profile):
        if stemmer is not None or options:
            raise ValueError(
                "options go into the profile object; with profile=<object> give no stemmer= "
                "or other profile options"
            )
        config = ScorerConfig(
            types=profile.normalize_types([type]), profile=profile, threads=resolve_threads(threads)
        )
    else:
        config = ScorerConfig.create(
            [type],
            profile=profiles.DEFAULT if profile is None else profile,
            threads=threads,
            stemmer=stemmer,
            **options,
        )
    made = config.profile
    engine = made.text_engine(config.types, config.threads)
    if engine is None:
        raise ValueError(
            f"the {made.name!r} profile is not supported here: all-pairs scoring runs on "
            "the text profiles of the rouge-score family (rouge-score, unicode-v1, "
            "character-v1, whitespace, xlsum-v1)"
        )
    if len(config.types) != 1:
        raise ValueError(f"type must name one ROUGE type, got {type!r}")
    return Setup(config, engine)


def text_list(texts: Any, what: str) -> list[str]:
    if isinstance(texts, str):
        raise TypeError(f"{what} must be a list of str, got one str")
    if isinstance(texts, (list, tuple)):
        return texts  # type: ignore[return-value]  # the core checks the items
    try:
        return list(texts)
    except TypeError:
        raise TypeError(f"{what} must be a list of str, got {_name(texts)}") from None


def _field(field: str) -> str:
    if field not in FIELDS:
        raise ValueError(f"field must be one of {', '.join(FIELDS)}, got {field!r}")
    return field


def pairwise(
    texts_a: Sequence[str],
    texts_b: Sequence[str] | None = None,
    type: str = "rougeL",
    field: str = "fmeasure",
    *,
    profile: str | Profile | None = None,
    stemmer: bool | str | None = None,
    threads: int | None = None,
    **options: Any,
) -> NDArray[np.float64]:
    """The ``(len(texts_a), len(texts_b))`` float64 matrix of ``field`` of ``type``: cell
    ``[i, j]`` is ``RougeScorer([type], ...).score(texts_b[j], texts_a[i])`` (``texts_a[i]``
    the prediction, ``texts_b[j]`` the reference), bit for bit; ``texts_b=None`` scores
    ``texts_a`` against itself.

    Args:
        type: one ROUGE type (``rouge1``, ``rougeL``, ``rougeLsum``, ``rougeW-1.2``...).
        field: ``"fmeasure"``, ``"precision"`` or ``"recall"``.
        profile: a text profile of the rouge-score family by name (``rouge-score``,
            ``unicode-v1``, ``character-v1``, ``whitespace``, ``xlsum-v1``) or as an object.
        stemmer: as :class:`rougekit.RougeScorer` takes it.
        threads: worker threads (never changes a number).
        **options: the profile's other options, as :class:`rougekit.RougeScorer` takes them.
    """
    run = setup(type, profile, stemmer, threads, options)
    a = text_list(texts_a, "texts_a")
    b = None if texts_b is None else text_list(texts_b, "texts_b")
    data, rows, cols, (dropped_a, dropped_b) = _core.pairwise(run.engine, a, b, _field(field))
    dropped = len(dropped_a) + (len(dropped_b) if b is not None else 0)
    run.warn_dropped(dropped, len(a) + (len(b) if b is not None else 0))
    return np.frombuffer(data, dtype=np.float64).reshape(rows, cols)


def nearest(
    queries: Sequence[str],
    corpus: Sequence[str],
    k: int = 1,
    *,
    profile: str | Profile | None = None,
    stemmer: bool | str | None = None,
    threads: int | None = None,
    **options: Any,
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """For each query, the ``k`` texts of ``corpus`` with the highest rougeL F
    (rouge-score's, as :func:`pairwise` gives it): ``(indices, scores)``, both of shape
    ``(len(queries), min(k, len(corpus)))``, best first, ties to the lower corpus index.

    Exact: the same answer as sorting a row of ``pairwise(queries, corpus)``, found from an
    inverted index and LCS bounds instead of every pair.
    """
    if _builtin_type(k) is not int or k < 0:
        raise ValueError(f"k must be a non-negative int, got {k!r}")
    run = setup("rougeL", profile, stemmer, threads, options)
    q = text_list(queries, "queries")
    c = text_list(corpus, "corpus")
    indices, data, (dropped_q, dropped_c) = _core.nearest(run.engine, q, c, k)
    run.warn_dropped(len(dropped_q) + len(dropped_c), len(q) + len(c))
    width = min(k, len(c))
    return (
        np.asarray(indices, dtype=np.int64).reshape(len(q), width),
        np.frombuffer(data, dtype=np.float64).reshape(len(q), width),
    )


def mbr(
    candidates: Sequence[Sequence[str]],
    type: str = "rougeL",
    field: str = "fmeasure",
    *,
    profile: str | Profile | None = None,
    stemmer: bool | str | None = None,
    threads: int | None = None,
    **options: Any,
) -> list[int]:
    """Minimum-Bayes-risk selection: per prompt (one list of candidates each), the index of
    the candidate with the highest mean ``field`` of ``type`` against the prompt's other
    candidates, the first on ties. Candidate ``i`` is scored as the prediction against each
    other candidate ``j`` as the reference (``pairwise(c)[i, j]``, ``j != i``); the mean is
    the float64 sum of those ``len(c) - 1`` values in candidate order, divided by their
    number. A prompt with one candidate picks it; a prompt with none is an error.
    """
    run = setup(type, profile, stemmer, threads, options)
    lists = [
        text_list(c, f"candidates[{p}]") for p, c in enumerate(text_list(candidates, "candidates"))
    ]
    offsets = [0]
    for p, c in enumerate(lists):
        if not c:
            raise ValueError(f"candidates[{p}] is empty: nothing to choose from")
        offsets.append(offsets[-1] + len(c))
    flat = [t for c in lists for t in c]
    picks, dropped = _core.mbr(run.engine, flat, offsets, _field(field))
    run.warn_dropped(len(dropped), len(flat))
    return [i for i, _ in picks]
