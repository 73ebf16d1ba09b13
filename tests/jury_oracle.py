"""Test-only oracle: jury 2.3.1 and nlg-metricverse 0.9.9 imported for real, installed with
``--no-deps``. Their ``__init__`` imports every metric they ship; the modules those need
and that are not installed (validators, textstat, bert_score, seaborn, pyemd, ...;
nlg-metricverse's plots, which load a model from the Hub at import) are stubbed: the rouge
metric and the pipelines use none of them."""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest


def _stubbed_import(name: str, pre_stub: tuple[str, ...] = ()) -> Any:
    """``import name``, with a stub for every module it cannot import."""
    for stub in pre_stub:
        sys.modules.setdefault(stub, _stub(stub))
    for _ in range(50):
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as e:
            missing = e.name or ""
            if not missing or (missing.startswith(name) and not missing.startswith(pre_stub)):
                raise
            parts = missing.split(".")
            for i in range(1, len(parts) + 1):
                part = ".".join(parts[:i])
                if part != name:  # the library itself is imported for real
                    sys.modules.setdefault(part, _stub(part))
            for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
                if not isinstance(sys.modules[key], _Stub):
                    del sys.modules[key]
    raise RuntimeError(f"cannot import {name}")


class _Stub(types.ModuleType):
    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        return type(attr, (), {})


def _stub(name: str) -> _Stub:
    module = _Stub(name)
    module.__path__ = []
    return module


@pytest.fixture(scope="module", params=["jury", "nlgmetricverse"])
def library(request: pytest.FixtureRequest) -> Iterator[tuple[str, Any, Any]]:
    pytest.importorskip("evaluate")
    pytest.importorskip("pandas")
    before = set(sys.modules)
    pre = ("nlgmetricverse.visualization",) if request.param == "nlgmetricverse" else ()
    try:
        module = _stubbed_import(request.param, pre)
    except (ModuleNotFoundError, ImportError) as e:
        pytest.skip(f"{request.param} does not import: {e}")
    pipeline = module.Jury if request.param == "jury" else module.NLGMetricverse
    name = "jury-2.3.1:rouge" if request.param == "jury" else "nlg-metricverse-0.9.9:rouge"
    yield name, module, pipeline
    for key in set(sys.modules) - before:  # the stubs must not leak into other tests
        if isinstance(sys.modules[key], _Stub):
            del sys.modules[key]
