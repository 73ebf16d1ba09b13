#!/usr/bin/env python3
"""``rougekit.segment(texts, "jieba")`` against jieba 0.42.1's ``jieba.cut``, and
``rougekit.segment(texts, "newmm")`` against pythainlp 5.4.0's ``word_tokenize(text,
engine="newmm")``, on the same texts.

Texts for jieba: the 2,400 generated texts of ``tests/core/test_segment_jieba.py``
(``tests/jieba_texts.py``, fixed seed: jieba's dictionary words, unknown words for its HMM,
ASCII, punctuation, spaces; about 375,000 characters). For newmm (``--segmenter newmm``): the
2,400 generated texts of ``tests/thai_texts.py`` (fixed seed: dictionary words run together,
random Thai, dense clusters, phrases with spaces, long unknown runs), or with ``--thai
wikipedia`` 2,400 texts of 15 real Thai Wikipedia titles run together, from the installed
pythainlp's corpus. Texts are cycled up to ``--texts``. Timings: the fastest of ``--repeat``
runs; one-thread runs in CPU time (``time.process_time``, steadier on a shared machine), the
default thread count in wall time. The words are checked equal first.

    python benches/bench_segment.py --repeat 5
    python benches/bench_segment.py --segmenter newmm --repeat 3
    python benches/bench_segment.py --segmenter newmm --thai wikipedia --repeat 3
    python benches/bench_segment.py --segmenter mecab-unidic-lite --repeat 5

For ``mecab-unidic-lite`` the original is fugashi's MeCab over unidic-lite 1.0.8: its
``tagger.parse(t)`` (the call lm-eval's japanese_leaderboard makes; C++ end to end, one
string back) and ``[w.surface for w in tagger(t)]`` (a node object per word); the texts are
the Japanese paragraphs of Rust by Example's translation installed with Rust's documentation
(else the shipped ``tests/data/ja-texts.jsonl``) and, with ``--japanese generated``, the
generated texts of ``tests/japanese_texts.py``.
"""

from __future__ import annotations

import argparse
import itertools
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rougekit as rk

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from jieba_texts import generated_texts
from thai_texts import generated_texts as thai_generated_texts
from thai_texts import wheel_texts


def best(run: Callable[[], Any], repeat: int, clock: Callable[[], float]) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        run()
        times.append(clock() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=2400)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--segmenter", choices=["jieba", "newmm", "mecab-unidic-lite"], default="jieba"
    )
    parser.add_argument("--thai", choices=["generated", "wikipedia"], default="generated")
    parser.add_argument("--japanese", choices=["real", "generated"], default="real")
    args = parser.parse_args()
    if args.segmenter == "mecab-unidic-lite":
        mecab(args)
        return
    if args.segmenter == "newmm":
        newmm(args)
        return

    import jieba

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    texts = list(itertools.islice(itertools.cycle(generated_texts(2400)), args.texts))
    chars = sum(map(len, texts))
    start = time.perf_counter()
    rk.segment(["预热"], "jieba")  # loads the dictionary (once per process)
    load = time.perf_counter() - start
    words = [list(jieba.cut(t)) for t in texts]
    assert rk.segment(texts, "jieba") == words, "rougekit and jieba differ"
    n_words = sum(map(len, words))

    rows = [
        ("jieba: `[list(jieba.cut(t)) for t in texts]`", "cpu",
         lambda: [list(jieba.cut(t)) for t in texts]),
        ("rougekit: `[rk.segment(t, 'jieba') for t in texts]`", "cpu",
         lambda: [rk.segment(t, "jieba") for t in texts]),
        ("rougekit: `rk.segment(texts, 'jieba', threads=1)`", "cpu",
         lambda: rk.segment(texts, "jieba", threads=1)),
        ("jieba: `[list(jieba.cut(t)) for t in texts]`", "wall",
         lambda: [list(jieba.cut(t)) for t in texts]),
        ("rougekit: `rk.segment(texts, 'jieba', threads=1)`", "wall",
         lambda: rk.segment(texts, "jieba", threads=1)),
        ("rougekit: `rk.segment(texts, 'jieba')` (default threads)", "wall",
         lambda: rk.segment(texts, "jieba")),
    ]  # fmt: skip
    print(f"{len(texts):,} texts, {chars:,} characters, {n_words:,} words; "
          f"rougekit's dictionary loaded in {load * 1000:.0f} ms")  # fmt: skip
    report(rows, args.repeat, chars)


