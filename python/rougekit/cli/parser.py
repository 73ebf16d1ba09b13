"""The argument parser of ``rougekit``: every command's options. The documentation's
command line reference is generated from it (``docs/hooks/cli_reference.py``)."""

from __future__ import annotations

import argparse
import difflib
import re
from pathlib import Path
from typing import Any, NoReturn

import rougekit.cli.dedup as dedup_command
import rougekit.cli.explain_parsers as explain_parsers
import rougekit.profiles as profiles
import rougekit.sentences as sentences
import rougekit.tables as tables
from rougekit._core import __version__
from rougekit.errors import UsageError
from rougekit.profiles.engine import MULTIREF_ALIASES, MULTIREF_RULES
from rougekit.results import FIELDS

EXIT_CODES = (
    "Exit codes: 0 ok, 1 data error (the message names file and line), 2 usage error, "
    "130 interrupted."
)


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (``rougekit: error: ...``) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        hint = _file_hint(message) or _choice_hint(message)
        raise UsageError(f"{message}{hint} (see '{self.prog} --help')")


#: How the commands take an input file, by its suffix.
_FILE_FLAGS = {".jsonl": "--jsonl", ".json": "--jsonl", ".csv": "--csv", ".tsv": "--tsv"}


def _choice_hint(message: str) -> str:
    """``did you mean`` for a mistyped choice (``--profile unicode``)."""
    m = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
    if m is None:
        return ""
    choices = re.findall(r"'([^']*)'", m.group(2))
    close = difflib.get_close_matches(m.group(1), choices, n=2, cutoff=0.5)
    close += [c for c in choices if m.group(1) and c.startswith(m.group(1)) and c not in close]
    return f" (did you mean {' or '.join(map(repr, close[:2]))}?)" if close else ""


