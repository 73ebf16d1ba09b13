"""The ``rougekit`` command line: ``score``, ``compare``, ``explain``, ``report``,
``tokenize``, ``signature``, ``dedup`` and ``perl``.

Exit codes: 0 ok, 1 data error (one line naming file and line), 2 usage error, 130
interrupted (Ctrl-C), 143 terminated (SIGTERM). Inputs are read and scored in chunks, so
memory stays flat however long the input, unless per-pair scores are needed (confidence
intervals, ``compare``, plots), which are then kept as compact float64 arrays. Output files
are written to a temporary file and renamed into place only when the run succeeds.

The package: ``parser`` (the options), ``options`` (options to settings), ``readers`` (the
inputs), ``run`` (scoring a run, its warnings, its outputs), ``commands`` (one function per
command; ``explain`` and ``explain_parsers``: ``explain`` and ``report``; ``dedup``: the
near-duplicate filter); the signature's
reconstruction is :mod:`rougekit.reproduce`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence

from rougekit.errors import DataError, UsageError

__all__ = ["main"]


def _command(name: str) -> Callable[..., int]:
    if name in ("explain", "report"):
        from rougekit.cli import explain

        return explain.run_explain if name == "explain" else explain.run_report
    if name in ("recipes", "identify"):
        from rougekit.cli import recipes

        return recipes.run_recipes if name == "recipes" else recipes.run_identify
    if name == "dedup":
        from rougekit.cli import dedup

        return dedup.run_dedup
    from rougekit.cli import commands

    runs: dict[str, Callable[..., int]] = {
        "score": commands.run_score,
        "compare": commands.run_compare,
        "tokenize": commands.run_tokenize,
        "signature": commands.run_signature,
    }
    return runs[name]


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["perl"]:  # ROUGE-1.5.5's own flags: kept away from argparse
        from rougekit.perl import main as perl_main

        return perl_main(argv[1:])
    try:
        with _sigterm_raises():
            from rougekit.cli.parser import build_parser

            args = build_parser().parse_args(argv)
            code = _command(args.command)(args)
        return code
    except UsageError as e:
        return _fail(str(e), 2)
    except DataError as e:
        return _fail(str(e), 1)
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except Terminated:
        return _fail("terminated", 128 + signal.SIGTERM)
    except UnicodeEncodeError as e:
        bad = e.object[e.start : e.end] if isinstance(e.object, str) else ""
        if any(bad in a for a in argv if isinstance(a, str)):  # an argument, echoed back
            return _fail(f"an argument is not valid UTF-8 ({e.reason})", 2)
        return _fail(f"cannot write {bad!r} as UTF-8 ({e.reason})", 1)
    except MemoryError:
        return _fail("out of memory (an input too large for this machine?)", 1)
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, as Unix tools do.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


class Terminated(BaseException):
    """SIGTERM arrived: raised like ``KeyboardInterrupt`` so that the output files being
    written are removed on the way out (the default action would leave them behind)."""


def _on_sigterm(_signum: int, _frame: object) -> None:
    raise Terminated


@contextlib.contextmanager
def _sigterm_raises() -> Iterator[None]:
    """SIGTERM raises :class:`Terminated` while the command runs, where the process has no
    handler of its own (the command line; not a host that installed one)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    ):
        yield
        return
    signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _fail(message: str, code: int) -> int:
    from rougekit.terminal import printable

    print(f"rougekit: error: {printable(message)}", file=sys.stderr)
    return code
