#!/usr/bin/env python3
"""Near-duplicate filtering (the self-instruct / Stanford Alpaca rougeL filter) and
all-pairs scoring: rougekit against the loop itself, rouge-rs and rougekit without pruning.

Texts: sentences of 6 to 40 words from the shared corpora's CNN/DM articles and summaries
(instruction-length text), with a quarter of them edited copies of earlier ones (words
dropped, swapped, repeated or replaced: the near-duplicates a generator produces), in a
seeded order. Measured, one process each, in this run:

* ``rougekit.dedup`` on all texts (2 threads and 1 thread);
* the self-instruct loop as Stanford Alpaca writes it (rouge_score 0.1.2's tokenizer and
  ``_score_lcs`` against every kept text, one process: the loop's own pool only parallelises
  one text's comparisons) on the first ``--loop-texts`` texts, with rougekit on the same texts;
* rouge-rs 0.1.0's ``rouge_l_dedup`` (if installed) on the same texts as the loop;
* rougekit without pruning: ``rougekit.pairwise`` of every pair, then the loop's decisions
  from the matrix;
* ``rougekit.pairwise`` against rouge-score's ``score`` per cell on ``--pairwise-texts``.

Every rougekit result is checked against the loop's kept indices where both ran.

    python benches/bench_dedup.py --markdown benches/RESULTS.md --append
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

import numpy as np
import rougekit
from _common import SHARED_DATA, dist_version, machine_info, md_table, write_markdown

SOURCES = [
    "cnndm-fulltext-vs-reference/fulltext-article-first1000.jsonl",
    "summeval-cnndm/summeval.jsonl",
    "cnndm-pointer-generator/pointer-gen.jsonl",
]


def build_texts(n: int, seed: int) -> list[str]:
    sentences: list[str] = []
    for name in SOURCES:
        path = SHARED_DATA / name
        if not path.exists():
            continue
        with path.open(encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                for text in [row["prediction"], *row["references"]]:
                    for s in text.replace("\n", " ").split(" . "):
                        if 6 <= len(s.split()) <= 40:
                            sentences.append(s.strip() + ".")
    sentences = list(dict.fromkeys(sentences))
    rng = random.Random(seed)
    rng.shuffle(sentences)
    if not sentences:
        sys.exit(f"no corpus found under {SHARED_DATA}")
    out: list[str] = []
    while len(out) < n:
        if out and rng.random() < 0.25:
            words = rng.choice(out).split()
            for _ in range(rng.randrange(1, 4)):
                k = rng.randrange(len(words))
                op = rng.randrange(4)
                if op == 0 and len(words) > 1:
                    del words[k]
                elif op == 1:
                    j = rng.randrange(len(words))
                    words[k], words[j] = words[j], words[k]
                elif op == 2:
                    words.insert(k, words[k])
                else:
                    words[k] = rng.choice(["new", "please", "write", "the", "a", "list"])
            out.append(" ".join(words))
        else:
            out.append(sentences[len(out) % len(sentences)])
    return out


def self_instruct(texts: list[str], threshold: float) -> list[int]:
    from rouge_score import rouge_scorer

    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)
    all_tokens: list[list[str]] = []
    kept = []
    for i, text in enumerate(texts):
        new = scorer._tokenizer.tokenize(text)
        scores = [rouge_scorer._score_lcs(new, t).fmeasure for t in all_tokens]
        if scores and max(scores) > threshold:
            continue
        kept.append(i)
        all_tokens.append(new)
    return kept


def unpruned(texts: list[str], threshold: float, threads: int) -> list[int]:
    """The decisions from the full rougeL F matrix (rougekit.pairwise, no pruning)."""
    m = rougekit.pairwise(texts, type="rougeL", threads=threads)
    kept: list[int] = []
    for i in range(len(texts)):
        if not kept or m[i, kept].max() <= threshold:
            kept.append(i)
    return kept


def timed(fn, *args):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - t, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--texts", type=int, default=50_000)
    ap.add_argument("--loop-texts", type=int, default=2_000)
    ap.add_argument("--unpruned-texts", type=int, default=10_000)
    ap.add_argument("--pairwise-texts", type=int, default=150)
    ap.add_argument("--threshold", type=float, default=0.7)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--markdown", type=Path)
    ap.add_argument("--append", action="store_true")
    args = ap.parse_args()
    texts = build_texts(args.texts, args.seed)
    t = args.threshold
    rows: list[list[str]] = []
    loads: list[float] = []

    def row(what: str, n: int, seconds: float, kept: int | str, note: str = "") -> None:
        loads.append(os.getloadavg()[0])
        rows.append([what, f"{n:,}", f"{seconds:.3f}", str(kept), note])
        print(rows[-1], flush=True)

    rougekit.dedup(texts[:200], t)  # warm-up
    s2, kept2 = timed(lambda: rougekit.dedup(texts, t, threads=2))
    row("rougekit.dedup, 2 threads", len(texts), s2, len(kept2))
    s1, kept1 = timed(lambda: rougekit.dedup(texts, t, threads=1))
    assert kept1.tolist() == kept2.tolist()
    row("rougekit.dedup, 1 thread", len(texts), s1, len(kept1))

    small = texts[: args.loop_texts]
    sl, loop = timed(self_instruct, small, t)
    row("self-instruct loop (rouge-score 0.1.2, 1 process)", len(small), sl, len(loop))
    sk1, k1 = timed(lambda: rougekit.dedup(small, t, threads=1))
    assert k1.tolist() == loop, "rougekit.dedup differs from the loop"
    row("rougekit.dedup, 1 thread", len(small), sk1, len(k1), f"loop / rougekit: {sl / sk1:,.0f}x")
    sk2, k2 = timed(lambda: rougekit.dedup(small, t, threads=2))
    row("rougekit.dedup, 2 threads", len(small), sk2, len(k2), f"loop / rougekit: {sl / sk2:,.0f}x")
    su, ku = timed(unpruned, small, t, 2)
    assert ku == loop
    row("rougekit.pairwise + loop decisions (no pruning), 2 threads", len(small), su, len(ku),
        f"/ rougekit.dedup: {su / sk2:,.1f}x")  # fmt: skip
    try:
        import rouge_rs

        rs, kept_rs = timed(rouge_rs.rouge_l_dedup, small, t)
        same = "same kept texts" if kept_rs == [small[i] for i in loop] else (
            f"{len(kept_rs)} kept: not the loop's decisions")  # fmt: skip
        row(f"rouge-rs {dist_version('rouge-rs')} rouge_l_dedup", len(small), rs, len(kept_rs),
            f"{same}; / rougekit.dedup 2 threads: {rs / sk2:,.1f}x")  # fmt: skip
    except ImportError:
        row("rouge-rs rouge_l_dedup", len(small), float("nan"), "-", "not installed")
    big = texts[: args.unpruned_texts]
    sb, kb = timed(unpruned, big, t, 2)
    sd, kd = timed(lambda: rougekit.dedup(big, t, threads=2))
    assert kb == kd.tolist()
    row("rougekit.pairwise + loop decisions (no pruning), 2 threads", len(big), sb, len(kb),
        f"/ rougekit.dedup ({sd:.3f} s): {sb / sd:,.1f}x")  # fmt: skip

    from rouge_score import rouge_scorer

    few = texts[: args.pairwise_texts]
    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)
    sp, want = timed(lambda: [[scorer.score(b, a)["rougeL"].fmeasure for b in few] for a in few])
    sq, got = timed(lambda: rougekit.pairwise(few, type="rougeL", threads=2))
    assert got.tolist() == want
    row("rouge-score score() per cell, rougeL", len(few) ** 2, sp, "-", "cells")
    row("rougekit.pairwise rougeL, 2 threads", len(few) ** 2, sq, "-", f"cells; {sp / sq:,.0f}x")

    versions = (
        f"rougekit {rougekit.__version__}, rouge-score {dist_version('rouge-score')}, "
        f"rouge-rs {dist_version('rouge-rs')}, numpy {np.__version__}"
    )
    text = "\n".join([
        "",
        f"## Near-duplicate filtering and all-pairs ({time.strftime('%Y-%m-%d')})",
        "",
        f"Command: `python benches/bench_dedup.py --texts {args.texts} --loop-texts "
        f"{args.loop_texts}`; threshold {t}; texts: {len(texts):,} sentences of the shared "
        "CNN/DM corpora (6-40 words) with a quarter edited near-duplicates, seed "
        f"{args.seed}. Versions: {versions}. Load average (1 min) during the runs: "
        f"{min(loads):.2f}-{max(loads):.2f}.",
        "",
        "Machine: " + "; ".join(f"{k} {v}" for k, v in machine_info()),
        "",
        md_table(["what", "texts (cells)", "seconds", "kept", "note"], rows),
        "",
    ])  # fmt: skip
    print(text)
    if args.markdown:
        write_markdown(args.markdown, text, args.append)


if __name__ == "__main__":
    main()
