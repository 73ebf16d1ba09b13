"""CorpusAccumulator: both modes against one process, merges in any order and grouping
(Hypothesis), pickling, the signature, bad input; the exact sum behind every mean."""

from __future__ import annotations

import itertools
import math
import pickle
import random
import statistics

import pytest
import rougekit
from conftest import corpus_bits, data_file, load_corpus
from hypothesis import given, settings
from hypothesis import strategies as st
from rougekit import _core
from rougekit.aggregate import CorpusAccumulator
from rougekit.results import FIELDS

TYPES = ["rouge1", "rouge2", "rougeL"]


@pytest.fixture(scope="module")
def pairs():
    rows = load_corpus(data_file("xsum-hallucination-annotations/xsum.jsonl"))[:800]
    return [r["prediction"] for r in rows], [r["references"] for r in rows]


@pytest.fixture(scope="module")
def scorer():
    return rougekit.RougeScorer(TYPES, stemmer=True, threads=1)


def _means(result) -> dict:
    return {(t, f): getattr(result.mean[t], f).hex() for t in result.types for f in FIELDS}


def _pieces(batch, cuts):
    bounds = [0, *sorted(cuts), len(batch)]
    return [(a, batch[a:b]) for a, b in itertools.pairwise(bounds)]


def _accumulate(scorer, pieces, order, grouping, **kw):
    """Accumulators of ``pieces`` merged in ``order``, then in a tree of ``grouping``."""
    accs = []
    for k in order:
        start, piece = pieces[k]
        acc = CorpusAccumulator(scorer, **kw)
        acc.add(pickle.loads(pickle.dumps(piece)), ids=start)
        accs.append(pickle.loads(pickle.dumps(acc)))
    while len(accs) > 1:
        merged = []
        for i in range(0, len(accs), grouping):
            group = accs[i : i + grouping]
            out = group[0]
            for a in group[1:]:
                out = out.merge(a)
            merged.append(out)
        accs = merged
    return accs[0]


@pytest.fixture(scope="module")
def whole(scorer, pairs):
    return scorer.score_batch(*pairs)


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_exact_mode_is_one_process_whatever_the_partitioning(scorer, pairs, whole, data):
    n = len(whole)
    cuts = data.draw(st.lists(st.integers(0, n), max_size=12))
    pieces = _pieces(whole, cuts)
    order = data.draw(st.permutations(range(len(pieces))))
    grouping = data.draw(st.integers(2, 5))
    acc = _accumulate(scorer, pieces, order, grouping, n_bootstrap=40, seed=11)
    want = scorer.corpus(*pairs, confidence=0.9, n_bootstrap=40, seed=11)
    assert corpus_bits(acc.finalize(confidence=0.9)) == corpus_bits(want)
    assert corpus_bits(acc.finalize()) == corpus_bits(scorer.corpus(*pairs))


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_streaming_mode_does_not_depend_on_the_partitioning(scorer, whole, data):
    n = len(whole)
    reference = _accumulate(scorer, [(0, whole)], [0], 2, mode="streaming", n_bootstrap=60, seed=5)
    cuts = data.draw(st.lists(st.integers(0, n), max_size=12))
    pieces = _pieces(whole, cuts)
    order = data.draw(st.permutations(range(len(pieces))))
    grouping = data.draw(st.integers(2, 5))
    acc = _accumulate(scorer, pieces, order, grouping, mode="streaming", n_bootstrap=60, seed=5)
    assert corpus_bits(acc.finalize(confidence=0.95)) == corpus_bits(
        reference.finalize(confidence=0.95)
    )


def test_streaming_means_are_the_exact_means(scorer, pairs, whole):
    one = scorer.corpus(*pairs)
    stream = _accumulate(
        scorer, _pieces(whole, [5, 300, 301]), [3, 1, 0, 2], 2, mode="streaming", n_bootstrap=0
    ).finalize()
    assert _means(stream) == _means(one)
    # And the mean is the correctly rounded sum over n (math.fsum rounds the exact sum once).
    for t in TYPES:
        for f in FIELDS:
            column = [float(x) for x in getattr(whole, f)(t)]
            assert getattr(stream.mean[t], f) == math.fsum(column) / len(column)


