"""MkDocs hook: the command line reference is generated from the parser itself, so the
page cannot drift from the options the command takes.

A page holding ``<!-- cli-reference -->`` gets, in its place, the ``--help`` text of every
``rougekit`` command (from ``rougekit.cli.parser``'s argparse parser) and the usage text of
``rougekit perl`` (ROUGE-1.5.5's own flags, from ``rougekit.perl.usage``).
"""

from __future__ import annotations

import argparse
import os
from typing import Any

MARKER = "<!-- cli-reference -->"


def _help(parser: argparse.ArgumentParser) -> str:
    # A fixed width, so the page is the same on every machine.
    os.environ["COLUMNS"] = "100"
    return parser.format_help().rstrip()


def reference() -> str:
    from rougekit.cli.parser import build_parser
    from rougekit.perl import usage

    parser = build_parser()
    sections = [f"```text\n$ rougekit --help\n{_help(parser)}\n```"]
    subparsers = next(
        a for a in parser._actions if isinstance(a, argparse._SubParsersAction)
    )
    for name, sub in subparsers.choices.items():
        if name == "perl":  # ROUGE-1.5.5's own flags, not argparse's
            text = f"{usage.USAGE}\n{usage.DETAILS}".rstrip()
        else:
            text = _help(sub)
        sections.append(f"## `rougekit {name}`\n\n```text\n{text}\n```")
    return "\n\n".join(sections)


def on_page_markdown(markdown: str, **_: Any) -> str:
    if MARKER in markdown:
        return markdown.replace(MARKER, reference())
    return markdown
