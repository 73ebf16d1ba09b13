"""The real pltrdy ``rouge`` 1.0.1 and ``rouge-chinese`` 1.0.3, loaded as test oracles.

Both (and py-rouge) install a top-level ``rouge`` package (and both a top-level ``bin``), so
they cannot share an environment: each is installed with ``pip install --no-deps --target``
into its own cached folder (``$ROUGEKIT_ORACLE_CACHE``, default ``~/.cache/rougekit-tests``)
and imported from there with the ``rouge*`` modules of ``sys.modules`` set aside and put
back, so no test sees a ``rouge`` that is not the one it had. rouge-chinese is used as
installed when the test extra installed it (its module is ``rouge_chinese``: no clash). Tests
skip with the reason when neither is possible (no network and no cache).
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

PLTRDY = ("rouge", "1.0.1", "rouge")
ROUGE_CHINESE = ("rouge-chinese", "1.0.3", "rouge_chinese")


def _folder(dist: str, version: str) -> Path:
    root = Path(os.environ.get("ROUGEKIT_ORACLE_CACHE", Path.home() / ".cache/rougekit-tests"))
    return root / f"{dist}-{version}"


def _install(dist: str, version: str) -> Path | str:
    """The folder holding ``dist==version`` (installed on first use), or why not."""
    folder = _folder(dist, version)
    if (folder / ".complete").exists():
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    run = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
         "--target", str(folder), f"{dist}=={version}"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    if run.returncode != 0:
        return f"pip install {dist}=={version} failed: {run.stderr.strip()[-300:]}"
    (folder / ".complete").write_text("ok\n")
    return folder


def _isolated_import(folder: Path, module: str) -> ModuleType:
    """``module`` imported from ``folder`` only, leaving ``sys.modules`` as it was."""
    prefix = module.split(".")[0]
    saved = {k: v for k, v in sys.modules.items() if k == prefix or k.startswith(prefix + ".")}
    for k in saved:
        del sys.modules[k]
    sys.path.insert(0, str(folder))
    try:
        loaded = importlib.import_module(module)
        # The package's own submodules, loaded now, stay reachable through `loaded`.
        importlib.import_module(f"{prefix}.rouge_score")
    finally:
        sys.path.remove(str(folder))
        for k in [k for k in sys.modules if k == prefix or k.startswith(prefix + ".")]:
            del sys.modules[k]
        sys.modules.update(saved)
    return loaded


@cache
def _load(dist: str, version: str, module: str) -> ModuleType | str:
    if module == "rouge_chinese":
        try:
            installed = importlib.import_module(module)
        except ImportError:
            pass
        else:
            if getattr(installed, "__version__", None) == version:
                return installed
    folder = _install(dist, version)
    if isinstance(folder, str):
        return folder
    return _isolated_import(folder, module)


def pltrdy() -> ModuleType:
    """The ``rouge`` 1.0.1 package (``.Rouge``, ``.FilesRouge``); skips the test without it."""
    got = _load(*PLTRDY)
    if isinstance(got, str):
        pytest.skip(got)
    return got


def rouge_chinese() -> ModuleType:
    """The ``rouge_chinese`` 1.0.3 package; skips the test without it."""
    got = _load(*ROUGE_CHINESE)
    if isinstance(got, str):
        pytest.skip(got)
    return got
