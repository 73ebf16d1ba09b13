"""The ``token-ids`` profile: sequences of integer token ids scored directly, with no text
round trip (RL reward functions get ``completion_ids``; tokenizer-level evaluation). The
numbers are rouge-score's for the same sequences written as words (each id one word), so
rougeLsum needs the id that separates sentences (``separator=``), or is refused.

Inputs: a prediction is a sequence of ints (list, tuple, ``array``, 1-D NumPy integer
array; Python's ``bool`` is an ``int`` and counts as 0 or 1, a NumPy bool array is refused);
a pair's references are one such sequence or a list of them (or a 2-D array, one reference
per row).
"""

from __future__ import annotations

import operator
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, cast

import rougekit._core as _core
from rougekit.checks import as_int
from rougekit.profiles import CoreRecord, CoreScorer
from rougekit.profiles.engine import EngineProfile

_INT64 = (-(2**63), 2**63 - 1)
#: Containers whose order is not the caller's: a sequence of ids must keep its order.
_UNORDERED = (set, frozenset, dict)


def _is_numpy(value: object) -> bool:
    return type(value).__module__ == "numpy" and hasattr(value, "dtype")


def _ids(value: object, what: str) -> bytes:
    """``value`` as native int64 bytes; ``TypeError``/``ValueError`` naming ``what``."""
    if isinstance(value, (str, bytes, bytearray)):
        raise TypeError(
            f"{what} must be a sequence of int token ids, got {type(value).__name__} "
            "(the token-ids profile scores ids; use a text profile for text)"
        )
    if isinstance(value, _UNORDERED):
        raise TypeError(
            f"{what} must be an ordered sequence of int token ids (list, tuple, array), "
            f"got {type(value).__name__}"
        )
    if _is_numpy(value):
        arr: Any = value
        if arr.ndim != 1:
            raise ValueError(f"{what} must be 1-D, got an array of shape {arr.shape}")
        if arr.dtype.kind not in "iu" and not (arr.size == 0 and arr.dtype.kind == "f"):
            raise TypeError(f"{what} must hold integers, got an array of dtype {arr.dtype}")
        if arr.dtype.kind == "u" and arr.size and int(arr.max()) > _INT64[1]:
            raise ValueError(f"{what} holds a token id above 2**63 - 1")
        return bytes(arr.astype("=i8").tobytes())
    if isinstance(value, array) and value.typecode in "bBhHiIlLqQ":
        return array("q", value).tobytes()
    try:
        items = list(value)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(
            f"{what} must be a sequence of int token ids, got {type(value).__name__}"
        ) from None
    try:
        return array("q", items).tobytes()
    except (TypeError, OverflowError):
        for k, item in enumerate(items):
            try:
                n = operator.index(item)
            except TypeError:
                raise TypeError(
                    f"{what}[{k}] must be an int token id, got {type(item).__name__}"
                ) from None
            if not _INT64[0] <= n <= _INT64[1]:
                raise ValueError(f"{what}[{k}] = {n} is outside int64") from None
        return array("q", [operator.index(i) for i in items]).tobytes()


def _one_sequence(value: object) -> bool:
    """Whether a pair's references value is one id sequence (else a list of them)."""
    if isinstance(value, (str, bytes, bytearray, *_UNORDERED)):
        return True  # not a sequence of ids either: _ids names it, at its own index
    if _is_numpy(value):
        return bool(getattr(value, "ndim", 1) == 1)
    if isinstance(value, array):
        return True
    try:
        first = next(iter(value))  # type: ignore[call-overload]
    except StopIteration:
        return True  # [] is one empty sequence
    except TypeError:
        return True  # not iterable: _ids names the problem
    return isinstance(first, int) or (_is_numpy(first) and getattr(first, "ndim", 1) == 0)


