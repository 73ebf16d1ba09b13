# ruff: noqa: RUF001  (Thai vowels and marks standing alone are the point of these texts)
"""Texts for comparing ``rougekit.segment(..., "newmm")`` with pythainlp 5.4.0 itself.

:func:`generated_texts` builds hard cases from a fixed seed: words of newmm's own dictionary
(the word list rougekit ships) run together as Thai is written, every code point of the Thai
block at random (clusters the rules cut in every way, marks standing alone, text ending in
``"\\n"``, where Python's ``$`` also matches), long runs no dictionary word covers, and what
newmm treats specially: Latin words and hyphens, ASCII and Thai digits with ``,`` ``.``
``:`` (``1,234.5``, ``12:30``, ``127.0.0.1``: ``word_tokenize`` rejoins them), tabs, every
kind of line break, no-break and zero-width spaces, other scripts and emoji.
:func:`recorded_texts` gives the texts shipped in ``tests/data`` with their words;
:func:`wheel_texts` the Thai of pythainlp's own corpora (real Wikipedia titles and word
lists, read from the installed oracle, not shipped).
"""

from __future__ import annotations

import functools
import gzip
import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST_DATA = ROOT / "tests/data"
REAL_TEXTS = TEST_DATA / "th-texts.jsonl"
WORDS = ROOT / "crates/rougekit-core/data/pythainlp/words_th.txt.gz"
CONFORMANCE = TEST_DATA / "corpora/multilingual-conformance"

THAI_BLOCK = [chr(c) for c in range(0x0E00, 0x0E80)]
#: The characters of the cluster rules: consonants, leading and following vowels, tone
#: marks, mai taikhu, thanthakhat.
CLUSTER_CHARS = list("กขคงจยรลวอหฮเแโใไะาำิีึืุูั็่้๊๋์")
SPECIAL = (
    " ", "  ", "\t", "\n", "\r", "\r\n", "\u00a0", "\u200b", "\u3000", "abc", "COVID-19",
    "-", "--", "AI", "x2", "12", "1,234.5", "12:30", "127.0.0.1", "3.", ".5", "1,,2", "1:2:",
    "๒๕๖๗", "๑,๐๐๐", "٣٤", "…", "ๆ", "ฯ", "฿", "์", "ั", "เ", "ะ", "😀", "é", "中文",
    "'", '"', "(", ")", "!", "?", ",", ".", "/", "%",
)  # fmt: skip


@functools.cache
def dictionary_words() -> tuple[str, ...]:
    """newmm's dictionary: pythainlp 5.4.0's ``words_th.txt`` as rougekit ships it."""
    return tuple(w for w in gzip.decompress(WORDS.read_bytes()).decode("utf-8").split("\n") if w)


def generated_texts(n: int, seed: int = 0) -> list[str]:
    """``n`` texts of the kinds above, in turn, from ``seed``."""
    rng = random.Random(f"newmm-{seed}")
    words = dictionary_words()
    out = []
    for i in range(n):
        kind = i % 5
        if kind == 0:  # dictionary words run together, with the special cases among them
            parts = [
                rng.choice(words) if rng.random() < 0.75 else rng.choice(SPECIAL)
                for _ in range(rng.randint(1, 40))
            ]
        elif kind == 1:  # any code point of the Thai block, and the special cases
            parts = [
                rng.choice(THAI_BLOCK) if rng.random() < 0.85 else rng.choice(SPECIAL)
                for _ in range(rng.randint(0, 80))
            ]
        elif kind == 2:  # dense clusters, sometimes ending in a newline
            parts = [rng.choice(CLUSTER_CHARS) for _ in range(rng.randint(1, 40))]
            if rng.random() < 0.4:
                parts.append("\n")
        elif kind == 3:  # words with spaces between phrases, as news text
            parts = []
            for _ in range(rng.randint(1, 12)):
                parts += [rng.choice(words) for _ in range(rng.randint(1, 8))]
                parts.append(rng.choice([" ", " ", "  ", "\n", " 2567 ", " (AI) ", "\t"]))
        else:  # a long run: mostly letters no dictionary word covers
            parts = [rng.choice(CLUSTER_CHARS[:12]) for _ in range(rng.randint(50, 400))]
            parts.insert(rng.randint(0, len(parts)), rng.choice(words))
        out.append("".join(parts))
    return out


def recorded_texts() -> list[dict[str, object]]:
    """The shipped texts (the real ones and generated ones) with the words pythainlp 5.4.0
    gave them."""
    return [json.loads(line) for line in REAL_TEXTS.read_text(encoding="utf-8").splitlines()]


def conformance_texts() -> list[str]:
    """The Thai texts of the multilingual conformance strings and pairs."""
    out = []
    for name in ("strings.jsonl", "pairs.jsonl"):
        for line in (CONFORMANCE / name).read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            if d["lang"] == "thai":
                out += [t for t in (d.get("text"), d.get("prediction"), *d.get("references", ()))]
    return [t for t in out if t]


def wheel_texts(corpus: Path, seed: int = 0) -> dict[str, list[str]]:
    """Real Thai from pythainlp's corpus folder: each Wikipedia title, titles run together
    and joined by spaces, and words of its three word lists run together."""
    rng = random.Random(f"newmm-wheel-{seed}")
    titles = (corpus / "wikipedia_titles_th.txt").read_text(encoding="utf-8").splitlines()
    words = [
        w
        for name in ("orst_words_th.txt", "volubilis_words_th.txt", "words_th.txt")
        for w in (corpus / name).read_text(encoding="utf-8").splitlines()
    ]
    return {
        "wikipedia titles": titles,
        "titles run together": ["".join(rng.sample(titles, 15)) for _ in range(4000)],
        "titles with spaces": [" ".join(rng.sample(titles, 15)) for _ in range(4000)],
        "word lists run together": ["".join(rng.sample(words, 40)) for _ in range(4000)],
    }


def write_real_texts() -> None:
    """Writes ``tests/data/th-texts.jsonl`` with the installed pythainlp's words (run
    ``python tests/thai_texts.py`` with pythainlp 5.4.0)."""
    import pythainlp
    from pythainlp.tokenize import word_tokenize

    assert pythainlp.__version__ == "5.4.0"
    rows = [("multilingual-conformance", t) for t in conformance_texts()]
    rows += [("generated", t) for t in generated_texts(150, seed=1)]
    with REAL_TEXTS.open("w", encoding="utf-8") as f:
        for i, (source, text) in enumerate(rows):
            words = word_tokenize(text, engine="newmm")
            row = {"id": f"{source}-{i}", "source": source, "text": text, "newmm": words}
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    write_real_texts()