def test_streaming_ci_is_a_bootstrap_of_the_mean(scorer, pairs, whole):
    acc = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=400, seed=3)
    acc.add(whole)
    stream = acc.finalize(confidence=0.95)
    exact = scorer.corpus(*pairs, confidence=0.95, n_bootstrap=400, seed=3)
    for t in TYPES:
        for f in FIELDS:
            lo, mean, hi = (getattr(r[t], f) for r in (stream.low, stream.mean, stream.high))
            assert lo < mean < hi
            # Close to the index bootstrap's interval (another method: not equal).
            width = getattr(exact.high[t], f) - getattr(exact.low[t], f)
            assert abs((hi - lo) - width) < 0.25 * width, (t, f)
            assert (lo, hi) != (getattr(exact.low[t], f), getattr(exact.high[t], f))
    # Another seed, other bounds; the same seed, the same bounds.
    other = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=400, seed=4)
    other.add(whole)
    assert corpus_bits(other.finalize(confidence=0.95)) != corpus_bits(stream)
    again = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=400, seed=3, threads=2)
    again.add(whole)
    assert corpus_bits(again.finalize(confidence=0.95)) == corpus_bits(stream)


def test_poisson_weights_are_keyed_by_pair_id():
    weights = [_core.poisson_weight(7, i, r) for i in range(3000) for r in range(3)]
    assert abs(statistics.fmean(weights) - 1) < 0.05
    assert abs(statistics.pvariance(weights) - 1) < 0.1
    assert _core.poisson_weight(7, 12, 3) == _core.poisson_weight(7, 12, 3)
    assert [_core.poisson_weight(8, i, 0) for i in range(50)] != weights[:150:3]


def test_signature_names_the_mode(scorer, pairs, whole):
    exact = CorpusAccumulator(scorer, n_bootstrap=20)
    exact.add(whole)
    stream = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=20)
    stream.add(whole)
    one = scorer.corpus(*pairs, confidence=0.95, n_bootstrap=20)
    assert str(exact.finalize(confidence=0.95).signature) == str(one.signature)
    sig = stream.finalize(confidence=0.95).signature
    assert sig.fields["acc"] == "streaming"
    assert str(sig).endswith("|acc:streaming")
    assert rougekit.parse_signature(str(sig)) == sig
    assert "acc" in stream.finalize().signature.fields
    assert sig.fields["bs"] == "20" and sig.fields["nrefs"] == one.signature.fields["nrefs"]


def test_exact_mode_checks_the_pieces(scorer, whole):
    acc = CorpusAccumulator(scorer)
    acc.add(whole[:10], ids=0)
    acc.add(whole[20:30], ids=20)
    with pytest.raises(ValueError, match="id 10 is missing"):
        acc.finalize()
    acc.add(whole[5:15], ids=5)
    with pytest.raises(ValueError, match="id 5 is given twice"):
        acc.finalize()
    with pytest.raises(ValueError, match="3 ids for a batch of 2"):
        acc.add(whole[:2], ids=[0, 1, 2])
    # Pairs in any order, with their ids: put back in order.
    order = random.Random(2).sample(range(len(whole)), len(whole))
    shuffled = _core.BatchScores.concat([whole.scores.slice(i, i + 1) for i in order])
    acc = CorpusAccumulator(scorer, n_bootstrap=30)
    acc.add(rougekit.BatchResult(shuffled, whole.signature, whole.profile), ids=order)
    assert corpus_bits(acc.finalize(confidence=0.9)) == corpus_bits(
        whole.corpus(confidence=0.9, n_bootstrap=30)
    )
    # Ids continue after the last piece by default.
    acc = CorpusAccumulator(scorer)
    acc.add(whole[:10])
    acc.add(whole[10:])
    assert corpus_bits(acc.finalize()) == corpus_bits(whole.corpus())
    assert acc.batch().to_dict() == whole.to_dict()


def test_streaming_takes_any_distinct_ids(scorer, whole):
    ids = random.Random(1).sample(range(10**12), len(whole))
    acc = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=30)
    acc.add(whole, ids=ids)
    parts = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=30)
    for k in range(0, len(whole), 100):
        piece = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=30)
        piece.add(whole[k : k + 100], ids=ids[k : k + 100])
        parts = piece.merge(parts)
    assert corpus_bits(parts.finalize(confidence=0.9)) == corpus_bits(acc.finalize(confidence=0.9))
    with pytest.raises(ValueError, match="non-negative"):
        acc.add(whole[:1], ids=[-1])
    with pytest.raises(ValueError, match="below 2\\*\\*64"):
        acc.add(whole[:1], ids=[2**64])


