"""The commands: ``score``, ``compare``, ``tokenize`` and ``signature``; each reads its
options, runs the library, and writes its report."""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import rougekit._core as _core
import rougekit.cli.fast_input as fast_input
import rougekit.cli.input_files as rin
import rougekit.cli.output_files as rout
import rougekit.languages as languages
import rougekit.profiles as profiles
import rougekit.tables as tables
from rougekit._core import __version__
from rougekit.cli.input_files import Pair
from rougekit.cli.options import (
    as_flags,
    check_ci,
    check_count,
    check_outputs,
    check_seed,
    confidence_of,
    scorer_of,
    signature_of,
    split_of,
)
from rougekit.cli.readers import sources
from rougekit.cli.run import Chunk, check_tokens, consume, emit, emit_binary, ids_of, warn
from rougekit.errors import DataError, UsageError
from rougekit.reproduce import command_of, reproduction_notes, settings_of
from rougekit.results import BatchResult
from rougekit.signature import OPTIONAL_KEYS, Signature
from rougekit.signature import parse as parse_signature
from rougekit.terminal import printable

if TYPE_CHECKING:
    from rougekit.results import CorpusResult
    from rougekit.significance import Comparison


def run_score(args: argparse.Namespace) -> int:
    if args.recipe is not None:
        from rougekit.cli.recipes import run_score_recipe

        return run_score_recipe(args)
    confidence = confidence_of(args)
    scorer = scorer_of(args)
    check_outputs(args)
    progress = rin.Progress()
    systems = sources(args, progress, fast=fast_input.enabled(args, scorer))
    keep = confidence is not None or args.plot is not None or args.html is not None
    with contextlib.ExitStack() as stack:
        on_chunk = None
        if args.per_instance is not None:
            fmt = args.per_instance_format or (
                "csv" if args.per_instance.suffix.lower() == ".csv" else "jsonl"
            )
            handle = stack.enter_context(rout.atomic_output(args.per_instance))
            writer = tables.InstanceWriter(handle, fmt, scorer.types)

            def on_chunk(_k: int, chunk: Chunk, batch: BatchResult) -> None:
                writer.write(chunk if isinstance(chunk, _core.TextChunk) else ids_of(chunk), batch)

        (acc,) = consume(args, scorer, systems, keep=keep, progress=progress, on_chunk=on_chunk)
        check_tokens(acc)  # before the per-instance file is published
    warn(acc, split_of(args))
    result = acc.corpus(
        signature_of(scorer, args, acc.nrefs),
        confidence=confidence,
        n_bootstrap=1000 if args.bootstrap is None else args.bootstrap,
        seed=0 if args.seed is None else args.seed,
        threads=scorer.config.threads,
    )
    if args.plot is not None or args.html is not None:
        import rougekit.plots as plots

        png = plots.score_distributions(result, {t: acc.column(t, "fmeasure") for t in acc.types})
        _write_pictures(args, png, lambda: tables.html_score(result, png))
    emit(args.output, tables.render(result, args.format))
    return 0


def run_compare(args: argparse.Namespace) -> int:
    *_, cmp = compared(args)
    assert cmp is not None  # two systems or more
    if args.plot is not None or args.html is not None:
        import rougekit.plots as plots

        png = plots.comparison(cmp)
        _write_pictures(args, png, lambda: tables.html_comparison(cmp, png))
    emit(args.output, tables.render_comparison(cmp, args.format))
    return 0


