#!/usr/bin/env python3
"""Speed of rougekit's profiles against the same work elsewhere, side by side.

Every row is a fresh subprocess (thread-pool environment variables set to the thread
count) that loads the data, builds its scorer once, scores the first ``--warmup`` pairs
untimed, then times ``score_batch`` over all pairs ``--repeat`` times; the table gives the
median and the best. Types rouge1, rouge2, rougeL, rougeLsum; prediction vs references[0].

* ``unicode-v1`` / ``character-v1``: rougekit ``RougeScorer(profile=...)`` against
  rouge-score-rs's native ``UnicodeTokenizer`` / ``CharacterTokenizer`` path
  (``RougeScorer(types, tokenizer=...).score_batch``), which implements the same profile;
  the F-measures of every pair must be equal (checked, reported).
* ``rouge-score`` (stemmer on): rougekit against rouge-score-rs's default path and, with
  ``--baseline-python``, against rougekit as it was before a change (another interpreter
  whose environment holds that build): "no slower than before the refactor".
* ``token-ids``: the same content as ids (each text's unicode-v1 tokens, one id per
  distinct token, a separator id between lines) against the unicode-v1 text path.

    python benches/bench_profiles.py --threads 1,2
    python benches/bench_profiles.py --baseline-python /path/to/old/venv/bin/python
    python benches/bench_profiles.py --markdown benches/RESULTS.md --append
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from _common import (
    ALL_TYPES,
    SHARED_DATA,
    child_failure,
    dist_version,
    emit_result,
    load_pairs,
    load_warning,
    machine_info,
    md_table,
    run_child,
    self_maxrss_kib,
    thread_env,
    write_markdown,
)

DEFAULT_DATA = SHARED_DATA / "cnndm-pointer-generator" / "pointer-gen-cov.jsonl"
SEPARATOR = -1


def _ids(preds: list[str], refs: list[str]) -> tuple[list[list[int]], list[list[int]]]:
    """Each text's unicode-v1 tokens as ids, ``SEPARATOR`` between lines (untimed)."""
    import rougekit as rk

    vocab: dict[str, int] = {}

    def ids(text: str) -> list[int]:
        out: list[int] = []
        for k, line in enumerate(text.split("\n")):
            if k:
                out.append(SEPARATOR)
            out.extend(vocab.setdefault(t, len(vocab)) for t in rk.tokenize(line, "unicode-v1"))
        return out

    return [ids(p) for p in preds], [ids(r) for r in refs]


def make(impl: str, threads: int, preds: list[str], refs: list[str]) -> tuple[Any, Any, str]:
    """(score(), fmeasure(result, type), version) for one implementation."""
    kind, _, profile = impl.partition(":")
    if kind in ("rougekit", "rougekit-baseline"):
        import rougekit as rk

        stem = profile == "rouge-score"
        if profile == "token-ids":
            scorer = rk.RougeScorer(ALL_TYPES, profile="token-ids", separator=SEPARATOR,
                                    threads=threads)  # fmt: skip
            preds, refs = _ids(preds, refs)  # type: ignore[assignment]
        else:
            scorer = rk.RougeScorer(ALL_TYPES, profile=profile, stemmer=stem or None,
                                    threads=threads)  # fmt: skip

        def rk_score() -> Any:
            return scorer.score_batch(preds, refs)

        def rk_f(result: Any, t: str) -> list[float]:
            return [float(x) for x in result.fmeasure(t)]

        return rk_score, rk_f, f"{rk.__version__} ({Path(rk.__file__).parent})"
    if kind == "rouge-score-rs":
        import rouge_score_rs
        from rouge_score_rs import rouge_scorer, tokenizers

        tok = {
            "rouge-score": None,
            "unicode-v1": tokenizers.UnicodeTokenizer,
            "character-v1": tokenizers.CharacterTokenizer,
        }[profile]
        if tok is None:
            rs = rouge_scorer.RougeScorer(list(ALL_TYPES), use_stemmer=True)
        else:
            rs = rouge_scorer.RougeScorer(list(ALL_TYPES), tokenizer=tok())

        def rs_score() -> Any:
            return rs.score_batch(refs, preds)

        def rs_f(result: Any, t: str) -> list[float]:
            return [float(d[t].fmeasure) for d in result]

        return rs_score, rs_f, rouge_score_rs.__version__
    raise ValueError(f"unknown implementation {impl!r}")


def worker(spec: dict[str, Any]) -> None:
    preds, refs = load_pairs(Path(spec["data"]), spec["limit"])
    try:
        score, fmeasure, version = make(spec["impl"], spec["threads"], preds, refs)
    except ImportError as exc:
        emit_result({"status": "skipped", "reason": f"import failed: {exc}"})
        return
    score()  # warm-up: caches, pools, page faults
    times = []
    for _ in range(spec["repeat"]):
        gc.collect()
        start = time.perf_counter()
        result = score()
        times.append(time.perf_counter() - start)
    emit_result(
        {
            "status": "ok",
            "version": version,
            "pairs": len(preds),
            "times": times,
            "fmeasure": {t: fmeasure(result, t) for t in ALL_TYPES},
            "maxrss_kib": self_maxrss_kib(),
        }
    )


