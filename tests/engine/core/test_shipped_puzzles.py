"""The puzzles the games ship in their packages (chromino.core.puzzle_files): at least a
thousand of each kind the product offers, each file of the one kind its name and its
game's descriptor say; every id is its question's and unique, and no position comes
twice in a file. Every shipped puzzle is proven again here, through the command the CI
runs (``chromino puzzles verify --shipped``). The files are what their kinds' seeds find
(the first puzzles of each are found again) in the bytes ``encode`` makes, and the
commands read gzipped files and stdin and write the same files twice alike."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from support.toy_line import GAME as NUMBER_LINE

from chromino import GAMES
from chromino.cli import main
from chromino.core.puzzle_files import (
    PuzzleFile,
    encode,
    find_kind,
    read_file,
    shipped_files,
    shipped_folder,
    shipped_puzzles,
    shipped_sources,
)

OFFERED = {
    ("chromino", "last_tile", None): 1000,
    ("chromino", "most_points", "expert"): 1000,
    ("triominos", "most_points", None): 1000,
}
"""The kinds of puzzle the product offers (its themes), and the fewest it ships of each."""

Shipped = dict[tuple[str, str], tuple[bytes, PuzzleFile]]


@pytest.fixture(scope="module")
def shipped() -> Shipped:
    """Every shipped file, by game and file name: its bytes and its puzzles."""
    found: Shipped = {}
    for game in GAMES.values():
        for source in shipped_sources(game):
            data = source.read_bytes()
            found[game.name, source.name] = (data, read_file(source.name, data, GAMES))
    return found


def run(*argv: str) -> tuple[int, str, str]:
    """The command line's exit status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_each_kind_offered_ships_at_least_its_thousand(shipped: Shipped) -> None:
    counts = {
        (game, *puzzles.kind): len(puzzles.puzzles) for (game, _), (_, puzzles) in shipped.items()
    }
    for kind, fewest in OFFERED.items():
        assert counts.get(kind, 0) >= fewest, (kind, counts)


def test_each_file_holds_the_kind_its_name_and_its_game_say(shipped: Shipped) -> None:
    for game in GAMES.values():
        files = {
            name: puzzles for (owner, name), (_, puzzles) in shipped.items() if owner == game.name
        }
        assert set(files) == {kind.file_name for kind in game.puzzle_kinds}
        for kind in game.puzzle_kinds:
            held = files[kind.file_name]
            assert held.kind == (kind.goal, kind.scoring)
            assert len(held.puzzles) == kind.count
            assert {puzzle.game for puzzle in held.puzzles} == {game.name}
        assert list(shipped_puzzles(game)) == [p for f in shipped_files(game) for p in f.puzzles]


def question_id(document: dict[str, object]) -> str:
    """The id worked out here again: the SHA-256 of the question, its first 12 digits."""
    question = [document["game"], document["goal"], document["scoring"], document["position"]]
    return hashlib.sha256(json.dumps(question, sort_keys=True).encode()).hexdigest()[:12]


def documents(data: bytes) -> list[dict[str, object]]:
    return [json.loads(line) for line in gzip.decompress(data).decode().splitlines()]


def test_ids_are_their_questions_own_and_never_twice(shipped: Shipped) -> None:
    ids = []
    for data, puzzles in shipped.values():
        for document, puzzle in zip(documents(data), puzzles.puzzles, strict=True):
            assert document["id"] == question_id(document) == puzzle.id
            ids.append(document["id"])
    assert ids and len(set(ids)) == len(ids)


def where(position: dict[str, object]) -> tuple[object, ...]:
    """A position as a set of laid tiles and a hand, whatever order they are listed in."""
    return tuple(
        sorted(json.dumps(item, sort_keys=True) for item in value)
        if isinstance(value, list)
        else json.dumps(value)
        for _, value in sorted(position.items())
    )


def test_no_position_comes_twice_in_a_file(shipped: Shipped) -> None:
    for data, _ in shipped.values():
        positions = [str(where(document["position"])) for document in documents(data)]  # type: ignore[arg-type]
        assert len(set(positions)) == len(positions)


def test_the_bytes_are_compact_lines_gzipped_without_a_time(shipped: Shipped) -> None:
    for data, puzzles in shipped.values():
        assert data[4:8] == b"\0\0\0\0"  # the gzip header's time
        lines = gzip.decompress(data).decode().splitlines()
        assert lines == [json.dumps(json.loads(line), separators=(",", ":")) for line in lines]
        assert encode(puzzles.puzzles) == data


def test_the_first_puzzles_of_each_kind_are_what_its_seed_finds(shipped: Shipped) -> None:
    for game in GAMES.values():
        for kind in game.puzzle_kinds:
            _, puzzles = shipped[game.name, kind.file_name]
            assert find_kind(game, kind, 3).puzzles == list(puzzles.puzzles[:3])


def test_every_shipped_puzzle_proves_again(shipped: Shipped) -> None:
    """The whole of it, as the CI runs it: every puzzle of every file proven again."""
    status, out, err = run("puzzles", "verify", "--shipped")
    assert (status, out) == (0, ""), err
    for (game, name), (_, puzzles) in shipped.items():
        proven = len(puzzles.puzzles)
        file = f"chromino/games/{game}/puzzles/{name}"
        assert f"{file}: {proven} proven, 0 failed, 0 unreadable in " in err
    total = sum(len(puzzles.puzzles) for _, puzzles in shipped.values())
    assert re.search(rf"every shipped puzzle: {total} proven, .* ms a puzzle", err), err


def test_a_game_with_no_package_ships_nothing() -> None:
    assert NUMBER_LINE.package is None and shipped_folder(NUMBER_LINE) is None
    assert shipped_sources(NUMBER_LINE) == [] and list(shipped_puzzles(NUMBER_LINE)) == []


def test_ship_writes_each_kind_alike_twice_and_removes_what_no_kind_names(
    tmp_path: Path, shipped: Shipped
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    stale = first / "triominos" / "last_tile.jsonl.gz"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"")
    for out in (first, second):
        status, _, err = run("puzzles", "ship", "--out", str(out), "--count", "2")
        assert status == 0, err
    assert not stale.exists()
    for (game, name), (_, puzzles) in shipped.items():
        written = (first / game / name).read_bytes()
        assert written == (second / game / name).read_bytes() == encode(puzzles.puzzles[:2])
    with pytest.raises(SystemExit), redirect_stderr(io.StringIO()):
        main(["puzzles", "ship", "--count", "2"])  # the package's files keep every puzzle


def test_verify_reads_a_gzipped_file_or_stdin_and_refuses_a_wrong_id(
    tmp_path: Path, shipped: Shipped, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, puzzles = next(iter(shipped.values()))
    few = encode(puzzles.puzzles[:3])
    path = tmp_path / "few.jsonl.gz"
    path.write_bytes(few)
    assert run("puzzles", "verify", str(path))[::2] == (0, "3 proven, 0 failed, 0 unreadable\n")
    for given in (few, gzip.decompress(few)):
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BufferedReader(io.BytesIO(given))))
        assert run("puzzles", "verify", "-")[0] == 0
    path.write_bytes(few[: len(few) // 2])
    status, _, err = run("puzzles", "verify", str(path))
    assert status == 2 and "cannot read" in err

    edited = documents(data)[0]
    edited["id"] = "000000000000"
    path.write_bytes(gzip.compress(json.dumps(edited).encode()))
    status, _, err = run("puzzles", "verify", str(path))
    assert status == 2 and f"not a puzzle: id: expected {question_id(edited)!r}" in err