def test_bad_settings_and_merges(scorer, whole):
    with pytest.raises(ValueError, match="mode must be"):
        CorpusAccumulator(scorer, mode="fast")
    with pytest.raises(ValueError, match="seed"):
        CorpusAccumulator(scorer, seed=-1)
    with pytest.raises(ValueError, match="n_bootstrap"):
        CorpusAccumulator(scorer, n_bootstrap=-1)
    perl = rougekit.RougeScorer(["rouge1"], profile="perl-1.5.5")
    with pytest.raises(ValueError, match="use mode='exact'"):
        CorpusAccumulator(perl, mode="streaming")
    a = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=10)
    with pytest.raises(ValueError, match="empty corpus"):
        a.finalize()
    with pytest.raises(ValueError, match="cannot merge"):
        a.merge(CorpusAccumulator(scorer, mode="streaming", n_bootstrap=10, seed=1))
    with pytest.raises(ValueError, match="cannot merge"):
        a.merge(CorpusAccumulator(scorer, n_bootstrap=10))
    other = rougekit.RougeScorer(TYPES)  # no stemmer
    with pytest.raises(ValueError, match="other settings"):
        a.merge(CorpusAccumulator(other, mode="streaming", n_bootstrap=10))
    with pytest.raises(ValueError, match="other settings"):
        a.add(other.score_batch(["a"], ["a"]))
    with pytest.raises(TypeError, match="BatchResult"):
        a.add(["a"])  # type: ignore[arg-type]
    a.add(whole[:5])
    with pytest.raises(ValueError, match="unit"):
        a.finalize(unit=1)
    with pytest.raises(ValueError, match="confidence must be between"):
        a.finalize(confidence=1.5)
    no_boot = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=0)
    no_boot.add(whole[:5])
    with pytest.raises(ValueError, match="n_bootstrap > 0"):
        no_boot.finalize(confidence=0.9)
    with pytest.raises(RuntimeError, match="sums only"):
        no_boot.batch()


def test_perl_profile_in_exact_mode(sample_pairs):
    perl = rougekit.RougeScorer(["rouge1", "rougeL"], profile="perl-1.5.5")
    preds = [r["prediction"] for r in sample_pairs]
    refs = [r["references"] for r in sample_pairs]
    whole = perl.score_batch(preds, refs)
    acc = _accumulate(perl, _pieces(whole, [3, 17]), [2, 0, 1], 2)
    for unit in (0, 1):
        assert corpus_bits(acc.finalize(unit=unit)) == corpus_bits(
            perl.corpus(preds, refs, unit=unit)
        )


def test_empty_pieces_are_fine(scorer, whole):
    acc = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=10)
    acc.add(whole[:0])
    acc.add(whole)
    acc.add(whole[:0], ids=len(whole))
    exact = CorpusAccumulator(scorer, n_bootstrap=10)
    exact.add(whole[:0], ids=5)
    exact.add(whole, ids=0)
    assert _means(acc.finalize()) == _means(exact.finalize())
    assert acc.finalize().signature.fields["nrefs"] == whole.signature.fields["nrefs"]


# -- The exact sum behind every mean --

finite = st.floats(allow_nan=False, allow_infinity=False)


@settings(max_examples=300)
@given(values=st.lists(finite, max_size=40), seed=st.integers(0, 2**32))
def test_exact_sum_is_fsum_in_any_order(values, seed):
    try:
        want = math.fsum(values)
    except OverflowError:  # fsum's intermediate overflow; the exact sum has no such limit
        return
    got = _core.exact_sum(values)
    if values:  # (fsum of nothing is 0.0; the exact sum's is -0.0, IEEE's identity)
        assert got.hex() == want.hex()
    shuffled = values[:]
    random.Random(seed).shuffle(shuffled)
    assert _core.exact_sum(shuffled).hex() == got.hex()


