"""Writing the command line's output files atomically: a report, a per-pair file, a page
or a picture appears whole under its name or not at all; a device, a FIFO, a symlink's
target or a descriptor (``/dev/stdout``) is written in place, never replaced.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from rougekit.errors import DataError


@contextlib.contextmanager
def atomic_output(path: Path, *, newline: str | None = "\n") -> Iterator[IO[str]]:
    """A text file under ``path`` that a failed run never leaves half written.

    A regular file (or a new path) is written to a temporary file in the same directory and
    moved into place with ``os.replace`` only when the block finishes, so an interrupted run
    (Ctrl-C, a data error) leaves the previous content or nothing. A symbolic link is
    written through (its target gets the same treatment); a device or a FIFO
    (``/dev/null``, a named pipe) is opened and written directly, never replaced; a name
    of a descriptor the process has open (``/dev/stdout``, ``/dev/fd/3``) is written
    through that descriptor, where the shell pointed it. ``-`` is standard output. A
    read-only file is refused, as ``>`` would refuse it. Any failure (a directory, a
    missing folder, a full disk) is a :class:`DataError` naming the path.
    """
    if str(path) == "-":
        yield sys.stdout
        sys.stdout.flush()
        return
    with _output(path, "w", newline) as handle:
        yield handle


@contextlib.contextmanager
def atomic_binary_output(path: Path) -> Iterator[IO[bytes]]:
    """:func:`atomic_output` for binary files (pictures)."""
    with _output(path, "wb", None) as handle:
        yield handle


def check_output_is_not_input(output: Path, inputs: Iterable[Path]) -> None:
    """:class:`DataError` when ``output`` is the same file as one of ``inputs``: writing
    the report would destroy the data it was computed from."""
    try:
        out = os.stat(output)
    except OSError:
        return  # a new path cannot be an input
    for given in inputs:
        if str(given) == "-":
            continue
        with contextlib.suppress(OSError):
            st = os.stat(given)
            if (st.st_dev, st.st_ino) == (out.st_dev, out.st_ino) and stat.S_ISREG(st.st_mode):
                raise DataError(f"{output}: is also an input ({given}); refusing to overwrite it")


def same_file(a: Path, b: Path) -> bool:
    """True when two output paths would write the same regular file (one report would
    replace the other); devices, FIFOs and open descriptors (``/dev/stdout``) take both."""
    if _descriptor(a) is not None or _descriptor(b) is not None:
        return False
    try:
        sa, sb = os.stat(a), os.stat(b)
    except OSError:  # a new path: the same file only by name
        return os.path.realpath(a) == os.path.realpath(b)
    return stat.S_ISREG(sa.st_mode) and (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


# Errors only writing can cause: reported against the output path.
_WRITE_ERRNOS = {errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EROFS, errno.EISDIR}


# Names of a descriptor this process has open: `/dev/stdout` and `/dev/stderr`, `/dev/fd/N`
# and `/proc/self/fd/N` (Linux links these to the open file itself).
_DESCRIPTOR_NAME = re.compile(r"/dev/(stdout|stderr|fd/\d+)|/proc/(self|thread-self|\d+)/fd/(\d+)")


def _descriptor(path: Path) -> int | None:
    """The open descriptor that ``path`` names (``/dev/stdout``, ``/dev/fd/3``, a link to
    one), or ``None``. Such a path must be written through the descriptor: reopening it
    would truncate a file the shell opened for appending (``>> log``), and its real path
    (``/proc/self/fd/1`` -> ``pipe:[N]`` or the redirected file) is no place for an atomic
    rename."""
    name = os.path.abspath(path)
    for _ in range(40):  # the kernel's own bound on links in one lookup
        m = _DESCRIPTOR_NAME.fullmatch(name)
        if m and m.group(2) in (None, "self", "thread-self", str(os.getpid())):
            device = m.group(1) or ""
            standard = {"stdout": 1, "stderr": 2}.get(device)
            return standard or int(m.group(3) or device.removeprefix("fd/"))
        try:
            link = os.readlink(name)
        except OSError:
            return None  # not a link: an ordinary path
        name = os.path.normpath(os.path.join(os.path.dirname(name), link))
    return None


@contextlib.contextmanager
def _output(path: Path, mode: str, newline: str | None) -> Iterator[Any]:
    fd = _descriptor(path)
    if fd is not None:
        with _write_descriptor(path, fd, mode, newline) as handle:
            yield handle
        return
    target = Path(os.path.realpath(path))  # through symbolic links, never replacing them
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise DataError(f"{path}: cannot write: {e.strerror or e}") from None
    encoding = None if "b" in mode else "utf-8"
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise DataError(f"{path}: cannot write: Is a directory")
    if st is not None and not stat.S_ISREG(st.st_mode):
        # A device, a FIFO or a socket: written in place (no atomic rename is possible,
        # and a rename would replace the node itself).
        try:
            with open(target, mode, encoding=encoding, newline=newline) as handle:
                yield handle
        except OSError as e:
            if e.errno not in _WRITE_ERRNOS and not isinstance(e, PermissionError):
                raise
            raise DataError(f"{path}: cannot write: {e.strerror or e}") from None
        return
    if st is not None and not os.access(target, os.W_OK, effective_ids=True):
        # The rename below would get round a read-only file's mode; `>` would not.
        raise DataError(f"{path}: cannot write: Permission denied")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as e:
        raise DataError(f"{path}: cannot write: {e.strerror or e}") from None
    try:
        with open(fd, mode, encoding=encoding, newline=newline) as handle:
            yield handle
        _publish(tmp, target, st)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if e.errno not in _WRITE_ERRNOS and not isinstance(e, PermissionError):
            raise  # e.g. a read error of an input while this output was open
        raise DataError(f"{path}: cannot write: {e.strerror or e}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def _write_descriptor(path: Path, fd: int, mode: str, newline: str | None) -> Iterator[Any]:
    """Writes to the open descriptor ``fd`` (see :func:`_descriptor`), left open, after
    what Python's own streams hold for it, so the output lands where the shell put it."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    encoding = None if "b" in mode else "utf-8"
    try:
        handle = open(fd, mode, encoding=encoding, newline=newline, closefd=False)  # noqa: SIM115
    except OSError as e:  # e.g. EBADF: the descriptor is not open
        raise DataError(f"{path}: cannot write: {e.strerror or e}") from None
    try:
        with handle:
            yield handle
    except OSError as e:
        if (
            e.errno not in _WRITE_ERRNOS
            and e.errno != errno.EPIPE
            and not isinstance(e, PermissionError)
        ):
            raise
        raise DataError(f"{path}: cannot write: {e.strerror or e}") from None


def _publish(tmp: str, path: Path, previous: os.stat_result | None) -> None:
    """Moves ``tmp`` to ``path`` keeping the mode of the file it replaces, or with the
    permissions a plain ``open()`` would have given a new file (``mkstemp`` creates files
    readable by their owner only)."""
    if previous is not None:
        os.chmod(tmp, stat.S_IMODE(previous.st_mode))
    else:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
    os.replace(tmp, path)
