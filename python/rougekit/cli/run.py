"""A run of ``score`` or ``compare``: the systems' chunks scored in lockstep, the run's
warnings (once, with totals), and the reports written."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import rougekit.io as rio
from rougekit.aggregate import Accumulator
from rougekit.cli.options import as_options, transform_of
from rougekit.diagnostics import NO_NEWLINE, NO_SENTENCES, Notes
from rougekit.errors import DataError
from rougekit.io import Pair
from rougekit.progress import ProgressBar
from rougekit.results import BatchResult
from rougekit.scorer import RougeScorer


def printable(text: str) -> str:
    """``text`` with each character that is not printable (a newline, an escape sequence,
    a bidirectional control) written as its Python escape: a message taken from the input
    stays on one line and cannot drive the terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _score_chunk(scorer: RougeScorer, chunk: list[Pair], where: str) -> tuple[BatchResult, Notes]:
    """The chunk's scores and its warnings' counts (the run warns once, with totals)."""
    try:
        batch, notes = scorer._batch([p.prediction for p in chunk], [p.references for p in chunk])
        # No copy of a text (str.strip would make one): a blank text is empty or all space.
        blank = sum(1 for p in chunk if all(not r or r.isspace() for r in p.references))
        return batch, replace(notes, blank_references=blank) if blank else notes
    except (TypeError, ValueError) as e:
        # The core names the index within the chunk; name the pair instead.
        big = re.match(r"pair (\d+)(, reference \d+)?: ", str(e))  # over a size limit
        if big and int(big.group(1)) < len(chunk):
            ident = chunk[int(big.group(1))].id
            rest = str(e)[big.end() :]
            raise DataError(f"{where}: pair {ident}{big.group(2) or ''}: {rest}") from None
        m = re.match(r"(predictions|references)\[(\d+)\]", str(e))
        ident = chunk[int(m.group(2))].id if m else "?"
        detail = re.sub(r"^(predictions|references)\[\d+\]", "", str(e)).strip()
        what = m.group(1)[:-1] if m else "input"
        raise DataError(f"{where}: pair {ident}: {what} {detail}") from None


def _token_warning(acc: Accumulator) -> str | None:
    """The API's one warning about tokens (texts without any, letters dropped)."""
    found = acc.notes.token_warning(acc.profile)
    return None if found is None else as_options(found[1])


def check_tokens(acc: Accumulator, name: str | None = None) -> None:
    """Stops a run whose table would be zeros because the profile reads only ASCII and the
    texts are in another script (the API only warns, as rouge-score would say nothing)."""
    if not acc.notes.mostly_dropped(acc.profile):
        return
    notes, prefix = acc.notes, f"{name}: " if name else ""
    raise DataError(
        f"{prefix}{max(notes.dropped_predictions, notes.dropped_references)} of {acc.n} pairs "
        f"have no token in the prediction or the references under the {acc.profile.name!r} "
        f"profile, which keeps {acc.profile.KEEPS}: the table would be zeros. For text in "
        "another language give --lang (e.g. --lang hi, --lang zh), or --profile unicode-v1 "
        "(words) or --profile character-v1 (Chinese, Japanese, Thai)"
    )


def _blank_warning(acc: Accumulator) -> str | None:
    blank = acc.notes.blank_references
    if not blank:
        return None
    return (
        f"{blank} of {acc.n} pairs have a blank reference (an empty line?): they score 0. "
        "Check that the files are aligned line by line."
    )


def _failure_warning(acc: Accumulator) -> str | None:
    """Pairs with a score the profile cannot compute (ROUGE-1.5.5's: where ROUGE-1.5.5 dies,
    rougekit scores 0): silent zeros would move the corpus numbers unnoticed."""
    if acc.first_failure is None:
        return None
    ident, ref, rouge_type, message = acc.first_failure
    return (
        f"{acc.failed_pairs} of {acc.n} pairs have a score the {acc.profile.name!r} profile "
        f"cannot compute; rougekit scores it 0. First: pair {ident}, reference {ref + 1}, "
        f"{rouge_type}: {message}"
    )


