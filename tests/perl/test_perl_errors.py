"""``rougekit perl`` on bad input: one clear line, a non-zero exit code, never a traceback.

Exit codes: 2 for bad options (ROUGE-1.5.5.pl dies on most of them), 1 for bad
configuration or summary files (the message names the file). Warnings go to stderr and
the run goes on, as in Perl.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from perl_oracle import (
    Case,
    oracle_or_skip,
    run_rougekit_perl,
    write_list_case_files,
    write_xml_case_files,
)

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
    code, out, err = run_rougekit_perl(["-a", "-M", "-v", "-n", "1", "-r", "5", str(config)])
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


# -- hostile XML configurations (fuzz trial D3-D5) -------------------------------------------


def _hostile_config(
    tmp_path: Path,
    *,
    peer: str,
    models: str = '<M ID="A">m.spl</M>',
    dtd: str = "",
    eval_attrs: str = "",
    around: tuple[str, str] = ("", ""),
) -> Path:
    """One EVAL over SPL files ``p.spl``/``m.spl`` (``the cat sat``), ``q.spl`` and
    ``r.spl``: ``peer`` is the PEERS body, ``models`` the MODELS body, ``around`` wraps
    PEERS."""
    for name, text in (
        ("p", "the cat sat"),
        ("m", "the cat sat"),
        ("q", "a dog ran"),
        ("r", "the cat"),
    ):
        (tmp_path / f"{name}.spl").write_text(text + "\n")
    path = tmp_path / "hostile.xml"
    path.write_text(
        f'{dtd}<ROUGE-EVAL version="1.5.5"><EVAL ID="1"{eval_attrs}>'
        f"<PEER-ROOT>{tmp_path}</PEER-ROOT><MODEL-ROOT>{tmp_path}</MODEL-ROOT>"
        f'<INPUT-FORMAT TYPE="SPL"/>{around[0]}<PEERS>{peer}</PEERS>{around[1]}'
        f"<MODELS>{models}</MODELS></EVAL></ROUGE-EVAL>\n"
    )
    return path


def test_deeply_nested_configuration_scores_as_perl_does(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    # 0.1.0 overflowed its stack (SIGSEGV, exit 139) from 50,000 levels; Perl scores it.
    depth = 100_000
    config = _hostile_config(
        tmp_path, peer='<P ID="A">p.spl</P>', around=("<d>" * depth, "</d>" * depth)
    )
    code, out, err = run_rougekit_perl(["-n", "1", "-a", str(config)])
    assert code == 0, err
    assert b"ROUGE-1 Average_R: 1.00000" in out
    perl = oracle_or_skip(tmp_path_factory)
    assert out == perl.stdout(["-n", "1", "-a", str(config)], cwd=tmp_path)


# Where a P, an M and their values are found, as ROUGE-1.5.5 (XML::DOM) reads them.
ELEMENT_PLACES = {
    "nested-M-ignored": ('<P ID="A">p.spl</P>', '<d><M ID="A">q.spl</M></d><M ID="B">r.spl</M>'),
    "nested-P-ignored": ('<d><P ID="Z">q.spl</P></d><P ID="A">p.spl</P>', '<M ID="B">r.spl</M>'),
    "last-direct-text": ('<P ID="A">q.<!-- c -->spl<x/>p.spl</P>', '<M ID="B">r.spl<x/></M>'),
    "cdata-joins-text": ('<P ID="A">p.<![CDATA[spl]]></P>', '<M ID="B">r.spl</M>'),
    "sections-at-depth": ('<P ID="A">p.spl</P>', '<M ID="B">r.spl</M>'),
}


@pytest.mark.parametrize("place", ELEMENT_PLACES)
def test_peers_and_models_are_found_where_perl_finds_them(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, place: str
) -> None:
    peers, models = ELEMENT_PLACES[place]
    around = ("<d>", "</d>") if place == "sections-at-depth" else ("", "")
    config = _hostile_config(tmp_path, peer=peers, models=models, around=around)
    args = ["-n", "1", "-a", "-d", str(config)]
    code, out, err = run_rougekit_perl(args)
    assert code == 0, err
    perl = oracle_or_skip(tmp_path_factory)
    assert out == perl.stdout(args, cwd=tmp_path)


def test_entity_expansion_is_bounded(tmp_path: Path) -> None:
    # 160 KB that expat would expand to 2 GB (the process aborted after 52 s in 0.1.0).
    dtd = f'<!DOCTYPE ROUGE-EVAL [<!ENTITY a "{"A" * 100_000}">]>'
    config = _hostile_config(tmp_path, dtd=dtd, peer='<P ID="A">' + "&a;" * 20_000 + "</P>")
    code, out, err = run_rougekit_perl(["-n", "1", "-a", str(config)])
    assert out == b""
    line = error_line(code, err, 1)
    assert str(config) in line and "expand to more than" in line


def test_billion_laughs_is_refused(tmp_path: Path) -> None:
    entities = '<!ENTITY l0 "lol">' + "".join(
        f'<!ENTITY l{k} "{f"&l{k - 1};" * 10}">' for k in range(1, 10)
    )
    config = _hostile_config(
        tmp_path, dtd=f"<!DOCTYPE ROUGE-EVAL [{entities}]>", peer='<P ID="A">&l9;</P>'
    )
    code, _, err = run_rougekit_perl(["-n", "1", "-a", str(config)])
    assert "expand to more than" in error_line(code, err, 1)


def test_many_attributes_are_refused_fast(tmp_path: Path) -> None:
    # 200,000 attributes took over a minute in 0.1.0 (a quadratic duplicate check).
    attrs = "".join(f' a{i}="0"' for i in range(200_000))
    config = _hostile_config(tmp_path, peer='<P ID="A">p.spl</P>', eval_attrs=attrs)
    code, _, err = run_rougekit_perl(["-n", "1", "-a", str(config)])
    line = error_line(code, err, 1)
    assert str(config) in line and "200001 attributes" in line and "line 1" in line


def test_external_entities_are_never_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("secret-token-xyz")
    dtd = f'<!DOCTYPE ROUGE-EVAL [<!ENTITY x SYSTEM "file://{secret}">]>'
    config = _hostile_config(tmp_path, dtd=dtd, peer='<P ID="A">p.spl&x;</P>')
    code, out, err = run_rougekit_perl(["-n", "1", "-a", str(config)])
    assert code != 0
    assert b"secret-token" not in out and "secret-token" not in err


# -- the process around the run: signals and output streams (fuzz trial D13 b, c, l) --------


def _perl_process(config: Path, *, stdout: Any) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "rougekit", "perl", "-n", "1", "-a", str(config)],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
    )


def _interrupted_after_2s(proc: subprocess.Popen[str]) -> str:
    """The error line of ``proc`` sent SIGINT after 2 s (exit 130 asserted)."""
    try:
        time.sleep(2.0)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    return error_line(proc.returncode, err, 130)


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
def test_ctrl_c_is_one_line_and_exit_130(tmp_path: Path) -> None:
    # ROUGE-1.5.5's bootstrap with 10^7 resamples: minutes of work, stopped by the signal.
    cases = [Case(peers={"A": f"the cat sat {i}"}, references=[f"a cat {i}"]) for i in range(300)]
    config = write_xml_case_files(tmp_path, cases)
    proc = subprocess.Popen(
        [sys.executable, "-m", "rougekit", "perl", "-r", "10000000", "-n", "1", "-a", str(config)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert _interrupted_after_2s(proc) == "rougekit perl: error: interrupted"


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
def test_ctrl_c_inside_one_long_instance_is_exit_130(tmp_path: Path) -> None:
    # One instance of 300,000 one-word sentences a side: ROUGE-L's summary level visits
    # 9 x 10^10 sentence pairs (many minutes), and its kernel must notice the signal while
    # it runs.
    def lines(step: int) -> str:
        return "\n".join(f"w{i * step % 5000}" for i in range(300_000))

    case = Case(peers={"A": lines(7919)}, references=[lines(104_729)])
    proc = _perl_process(write_xml_case_files(tmp_path, [case]), stdout=subprocess.DEVNULL)
    assert _interrupted_after_2s(proc) == "rougekit perl: error: interrupted"


def test_full_or_closed_stdout_is_one_line(config: Path) -> None:
    with open("/dev/full", "w") as full:
        proc = _perl_process(config, stdout=full)
        _, err = proc.communicate(timeout=60)
    assert "No space left on device" in error_line(proc.returncode, err, 1)
    closed = subprocess.run(
        [sys.executable, "-m", "rougekit", "perl", "-n", "1", "-a", str(config)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert "standard output is closed" in error_line(closed.returncode, closed.stderr, 1)


# -- arguments that are not UTF-8: Linux file names and IDs are bytes, as ROUGE-1.5.5 takes them


def _rougekit_process(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """``python -m rougekit perl ARGS`` (str arguments holding undecodable bytes as
    surrogates, as ``os.fsdecode`` gives them: the process gets the bytes)."""
    return subprocess.run(
        [sys.executable, "-m", "rougekit", "perl", *args],
        cwd=cwd,
        capture_output=True,
        timeout=120,
        check=False,
    )


def _byte_named_inputs(folder: Path) -> None:
    """SPL files, a file list, ``x.xml`` (peer A) and ``y.xml`` (peers "ÿ" and A, in UTF-8),
    and ``v\\xff.xml``, a copy of ``x.xml`` under a name that is not UTF-8."""
    (folder / "p.spl").write_text("the cat sat on the mat\n")
    (folder / "m.spl").write_text("the cat went to the mat\n")
    (folder / "l.lst").write_text("p.spl m.spl\n")
    for name, peers in (("x.xml", ["A"]), ("y.xml", ["\u00ff", "A"])):
        parts = ['<ROUGE-EVAL version="1.5.5"><EVAL ID="1">']
        parts.append('<PEER-ROOT>.</PEER-ROOT><MODEL-ROOT>.</MODEL-ROOT><INPUT-FORMAT TYPE="SPL"/>')
        parts.append("<PEERS>" + "".join(f'<P ID="{p}">p.spl</P>' for p in peers) + "</PEERS>")
        parts.append('<MODELS><M ID="M">m.spl</M></MODELS></EVAL></ROUGE-EVAL>\n')
        (folder / name).write_text("".join(parts), encoding="utf-8")
    (folder / os.fsdecode(b"v\xff.xml")).write_bytes((folder / "x.xml").read_bytes())


FF = os.fsdecode(b"\xff")
BYTE_ARGUMENTS = {
    "config-name": ["-n", "1", "-a", f"v{FF}.xml"],
    "data-folder": ["-e", f"d{FF}", "-n", "1", "-m", "-a", "x.xml"],
    "list-system-id": ["-n", "1", "-d", "-z", "SPL", "l.lst", FF],
    "xml-system-id": ["-n", "1", "-d", "y.xml", FF],
    "option-value": ["-n", "1", "-w", f"1.2{FF}", "-2", f"4{FF}", "y.xml", FF],
}


@pytest.mark.parametrize("case", BYTE_ARGUMENTS)
def test_arguments_that_are_not_utf8_run_as_perl_runs(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, case: str
) -> None:
    """A file name, a data folder (``-e``), a system ID or an option value with the byte
    0xFF: read as bytes and printed as the same bytes, as ROUGE-1.5.5 does (0.1.0: a
    traceback from the prefetch). A system ID is matched with the XML's IDs as Perl does:
    byte 0xFF is the character U+00FF."""
    _byte_named_inputs(tmp_path)
    perl = oracle_or_skip(tmp_path_factory)
    shutil.copytree(perl.data_dirs["canonical"], tmp_path / f"d{FF}")
    args = BYTE_ARGUMENTS[case]
    proc = _rougekit_process(args, tmp_path)
    assert b"Traceback" not in proc.stderr
    assert proc.returncode == 0, proc.stderr
    if "system-id" in case or case == "option-value":
        assert proc.stdout.split(b"\n")[1].startswith(b"\xff ROUGE-1 Average_R: ")
    expected = perl.run(args, cwd=tmp_path)
    assert expected.returncode == 0, expected.stderr
    assert proc.stdout == expected.stdout


def test_a_utf8_system_id_is_read_as_bytes_as_perl_reads_it(tmp_path: Path) -> None:
    """ROUGE-1.5.5 reads ``ÿ`` typed in UTF-8 as the two characters of its bytes, so it
    selects no peer of an XML file whose peer is "ÿ" (it prints zeros): an error here,
    saying which bytes select that peer."""
    _byte_named_inputs(tmp_path)
    proc = _rougekit_process(["-n", "1", "y.xml", "\u00ff"], tmp_path)
    line = error_line(proc.returncode, proc.stderr.decode("utf-8", "replace"), 1)
    assert "system ID '\u00ff' occurs in no EVAL" in line  # named as typed
    assert "the peer '\u00ff' is selected by the bytes b'\\xff'" in line and "-a" in line


# -- mistyped options -------------------------------------------------------------------------


def test_a_mistyped_option_that_ends_the_options_exits_as_perl(
    tmp_path_factory: pytest.TempPathFactory, config: Path
) -> None:
    """``-N 4``: ``-N`` is no option, so (Getopt::Std) options end at ``4``, read as the
    configuration file: ROUGE-1.5.5 exits 2 ("Couldn't open 4"); so does rougekit, and its
    line names the unknown option (0.1.0: exit 1)."""
    args = ["-N", "4", "-a", str(config)]
    code, out, err = run_rougekit_perl(args)
    assert out == b""
    line = error_line(code, err, 2)
    assert "-N is not a ROUGE-1.5.5 option" in line and "'4'" in line
    perl = oracle_or_skip(tmp_path_factory)
    assert perl.run(args, cwd=config.parent).returncode == 2


def test_an_error_names_a_file_by_its_bytes(tmp_path: Path) -> None:
    proc = _rougekit_process(["-n", "1", "-a", f"missing{FF}.xml"], tmp_path)
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr.startswith(b"rougekit perl: error: cannot read configuration file ")
    assert b"missing\xff.xml: No such file or directory" in proc.stderr
    assert proc.stderr.count(b"\n") == 1
