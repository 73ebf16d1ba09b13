#!/usr/bin/env python3
"""lm-eval's truthfulqa ROUGE with rouge-score vs with ``rougekit.compat`` substituted.

lm-eval's ``tasks/truthfulqa/utils.py`` scores every answer with its ``rouge(refs, preds)``
helper, which builds a ``BootstrapAggregator`` per single score: 3 types x 1000 resamples in
Python per answer. This loads that file twice (as lm-eval ships it, and with ``rouge_score``
replaced by ``rougekit.compat`` through ``rougekit.integrations.lm_eval.install_compat``),
feeds both the same truthfulqa-shaped documents built from real summaries (SummEval's 11
references split into correct/incorrect answers; XSum pairs), and times, alternately,
``--repeat`` times each:

* ``rouge``: the helper alone, once per answer (what the ROUGE part of truthfulqa costs);
* ``process_results_gen``: the whole per-document function (sacrebleu's BLEU included, the
  same code in both runs).

Before timing it checks that both give identical values and leave NumPy's global random
state identical after every call (seeded once, as lm-eval does). Reports the median and
best seconds and the speed-up.

    python benches/bench_lm_eval.py                    # 40 documents, 3 repeats
    python benches/bench_lm_eval.py --docs 100 --repeat 5 --markdown benches/RESULTS.md --append
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import time
import types
from pathlib import Path
from typing import Any

import numpy as np
from _common import SHARED_DATA, dist_version, machine_info, md_table, write_markdown
from rougekit.integrations.lm_eval import install_compat


def _load_utils(name: str) -> types.ModuleType:
    spec = importlib.util.find_spec("lm_eval")
    assert spec is not None and spec.submodule_search_locations
    path = Path(next(iter(spec.submodule_search_locations))) / "tasks/truthfulqa/utils.py"
    file_spec = importlib.util.spec_from_file_location(name, path)
    assert file_spec is not None and file_spec.loader is not None
    module = importlib.util.module_from_spec(file_spec)
    file_spec.loader.exec_module(module)
    return module


def _read(path: Path) -> list[dict[str, Any]]:
    import json

    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _docs(n: int) -> list[dict[str, Any]]:
    summeval = _read(SHARED_DATA / "summeval-cnndm" / "summeval.jsonl")
    xsum = _read(SHARED_DATA / "xsum-hallucination-annotations" / "xsum.jsonl")
    docs = []
    for i in range(n):
        if i % 2 == 0:
            row = summeval[(i * 37) % len(summeval)]
            refs = row["references"]
            docs.append({"c": row["prediction"], "correct_answers": refs[:4],
                         "incorrect_answers": refs[4:]})  # fmt: skip
        else:
            row, other = xsum[(i * 13) % len(xsum)], xsum[(i * 13 + 1) % len(xsum)]
            docs.append({"c": row["prediction"], "correct_answers": row["references"],
                         "incorrect_answers": other["references"]})  # fmt: skip
    return docs


def _state() -> tuple[Any, ...]:
    name, keys, pos, has_gauss, gauss = np.random.get_state()
    return (name, keys.tobytes(), pos, has_gauss, gauss)


def _run_rouge(module: types.ModuleType, docs: list[dict[str, Any]]) -> list[Any]:
    out = []
    for doc in docs:
        for ref in doc["correct_answers"] + doc["incorrect_answers"]:
            out.append(module.rouge([ref], [doc["c"]]))
    return out


def _run_process(module: types.ModuleType, docs: list[dict[str, Any]]) -> list[Any]:
    return [module.process_results_gen(doc, [doc["c"]]) for doc in docs]


def _check(original: types.ModuleType, patched: types.ModuleType, docs: list[Any]) -> int:
    """Calls compared (values and the RNG state after each); raises on any difference."""
    calls = 0
    for fn in (_run_rouge, _run_process):
        runs = []
        for module in (original, patched):
            np.random.seed(0)
            states = []
            values = []
            for doc in docs:
                values.append(fn(module, [doc]))
                states.append(_state())
            runs.append((values, states))
        if runs[0] != runs[1]:
            raise SystemExit(f"{fn.__name__}: rougekit.compat differs from rouge-score")
        calls += len(docs)
    return calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=40, help="documents (default 40)")
    parser.add_argument("--repeat", type=int, default=3, help="alternating repeats (3)")
    parser.add_argument("--markdown", type=Path, help="write the table to this file")
    parser.add_argument("--append", action="store_true", help="append to --markdown")
    args = parser.parse_args()

    original = _load_utils("truthfulqa_utils_rouge_score")
    with install_compat():
        patched = _load_utils("truthfulqa_utils_rougekit")
    docs = _docs(args.docs)
    answers = sum(len(d["correct_answers"]) + len(d["incorrect_answers"]) for d in docs)
    checked = _check(original, patched, docs)

    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.repeat):
        for fn in (_run_rouge, _run_process):
            for label, module in (("rouge-score", original), ("rougekit.compat", patched)):
                np.random.seed(0)
                start = time.perf_counter()
                fn(module, docs)
                times.setdefault((fn.__name__, label), []).append(time.perf_counter() - start)

    rows = []
    for fn_name, what in (("_run_rouge", "rouge helper"), ("_run_process", "process_results_gen")):
        base = statistics.median(times[(fn_name, "rouge-score")])
        for label in ("rouge-score", "rougekit.compat"):
            t = times[(fn_name, label)]
            med = statistics.median(t)
            rows.append([what, label, f"{med:.3f}", f"{min(t):.3f}",
                         f"{answers / med:,.0f}", f"{base / med:.1f}x"])  # fmt: skip
    versions = ", ".join(
        f"{d} {dist_version(d)}" for d in ("rougekit", "rouge-score", "lm-eval", "numpy")
    )
    text = "\n".join(
        [
            "## lm-eval truthfulqa ROUGE: rouge-score vs rougekit.compat",
            "",
            f"`python benches/bench_lm_eval.py --docs {args.docs} --repeat {args.repeat}`: "
            f"{len(docs)} documents, {answers} answers (one `rouge()` call each); identical values "
            f"and NumPy random state checked on {checked} calls. {versions}.",
            "",
            md_table(
                ["timed", "rouge_score is", "median s", "best s", "answers/s", "speed-up"], rows
            ),
            "",
            "; ".join(f"{k}: {v}" for k, v in machine_info()),
            "",
        ]
    )
    print(text)
    if args.markdown:
        write_markdown(args.markdown, text, args.append)


if __name__ == "__main__":
    main()
