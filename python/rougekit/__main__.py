"""``python -m rougekit`` and the ``rougekit`` command.

``rougekit perl`` goes straight to ROUGE-1.5.5's command line, without importing the
``score``/``compare`` machinery: that command's whole run takes well under a second, so its
start-up time counts.
"""

from __future__ import annotations

import os
import sys


def main() -> int:
    """Runs the command line with ``sys.argv``; returns the exit code (``rougekit perl``
    ends the process itself once its output is flushed)."""
    try:
        if sys.argv[1:2] == ["perl"]:
            # Arguments are bytes, as for ROUGE-1.5.5: a name that is not UTF-8 reaches
            # sys.argv with surrogates, and a message naming it prints its very bytes.
            for stream in (sys.stdout, sys.stderr):
                reconfigure = getattr(stream, "reconfigure", None)
                if reconfigure is not None:
                    reconfigure(errors="surrogateescape")
            from rougekit.perl.command import main as perl_main
        else:
            # The package's own import loads nothing (rougekit/__init__.py), so from the
            # console script's first line of rougekit code a Ctrl-C lands here.
            from rougekit.cli import main as cli_main
    except KeyboardInterrupt:  # Ctrl-C while the command line loads: its own message
        sys.stderr.write("rougekit: error: interrupted\n")
        return 130
    if sys.argv[1:2] == ["perl"]:
        code = perl_main(sys.argv[2:])
        _exit_now(code)
        return code
    return cli_main()


def _exit_now(code: int) -> None:
    """Ends a ``rougekit perl`` process at once: its output is written and flushed, it holds
    no other file, thread or exit handler, and the interpreter's teardown (freeing the run's
    objects, finalising every module) was measured at ~10 ms of a 0.4 s CNN/DM run. If a
    flush fails, the normal exit reports it as before."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
