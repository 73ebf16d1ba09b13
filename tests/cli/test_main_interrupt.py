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


class _InterruptingPerl(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):  # type: ignore[no-untyped-def]
        if name == "rougekit.perl.command":
            raise KeyboardInterrupt
        return None


def test_ctrl_c_while_the_perl_command_loads(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.delitem(sys.modules, "rougekit.perl.command", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_InterruptingPerl(), *sys.meta_path])
    monkeypatch.setattr(sys, "argv", ["rougekit", "perl", "-h"])
    assert entry.main() == 130
    assert capsys.readouterr().err == "rougekit: error: interrupted\n"


def test_the_entry_point_loads_nothing_before_it_handles_ctrl_c() -> None:
    # The console script runs `from rougekit.__main__ import main` before main() can catch
    # Ctrl-C: that import loaded the 9 MB core (a traceback window of ~0.1 s).
    import subprocess

    code = "import sys, rougekit.__main__; print(sorted(m for m in sys.modules if 'rougekit' in m))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "['rougekit', 'rougekit.__main__']"
