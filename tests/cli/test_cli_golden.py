"""Golden tests of the command line: whole outputs (stdout, stderr, exit code and any files
written) for each input format, output format and error, compared with
``tests/golden/cli/<case>.txt``.

Regenerate after an intended change with
``ROUGEKIT_REGENERATE_GOLDEN=1 python -m pytest tests/cli/test_cli_golden.py`` and review the
diff: the files are the specification of what users see. The version in signatures is
stored as ``{VERSION}`` so that a version bump alone changes no golden file.
"""

from __future__ import annotations

import io
import os
import shlex
import sys
from pathlib import Path

import pytest
import rougekit
from conftest import TESTS_DIR
from rougekit import cli

GOLDEN_DIR = TESTS_DIR / "golden" / "cli"
INPUTS = GOLDEN_DIR / "inputs"
REGENERATE = os.environ.get("ROUGEKIT_REGENERATE_GOLDEN") == "1"
SIG = (
    "rougekit:0.1.0|profile:rouge-score|types:rouge1,rouge2,rougeL,rougeLsum|stem:nltk-porter|"
    "sw:no|trunc:no|nrefs:1|mref:best-f|alpha:0.5|agg:mean|ci:95|bs:1000|seed:0"
)

#: name -> (arguments, standard input or None, files the command writes)
CASES: dict[str, tuple[str, bytes | None, tuple[str, ...]]] = {
    # input formats
    "lines-table": ("score -p bert.txt -r refs.txt", None, ()),
    "lines-two-refs-json": ("score -p bert.txt -r refs.txt -r refs-tconv.txt -f json", None, ()),
    "lines-stdin": ("score -p - -r refs.txt -t rouge1", (INPUTS / "bert.txt").read_bytes(), ()),
    "jsonl-csv-stem": ("score --jsonl pairs.jsonl --stem -f csv", None, ()),
    "jsonl-custom-fields": (
        "score --jsonl custom.jsonl --prediction-field hyp --references-field gold "
        "--id-field key -f jsonl -t rouge1 rougeL --per-instance OUT.jsonl",
        None,
        ("OUT.jsonl",),
    ),
    "jsonl-stdin": ("score --jsonl - -t rouge2", (INPUTS / "pairs.jsonl").read_bytes(), ()),
    "csv-markdown-ci": (
        "score --csv pairs.csv -f markdown --ci 90 --bootstrap 200 --seed 1",
        None,
        (),
    ),
    "tsv-latex": (
        "score --tsv pairs.tsv --prediction-field system --references-field ref_a "
        "--references-field ref_b --id-field doc -f latex --per-instance OUT.csv",
        None,
        ("OUT.csv",),
    ),
    "dirs-table": ("score -p dirs/system -r dirs/models -t rouge1 rougeLsum", None, ()),
    "dirs-patterns": (
        r"score -p dirs/pyrouge_sys -r dirs/pyrouge_ref --prediction-pattern 'sys(\d+)\.txt' "
        r"--reference-pattern 'ref\.[A-Z]\.#ID#\.txt' -t rouge1 -f json",
        None,
        (),
    ),
    "separator-rougelsum": (
        "score -p sentences-pred.txt -r sentences-ref.txt --sentence-separator '<q>' "
        "-t rougeL rougeLsum",
        None,
        (),
    ),
    "split-sentences-rules": (
        "score --jsonl flat.jsonl --split-sentences rules -t rougeL rougeLsum -o OUT.txt",
        None,
        ("OUT.txt",),
    ),
    "perl-profile-options": (
        "score -p bert.txt -r refs.txt -r refs-tconv.txt --profile perl-1.5.5 -t ROUGE-1 "
        "ROUGE-L ROUGE-W-1.2 ROUGE-SU4 --stem --stopwords --multiref B --beta 1.5",
        None,
        (),
    ),
    "table-ci": ("score -p bert.txt -r refs.txt --stem --ci 95", None, ()),
    # compare
    "compare-table": (
        "compare -p bert.txt -p ptgen.txt -r refs.txt --trials 2000 --bootstrap 500",
        None,
        (),
    ),
    "compare-identical-json": (
        "compare -p bert.txt -p bert.txt -r refs.txt --name A --name B -t rouge1 --trials 500 "
        "--bootstrap 200 -f json",
        None,
        (),
    ),
    "compare-markdown": (
        "compare --jsonl pairs.jsonl --jsonl pairs.jsonl --name one --name two -t rouge1 "
        "--trials 200 --bootstrap 100 -f markdown",
        None,
        (),
    ),
    # tokenize and signature
    "tokenize-args": ("tokenize 'The Cats were RUNNING, fast!' 'caf\u00e9 2nd'", None, ()),
    "tokenize-stdin-stem-json": ("tokenize --stem -f json", b"The cats were running\nfly\n", ()),
    "signature-parse": (f"signature --parse '{SIG}'", None, ()),
    "signature-parse-json": (f"signature --parse '{SIG}' -f json", None, ()),
    "signature-parse-stdin": ("signature --parse -", ("report\n" + SIG + "\n").encode(), ()),
    # errors and warnings
    "error-line-counts": ("score -p bert.txt -r refs-short.txt", None, ()),
    "error-utf8": ("score -p bad-utf8.txt -r refs-short.txt", None, ()),
    "error-malformed-json": ("score --jsonl bad.jsonl", None, ()),
    "error-missing-field": ("score --jsonl missing-field.jsonl", None, ()),
    "error-missing-column": ("score --csv pairs.csv --references-field gold", None, ()),
    "error-empty-references": ("score --jsonl empty-refs.jsonl", None, ()),
    "error-unknown-type": ("score -p bert.txt -r refs.txt -t rougeX", None, ()),
    "error-unknown-option": ("score -p bert.txt -r refs.txt --frobnicate", None, ()),
    "error-unknown-profile": ("score -p bert.txt -r refs.txt --profile nope", None, ()),
    "error-jsonl-with-r": ("score --jsonl pairs.jsonl -r refs.txt", None, ()),
    "error-missing-file": ("score -p nope.txt -r refs.txt", None, ()),
    "error-dir-no-reference": ("score -p dirs/system -r dirs/pyrouge_ref", None, ()),
    "error-compare-one-system": ("compare -p bert.txt -r refs.txt", None, ()),
    "error-compare-different-refs": (
        "compare --jsonl pairs.jsonl --jsonl pairs-other-refs.jsonl",
        None,
        (),
    ),
    "error-bad-signature": ("signature --parse 'rougekit:0.1.0|profile:x'", None, ()),
    "warning-no-tokens": ("score -p zh.txt -r zh.txt -t rouge1", None, ()),
}


