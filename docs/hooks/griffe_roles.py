"""A griffe extension for the API reference: the docstrings' Sphinx roles
(``:meth:`~rougekit.RougeScorer.score_batch```), which read well in ``help()``, become code
spans on the site (`score_batch`), as Sphinx would show them; Markdown has no roles."""

from __future__ import annotations

import re
from typing import Any

import griffe

#: ``:role:`target``` or ``:py:role:`target```; a leading ``~`` shows the last name only.
ROLE = re.compile(r":(?:py:)?(?:meth|class|func|data|attr|mod|exc|obj|const):`(~?)([^`]+)`")


def _code(match: re.Match[str]) -> str:
    short, target = match.group(1), match.group(2)
    return f"`{target.rsplit('.', 1)[-1] if short else target}`"


class SphinxRoles(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = ROLE.sub(_code, obj.docstring.value)