def _file_hint(message: str) -> str:
    """For ``rougekit score pairs.jsonl``: how to give a file that came without its flag."""
    if not message.startswith("unrecognized arguments: "):
        return ""
    for arg in message.removeprefix("unrecognized arguments: ").split():
        path = Path(arg)
        flag = _FILE_FLAGS.get(path.suffix.lower())
        if flag is not None:
            return f": to read {arg}, give {flag} {arg}"
        if path.is_file():
            return f": to read {arg}, give -p {arg} -r REFERENCES (or --jsonl, --csv, --tsv)"
    return ""


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rougekit",
        description="Exact and fast ROUGE: score, compare systems, inspect tokens and signatures.",
        epilog=EXIT_CODES,
    )
    parser.add_argument("--version", action="version", version=f"rougekit {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    score = sub.add_parser(
        "score",
        help="score predictions against references",
        description="Score predictions against references and report corpus means "
        "(with a bootstrap confidence interval if asked). Every report ends with the "
        "signature: the settings behind the numbers.",
        epilog=EXIT_CODES,
    )
    _add_inputs(score, several=False)
    _add_scoring(score)
    score.add_argument(
        "--ci", type=float, metavar="PCT",
        help="add a bootstrap confidence interval at this level in percent, e.g. 95",
    )  # fmt: skip
    score.add_argument(
        "--bootstrap", type=int, metavar="N", help="bootstrap resamples for --ci (default: 1000)"
    )
    score.add_argument(
        "--seed", type=int, metavar="S",
        help="bootstrap seed for --ci (default: 0), and for a --recipe that takes one",
    )  # fmt: skip
    _add_outputs(score)
    score.add_argument(
        "--recipe", metavar="NAME",
        help="the numbers a harness prints (rougekit recipes lists them, e.g. "
        "lm-eval-0.4.13:cnn_dailymail): its steps, keys, scale and rounding",
    )  # fmt: skip
    score.add_argument(
        "--dataset", metavar="NAME",
        help="--recipe: the harness's dataset argument (LongBench: samsum scores first lines)",
    )  # fmt: skip
    score.add_argument(
        "--per-instance", type=Path, metavar="FILE",
        help="also write every pair's scores with its id to FILE (JSON Lines, or CSV for *.csv)",
    )  # fmt: skip
    score.add_argument(
        "--per-instance-format", choices=tables.INSTANCE_FORMATS,
        help="format of --per-instance (default: from the file name)",
    )  # fmt: skip

    cmp = sub.add_parser(
        "compare",
        help="compare two or more systems on the same references (significance tests)",
        description="Score two or more systems against the same references and test each "
        "against the first (the baseline) with a paired bootstrap and approximate "
        "randomization, both seeded. '*' marks differences with p below --level in both.",
        epilog=EXIT_CODES,
    )
    _add_inputs(cmp, several=True)
    _add_scoring(cmp)
    _add_tests(cmp)
    _add_outputs(cmp)

    tok = sub.add_parser(
        "tokenize",
        help="show the tokens a profile makes of a text",
        description="Print the tokens of each TEXT (or of each line of standard input), "
        "space separated, one line per text: what the scorer compares.",
        epilog=EXIT_CODES,
    )
    tok.add_argument("texts", nargs="*", metavar="TEXT", help="texts (default: stdin lines)")
    _add_profile(tok)
    _add_stem(tok)
    tok.add_argument(
        "-f", "--format", choices=("text", "json"), default="text",
        help="text (space separated) or json (a JSON list per line)",
    )  # fmt: skip

    sig = sub.add_parser(
        "signature",
        help="turn a signature back into settings",
        description="Read a signature (or, with -, the first one in a report on standard "
        "input) and print the settings behind it, with the command that reproduces them.",
        epilog=EXIT_CODES,
    )
    sig.add_argument(
        "--parse", required=True, metavar="SIG", help="the signature, or - for standard input"
    )
    sig.add_argument("-f", "--format", choices=("text", "json"), default="text")
    recipes = sub.add_parser(
        "recipes",
        help="list the harness recipes (score --recipe NAME)",
        description="List every harness recipe: its name, the harness and code it "
        "reproduces, and what it does to the numbers.",
        epilog=EXIT_CODES,
    )
    recipes.add_argument("-f", "--format", choices=("text", "json"), default="text")
    ident = sub.add_parser(
        "identify",
        help="find the scorer and options that reproduce reported numbers",
        description="Score the pairs under every profile, option and recipe that changes a "
        "number and print those that reproduce every reported number to its printed digits.",
        epilog=EXIT_CODES,
    )
    _add_inputs(ident, several=False)
    ident.add_argument(
        "--reported", nargs="+", required=True, metavar="TYPE=NUMBER",
        help="the reported numbers as printed, e.g. rouge1=39.53 rouge2=17.28 rougeL=36.38",
    )  # fmt: skip
    ident.add_argument("-j", "--threads", type=int, default=None, metavar="N")
    ident.add_argument("-f", "--format", choices=("text", "json"), default="text")
    explain_parsers.add(sub, inputs=_add_inputs, scoring=_add_scoring, tests=_add_tests)
    dedup_command.add_parser(sub, profile=_add_profile, stem=_add_stem, epilog=EXIT_CODES)
    # Listed for --help and the invalid-choice message only: main() hands `rougekit perl`
    # to ROUGE-1.5.5's own flag reader before argparse sees it.
    sub.add_parser(
        "perl",
        help="ROUGE-1.5.5.pl's command line, drop-in (its own flags: rougekit perl -h)",
        add_help=False,
    )
    return parser


def _add_tests(cmp: argparse.ArgumentParser) -> None:
    """The systems' names and the paired tests' settings (``compare``, ``report``)."""
    cmp.add_argument(
        "--name", action="append", default=[], metavar="NAME",
        help="a system's name, in the order of -p / --jsonl (default: file names)",
    )  # fmt: skip
    cmp.add_argument(
        "--metric", choices=FIELDS, default="fmeasure",
        help="the score compared (default: fmeasure)",
    )  # fmt: skip
    cmp.add_argument(
        "--ci", type=float, default=95.0, metavar="PCT",
        help="confidence level of every interval, in percent (default: 95)",
    )  # fmt: skip
    cmp.add_argument(
        "--bootstrap", type=int, default=1000, metavar="N",
        help="bootstrap resamples, for the CIs and the paired test (default: 1000)",
    )  # fmt: skip
    cmp.add_argument(
        "--trials", type=int, default=10000, metavar="N",
        help="approximate randomization trials (default: 10000)",
    )  # fmt: skip
    cmp.add_argument("--seed", type=int, default=0, metavar="S", help="seed (default: 0)")
    cmp.add_argument(
        "--level", type=float, default=0.05, metavar="P",
        help="significance level for the '*' mark (default: 0.05)",
    )  # fmt: skip
    cmp.add_argument(
        "--all-pairs", action="store_true",
        help="test every pair of systems, not only each against the first",
    )  # fmt: skip


