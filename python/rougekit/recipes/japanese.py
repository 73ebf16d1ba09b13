# ruff: noqa: RUF001, RUF002, RUF003  (the full-width and kana characters neologdn converts)
"""The text steps of lm-eval's ``japanese_leaderboard`` xlsum task
(``lm_eval/tasks/japanese_leaderboard/ja_leaderboard_xlsum.py``, ``MecabTokenizer``), each
written from the behaviour it reproduces: emoji removed, neologdn's normalization, every
whitespace run one space; the recipe then segments with MeCab's ``-Owakati`` over
unidic-lite (the core's ``mecab-unidic-lite`` segmenter, as the whitespace profile's
``segmenter=``).

The normalization follows the rules neologdn documents (mecab-ipadic-neologd's
normalization rules, ``Regexp.ja`` of its wiki, which neologdn's README cites) with the
character conversions of neologdn 0.5.3 where they differ from them (see
:func:`neologdn_normalize`); it is not neologdn's code.
"""

from __future__ import annotations

import bisect
import re
import unicodedata

from rougekit.recipes.emoji_singles import RANGES

_EMOJI_STARTS = [a for a, _ in RANGES]
#: lm-eval's second pass: whole runs of these blocks go (emoticons, pictographs, transport
#: and map symbols, regional indicators, dingbats U+2702-U+27B0).
_EMOJI_RUNS = re.compile(
    "[\U0001f600-\U0001f64f\U0001f300-\U0001f5ff\U0001f680-\U0001f6ff\U0001f1e0-\U0001f1ff"
    "\u2702-\u27b0]+"
)


def _is_emoji(c: str) -> bool:
    """emoji 2.14.0's ``is_emoji`` of one character."""
    i = bisect.bisect_right(_EMOJI_STARTS, ord(c)) - 1
    return i >= 0 and RANGES[i][0] <= ord(c) <= RANGES[i][1]


def remove_emoji(text: str) -> str:
    """``remove_emoji``: each character emoji 2.14.0 calls an emoji on its own dropped, then
    runs of the listed blocks."""
    return _EMOJI_RUNS.sub("", "".join(c for c in text if not _is_emoji(c)))


# -- neologdn ------------------------------------------------------------------------------

#: Hyphen-like characters: each run becomes one ``-`` (the ASCII one is not collapsed).
_HYPHENS = "˗֊‐‑‒–⁃⁻₋−"
#: Long-vowel-like characters: each run becomes one ``ー`` (U+30FC).
_CHOONPUS = "﹣－ｰ—―─━ー"
#: Tildes, removed (neologdn's default ``tilde="remove"``).
_TILDES = "~∼∾〜〰～"
#: neologdn 0.5.3's one-character conversions beyond the width rules below.
_SPECIAL = {"‘": "`", "’": "'", "”": '"', "¥": "\\", "゛": "ﾞ", "゜": "ﾟ"}
#: Full-width forms neologdn 0.5.3 keeps (``＂ ＇ ｀ ＼ ￥``, and ``＝`` is converted).
_KEEP_WIDE = frozenset("＂＇｀＼￥")
#: The characters between which a space is dropped (with the other side of either kind):
#: CJK ideographs, hiragana, katakana, CJK symbols and punctuation, half- and full-width
#: forms (the rule's blocks); a space between two Basic Latin characters stays.
_BLOCKS = ((0x4E00, 0x9FFF), (0x3040, 0x309F), (0x30A0, 0x30FF), (0x3000, 0x303F), (0xFF00, 0xFFEF))


def _in_blocks(c: str) -> bool:
    o = ord(c)
    return any(a <= o <= b for a, b in _BLOCKS)


def _convert(c: str) -> str:
    if c in _SPECIAL:
        return _SPECIAL[c]
    o = ord(c)
    if 0xFF01 <= o <= 0xFF5E and c not in _KEEP_WIDE:  # full-width ASCII: half-width
        return chr(o - 0xFEE0)
    if 0xFF61 <= o <= 0xFF9D:  # half-width katakana and punctuation: full-width
        return unicodedata.normalize("NFKC", c)
    return c


