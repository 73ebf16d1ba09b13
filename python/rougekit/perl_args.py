"""ROUGE-1.5.5's command-line options (spec §2) as a rougekit configuration for the Python API.

``RougeConfig.from_perl_args("-c 95 -2 4 -U -r 1000 -n 4 -w 1.2 -m -a")`` parses the flags
with ``rougekit perl``'s ``Getopt::Std`` parser and keeps every value as typed, because
ROUGE-1.5.5 names its output with them (``ROUGE-W-1.20``, ``95%-conf.int.``).
"""

from __future__ import annotations

import math
import shlex
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from rougekit.checks import resolve_threads
from rougekit.config import ScorerConfig
from rougekit.perl.errors import PerlUsageError
from rougekit.perl.options import getopts
from rougekit.perl.options import perl_number as read_perl_number
from rougekit.perl_profile import PROFILE, normalize_types

if TYPE_CHECKING:
    from rougekit.scorer import RougeScorer


def perl_number(text: str, flag: str) -> float:
    """A numeric option value, read as ``rougekit perl`` reads it. Perl would take ``"12abc"``
    as 12 with a warning; the API refuses anything that is not wholly a number."""
    value, whole = read_perl_number(text)
    if not whole:
        raise PerlUsageError(f"-{flag} needs a number, got {text!r}")
    if not math.isfinite(value):
        raise PerlUsageError(f"-{flag} needs a finite number, got {text!r}")
    return value


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
        """Settings from :func:`getopts` output, with ROUGE-1.5.5's checks and quirks."""
        if "l" in opts and "b" in opts:
            raise PerlUsageError("-l and -b cannot be used together")
        types: list[str] = []
        names: dict[str, str] = {}
        if "n" in opts:
            # Perl loops k = 1; k <= N: a float bound, so -n 2.5 gives ROUGE-1 and -2.
            bound = perl_number(opts["n"], "n")
            for k in range(1, math.floor(bound) + 1 if bound >= 1 else 1):
                types.append(f"rouge{k}")
                names[f"rouge{k}"] = f"ROUGE-{k}"
        be_mode = opts.get("3")
        if "x" not in opts and be_mode is None:
            types.append("rougeL")
            names["rougeL"] = "ROUGE-L"
        if "w" in opts:
            weight = perl_number(opts["w"], "w")
            if not weight > 0:
                raise PerlUsageError(f"-w needs a weight > 0, got {opts['w']!r}")
            name = f"rougeW-{opts['w']}"
            types.append(name)
            names[name] = f"ROUGE-W-{opts['w']}"
        if "2" in opts:
            gap = perl_number(opts["2"], "2")
            shown = opts["2"] if gap >= 0 else "*"
            key = str(int(gap)) if gap >= 0 else "*"
            if gap >= 0 and gap != int(gap):
                raise PerlUsageError(f"-2 needs a whole number of tokens, got {opts['2']!r}")
            kinds = ["SU"] if "u" in opts else (["S", "SU"] if "U" in opts else ["S"])
            for kind in kinds:
                types.append(f"rouge{kind}{key}")
                names[f"rouge{kind}{key}"] = f"ROUGE-{kind}{shown}"
        alpha = perl_number(opts.get("p", "0.5"), "p")
        if not 0 <= alpha <= 1:
            raise PerlUsageError(f"-p needs 0 <= alpha <= 1, got {opts['p']!r}")
        confidence = opts.get("c", "95")
        if not 0 <= perl_number(confidence, "c") <= 100:
            raise PerlUsageError(f"-c needs a level from 0 to 100, got {confidence!r}")
        resamples = perl_number(opts.get("r", "1000"), "r")
        if not resamples >= 1 or resamples != int(resamples):
            raise PerlUsageError(
                f"-r needs a positive whole number of resamples, got {opts.get('r')!r} "
                "(ROUGE-1.5.5 dies on -r 0 with 'Illegal division by zero')"
            )
        t = opts.get("t", "0")
        unit = int(t) if t in ("1", "2") else 0  # any other value behaves as 0
        limit_words = int(perl_number(opts["l"], "l")) if "l" in opts else 0
        limit_bytes = int(perl_number(opts["b"], "b")) if "b" in opts else 0
        stem: bool | str = ("wordnet" if table else "porter") if "m" in opts else False
        scorer = ScorerConfig(
            types=normalize_types(types),
            profile=PROFILE,
            stemmer=stem if isinstance(stem, str) else "none",
            threads=resolve_threads(threads),
            stopwords="s" in opts,
            limit_words=max(limit_words, 0),
            limit_bytes=max(limit_bytes, 0),
            # Case-sensitive: anything but exactly "B" averages (spec §2).
            multiref="B" if opts.get("f") == "B" else "A",
            alpha=alpha,
        )
        return cls(
            scorer=scorer,
            resamples=int(resamples),
            confidence=confidence,
            unit=unit,
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
