"""A run of ``score`` or ``compare``: the systems' chunks scored in lockstep, the run's
warnings (once, with totals), and the reports written."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeAlias, cast

import rougekit._core as _core
import rougekit.cli.fast_input as fast_input
import rougekit.cli.input_files as rin
import rougekit.cli.output_files as rout
from rougekit.aggregate import Accumulator
from rougekit.cli.input_files import Pair
from rougekit.cli.options import as_options, transform_of
from rougekit.diagnostics import NO_NEWLINE, Notes
from rougekit.errors import DataError
from rougekit.progress import ProgressBar
from rougekit.results import BatchResult
from rougekit.scorer import RougeScorer
from rougekit.terminal import printable

#: A chunk of pairs: read by the Python readers, or by the core (``fast_input``).
Chunk: TypeAlias = "list[Pair] | _core.TextChunk"


def _score_chunk(scorer: RougeScorer, chunk: Chunk, where: str) -> tuple[BatchResult, Notes]:
    """The chunk's scores and its warnings' counts (the run warns once, with totals)."""
    if isinstance(chunk, _core.TextChunk):
        return fast_input.score(scorer, chunk, where)
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
        "(words) or --profile character-v1 (Chinese, Japanese, Thai); to reproduce published "
        "numbers, their scorer's profile: --profile xlsum-v1 --lang LANG (XL-Sum, GEM), "
        "--profile rouge-chinese-1.0.3 --segmenter jieba (rouge_chinese + jieba: "
        "LLaMA-Factory, OpenCompass)"
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
    "more than one sentence. Give one sentence per line, or --sentence-separator SEP (the "
    "rule-based splitter breaks at . ! ? before an ASCII capital letter or digit only)."
)
#: The command line's words for :data:`NO_SENTENCES`.
NO_SENTENCES_CLI = (
    "rougeLsum equals rougeL here: no prediction or reference has a newline, and rougeLsum "
    "takes its sentences from newlines. Put one sentence per line, or split them: "
    "--split-sentences punkt (NLTK's Punkt, which MLPerf, unitxt and Hugging Face's "
    "summarization examples run before rougeLsum), --split-sentences rules or "
    "--sentence-separator SEP."
)


def warn(acc: Accumulator, split: str | None, name: str | None = None) -> None:
    """The run's warnings on stderr, one line each (prefixed by the system's name)."""
    prefix = f"{name}: " if name else ""
    no_sentences = None
    if acc.notes.lines == NO_NEWLINE:  # only with rougeLsum among the types
        no_sentences = NO_SENTENCES_CLI if split is None else NO_SENTENCES_AFTER_SPLIT.format(split)
    for warning in (
        _token_warning(acc),
        _blank_warning(acc),
        _failure_warning(acc),
        no_sentences,
    ):
        if warning:
            print(f"rougekit: warning: {printable(prefix + warning)}", file=sys.stderr)


def ids_of(chunk: Chunk) -> Sequence[str]:
    """The ids of a chunk's pairs (a chunk read by the core makes them when asked)."""
    if isinstance(chunk, _core.TextChunk):
        return fast_input.ChunkIds(chunk)
    return [p.id for p in chunk]


def _chunks(source: Iterator[Pair], transform: Callable[[str], str] | None) -> Iterator[Chunk]:
    if isinstance(source, fast_input.ChunkSource):
        return source.chunks
    return rin.chunks(rin.map_texts(source, transform) if transform else source)


