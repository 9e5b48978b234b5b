"""The shape of the code: imports run one way, and the engine's core names no game.

Every import counts here — at the top of a module, inside a function, and under
``TYPE_CHECKING`` — because a circle hidden in a function is still a circle a
reader has to untangle, and a core that imports a game only lazily still depends
on it.
"""

from __future__ import annotations

import ast
import re
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


# --- The server's rooms on floors -------------------------------------------------------
#
# A room is a folder of ``web/`` (or one plumbing module). A room imports only the faces of
# rooms on lower floors: the room's package itself, and of it only the names its
# ``__all__`` lists. Controllers — ``web/app.py`` and every ``routes``/``streams`` module —
# sit above every floor: they may import any room's face, and ``web/app.py`` the other
# controllers themselves.

FLOORS: dict[str, int] = {
    **dict.fromkeys(
        ("settings", "db", "models", "clock", "paths", "logs", "metrics", "protocol", "i18n"), 0
    ),
    "games": 1,
    "people": 2,
    "passkeys": 3,
    "notify": 3,
    "ratings": 3,
    "talk": 3,
    "lobby": 4,
    "days": 4,
    "friends": 4,
    "live": 5,
    "duplicate": 5,
    "daily": 5,
    "puzzles": 5,
    "bots": 5,
    "club": 6,
    "watch": 6,
    "records": 6,
    "tournaments": 7,
    "site": 8,
    "ops": 9,
}
"""Each room's floor. Plumbing (floor 0) is a set of single modules that may import one
another (the circle test above keeps them apart); every other room sits on its floor with
its peers, which do not import one another. Tournaments stand on the club (a club's
members may hold a private one) and under the site (a profile shows their trophies).
Watching stands on the live games (their spectators) and the daily deal (its framed
page). Ops, the command line and a host's tasks, is the top room: serving the site is one of
its commands."""

PAST_THE_FACE: dict[tuple[str, str], str] = {}
"""The few imports of a room's inner module from outside it, each with the reason it may
not go through the face."""


def _room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _is_controller(module: str) -> bool:
    last = module.rsplit(".", 1)[-1]
    return (
        module in {"web.app", "web.__main__"}
        or last in {"routes", "streams"}
        or (last.endswith("_routes"))
    )


def _face_names(room: str) -> set[str]:
    """The names a room's ``__all__`` lists (plumbing modules show every public name)."""
    path = ROOT / "web" / room / "__init__.py"
    if not path.exists():
        return set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            return set(ast.literal_eval(node.value))
    return set()


