"""Validated scorer settings: one frozen, hashable, picklable object per configuration."""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rougekit import _core, perl_profile
from rougekit.checks import as_int, numpy_bool, resolve_threads

if TYPE_CHECKING:
    from rougekit.perl.data_dir import PerlData

#: Profiles whose behaviour is implemented in this version.
PROFILES = ("rouge-score", "perl-1.5.5")
#: Profiles named in the design that later versions add.
PLANNED_PROFILES = ("unicode-v1", "char-v1", "whitespace")
DEFAULT_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
#: Each profile's types when none are named: rouge-score's usual four; for ROUGE-1.5.5 the
#: ROUGE-1, -2 and -L that papers and pyrouge report (it has no rougeLsum: its ROUGE-L is
#: already the summary-level union LCS).
PROFILE_DEFAULT_TYPES = {
    "rouge-score": DEFAULT_TYPES,
    "perl-1.5.5": ("rouge1", "rouge2", "rougeL"),
}


def default_types(profile: str) -> tuple[str, ...]:
    """The types a scorer of ``profile`` uses when none are given."""
    return PROFILE_DEFAULT_TYPES.get(profile, DEFAULT_TYPES)


def as_bool(value: object, name: str) -> bool:
    """``value`` as a bool (NumPy booleans too)."""
    if isinstance(value, bool):
        return value
    if numpy_bool(value):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {type(value).__name__}")


def normalize_types(types: str | Iterable[str]) -> tuple[str, ...]:
    """Canonical, de-duplicated type names; a single string is one type or several
    separated by commas (``"rouge1,rougeL"``, as ``-t`` takes them)."""
    if isinstance(types, str):
        types = [t.strip() for t in types.split(",") if t.strip()]
    try:
        names = list(types)
    except TypeError:
        raise TypeError(
            f"types must be a list of ROUGE type names, got {type(types).__name__}"
        ) from None
    for i, t in enumerate(names):
        if not isinstance(t, str):
            raise TypeError(f"types[{i}] must be str, got {type(t).__name__}")
    if not names:
        raise ValueError("types is empty: name at least one ROUGE type, e.g. 'rouge1'")
    try:
        return tuple(dict.fromkeys(_core.normalize_types(names)))
    except ValueError as e:
        hint = "" if "did you mean" in str(e) else _spelling_hint(names)
        raise ValueError(str(e) + hint) from None


def _spelling_hint(names: list[str]) -> str:
    """A suggestion for the `rouge` package's spellings (``rouge-1``, ``rouge-l``), which
    the core does not take lower-case."""
    for name in names:
        if "-" in name and name.lower().startswith("rouge-"):
            guess = "rouge" + name[6:].upper().replace("LSUM", "Lsum")
            try:
                _core.normalize_types([guess])
            except ValueError:
                continue
            return f" (for {name!r}, did you mean {guess!r}?)"
    return ""


def check_profile(profile: str) -> str:
    """``profile`` if implemented, else a ``ValueError`` that says what is available."""
    if not isinstance(profile, str):
        raise TypeError(f"profile must be str, got {type(profile).__name__}")
    if profile in PROFILES:
        return profile
    if profile in PLANNED_PROFILES:
        raise ValueError(
            f"profile {profile!r} is not available in rougekit {_core.__version__} yet; "
            f"available: {', '.join(PROFILES)}"
        )
    raise ValueError(f"unknown profile {profile!r}; available: {', '.join(PROFILES)}")


def as_alpha(alpha: object, beta: object) -> float:
    """The F-measure weight: ``alpha`` (ROUGE-1.5.5's ``-p``: F = 1 / (alpha/P + (1-alpha)/R)),
    or from the paper's ``beta`` (beta² = (1 - alpha) / alpha, so alpha = 1 / (1 + beta²))."""
    if alpha is not None and beta is not None:
        raise ValueError("give alpha or beta, not both")
    if beta is not None:
        b = _as_real(beta, "beta")
        if not (b >= 0 and math.isfinite(b)):
            raise ValueError(f"beta must be a finite number >= 0, got {b}")
        return 1.0 / (1.0 + b * b)
    if alpha is None:
        return 0.5
    a = _as_real(alpha, "alpha")
    if not 0 <= a <= 1:
        raise ValueError(f"alpha must be between 0 and 1, got {a}")
    return a


