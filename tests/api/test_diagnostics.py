"""The counts behind the scorer's warnings (``rougekit.diagnostics.Notes``): the notes of
the pieces of a batch add up to the notes of the whole batch, so a corpus scored in pieces
(rougekit.dask) warns as one batch of it would."""

from __future__ import annotations

import json
import random

import rougekit
from conftest import SAMPLE
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


def _token_warning(preds: list[str], refs: list[str]) -> tuple[type, str] | None:
    scorer = rougekit.RougeScorer(["rouge1"])
    notes = _notes(scorer, preds, refs)
    return notes.token_warning(scorer.config.profile)


def test_mixed_script_text_warns_by_share_not_by_a_count_of_twenty() -> None:
    # A few words of Chinese inside English text vanish under the ASCII-only profile: the
    # old rule wanted 20 such letters before it said anything.
    found = _token_warning(["Der Präsident said 北京 is big today"], ["The Präsident said 北京"])
    assert found is not None and found[0] is rougekit.NonAsciiWarning
    assert found[1].startswith("6 letters are not ASCII")
    assert "language='<code>'" in found[1]
    # One accented name in English stays quiet, as does a real English corpus.
    assert _token_warning(["José went home"], ["José went to his home"]) is None
    pairs = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    preds, refs = [p["prediction"] for p in pairs], [p["references"][0] for p in pairs]
    assert _token_warning(preds, refs) is None


def test_no_tokens_and_non_ascii_letters_are_one_warning() -> None:
    found = _token_warning(["今天天气很不错", "the cat"], ["今天天气很不错", "the cat"])
    assert found is not None and found[0] is rougekit.NoTokensWarning
    assert "1 of 2 predictions" in found[1] and "14 letters that are not ASCII" in found[1]


def test_mostly_dropped_is_most_pairs_on_one_side() -> None:
    scorer = rougekit.RougeScorer(["rouge1"])
    profile = scorer.config.profile
    hindi, english = "नमस्ते दुनिया", "hello world"
    assert _notes(scorer, [hindi, hindi, english], [english] * 3).mostly_dropped(profile)
    assert not _notes(scorer, [hindi, english, english], [english] * 3).mostly_dropped(profile)
    unicode = rougekit.RougeScorer(["rouge1"], profile="unicode-v1")
    notes = _notes(unicode, ["।।", "।।"], ["।।", "।।"])
    assert notes.dropped_predictions == 2 and not notes.mostly_dropped(unicode.config.profile)
