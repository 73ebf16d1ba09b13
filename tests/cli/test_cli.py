"""The ``rougekit score`` command line: whole outputs, exit codes and one-line errors."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
import rougekit
from conftest import REPO, SAMPLE

pytestmark = pytest.mark.filterwarnings("ignore::rougekit.NoTokensWarning")


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "rougekit", *args],
        input=stdin,
        capture_output=True,
        check=False,
    )
    return subprocess.CompletedProcess(
        proc.args, proc.returncode, proc.stdout.decode(), proc.stderr.decode()
    )


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    p, r = tmp_path / "pred.txt", tmp_path / "ref.txt"
    p.write_text("the cat sat on the mat\nhello there world\n")
    r.write_text("the cat is on the mat\nhello world\n")
    return p, r


def test_jsonl_table_matches_the_api_and_ends_with_the_signature():
    proc = run("score", "--jsonl", str(SAMPLE), "--stem", "--ci", "95")
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in SAMPLE.read_text().splitlines()]
    api = rougekit.RougeScorer(stemmer=True).corpus(
        [r["prediction"] for r in rows], [r["references"] for r in rows], confidence=0.95
    )
    assert proc.stdout == str(api) + "\n"
    assert proc.stdout.splitlines()[-1].startswith("rougekit:")


def test_json_output_and_stdin(files):
    p, r = files
    lines = "".join(
        json.dumps({"prediction": a, "references": [b]}) + "\n"
        for a, b in zip(p.read_text().splitlines(), r.read_text().splitlines())
    )
    proc = run("score", "--jsonl", "-", "-f", "json", "-t", "rouge1,rougeL", stdin=lines.encode())
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert list(out["scores"]) == ["rouge1", "rougeL"] and out["n"] == 2
    line_files = json.loads(run("score", "-p", str(p), "-r", str(r), "-f", "json").stdout)
    assert line_files["scores"]["rouge1"] == out["scores"]["rouge1"]


def test_literal_backslash_n_is_kept_unless_asked(tmp_path: Path):
    p, r = tmp_path / "p.txt", tmp_path / "r.txt"
    p.write_text("the \\nabla operator\n")
    r.write_text("the nabla operator\n")
    plain = json.loads(run("score", "-p", str(p), "-r", str(r), "-f", "json").stdout)
    assert plain["scores"]["rouge1"]["fmeasure"] == 1.0
    split = run("score", "-p", str(p), "-r", str(r), "-f", "json", "--unescape-newlines")
    assert json.loads(split.stdout)["scores"]["rouge1"]["fmeasure"] < 1.0


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ci", "0.95"], "--ci is a percentage"),
        (["--seed", "3"], "--bootstrap and --seed only apply with --ci"),
        (["--ci", "95", "--seed", "-1"], "seed must be an integer"),
        (["-t", "rougeX"], "invalid ROUGE type"),
        (["-j", "0"], "threads must be an integer"),
    ],
)
def test_usage_errors_exit_2_with_one_line(files, args, message):
    p, r = files
    proc = run("score", "-p", str(p), "-r", str(r), *args)
    assert proc.returncode == 2
    assert message in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"prediction": "a", "references": ["a"]}\n{oops\n', ":2: malformed JSON"),
        (b'{"prediction": "a"}\n', ":1: missing field 'references'"),
        (b'{"prediction": "a", "references": []}\n', "is an empty list"),
        (b'{"prediction": "caf\xe9", "references": ["a"]}\n', ":1: not valid UTF-8"),
        (b"", "the input is empty"),
    ],
)
def test_data_errors_exit_1_naming_file_and_line(tmp_path: Path, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    proc = run("score", "--jsonl", str(path))
    assert proc.returncode == 1
    assert message in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr


def test_mismatched_line_counts_name_both_files(files):
    p, r = files
    r.write_text("only one line\n")
    proc = run("score", "-p", str(p), "-r", str(r))
    assert proc.returncode == 1
    assert f"{r} has 1 lines but {p} has 2" in proc.stderr


def test_missing_file(tmp_path: Path):
    proc = run("score", "--jsonl", str(tmp_path / "nope.jsonl"))
    assert proc.returncode == 1 and "cannot read" in proc.stderr


def test_no_tokens_warning_is_one_line(tmp_path: Path):
    # One warning, naming the dropped letters too (there were two nearly alike).
    p, r = tmp_path / "p.txt", tmp_path / "r.txt"
    p.write_text("今天天气很不错\nthe cat sat\na dog ran\n")
    r.write_text("今天天气很不错\nthe cat sat\na dog ran\n")
    proc = run("score", "-p", str(p), "-r", str(r), "-t", "rouge1,rougeL")
    assert proc.returncode == 0
    assert proc.stderr.startswith("rougekit: warning: 1 of 3 predictions")
    assert "14 letters that are not ASCII" in proc.stderr
    assert proc.stderr.count("\n") == 1


def test_rougelsum_without_sentences_warns_once(tmp_path: Path):
    p, r = tmp_path / "p.txt", tmp_path / "r.txt"
    p.write_text("The cat sat. It was happy.\n" * 3)
    r.write_text("The cat sat down. It was very happy.\n" * 3)
    proc = run("score", "-p", str(p), "-r", str(r))
    assert proc.returncode == 0
    assert proc.stderr.count("\n") == 1
    assert proc.stderr.startswith("rougekit: warning: rougeLsum equals rougeL here")
    assert "--split-sentences rules" in proc.stderr
    for fixed in (["--split-sentences", "rules"], ["--sentence-separator", ". "], ["-t", "rougeL"]):
        assert run("score", "-p", str(p), "-r", str(r), *fixed).stderr == ""
    with pytest.warns(rougekit.NoSentencesWarning, match="rougeLsum equals rougeL"):
        rougekit.RougeScorer(["rougeLsum"]).score_batch(iter(["a b. c d."]), iter(["a b"]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rougekit.RougeScorer(["rougeLsum"]).score_batch(iter(["a b.\nc d."]), iter(["a b"]))


def test_rougelsum_warning_after_a_blank_first_chunk(tmp_path: Path):
    """The input is read in chunks of 8,192 pairs: a first chunk of blank texts says nothing
    about newlines, so plain texts after it still warn (as scorer.corpus does)."""
    p, r = tmp_path / "p.txt", tmp_path / "r.txt"
    p.write_text("\n" * 8192 + "The cat sat. It was happy.\n" * 3)
    r.write_text("\n" * 8192 + "The cat sat down. It was very happy.\n" * 3)
    proc = run("score", "-p", str(p), "-r", str(r), "-t", "rougeLsum")
    assert proc.returncode == 0, proc.stderr
    assert "rougeLsum equals rougeL here" in proc.stderr
    # A newline in any chunk (here a reference of the last one) is enough.
    r.write_text("\n" * 8192 + "The cat sat down. It was very happy.\n" * 2 + '"a\\nb"\n')
    proc = run("score", "-p", str(p), "-r", str(r), "-t", "rougeLsum", "--unescape-newlines")
    assert "rougeLsum equals rougeL" not in proc.stderr


def test_perl_failures_are_one_warning_line(tmp_path: Path, monkeypatch, capsys):
    """ROUGE-1.5.5 dies on ROUGE-W against a reference without tokens; rougekit scores 0
    there and the command line says how many pairs that touched, naming the first."""
    import rougekit.cli.input_files as rio
    from rougekit import cli

    rows = [
        {"id": "a", "prediction": "the cat sat", "references": ["the cat sat down"]},
        {"id": "b", "prediction": "a dog ran", "references": ["a dog ran off", ""]},
        {"id": "c", "prediction": "a dog ran", "references": ["..."]},
    ]
    path = tmp_path / "x.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    monkeypatch.setattr(rio, "CHUNK_SIZE", 1)  # pair ids must survive chunking
    args = ["score", "--jsonl", str(path), "--profile", "perl-1.5.5", "-t", "rouge1", "rougeW"]
    assert cli.main(args) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("rougekit: warning: 0 of 3 predictions and the references of 1")
    assert err[1].startswith(
        "rougekit: warning: 2 of 3 pairs have a score the 'perl-1.5.5' profile cannot "
        "compute; rougekit scores it 0. First: pair b, reference 2, rougeW-1.2: the model "
        "has no tokens"
    )
    assert len(err) == 2
    assert cli.main([*args[:-2], "rouge1"]) == 0  # no ROUGE-W: nothing to report
    assert "cannot compute" not in capsys.readouterr().err


def test_batch_result_reports_dropped_and_failed_scores():
    batch = rougekit.RougeScorer(["rouge1"]).score_batch(["a", "今天", "b"], ["a", "b", "!!"])
    assert batch.dropped_counts() == (1, 1)
    assert batch.failures == []
    perl = rougekit.RougeScorer(["rouge1", "rougeW"], profile="perl-1.5.5")
    batch = perl.score_batch(["a b", "a b"], [["a b"], ["a b", ""]])
    assert batch.dropped_counts() == (0, 0)
    assert [f[:3] for f in batch.failures] == [(1, 1, "rougeW-1.2")]
    assert batch.recall("rougeW-1.2")[1] == 0.0


def test_perl_is_listed_as_a_command():
    assert "perl" in run("--help").stdout
    assert "'perl'" in run("scor").stderr


def test_a_csv_with_a_byte_order_mark_is_read(tmp_path: Path):
    # Excel writes a UTF-8 byte order mark before the header: it is no part of the text.
    plain, bom = tmp_path / "plain.csv", tmp_path / "bom.csv"
    table = "prediction,reference\r\nthe cat sat,the cat sat down\r\n"
    plain.write_text(table, encoding="utf-8")
    bom.write_text(table, encoding="utf-8-sig")
    expected = run("score", "--csv", str(plain), "-f", "json")
    assert expected.returncode == 0, expected.stderr
    for flag, path in (("--csv", bom),):
        proc = run("score", flag, str(path), "-f", "json")
        assert (proc.returncode, proc.stdout) == (0, expected.stdout), proc.stderr
    jsonl = tmp_path / "bom.jsonl"
    jsonl.write_text('{"prediction": "a b", "references": ["a"]}\n', encoding="utf-8-sig")
    assert run("score", "--jsonl", str(jsonl)).returncode == 0


def test_missing_fields_name_what_the_line_has_and_the_flags(tmp_path: Path):
    jsonl = tmp_path / "wrong.jsonl"
    jsonl.write_text('{"hyp": "a", "ref": "b"}\n')
    proc = run("score", "--jsonl", str(jsonl))
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1
    assert "missing field 'prediction' (the line has 'hyp', 'ref'" in proc.stderr
    assert "--prediction-field and --references-field" in proc.stderr
    fixed = run(
        "score", "--jsonl", str(jsonl), "--prediction-field", "hyp", "--references-field", "ref"
    )
    assert fixed.returncode == 0, fixed.stderr
    csv_file = tmp_path / "wrong.csv"
    csv_file.write_text("hyp,ref\na,b\n")
    proc = run("score", "--csv", str(csv_file))
    assert proc.returncode == 1
    assert "(columns: 'hyp', 'ref'; name the columns with --prediction-field" in proc.stderr


HINDI = "बच्चे स्कूल जाते हैं और पढ़ते हैं"


def test_text_in_another_script_stops_instead_of_printing_zeros(tmp_path: Path):
    jsonl = tmp_path / "hi.jsonl"
    rows = [{"prediction": HINDI, "references": [HINDI[:20]]}] * 3
    rows.append({"prediction": "an english pair", "references": ["an english pair"]})
    jsonl.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    out = tmp_path / "pi.jsonl"
    proc = run("score", "--jsonl", str(jsonl), "--per-instance", str(out))
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1, proc.stderr
    assert "3 of 4 pairs have no token" in proc.stderr
    assert "'rouge-score' profile" in proc.stderr and "--lang" in proc.stderr
    assert proc.stdout == "" and not out.exists()
    compare = run(
        "compare", "--jsonl", str(jsonl), "--jsonl", str(jsonl), "--name", "a", "--name", "b"
    )
    assert compare.returncode == 1 and "a: 3 of 4 pairs have no token" in compare.stderr
    # The language shortcut scores it, and the signature names what it chose.
    proc = run("score", "--jsonl", str(jsonl), "--lang", "hi")
    assert proc.returncode == 0, proc.stderr
    assert "profile:unicode-v1|" in proc.stdout and "stem:snowball-3.1.1:hindi" in proc.stdout
    proc = run("score", "--jsonl", str(jsonl), "--lang", "hi", "--profile", "rouge-score")
    assert proc.returncode == 2 and "give one of --lang and --profile" in proc.stderr
    proc = run("tokenize", "--lang", "de", "Die Häuser")
    assert proc.stdout == "die haus\n"


def test_blank_references_are_counted_in_one_warning(tmp_path: Path):
    p, r = tmp_path / "p.txt", tmp_path / "r.txt"
    p.write_text("a b c\nd e\nf\ng\n")
    r.write_text("a b\n\nf\n  \n")
    proc = run("score", "-p", str(p), "-r", str(r), "-t", "rouge1")
    assert proc.returncode == 0
    assert proc.stderr == (
        "rougekit: warning: 2 of 4 pairs have a blank reference (an empty line?): they "
        "score 0. Check that the files are aligned line by line.\n"
    )


EXAMPLE = REPO / "examples" / "summeval-sample.jsonl"


def test_the_readme_first_command_is_clean_and_equals_rouge_score():
    # The first thing a user runs: no warning, sentences on their own lines (so rougeLsum
    # is not rougeL), and the means of rouge-score 0.1.2's score_multi.
    from conftest import rouge_score_scorer

    proc = run("score", "--jsonl", str(EXAMPLE), "--stem", "--ci", "95", "-f", "json")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    report = json.loads(proc.stdout)
    assert report["signature"].endswith(
        "|nrefs:11|mref:best-f|alpha:0.5|agg:mean|ci:95|bs:1000|seed:0"
    )
    pairs = [json.loads(line) for line in EXAMPLE.read_text(encoding="utf-8").splitlines()]
    assert len(pairs) == 100 and all(len(p["references"]) == 11 for p in pairs)
    types = ("rouge1", "rouge2", "rougeL", "rougeLsum")
    oracle = rouge_score_scorer(types, True)
    scores = [oracle.score_multi(p["references"], p["prediction"]) for p in pairs]
    for t in types:
        mean = math.fsum(s[t].fmeasure for s in scores) / len(scores)
        assert report["scores"][t]["fmeasure"] == mean
    assert report["scores"]["rougeLsum"]["fmeasure"] > report["scores"]["rougeL"]["fmeasure"] + 0.05


def test_usage_errors_say_what_was_meant(capsys):
    from rougekit import cli

    # "unrecognized arguments: three.jsonl" and "invalid choice: 'unicode'" said no more.
    assert cli.main(["score", "pairs.jsonl"]) == 2
    assert "to read pairs.jsonl, give --jsonl pairs.jsonl" in capsys.readouterr().err
    assert cli.main(["score", "--profile", "unicode", "--jsonl", "x"]) == 2
    assert "(did you mean 'unicode-v1'?)" in capsys.readouterr().err
    assert cli.main(["score", "--profile", "zzz", "--jsonl", "x"]) == 2
    assert "did you mean" not in capsys.readouterr().err