def _as_real(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    return float(value)


#: Largest length limit (words or bytes): any real text is shorter, and the core counts in
#: 64 bits.
MAX_LIMIT = 2**63 - 1


def _as_limit(value: object, name: str) -> int:
    if value is None:
        return 0
    n = as_int(value, name)
    if not 1 <= n <= MAX_LIMIT:
        raise ValueError(f"{name} must be an integer from 1 to 2**63 - 1 or None, got {n}")
    return n


#: ``stemmer=`` values of the perl-1.5.5 profile and the core's names for them.
PERL_STEMMERS = {False: "none", True: "wordnet", "wordnet": "wordnet", "porter": "porter"}


@dataclass(frozen=True)
class ScorerConfig:
    """Everything that decides a number, plus the thread count (which never does).

    ``stemmer`` is ``"none"``, ``"nltk-porter"`` (rouge-score profile), ``"wordnet"``
    (perl-1.5.5: WordNet-2.0 exceptions, then Perl's Porter) or ``"porter"`` (perl-1.5.5
    with the empty exception table many ROUGE-1.5.5 installs built).
    """

    types: tuple[str, ...]
    profile: str = "rouge-score"
    stemmer: str = "none"
    threads: int = 1
    stopwords: bool = False
    limit_words: int = 0
    limit_bytes: int = 0
    multiref: str = "best-f"
    alpha: float = 0.5
    #: perl-1.5.5: a ROUGE data folder's tables (``data_dir=``, ROUGE-1.5.5's -e).
    data: PerlData | None = None

    @property
    def stems(self) -> bool:
        return self.stemmer != "none"

    @classmethod
    def create(
        cls,
        types: str | Iterable[str] | None,
        *,
        profile: str = "rouge-score",
        stemmer: bool | str = False,
        threads: int | None = None,
        stopwords: bool = False,
        limit_words: int | None = None,
        limit_bytes: int | None = None,
        multiref: str | None = None,
        alpha: float | None = None,
        beta: float | None = None,
        data_dir: str | os.PathLike[str] | None = None,
    ) -> ScorerConfig:
        profile = check_profile(profile)
        if types is None:
            types = default_types(profile)
        if profile == perl_profile.PROFILE:
            return cls._perl(
                types, stemmer, threads, stopwords, limit_words, limit_bytes, multiref,
                as_alpha(alpha, beta), None if data_dir is None else load_data_dir(data_dir),
            )  # fmt: skip
        extras = {
            "stopwords": stopwords is not False,
            "limit_words": limit_words is not None,
            "limit_bytes": limit_bytes is not None,
            "multiref": multiref not in (None, "best-f"),
            "alpha": alpha is not None and alpha != 0.5,
            "beta": beta is not None and beta != 1,
            "data_dir": data_dir is not None,
        }
        unsupported = [k for k, given in extras.items() if given]
        if unsupported:
            raise ValueError(
                f"{', '.join(unsupported)} cannot be set with the {profile!r} profile, which "
                "reproduces rouge-score (no stopwords or length limits, best-F over "
                "references, F1); use profile='perl-1.5.5' for ROUGE-1.5.5's options"
            )
        return cls(
            types=normalize_types(types),
            profile=profile,
            stemmer="nltk-porter" if as_bool(stemmer, "stemmer") else "none",
            threads=resolve_threads(threads),
        )

    @classmethod
    def _perl(
        cls,
        types: str | Iterable[str],
        stemmer: bool | str,
        threads: int | None,
        stopwords: bool,
        limit_words: int | None,
        limit_bytes: int | None,
        multiref: str | None,
        alpha: float,
        data: PerlData | None = None,
    ) -> ScorerConfig:
        if isinstance(types, str):
            types = (types,)
        names = list(types)
        if not names:
            raise ValueError("types is empty: name at least one ROUGE type, e.g. 'rouge1'")
        key = stemmer if isinstance(stemmer, str) else as_bool(stemmer, "stemmer")
        if key not in PERL_STEMMERS:
            raise ValueError(
                "stemmer must be False, True (= 'wordnet': WordNet-2.0 exceptions, then "
                f"Perl's Porter) or 'porter' (no exception table), got {stemmer!r}"
            )
        words = _as_limit(limit_words, "limit_words")
        nbytes = _as_limit(limit_bytes, "limit_bytes")
        if words and nbytes:
            raise ValueError("limit_words and limit_bytes cannot both be set (Perl's -l and -b)")
        rule = "A" if multiref is None else multiref
        if rule not in ("A", "B"):
            raise ValueError(
                f"multiref must be 'A' (pool the references, ROUGE-1.5.5's default) or 'B' "
                f"(best recall), got {multiref!r}"
            )
        return cls(
            types=perl_profile.normalize_types(names),
            profile=perl_profile.PROFILE,
            stemmer=PERL_STEMMERS[key],
            threads=resolve_threads(threads),
            stopwords=as_bool(stopwords, "stopwords"),
            limit_words=words,
            limit_bytes=nbytes,
            multiref=rule,
            alpha=alpha,
            data=data,
        )

    def perl_options(self) -> perl_profile.PerlOptions:
        """The core options of a perl-1.5.5 configuration."""
        return perl_profile.PerlOptions.taken_from(self)


def load_data_dir(data_dir: str | os.PathLike[str]) -> PerlData:
    """A ROUGE data folder's tables for ``data_dir=`` (``rougekit perl -e``'s reader):
    ``ValueError`` naming the file that is missing or unreadable."""
    from rougekit.perl.data_dir import load
    from rougekit.perl.errors import PerlDataError

    try:
        return load(data_dir)
    except PerlDataError as e:
        raise ValueError(f"data_dir: {e}") from None