def _server_imports() -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """Every import between two rooms of the server: importer, the module it names, and
    the names it takes from it (none for ``import x.y``)."""
    modules = _modules("web")
    for module, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            found: list[tuple[str, tuple[str, ...]]]
            if isinstance(node, ast.Import):
                found = [(alias.name, ()) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                target = _absolute(module, path, node)
                names = tuple(alias.name for alias in node.names)
                if target == "web":  # ``from web import people`` names a room's face
                    found = [(f"web.{name}", ()) for name in names]
                else:
                    found = [(target, names)]
            else:
                continue
            for target, names in found:
                if target.startswith("web.") and _room(target) != _room(module):
                    yield module, target, names


def _floor_breaches() -> list[str]:
    breaches = []
    for importer, target, _ in _server_imports():
        if _is_controller(importer):
            continue
        below, above = FLOORS.get(_room(target)), FLOORS.get(_room(importer))
        if below is None or above is None:
            breaches.append(f"{importer} -> {target}: a room with no floor")
        elif _is_controller(target) or not (below < above or below == above == 0):
            breaches.append(f"{importer} (floor {above}) -> {target} (floor {below})")
    return sorted(set(breaches))


def _past_faces() -> dict[tuple[str, str], list[str]]:
    """Imports that name something other than a room's face, by (importer, target)."""
    found: dict[tuple[str, str], list[str]] = {}
    for importer, target, names in _server_imports():
        room = _room(target)
        if FLOORS.get(room) == 0 and not (ROOT / "web" / room / "__init__.py").exists():
            continue  # a plumbing module is its own face
        if importer == "web.app" and _is_controller(target):
            continue
        if target != f"web.{room}":
            found.setdefault((importer, target), []).append("(an inner module)")
        elif hidden := [name for name in names if name not in _face_names(room)]:
            found.setdefault((importer, target), []).extend(hidden)
    return found


def test_every_room_imports_only_rooms_on_lower_floors() -> None:
    assert _floor_breaches() == []


def test_rooms_meet_through_their_faces() -> None:
    past = {key: names for key, names in _past_faces().items() if key not in PAST_THE_FACE}
    assert past == {}


def test_the_imports_past_a_face_are_few_and_still_needed() -> None:
    assert len(PAST_THE_FACE) <= 10
    assert set(PAST_THE_FACE) <= set(_past_faces()), "an exception no longer needed"


def test_no_face_imports_its_rooms_controllers() -> None:
    faces = {name: path for name, path in _modules("web").items() if path.name == "__init__.py"}
    leaks = {
        face: sorted(
            dep for dep in _imported(face, path, set(_modules("web"))) if _is_controller(dep)
        )
        for face, path in faces.items()
    }
    assert {face: deps for face, deps in leaks.items() if deps} == {}


# --- A game is named only in its own folders ----------------------------------------------
#
# A game lives in ``chromino/games/<game>/``, ``web/games/<game>.py``,
# ``static/js/games/<game>/`` and ``templates/games/<game>/``, and has one entry in each
# registry. Any other code that names it (a string that is the game's name, or a path into
# its folders) is a branch a third game would have to add a line to.

REGISTRIES = ("chromino/__init__.py", "web/games/__init__.py", "static/js/games/registry.js")

PROGRAM_NAMED: dict[str, str] = {
    "chromino/cli.py": "the command's name",
    "web/ops/cli.py": "the command's name",
    "web/logs.py": "the log formatter's name",
    "web/models.py": "the kind of rows stored before there was a choice (a schema default)",
}
"""Where the word is the program's name, not the game's (the program is named after it)."""


def _game_names() -> tuple[str, ...]:
    from chromino import GAMES

    return tuple(GAMES)


def _is_games_own(relative: Path, games: tuple[str, ...]) -> bool:
    parts = relative.parts
    owned = {
        ("chromino", "games"): 2,
        ("static", "js", "games"): 3,
        ("templates", "games"): 2,
    }
    for prefix, at in owned.items():
        if parts[: len(prefix)] == prefix and len(parts) > at + 1 and parts[at] in games:
            return True
    if parts[:2] == ("web", "games") and relative.stem in games:
        return True
    return relative.as_posix() in REGISTRIES


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are documentation (a body's first statement,
    or the string right after an assignment), which may speak of any game."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for index, statement in enumerate(body):
            documents = index == 0 or isinstance(body[index - 1], ast.Assign | ast.AnnAssign)
            value = statement.value if isinstance(statement, ast.Expr) else None
            if documents and isinstance(value, ast.Constant):
                found.add(id(value))
    return found


def _python_names_a_game(path: Path, games: tuple[str, ...]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    documentation = _docstrings(tree)
    named = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            if id(node) in documentation:
                continue
            if text in games or any(f"games/{game}" in text for game in games):
                named.append(f"line {node.lineno}: {text!r}")
    return named


def _page_names_a_game(path: Path, games: tuple[str, ...]) -> bool:
    """A script's string or import, or a template's expression, naming a game."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".js":
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)
    else:
        code = " ".join(re.findall(r"\{[{%].*?[%}]\}", text, flags=re.S))
    quoted = "|".join(re.escape(game) for game in games)
    return bool(re.search(rf"([\"'`])({quoted})\1|(games|\.)/({quoted})/", code))


def test_no_shared_python_names_a_game() -> None:
    games = _game_names()
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if _is_games_own(relative, games) or relative.as_posix() in PROGRAM_NAMED:
                continue
            if named := _python_names_a_game(path, games):
                found[relative.as_posix()] = named
    assert found == {}


def test_no_shared_page_or_script_names_a_game() -> None:
    games = _game_names()
    found = set()
    for folder, pattern in (("static/js", "*.js"), ("templates", "*.html")):
        for path in sorted((ROOT / folder).rglob(pattern)):
            relative = path.relative_to(ROOT)
            if not _is_games_own(relative, games) and _page_names_a_game(path, games):
                found.add(relative.as_posix())
    assert found == set()


def test_the_game_name_check_sees_a_branch_on_a_name(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text('"""Chromino and triominos may be spoken of."""\nSCALE = {"triominos": 1}\n')
    assert _python_names_a_game(module, ("chromino", "triominos")) == ["line 2: 'triominos'"]
    page = tmp_path / "page.html"
    page.write_text('<p id="triominos">{% if game == "chromino" %}x{% endif %}</p>')
    assert _page_names_a_game(page, ("chromino", "triominos"))
    script = tmp_path / "loaders.js"
    script.write_text('const LOADERS = { triominos: () => import("./triominos/options.js") };')
    assert _page_names_a_game(script, ("chromino", "triominos"))