def consume(
    args: argparse.Namespace,
    scorer: RougeScorer,
    systems: Sequence[tuple[str, Iterator[Pair]]],
    *,
    keep: bool,
    progress: rin.Progress,
    on_chunk: Callable[[int, Any, BatchResult], None] | None = None,
) -> list[Accumulator]:
    """Scores the systems chunk by chunk, in lockstep; returns one accumulator each."""
    transform = transform_of(args)
    accs = [Accumulator(scorer.config.profile, scorer.types, keep=keep) for _ in systems]
    iters = [_chunks(it, transform) for _, it in systems]
    alignment = _Alignment([name for name, _ in systems])
    bar = ProgressBar(enabled=not args.no_progress, fraction=progress.fraction)
    try:
        while True:
            chunk_list = [next(it, None) for it in iters]
            if all(c is None for c in chunk_list):
                break
            if len(chunk_list) > 1:  # systems of `compare`: read by the Python readers
                alignment.check(
                    cast("list[list[Pair] | None]", chunk_list),
                    accs,
                    cast("list[Iterator[list[Pair]]]", iters),
                )
            for k, chunk in enumerate(chunk_list):
                assert chunk is not None
                batch, notes = _score_chunk(scorer, chunk, systems[k][0])
                accs[k].add(batch, ids_of(chunk), notes)
                if on_chunk is not None:
                    on_chunk(k, chunk, batch)
            bar.update(len(chunk_list[0] or []))
        alignment.finish()
    finally:
        bar.close()
    if accs[0].n == 0:
        raise DataError("no pairs to score: the input is empty")
    return accs


class _Alignment:
    """Systems of ``compare`` must score the same pairs in the same order.

    Pairs are matched by position. Ids may differ between systems (they may name the
    system, as SummEval's ``doc|M11``), so an id that differs at a position is an error only
    when it is one of the first system's ids: then the two files list the same pairs in
    another order, which would pair each prediction with another one and move every paired
    test. A file that repeats references (several pairs sharing one) is where a reference
    check alone would not see it.
    """

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.first_ids: set[str] = set()
        #: Per other system: positions (0-based), their ids and the first system's ids
        #: where the two differ, until the end shows whether they are another order.
        self.differing: list[list[tuple[int, str, str]]] = [[] for _ in names[1:]]
        self.n = 0

    def check(
        self,
        chunk_list: list[list[Pair] | None],
        accs: list[Accumulator],
        iters: list[Iterator[list[Pair]]],
    ) -> None:
        if len(chunk_list) < 2:
            return
        first = chunk_list[0] or []
        if any(c is None or len(c) != len(first) for c in chunk_list):
            self._lengths_differ(chunk_list, accs, iters)
        self.first_ids.update(p.id for p in first)
        for k, chunk in enumerate(chunk_list[1:]):
            assert chunk is not None
            name = self.names[k + 1]
            for i, (x, y) in enumerate(zip(first, chunk)):
                if x.id != y.id:
                    self.differing[k].append((self.n + i, y.id, x.id))
                    if y.id in self.first_ids:
                        self.finish()  # names the first pair out of order
                if x.references != y.references:
                    if x.id != y.id:
                        self._reordered(name, self.n + i, y.id, x.id, references=True)
                    raise DataError(
                        f"{name}: pair {y.id}: references differ from "
                        f"those of {self.names[0]} (systems must be compared on the "
                        "same references)"
                    )
        self.n += len(first)

    def finish(self) -> None:
        """A differing id found later among the first system's ids: another order."""
        for k, differing in enumerate(self.differing):
            for position, own, theirs in differing:
                if own in self.first_ids:
                    self._reordered(self.names[k + 1], position, own, theirs)

    def _reordered(
        self, name: str, position: int, own: str, theirs: str, *, references: bool = False
    ) -> None:
        why = "with other references" if references else "which it lists elsewhere"
        raise DataError(
            f"{name}: pair {position + 1} is {own!r} where "
            f"{self.names[0]} has {theirs!r} ({why}): systems must "
            "list the same pairs in the same order (sort the files by id the same way)"
        )

    def _lengths_differ(
        self,
        chunk_list: list[list[Pair] | None],
        accs: list[Accumulator],
        iters: list[Iterator[list[Pair]]],
    ) -> None:
        """The exact number of pairs of each system (reading the rest of the longer files)."""
        counts = [
            acc.n + len(chunk or []) + (sum(len(c) for c in it) if chunk else 0)
            for acc, chunk, it in zip(accs, chunk_list, iters)
        ]
        k = next(k for k in range(1, len(counts)) if counts[k] != counts[0])
        raise DataError(
            f"{self.names[k]} has {counts[k]} pairs but {self.names[0]} "
            f"has {counts[0]}: systems must score the same pairs"
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
    with rout.atomic_output(path) as handle:
        handle.write(text)


def emit_binary(path: Path, data: bytes) -> None:
    with rout.atomic_binary_output(path) as handle:
        handle.write(data)
