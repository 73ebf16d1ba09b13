# ruff: noqa: RUF001, E501  (wide characters count double; full-width letters and kana marks are the point of these texts)
"""Texts for comparing ``rougekit.segment(..., "mecab-unidic-lite")`` with fugashi itself.

:func:`generated_texts` builds hard cases from a fixed seed: runs of every character category
of unidic-lite's ``char.def`` (hiragana, katakana with the long vowel mark, half-width
katakana, kanji and kanji numerals, full-width and ASCII letters and digits, Greek,
Cyrillic, symbols), the categories MeCab groups into one unknown word next to one another,
runs longer than MeCab's grouping limit, every kind of space MeCab skips or keeps (tab,
newlines, ``\\r``, no-break, ideographic and zero-width spaces), emoji and other characters
beyond UCS-2 (MeCab gives them the category of U+0000), and pieces of real sentences.
:func:`recorded_texts` gives the texts shipped in ``tests/data`` with their words;
:func:`rust_by_example_texts` the Japanese paragraphs of the Rust by Example translation
that rustup installs with Rust's documentation (read from this machine, not shipped).
"""

from __future__ import annotations

import functools
import html.parser
import json
import random
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REAL_TEXTS = ROOT / "tests/data/ja-texts.jsonl"

HIRAGANA = [chr(c) for c in range(0x3041, 0x3097)]
KATAKANA = [chr(c) for c in range(0x30A1, 0x30FB)] + ["ー", "ヽ", "ヾ"]
HALF_KATAKANA = [chr(c) for c in range(0xFF66, 0xFF9F)]
KANJI = list("日本語東京都大学新聞社会経済政治首相発表調査結果感染者数億円年月日時分秒") + [
    chr(c) for c in range(0x4E00, 0x9FFF, 97)
]
KANJI_NUMERALS = list("〇一二三四五六七八九十百千万億兆")
LATIN = list("abcxyzABCXYZ") + [chr(c) for c in range(0xFF21, 0xFF3B, 3)]
DIGITS = list("0123456789") + [chr(c) for c in range(0xFF10, 0xFF1A)]
GREEK_CYRILLIC = list("αβγΩλπДЖЯжя")
SYMBOLS = [
    *"、。，．・：；？！゛゜´｀¨＾￣＿ヽ〃仝々〆〇―‐／＼～∥｜…‥‘’“”（）〔〕［］｛｝〈〉《》「」『』【】＋－±×÷＝≠＜＞%$#&*@-+=/()[]{}<>!?.,:;'\"~^|_",
    "\u3000",
    "\u00a0",
]
SPACES = [
    " ",
    "  ",
    "\t",
    "\n",
    "\r",
    "\r\n",
    "\u00a0",
    "\u3000",
    "\u200b",
    "\u2028",
    "\x0b",
    "\x0c",
]
BEYOND_UCS2 = ["😀", "👍🏽", "🇯🇵", "👨‍👩‍👧", "𠮷", "𩸽", "🍣", "𝐀"]
WORDS = [
    "COVID-19", "iPhone", "ＮＨＫ", "BBC", "AI", "2024年", "１２３人", "3.14", "1,000円", "50%",
    "https://example.jp/a?b=1", "@user", "#タグ", "ｶﾀｶﾅ", "ﾃﾞｰﾀ", "ウィキペディア", "コンピューター",
    "インターネット", "東京オリンピック", "令和", "〜", "ゔ", "ヴァイオリン", "ⅰⅱⅲ", "①②", "㈱", "㍻",
]  # fmt: skip
CATEGORIES = [HIRAGANA, KATAKANA, HALF_KATAKANA, KANJI, KANJI_NUMERALS, LATIN, DIGITS,
              GREEK_CYRILLIC, SYMBOLS, SPACES, BEYOND_UCS2, WORDS]  # fmt: skip


@functools.cache
def recorded() -> tuple[dict[str, object], ...]:
    """The shipped texts: ``{"id", "source", "text", "mecab"}``."""
    if not REAL_TEXTS.exists():
        return ()
    lines = REAL_TEXTS.read_text(encoding="utf-8").split("\n")
    return tuple(json.loads(line) for line in lines if line)


def recorded_texts() -> list[str]:
    return [str(r["text"]) for r in recorded()]


