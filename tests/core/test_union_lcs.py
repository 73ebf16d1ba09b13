"""rougeLsum's summary-level union LCS (``kernels/union_lcs.rs``) against rouge-score.

The kernel computes rouge-score's LCS traceback only for the (reference line, prediction
line) pairs that can still add a position to a reference line's union, and runs the plain
double loop below 64 line pairs. A wrong skip or a wrong tie-break changes the union, so
these pairs are built from real corpus sentences to have many lines, repeated lines and
shared words (ties): every float is compared with ``!=`` against rouge-score 0.1.2 itself,
and long documents (windows of the 294k-token DUC 2004 pair, far too slow for rouge-score's
Python table) against rouge-score-rs, whose rougeLsum matches rouge-score (checked here on
a window rouge-score can still do). The double loop itself is the oracle of the Rust tests
in ``union_lcs.rs``.
"""

from __future__ import annotations

import functools
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
import rougekit
from conftest import STAND_IN, XSUM, corpus_names, named_corpus, rouge_score_chunk, sentence_lines

pytestmark = pytest.mark.filterwarnings("ignore::rougekit.NoTokensWarning")

TYPES = ("rougeLsum",)
CORPORA = (
    "cnndm-pointer-generator/pointer-gen-cov.jsonl",
    "summeval-cnndm/summeval.jsonl",
    "realsumm-cnndm/realsumm.jsonl",
    "newsroom-human-eval/newsroom.jsonl",
    "duc2004-task2-pyrouge-tests/summaries_1.jsonl",
    XSUM,
)
LONG = "duc2004-task2-pyrouge-tests/long-all-input-vs-all-output.jsonl"
PAIRS = {False: 1200, True: 2400}


@functools.lru_cache(maxsize=1)
def sentence_pool() -> list[str]:
    """Every distinct non-blank line of the predictions and references of ``CORPORA`` (the
    shipped ones and the stand-ins of the others without the shared data: SummEval, one
    sentence per line, and XSum)."""
    seen: dict[str, None] = {}
    for name in CORPORA:
        for row in named_corpus(name):
            for text in [row["prediction"], *row["references"]]:
                for line in sentence_lines(text).split("\n"):
                    if line.strip():
                        seen.setdefault(line.strip(), None)
    pool = list(seen)
    assert len(pool) > 8_000, f"only {len(pool)} sentences found"
    return pool


def make_pairs(pool: list[str], n: int, seed: int = 12) -> list[tuple[str, str]]:
    """(prediction, reference) texts, one sentence per line, in four kinds (see the code)."""
    rnd = random.Random(seed)
    common = ["the", "a", "of", "to", "and", "in", ",", ".", "is", "was"]
    pairs = []
    for i in range(n):
        kind = i % 4
        if kind == 0:
            # Unrelated sentences: few shared words, mostly "the", "of", ",".
            pred = rnd.sample(pool, rnd.randint(1, 30))
            ref = rnd.sample(pool, rnd.randint(1, 6))
        elif kind == 1:
            # The reference re-uses prediction sentences, cut and reordered: large unions,
            # and the same words in many lines.
            pred = rnd.sample(pool, rnd.randint(2, 30))
            ref = []
            for line in rnd.sample(pred, rnd.randint(1, min(6, len(pred)))):
                words = line.split()
                lo = rnd.randint(0, max(0, len(words) - 3))
                ref.append(" ".join(words[lo : lo + rnd.randint(3, 25)]))
            pred = pred + rnd.sample(pred, rnd.randint(0, len(pred)))  # repeated lines
            rnd.shuffle(pred)
        elif kind == 2:
            # Shuffled words of real sentences: crossing matches, so the traceback's
            # tie-break decides which positions enter the union.
            base = rnd.sample(pool, rnd.randint(2, 12))
            pred = [" ".join(rnd.sample(s.split(), len(s.split()))) for s in base]
            ref = [" ".join(rnd.sample(s.split(), len(s.split()))) for s in base[:4]]
            pred += rnd.sample(pool, rnd.randint(0, 20))
            rnd.shuffle(pred)
        else:
            # Lines of frequent words only: ties everywhere.
            pred = [" ".join(rnd.choices(common, k=rnd.randint(1, 20))) for _ in range(40)]
            ref = [" ".join(rnd.choices(common, k=rnd.randint(1, 20))) for _ in range(4)]
        pairs.append(("\n".join(pred), "\n".join(ref)))
    return pairs


def rouge_score_lsum(pairs: list[tuple[str, str]], stemmer: bool) -> list[tuple[Any, ...]]:
    """rouge-score's rougeLsum (P, R, F) of each pair, in two spawned worker processes."""
    chunks = [
        (TYPES, stemmer, [([ref], pred) for pred, ref in pairs[i : i + 200]])
        for i in range(0, len(pairs), 200)
    ]
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=ctx) as pool:
        raw = [pair[0] for chunk in pool.map(rouge_score_chunk, chunks) for pair in chunk]
    return [tuple(float(v) for v in triple) for triple in raw]


