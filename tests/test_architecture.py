"""The shape of the code: imports run one way, and the engine's core names no game.

Every import counts here — at the top of a module, inside a function, and under
``TYPE_CHECKING`` — because a circle hidden in a function is still a circle a
reader has to untangle, and a core that imports a game only lazily still depends
on it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("chromino", "web")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules(package: str) -> dict[str, Path]:
    return {_module_name(path): path for path in sorted((ROOT / package).rglob("*.py"))}


def _absolute(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The module an ``ImportFrom`` names, relative dots resolved against ``module``."""
    if node.level == 0:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _imported(module: str, path: Path, known: set[str]) -> Iterator[str]:
    """Every module of ``known`` that ``module`` imports, wherever the import stands."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = _absolute(module, path, node)
            # ``from pkg import name`` imports ``pkg.name`` when that is a module.
            names = [f"{target}.{alias.name}" for alias in node.names] + [target]
            names = [n for n in names if n in known][:1] or [target]
        else:
            continue
        for name in names:
            owner = name
            while owner and owner not in known:
                owner = owner.rpartition(".")[0]
            if owner and owner != module:
                yield owner


def _graph(package: str) -> dict[str, set[str]]:
    modules = _modules(package)
    known = set(modules)
    return {name: set(_imported(name, path, known)) for name, path in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph[node]):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def _is_package_face(importer: str, imported: str) -> bool:
    """A package's ``__init__`` that gathers its own modules is not a circle: a module
    of the package importing a sibling never passes through the face."""
    return imported.startswith(importer + ".")


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle(package: str) -> None:
    graph = _graph(package)
    graph = {
        name: {dep for dep in deps if not _is_package_face(name, dep)}
        for name, deps in graph.items()
    }
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_engine_imports_nothing_from_the_server() -> None:
    graph = _graph("chromino")
    leaks = {name: deps for name, deps in graph.items() if any(d.startswith("web") for d in deps)}
    assert leaks == {}
    for name, path in _modules("chromino").items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                assert not node.module.startswith("web"), name


def test_the_core_names_no_game() -> None:
    graph = _graph("chromino")
    core = {name: deps for name, deps in graph.items() if name.startswith("chromino.core")}
    assert core, "the engine has a game-neutral core at chromino/core"
    leaks = {
        name: sorted(dep for dep in deps if dep.startswith("chromino.games"))
        for name, deps in core.items()
    }
    assert {name: deps for name, deps in leaks.items() if deps} == {}
