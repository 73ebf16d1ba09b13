"""rougekit.dask.dedup on a real distributed.LocalCluster (2 worker processes) and on the
local scheduler: the same kept indices as rougekit.dedup and as the self-instruct loop."""

from __future__ import annotations

import pytest

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")

import dask.bag as db  # noqa: E402
import rougekit  # noqa: E402
import rougekit.dask as rkd  # noqa: E402
from self_instruct_oracle import near_duplicates, real_texts, self_instruct  # noqa: E402


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return near_duplicates(real_texts(400), 200, seed=11)


def test_local_scheduler_equals_the_loop(texts: list[str]) -> None:
    small = texts[:220]
    want = self_instruct(small, small[:3], 0.7)
    got = rkd.dedup(small, against=small[:3], tasks=5)
    assert got.tolist() == want
    with pytest.raises(ValueError, match="tasks must be"):
        rkd.dedup(small, tasks=0)


def test_cluster_equals_one_process(texts: list[str]) -> None:
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster),
    ):
        for threshold in (0.7, 0.45):
            want = rougekit.dedup(texts, threshold).tolist()
            bag = db.from_sequence(texts, npartitions=7)
            assert rkd.dedup(bag, threshold, tasks=9).tolist() == want
