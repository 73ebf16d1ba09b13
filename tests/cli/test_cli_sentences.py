"""The built-in rule-based sentence splitter (``--split-sentences rules``)."""

from __future__ import annotations

import pytest
from rougekit.sentences import NAME, one_per_line, split

CASES = [
    ("One. Two! Three? Four", ["One.", "Two!", "Three?", "Four"]),
    ("Mr. Smith met Dr. Jones. They talked.", ["Mr. Smith met Dr. Jones.", "They talked."]),
    ("The U.S. Army left. Then it rained.", ["The U.S. Army left.", "Then it rained."]),
    ("J. R. R. Tolkien wrote it. Fans agree.", ["J. R. R. Tolkien wrote it.", "Fans agree."]),
    ('He said "Stop." Then he left.', ['He said "Stop."', "Then he left."]),
    ("It cost $3.50 in 2004. In 2005 more.", ["It cost $3.50 in 2004.", "In 2005 more."]),
    ("Wait... Now go.", ["Wait...", "Now go."]),
    ("See e.g. the list. Next one.", ["See e.g. the list.", "Next one."]),
    ("lower case. next word stays", ["lower case. next word stays"]),
    ("Line one\nLine two. Three.", ["Line one", "Line two.", "Three."]),
    ("  \n \n", []),
    ("(It ended.) After that, rain.", ["(It ended.)", "After that, rain."]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_split(text, expected):
    assert split(text) == expected


def test_one_per_line_keeps_every_character_but_spacing():
    text = "First one. Second one!  Third?"
    out = one_per_line(text)
    assert out == "First one.\nSecond one!\nThird?"
    assert "".join(out.split()) == "".join(text.split())


def test_name_is_versioned():
    assert NAME == "rules-v1"