def _add_inputs(p: argparse.ArgumentParser, *, several: bool) -> None:
    g = p.add_argument_group("input")
    if several:
        g.add_argument(
            "-p", "--predictions", type=Path, action="append", default=[], metavar="PATH",
            help="a system's predictions: a line file or a directory (repeat per system)",
        )  # fmt: skip
    else:
        g.add_argument(
            "-p", "--predictions", type=Path, metavar="PATH",
            help="one prediction per line, aligned with -r (- for stdin); or a directory of "
            "one file per summary, matched by name with the files of the -r directories",
        )  # fmt: skip
    g.add_argument(
        "-r", "--references", type=Path, action="append", default=[], metavar="PATH",
        help="one reference per line, aligned with -p (repeat for several references); "
        "or a directory of reference files",
    )  # fmt: skip
    for flag, what in (("--jsonl", "JSON Lines"), ("--csv", "CSV"), ("--tsv", "TSV")):
        g.add_argument(
            flag, type=Path, metavar="FILE", action="append" if several else "store",
            default=[] if several else None,
            help=f"{what}: predictions and references in one file (- for stdin)"
            + ("; repeat per system" if several else ""),
        )  # fmt: skip
    g.add_argument(
        "--delimiter", metavar="CHAR",
        help="--csv/--tsv: the cell separator (default: a tab for TSV; for CSV read from the "
        "header: ',' unless the columns are found only at ';' (a European Excel's CSV), a tab "
        "or '|')",
    )  # fmt: skip
    g.add_argument(
        "--prediction-field", default="prediction", metavar="NAME",
        help="JSONL field / CSV column of the prediction (default: prediction)",
    )  # fmt: skip
    g.add_argument(
        "--references-field", action="append", metavar="NAME",
        help="JSONL field (a string or a list) / CSV column(s, repeatable) of the references "
        "(default: references; for CSV also reference)",
    )  # fmt: skip
    g.add_argument(
        "--id-field", default="id", metavar="NAME",
        help="JSONL field / CSV column of the pair id (default: id, else the position)",
    )  # fmt: skip
    g.add_argument(
        "--prediction-pattern", metavar="REGEX",
        help="directories: prediction file names; the first group is the id (e.g. 'sys(\\d+).txt')",
    )  # fmt: skip
    g.add_argument(
        "--reference-pattern", metavar="REGEX",
        help="directories: reference file names with #ID# for the id (e.g. 'ref.[A-Z].#ID#.txt')",
    )  # fmt: skip
    g.add_argument(
        "--unescape-newlines", action="store_true",
        help="read a literal \\n inside a text as a sentence break (for rougeLsum)",
    )  # fmt: skip
    g.add_argument(
        "--sentence-separator", metavar="SEP",
        help="read SEP inside a text as a sentence break, e.g. '<q>' (for rougeLsum)",
    )  # fmt: skip
    g.add_argument(
        "--split-sentences", metavar="SPLITTER", default="newline",
        help="rougeLsum sentences: from newlines only ('newline', the default); 'punkt': "
        "also split by NLTK's Punkt, exactly nltk.sent_tokenize (punkt_tab models, built in), "
        "with the --lang model when given, else English; 'punkt:LANGUAGE' names the model "
        f"(punkt:german); 'rules': the built-in rule-based splitter ({sentences.NAME}). "
        "Recorded in the signature",
    )  # fmt: skip


