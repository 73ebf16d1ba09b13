"""``rougekit perl -a CONFIG``'s prefetch (crates/rougekit-py/src/prefetch.rs): the plan and
summary files read on a background thread while the command's modules import are used
only for exactly the plan the parsed options ask for, and change no output or message."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from perl_oracle import Case, run_rougekit_perl, write_xml_case_files
from rougekit import _core
from rougekit.perl.eval_config import read_xml_plan

ARGS = ["-n", "2", "-2", "4", "-U", "-w", "1.2", "-m", "-d", "-c", "95", "-r", "100"]


def _cases(n: int) -> list[Case]:
    words = [
        "the",
        "cat",
        "sat",
        "on",
        "a",
        "mat",
        "while",
        "dogs",
        "ran",
        "past",
        "it",
        "and",
        "birds",
        "sang",
    ]
    return [
        Case(
            peers={
                peer: " ".join(words[(i * k + j) % len(words)] for j in range(5 + i % 9))
                + "\n"
                + " ".join(words[(i + j * k) % len(words)] for j in range(4))
                for k, peer in enumerate(["A", "B", "C"], start=1)
            },
            references=[
                " ".join(words[(i + 3 * j + r) % len(words)] for j in range(6 + r))
                for r in range(2)
            ],
        )
        for i in range(n)
    ]


@pytest.fixture
def config(tmp_path: Path) -> Path:
    return write_xml_case_files(tmp_path, _cases(300))


def _prefetched_plan(config: Path, peer: str | None, args: list[str] | None = None) -> bool:
    _core.perl_prefetch([*(args or []), "-a", str(config)])
    return read_xml_plan(str(config), peer).prefetched


def test_the_plan_of_the_same_text_for_every_peer_is_taken(config: Path) -> None:
    assert _prefetched_plan(config, None)


def test_one_peer_does_not_take_it(config: Path) -> None:
    _core.perl_prefetch(["-a", str(config)])
    plan = read_xml_plan(str(config), "B")
    assert not plan.prefetched and plan.peers == ["B"]


def test_another_text_does_not_take_it(config: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.xml"
    other.write_text(config.read_text().replace('<P ID="C">', '<P ID="D">'))
    _core.perl_prefetch(["-a", str(config)])
    plan = read_xml_plan(str(other), None)
    assert not plan.prefetched and plan.peers == ["A", "B", "D"]
    # ... and the prefetch is gone: the next plan of the first text is read anew.
    assert not read_xml_plan(str(config), None).prefetched


def test_without_a_then_nothing_is_prefetched(config: Path) -> None:
    _core.perl_prefetch([str(config)])
    assert not read_xml_plan(str(config), None).prefetched


def test_a_text_python_decodes_otherwise_is_not_taken(tmp_path: Path) -> None:
    config = write_xml_case_files(tmp_path, _cases(3))
    latin = config.read_text().replace('"1.5.5">', '"1.5.5"><!-- caf\u00e9 -->')
    config.write_bytes(b'<?xml version="1.0" encoding="latin-1"?>' + latin.encode("latin-1"))
    assert not _prefetched_plan(config, None)


def test_the_output_is_the_same(config: Path) -> None:
    """In this process: with a prefetch taken, and without one."""
    _core.perl_prefetch([*ARGS, "-a", str(config)])
    with_prefetch = run_rougekit_perl([*ARGS, "-a", str(config)])
    without = run_rougekit_perl([*ARGS, "-a", str(config)])
    assert with_prefetch == without
    assert with_prefetch[0] == 0
    assert with_prefetch[1].count(b" Eval ") == 6 * 3 * 300  # -d: six types, three peers


def test_the_command_line_takes_it_and_prints_the_same(config: Path) -> None:
    """``python -m rougekit perl`` (the entry point that starts the prefetch) against the
    command run in this process without one, on 300 evaluations of 3 peers."""
    proc = subprocess.run(
        [sys.executable, "-m", "rougekit", "perl", *ARGS, "-a", str(config)],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
    code, out, err = run_rougekit_perl([*ARGS, "-a", str(config)])
    assert (proc.returncode, proc.stdout, proc.stderr.decode()) == (code, out, err)


def test_a_missing_file_is_the_same_error(config: Path) -> None:
    (config.parent / "models" / "7.M1.spl").unlink()
    (config.parent / "peers" / "9.P0.spl").unlink()
    _core.perl_prefetch(["-n", "1", "-a", str(config)])
    with_prefetch = run_rougekit_perl(["-n", "1", "-a", str(config)])
    without = run_rougekit_perl(["-n", "1", "-a", str(config)])
    assert with_prefetch == without
    assert with_prefetch[0] == 1 and "model summary (EVAL 7)" in with_prefetch[2]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_never_opened(tmp_path: Path) -> None:
    """A FIFO named last is left to the command: the prefetch never becomes its reader."""
    fifo = tmp_path / "config.xml"
    os.mkfifo(fifo)
    _core.perl_prefetch(["-a", str(fifo)])
    time.sleep(0.3)
    with pytest.raises(OSError) as raised:  # no reader: a non-blocking writer is refused
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    assert raised.value.errno == errno.ENXIO


def test_a_config_name_that_is_not_utf8_is_prefetched(tmp_path: Path) -> None:
    """Arguments are the process's bytes: ``sys.argv`` holds a name that is not UTF-8 with
    surrogates, and the prefetch takes it back to the same bytes (0.1.0 raised
    UnicodeEncodeError, a traceback of every ``rougekit perl`` run naming such a file)."""
    config = write_xml_case_files(tmp_path, _cases(3))
    named = tmp_path / os.fsdecode(b"c\xff.xml")
    config.rename(named)
    assert _prefetched_plan(named, None)
    proc = subprocess.run(
        [sys.executable, "-m", "rougekit", "perl", *ARGS, "-a", str(named)],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
    code, out, err = run_rougekit_perl([*ARGS, "-a", str(named)])
    assert (proc.returncode, proc.stdout, proc.stderr.decode()) == (code, out, err)
    assert code == 0 and out.count(b" Eval ") == 6 * 3 * 3
