"""The Ray Data and Spark recipes of docs/scale-out.md, run as written (their code blocks are
executed) through the real libraries: equal to one process bit for bit."""

from __future__ import annotations

import re
import shutil
from typing import Any

import pytest
import rougekit
from conftest import REPO, corpus_bits, data_file, load_corpus

DOC = REPO / "docs" / "scale-out.md"
TYPES = ["rouge1", "rouge2", "rougeL"]


def recipe(name: str) -> dict[str, Any]:
    """The names the doc's ``<!-- recipe: name -->`` code block defines."""
    text = DOC.read_text(encoding="utf-8")
    m = re.search(rf"<!-- recipe: {name} -->\n```python\n(.*?)```", text, re.S)
    assert m, f"no {name} recipe in {DOC}"
    namespace: dict[str, Any] = {}
    exec(compile(m.group(1), f"{DOC}:{name}", "exec"), namespace)
    return namespace


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    data = load_corpus(data_file("summeval-cnndm/summeval.jsonl"))[:1200]  # 11 references a pair
    return [
        {"id": i, "prediction": r["prediction"], "references": list(r["references"])}
        for i, r in enumerate(data)
    ]


@pytest.fixture(scope="module")
def scorer():
    return rougekit.RougeScorer(TYPES, stemmer=True, threads=1)


def _one_process(scorer, rows, **kw):
    preds = [r["prediction"] for r in rows]
    refs = [r["references"] for r in rows]
    return scorer.corpus(preds, refs, **kw)


def test_ray_recipe(rows, scorer):
    ray = pytest.importorskip("ray")
    ray_corpus = recipe("ray")["ray_corpus"]
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        ds = ray.data.from_items(rows, override_num_blocks=5)
        got = ray_corpus(ds, scorer, confidence=0.95, n_bootstrap=100, seed=3)
        want = _one_process(scorer, rows, confidence=0.95, n_bootstrap=100, seed=3)
        assert corpus_bits(got) == corpus_bits(want)
        stream = ray_corpus(ds.random_shuffle(seed=1), scorer, mode="streaming", n_bootstrap=50)
        means = {k: v for k, v in corpus_bits(want).items() if len(k) == 2 and k != "signature"}
        assert {k: v for k, v in corpus_bits(stream).items() if k in means} == means
    finally:
        ray.shutdown()


def test_spark_recipe(rows, scorer):
    pytest.importorskip("pyspark")
    if shutil.which("java") is None:
        pytest.skip("PySpark needs Java (java not on PATH)")
    from pyspark.sql import SparkSession

    spark_corpus = recipe("spark")["spark_corpus"]
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("rougekit-recipe")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    try:
        df = spark.createDataFrame(rows, "id long, prediction string, references array<string>")
        df = df.repartition(4)  # pieces in any order
        got = spark_corpus(df, scorer, confidence=0.95, n_bootstrap=100, seed=3)
        want = _one_process(scorer, rows, confidence=0.95, n_bootstrap=100, seed=3)
        assert corpus_bits(got) == corpus_bits(want)
        stream = spark_corpus(df, scorer, mode="streaming", confidence=0.9, n_bootstrap=50)
        one = rougekit.CorpusAccumulator(scorer, mode="streaming", n_bootstrap=50)
        one.add(
            scorer.score_batch([r["prediction"] for r in rows], [r["references"] for r in rows])
        )
        assert corpus_bits(stream) == corpus_bits(one.finalize(confidence=0.9))
    finally:
        spark.stop()