#: The kana neologdn 0.5.3 composes with a voiced mark (ﾞ or ゛) after them: う, ウ and the
#: katakana カ-ト, ハ-ホ (not the hiragana か-と, は-ほ, nor ワ, ヲ); and with a semi-voiced
#: mark (ﾟ or ゜): は-ほ and ハ-ホ.
_VOICED = {
    "う": "ゔ",
    "ウ": "ヴ",
    **{c: chr(ord(c) + 1) for c in "カキクケコサシスセソタチツテトハヒフヘホ"},
}
_SEMI_VOICED = {c: chr(ord(c) + 2) for c in "はひふへほハヒフヘホ"}


def _compose(base: str, mark: str) -> str | None:
    return (_VOICED if mark in "ﾞ゛" else _SEMI_VOICED).get(base)


def neologdn_normalize(text: str) -> str:
    """neologdn 0.5.3's ``normalize(text)`` with its defaults, as its documented rules give
    it: stripped of spaces (U+0020, U+3000); full-width ASCII letters, digits and symbols
    half-width (but ``＂＇｀＼￥``); half-width katakana and ``｡､･｢｣`` full-width, a
    voiced or semi-voiced mark after a kana composed with it (``_VOICED``); each run of
    hyphens one ``-``, of long-vowel marks one ``ー``; tildes removed; each run of spaces
    one space, dropped unless the character before it is Basic Latin and the one after it
    is not Japanese (CJK ideographs, kana, CJK punctuation, half- and full-width forms).

    Behaviours of neologdn 0.5.3 beyond the rules are reproduced: a space after ``*`` is
    always dropped (``normalize("* a") == "*a"``); after a Basic Latin character and a
    space, a run of hyphens or long-vowel marks keeps the space
    before it, and is itself dropped when a Japanese character follows it
    (``normalize("A ーあ") == "A あ"``)."""
    text = text.strip(" \u3000")
    # (kind, text): "c" a character, "s" a space run, "r" a hyphen or long-vowel run.
    parts: list[tuple[str, str]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in _TILDES:
            i += 1
        elif c in _HYPHENS:
            while i < n and text[i] in _HYPHENS:
                i += 1
            if not (parts and parts[-1][1] == "-"):  # neologdn: "-‐" is "-", "‐-" is "--"
                parts.append(("r", "-"))
        elif c in _CHOONPUS:
            while i < n and text[i] in _CHOONPUS:
                i += 1
            if not (parts and parts[-1] == ("r", "ー")):
                parts.append(("r", "ー"))
        elif c in " \u3000":
            i += 1
            if not (parts and parts[-1][0] == "s"):
                parts.append(("s", " "))
        else:
            parts.append(("c", _convert(c)))
            i += 1
    out: list[str] = []
    for k, (kind, piece) in enumerate(parts):
        if kind == "s":
            if not out or k + 1 >= len(parts):
                continue
            before, nxt = out[-1][-1], parts[k + 1]
            if (
                ord(before) < 0x80
                and before != "*"
                and (nxt[0] == "r" or not _in_blocks(nxt[1][0]))
            ):
                out.append(" ")
            continue
        if kind == "r":
            if k >= 2 and parts[k - 1][0] == "s" and _ascii(parts[k - 2][1]) and out[-1] == " ":
                nxt = parts[k + 1] if k + 1 < len(parts) else ("", "")
                if nxt[0] == "c" and _in_blocks(nxt[1][0]):
                    continue
            if out and out[-1] == piece:  # runs that met once spaces went: one
                continue
        elif piece in "ﾞﾟ" and out:  # a mark composes with the kana before it, spaces gone
            composed = _compose(out[-1], piece)
            if composed is not None:
                out[-1] = composed
                continue
        out.append(piece)
    return "".join(out)


def _ascii(piece: str) -> bool:
    return bool(piece) and ord(piece[-1]) < 0x80


def white_space_fix(text: str) -> str:
    """``" ".join(text.split())``."""
    return " ".join(text.split())


def normalize_answer(texts: list[str]) -> list[str]:
    """``MecabTokenizer.normalize_answer``: emoji removed, neologdn, whitespace fixed."""
    return [white_space_fix(neologdn_normalize(remove_emoji(t))) for t in texts]