def compared(
    args: argparse.Namespace,
    on_chunk: Callable[[int, list[Pair], BatchResult], None] | None = None,
    *,
    outputs: Callable[[argparse.Namespace], None] = check_outputs,
    single: bool = False,
) -> tuple[list[str], list[CorpusResult], Comparison | None]:
    """``compare``'s run: its checks (``outputs`` checks the output options), the systems
    scored, each system's corpus result and the paired tests (none for one system, which
    only ``single`` allows). ``rougekit report`` shares it; ``on_chunk`` sees each system's
    scored chunks."""
    import rougekit.significance as significance

    check_ci(args.ci)
    check_count("--bootstrap", args.bootstrap)
    check_count("--trials", args.trials)
    check_seed(args.seed)
    if not 0 < args.level < 1:
        raise UsageError(f"--level must be between 0 and 1, got {args.level:g}")
    scorer = scorer_of(args)
    outputs(args)
    progress = rin.Progress()
    systems = sources(args, progress)
    if len(systems) < (1 if single else 2):
        raise UsageError(
            f"{args.command} needs two or more systems (-p A -p B, or --jsonl A --jsonl B)"
        )
    if args.name:
        if len(args.name) != len(systems):
            raise UsageError(f"{len(args.name)} --name for {len(systems)} systems")
        systems = [(n, it) for n, (_, it) in zip(args.name, systems)]
    names = [n for n, _ in systems]
    if len(set(names)) != len(names):
        raise UsageError(f"systems need distinct names (got {', '.join(names)}): use --name")
    accs = consume(args, scorer, systems, keep=True, progress=progress, on_chunk=on_chunk)
    for name, acc in zip(names, accs):
        check_tokens(acc, name)
    for name, acc in zip(names, accs):
        warn(acc, split_of(args), name)
    confidence = args.ci / 100
    results = [
        acc.corpus(
            signature_of(scorer, args, accs[0].nrefs),
            confidence=confidence,
            n_bootstrap=args.bootstrap,
            seed=args.seed,
            threads=scorer.config.threads,
        )
        for acc in accs
    ]
    if len(names) < 2:
        return names, results, None
    return names, results, significance.compare(
        names, results, [{t: acc.column(t, args.metric) for t in acc.types} for acc in accs],
        field=args.metric, all_pairs=args.all_pairs, n_resamples=args.bootstrap,
        n_trials=args.trials, seed=args.seed, confidence=confidence, level=args.level,
    )  # fmt: skip


def _write_pictures(args: argparse.Namespace, png: bytes, html: Callable[[], str]) -> None:
    """``--plot`` (the PNG) and ``--html`` (a page holding it), where asked for."""
    if args.plot is not None:
        emit_binary(args.plot, png)
    if args.html is not None:
        emit(args.html, html())


def _is_stemmer_name(value: str) -> bool:
    """Whether a ``--stem`` value names a stemmer (else it is the first TEXT: ``--stem``
    takes an optional value, and ``tokenize --stem "The cats"`` means the flag and a text)."""
    return value.startswith("snowball:") or value in ("nltk-porter", "wordnet", "porter")


def run_tokenize(args: argparse.Namespace) -> int:
    from rougekit.text import tokenize

    if isinstance(args.stem, str) and not _is_stemmer_name(args.stem):
        args.texts.insert(0, args.stem)
        args.stem = True
    texts: Iterator[str] | list[str] = args.texts or rin.lines(Path("-"))
    for text in texts:
        text.encode("utf-8")  # an argument with lone surrogates: main() names it
        try:
            profile, stem = args.profile, args.stem
            if args.lang is not None:
                profile, stem = languages.resolve(args.lang, profile=profile, stemmer=stem)
            tokens = tokenize(text, profile=profile or profiles.DEFAULT, stemmer=stem)
        except (TypeError, ValueError) as e:
            raise UsageError(as_flags(str(e))) from None
        print(json.dumps(tokens, ensure_ascii=False) if args.format == "json" else " ".join(tokens))
    return 0


def _read_signature(text: str) -> tuple[Signature, dict[str, str]]:
    """The signature and the command line's extra fields (``split``)."""
    if text == "-":
        found = None
        for line in sys.stdin:
            m = re.search(r"rougekit:[^\s\"'`]*\|[^\s\"'`]*", line)
            if m:
                found = m.group(0)
                break
        if found is None:
            raise DataError("<stdin>: no signature (a line with 'rougekit:...|...') found")
        text = found
    try:
        signature = parse_signature(text)
    except ValueError as e:
        raise DataError(f"signature: {e}") from None
    fields = signature.fields
    return signature, {k: fields[k] for k in OPTIONAL_KEYS if k in fields}


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(value)
    if value is None or value is False:
        return "no"
    if value is True:
        return "yes"
    return f"{value:g}" if isinstance(value, float) else str(value)


def run_signature(args: argparse.Namespace) -> int:
    signature, extra = _read_signature(args.parse)
    settings = settings_of(signature, extra)
    command = command_of(signature, extra)
    notes = reproduction_notes(signature, extra)
    if signature.fields["rougekit"] != __version__:
        notes.append(
            f"made by rougekit {signature.fields['rougekit']}; this is {__version__} "
            "(a profile's numbers never change between versions)"
        )
    if args.format == "json":
        fields = {**signature.fields, **extra}
        out = {"fields": fields, "settings": settings, "command": command, "notes": notes}
        print(json.dumps(out, indent=2))
        return 0
    width = max(len(k) for k in settings)
    lines = [f"{key.ljust(width)}  {_shown(value)}" for key, value in settings.items()]
    lines.append(f"{'command'.ljust(width)}  {command}")
    lines.extend(f"note: {note}" for note in notes)
    print("\n".join(map(printable, lines)))
    return 0
