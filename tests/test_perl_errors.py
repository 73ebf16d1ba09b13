"""``rougekit perl`` on bad input: one clear line, a non-zero exit code, never a traceback.

Exit codes: 2 for bad options (ROUGE-1.5.5.pl dies on most of them), 1 for bad
configuration or summary files (the message names the file). Warnings go to stderr and
the run goes on, as in Perl.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from perl_oracle import Case, run_rougekit_perl, write_list_case_files, write_xml_case_files

CASES = [
    Case(peers={"A": "the cat sat on the mat\nit was happy", "B": "a cat"}, references=["the cat"]),
    Case(peers={"A": "dogs run"}, references=["a dog runs fast", "the dog"]),
]


@pytest.fixture
def config(tmp_path: Path) -> Path:
    return write_xml_case_files(tmp_path, CASES)


def error_line(code: int, err: str, expected_code: int) -> str:
    """The single error line; fails on anything else (e.g. a traceback)."""
    assert code == expected_code, err
    assert "Traceback" not in err
    lines = [ln for ln in err.splitlines() if ln.startswith("rougekit perl: error:")]
    assert len(lines) == 1, err
    return lines[0]


def test_malformed_xml(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text('<ROUGE-EVAL><EVAL ID="1"><PEERS>\n')
    code, out, err = run_rougekit_perl(["-a", str(bad)])
    assert out == b""
    line = error_line(code, err, 1)
    assert str(bad) in line and "malformed XML" in line and "line 2" in line


def test_missing_config() -> None:
    code, _, err = run_rougekit_perl(["-a", "/nonexistent/config.xml"])
    assert "/nonexistent/config.xml" in error_line(code, err, 1)


def test_missing_peer_file(config: Path) -> None:
    (config.parent / "peers" / "2.P0.spl").unlink()
    code, out, err = run_rougekit_perl(["-a", "-n", "1", str(config)])
    assert out == b""
    line = error_line(code, err, 1)
    assert "peer summary (EVAL 2)" in line and "2.P0.spl" in line and "No such file" in line


def test_missing_model_file(config: Path) -> None:
    (config.parent / "models" / "2.M1.spl").unlink()
    code, _, err = run_rougekit_perl(["-a", "-n", "1", str(config)])
    line = error_line(code, err, 1)
    assert "model summary (EVAL 2)" in line and "2.M1.spl" in line


def test_directory_instead_of_file(tmp_path: Path) -> None:
    listing = tmp_path / "l.lst"
    listing.write_text(f"{tmp_path} {tmp_path}\n")
    code, _, err = run_rougekit_perl(["-z", "SPL", str(listing)])
    assert "Is a directory" in error_line(code, err, 1)


def test_bad_basic_element_line_names_file_and_line(tmp_path: Path) -> None:
    # The core checks SIMPLE files while reading them in parallel; the error must still name
    # the file and the line, as ROUGE-1.5.5 dies on it.
    (tmp_path / "peer.be").write_text("cat|sit|nsubj\n")
    (tmp_path / "model.be").write_text("cat|sit|nsubj\ndog|bark\n")
    listing = tmp_path / "l.lst"
    listing.write_text(f"{tmp_path / 'peer.be'} {tmp_path / 'model.be'}\n")
    code, _, err = run_rougekit_perl(["-3", "HM", "-z", "SIMPLE", str(listing)])
    line = error_line(code, err, 1)
    assert "model.be:2: not a Basic Element line" in line and "'dog|bark'" in line


def test_undecodable_path_in_file_list(tmp_path: Path) -> None:
    listing = tmp_path / "l.lst"
    listing.write_bytes(b"/nonexistent/\xff\xfe.spl /nonexistent/m.spl\n")
    code, _, err = run_rougekit_perl(["-z", "SPL", str(listing)])
    assert "/nonexistent/" in error_line(code, err, 1)


def test_empty_file_list(tmp_path: Path) -> None:
    listing = tmp_path / "empty.lst"
    listing.write_text("# only a comment\n\n")
    code, out, err = run_rougekit_perl(["-z", "SPL", "-n", "1", str(listing)])
    assert out == b""
    assert str(listing) in error_line(code, err, 1)


def test_unknown_input_format(config: Path) -> None:
    config.write_text(config.read_text().replace('TYPE="SPL"', 'TYPE="HTML"'))
    code, _, err = run_rougekit_perl(["-a", str(config)])
    assert "unknown INPUT-FORMAT TYPE 'HTML'" in error_line(code, err, 1)


def test_basic_elements_need_simple_files(config: Path) -> None:
    code, _, err = run_rougekit_perl(["-3", "HM", "-a", str(config)])
    assert "needs SIMPLE files" in error_line(code, err, 1)


def test_system_id_in_no_eval(config: Path) -> None:
    code, _, err = run_rougekit_perl(["-n", "1", str(config), "Z"])
    assert "'Z' occurs in no EVAL" in error_line(code, err, 1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-r", "0", "-a"], "-r 0"),
        (["-c", "101", "-a"], "-c 101"),
        (["-p", "1.5", "-a"], "-p 1.5"),
        (["-w", "0", "-a"], "-w 0"),
        (["-l", "10", "-b", "75", "-a"], "not both"),
        ([], "system ID"),
    ],
)
def test_option_errors(config: Path, args: list[str], message: str) -> None:
    code, out, err = run_rougekit_perl([*args, str(config)])
    assert out == b""
    assert message in error_line(code, err, 2)


def test_no_arguments_is_a_usage_error() -> None:
    code, _, err = run_rougekit_perl([])
    assert "missing the configuration file" in error_line(code, err, 2)


def test_unknown_option_warns_like_perl_and_runs(config: Path) -> None:
    plain = run_rougekit_perl(["-a", "-n", "1", "-r", "5", str(config)])
    code, out, err = run_rougekit_perl(["-qa", "-n", "1", "-r", "5", str(config)])
    assert code == 0 and out == plain[1] and out
    assert "Unknown option: q" in err


def test_peer_missing_from_an_eval_warns(config: Path) -> None:
    code, out, err = run_rougekit_perl(["-a", "-d", "-n", "1", "-r", "5", str(config)])
    assert code == 0
    assert "test instance for peer B does not exist for evaluation 2" in err
    assert b"B ROUGE-1 Eval 1.B" in out and b"Eval 2.B" not in out


def test_reference_without_tokens_under_w(tmp_path: Path) -> None:
    """ROUGE-1.5.5 dies ("Illegal division by zero"); rougekit names the eval and model
    on stderr, scores that instance 0 for ROUGE-W and everything else normally."""
    cases = [
        Case(peers={"A": "the cat sat"}, references=["the cat sat"]),
        Case(peers={"A": "a dog"}, references=["a dog barks", "!!! ... ---"]),
    ]
    config = write_xml_case_files(tmp_path, cases)
    code, out, err = run_rougekit_perl(["-a", "-d", "-n", "1", "-w", "1.2", str(config)])
    assert code == 0, err
    (warning,) = [ln for ln in err.splitlines() if "ROUGE-W" in ln]
    assert "EVAL 2" in warning and "model M1" in warning and "2.M1.spl" in warning
    assert b"A ROUGE-W-1.2 Eval 2.A R:0.00000 P:0.00000 F:0.00000" in out
    assert b"A ROUGE-W-1.2 Eval 1.A R:0.80274 P:1.00000" in out  # R = 3^(1-1.2), spec §8.3
    assert b"A ROUGE-1 Eval 2.A R:0.66667 P:0.50000 F:0.57143" in out  # P: 2 hits / (2 models x 2)


def test_help_and_version() -> None:
    for flag in ("-h", "-H", "--help"):
        code, out, _ = run_rougekit_perl([flag])
        assert code == 0 and b"usage: rougekit perl" in out and b"--stemmer-table" in out
    code, out, _ = run_rougekit_perl(["--version"])
    assert code == 0 and out.startswith(b"rougekit ")


def test_ignored_options_warn(config: Path) -> None:
    plain = run_rougekit_perl(["-a", "-n", "1", "-r", "5", str(config)])
    code, out, err = run_rougekit_perl(
        ["-a", "-M", "-v", "-e", "/nonexistent", "-n", "1", "-r", "5", str(config)]
    )
    assert code == 0 and out == plain[1]
    assert "-M (stem models only) is not reproduced" in err and "-v" in err


def test_file_list_default_and_given_system_id(tmp_path: Path) -> None:
    listing = write_list_case_files(tmp_path, [Case(peers={"X": "a b"}, references=["a c"])])
    _, out, _ = run_rougekit_perl(["-z", "SPL", "-d", "-n", "1", "-r", "2", str(listing)])
    assert b"X ROUGE-1 Eval 1.X R:0.50000 P:0.50000 F:0.50000" in out
    _, out, _ = run_rougekit_perl(["-z", "spl", "-n", "1", "-r", "2", str(listing), "26"])
    assert out.startswith(b"-" * 45 + b"\n26 ROUGE-1 Average_R: 0.50000")


def test_no_traceback_through_the_console_entry_point(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text("<EVAL")
    proc = subprocess.run(
        [sys.executable, "-m", "rougekit", "perl", "-a", str(bad)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "malformed XML" in proc.stderr
