"""Fork safety (issue 9 item 3): after a parent scored in parallel, children made by ``fork``
(multiprocessing on Linux, DataLoader workers, lm-eval's bootstrap pool) score too, instead of
waiting forever on the parent's thread pools, which a forked child inherits without threads.

The forking runs in a child interpreter with a generous timeout, so a regression fails the
test instead of hanging the suite.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(
    sys.platform == "win32" or not hasattr(__import__("os"), "fork"), reason="needs fork"
)

SCRIPT = textwrap.dedent(
    """
    import json, multiprocessing as mp, sys
    import rougekit as rk
    import rougekit.profiles as profiles

    # One text profile per kind of core scorer (each has its own pools), from the registry.
    SCORED, KINDS = {}, set()
    for name in profiles.names():
        if profiles.get(name).INPUT != "text" or profiles.takes_language(name):
            continue
        made = profiles.create(name)
        kind = type(made.scorer(["rouge1"], 1)).__name__
        if kind not in KINDS:
            KINDS.add(kind)
            SCORED[name] = [t for t in made.default_types() if t != "rouge2"]
    # More pairs than a worker's minimum chunk, so the batch really runs on the pool.
    P = ["the cat sat on the mat number %d\\nand then %d" % (i, i % 7) for i in range(300)]
    R = ["the cat sat %d\\non a mat %d" % (i % 11, i) for i in range(300)]
    INHERITED = {p: rk.RougeScorer(t, profile=p, threads=2) for p, t in SCORED.items()}
    assert len(SCORED) >= 3, SCORED

    def run(scorer, profile):
        batch = scorer.score_batch(P, R)
        cols = [list(batch.fmeasure(t)) for t in SCORED[profile]]
        corpus = scorer.corpus(P, R, confidence=0.95, n_bootstrap=50)
        return [cols, str(corpus)]

    def child(k):
        out = {}
        for profile, types in SCORED.items():
            out[profile + "/inherited"] = run(INHERITED[profile], profile)
            fresh = rk.RougeScorer(types, profile=profile, threads=2)
            out[profile + "/new"] = run(fresh, profile)
        return out

    if __name__ == "__main__":
        parent = {}
        for profile in SCORED:  # the parent uses its pools before forking
            parent[profile] = run(INHERITED[profile], profile)
        with mp.get_context("fork").Pool(2) as pool:
            children = pool.map(child, range(4))
        json.dump({"parent": parent, "children": children}, sys.stdout)
    """
)


def test_forked_children_score_after_a_parallel_parent(tmp_path) -> None:
    script = tmp_path / "fork_after_parallel.py"
    script.write_text(SCRIPT)
    try:
        done = subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, timeout=300
        )
    except subprocess.TimeoutExpired:
        pytest.fail("a forked child hung on its first parallel batch (fork-unsafe pools)")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    parent = result["parent"]
    assert len(result["children"]) == 4
    for child in result["children"]:
        for key, got in child.items():
            assert got == parent[key.split("/")[0]], key
