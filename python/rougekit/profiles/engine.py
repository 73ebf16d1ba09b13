"""The rouge-score family: every profile that differs from rouge-score only in its text
pipeline (tokenizer, stemmer) or its multi-reference rule. They share one core engine
(``_core.Engine``: rouge-score's arithmetic, bit for bit), one corpus rule (the mean of the
per-pair scores, with rougekit's seeded bootstrap CI) and one signature shape.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import rougekit._core as _core
from rougekit.checks import as_bool, numpy_bool
from rougekit.profiles import CoreScorer, Profile, Summary, mean_corpus

if TYPE_CHECKING:
    from rougekit.signature import Signature

#: Multi-reference rules (spec ``rouge-score.md`` §8, ``rouge-1.5.5.md`` §9.2): the
#: reference with the best F (rouge-score's ``score_multi``), pooled counts (ROUGE-1.5.5's
#: ``-f A``), the best recall (``-f B``), the mean of P, R and F (torchmetrics' ``avg``),
#: the best F compared in float32 (torchmetrics' ``best``: its argmax over float32 scores).
MULTIREF_RULES = ("best-f", "pooled", "best-recall", "mean", "best-f-float32")
#: ROUGE-1.5.5's spellings of two of them.
MULTIREF_ALIASES = {"A": "pooled", "B": "best-recall"}


def multiref_rule(value: object) -> str:
    """A rule name from ``value`` (a rule or ROUGE-1.5.5's ``A``/``B``)."""
    if not isinstance(value, str):
        raise TypeError(f"multiref must be str, got {type(value).__name__}")
    rule = MULTIREF_ALIASES.get(value, value)
    if rule not in MULTIREF_RULES:
        raise ValueError(
            f"unknown multi-reference rule {value!r}: expected one of "
            f"{', '.join(MULTIREF_RULES)} (or ROUGE-1.5.5's A = pooled, B = best-recall)"
        )
    return rule


#: Core tokenizers whose scans report each token's place in the text, which explanations
#: need (``whitespace+<segmenter>`` too: its words are pieces of the text).
SPAN_TOKENIZERS = (
    "rouge-score",
    "unicode-v1",
    "character-v1",
    "whitespace",
    "xlsum-v1",
    "xlsum-v1+jieba",
    "xlsum-v1+newmm",
    "xlsum-v1+burmese",
    "xlsum-v1+mecab-unidic-lite",
)


def _is_snowball_algorithm(name: str) -> bool:
    try:
        _core.stem_words([], f"snowball:{name}")
    except ValueError:
        return False
    return True


def mref_field(rule: str, jackknife: bool) -> str:
    """The signature's ``mref`` value."""
    return f"{rule}+jackknife" if jackknife else rule


@dataclass(frozen=True)
class EngineProfile(Profile):
    """A profile of the rouge-score family. ``stemmer`` is the core's stemmer name or
    ``None``; ``multiref`` a rule of :data:`MULTIREF_RULES`; ``jackknife`` averages the rule
    over the leave-one-out subsets of the references (ROUGE before 1.4)."""

    stemmer: str | None = None
    multiref: str = "best-f"
    jackknife: bool = False

    #: The core tokenizer's name.
    TOKENIZER: ClassVar[str]
    #: Stemmers this profile can apply: ``"nltk-porter"`` and/or ``"snowball"`` (any
    #: ``snowball:<algorithm>``).
    STEMMERS: ClassVar[tuple[str, ...]] = ()
    OPTIONS: ClassVar[tuple[str, ...]] = ("stemmer", "multiref", "jackknife")

    @classmethod
    def accepts(cls, option: str, value: Any) -> bool:
        if option == "stemmer" and option in cls.OPTIONS:
            try:
                cls.stemmer_name(value)
            except (TypeError, ValueError):
                return False
            return True
        return super().accepts(option, value)

    @classmethod
    def stemmer_name(cls, value: object) -> str | None:
        """The core stemmer name of a ``stemmer=`` value, checked against :attr:`STEMMERS`."""
        if numpy_bool(value):
            value = bool(value)
        if value is None or value is False:
            return None
        if value is True:
            if not cls.STEMMERS:
                raise ValueError(f"the {cls.NAME!r} profile has no stemmer")
            if cls.STEMMERS[0] == "snowball":
                raise ValueError(
                    f"the {cls.NAME!r} profile stems with Snowball: name the language, e.g. "
                    "stemmer='snowball:english' (or 'snowball:german', ...)"
                )
            return cls.STEMMERS[0]
        if not isinstance(value, str):
            raise TypeError(f"stemmer must be a bool or a stemmer name, got {type(value).__name__}")
        family = "snowball" if value.startswith("snowball:") else value
        if family not in cls.STEMMERS:
            can = " or ".join(
                "'snowball:<algorithm>'" if s == "snowball" else repr(s) for s in cls.STEMMERS
            )
            hint = ""
            if family == "snowball":
                hint = "; Snowball stemmers go with profile='unicode-v1' or 'whitespace'"
            elif _is_snowball_algorithm(value):
                hint = f" (did you mean 'snowball:{value}'?)"
            raise ValueError(
                f"the {cls.NAME!r} profile cannot use stemmer {value!r}"
                + (f"; it takes {can}" if can else "; it has no stemmer")
                + hint
            )
        _core.stem_words([], value)  # an unknown algorithm is a ValueError listing them
        return value

    @classmethod
    def from_options(cls, **options: Any) -> EngineProfile:
        return cls(
            stemmer=cls.stemmer_name(options.get("stemmer")),
            multiref=multiref_rule(options.get("multiref", "best-f")),
            jackknife=as_bool(options.get("jackknife", False), "jackknife"),
        )

    def normalize_types(self, types: Iterable[str]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(_core.normalize_types(list(types))))

    @property
    def tokenizer(self) -> str:
        """The core tokenizer's name with this profile's options (its ``TOKENIZER``)."""
        return self.TOKENIZER

    def engine(self, types: Sequence[str], threads: int, separator: int | None = None) -> Any:
        """The core engine (``_core.Engine``) for ``types``."""
        return _core.Engine(
            list(types),
            self.stemmer,
            threads,
            tokenizer=self.tokenizer,
            multiref=self.multiref,
            jackknife=self.jackknife,
            separator=separator,
        )

    def scorer(self, types: Sequence[str], threads: int) -> CoreScorer:
        engine: CoreScorer = self.engine(types, threads)
        return engine

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
        """Means of the per-pair scores; with ``confidence``, rougekit's seeded
        percentile-bootstrap interval (``seed``, ``n_bootstrap`` resamples)."""
        return mean_corpus(
            self.NAME, scores, signature, confidence=confidence, n_bootstrap=n_bootstrap,
            seed=seed, unit=unit, threads=threads,
        )  # fmt: skip

    def stem_field(self) -> str:
        """The signature's ``stem`` value: the stemmer's versioned id, or ``no``."""
        if self.stemmer is None:
            return "no"
        return _core.stemmer_id(self.stemmer)

    def signature_fields(self) -> dict[str, str]:
        return {
            "stem": self.stem_field(),
            "sw": "no",
            "trunc": "no",
            "mref": mref_field(self.multiref, self.jackknife),
            "alpha": "0.5",
            "agg": "mean",
        }

    def options(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.stemmer is not None:
            out["stemmer"] = self.stemmer
        if self.multiref != "best-f":
            out["multiref"] = self.multiref
        if self.jackknife:
            out["jackknife"] = True
        return out

    def tokenize(self, text: str) -> list[str]:
        return _core.tokenize(text, self.stemmer, self.tokenizer)

    def text_engine(self, types: Sequence[str], threads: int) -> Any:
        return self.engine(types, threads) if self.INPUT == "text" else None

    def core_pipeline(self) -> _core.Pipeline | None:
        if type(self).tokenize is not EngineProfile.tokenize:
            return None
        return _core.Pipeline(self.tokenizer, self.stemmer)

    def explain_refusal(self) -> str | None:
        tokenizer = self.tokenizer
        if tokenizer in SPAN_TOKENIZERS or tokenizer.startswith("whitespace+"):
            return None
        return (
            f"explanations are not available for the {self.NAME!r} profile yet (its "
            f"tokenizer {tokenizer!r} does not report where its tokens are in the text)"
        )
