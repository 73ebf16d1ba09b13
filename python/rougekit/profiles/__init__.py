"""Profiles: whose rules a number follows. One profile = one object.

A profile is a text pipeline (normalise, tokenise, stopwords, stem, intern) plus its scoring
rules (multi-reference rule, rounding, corpus aggregation and bootstrap). Every profile
returns the same result, a ``_core.BatchScores``, through the same interface (a scorer with
``score_batch(predictions, references)``), so the rest of the package never asks which
profile it holds: :class:`Profile` is the contract, :data:`REGISTRY` the list.

A profile's name is frozen once released: the same name always gives the same numbers.
"""

from __future__ import annotations

import dataclasses
import importlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    import rougekit._core as _core
    from rougekit.signature import Signature

#: Every profile: name -> (module, class), imported on first use.
REGISTRY: dict[str, tuple[str, str]] = {
    "rouge-score": ("rougekit.profiles.rouge_score", "RougeScore"),
    "perl-1.5.5": ("rougekit.profiles.perl155", "Perl155"),
    "unicode-v1": ("rougekit.profiles.unicode", "UnicodeV1"),
    "character-v1": ("rougekit.profiles.unicode", "CharacterV1"),
    "whitespace": ("rougekit.profiles.whitespace", "Whitespace"),
    "token-ids": ("rougekit.profiles.token_ids", "TokenIds"),
    "pltrdy-1.0.1": ("rougekit.profiles.pltrdy", "Pltrdy101"),
    "rouge-chinese-1.0.3": ("rougekit.profiles.rouge_chinese", "RougeChinese103"),
    "xlsum-v1": ("rougekit.profiles.xlsum", "XlsumV1"),
}

#: The default profile: Google's rouge-score 0.1.2, bit for bit.
DEFAULT = "rouge-score"

#: Every option a profile may take, as ``RougeScorer`` names them.
OPTIONS = (
    "stemmer",
    "stopwords",
    "limit_words",
    "limit_bytes",
    "multiref",
    "jackknife",
    "alpha",
    "beta",
    "data_dir",
    "separator",
    "segmenter",
    "language",
    "nltk_stopwords",
    "ja_dict",
    "on_empty",
)


def names() -> tuple[str, ...]:
    """Every profile's name."""
    return tuple(REGISTRY)


def takes_language(name: ProfileLike | None) -> bool:
    """Whether profile ``name`` takes ``language=`` as an option of its own (``xlsum-v1``);
    for the others it is a shortcut choosing the profile (``rougekit.languages``)."""
    return name is not None and "language" in get(name).OPTIONS


def get(name: ProfileLike) -> type[Profile]:
    """The class of profile ``name`` (or of a profile object); ``ValueError`` listing the
    profiles for another name."""
    if isinstance(name, Profile):
        return type(name)
    if not isinstance(name, str):
        raise TypeError(
            f"profile must be a profile's name (str) or a profile object such as "
            f"Pltrdy101(exclusive=False), got {type(name).__name__}"
        )
    if name not in REGISTRY:
        hint = ""
        if name in ("char-v1", "character", "unicode", "chars"):
            hint = " (did you mean 'character-v1' or 'unicode-v1'?)"
        raise ValueError(f"unknown profile {name!r}{hint}; available: {', '.join(REGISTRY)}")
    module, attribute = REGISTRY[name]
    cls: type[Profile] = getattr(importlib.import_module(module), attribute)
    return cls


def create(name: ProfileLike, **options: Any) -> Profile:
    """Profile ``name`` with ``options`` (only the options the caller set: a value of
    ``None`` means "not given"); ``ValueError`` for an option the profile cannot use.

    ``name`` may also be a profile object (``Pltrdy101(exclusive=False)``), which carries
    its options: it is used as it is, and ``options`` must not be given beside it."""
    cls = get(name)
    given = {k: v for k, v in options.items() if v is not None}
    if isinstance(name, Profile):
        given = {k: v for k, v in given.items() if not cls.is_default(k, v)}
        if given:
            fields = ", ".join(f.name for f in dataclasses.fields(name)) or "none"
            raise TypeError(
                f"profile={name!r} carries its options: set {', '.join(given)} on the profile "
                f"object instead of beside it (its options: {fields})"
            )
        return name
    unknown = [k for k in given if k not in OPTIONS]
    if unknown:
        raise TypeError(f"unknown option(s): {', '.join(unknown)}")
    unusable = [k for k in given if k not in cls.OPTIONS and not cls.is_default(k, given[k])]
    if unusable:
        takers = [
            n for n in REGISTRY if n != name and all(get(n).accepts(k, given[k]) for k in unusable)
        ]
        where = f"; profiles that take {'it' if len(unusable) == 1 else 'them'}: " + (
            ", ".join(takers) if takers else "none"
        )
        takes = ", ".join(cls.OPTIONS) or "no options"
        raise ValueError(
            f"{', '.join(unusable)} cannot be set with the {name!r} profile ({cls.SUMMARY}; "
            f"it takes: {takes}){where}"
        )
    return cls.from_options(**{k: v for k, v in given.items() if k in cls.OPTIONS})


class CoreScorer(Protocol):
    """What a profile's scorer does: one batch in, the one result type out."""

    @property
    def types(self) -> list[str]: ...

    def score_batch(self, predictions: Any, references: Any) -> _core.BatchScores: ...


