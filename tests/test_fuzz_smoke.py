"""The robustness harness (``fuzz/run.py``) runs: a few hundred generated inputs through
every surface, no failure. The million-input runs are recorded in benches/RESULTS.md."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HARNESS = Path(__file__).resolve().parents[1] / "fuzz" / "run.py"


def test_fuzz_harness_smoke(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    argv = ["--inputs", "400", "--seed", "11", "--jobs", "1", "--out", str(out)]
    proc = subprocess.run(
        [sys.executable, str(HARNESS), *argv],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    report = json.loads(out.read_text())
    assert report["inputs"] >= 400 and report["failures"] == []
    assert all(report["surfaces"][s]["cases"] > 0 for s in report["surfaces"])
