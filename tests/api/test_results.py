"""BatchResult: pickling, slicing and concatenation (the pieces of a scale-out job), through
every profile, on real pairs."""

from __future__ import annotations

import itertools
import math
import pickle
import struct

import numpy as np
import pytest
import rougekit
from rougekit import _core
from rougekit.results import FIELDS, BatchResult


def _pairs(sample_pairs):
    preds = [r["prediction"] for r in sample_pairs]
    refs = [r["references"] for r in sample_pairs]
    return preds, refs


SCORERS = {
    "rouge-score": lambda: rougekit.RougeScorer(["rouge1", "rouge2", "rougeL"], stemmer=True),
    "perl": lambda: rougekit.RougeScorer(["rouge1", "rougeL"], profile="perl-1.5.5"),
    "unicode-v1": lambda: rougekit.RougeScorer(["rouge1", "rougeL"], profile="unicode-v1"),
}


def _same(a: BatchResult, b: BatchResult) -> None:
    assert a.types == b.types
    assert str(a.signature) == str(b.signature)
    assert a.profile == b.profile
    assert len(a) == len(b)
    for t in a.types:
        for f in FIELDS:
            assert getattr(a, f)(t).tobytes() == getattr(b, f)(t).tobytes(), (t, f)
    assert a.failures == b.failures
    assert a.dropped_counts() == b.dropped_counts()
    assert a.scores.letter_counts() == b.scores.letter_counts()
    assert a.scores.nrefs == b.scores.nrefs


@pytest.mark.parametrize("name", sorted(SCORERS))
def test_pickle_round_trip(sample_pairs, name):
    scorer = SCORERS[name]()
    batch = scorer.score_batch(*_pairs(sample_pairs))
    batch.fmeasure(batch.types[0])  # a cached NumPy view must not travel
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        back = pickle.loads(pickle.dumps(batch, protocol=protocol))
        _same(back, batch)
        assert (
            back.corpus(confidence=0.9, n_bootstrap=50).to_dict()
            == batch.corpus(confidence=0.9, n_bootstrap=50).to_dict()
        )
    assert batch.__getstate__()["_cache"] == {}
    assert len(pickle.dumps(batch)) < 9 * 3 * len(batch.types) * len(batch) + 4096


def test_core_bytes_are_checked():
    scorer = rougekit.RougeScorer(["rouge1"])
    scores = scorer.score_batch(["a b"], ["a"]).scores
    data = scores.to_bytes()
    assert _core.BatchScores.from_bytes(data).row(0) == scores.row(0)
    for bad in (b"", b"RKB1", data[:-1], data + b"\0", b"XXXX" + data[4:]):
        with pytest.raises(ValueError, match="corrupt"):
            _core.BatchScores.from_bytes(bad)


def test_perl_counts_and_failures_survive_pickling():
    # ROUGE-W against a reference without tokens: a failure; -t 1 needs the counts.
    scorer = rougekit.RougeScorer(["rouge1", "rougeW-1.2"], profile="perl-1.5.5")
    with pytest.warns(Warning):
        batch = scorer.score_batch(["the cat sat", "a dog"], [["the cat"], ["!!!"]])
    back = pickle.loads(pickle.dumps(batch))
    _same(back, batch)
    assert back.failures and back.failures == batch.failures
    assert back.corpus(unit=1).to_dict() == batch.corpus(unit=1).to_dict()