def rougekit_lsum(pairs: list[tuple[str, str]], stemmer: bool) -> list[tuple[float, ...]]:
    scorer = rougekit.RougeScorer(types=list(TYPES), stemmer=stemmer, threads=2)
    res = scorer.score_batch([p for p, _ in pairs], [r for _, r in pairs])
    cols = [res.precision("rougeLsum"), res.recall("rougeLsum"), res.fmeasure("rougeLsum")]
    return [tuple(float(c[i]) for c in cols) for i in range(len(pairs))]


def mismatches(got: list[tuple[float, ...]], want: list[tuple[Any, ...]]) -> list[int]:
    return [i for i, (g, w) in enumerate(zip(got, want)) if g != w]


@pytest.mark.parametrize("stemmer", [False, True], ids=["nostem", "stem"])
def test_real_sentence_mixes_match_rouge_score(stemmer: bool) -> None:
    pairs = make_pairs(sentence_pool(), PAIRS[stemmer])
    # Both kernel paths are exercised: the double loop below 64 line pairs, the filter above.
    line_pairs = [p.count("\n") + 1 for p, _ in pairs]
    sizes = [n * (r.count("\n") + 1) for n, (_, r) in zip(line_pairs, pairs)]
    assert sum(s < 64 for s in sizes) > 200 and sum(s >= 64 for s in sizes) > 200
    want = rouge_score_lsum(pairs, stemmer)
    got = rougekit_lsum(pairs, stemmer)
    bad = mismatches(got, want)
    detail = [f"pair {i}: rouge-score {want[i]} rougekit {got[i]} {pairs[i]!r}" for i in bad[:3]]
    assert not bad, f"{len(bad)} of {len(pairs)} pairs differ:\n" + "\n".join(detail)
    # The pairs are hard enough to matter: the union over lines differs from the plain LCS
    # (rougeLsum != rougeL) on many pairs, so a kernel that skipped or mis-traced pairs would
    # show up.
    one = rougekit.RougeScorer(types=["rougeL"], stemmer=stemmer, threads=2)
    rl = one.score_batch([p for p, _ in pairs], [r for _, r in pairs]).fmeasure("rougeL")
    assert sum(float(a) != g[2] for a, g in zip(rl, got)) > len(pairs) // 3


#: The DUC 2004 long pair (with the shared data) and its stand-in (``conftest.STAND_INS``).
LONG_PAIRS = corpus_names(LONG)


@functools.cache
def long_pair(name: str) -> dict[str, Any]:
    (row,) = named_corpus(name)
    return row


def long_windows(name: str) -> list[tuple[str, str]]:
    """Windows of the long pair's prediction lines against all its reference lines, and the
    roles swapped (many target lines against a window)."""
    row = long_pair(name)
    pred_lines = row["prediction"].split("\n")
    ref = row["references"][0]
    pairs = []
    for start, size in [(0, 120), (6000, 90), (len(pred_lines) - 100, 100)]:
        pairs.append(("\n".join(pred_lines[start : start + size]), ref))
    pairs.append((ref, "\n".join(pred_lines[3000:3300])))
    return pairs


@pytest.mark.parametrize("name", LONG_PAIRS)
def test_long_documents_match_rouge_score_rs(name: str) -> None:
    import rouge_score_rs

    pairs = long_windows(name)
    scorer = rouge_score_rs.RougeScorer(list(TYPES), use_stemmer=True)
    want = []
    for pred, ref in pairs:
        s = scorer.score_batch([ref], [pred])[0]["rougeLsum"]
        want.append((s.precision, s.recall, s.fmeasure))
    got = rougekit_lsum(pairs, True)
    assert mismatches(got, want) == [], (got, want)


@pytest.mark.parametrize("name", LONG_PAIRS)
def test_rouge_score_rs_is_a_rouge_score_oracle_on_a_long_window(name: str) -> None:
    """rouge-score-rs against rouge-score itself on 25 x 300 lines (rouge-score's limit here)."""
    import rouge_score_rs

    row = long_pair(name)
    pred = "\n".join(row["prediction"].split("\n")[500:525])
    ref = "\n".join(row["references"][0].split("\n")[:300])
    s = rouge_score_rs.RougeScorer(list(TYPES), use_stemmer=True).score_batch([ref], [pred])[0]
    rs = (s["rougeLsum"].precision, s["rougeLsum"].recall, s["rougeLsum"].fmeasure)
    want = rouge_score_lsum([(pred, ref)], True)
    assert want == [rs] == rougekit_lsum([(pred, ref)], True)


@pytest.mark.parametrize("name", LONG_PAIRS)
def test_the_whole_long_pair_keeps_its_score(name: str) -> None:
    """The full 294,141 x 20,914-token pair (17M line pairs; its stand-in: 139k x 47k words,
    18M line pairs): the values the double loop gave (and rouge-score-rs gives,
    benches/bench_long_lcs.py --types rougeLsum)."""
    row = long_pair(name)
    got = rougekit_lsum([(row["prediction"], row["references"][0])], True)
    assert got == [EXPECTED_LONG[name.startswith(STAND_IN)]]


#: rougeLsum (P, R, F) of the long pair with the stemmer, from the double loop (ec93ea6), and
#: of its stand-in, from rouge-score-rs 0.2.1 (``score_batch([ref], [pred])``).
EXPECTED_LONG = {
    False: (0.07000284295641021, 0.9859850072170229, 0.13072452226841863),
    True: (0.310211119142272, 0.9405332602839793, 0.46654437159583745),
}