def run_case(
    args: str, stdin: bytes | None, tmp: Path, monkeypatch, capsys
) -> tuple[int, str, str]:
    monkeypatch.chdir(INPUTS)
    argv = [str(tmp / a) if a.startswith("OUT") else a for a in shlex.split(args)]
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def record(args: str, code: int, out: str, err: str, files: dict[str, str]) -> str:
    parts = [f"$ rougekit {args}", f"--- exit {code}", "--- stdout", out, "--- stderr", err]
    for name, text in files.items():
        parts += [f"--- file {name}", text]
    return "\n".join(parts).replace(rougekit.__version__, "{VERSION}")


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name, tmp_path, monkeypatch, capsys):
    args, stdin, outputs = CASES[name]
    code, out, err = run_case(args, stdin, tmp_path, monkeypatch, capsys)
    files = {}
    for f in outputs:
        path = tmp_path / f
        assert path.exists(), f"{name} did not write {f}: {err}"
        files[f] = path.read_text(encoding="utf-8")
    # Every file written went to its final name: no temporary file is left behind.
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(outputs)
    actual = record(args, code, out, err, files)
    golden = GOLDEN_DIR / f"{name}.txt"
    if REGENERATE:
        golden.write_text(actual, encoding="utf-8")
    assert golden.exists(), f"no golden file {golden}: run with ROUGEKIT_REGENERATE_GOLDEN=1"
    assert actual == golden.read_text(encoding="utf-8")


def test_every_golden_file_has_a_case():
    stored = {p.stem for p in GOLDEN_DIR.glob("*.txt")}
    assert stored == set(CASES)


@pytest.mark.parametrize("name", sorted(n for n in CASES if n.startswith("error-")))
def test_errors_are_one_line_with_exit_1_or_2(name, tmp_path, monkeypatch, capsys):
    args, stdin, _ = CASES[name]
    code, out, err = run_case(args, stdin, tmp_path, monkeypatch, capsys)
    assert code in (1, 2) and out == ""
    assert err.startswith("rougekit: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