def _add_scoring(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("scoring")
    g.add_argument(
        "-t", "--types", nargs="+", default=None, metavar="TYPE",
        help="ROUGE types, space or comma separated (default: the profile's: "
        + "; ".join(f"{' '.join(types)} for {', '.join(names)}" for types, names in _defaults())
        + ")",
    )  # fmt: skip
    _add_profile(g)
    _add_stem(g)
    g.add_argument(
        "--segmenter", metavar="NAME",
        help="segment every text into words first (whitespace and rouge-chinese-1.0.3 "
        "profiles): jieba (jieba 0.42.1, as ' '.join(jieba.cut(text))) or newmm (Thai: "
        "pythainlp 5.4.0's word_tokenize(text, engine='newmm')) or mecab-unidic-lite "
        "(Japanese: MeCab -Owakati over the installed unidic-lite 1.0.8)",
    )  # fmt: skip
    g.add_argument(
        "--nltk-stopwords", choices=("5db857e", "3a486db"), metavar="SNAPSHOT",
        help="xlsum-v1: the nltk_data snapshot of the stopword lists NLTK's stemmers leave "
        "unstemmed: 5db857e (today's, the default) or 3a486db (before 2021-10, the XL-Sum "
        "paper's: Arabic 248 words instead of 753)",
    )  # fmt: skip
    g.add_argument(
        "--ja-dict", choices=("unidic-lite-1.0.8",), metavar="DICT",
        help="xlsum-v1 with --lang japanese: score Japanese with MeCab over the installed "
        "unidic-lite 1.0.8's dictionary (not XL-Sum's numbers, which used the full UniDic)",
    )  # fmt: skip
    g.add_argument(
        "--on-empty", choices=("raise", "zero"), default=None,
        help="pltrdy-1.0.1 and rouge-chinese-1.0.3, whose packages raise on a text without a "
        "sentence: raise (the default, naming the pair) or zero (such a pair scores 0, as "
        "LongBench, LLaMA-Factory and OpenCompass report it; signature empty:zero)",
    )  # fmt: skip
    g.add_argument("--stopwords", action="store_true", default=None, help="drop stopwords")
    g.add_argument("--limit-words", type=int, metavar="N", help="truncate texts to N words")
    g.add_argument("--limit-bytes", type=int, metavar="N", help="truncate texts to N bytes")
    g.add_argument(
        "--multiref", choices=(*MULTIREF_RULES, *MULTIREF_ALIASES),
        help="how several references combine: best-f (rouge-score's score_multi), pooled "
        "(ROUGE-1.5.5's -f A), best-recall (-f B), mean (float64 mean of the per-reference "
        "scores; torchmetrics' avg is its float32 form, rougekit.integrations.torchmetrics), "
        "best-f-float32 (torchmetrics' best); A and B also work (default: the profile's)",
    )  # fmt: skip
    g.add_argument(
        "--jackknife", action="store_true", default=None,
        help="average the multi-reference rule over the leave-one-out subsets of the "
        "references (for comparing humans with systems)",
    )  # fmt: skip
    g.add_argument("--alpha", type=float, metavar="A", help="F = 1 / (A/P + (1-A)/R)")
    g.add_argument("--beta", type=float, metavar="B", help="F-beta (alpha = 1 / (1 + B^2))")
    g.add_argument(
        "-j", "--threads", type=int, default=None, metavar="N",
        help="worker threads (default: $ROUGEKIT_NUM_THREADS, else every core)",
    )  # fmt: skip
    g.add_argument("--no-progress", action="store_true", help="no progress bar on a terminal")


def _defaults() -> list[tuple[tuple[str, ...], list[str]]]:
    """Each profile's default types, with the profiles that share them."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for name in profiles.names():
        groups.setdefault(profiles.get(name).DEFAULT_TYPES, []).append(name)
    return list(groups.items())


def _text_profiles() -> list[str]:
    """The profiles that score text (the command line reads text; token ids are for the
    Python API)."""
    return [n for n in profiles.names() if profiles.get(n).INPUT == "text"]


def _add_profile(p: Any) -> None:
    p.add_argument(
        "--profile", default=None, choices=_text_profiles(), metavar="PROFILE",
        help="whose rules: "
        + ", ".join(f"{name} ({profiles.get(name).SUMMARY})" for name in _text_profiles())
        + f" (default: {profiles.DEFAULT}; token-ids is for the Python API)",
    )  # fmt: skip
    p.add_argument(
        "--lang", metavar="LANG",
        help="pick the profile and stemmer for a language: an ISO 639-1 code or an English "
        "name (hi, de, zh, Hindi...); the signature names what it picked",
    )  # fmt: skip


def _add_stem(p: Any) -> None:
    p.add_argument(
        "--stem", nargs="?", const=True, default=None, metavar="STEMMER",
        help="stem tokens: alone, the profile's stemmer (rouge-score: NLTK Porter; "
        "ROUGE-1.5.5's: -m); or a name: snowball:<algorithm> (unicode-v1, whitespace; e.g. "
        "snowball:german), porter (ROUGE-1.5.5's -m without the exception table)",
    )  # fmt: skip


def _add_outputs(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("output")
    g.add_argument(
        "-f", "--format", choices=tables.FORMATS, default="table",
        help="table, markdown, latex (x100, two decimals) or json, jsonl, csv (in [0, 1])",
    )  # fmt: skip
    g.add_argument(
        "-o", "--output", type=Path, metavar="FILE",
        help="write the report to FILE (atomically) instead of standard output",
    )  # fmt: skip
    g.add_argument("--plot", type=Path, metavar="FILE.png", help="draw a picture (needs [plot])")
    g.add_argument(
        "--html", type=Path, metavar="FILE",
        help="a self-contained HTML report with the picture (needs [plot])",
    )  # fmt: skip
