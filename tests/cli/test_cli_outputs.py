"""Where ``rougekit score`` writes, and how every failure around a run ends: one
``rougekit: error:`` line and exit 1 (data), 2 (usage) or 130, never a traceback, and
nothing on disk replaced that was not a regular file (new-user trial #113-#118, fuzz trial
D13/D14)."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

PRED = "the cat sat on the mat\na dog ran home\n"
REF = "the cat is on the mat\na dog ran to its home\n"


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    p, r = tmp_path / "p.txt", tmp_path / "r.txt"
    p.write_text(PRED)
    r.write_text(REF)
    return p, r


def rougekit(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-m", "rougekit", *args],
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        timeout=120,
        **kwargs,
    )


def error_line(proc: subprocess.CompletedProcess[str], code: int) -> str:
    assert proc.returncode == code, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.startswith("rougekit: error:")]
    assert len(lines) == 1, proc.stderr
    return lines[0]


def score(files: tuple[Path, Path], *extra: str, **kwargs: Any) -> Any:
    p, r = files
    return rougekit("score", "-p", str(p), "-r", str(r), "--no-progress", *extra, **kwargs)


# -- outputs that are not regular files are written, never replaced ---------------------------


@pytest.mark.skipif(os.geteuid() != 0, reason="creating a device node needs root")
def test_a_device_node_is_written_not_replaced(files: tuple[Path, Path], tmp_path: Path) -> None:
    node = tmp_path / "null"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a private /dev/null
    proc = score(files, "-o", str(node))
    assert proc.returncode == 0, proc.stderr
    assert stat.S_ISCHR(os.lstat(node).st_mode)


def test_dev_full_is_one_error_line_and_stays_a_device(files: tuple[Path, Path]) -> None:
    for flag in ("-o", "--per-instance"):
        line = error_line(score(files, flag, "/dev/full"), 1)
        assert "/dev/full" in line and "No space left on device" in line
    assert stat.S_ISCHR(os.lstat("/dev/full").st_mode)


def test_a_fifo_is_written_through(files: tuple[Path, Path], tmp_path: Path) -> None:
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()), daemon=True)
    reader.start()
    proc = score(files, "-f", "json", "-o", str(fifo))
    reader.join(timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert '"rouge1"' in received[0]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_symlink_is_written_through(files: tuple[Path, Path], tmp_path: Path) -> None:
    target, link = tmp_path / "report.json", tmp_path / "link.json"
    target.write_text("old")
    target.chmod(0o640)
    link.symlink_to(target)
    assert score(files, "-f", "json", "-o", str(link)).returncode == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert '"rouge1"' in target.read_text()
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the file's mode is kept


@pytest.mark.parametrize("flag", ["-o", "--per-instance"])
def test_dev_stdout_appends_where_the_shell_points(
    files: tuple[Path, Path], tmp_path: Path, flag: str
) -> None:
    # `-o /dev/stdout >> log` must append to log: reopening the path (or renaming over
    # its real path, the old code) wiped what the file held (review 8, #1).
    log = tmp_path / "log.txt"
    log.write_text("kept\n")
    with open(log, "a") as out:
        out.write("")  # the shell's `>>`: opened for appending, at the end
        proc = score(files, "-f", "csv", flag, "/dev/stdout", stdout=out)
    assert proc.returncode == 0, proc.stderr
    text = log.read_text()
    assert text.startswith("kept\n") and "rouge1" in text, text
    assert not log.is_symlink()


def test_dev_stdout_and_dev_fd_into_a_pipe(files: tuple[Path, Path]) -> None:
    # A pipe's real path (`/proc/self/fd/1` -> `pipe:[N]`) does not exist: the old code
    # failed with "No such file or directory" (review 8, #2).
    for name in ("/dev/stdout", "/proc/self/fd/1", "/dev/fd/1"):
        proc = score(files, "-f", "csv", "-o", name)  # stdout is a pipe here
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith("type,n,precision"), proc.stdout
    err = score(files, "-t", "rouge1", "-f", "csv", "-o", "/dev/stderr")
    assert err.returncode == 0 and err.stderr.startswith("type,n,precision"), err.stderr
    line = error_line(score(files, "-o", "/dev/fd/9"), 1)
    assert "/dev/fd/9" in line and "Bad file descriptor" in line


def test_two_outputs_that_are_one_file_are_refused(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    # Before, `--per-instance F -o F` exited 0 and the report replaced the rows (review 8, #5).
    out = tmp_path / "same.csv"
    line = error_line(score(files, "--per-instance", str(out), "-o", str(out)), 2)
    assert "-o and --per-instance name the same file" in line
    assert not out.exists()
    out.write_text("old")
    (tmp_path / "hard.csv").hardlink_to(out)
    line = error_line(score(files, "--per-instance", str(tmp_path / "hard.csv"), "-o", str(out)), 2)
    assert "name the same file" in line and out.read_text() == "old"
    both = score(files, "--per-instance", "/dev/stdout", "-o", "/dev/stdout")
    assert both.returncode == 0 and '"id": "0"' in both.stdout and "rouge1" in both.stdout


def test_a_read_only_file_or_hidden_input_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What the next test checks as another user, here as any user: the write permission
    # is asked before the rename, and a lookup error is not a traceback.
    import rougekit.cli.input_files as rin
    import rougekit.cli.output_files as rout

    target = tmp_path / "ro.txt"
    target.write_text("old")
    monkeypatch.setattr(rout.os, "access", lambda *a, **k: False)
    denied_write = pytest.raises(rout.DataError, match=r"ro\.txt: cannot write: Permission denied")
    with denied_write, rout.atomic_output(target) as out:
        out.write("new")
    assert target.read_text() == "old"

    def denied(*a: Any, **k: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(rin.os, "stat", denied)
    assert rin.is_dir(tmp_path) is False


def _nobody_can_run_python() -> bool:
    try:
        nobody = {"user": 65534, "group": 65534, "extra_groups": []}
        run = subprocess.run([sys.executable, "-c", "import rougekit"], check=False, **nobody)
    except OSError:
        return False
    return run.returncode == 0


@pytest.mark.skipif(
    os.geteuid() != 0 or not _nobody_can_run_python(),
    reason="runs the command as `nobody`, who needs to reach this interpreter",
)
def test_a_read_only_file_is_not_replaced() -> None:
    # The atomic rename got round the file's mode (review 8, #6); `>` would refuse. Run
    # as `nobody`, since no mode stops root, in a folder everyone may enter.
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        folder.chmod(0o777)
        files = (folder / "p.txt", folder / "r.txt")
        files[0].write_text(PRED)
        files[1].write_text(REF)
        target = folder / "ro.txt"
        target.write_text("old")
        target.chmod(0o444)
        nobody: dict[str, Any] = {"user": 65534, "group": 65534, "extra_groups": []}
        line = error_line(score(files, "-o", str(target), **nobody), 1)
        assert "ro.txt: cannot write: Permission denied" in line
        assert target.read_text() == "old" and stat.S_IMODE(target.stat().st_mode) == 0o444
        # An input in a folder this user cannot enter: one line, not a traceback (a
        # `Path.is_dir()` raised PermissionError before).
        hidden = folder / "hidden"
        hidden.mkdir(mode=0o700)
        line = error_line(score((hidden / "p.txt", files[1]), **nobody), 1)
        assert "hidden/p.txt: cannot read: Permission denied" in line


@pytest.mark.parametrize("flag", ["-o", "--per-instance"])
def test_an_input_is_never_overwritten(files: tuple[Path, Path], flag: str) -> None:
    p, r = files
    for victim in (p, r):
        line = error_line(score(files, flag, str(victim)), 1)
        assert "is also an input" in line
    assert p.read_text() == PRED and r.read_text() == REF


def test_a_directory_or_missing_folder_is_one_error_line(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    assert "Is a directory" in error_line(score(files, "-o", str(tmp_path)), 1)
    assert "No such file" in error_line(score(files, "-o", str(tmp_path / "no" / "x.txt")), 1)


# -- the process's own streams and odd inputs -------------------------------------------------


def test_closed_stdin_and_stdout(files: tuple[Path, Path]) -> None:
    _, r = files
    closed_in = rougekit("score", "-p", "-", "-r", str(r), preexec_fn=lambda: os.close(0))
    assert "standard input is closed" in error_line(closed_in, 1)
    closed_out = score(files, stdout=None, preexec_fn=lambda: os.close(1))
    assert "standard output is closed" in error_line(closed_out, 1)
    with open("/dev/full", "w") as full:
        assert "No space left" in error_line(score(files, stdout=full), 1)


def test_hostile_jsonl_lines(tmp_path: Path) -> None:
    deep = tmp_path / "deep.jsonl"
    deep.write_text('{"prediction": "a", "references": ' + "[" * 100_000 + "]" * 100_000 + "}\n")
    assert "deep.jsonl:1: malformed JSON: nested too deeply" in error_line(
        rougekit("score", "--jsonl", str(deep)), 1
    )
    big = tmp_path / "bigint.jsonl"
    big.write_text('{"id": ' + "9" * 5000 + ', "prediction": "a b", "references": ["a b"]}\n')
    assert "bigint.jsonl:1: unreadable JSON" in error_line(
        rougekit("score", "--jsonl", str(big)), 1
    )


def test_an_endless_line_is_refused() -> None:
    line = error_line(rougekit("score", "-p", "/dev/zero", "-r", "/dev/zero"), 1)
    assert "/dev/zero:1: line longer than 256 MiB" in line


def test_a_read_error_is_one_line(files: tuple[Path, Path]) -> None:
    _, r = files
    proc = rougekit("score", "-p", "/proc/self/mem", "-r", str(r))
    assert "/proc/self/mem" in error_line(proc, 1)


def test_an_argument_that_is_not_utf8() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "rougekit",
            "tokenize",
            b"caf\xff".decode("utf-8", "surrogateescape"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "not valid UTF-8" in error_line(proc, 2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ci", "1.5"], "--ci is a percentage from 50"),
        (["--ci", "95", "--bootstrap", "1000000000000"], "--bootstrap must be from 1 to"),
    ],
)
def test_numeric_options_have_ranges(
    files: tuple[Path, Path], args: list[str], message: str
) -> None:
    assert message in error_line(score(files, *args), 2)


def test_compare_resample_counts_have_ranges(files: tuple[Path, Path]) -> None:
    p, r = files
    for flag in ("--bootstrap", "--trials"):
        proc = rougekit(
            "compare", "-r", str(r), "-p", str(p), "-p", str(p), "--name", "a", "--name", "b",
            flag, "1000000000000",
        )  # fmt: skip
        assert f"{flag} must be from 1 to 10000000" in error_line(proc, 2)


def test_compare_rows_carry_the_tests_settings(files: tuple[Path, Path]) -> None:
    """CSV and JSONL repeat no report header, so each row names the tests' settings behind
    its p-values and significant (the seed too: ROUGE-1.5.5's signature says seed:perl)."""
    import csv
    import json

    p, r = files
    common = [
        "compare", "-r", str(r), "-p", str(p), "-p", str(p), "--name", "a", "--name", "b",
        "--trials", "300", "--bootstrap", "200", "--level", "0.1", "-t", "rouge1", "--seed", "7",
    ]  # fmt: skip
    proc = rougekit(*common, "--format", "jsonl")
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert rows and all(
        (row["resamples"], row["trials"], row["level"], row["seed"]) == (200, 300, 0.1, 7)
        for row in rows
    )
    proc = rougekit(*common, "--format", "csv")
    assert proc.returncode == 0, proc.stderr
    table = list(csv.DictReader(proc.stdout.splitlines()))
    assert table and all(
        (row["resamples"], row["trials"], row["level"], row["seed"]) == ("200", "300", "0.1", "7")
        for row in table
    )


def test_sigterm_removes_the_temporary_files_and_keeps_the_old_outputs(tmp_path: Path) -> None:
    # The run waits on its standard input with both outputs open (their temporary files
    # exist) when SIGTERM comes: exit 143, one line, the old outputs intact, no *.tmp left.
    out, per_instance = tmp_path / "o.json", tmp_path / "pi.jsonl"
    out.write_text("old report\n")
    per_instance.write_text("old rows\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "rougekit", "score", "--jsonl", "-", "-f", "json",
         "-o", str(out), "--per-instance", str(per_instance)],
        stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stderr is not None
    proc.stdin.write('{"prediction": "a b", "references": ["a"]}\n' * 3000)
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".pi.jsonl.*.tmp")) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert list(tmp_path.glob(".pi.jsonl.*.tmp")), "the run never opened its output"
    proc.send_signal(signal.SIGTERM)
    try:
        stderr = proc.stderr.read()
        assert proc.wait(timeout=60) == 143
    finally:
        proc.kill()
        proc.stdin.close()
    assert stderr == "rougekit: error: terminated\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o.json", "pi.jsonl"]
    assert out.read_text() == "old report\n" and per_instance.read_text() == "old rows\n"