Summary = dict[str, dict[str, tuple[float, float, float]]]


@dataclass(frozen=True)
class Profile(ABC):
    """A configured profile: frozen, hashable, picklable. Subclasses are dataclasses whose
    fields are the profile's options."""

    #: The frozen name.
    NAME: ClassVar[str]
    #: One line: what the profile is for.
    SUMMARY: ClassVar[str]
    #: Types scored when none are named (see :meth:`default_types`).
    DEFAULT_TYPES: ClassVar[tuple[str, ...]] = ("rouge1", "rouge2", "rougeL", "rougeLsum")
    #: The options (``RougeScorer`` keyword names) this profile takes.
    OPTIONS: ClassVar[tuple[str, ...]] = ()
    #: Inputs: ``"text"`` (str) or ``"ids"`` (sequences of integer token ids).
    INPUT: ClassVar[str] = "text"
    #: The corpus numbers come from every per-pair score (a bootstrap), not from sums: a
    #: stream must keep the scores even without a confidence interval.
    CORPUS_NEEDS_SCORES: ClassVar[bool] = False

    @classmethod
    @abstractmethod
    def from_options(cls, **options: Any) -> Profile:
        """The profile with these (usable, given) options, validated."""

    @classmethod
    def accepts(cls, option: str, value: Any) -> bool:
        """Whether this profile takes ``option=value`` (to name the profiles that do)."""
        return option in cls.OPTIONS

    @classmethod
    def is_default(cls, option: str, value: Any) -> bool:
        """Whether giving ``option=value`` to a profile that cannot use it asks for nothing
        (``stemmer=False``, ``alpha=0.5``...): such a value is accepted everywhere."""
        return (option, value) in {
            ("stemmer", False),
            ("stopwords", False),
            ("jackknife", False),
            ("alpha", 0.5),
            ("beta", 1),
        } and value is not True

    @property
    def name(self) -> str:
        return self.NAME

    def default_types(self) -> tuple[str, ...]:
        """The types scored when none are named."""
        return self.DEFAULT_TYPES

    @abstractmethod
    def normalize_types(self, types: Iterable[str]) -> tuple[str, ...]:
        """Canonical, de-duplicated type names; ``ValueError`` naming a bad one."""

    @abstractmethod
    def scorer(self, types: Sequence[str], threads: int) -> CoreScorer:
        """The core scorer of ``types`` (canonical names)."""

    @abstractmethod
    def corpus(
        self,
        scores: _core.BatchScores,
        signature: Signature,
        *,
        confidence: float | None,
        n_bootstrap: int,
        seed: int,
        unit: int,
        threads: int,
    ) -> tuple[Summary, float | None, Signature]:
        """The corpus numbers of ``scores``: ``(summary, confidence level, signature)``."""

    @abstractmethod
    def signature_fields(self) -> dict[str, str]:
        """The signature's profile-dependent fields: ``stem``, ``sw``, ``trunc``, ``mref``,
        ``alpha``, ``agg`` (and ``split`` when the profile sets it)."""

    @abstractmethod
    def options(self) -> dict[str, Any]:
        """The options that differ from the profile's defaults (for ``repr``)."""

    def before_scoring(self) -> None:
        """Checks made before each call that scores or explains (nothing by default; a
        profile segmenting with jieba checks that this process's jieba is unchanged)."""
        return None

    @abstractmethod
    def tokenize(self, text: str) -> list[str]:
        """The tokens the profile compares for ``text`` (stemmed, stopwords removed)."""

    @property
    def no_tokens_advice(self) -> str:
        """What to do when non-blank texts have no token under this profile."""
        return "Check the texts, or use profile='unicode-v1' (or 'character-v1')."

    #: Whether the tokenizer keeps only ASCII letters and digits (non-ASCII letters are
    #: dropped: "über" -> "ber"), which the warnings then point out.
    ASCII_ONLY: ClassVar[bool] = False
    #: What the tokenizer keeps, for the warnings ("which keeps ...").
    KEEPS: ClassVar[str] = "every run of non-space characters"


#: What ``profile=`` takes everywhere: a profile's name or a configured profile object.
ProfileLike = str | Profile


def mean_corpus(
    name: str,
    scores: _core.BatchScores,
    signature: Signature,
    *,
    confidence: float | None,
    n_bootstrap: int,
    seed: int,
    unit: int,
    threads: int,
) -> tuple[Summary, float | None, Signature]:
    """The corpus rule of every profile whose corpus numbers are means (all but
    ROUGE-1.5.5's): means of the per-pair scores, rounded once from exact sums; with
    ``confidence``, rougekit's seeded percentile-bootstrap interval (``seed``,
    ``n_bootstrap`` resamples), named in the signature."""
    from rougekit.checks import as_seed

    if unit != 0:
        raise ValueError(
            f"unit (ROUGE-1.5.5's -t) does not apply to the {name!r} profile, whose corpus "
            "numbers are means"
        )
    seed = as_seed(seed)
    if confidence is not None and n_bootstrap < 1:
        raise ValueError(f"n_bootstrap must be positive, got {n_bootstrap}")
    samples = n_bootstrap if confidence is not None else 0
    summary = scores.corpus(samples, seed, confidence or 0.95, threads)
    if confidence is not None:
        signature = signature.with_ci(confidence, samples, seed)
    return summary, confidence, signature
