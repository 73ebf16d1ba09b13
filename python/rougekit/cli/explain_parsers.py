"""The options of ``rougekit explain`` and ``rougekit report`` (the parser's other commands
are in :mod:`rougekit.cli.parser`, which hands its shared option groups here)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rougekit.explain.render import MAX_ITEMS

EXIT_CODES = (
    "Exit codes: 0 ok, 1 data error (the message names file and line), 2 usage error, "
    "130 interrupted."
)


def add(
    sub: Any,
    *,
    inputs: Callable[..., None],
    scoring: Callable[[argparse.ArgumentParser], None],
    tests: Callable[[argparse.ArgumentParser], None],
) -> None:
    """Adds ``explain`` and ``report`` to the subcommands ``sub``; ``inputs``, ``scoring``
    and ``tests`` add the option groups ``score`` and ``compare`` use."""
    ex = sub.add_parser(
        "explain",
        help="show why one pair scored what it did: the matched tokens, counts and rule",
        description="Explain one pair's scores with ROUGE's own arithmetic: per type the "
        "counts and P/R/F with the formula, the matched and missed n-grams with their "
        "clipped counts, one LCS, rougeLsum's counted and not-counted tokens per reference "
        "sentence, the chosen reference, what the profile dropped, and the signature. "
        "Give the texts (PRED REF [REF ...]), or a file and the pair's --id.",
        epilog=EXIT_CODES,
    )
    ex.add_argument(
        "texts", nargs="*", metavar="TEXT",
        help="the prediction, then one or more references",
    )  # fmt: skip
    ex.add_argument(
        "--id", metavar="ID",
        help="the pair to explain in --jsonl/--csv/--tsv (its id field) or in -p/-r line "
        "files (its position, from 0)",
    )  # fmt: skip
    inputs(ex, several=False)
    scoring(ex)
    ex.add_argument(
        "-f", "--format", choices=("text", "json", "html"), default="text",
        help=f"text (the terminal view; lists clipped at {MAX_ITEMS} items), json (the "
        "rougekit.explain/1 dict) or html (a page for a browser)",
    )  # fmt: skip
    ex.add_argument(
        "-o", "--output", type=Path, metavar="FILE",
        help="write to FILE (atomically) instead of standard output",
    )  # fmt: skip

    rep = sub.add_parser(
        "report",
        help="write an HTML report of one or more systems: corpus table, tests, pairs explained",
        description="Score one or more systems on the same references and write one "
        "self-contained HTML page (offline, no external resources): the corpus table and "
        "the paired tests of 'compare', the pairs (search, sort, filter; the worst and best "
        "first), the scores by length, the reference n-grams most often missed, the "
        "signature, and for each clicked pair its matched tokens, prediction and references "
        "side by side. The same inputs give the same bytes. The compare table goes to "
        "standard output.",
        epilog=EXIT_CODES,
    )
    inputs(rep, several=True)
    scoring(rep)
    tests(rep)
    g = rep.add_argument_group("output")
    g.add_argument(
        "--html", type=Path, required=True, metavar="FILE",
        help="the page to write (atomically)",
    )  # fmt: skip
