"""The counts behind the scorer's warnings (``rougekit.diagnostics.Notes``): the notes of
the pieces of a batch add up to the notes of the whole batch, so a corpus scored in pieces
(rougekit.dask) warns as one batch of it would."""

from __future__ import annotations

import random

import rougekit
from rougekit.diagnostics import ALL_BLANK, NEWLINE, NO_NEWLINE, Notes

TEXTS = ["the cat sat", "中文摘要", "über größe straße", "", "  ", "a\nb", "\n", "ok", "日本"]


def _notes(scorer: rougekit.RougeScorer, preds: list[str], refs: list[str]) -> Notes:
    _, notes = scorer._batch(preds, refs)
    return notes


def test_notes_of_the_pieces_add_up_to_the_whole() -> None:
    rng = random.Random(5)
    scorer = rougekit.RougeScorer(["rouge1", "rougeLsum"])
    seen = set()
    for _ in range(300):
        n = rng.randint(1, 12)
        preds = [rng.choice(TEXTS) for _ in range(n)]
        refs = [rng.choice(TEXTS) for _ in range(n)]
        whole = _notes(scorer, preds, refs)
        cut = sorted(rng.sample(range(1, n), rng.randint(0, n - 1))) if n > 1 else []
        total = Notes()
        for lo, hi in zip([0, *cut], [*cut, n]):
            total = total + _notes(scorer, preds[lo:hi], refs[lo:hi]) + _notes(scorer, [], [])
        assert total == whole, (preds, refs, cut)
        seen.add(whole.lines)
    assert seen == {ALL_BLANK, NO_NEWLINE, NEWLINE}


def test_blank_pieces_beside_a_piece_without_newlines_still_warn() -> None:
    scorer = rougekit.RougeScorer(["rougeLsum"])
    blank = _notes(scorer, [" "], [""])
    plain = _notes(scorer, ["a b"], ["a c"])
    assert (blank.lines, plain.lines, (blank + plain).lines) == (ALL_BLANK, NO_NEWLINE, NO_NEWLINE)
    assert _notes(scorer, ["\n"], [""]).lines == NEWLINE  # a newline alone: nothing to warn
    assert _notes(rougekit.RougeScorer(["rouge1"]), ["a"], ["b"]).lines == NEWLINE  # no rougeLsum
