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
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

if TYPE_CHECKING:
    import rougekit._core as _core
    from rougekit.explain.schema import ExplanationDict, TypeExplanation
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


class CoreRecord(Protocol):
    """One pair's explanation as the core made it."""

    def to_dict(self, head: dict[str, Any]) -> dict[str, Any]: ...


class CoreExplainer(Protocol):
    """What the core scorer of a profile that explains does: texts in, one record per pair
    out (a profile of token ids explains them its own way, :meth:`Profile.explain`)."""

    def explain_texts(self, predictions: Any, references: Any) -> Sequence[CoreRecord]: ...


#: How a profile checks one type of an explanation: ``check(type_dict, explanation_dict)``,
#: raising :class:`rougekit.errors.ExplainCheckError` at the first difference.
TypeCheck = Callable[["TypeExplanation", "ExplanationDict"], None]

Summary = dict[str, dict[str, tuple[float, float, float]]]

#: A signature's ``trunc`` value that names a limit.
_TRUNC = re.compile(r"(words|bytes)[:=]?(\d+)")


def signature_options(fields: Mapping[str, str], takes: Iterable[str] = OPTIONS) -> dict[str, Any]:
    """The ``RougeScorer`` options that a signature's profile-independent fields record
    (``None``: not given): the inverse of :meth:`Profile.signature_fields` that every profile
    shares (``stem``, ``sw``, ``trunc``, ``mref``, ``alpha``, ``lang``, ``empty``, and
    ``seg`` for a profile that ``takes`` a segmenter)."""
    from rougekit.segmentation import segmenter_of

    stem = fields["stem"]
    stemmer: bool | str | None = None
    if stem.startswith("snowball-") and ":" in stem:
        stemmer = "snowball:" + stem.split(":", 1)[1]
    elif stem != "no":
        stemmer = True
    rule, jackknife, _ = fields["mref"].partition("+jackknife")
    m = _TRUNC.fullmatch(fields["trunc"])
    return {
        "stemmer": stemmer,
        "stopwords": True if fields["sw"] != "no" else None,
        "limit_words": int(m.group(2)) if m and m.group(1) == "words" else None,
        "limit_bytes": int(m.group(2)) if m and m.group(1) == "bytes" else None,
        "multiref": rule,
        "jackknife": True if jackknife else None,
        "alpha": float(fields["alpha"]) if float(fields["alpha"]) != 0.5 else None,
        "segmenter": segmenter_of(fields.get("seg")) if "segmenter" in takes else None,
        "language": fields.get("lang"),
        "nltk_stopwords": None,
        "on_empty": fields.get("empty"),
    }


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

    @classmethod
    def options_of(cls, fields: Mapping[str, str]) -> dict[str, Any]:
        """The ``RougeScorer`` options (``None``: not given) that a signature's fields
        record for this profile: the inverse of :meth:`signature_fields` (what
        ``rougekit signature --parse`` and :meth:`~rougekit.explain.Explanation.check`
        rebuild a scorer from). ``ValueError`` for a field this profile cannot read."""
        return signature_options(fields, cls.OPTIONS)

    @classmethod
    def from_signature(cls, fields: Mapping[str, str]) -> Profile:
        """The profile a signature's fields record (:meth:`options_of`, and the fields of
        the profile that no option sets)."""
        options = {k: v for k, v in cls.options_of(fields).items() if v is not None}
        return create(cls.NAME, **options)

    @abstractmethod
    def options(self) -> dict[str, Any]:
        """The options that differ from the profile's defaults (for ``repr``)."""

    @property
    def scores_at_most_one(self) -> bool:
        """Whether every score is at most 1 (all but pltrdy's ``rouge`` with clipped counts,
        whose ROUGE-L can exceed 1): what a check of stored results may require."""
        return True

    def text_engine(self, types: Sequence[str], threads: int) -> Any:
        """The core engine (``_core.Engine``) scoring ``types`` on texts, for the tools
        built on it (all-pairs scoring, torchmetrics' ``ROUGEScore``); ``None`` for a
        profile scored otherwise."""
        del types, threads
        return None

    def core_pipeline(self) -> _core.Pipeline | None:
        """The core's tokenizer of this profile when :meth:`tokenize` is the core's
        pipeline (a list of texts in one call); ``None``: :meth:`tokenize` it is."""
        return None

    # -- explanations (rougekit.explain) -------------------------------------------------

    def explain_refusal(self) -> str | None:
        """Why this profile does not explain its scores (the ``ValueError`` of
        ``RougeScorer.explain``), or ``None`` when :meth:`explain` explains them."""
        return (
            f"explanations are not available for the {self.NAME!r} profile yet; the "
            "rouge-score family (rouge-score, unicode-v1, character-v1, whitespace, "
            "token-ids) has them"
        )

    @property
    def explains(self) -> bool:
        """Whether the profile explains its scores (``RougeScorer.explain``)."""
        return self.explain_refusal() is None

    def explain(
        self, core: CoreScorer, predictions: list[Any], references: list[list[Any]]
    ) -> Sequence[CoreRecord]:
        """The explanation records of the pairs (checked as :attr:`INPUT` says), made by
        ``core``, the scorer :meth:`scorer` made: it counts with the code that scores."""
        return cast("CoreExplainer", core).explain_texts(predictions, references)

    @classmethod
    def explanation_check(cls) -> TypeCheck | None:
        """How :meth:`~rougekit.explain.Explanation.check` recomputes one type of this
        profile's explanations; ``None``: with the rouge-score family's arithmetic and
        multi-reference rules (:mod:`rougekit.explain.check`)."""
        return None

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
