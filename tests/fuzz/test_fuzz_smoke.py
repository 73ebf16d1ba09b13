"""The robustness harness (``fuzz/run.py``) runs: a few hundred generated inputs through
every surface, no failure. The million-input runs are recorded in benches/RESULTS.md."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import REPO

HARNESS = REPO / "fuzz" / "run.py"


def _run(tmp_path: Path, *argv: str) -> dict:
    out = tmp_path / "results.json"
    proc = subprocess.run(
        [sys.executable, str(HARNESS), *argv, "--jobs", "1", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    report: dict = json.loads(out.read_text())
    assert report["failures"] == []
    return report


def test_fuzz_harness_smoke(tmp_path: Path) -> None:
    report = _run(tmp_path, "--inputs", "400", "--seed", "11")
    assert report["inputs"] >= 400
    assert all(report["surfaces"][s]["cases"] > 0 for s in report["surfaces"])


def test_hostile_surfaces_smoke(tmp_path: Path) -> None:
    """Mutated exception DBs, serialized state and signals: a few hundred cases (the
    signals surface's first case comes early in the schedule)."""
    report = _run(tmp_path, "--surfaces", "db,state,signals", "--inputs", "600", "--seed", "4")
    surfaces = report["surfaces"]
    assert surfaces["state"]["cases"] > 300 and surfaces["state"]["refused"] > 0
    assert surfaces["db"]["cases"] > 100
    assert surfaces["signals"]["cases"] >= 1