#: The warning when the texts were split (--split-sentences, --sentence-separator...) and
#: still hold one sentence each.
NO_SENTENCES_AFTER_SPLIT = (
    "rougeLsum equals rougeL here: even after splitting ({}), no prediction or reference has "
    "more than one sentence. The rule-based splitter breaks at . ! ? before an ASCII capital "
    "letter or digit only: for other scripts give one sentence per line, or "
    "--sentence-separator SEP."
)


def warn(acc: Accumulator, split: str | None, name: str | None = None) -> None:
    """The run's warnings on stderr, one line each (prefixed by the system's name)."""
    prefix = f"{name}: " if name else ""
    no_sentences = None
    if acc.notes.lines == NO_NEWLINE:  # only with rougeLsum among the types
        no_sentences = NO_SENTENCES if split is None else NO_SENTENCES_AFTER_SPLIT.format(split)
    for warning in (
        _token_warning(acc),
        _blank_warning(acc),
        _failure_warning(acc),
        no_sentences,
    ):
        if warning:
            print(f"rougekit: warning: {printable(prefix + warning)}", file=sys.stderr)


def consume(
    args: argparse.Namespace,
    scorer: RougeScorer,
    systems: list[tuple[str, Iterator[Pair]]],
    *,
    keep: bool,
    progress: rio.Progress,
    on_chunk: Callable[[int, list[Pair], BatchResult], None] | None = None,
) -> list[Accumulator]:
    """Scores the systems chunk by chunk, in lockstep; returns one accumulator each."""
    transform = transform_of(args)
    accs = [Accumulator(scorer.config.profile, scorer.types, keep=keep) for _ in systems]
    iters = [rio.chunks(rio.map_texts(it, transform) if transform else it) for _, it in systems]
    bar = ProgressBar(enabled=not args.no_progress, fraction=progress.fraction)
    try:
        while True:
            chunk_list = [next(it, None) for it in iters]
            if all(c is None for c in chunk_list):
                break
            _check_aligned(systems, chunk_list, accs)
            for k, chunk in enumerate(chunk_list):
                assert chunk is not None
                batch, notes = _score_chunk(scorer, chunk, systems[k][0])
                accs[k].add(batch, [p.id for p in chunk], notes)
                if on_chunk is not None:
                    on_chunk(k, chunk, batch)
            bar.update(len(chunk_list[0] or []))
    finally:
        bar.close()
    if accs[0].n == 0:
        raise DataError("no pairs to score: the input is empty")
    return accs


def _check_aligned(
    systems: list[tuple[str, Iterator[Pair]]],
    chunk_list: list[list[Pair] | None],
    accs: list[Accumulator],
) -> None:
    """Systems of ``compare`` must have the same number of pairs and the same references."""
    if len(chunk_list) < 2:
        return
    first = chunk_list[0]
    for (name, _), chunk, acc in zip(systems[1:], chunk_list[1:], accs[1:]):
        if (chunk is None) != (first is None) or len(chunk or []) != len(first or []):
            a = acc.n + len(chunk or [])
            b = accs[0].n + len(first or [])
            raise DataError(
                f"{name} has {a}{' or more' if chunk else ''} pairs but {systems[0][0]} has "
                f"{b}{' or more' if first else ''}: systems must score the same pairs"
            )
        assert chunk is not None and first is not None
        for x, y in zip(first, chunk):
            if x.references != y.references and x.id != y.id:
                # Ids may differ between systems (a model name in them); a reference that
                # differs where the ids do too is most likely another order.
                raise DataError(
                    f"{name}: pair {y.id} where {systems[0][0]} has pair {x.id}, with other "
                    "references: systems must list the same pairs in the same order"
                )
            if x.references != y.references:
                raise DataError(
                    f"{name}: pair {y.id}: references differ from those of {systems[0][0]} "
                    "(systems must be compared on the same references)"
                )


def emit(path: Path | None, text: str) -> None:
    if path is None:
        if sys.stdout is None:  # started with standard output closed (`>&-`)
            raise DataError("cannot write the report: standard output is closed")
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:
            raise
        except OSError as e:  # a full disk or device (`> /dev/full`)
            raise DataError(f"cannot write the report: {e.strerror or e}") from None
        return
    with rio.atomic_output(path) as handle:
        handle.write(text)


def emit_binary(path: Path, data: bytes) -> None:
    with rio.atomic_binary_output(path) as handle:
        handle.write(data)