def newmm(args: argparse.Namespace) -> None:
    import pythainlp
    from pythainlp.tokenize import word_tokenize

    if args.thai == "wikipedia":
        corpus = Path(pythainlp.__file__).parent / "corpus"
        source = wheel_texts(corpus)["titles run together"][:2400]
    else:
        source = thai_generated_texts(2400)
    texts = list(itertools.islice(itertools.cycle(source), args.texts))
    chars = sum(map(len, texts))
    start = time.perf_counter()
    rk.segment(["ทดสอบ"], "newmm")  # loads the dictionary (once per process)
    load = time.perf_counter() - start
    word_tokenize("ทดสอบ", engine="newmm")  # pythainlp's trie, likewise

    def theirs() -> list[list[str]]:
        return [word_tokenize(t, engine="newmm") for t in texts]

    words = theirs()
    assert rk.segment(texts, "newmm") == words, "rougekit and pythainlp differ"
    n_words = sum(map(len, words))
    rows = [
        ("pythainlp: `[word_tokenize(t, engine='newmm') for t in texts]`", "cpu", theirs),
        ("rougekit: `[rk.segment(t, 'newmm') for t in texts]`", "cpu",
         lambda: [rk.segment(t, "newmm") for t in texts]),
        ("rougekit: `rk.segment(texts, 'newmm', threads=1)`", "cpu",
         lambda: rk.segment(texts, "newmm", threads=1)),
        ("pythainlp: `[word_tokenize(t, engine='newmm') for t in texts]`", "wall", theirs),
        ("rougekit: `rk.segment(texts, 'newmm')` (default threads)", "wall",
         lambda: rk.segment(texts, "newmm")),
    ]  # fmt: skip
    print(f"pythainlp {pythainlp.__version__}, {args.thai} texts: {len(texts):,} texts, "
          f"{chars:,} characters, {n_words:,} words; rougekit's dictionary loaded in "
          f"{load * 1000:.0f} ms")  # fmt: skip
    report(rows, args.repeat, chars)


def mecab(args: argparse.Namespace) -> None:
    import fugashi  # type: ignore[import-untyped]
    from japanese_texts import (
        generated_texts as ja_generated_texts,
    )
    from japanese_texts import (
        recorded_texts,
        rust_by_example_texts,
        unidic_lite_args,
    )

    if args.japanese == "generated":
        source = ja_generated_texts(2400)
    else:
        source = list(rust_by_example_texts()) or recorded_texts()
    texts = list(itertools.islice(itertools.cycle(source), args.texts))
    chars = sum(map(len, texts))
    start = time.perf_counter()
    rk.segment(["試験"], "mecab-unidic-lite")  # reads unidic-lite's dictionary (once)
    load = time.perf_counter() - start
    tagger = fugashi.Tagger(unidic_lite_args())
    words = [[w.surface for w in tagger(t)] for t in texts]
    assert rk.segment(texts, "mecab-unidic-lite") == words, "rougekit and MeCab differ"
    n_words = sum(map(len, words))
    rows = [
        ("fugashi: `[tagger.parse(t) for t in texts]`", "cpu",
         lambda: [tagger.parse(t) for t in texts]),
        ("fugashi: `[[w.surface for w in tagger(t)] for t in texts]`", "cpu",
         lambda: [[w.surface for w in tagger(t)] for t in texts]),
        ("rougekit: `[rk.segment(t, 'mecab-unidic-lite') for t in texts]`", "cpu",
         lambda: [rk.segment(t, "mecab-unidic-lite") for t in texts]),
        ("rougekit: `rk.segment(texts, 'mecab-unidic-lite', threads=1)`", "cpu",
         lambda: rk.segment(texts, "mecab-unidic-lite", threads=1)),
        ("fugashi: `[tagger.parse(t) for t in texts]`", "wall",
         lambda: [tagger.parse(t) for t in texts]),
        ("rougekit: `rk.segment(texts, 'mecab-unidic-lite')` (default threads)", "wall",
         lambda: rk.segment(texts, "mecab-unidic-lite")),
    ]  # fmt: skip
    print(f"fugashi {fugashi.__version__ if hasattr(fugashi, '__version__') else ''} over "
          f"unidic-lite 1.0.8, {args.japanese} texts: {len(texts):,} texts, {chars:,} "
          f"characters, {n_words:,} words; rougekit's dictionary read in "
          f"{load * 1000:.0f} ms")  # fmt: skip
    report(rows, args.repeat, chars)


def report(rows: list[tuple[str, str, Callable[[], Any]]], repeat: int, chars: int) -> None:
    base: dict[str, float] = {}  # the original's time per clock: each row's ratio is against it
    for name, clock_name, run in rows:
        clock = time.process_time if clock_name == "cpu" else time.perf_counter
        seconds = best(run, repeat, clock)
        base.setdefault(clock_name, seconds)
        print(
            f"| {name} | {clock_name} | {seconds * 1000:,.0f} ms | "
            f"{chars / seconds / 1e6:.2f} M chars/s | {base[clock_name] / seconds:.1f}x |"
        )


if __name__ == "__main__":
    main()
