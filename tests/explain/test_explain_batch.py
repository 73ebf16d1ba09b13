"""``explain`` / ``explain_batch`` check their inputs as ``score`` / ``score_batch`` do: the
same rules and the same messages (texts by the core's rules, token ids by the token-ids
profile's), every pair checked before the first is explained, and one rule for ids."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import rougekit as rk
from rougekit.explain.batch import explain_pairs


def _error(call: Callable[[], Any]) -> tuple[type[BaseException], str] | None:
    """The exception class and message of ``call()`` (an iterator is read), else None."""
    try:
        out = call()
        if hasattr(out, "__next__"):
            list(out)
    except (TypeError, ValueError) as e:
        return type(e), str(e)
    return None


IDS = rk.RougeScorer(("rouge1",), profile="token-ids")

#: Token ids ``score`` refuses (the fuzz trial's reproducers first): explain must refuse
#: them with the same message, never truncate them with ``int()``.
BAD_IDS = [
    ([1.5, 2.9], [[1, 2]]),
    ([1.5], [[1]]),
    ("12", [[1, 2]]),
    (["x"], [[1]]),
    (np.array([1.9]), [[1]]),
    ([1, 2], [1.5, 2.9]),
    ([1, 2], [[1, 2.5]]),
    ([2**70], [[1]]),
    ({1, 2}, [[1]]),
    ([1, None], [[1]]),
]


@pytest.mark.parametrize(("prediction", "references"), BAD_IDS)
def test_token_ids_refused_as_score_refuses_them(prediction: Any, references: Any) -> None:
    want = _error(lambda: IDS.score(prediction, references))
    assert want is not None
    assert _error(lambda: IDS.explain(prediction, references)) == want
    batch = _error(lambda: IDS.score_batch([prediction], [references]))
    assert batch is not None
    assert _error(lambda: IDS.explain_batch([prediction], [references])) == batch


def test_token_ids_not_truncated() -> None:
    with pytest.raises(TypeError, match=r"predictions\[0\]\[0\] must be an int token id, got"):
        IDS.explain([1.5, 2.9], [[1, 2]])
    with pytest.raises(TypeError, match=r"predictions\[0\] must hold integers, got an array"):
        list(IDS.explain_batch([np.array([1.9])], [[1]]))


def test_token_ids_every_container_score_takes() -> None:
    pairs: list[tuple[Any, Any]] = [
        ((1, 2, 3), [(2, 3), (1,)]),
        (np.array([1, 2, 3]), np.array([[2, 3, 4], [1, 5, 6]])),
        (array("q", [1, 2, 3]), [array("i", [2, 3])]),
        ([True, 2], [[1, 2]]),
        ([np.int64(1), 2], [[]]),
        ([], [[1]]),
    ]
    for prediction, references in pairs:
        ex = IDS.explain(prediction, references).check()
        assert ex["rouge1"].score == IDS.score(prediction, references)["rouge1"]
    got = list(IDS.explain_batch(iter(p for p, _ in pairs), iter(r for _, r in pairs)))
    row = IDS.score_batch([p for p, _ in pairs], [r for _, r in pairs])
    assert [ex["rouge1"].score.fmeasure for ex in got] == list(row.fmeasure("rouge1"))


TEXT = rk.RougeScorer(("rouge1",))

#: Batches ``score_batch`` refuses: explain_batch refuses them with the same message.
BAD_BATCHES: list[tuple[Any, Any, Any]] = [
    ("abc", ["a", "b", "c"], None),  # a str is not a batch of three texts
    (b"abc", ["a"], None),
    ({"a"}, ["a"], None),
    (5, ["a"], None),
    (["a"], "a", None),
    (["a"], ["a", "b"], None),
    (["a", "b"], ["a", []], None),
    (["a", "b"], ["a", [3]], None),
    (["a", "b"], ["a", 3], None),
    (["a", b"b"], ["a", "b"], None),
    (["a", "\ud800"], ["a", "b"], None),
    (["a", "b"], ["a", {"b"}], None),
    (["a"], ["a"], [5]),
    (["a"], ["a"], ["x", "y"]),
    (["a"], ["a"], "x"),
]


@pytest.mark.parametrize(("predictions", "references", "ids"), BAD_BATCHES)
def test_batch_refused_as_score_batch_refuses_it(
    predictions: Any, references: Any, ids: Any
) -> None:
    want = _error(lambda: TEXT.score_batch(predictions, references, ids=ids))
    assert want is not None
    assert _error(lambda: TEXT.explain_batch(predictions, references, ids=ids)) == want


def test_batch_checked_before_the_first_pair() -> None:
    # A bad text in a later chunk is named by its index in the batch, before any pair is
    # explained (the iterator is not even read).
    preds, refs = ["a b"] * 5 + [None], ["a"] * 6
    want = _error(lambda: TEXT.score_batch(preds, refs))
    assert want == (TypeError, "predictions[5] must be str, got NoneType")
    assert _error(lambda: explain_pairs(TEXT, preds, refs, None, chunk=2)) == want


def test_iterables_accepted_as_score_batch_accepts_them() -> None:
    preds = ["the cat sat", "a dog ran"]
    refs: list[Any] = ["the cat", ("a dog", "the dog ran")]
    gen = TEXT.explain_batch((p for p in preds), (r for r in refs), ids=(i for i in ("x", "y")))
    got = [(ex.id, ex["rouge1"].score.fmeasure) for ex in gen]
    row = TEXT.score_batch((p for p in preds), (r for r in refs))
    assert got == list(zip(["x", "y"], row.fmeasure("rouge1")))


def test_one_rule_for_ids() -> None:
    # An id is a str of valid Unicode text, in explain(id=) as in explain_batch(ids=).
    for bad, kind in ((5, TypeError), (b"x", TypeError), ("a\ud800", ValueError)):
        with pytest.raises(kind, match=r"^id "):
            TEXT.explain("a", "a", id=bad)
        with pytest.raises(kind, match=r"^ids\[0\] "):
            list(TEXT.explain_batch(["a"], ["a"], ids=[bad]))
    assert TEXT.explain("a", "a", id="p\u202e1").id == "p\u202e1"
    assert TEXT.explain("a", "a").id is None