@pytest.mark.parametrize("name", sorted(SCORERS))
def test_slices_and_concat_give_the_whole(sample_pairs, name):
    scorer = SCORERS[name]()
    preds, refs = _pairs(sample_pairs)
    whole = scorer.score_batch(preds, refs)
    n = len(whole)
    cuts = [0, 1, 7, n // 2, n - 3, n]
    parts = [whole[a:b] for a, b in itertools.pairwise(cuts)]
    assert [len(p) for p in parts] == [b - a for a, b in itertools.pairwise(cuts)]
    for (a, b), part in zip(itertools.pairwise(cuts), parts):
        _same(part, scorer.score_batch(preds[a:b], refs[a:b]))
    joined = BatchResult.concat(parts)
    _same(joined, whole)
    assert joined.corpus().to_dict() == whole.corpus().to_dict()
    # A concat of pickled slices, and an empty slice among them.
    again = BatchResult.concat([pickle.loads(pickle.dumps(p)) for p in [whole[:0], *parts]])
    _same(again, whole)


def test_slice_rules(sample_pairs):
    scorer = rougekit.RougeScorer(["rouge1"])
    batch = scorer.score_batch(*_pairs(sample_pairs))
    assert len(batch[-3:]) == 3
    assert batch[-3:][0] == batch[len(batch) - 3]
    assert len(batch[5:2]) == 0
    assert np.array_equal(batch[::1].recall("rouge1"), batch.recall("rouge1"))
    with pytest.raises(ValueError, match="step 1"):
        batch[::2]
    with pytest.raises(IndexError):
        batch[len(batch)]


def test_slice_signature_counts_its_own_references():
    scorer = rougekit.RougeScorer(["rouge1"])
    batch = scorer.score_batch(["a", "b", "c"], ["a", ["b", "c"], "c"])
    assert batch.signature.fields["nrefs"] == "1-2"
    assert batch[:1].signature.fields["nrefs"] == "1"
    assert batch[1:2].signature.fields["nrefs"] == "2"
    assert batch[3:].signature.fields["nrefs"] == "?"


def test_concat_refuses_other_settings():
    a = rougekit.RougeScorer(["rouge1"]).score_batch(["a b"], ["a"])
    with pytest.raises(ValueError, match="other settings"):
        BatchResult.concat(
            [a, rougekit.RougeScorer(["rouge1"], stemmer=True).score_batch(["a"], ["a"])]
        )
    with pytest.raises(ValueError, match="other settings"):
        BatchResult.concat([a, rougekit.RougeScorer(["rouge2"]).score_batch(["a"], ["a"])])
    with pytest.raises(ValueError, match="at least one"):
        BatchResult.concat([])
    with pytest.raises(TypeError, match="BatchResult"):
        BatchResult.concat([a, "x"])  # type: ignore[list-item]


def test_ids_travel_through_pickle_slice_and_concat(sample_pairs):
    """The pairs' ids (``score_batch(ids=...)``) stay with their scores: pickled, sliced
    (the same pairs' ids) and concatenated (joined when every part has them)."""
    preds, refs = _pairs(sample_pairs)
    ids = [f"doc-{i}" for i in range(len(preds))]
    scorer = SCORERS["rouge-score"]()
    batch = scorer.score_batch(preds, refs, ids=ids)
    assert pickle.loads(pickle.dumps(batch)).ids == ids
    assert batch[3:7].ids == ids[3:7]
    assert batch[7:3].ids == []
    joined = BatchResult.concat([batch[:5], batch[5:]])
    assert joined.ids == ids
    assert list(joined.to_pandas().index) == ids
    without = scorer.score_batch(preds[:2], refs[:2])
    assert without.ids is None
    assert BatchResult.concat([batch[:2], without]).ids is None


def _with_value(scores, t: int, field: int, i: int, new: float) -> bytes:
    """``scores``' bytes ("RKB1", the count of types, the names, the count of pairs, then
    the float64 columns type by type) with value ``i`` of column ``(t, field)`` set to
    ``new``."""
    data = bytearray(scores.to_bytes())
    at = 4 + 8 + sum(8 + len(name) for name in scores.types) + 8
    at += ((3 * t + field) * len(scores) + i) * 8
    data[at : at + 8] = struct.pack("<d", new)
    return bytes(data)


def _corrupt_pickle(batch: BatchResult, bad: bytes) -> bytes:
    """The pickle of ``batch`` with its core bytes replaced by ``bad`` (same length)."""
    good = batch.scores.to_bytes()
    assert len(bad) == len(good)
    data = pickle.dumps(batch, protocol=4)
    assert data.count(good) == 1
    return data.replace(good, bad)


def test_unpickling_checks_the_score_values():
    scorer = rougekit.RougeScorer(["rouge1", "rouge2", "rougeL"])
    batch = scorer.score_batch(["a b c d", "x y"], ["a b c e", "x"])
    scores = batch.scores
    assert batch.precision("rouge1")[0] == 0.75
    cases = {
        math.nan: r"corrupt BatchScores bytes: the rouge1 precision of pair 0 is NaN, outside",
        7.5: r"the rouge1 precision of pair 0 is 7.5, outside \[0, 1\]",
        -0.5: r"is -0.5, outside",
        math.inf: r"is inf, outside",
    }
    for value, message in cases.items():
        bad = _with_value(scores, 0, 0, 0, value)
        assert _with_value(scores, 0, 0, 0, 0.75) == scores.to_bytes()
        with pytest.raises(ValueError, match=message):
            _core.BatchScores.from_bytes(bad)
        with pytest.raises(ValueError, match=message):
            pickle.loads(_corrupt_pickle(batch, bad))
    # rougeL may exceed 1 in the core's bytes (pltrdy's rouge without exclusive scores it
    # so), never in a rouge-score batch.
    bad = _with_value(scores, 2, 0, 0, 1.5)
    assert _core.BatchScores.from_bytes(bad).row(0)[2][0] == 1.5
    with pytest.raises(ValueError, match="corrupt BatchResult state: a rougeL precision above 1"):
        pickle.loads(_corrupt_pickle(batch, bad))


def test_unpickling_checks_the_type_names():
    batch = rougekit.RougeScorer(["rouge1", "rouge2"]).score_batch(["a b"], ["a b"])
    good = batch.scores.to_bytes()
    for old, new, message in [
        (b"rouge2", b"rouge1", "type rouge1 is named twice"),
        (b"rouge2", b"bleu-4", '"bleu-4" is not a ROUGE type name'),
        (b"rouge2", b"ROUGE2", '"ROUGE2" is not a ROUGE type name'),
        (b"rouge2", b"rouge0", '"rouge0" is not a ROUGE type name'),
        (b"\x06" + bytes(7) + b"rouge2", bytes(8), '"" is not a ROUGE type name'),
    ]:
        bad = good.replace(old, new)
        with pytest.raises(ValueError, match=f"corrupt BatchScores bytes: {message}"):
            _core.BatchScores.from_bytes(bad)
        if len(bad) == len(good):
            with pytest.raises(ValueError, match=message):
                pickle.loads(_corrupt_pickle(batch, bad))
    # A type of another profile: rougeW-0.5 is perl-1.5.5's, not rouge-score's.
    perl = rougekit.RougeScorer(["rouge1", "rougeW-0.5"], profile="perl-1.5.5")
    w = perl.score_batch(["a x b x c"], ["a b c"])
    assert w.recall("rougeW-0.5")[0] > 1  # as ROUGE-1.5.5: kept through pickling
    assert pickle.loads(pickle.dumps(w)).recall("rougeW-0.5")[0] == w.recall("rougeW-0.5")[0]
    state = batch.__getstate__()
    state["_scores"] = w.scores
    with pytest.raises(ValueError, match="does not name the types"):
        BatchResult.__new__(BatchResult).__setstate__(state)
    state["signature"] = w.signature
    with pytest.raises(ValueError, match="not the 'rouge-score' profile's"):
        BatchResult.__new__(BatchResult).__setstate__(state)


def test_unpickling_checks_the_ids_and_settings():
    batch = rougekit.RougeScorer(["rouge1"]).score_batch(["a", "b"], ["a", "c"], ids=["p", "q"])
    for key, value in [("ids", ["p"]), ("ids", ["p", 2]), ("ids", "pq"), ("_threads", 0),
                       ("_scores", b"RKB1"), ("profile", None), ("signature", "x")]:  # fmt: skip
        state = batch.__getstate__()
        state[key] = value
        with pytest.raises(ValueError, match="corrupt BatchResult state"):
            BatchResult.__new__(BatchResult).__setstate__(state)


def test_unpickling_checks_the_perl_counts():
    """ROUGE-1.5.5's -t 1 corpus numbers come from the counts: hits above the items' count
    made them exceed 1 (the core lets rougeL's pass: pltrdy's rouge scores it above 1)."""
    scorer = rougekit.RougeScorer(["rouge1", "rougeL"], profile="perl-1.5.5")
    batch = scorer.score_batch(["a b"], ["a b c"])
    good = batch.scores.to_bytes()
    at = good.rindex(struct.pack("<3d", 2.0, 2.0, 3.0))  # rougeL's (rouge1's come first)
    bad = good[:at] + struct.pack("<d", 9.0) + good[at + 8 :]
    assert _core.BatchScores.from_bytes(bad)
    with pytest.raises(ValueError, match="rougeL counts of pair 0 have more hits than items"):
        pickle.loads(_corrupt_pickle(batch, bad))
    first = good.index(struct.pack("<3d", 2.0, 2.0, 3.0))
    with pytest.raises(ValueError, match="rouge1 counts of pair 0 have more hits than items"):
        _core.BatchScores.from_bytes(good[:first] + struct.pack("<d", 9.0) + good[first + 8 :])
