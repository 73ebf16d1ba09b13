"""ROUGE-1.5.5's command-line options (spec ``rouge-1.5.5.md`` §2) as a rougekit
configuration for the Python API.

``RougeConfig.from_perl_args("-c 95 -2 4 -U -r 1000 -n 4 -w 1.2 -m -a")`` parses the flags
with ``rougekit perl``'s ``Getopt::Std`` parser and keeps every value as typed, because
ROUGE-1.5.5 names its output with them (``ROUGE-W-1.20``, ``95%-conf.int.``).
"""

from __future__ import annotations

import shlex
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from rougekit.checks import resolve_threads
from rougekit.config import ScorerConfig
from rougekit.errors import PerlUsageError
from rougekit.profiles.perl155.flags import ParsedArgs, build_options, getopts
from rougekit.profiles.perl155.flags import perl_number as read_perl_number

if TYPE_CHECKING:
    from rougekit.scorer import RougeScorer


#: Options whose value is a number: the API refuses one Perl would read only in part.
_NUMERIC = frozenset("cpwlbrn2t")


@dataclass(frozen=True)
class RougeConfig:
    """A ROUGE-1.5.5 run as rougekit settings: what to score (``scorer``) and how to
    aggregate (Perl's bootstrap: ``resamples``, ``confidence``, ``unit`` = ``-t``).

    ``names`` maps each type to the variant name ROUGE-1.5.5 prints (``ROUGE-W-1.2``).
    """

    scorer: ScorerConfig
    resamples: int = 1000
    confidence: str = "95"
    unit: int = 0
    names: dict[str, str] = field(default_factory=dict)
    #: ``-a``, ``-d``, ``-e``, ``-z``, ``-3``, ``-x``, ``-v``, ``-M`` and the rest, as typed.
    options: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_perl_args(
        cls, args: str | Sequence[str], *, table: bool = True, threads: int | None = None
    ) -> RougeConfig:
        """Settings of a ROUGE-1.5.5 command line (its flags; a config file and system id
        may follow and are ignored here). ``table=False`` selects the empty exception table
        many installs built for ``-m``."""
        argv = shlex.split(args) if isinstance(args, str) else list(args)
        parsed = getopts(argv)
        for note in parsed.warnings:
            warnings.warn(note, stacklevel=2)
        return cls.from_options(parsed.values, table=table, threads=threads)

    @classmethod
    def from_options(
        cls, opts: dict[str, str], *, table: bool = True, threads: int | None = None
    ) -> RougeConfig:
        """Settings from :func:`getopts` output, read by ``rougekit perl``'s own reader
        (:func:`~rougekit.profiles.perl155.flags.build_options`): the same checks, quirks
        and variant names. Values Perl would take only in part (``-n 2x``) are refused here."""
        for flag, text in opts.items():
            if flag in _NUMERIC and not read_perl_number(text)[1]:
                raise PerlUsageError(f"-{flag} needs a number, got {text!r}")
        built = build_options(ParsedArgs(values=dict(opts)), run=False)
        for note in built.warnings:
            warnings.warn(note, stacklevel=3)
        names = built.variant_names()
        profile = built.profile
        if not table and profile.stemmer != "none":
            profile = replace(profile, stemmer="porter")
        scorer = ScorerConfig(types=tuple(names), profile=profile, threads=resolve_threads(threads))
        return cls(
            scorer=scorer,
            resamples=built.resamples,
            confidence=built.confidence_text,
            unit=built.unit,
            names=names,
            options=dict(opts),
        )

    def with_threads(self, threads: int | None) -> RougeConfig:
        """The same settings with another worker count (never changes a number)."""
        return replace(self, scorer=replace(self.scorer, threads=resolve_threads(threads)))

    def make_scorer(self) -> RougeScorer:
        """A :class:`~rougekit.RougeScorer` with these settings."""
        from rougekit.scorer import RougeScorer

        if not self.scorer.types:
            raise PerlUsageError("these options compute no ROUGE variant (see -n, -x, -w, -2)")
        return RougeScorer.from_config(self.scorer)