def test_exact_sum_edges():
    assert math.copysign(1, _core.exact_sum([])) == -1
    assert _core.exact_sum([1e308, 1e308, -1e308]) == 1e308
    assert _core.exact_sum([5e-324] * 3) == 1.5e-323
    assert math.isinf(_core.exact_sum([1.7e308, 1.7e308]))
    assert math.isnan(_core.exact_sum([math.inf, -math.inf]))
    assert _core.exact_sum([0.1] * 10) == math.fsum([0.1] * 10) == 1.0


def test_streaming_refuses_an_id_twice(scorer, whole):
    """Sums keep no trace of a pair added twice, so the ids are checked as they come."""
    acc = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=10)
    acc.add(whole[:10])  # ids 0..9
    acc.add(whole[10:20], ids=20)  # 20..29
    before = corpus_bits(acc.finalize(confidence=0.9))
    with pytest.raises(ValueError, match="pair id 5 was added already"):
        acc.add(whole[:5], ids=5)
    with pytest.raises(ValueError, match="pair id 20 was added already"):
        acc.add(whole[:10], ids=11)  # 11..20: only 20 is taken
    with pytest.raises(ValueError, match="pair id 25 was added already"):
        acc.add(whole[:3], ids=[10, 11, 25])
    with pytest.raises(ValueError, match="pair id 30 is given twice in this batch"):
        acc.add(whole[:3], ids=[30, 31, 30])
    assert len(acc) == 20 and corpus_bits(acc.finalize(confidence=0.9)) == before
    acc.add(whole[20:30], ids=10)  # fills the gap: one run
    assert acc._ids.runs() == [(0, 30)]
    other = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=10)
    other.add(whole[30:33], ids=29)
    for a, b in ((acc, other), (other, acc)):
        with pytest.raises(ValueError, match="pair id 29 is in both accumulators"):
            a.merge(b)
    fine = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=10)
    fine.add(whole[30:33], ids=[32, 30, 31])
    merged = fine.merge(acc)
    assert merged._ids.runs() == [(0, 33)] and len(merged) == 33
    assert acc._ids.runs() == [(0, 30)]  # merge changes neither side


def test_id_runs_against_a_set():
    """The streaming mode's id runs (levels of sorted runs) against a plain set: every
    clash found, none invented, merges of both orders, and O(log n) levels (one rebuilt
    list per call was quadratic in scattered ids)."""
    from rougekit.aggregate import _IdRuns, _runs_of

    rng = random.Random(11)
    for _ in range(40):
        runs, held = _IdRuns(), set()
        for _ in range(rng.randint(1, 120)):
            k = rng.choice([1, 1, 3, 20])
            start = rng.randrange(400)
            ids = sorted(set(rng.sample(range(start, start + 60), k)))
            new = _runs_of(ids)
            clash = runs.clash(new)
            if held & set(ids):
                assert clash in held & set(ids)
            else:
                assert clash is None
                runs.insert(new)
                held |= set(ids)
        assert runs.runs() == _runs_of(sorted(held))
        other = _IdRuns()
        other.insert(_runs_of(sorted(set(range(1000, 1050)) | {2000})))
        for a, b in ((runs, other), (other, runs)):
            assert a.clash(b.runs()) is None
    scattered = _IdRuns()
    for i in range(5000):
        scattered.insert([(7 * i, 7 * i + 1)])
    assert len(scattered.levels) <= 2 * (5000).bit_length()
    assert scattered.runs() == [(7 * i, 7 * i + 1) for i in range(5000)]


def _streaming_pickle(scorer, batch, **changes):
    """The pickle of a streaming accumulator holding ``batch``, its state changed by
    ``changes`` (``sums_n``: the pair count inside the core's sums bytes)."""
    acc = CorpusAccumulator(scorer, mode="streaming", n_bootstrap=20, seed=3)
    acc.add(batch)
    state = acc.__dict__.copy()
    sums_n = changes.pop("sums_n", None)
    if sums_n is not None:
        data = bytearray(acc._sums.to_bytes())
        data[28:36] = sums_n.to_bytes(8, "little")  # "RKS1", columns, replicates, seed, n
        state["_sums"] = _BytesOf(bytes(data))
    state.update(changes)
    return pickle.dumps(_Rebuilt(state))


