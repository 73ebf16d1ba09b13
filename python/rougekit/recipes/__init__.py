"""Harness recipes: the numbers an evaluation harness prints, by naming it.

>>> import rougekit.recipes as recipes
>>> recipe = recipes.get("lm-eval-0.4.13:cnn_dailymail")
>>> recipe.compute(["the cat sat"], ["the cat sat on the mat"])["rouge1"]
0.6666666666666666

A recipe is a profile plus the harness's own steps around it: its pre-processing, what it
does with an empty or failing pair, how it combines several golds, its per-sample scale and
rounding, its corpus aggregation and rounding. Names are ``<harness>-<version>:<metric>``
(``<harness>-<commit>`` for a harness without releases); a name is frozen once released.
:meth:`Recipe.per_sample` gives the harness's per-sample values (its keys and scale),
:meth:`Recipe.compute` its corpus numbers, :attr:`Recipe.signature` the profile's signature
with ``recipe:<name>``.
"""

from __future__ import annotations

from rougekit.recipes.catalog import ALL
from rougekit.recipes.model import Recipe

_BY_NAME = {recipe.name: recipe for recipe in ALL}


def names() -> tuple[str, ...]:
    """Every recipe's name."""
    return tuple(_BY_NAME)


def get(name: str) -> Recipe:
    """Recipe ``name``; ``ValueError`` listing the recipes for another name."""
    if not isinstance(name, str):
        raise TypeError(f"a recipe name is a str, got {type(name).__name__}")
    if name not in _BY_NAME:
        close = [n for n in _BY_NAME if name.split(":")[-1] in n or name.split(":")[0] in n]
        hint = f" (did you mean {', '.join(map(repr, close))}?)" if close else ""
        raise ValueError(f"unknown recipe {name!r}{hint}; available: {', '.join(_BY_NAME)}")
    return _BY_NAME[name]


__all__ = ["Recipe", "get", "names"]
