"""No import cycles among Kiban's modules: each module can be read knowing only the
ones below it.

Only the imports that run when a module is imported count: those at module level,
also inside a module-level ``if``, ``try`` or class body, but not those inside a
function or under ``if TYPE_CHECKING:``. (The engine is held to more:
tests/test_layering.py counts every import there.)
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("kiban", "engine", "drivers", "hardware", "firmware_host")


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_time_imports(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements that run when a module with this body is imported."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from import_time_imports(node.orelse)
        else:
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                for child in getattr(node, field, ()):
                    inner = (
                        child.body
                        if isinstance(child, ast.ExceptHandler | ast.match_case)
                        else [child]
                    )
                    yield from import_time_imports(inner)


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module a ``from`` import names, relative ones resolved."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def import_graph(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Module -> the project modules it imports at import time. ``from a import b``
    names module ``a.b`` when that is a module, else package ``a``."""
    paths = {
        module_name(p, root): p for pkg in packages for p in sorted((root / pkg).rglob("*.py"))
    }
    graph: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in import_time_imports(tree.body):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                source = _absolute(node, name, path.name == "__init__.py")
                targets = [
                    f"{source}.{alias.name}" if f"{source}.{alias.name}" in paths else source
                    for alias in node.names
                ]
            graph[name] |= {target for target in targets if target in paths} - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each import cycle once, as a path ``a -> b -> ... -> a`` through one strongly
    connected component (Tarjan) of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return [_loop(graph, component) for component in components]


def _loop(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """A shortest way from the component's first module back to itself."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for module in frontier:
            for other in sorted(graph[module] & members):
                if other == start:
                    return [*paths[module], start]
                if other not in paths:
                    paths[other] = [*paths[module], other]
                    following.append(other)
        frontier = following
    raise AssertionError(f"{component} is not strongly connected")  # pragma: no cover


def test_no_module_imports_itself_back() -> None:
    found = cycles(import_graph(ROOT, PACKAGES))
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(loop) for loop in found)


def test_the_graph_sees_the_project(tmp_path: Path) -> None:
    graph = import_graph(ROOT, PACKAGES)
    assert "hardware.profile" in graph["hardware.board"]
    assert "hardware.frontends.registry" in graph["hardware.profile"]


def test_the_finder_sees_a_cycle_and_only_import_time_imports(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("try:\n    from .c import thing\nexcept ImportError:\n    pass\n")
    (package / "c.py").write_text("import pkg.a\nthing = 1\n")
    (package / "d.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg import e\n"
        "def later():\n    from pkg import e\n"
        "class Uses:\n    from pkg import a\n"
    )
    (package / "e.py").write_text("from pkg.d import Uses\n")
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.d"] == {"pkg.a"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]