class _BytesOf:
    """Pickles as the core's StreamingSums of these bytes (as a real one does)."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __reduce__(self):
        return (_core.StreamingSums.from_bytes, (self.data,))


class _Rebuilt:
    """Pickles as a CorpusAccumulator with this state."""

    def __init__(self, state: dict) -> None:
        self.state = state

    def __reduce__(self):
        return (object.__new__, (CorpusAccumulator,), self.state)


def test_unpickled_streaming_sums_must_hold_the_pairs(scorer):
    batch = scorer.score_batch(["the cat sat", "a dog ran"], ["the cat sat", "a dog ran off"])
    back = pickle.loads(_streaming_pickle(scorer, batch))
    assert back.finalize().to_dict() == (
        _accumulate(scorer, [(0, batch)], [0], 2, mode="streaming", n_bootstrap=20, seed=3)
        .finalize()
        .to_dict()
    )
    assert sum(batch.precision("rouge1")) == 2  # so one pair cannot hold that sum
    # The core's pair count 2 -> 1: the means were 150 %.
    with pytest.raises(ValueError, match="corrupt streaming sums: column 0 sums to"):
        pickle.loads(_streaming_pickle(scorer, batch, sums_n=1))
    # 2**63 and more: len() failed with an empty OverflowError.
    for n in (2**63, 2**64 - 1):
        with pytest.raises(ValueError, match="corrupt streaming sums: a pair count of"):
            pickle.loads(_streaming_pickle(scorer, batch, sums_n=n))
    # Counts the sums allow but the ids and the accumulator do not.
    with pytest.raises(ValueError, match="2 pairs, but the sums hold 3"):
        pickle.loads(_streaming_pickle(scorer, batch, sums_n=3))
    with pytest.raises(ValueError, match="3 pairs, but the sums hold 2"):
        pickle.loads(_streaming_pickle(scorer, batch, n=3))
    with pytest.raises(ValueError, match="a pair count of"):
        pickle.loads(_streaming_pickle(scorer, batch, n=2**63))
    with pytest.raises(ValueError, match="n_bootstrap=21"):
        pickle.loads(_streaming_pickle(scorer, batch, n_bootstrap=21))
    with pytest.raises(ValueError, match="per-pair scores in a streaming"):
        pickle.loads(_streaming_pickle(scorer, batch, _chunks=[(0, batch.scores)]))


def test_unpickled_id_runs_must_hold_the_pairs(scorer, whole):
    from rougekit.aggregate import _IdRuns

    batch = whole[:2]
    for levels, message in [
        ([[(0, 3)]], "2 pairs, but 3 pair ids"),
        ([[(0, 1)], [(0, 1)]], "overlaps"),
        ([[(1, 1), (0, 2)]], "empty or overlaps"),
        ([[(0, "2")]], "not two ids"),
        ([[(0, 2**65)]], "not two ids"),
        ("0-2", "not lists of runs"),
    ]:
        ids = _IdRuns()
        ids.levels = levels
        with pytest.raises(ValueError, match=f"corrupt CorpusAccumulator state: .*{message}"):
            pickle.loads(_streaming_pickle(scorer, batch, _ids=ids))


def test_unpickled_exact_accumulators_are_checked(scorer, whole):
    acc = CorpusAccumulator(scorer)
    acc.add(whole[:3])
    assert pickle.loads(pickle.dumps(acc)).finalize().to_dict() == acc.finalize().to_dict()
    for key, value, message in [
        ("n", 4, "4 pairs, but the pieces hold 3"),
        ("n", -1, "a pair count of -1"),
        ("mode", "fast", "mode 'fast'"),
        ("nrefs", (2, 1), "nrefs"),
        ("_chunks", [(0, b"RKB1")], "not \\(first id, scores\\)"),
        ("_chunks", [(0, whole[:3].scores.slice(0, 1))], "1 pairs? but|3 pairs, but"),
        ("threads", 0, "threads 0"),
        ("_sums", _core.StreamingSums(9, 0, 0), "streaming sums in an exact"),
    ]:
        state = acc.__dict__.copy()
        state[key] = value
        with pytest.raises(ValueError, match=f"corrupt CorpusAccumulator state: .*{message}"):
            pickle.loads(pickle.dumps(_Rebuilt(state)))
