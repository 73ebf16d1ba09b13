"""The explanation of one pair's scores: :class:`Explanation`, a read-only view of the
``rougekit.explain/1`` dict (the contract tools and tests read; see ``docs/explain.md``).

An explanation made by the core keeps the core's compact record and builds the dict on
first use (``explain_batch`` over a corpus then costs little more than scoring it); one made
from a dict (``Explanation(data)``, e.g. read back from JSON) wraps the dict as is.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from rougekit.results import Score

import rougekit.explain.render as render
from rougekit.explain.derive import SCHEMA, Scorer
from rougekit.explain.schema import (
    ExplanationDict,
    Head,
    ReferenceExplanation,
    Text,
    TypeExplanation,
)


class TypeView(Mapping[str, Any]):
    """One ROUGE type of an explanation: the dict under ``"types"`` (a read-only mapping)
    with attribute access to its usual fields."""

    __slots__ = ("_data", "_items", "name")

    def __init__(self, name: str, data: TypeExplanation) -> None:
        self.name = name
        self._data = data
        self._items: Mapping[str, object] = data  # the same dict, read by any key

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        d = self._data
        chosen = "" if d.get("reference") is None else f", reference={d['reference']}"
        return (
            f"<{self.name}: {d['kind']}, rule={d['rule']}{chosen}, hits={d.get('hits')}, "
            f"P={d['precision']!r} R={d['recall']!r} F={d['fmeasure']!r}>"
        )

    @property
    def kind(self) -> str:
        """``ngram``, ``lcs``, ``union-lcs``, ``wlcs`` or ``skip-bigram``."""
        return str(self._data["kind"])

    @property
    def rule(self) -> str:
        """The multi-reference rule that made the final score."""
        return str(self._data["rule"])

    @property
    def reference(self) -> int | None:
        """The chosen reference's index (``None`` for the pooled and mean rules)."""
        value = self._data.get("reference")
        return None if value is None else int(value)

    @property
    def hits(self) -> Any:
        return self._data.get("hits")

    @property
    def prediction_total(self) -> Any:
        return self._data.get("prediction_total")

    @property
    def reference_total(self) -> Any:
        return self._data.get("reference_total")

    @property
    def score(self) -> Score:
        """Precision, recall and F: equal (``==``) to ``scorer.score()``'s for this type."""
        from rougekit.results import Score

        d = self._data
        return Score(d["precision"], d["recall"], d["fmeasure"])

    @property
    def per_reference(self) -> list[ReferenceExplanation]:
        """The counts, scores and matches against each reference, in order."""
        return list(self._data.get("per_reference", ()))

    def to_dict(self) -> TypeExplanation:
        """This type's part of :meth:`Explanation.to_dict` (a copy)."""
        return self._data.copy()