#: (comparison, implementation, what it runs); the first row of a comparison is its baseline.
ROWS = [
    ("unicode-v1", "rouge-score-rs:unicode-v1", "rouge-score-rs UnicodeTokenizer score_batch"),
    ("unicode-v1", "rougekit:unicode-v1", "RougeScorer(profile='unicode-v1').score_batch"),
    ("character-v1", "rouge-score-rs:character-v1",
     "rouge-score-rs CharacterTokenizer score_batch"),
    ("character-v1", "rougekit:character-v1", "RougeScorer(profile='character-v1').score_batch"),
    ("rouge-score, stemmer", "rouge-score-rs:rouge-score", "rouge-score-rs use_stemmer=True"),
    ("rouge-score, stemmer", "rougekit-baseline:rouge-score", "rougekit before (baseline)"),
    ("rouge-score, stemmer", "rougekit:rouge-score", "RougeScorer(stemmer=True).score_batch"),
    ("same content as ids", "rougekit:unicode-v1", "unicode-v1 text path"),
    ("same content as ids", "rougekit:token-ids", "RougeScorer(profile='token-ids')"),
]  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--repeat", type=int, default=7, help="timed runs per row (7)")
    ap.add_argument("--threads", type=lambda s: [int(x) for x in s.split(",")], default=[1])
    ap.add_argument("--baseline-python", default=None, help="interpreter of the old build")
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--markdown", type=Path, default=None)
    ap.add_argument("--append", action="store_true")
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker is not None:
        worker(json.loads(args.worker))
        return 0

    results: dict[tuple[str, str, int], dict[str, Any]] = {}
    loads = []
    for comparison, impl, _ in ROWS:
        for threads in args.threads:
            key = (comparison, impl, threads)
            if key in results:
                continue
            python = sys.executable
            if impl.startswith("rougekit-baseline"):
                if args.baseline_python is None:
                    continue
                python = args.baseline_python
            cached = next((r for (c, i, t), r in results.items() if i == impl and t == threads),
                          None)  # fmt: skip
            if cached is not None:
                results[key] = cached
                continue
            spec = {"impl": impl, "threads": threads, "data": str(args.data),
                    "limit": args.limit, "repeat": args.repeat}  # fmt: skip
            print(f"[{impl} x{threads}] running...", file=sys.stderr, flush=True)
            cmd = [python, str(Path(__file__).resolve()), "--worker", json.dumps(spec)]
            child = run_child(cmd, thread_env(threads), timeout=args.timeout)
            loads.append(child.other_load)
            if child.ok and child.payload and child.payload.get("status") == "ok":
                child.payload["other_load"] = child.other_load
                results[key] = child.payload
                print(f"  median {statistics.median(child.payload['times']):.3f} s",
                      file=sys.stderr)  # fmt: skip
            else:
                results[key] = {"status": "failed", "reason": child_failure(child)}
                print(f"  {results[key]['reason']}", file=sys.stderr)

    n_pairs = len(load_pairs(args.data, args.limit)[0])
    out = ["## Profiles: speed against the same work (bench_profiles.py)", ""]
    out.append(
        f"Data: `{args.data}` ({n_pairs} pairs, prediction vs references[0]); types "
        f"{', '.join(ALL_TYPES)}; {args.repeat} timed runs after one untimed warm-up run "
        "per row, each row a fresh subprocess with its thread pools sized by the thread "
        "count. Command: `python benches/bench_profiles.py "
        + " ".join(a for a in (argv if argv is not None else sys.argv[1:]))
        + "`."
    )
    out += ["", "Machine:", ""] + [f"- {k}: {v}" for k, v in machine_info()]
    out += [f"- rouge-score-rs: {dist_version('rouge-score-rs') or 'not installed'}", ""]
    rows = []
    for threads in args.threads:
        for comparison in dict.fromkeys(c for c, _, _ in ROWS):
            members = [(i, what) for c, i, what in ROWS if c == comparison]
            base = results.get((comparison, members[0][0], threads), {})
            for impl, what in members:
                r = results.get((comparison, impl, threads))
                if r is None:
                    continue
                if r.get("status") != "ok":
                    rows.append([comparison, what, str(threads), r.get("reason", "?"),
                                 "", "", "", ""])  # fmt: skip
                    continue
                med = statistics.median(r["times"])
                best = min(r["times"])
                ratio = "1x (baseline)"
                same = "-"
                if impl != members[0][0] and base.get("status") == "ok":
                    ratio = f"{statistics.median(base['times']) / med:.2f}x"
                    same = str(all(r["fmeasure"][t] == base["fmeasure"][t] for t in ALL_TYPES))
                rows.append([comparison, what, str(threads), f"{med:.3f}", f"{best:.3f}",
                             f"{n_pairs / med:,.0f}", ratio, same])  # fmt: skip
    out.append(md_table(["comparison", "implementation", "threads", "median s", "best s",
                         "pairs/s (median)", "speed-up vs first row (medians)",
                         "every F equal to first row"], rows))  # fmt: skip
    warning = load_warning(loads)
    if warning:
        out += ["", warning]
    report = "\n".join(out) + "\n"
    print(report)
    if args.markdown:
        write_markdown(args.markdown, report, args.append)
    return 0


if __name__ == "__main__":
    sys.exit(main())
