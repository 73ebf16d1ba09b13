"""evalscope 1.14.1's Rouge metric (general_qa / general_vqa) against its own
``compute_rouge_score_one_sample_zh``, called per sample as ``calculate_metric_score`` calls
it, with the real jieba and rouge-chinese. evalscope installs with ``--no-deps``; its package
``__init__`` imports the whole framework, so the metric file is imported with its parent
packages as bare namespaces and evalscope's logger as the standard one (the function uses
nothing else). Data: the tests' Chinese texts, SummEval's English outputs, Chinese and
English mixed in one pair, empty and blank texts."""

from __future__ import annotations

import importlib
import importlib.util
import json
import logging
import random
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import rougekit.recipes as recipes
from conftest import SHIPPED, read_jsonl


@pytest.fixture(scope="module")
def evalscope_rouge() -> Iterator[Any]:
    pytest.importorskip("jieba")
    pytest.importorskip("rouge_chinese")
    spec = importlib.util.find_spec("evalscope")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("evalscope is not installed")
    root = Path(spec.submodule_search_locations[0])
    saved = {k: v for k, v in sys.modules.items() if k == "evalscope" or k.startswith("evalscope.")}
    for name, sub in [
        ("evalscope", ""),
        ("evalscope.metrics", "metrics"),
        ("evalscope.metrics.utils", "metrics/utils"),
        ("evalscope.utils", "utils"),
    ]:
        module = types.ModuleType(name)
        module.__path__ = [str(root / sub)]
        sys.modules[name] = module  # fmt: skip

    def get_logger(*args: Any, **kwargs: Any) -> logging.Logger:
        return logging.getLogger("evalscope")

    logger = types.ModuleType("evalscope.utils.logger")
    logger.get_logger = get_logger  # type: ignore[attr-defined]
    sys.modules["evalscope.utils"].get_logger = get_logger  # type: ignore[attr-defined]
    sys.modules["evalscope.utils.logger"] = logger
    try:
        yield importlib.import_module("evalscope.metrics.utils.rouge")
    finally:
        for key in [k for k in sys.modules if k == "evalscope" or k.startswith("evalscope.")]:
            del sys.modules[key]
        sys.modules.update(saved)


def _pairs() -> tuple[list[str], list[str]]:
    rows = [json.loads(line) for line in (SHIPPED.parent / "zh-texts.jsonl").open()]
    zh = [r["text"] for r in rows if r["text"].strip()]
    en = [r["prediction"] for r in read_jsonl(SHIPPED / "summeval-cnndm" / "summeval.jsonl.xz")]
    rng = random.Random(9)
    preds = [rng.choice(zh) for _ in range(250)] + [rng.choice(en) for _ in range(150)]
    refs = [rng.choice(zh) for _ in range(250)] + [rng.choice(en) for _ in range(150)]
    preds += [rng.choice(zh) + " " + rng.choice(en) for _ in range(40)]
    refs += [rng.choice(en) + rng.choice(zh) for _ in range(40)]
    preds += ["", " ", "。", "...", "Hello world.", "今天 天气", "abc", zh[0]]
    refs += ["a", "b", "。", "x", "hello  there world", "今天天气", "", zh[0]]
    return preds, refs


def test_evalscope_rouge(evalscope_rouge: Any) -> None:
    preds, refs = _pairs()
    recipe = recipes.get("evalscope-1.14.1:rouge")
    one_sample = evalscope_rouge.compute_rouge_score_one_sample_zh
    want = [one_sample([p], [r]) for p, r in zip(preds, refs)]
    got = recipe.per_sample(preds, refs)
    bad = [i for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert not bad, f"{len(bad)} samples differ, first {bad[0]}: {got[bad[0]]} {want[bad[0]]}"
    corpus = {k: sum(w[k] for w in want) / len(want) for k in want[0]}
    assert recipe.compute(preds, refs) == corpus
    print({recipe.name: 9 * len(want) + len(corpus)})


def _tool_bench_pairs() -> tuple[list[str], list[str]]:
    summeval = read_jsonl(SHIPPED / "summeval-cnndm" / "summeval.jsonl.xz")
    xsum = read_jsonl(SHIPPED / "xsum-hallucination-annotations" / "xsum.jsonl.xz")
    preds = [r["prediction"] for r in summeval[::2]] + [r["prediction"] for r in xsum[:500]]
    refs = [r["references"][0] for r in summeval[::2]] + [r["references"][0] for r in xsum[:500]]
    # str.split()'s whitespace (U+001C-U+001F too), case and punctuation kept, empty sides.
    preds += ["The cat\x1csat.", "a\x1db\x1ec\x1fd", "A\u3000b\u00a0c\u0085d", "", " ", "Cat, sat",
              "a b c", "x y", "call the api"]  # fmt: skip
    refs += ["the cat sat.", "a b c d", "a b c d", "a", "b", "cat sat", "a b c d e f", "",
             "call the api"]  # fmt: skip
    return preds, refs


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
def test_evalscope_tool_bench_rouge(evalscope_rouge: Any) -> None:
    preds, refs = _tool_bench_pairs()
    recipe = recipes.get("evalscope-1.14.1:tool_bench_rouge")
    one_sample = evalscope_rouge.compute_rouge_score_one_sample
    want = [one_sample([p], [r]) for p, r in zip(preds, refs)]
    got = recipe.per_sample(preds, refs)
    bad = [i for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert not bad, f"{len(bad)} samples differ, first {bad[0]}: {got[bad[0]]} {want[bad[0]]}"
    # Over all pairs at once, evalscope's function gives the per-key means.
    corpus = one_sample(preds, refs)
    assert recipe.compute(preds, refs) == corpus
    print({recipe.name: 9 * len(want) + len(corpus)})


def test_evalscope_tool_bench_is_not_swapped() -> None:
    recipe = recipes.get("evalscope-1.14.1:tool_bench_rouge")
    (row,) = recipe.per_sample(["a b"], ["a b c d"])  # score(target=r, prediction=p)
    assert (row["rouge-1-p"], row["rouge-1-r"]) == (1.0, 0.5)
    (row,) = recipe.per_sample(["The cat\x1csat"], ["the cat sat"])
    assert row["rouge-1-f"] == 2 / 3  # 'The' is not 'the'; U+001C splits as str.split()
