"""The ``pltrdy-1.0.1`` profile: pltrdy's ``rouge`` 1.0.1 (PyPI ``rouge``, ``from rouge
import Rouge``), the scorer of LongBench and of many fine-tuning scripts, bit for bit.

Its rules, quirks included (``docs/published-numbers.md``):

* one reference per prediction;
* sentences end at every ``.`` (``3.5`` and ``U.S.`` too); tokens are the runs of
  non-whitespace characters of each sentence, case and punctuation kept; a sentence of
  whitespace only is one empty-string token;
* ROUGE-N counts **distinct** n-grams (its default ``exclusive=True``): repeating a word
  costs nothing;
* ROUGE-L pools, over every (reference sentence, prediction sentence), the words of the
  one LCS its backtrack picks, as distinct words over each side's distinct words;
* F = ``2 * ((P * R) / (P + R + 1e-8))``: never exactly 1 (0.999999995 for equal texts);
* an empty prediction or reference (nothing but dots) is a ``ValueError``, as there;
  ``on_empty="zero"`` scores such a pair 0 instead, as the harnesses that catch that error
  do (LongBench, LLaMA-Factory, OpenCompass).

Where the original dies of ``RecursionError`` (a sentence pair of more than about 1,000
words), this profile returns the numbers it would have given. Drop-in:
:mod:`rougekit.compat.pltrdy`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import rougekit._core as _core
from rougekit.checks import as_bool
from rougekit.profiles import CoreScorer, Profile, Summary, TypeCheck, mean_corpus

if TYPE_CHECKING:
    from rougekit.signature import Signature


@dataclass(frozen=True)
class PltrdyFamily(Profile):
    """A scorer of the pltrdy family (rouge 1.0.1 and its fork rouge-chinese 1.0.3).
    ``exclusive`` is the packages' constructor flag: ``True`` (their default) counts distinct
    n-grams and words, ``False`` the usual clipped counts (its ROUGE-L can then exceed 1 with
    rouge 1.0.1). It is not a ``RougeScorer`` option: build such a profile directly
    (``Pltrdy101(exclusive=False)`` with ``RougeScorer.from_config``) or use the drop-in.
    ``on_empty``: ``"raise"`` (the packages' ``ValueError``, the default) or ``"zero"``
    (every score of a pair whose prediction or reference has no sentence is 0; signature
    ``empty:zero``)."""

    exclusive: bool = True
    on_empty: str = "raise"

    DEFAULT_TYPES: ClassVar[tuple[str, ...]] = ("rouge1", "rouge2", "rougeL")
    OPTIONS: ClassVar[tuple[str, ...]] = ("on_empty",)
    #: The package and version reproduced, for messages.
    PACKAGE: ClassVar[str]
    #: The number of the n-gram types the package has (rouge-1 .. rouge-5).
    MAX_N: ClassVar[int] = 5
    #: The signature's ``mref``: one reference per prediction.
    MREF: ClassVar[str] = "single"
    KEEPS: ClassVar[str] = "every run of non-space characters (case and punctuation kept)"

    def __post_init__(self) -> None:
        object.__setattr__(self, "exclusive", as_bool(self.exclusive, "exclusive"))
        object.__setattr__(self, "on_empty", on_empty_rule(self.on_empty))

    @classmethod
    def from_options(cls, **options: Any) -> PltrdyFamily:
        return cls(on_empty=options.get("on_empty", "raise"))

    @classmethod
    def is_default(cls, option: str, value: Any) -> bool:
        # A signature's own ``mref`` value read back asks for nothing.
        return (option == "multiref" and value == cls.MREF) or super().is_default(option, value)

    def normalize_types(self, types: Iterable[str]) -> tuple[str, ...]:
        out: list[str] = []
        for name in types:
            canonical = _type_name(name, self.MAX_N)
            if canonical is None:
                raise ValueError(
                    f"invalid ROUGE type {name!r} for the {self.NAME!r} profile: it has "
                    f"rouge1..rouge{self.MAX_N} and rougeL ({self.PACKAGE}'s rouge-1.."
                    f"rouge-{self.MAX_N} and rouge-l)"
                )
            if canonical not in out:
                out.append(canonical)
        return tuple(out)

    def scorer(self, types: Sequence[str], threads: int) -> CoreScorer:
        scorer: CoreScorer = _core.PltrdyScorer(
            self.NAME, list(types), exclusive=self.exclusive, threads=threads,
            on_empty=self.on_empty,
        )  # fmt: skip
        return scorer

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
        """Means of the per-pair scores (rounded once from exact sums, as every rougekit
        profile's; the package's ``avg=True`` adds left to right, which the drop-in
        reproduces), with rougekit's seeded bootstrap interval on request."""
        return mean_corpus(
            self.NAME, scores, signature, confidence=confidence, n_bootstrap=n_bootstrap,
            seed=seed, unit=unit, threads=threads,
        )  # fmt: skip

    def signature_fields(self) -> dict[str, str]:
        return {
            "stem": "no",
            "sw": "no",
            "trunc": "no",
            "mref": self.MREF,
            "alpha": "0.5",
            "agg": "mean",
            "count": "distinct" if self.exclusive else "clipped",
            **({"empty": self.on_empty} if self.on_empty != "raise" else {}),
        }

    def options(self) -> dict[str, Any]:
        out: dict[str, Any] = {} if self.exclusive else {"exclusive": False}
        if self.on_empty != "raise":
            out["on_empty"] = self.on_empty
        return out

    def tokenize(self, text: str) -> list[str]:
        return _core.pltrdy_tokens(text, self.NAME)

    def explain_refusal(self) -> str | None:
        """``None``: the scorer explains (``PltrdyScorer.explain_texts``): the tokens with
        their spans and sentences, per type the counts and scores of the scoring path and
        the matches behind them (distinct or clipped n-grams, the ROUGE-L LCSs);
        :mod:`rougekit.profiles.pltrdy_check` has the arithmetic ``check()`` redoes."""
        return None

    @property
    def scores_at_most_one(self) -> bool:
        return self.exclusive

    @classmethod
    def explanation_check(cls) -> TypeCheck:
        """The packages' arithmetic (:mod:`rougekit.profiles.pltrdy_check`)."""
        from rougekit.profiles.pltrdy_check import check_type

        return check_type

    @classmethod
    def from_signature(cls, fields: Mapping[str, str]) -> Profile:
        """... and ``count:`` is ``exclusive`` (a profile field with no option)."""
        made = super().from_signature(fields)
        if "count" in fields and isinstance(made, PltrdyFamily):
            made = dataclasses.replace(made, exclusive=fields["count"] == "distinct")
        return made

    @property
    def no_tokens_advice(self) -> str:
        return "Check the texts."


#: ``on_empty=`` values: what a profile whose original raises on an empty text does with it.
ON_EMPTY = ("raise", "zero")


def on_empty_rule(value: Any) -> str:
    """A checked ``on_empty`` value (``None``: the default, ``"raise"``)."""
    if value is None:
        return "raise"
    if not isinstance(value, str) or value not in ON_EMPTY:
        raise ValueError(f"on_empty must be 'raise' or 'zero', got {value!r}")
    return value


def _type_name(name: str, max_n: int) -> str | None:
    """``rouge1``/``rouge-1`` -> ``rouge1``, ``rougeL``/``rouge-l`` -> ``rougeL``; ``None``
    for anything else."""
    if not isinstance(name, str):
        return None
    key = name.lower().replace("-", "")
    if key == "rougel":
        return "rougeL"
    digits = key.removeprefix("rouge")
    numeric = digits != key and digits.isascii() and digits.isdigit()
    if numeric and not digits.startswith("0") and 1 <= int(digits) <= max_n:
        return f"rouge{int(digits)}"
    return None


@dataclass(frozen=True)
class Pltrdy101(PltrdyFamily):
    """pltrdy's ``rouge`` 1.0.1, bit for bit (LongBench's scorer)."""

    NAME: ClassVar[str] = "pltrdy-1.0.1"
    SUMMARY: ClassVar[str] = "pltrdy's rouge 1.0.1 (LongBench), bit for bit, quirks included"
    PACKAGE: ClassVar[str] = "rouge 1.0.1"
