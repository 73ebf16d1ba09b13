# ruff: noqa: RUF001  (full-width and CJK punctuation are the point of these texts)
"""Texts for comparing ``rougekit.segment(..., "jieba")`` with jieba 0.42.1 itself.

:func:`generated_texts` builds hard cases from a fixed seed out of jieba's own vocabulary
(its dictionary words and the characters of its HMM tables, read from the installed jieba
package), so that both the dictionary route and the HMM of unknown words run on every text,
mixed with what jieba treats specially: ASCII words joined by ``-``, ``.``, ``_`` (COVID-19,
GPT-4o, e-mail, 3.5, U.S.), digits, ``%``, full-width characters, punctuation of both
widths, every kind of space and line break, emoji, CJK characters outside jieba's range
(U+9FD6.., extension A and B, compatibility ideographs), traditional characters, kana and
Hangul. :func:`real_texts` gives the real Chinese texts shipped in ``tests/data``.
"""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

TEST_DATA = Path(__file__).resolve().parent / "data"
REAL_TEXTS = TEST_DATA / "zh-texts.jsonl"

ASCII_WORDS = (
    "COVID-19", "GPT-4o", "e-mail", "3.5", "U.S.", "v1.2.3", "50%", "1.5%", "C++", "C#",
    "AT&T", "snake_case", "a--b", "-.-", "100%%", "x86_64", "Wi-Fi", "iPhone15", "H2O",
    "2024", "3.14159", "0.5%", "1,000", "A股", "T恤", "K歌", "B超", "IP地址", "QQ号",
    "PM2.5", "5G", "4s店", "mp3", "...", "--", "_", "%", "#", "&", "+", "-", ".", "a.b.c",
    "1.2.3.4", "10.0.0.1", "foo_bar-baz.qux", "R&D", "c++11", "node.js", "U.S.A.", "No.1",
    "Mr.", "e.g.", "i.e.", "2.5D", "3D", "A4", "ISO-8859-1", "UTF-8", "-1", "+86", "#1",
)  # fmt: skip
PUNCT = tuple("，。！？、；：“”‘’（）《》【】—…·「」『』〈〉～") + tuple(
    ",.!?;:'\"()[]{}<>/\\|@$^*=~`"
)
FULL_WIDTH = tuple("０１２３４５６７８９ＡＢＣＸＹＺａｂｃｘｙｚ＋－．％＃＆＿")
SPACES = (" ", "  ", "   ", "\t", "\n", "\r\n", "\r", "\n\n", "\u3000", "\xa0", "\u2028", "\x0b")
EMOJI = ("😀", "👍🏽", "👨\u200d👩\u200d👧", "🇨🇳", "❤\ufe0f", "🎉", "\u200b", "\ufeff")
OUTSIDE = ("\u9fd6", "\u9fff", "\u3400", "\u4db5", "\U00020000", "\U0002a6d6", "\uf900", "\ufa2d")
OTHER_SCRIPTS = ("ひらがな", "カタカナ", "ｶﾀｶﾅ", "한국어", "Ελλάδα", "Россия", "café")


@functools.cache
def _vocabulary() -> tuple[list[str], list[int], list[str], list[str]]:
    """jieba's dictionary words and their running frequency totals, the characters of its
    HMM (most frequent first) and its words written with traditional characters."""
    import jieba  # the test oracle
    from jieba.finalseg import prob_emit

    path = Path(jieba.__file__).with_name("dict.txt")
    words: list[str] = []
    cumulative: list[int] = []  # running totals: rng.choices' cum_weights
    total = 0
    with path.open(encoding="utf-8") as f:
        for line in f:
            word, freq = line.split(" ")[:2]
            words.append(word)
            total += int(freq)
            cumulative.append(total)
    chars = sorted(prob_emit.P["S"], key=lambda c: -prob_emit.P["S"][c])
    chars = [c for c in chars if "\u4e00" <= c <= "\u9fd5"]
    traditional = [w for w in words if any(c in _TRADITIONAL for c in w)]
    return words, cumulative, chars, traditional


#: Common traditional characters (their simplified forms differ).
_TRADITIONAL = frozenset(
    "臺灣經濟長為於預國發學習與見說話時間東風雲電車門開關書讀寫龍馬鳥魚語頭體會們這個來對"
    "區歲變應實處從將當過還進麼樣點無萬員後現動產業級"
)


def _piece(rng: random.Random) -> str:
    words, cumulative, chars, trad = _vocabulary()
    kind = rng.random()
    if kind < 0.30:  # dictionary words, weighted by frequency
        return "".join(rng.choices(words, cum_weights=cumulative, k=rng.randint(1, 6)))
    if kind < 0.45:  # dictionary words, uniform: rare and long ones
        return "".join(rng.choices(words, k=rng.randint(1, 3)))
    if kind < 0.62:  # unknown words: common characters in random order (the HMM's work)
        return "".join(rng.choices(chars[:3000], k=rng.randint(2, 12)))
    if kind < 0.67:  # rare characters (some without emission data)
        return "".join(rng.choices(chars, k=rng.randint(1, 6)))
    if kind < 0.72 and trad:
        return "".join(rng.choices(trad, k=rng.randint(1, 3)))
    if kind < 0.80:
        return rng.choice(ASCII_WORDS)
    if kind < 0.84:  # random ASCII from jieba's block characters
        alphabet = "abcXYZ0123456789+#&._%-"
        return "".join(rng.choices(alphabet, k=rng.randint(1, 8)))
    if kind < 0.90:
        return rng.choice(PUNCT)
    if kind < 0.94:
        return rng.choice(SPACES)
    if kind < 0.96:
        return "".join(rng.choices(FULL_WIDTH, k=rng.randint(1, 4)))
    if kind < 0.975:
        return rng.choice(EMOJI)
    if kind < 0.99:
        return rng.choice(OUTSIDE)
    return rng.choice(OTHER_SCRIPTS)


def generated_texts(count: int, seed: int = 20261127) -> list[str]:
    """``count`` texts from ``seed``: mostly 1-40 pieces, every 100th long (up to ~3,000
    pieces), and the empty text first."""
    rng = random.Random(seed)
    texts = [""]
    for i in range(1, count):
        pieces = rng.randint(200, 3000) if i % 100 == 0 else rng.randint(1, 40)
        texts.append("".join(_piece(rng) for _ in range(pieces)))
    return texts


def real_texts() -> list[str]:
    """The real Chinese texts shipped in ``tests/data/zh-texts.jsonl`` (provenance in
    ``tests/data/README.md``)."""
    with REAL_TEXTS.open(encoding="utf-8") as f:
        return [json.loads(line)["text"] for line in f if line.strip()]


def dump(path: str | Path, texts: list[str]) -> None:  # pragma: no cover - debugging aid
    Path(path).write_text("\n".join(json.dumps(t, ensure_ascii=False) for t in texts) + "\n")
