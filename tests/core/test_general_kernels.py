"""ROUGE-W, ROUGE-S and ROUGE-SU in the rouge-score profile: the same kernels as the
perl-1.5.5 profile on rouge-score's tokens, with the paper's definitions (Lin 2004 §3.3,
§3.4) and rouge-score's best-F multi-reference rule, checked against a slow, readable
pure-Python oracle on hypothesis-generated text."""

from __future__ import annotations

from collections import Counter

import pytest
import rougekit as rk
from hypothesis import given
from hypothesis import strategies as st
from rougekit import _core

WORDS = st.lists(st.sampled_from(["a", "b", "c", "cat", "the", "mat", "sat", "on"]), max_size=14)
TEXT = WORDS.map(" ".join)


def f1(p: float, r: float) -> float:
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


def oracle_w(ref: list[str], pred: list[str], w: float) -> tuple[float, float, float]:
    """Lin's WLCS dynamic programme (the table's last cell), then f⁻¹-normalised R and P."""
    m, n = len(ref), len(pred)
    if not m or not n:
        return 0.0, 0.0, 0.0
    c = [[0.0] * (n + 1) for _ in range(m + 1)]
    k = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            if ref[i - 1] == pred[j - 1]:
                run = k[i - 1][j - 1]
                c[i][j] = c[i - 1][j - 1] + (run + 1) ** w - run**w
                k[i][j] = run + 1
            else:
                c[i][j] = max(c[i - 1][j], c[i][j - 1])
    r = (c[m][n] / m**w) ** (1 / w)
    p = (c[m][n] / n**w) ** (1 / w)
    return p, r, f1(p, r)


def items(tokens: list[str], gap: int | None, su: bool) -> Counter[tuple[str, ...]]:
    out: Counter[tuple[str, ...]] = Counter()
    for i, a in enumerate(tokens):
        if su:
            out[(a,)] += 1
        for j in range(i + 1, len(tokens)):
            if gap is None or j - i - 1 <= gap:
                out[(a, tokens[j])] += 1
    return out


def oracle_s(ref: list[str], pred: list[str], gap: int | None, su: bool) -> tuple[float, ...]:
    a, b = items(ref, gap, su), items(pred, gap, su)
    hits = sum((a & b).values())
    p = hits / max(sum(b.values()), 1)
    r = hits / max(sum(a.values()), 1)
    return p, r, f1(p, r)


@given(pred=TEXT, ref=TEXT)
def test_w_s_su_match_the_oracle(pred: str, ref: str) -> None:
    types = ["rougeW-1.2", "rougeW-2", "rougeS4", "rougeSU4", "rougeS*", "rougeSU*", "rougeS0"]
    got = rk.RougeScorer(types, threads=1).score(pred, ref)
    tp, tr = _core.tokenize(pred, False), _core.tokenize(ref, False)
    want = {
        "rougeW-1.2": oracle_w(tr, tp, 1.2),
        "rougeW-2": oracle_w(tr, tp, 2.0),
        "rougeS4": oracle_s(tr, tp, 4, False),
        "rougeSU4": oracle_s(tr, tp, 4, True),
        "rougeS*": oracle_s(tr, tp, None, False),
        "rougeSU*": oracle_s(tr, tp, None, True),
        "rougeS0": oracle_s(tr, tp, 0, False),
    }
    for t, expected in want.items():
        assert tuple(got[t]) == pytest.approx(expected, abs=1e-12), t


def test_names_and_multi_reference_rule() -> None:
    s = rk.RougeScorer(["rougeW", "ROUGE-SU4", "rougeS0", "rouge2"], threads=1)
    assert s.types == ("rougeW-1.2", "rougeSU4", "rougeS0", "rouge2")
    one = s.score("the cat sat on the mat", ["a dog", "the cat sat on a mat"])
    best = s.score("the cat sat on the mat", "the cat sat on a mat")
    assert one == best  # best F over references, as rouge-score's score_multi
    # ROUGE-S0 is ROUGE-2 (adjacent pairs only).
    assert one["rougeS0"] == one["rouge2"]
    with pytest.raises(ValueError, match="weight"):
        rk.RougeScorer(["rougeW-0"])