def generated_texts(n: int, seed: int = 0) -> list[str]:
    """``n`` texts of the kinds above, in turn, from ``seed``."""
    rng = random.Random(f"mecab-{seed}")
    real = recorded_texts() or ["吾輩は猫である。名前はまだ無い。"]
    out = []
    for i in range(n):
        kind = i % 4
        if kind == 0:  # characters of every category, one at a time
            parts = [rng.choice(rng.choice(CATEGORIES)) for _ in range(rng.randint(0, 60))]
        elif kind == 1:  # runs of one category, the runs next to one another
            parts = []
            for _ in range(rng.randint(1, 8)):
                category = rng.choice(CATEGORIES)
                parts += [
                    rng.choice(category) for _ in range(rng.choice([1, 2, 3, 5, 24, 25, 26, 40]))
                ]
        elif kind == 2:  # pieces of real sentences, with the special cases between them
            parts = []
            for _ in range(rng.randint(1, 6)):
                text = rng.choice(real)
                a = rng.randint(0, len(text))
                parts.append(text[a : a + rng.randint(1, 80)])
                parts.append(rng.choice(rng.choice([SPACES, WORDS, BEYOND_UCS2, SYMBOLS])))
        else:  # a real text with characters changed or inserted
            chars = list(rng.choice(real))
            for _ in range(rng.randint(1, 10)):
                at = rng.randint(0, len(chars))
                chars[at:at] = rng.choice(rng.choice(CATEGORIES))
            parts = chars
        out.append("".join(parts))
    return out


class _Paragraphs(html.parser.HTMLParser):
    """The text of each ``<p>``, ``<li>`` and heading of a page, outside ``<pre>``."""

    BLOCKS = frozenset({"p", "li", "h1", "h2", "h3", "h4", "td", "blockquote"})

    def __init__(self) -> None:
        super().__init__()
        self.out: list[str] = []
        self.depth = 0
        self.pre = 0
        self.buf: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag == "pre":
            self.pre += 1
        elif tag in self.BLOCKS:
            if self.depth == 0:
                self.buf = []
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "pre":
            self.pre = max(0, self.pre - 1)
        elif tag in self.BLOCKS and self.depth:
            self.depth -= 1
            if self.depth == 0:
                text = "".join(self.buf).strip()
                if text:
                    self.out.append(text)

    def handle_data(self, data: str) -> None:
        if self.depth and not self.pre:
            self.buf.append(data)


@functools.cache
def rust_by_example_texts() -> tuple[str, ...]:
    """The Japanese paragraphs (with some kana, kanji or katakana) of Rust by Example's
    translation in this machine's Rust documentation, in file order; none without it."""
    try:
        sysroot = subprocess.run(
            ["rustc", "--print", "sysroot"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ()
    root = Path(sysroot) / "share/doc/rust/html/rust-by-example/ja"
    seen: dict[str, None] = {}
    for page in sorted(root.rglob("*.html")):
        if page.name == "print.html":
            continue
        parser = _Paragraphs()
        parser.feed(page.read_text(encoding="utf-8", errors="replace"))
        for text in parser.out:
            if any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in text):
                seen.setdefault(text)
    return tuple(seen)


def write_recorded(path: Path = REAL_TEXTS) -> None:
    """Writes the shipped texts with fugashi's words (run by hand: ``python
    tests/japanese_texts.py``): the Japanese of the shared conformance set, 300 paragraphs
    of Rust by Example's translation and 150 generated texts (seed 1)."""
    import fugashi  # type: ignore[import-untyped]
    import unidic_lite  # type: ignore[import-untyped]

    tagger = fugashi.Tagger(unidic_lite_args())
    rows: list[dict[str, object]] = []
    shared = ROOT / "tests/data/corpora/multilingual-conformance"
    for name in ("strings.jsonl", "pairs.jsonl"):
        for line in (shared / name).read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            if item.get("lang") not in ("ja", "japanese"):
                continue
            for key in ("text", "prediction"):
                if key in item:
                    rows.append(
                        {
                            "id": f"{name}:{item['id']}:{key}",
                            "source": "multilingual-conformance",
                            "text": item[key],
                        }
                    )
            for k, ref in enumerate(item.get("references", [])):
                rows.append(
                    {
                        "id": f"{name}:{item['id']}:ref{k}",
                        "source": "multilingual-conformance",
                        "text": ref,
                    }
                )
    rbe = rust_by_example_texts()
    for i in range(0, len(rbe), max(1, len(rbe) // 300))[:300]:
        rows.append({"id": f"rbe-{i}", "source": "rust-by-example-ja", "text": rbe[i]})
    for i, text in enumerate(generated_texts(150, seed=1)):
        rows.append({"id": f"gen-{i}", "source": "generated", "text": text})
    _ = unidic_lite
    with path.open("w", encoding="utf-8") as out:
        for row in rows:
            row["mecab"] = [w.surface for w in tagger(row["text"])]
            out.write(json.dumps(row, ensure_ascii=False) + "\n")


def unidic_lite_args() -> str:
    """fugashi's arguments for unidic-lite's dictionary: fugashi's ``Tagger()`` takes the
    full ``unidic`` package instead whenever that one is installed (multilingual-rouge, a
    test dependency, pulls it), so the oracle names unidic-lite's folder."""
    import unidic_lite

    d = unidic_lite.DICDIR
    return f'-Owakati -r "{d}/mecabrc" -d "{d}"'


if __name__ == "__main__":
    write_recorded()
