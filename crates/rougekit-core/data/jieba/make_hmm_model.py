"""Writes hmm.model (beside this script) from jieba 0.42.1's HMM tables, full precision.

Run with jieba 0.42.1 installed (``pip install jieba==0.42.1``):

    python crates/rougekit-core/data/jieba/make_hmm_model.py

The file is in the text format jieba-rs reads (``HmmModel::load``): comment lines start
with ``#``; then the four start log-probabilities, the 4x4 transition matrix (one row per
line) and one line of ``char:logprob`` pairs per state, states in the order B, E, M, S.
Floats are written with ``repr`` (the shortest text that reads back as the same double), so
the core computes with exactly jieba's numbers; jieba-rs's built-in table has them rounded
to six decimals, which moves some Viterbi decisions.
"""

from __future__ import annotations

import pathlib

import jieba
from jieba.finalseg import prob_emit, prob_start, prob_trans

STATES = "BEMS"
MIN_FLOAT = -3.14e100  # jieba's finalseg.MIN_FLOAT: the log-probability of "impossible"


def main() -> None:
    assert jieba.__version__ == "0.42.1", jieba.__version__
    lines = [
        "# jieba 0.42.1's HMM (jieba/finalseg/prob_start.py, prob_trans.py, prob_emit.py),",
        "# MIT licence, Copyright (c) 2013 Sun Junyi; written by make_hmm_model.py.",
        "# States: 0:B 1:E 2:M 3:S. Start, transitions (row: from, column: to), emissions.",
        " ".join(repr(prob_start.P[s]) for s in STATES),
    ]
    for a in STATES:
        lines.append(" ".join(repr(prob_trans.P[a].get(b, MIN_FLOAT)) for b in STATES))
    for s in STATES:
        table = prob_emit.P[s]
        for char in table:
            assert len(char) == 1 and char not in ",:#" and not char.isspace(), repr(char)
        lines.append(",".join(f"{c}:{table[c]!r}" for c in sorted(table)))
    out = pathlib.Path(__file__).with_name("hmm.model")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