def _ordered(value: object, what: str) -> list[Any]:
    if isinstance(value, (str, bytes, *_UNORDERED)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{what} must be a list of token-id sequences, got {type(value).__name__}")
    return list(value)


def id_batch(predictions: Any, references: Any) -> tuple[list[Any], list[Any]]:
    """A batch's token ids checked as ``score_batch`` checks them, with its messages: each
    prediction a list of ints or int64 bytes, each pair's references one such sequence or a
    list of them (what the core reads). ``TypeError``/``ValueError`` naming the argument."""
    preds = _ordered(predictions, "predictions")
    refs = _ordered(references, "references")
    if len(preds) != len(refs):
        raise ValueError(
            f"predictions and references must have the same length, got "
            f"{len(preds)} predictions and {len(refs)} references"
        )
    # Lists of ints (the usual input: tokenizer output) go to the core as they are and
    # are read there; everything else becomes int64 bytes here (NumPy's own conversion
    # for arrays). A reference list starting with an int is one sequence.
    pred_ids = [p if type(p) is list else _ids(p, f"predictions[{i}]") for i, p in enumerate(preds)]
    ref_ids: list[Any] = []
    for i, r in enumerate(refs):
        if type(r) is list and (not r or type(r[0]) is int):
            ref_ids.append(r)
        elif _one_sequence(r):
            ref_ids.append(_ids(r, f"references[{i}]"))
        else:
            ref_ids.append(
                [
                    x if type(x) is list else _ids(x, f"references[{i}][{k}]")
                    for k, x in enumerate(r)
                ]
            )
    return pred_ids, ref_ids


def id_lists(predictions: Any, references: Any) -> tuple[list[list[int]], list[list[list[int]]]]:
    """:func:`id_batch`'s checks and messages, every sequence a list of Python ints and
    each pair's references a list of sequences (what explanations are made from)."""
    pred_ids, ref_ids = id_batch(predictions, references)
    preds = [_int_list(p, f"predictions[{i}]") for i, p in enumerate(pred_ids)]
    refs: list[list[list[int]]] = []
    for i, r in enumerate(ref_ids):
        if isinstance(r, bytes) or not r or not isinstance(r[0], (list, bytes)):
            refs.append([_int_list(r, f"references[{i}]")])
        else:
            refs.append([_int_list(x, f"references[{i}][{k}]") for k, x in enumerate(r)])
    return preds, refs


def _int_list(value: Any, what: str) -> list[int]:
    """A checked sequence as a list of exact ints (a list's items are checked as the core
    checks them: ints, ``bool`` and ``__index__`` objects within int64)."""
    out = array("q")
    if isinstance(value, bytes):
        out.frombytes(value)
    else:
        out.frombytes(_ids(value, what))
    return out.tolist()


class IdScorer:
    """The core engine for token ids: converts ids to int64 buffers, then scores."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine

    @property
    def types(self) -> list[str]:
        types: list[str] = self._engine.types
        return types

    def score_batch(self, predictions: Any, references: Any) -> _core.BatchScores:
        # The usual input (lists of tokenizer output: lists of ints) is read by the core as
        # it is, with no per-pair loop here; it answers None for anything it does not read
        # natively (other containers, NumPy values, bools, values outside int64, a length
        # mismatch), which takes the path below: normalised here, read by the core, every
        # error worded as before.
        fast: _core.BatchScores | None = self._engine.score_id_lists(predictions, references)
        if fast is not None:
            return fast
        pred_ids, ref_ids = id_batch(predictions, references)
        batch: _core.BatchScores = self._engine.score_id_batch(pred_ids, ref_ids)
        return batch

    def explain_ids(self, predictions: list[Any], references: list[list[Any]]) -> list[Any]:
        """The engine's explanations of pairs of id lists (checked by ``id_lists``)."""
        records: list[Any] = self._engine.explain_ids(predictions, references)
        return records


@dataclass(frozen=True)
class TokenIds(EngineProfile):
    """Integer token ids; ``separator`` is the id that ends a sentence for rougeLsum. It is
    not a token: it is left out of every type's sequences, as a newline is not a word."""

    separator: int | None = None

    NAME: ClassVar[str] = "token-ids"
    SUMMARY: ClassVar[str] = "integer token ids, scored as rouge-score scores words"
    TOKENIZER: ClassVar[str] = "rouge-score"
    OPTIONS: ClassVar[tuple[str, ...]] = ("multiref", "jackknife", "separator")
    INPUT: ClassVar[str] = "ids"

    @classmethod
    def from_options(cls, **options: Any) -> TokenIds:
        base = super().from_options(**options)
        assert isinstance(base, TokenIds)
        separator = options.get("separator")
        if separator is not None:
            separator = as_int(separator, "separator")
            if not _INT64[0] <= separator <= _INT64[1]:
                raise ValueError(f"separator must be an int64 token id, got {separator}")
        return replace(base, separator=separator)

    def default_types(self) -> tuple[str, ...]:
        """rouge1, rouge2, rougeL, and rougeLsum when sentences can be told apart."""
        return self.DEFAULT_TYPES if self.separator is not None else self.DEFAULT_TYPES[:3]

    def scorer(self, types: Sequence[str], threads: int) -> CoreScorer:
        if "rougeLsum" in types and self.separator is None:
            raise ValueError(
                "rougeLsum on token ids needs the id that separates sentences: "
                "separator=<id> (e.g. the tokenizer's id of '\\n'), or leave rougeLsum out "
                "of the types; without one every sequence is one sentence and rougeLsum "
                "would silently equal rougeL"
            )
        return IdScorer(self.engine(types, threads, self.separator))

    def signature_fields(self) -> dict[str, str]:
        fields = super().signature_fields()
        if self.separator is not None:
            fields["split"] = f"sep-id={self.separator}"
        return fields

    def options(self) -> dict[str, Any]:
        out = super().options()
        if self.separator is not None:
            out["separator"] = self.separator
        return out

    def explain(
        self, core: CoreScorer, predictions: list[Any], references: list[list[Any]]
    ) -> Sequence[CoreRecord]:
        """The engine's ``explain_ids``: the pairs are token ids."""
        return cast("IdScorer", core).explain_ids(predictions, references)

    @classmethod
    def options_of(cls, fields: Mapping[str, str]) -> dict[str, Any]:
        """... and ``separator`` from the ``split:sep-id=<id>`` field."""
        options = super().options_of(fields)
        split = fields.get("split", "")
        if split.startswith("sep-id="):
            try:
                options["separator"] = int(split[len("sep-id=") :])
            except ValueError:
                raise ValueError(f"split:{split} does not name a token id") from None
        return options

    def tokenize(self, text: str) -> list[str]:
        raise ValueError("the token-ids profile scores token ids, not text: nothing to tokenize")

    @property
    def no_tokens_advice(self) -> str:
        return "Check the inputs."
