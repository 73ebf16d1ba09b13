"""``python -m rougekit`` and the ``rougekit`` command.

``rougekit perl`` goes straight to ROUGE-1.5.5's command line, without importing the
``score``/``compare`` machinery: that command's whole run takes well under a second, so its
start-up time counts.
"""

from __future__ import annotations

import sys


def main() -> int:
    """Runs the command line with ``sys.argv``; returns the exit code."""
    if sys.argv[1:2] == ["perl"]:
        from rougekit.perl.command import main as perl_main

        return perl_main(sys.argv[2:])
    from rougekit.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
