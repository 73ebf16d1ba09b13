"""The shape of the house: import cycles (Python and Rust), upward imports in
python/rougekit, module sizes.

    python tools/imports.py            # a report
    python tools/imports.py --check    # exit 1 when a target is missed

Imports under ``if TYPE_CHECKING:`` are not counted (they never run). An import of the
package (``from rougekit import x``, ``import rougekit``) counts as an import of
``rougekit/__init__.py`` plus, for ``from rougekit import submodule``, the submodule.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "python" / "rougekit"

#: Layers, bottom first: a module may import its own layer and the layers below it.
LAYERS: list[tuple[str, ...]] = [
    ("rougekit._core",),
    (
        "rougekit.errors", "rougekit.checks", "rougekit.signature", "rougekit.languages",
        "rougekit.sentences", "rougekit.inputs", "rougekit.progress",
    ),
    ("rougekit.profiles", "rougekit.config", "rougekit.diagnostics", "rougekit.text",
     "rougekit.segmentation"),
    ("rougekit.results", "rougekit.frames", "rougekit.aggregate", "rougekit.significance",
     "rougekit.scorer", "rougekit.io", "rougekit.report", "rougekit.reproduce",
     "rougekit.plots", "rougekit.explain", "rougekit.pairs"),
    ("rougekit.duplicates",),
    ("rougekit", "rougekit.compat", "rougekit.perl", "rougekit.evaluate"),
    ("rougekit.cli", "rougekit.__main__", "rougekit.integrations", "rougekit.dask"),
]  # fmt: skip

MAX_LINES = 700


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> int:
    best, found = -1, -1
    for level, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            # The package itself is its __init__ only, not a prefix of every module.
            inside = prefix != "rougekit" and module.startswith(prefix + ".")
            if (module == prefix or inside) and len(prefix) > best:
                best, found = len(prefix), level
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path, modules: set[str]) -> set[str]:
    """The package modules ``path`` imports at run time (any depth, functions included)."""
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "rougekit":
                    found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            if base.split(".")[0] == "rougekit":
                found.add(base)
                for alias in node.names:
                    if f"{base}.{alias.name}" in modules:
                        found.add(f"{base}.{alias.name}")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    found.discard(me)
    return {m for m in found if m in modules}


def graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths} | {"rougekit._core"}
    return {module_name(p): imports(p, modules) for p in paths}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def strong(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10_000)
    for v in sorted(edges):
        if v not in index:
            strong(v)
    return out


RUST = ROOT / "crates" / "rougekit-core" / "src"


def rust_module(path: Path) -> str:
    parts = list(path.relative_to(RUST).with_suffix("").parts)
    if parts[-1] in ("mod", "lib"):
        parts.pop()
    return "::".join(["crate", *parts])


def rust_graph() -> dict[str, set[str]]:
    """Which files of rougekit-core use which (``use crate::a::b``, ``crate::a::b::f(...)``,
    ``super::x``), to the file that defines the module named."""
    paths = sorted(RUST.rglob("*.rs"))
    modules = {rust_module(p) for p in paths}
    edges: dict[str, set[str]] = {}
    for path in paths:
        me = rust_module(path)
        text = path.read_text(encoding="utf-8")
        # Unit tests do not count (`mod tests` at the end of a file), nor do comments.
        text = text.split("#[cfg(test)]")[0]
        text = re.sub(r"//[^\n]*", "", text)
        found = set()
        for m in re.finditer(r"\b(crate|super)((?:::\w+)+)", text):
            # `super` is the parent of the file's module (for `a/mod.rs`, of `a`).
            base = me.rsplit("::", 1)[0] if m.group(1) == "super" else "crate"
            names = m.group(2).strip(":").split("::")
            target = base
            for name in names:
                if f"{target}::{name}" in modules:
                    target = f"{target}::{name}"
                else:
                    break
            if target != me and target != "crate":
                found.add(target)
        # A `use` group: crate::{a, b::c}
        for m in re.finditer(r"\buse crate::\{([^}]*)\}", text):
            for item in m.group(1).split(","):
                name = item.strip().split("::")[0]
                if f"crate::{name}" in modules and f"crate::{name}" != me:
                    found.add(f"crate::{name}")
        edges[me] = {t for t in found if not me.startswith(t + "::") and t != me}
    return edges


def upward(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted((a, b) for a, bs in edges.items() for b in bs if layer_of(b) > layer_of(a))


def long_modules() -> list[tuple[str, int]]:
    sizes = [(module_name(p), len(p.read_text().splitlines())) for p in PACKAGE.rglob("*.py")]
    return sorted((m, n) for m, n in sizes if n > MAX_LINES)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    edges = graph()
    found_cycles, up, long = cycles(edges), upward(edges), long_modules()
    rust_cycles = cycles(rust_graph())
    print(f"Rust import cycles (rougekit-core): {len(rust_cycles)}")
    for c in rust_cycles:
        print("  " + " <-> ".join(c))
    unplaced = sorted(m for m in edges if layer_of(m) < 0)
    print(f"Python import cycles: {len(found_cycles)}")
    for c in found_cycles:
        print("  " + " <-> ".join(c))
    print(f"upward imports: {len(up)}")
    for a, b in up:
        print(f"  {a} (layer {layer_of(a)}) -> {b} (layer {layer_of(b)})")
    print(f"modules over {MAX_LINES} lines: {len(long)}")
    for m, n in long:
        print(f"  {m}: {n}")
    if unplaced:
        print(f"modules in no layer: {', '.join(unplaced)}")
    ok = len(found_cycles) + len(rust_cycles) <= 1 and len(up) <= 12 and not long and not unplaced
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
