"""``rougekit recipes``, ``rougekit score --recipe NAME`` and ``rougekit identify``: leaves
over :mod:`rougekit.recipes` and :func:`rougekit.identify`."""

from __future__ import annotations

import argparse
import json

import rougekit.cli.input_files as rin
from rougekit.cli.readers import sources
from rougekit.cli.run import emit
from rougekit.errors import UsageError


def _pairs(args: argparse.Namespace) -> tuple[list[str], list[list[str]]]:
    ((_name, pairs),) = sources(args, rin.Progress())
    collected = rin.Pairs.collect(pairs)
    return collected.predictions, collected.references


def run_recipes(args: argparse.Namespace) -> int:
    import rougekit.recipes as recipes

    if args.format == "json":
        rows = [
            {"name": r.name, "harness": r.harness, "source": r.source, "does": r.does,
             "signature": str(r.signature)}
            for r in map(recipes.get, recipes.names())
        ]  # fmt: skip
        emit(None, json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
    else:
        emit(None, "\n\n".join(recipes.get(n).describe() for n in recipes.names()) + "\n")
    return 0


def run_score_recipe(args: argparse.Namespace) -> int:
    """``rougekit score --recipe NAME``: the harness's corpus numbers, its keys and scale;
    the recipe fixes the profile and its options."""
    import rougekit.recipes as recipes

    try:
        recipe = recipes.get(args.recipe)
    except ValueError as e:
        raise UsageError(str(e)) from None
    given = [flag for flag, value in (("--profile", args.profile), ("--stem", args.stem),
             ("-t", args.types), ("--lang", args.lang)) if value is not None]  # fmt: skip
    if given:
        raise UsageError(f"--recipe fixes the scorer: do not combine it with {', '.join(given)}")
    predictions, references = _pairs(args)
    kwargs: dict[str, object] = {"dataset": args.dataset} if args.dataset is not None else {}
    if args.seed is not None and "seed" in recipe.kwargs:  # NeMo's unseeded bootstrap
        kwargs["seed"] = args.seed
    try:
        numbers = recipe.compute(predictions, references, threads=args.threads, **kwargs)
    except (TypeError, ValueError) as e:
        raise UsageError(str(e)) from None
    if args.format == "json":
        text = json.dumps({**numbers, "signature": str(recipe.signature)}) + "\n"
    else:
        width = max(len(k) for k in numbers)
        text = "".join(f"{k:<{width}}  {v!r}\n" for k, v in numbers.items())
        text += f"signature: {recipe.signature}\n"
    emit(args.output, text)
    return 0


def run_identify(args: argparse.Namespace) -> int:
    from rougekit.identify import identify

    reported = {}
    for item in args.reported:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--reported takes TYPE=NUMBER items (rouge1=39.53), got {item!r}")
        reported[key] = value
    predictions, references = _pairs(args)
    try:
        matches = identify(predictions, references, reported, threads=args.threads)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.format == "json":
        rows = [{"name": m.name, "signature": m.signature, "values": m.values, "python": m.how}
                for m in matches]  # fmt: skip
        emit(None, json.dumps(rows, indent=2) + "\n")
    elif not matches:
        emit(None, "no profile, option or recipe reproduces these numbers\n")
    else:
        lines = []
        for m in matches:
            shown = "  ".join(f"{t}={v:.6g}" for t, v in m.values.items())
            lines.append(f"{m.name}\n  {shown}\n  signature: {m.signature}\n  python: {m.how}")
        emit(None, "\n".join(lines) + "\n")
    return 0
