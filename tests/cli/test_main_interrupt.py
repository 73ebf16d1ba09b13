"""``python -m rougekit`` / ``rougekit``: Ctrl-C while the command line's modules load is
the command's one error line and exit 130 (it was Python's KeyboardInterrupt traceback)."""

from __future__ import annotations

import importlib.abc
import sys

import pytest
from rougekit import __main__ as entry


class _InterruptingImport(importlib.abc.MetaPathFinder):
    """Raises KeyboardInterrupt when ``rougekit.cli`` is imported (Ctrl-C at that moment)."""

    def find_spec(self, name, path=None, target=None):  # type: ignore[no-untyped-def]
        if name == "rougekit.cli":
            raise KeyboardInterrupt
        return None


def test_ctrl_c_while_the_cli_loads(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.delitem(sys.modules, "rougekit.cli", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_InterruptingImport(), *sys.meta_path])
    monkeypatch.setattr(sys, "argv", ["rougekit", "score", "--help"])
    assert entry.main() == 130
    assert capsys.readouterr().err == "rougekit: error: interrupted\n"
