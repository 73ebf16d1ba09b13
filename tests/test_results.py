"""BatchResult: pickling, slicing and concatenation (the pieces of a scale-out job), through
every profile, on real pairs."""

from __future__ import annotations

import itertools
import pickle

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