class Explanation:
    """Why one prediction scored what it did against its references, type by type.

    Made by :meth:`rougekit.RougeScorer.explain` / ``explain_batch``, or from the dict of
    the ``rougekit.explain/1`` schema (``Explanation(data)``, e.g. ``json.loads`` of
    :meth:`to_json`). ``scorer`` is the scorer that made it: :meth:`check` then also compares
    with ``scorer.score``.

    >>> import rougekit as rk
    >>> scorer = rk.RougeScorer(types=("rouge1",))
    >>> ex = scorer.explain("the cat sat", "the cat sat on the mat")
    >>> ex["rouge1"].hits, ex["rouge1"].score.precision
    (3, 1.0)
    """

    __slots__ = ("_data", "_head", "_raw", "scorer")

    def __init__(self, data: Mapping[str, Any] | None = None, *, scorer: Any = None) -> None:
        if data is not None and not isinstance(data, Mapping):
            raise TypeError(f"an explanation is made from a dict, got {type(data).__name__}")
        if data is not None and data.get("schema") != SCHEMA:
            raise ValueError(
                f"not an explanation of schema {SCHEMA!r}: schema is {data.get('schema')!r}"
            )
        self._data: ExplanationDict | None = (
            None if data is None else cast("ExplanationDict", dict(data))
        )
        self._raw: Any = None
        self._head: Head | None = None
        self.scorer: Scorer | None = scorer

    @classmethod
    def _from_core(cls, raw: Any, scorer: Any, head: Head) -> Explanation:
        """An explanation holding the core's record (its dict is built on first use, with
        ``head``'s keys first: schema, signature, id, profile)."""
        ex = cls(None, scorer=scorer)
        ex._raw, ex._head = raw, head
        return ex

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, scorer: Any = None) -> Explanation:
        """``Explanation(data, scorer=scorer)``."""
        return cls(data, scorer=scorer)

    @classmethod
    def from_json(cls, text: str | bytes, *, scorer: Any = None) -> Explanation:
        """The explanation :meth:`to_json` wrote."""
        return cls(json.loads(text), scorer=scorer)

    def to_dict(self) -> ExplanationDict:
        """The ``rougekit.explain/1`` dict (JSON-serialisable). The same object on every
        call: copy it before changing it."""
        if self._data is None:
            # A few hundred containers per pair, none in a cycle: with the collector on,
            # building them triggered collections over every dict built before (5x slower
            # over a corpus, measured in benches/bench_explain.py).
            was_enabled = gc.isenabled()
            gc.disable()
            try:
                self._data = cast("ExplanationDict", dict(self._raw.to_dict(self._head)))
            finally:
                if was_enabled:
                    gc.enable()
            self._raw = self._head = None
        return self._data

    def to_json(self, *, indent: int | None = None) -> str:
        """:meth:`to_dict` as JSON (non-ASCII characters kept as they are)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    # -- fields -------------------------------------------------------------------------

    @property
    def signature(self) -> str:
        """The signature of the scorer that made it."""
        return str(self.to_dict()["signature"])

    @property
    def id(self) -> str | None:
        value = self.to_dict().get("id")
        return None if value is None else str(value)

    @property
    def profile(self) -> str:
        return str(self.to_dict()["profile"])

    @property
    def types(self) -> tuple[str, ...]:
        """The explained types' canonical names, in the scorer's order."""
        return tuple(self.to_dict()["types"])

    @property
    def prediction(self) -> Text:
        """The prediction's text, tokens (with spans) and dropped material."""
        return self.to_dict()["prediction"]

    @property
    def references(self) -> list[Text]:
        return self.to_dict()["references"]

    def __getitem__(self, rouge_type: str) -> TypeView:
        """One type's explanation; any spelling of a scored type finds it (``"rougeW"``
        finds ``rougeW-1.2``)."""
        types = self.to_dict()["types"]
        if rouge_type in types:
            return TypeView(rouge_type, types[rouge_type])
        from rougekit.results import type_key

        profile = None if self.scorer is None else self.scorer.config.profile
        key = type_key(rouge_type, list(types), profile)
        return TypeView(key, types[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self.types)

    def __len__(self) -> int:
        return len(self.types)

    def __contains__(self, rouge_type: object) -> bool:
        try:
            self[rouge_type]  # type: ignore[index]
        except (KeyError, TypeError):
            return False
        return True

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Explanation):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # -- checks and views ---------------------------------------------------------------

    def check(self) -> Explanation:
        """Explains the dict's texts again, with the scorer (when not known: the one the
        signature records, rebuilt) and requires the dict to equal that explanation in every
        key and value but the id; then recomputes every precision, recall and F from the
        counts with the profile's formula and rule, compares them (``==``) with the stored
        values and, when the scorer is known, with ``scorer.score``; checks the matches add
        up. Raises :class:`rougekit.errors.ExplainCheckError` naming the first field that
        differs by its path (also for a malformed dict); returns ``self``.

        An explanation whose dict has not been handed out yet (made by the core, never
        read with :meth:`to_dict`) is the core's explanation of its texts: there is nothing
        to re-derive, and only the numbers are recomputed."""
        from rougekit.explain.check import check, recompute

        if self._data is None:  # built here from the core's record: no one could edit it
            recompute(self.to_dict(), self.scorer)
        else:
            check(self.to_dict(), self.scorer)
        return self

    def __repr__(self) -> str:
        d = self.to_dict()
        parts = ", ".join(f"{name}: F={t['fmeasure']!r}" for name, t in d["types"].items())
        ident = "" if d.get("id") is None else f" id={d['id']!r}"
        return f"<Explanation{ident} profile={d['profile']!r} {parts}>"

    def __str__(self) -> str:
        """The terminal view (``print(explanation)``)."""
        return render.text(self.to_dict())

    def _repr_html_(self) -> str:
        """The notebook view: an HTML fragment, every text escaped."""
        return render.fragment(self.to_dict())

    def html(self, path: Any) -> None:
        """Writes a standalone page of this explanation to ``path`` (no external
        resources)."""
        from pathlib import Path

        Path(path).write_text(render.page(self.to_dict()), encoding="utf-8")
