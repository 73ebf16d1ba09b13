"""ROUGE-1.5.5.pl's command line on rougekit's core: ``rougekit perl [options] CONFIG [ID]``.

Same options, configuration files (XML or ``-z`` file lists; SPL, SEE, ISI, SIMPLE
summaries) and output text as the Perl script, byte for byte (spec ``docs/spec/
rouge-1.5.5.md`` §2, §4, §5, §10-§12). A leaf: it reads ROUGE-1.5.5's flags with the
profile's reader (:mod:`rougekit.profiles.perl155.flags`) and scores with the profile's
scorer; nothing in the Python API imports it. :func:`main` takes the arguments after
``perl`` and returns the exit code.
"""

from __future__ import annotations

from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """``rougekit perl [options] CONFIG [SYSTEM_ID]``; returns the exit code."""
    from rougekit.perl.command import main as run_main

    return run_main(argv)


__all__ = ["main"]
