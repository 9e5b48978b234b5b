"""Files of puzzles, and the puzzles each game ships inside its package.

A file is one puzzle document per line (``chromino-puzzle/1``, compact JSON), plain or
gzipped. A shipped file is gzipped with no timestamp nor name in its header, so the
same puzzles always make the same bytes: a file found again from its kind's seed is
byte for byte the one in the repository, and a diff shows real changes only.

A game ships its puzzles in the ``puzzles/`` folder of its package (the descriptor's
``package``), one file per kind (``puzzle_kinds``), each in the order its puzzles were
found. They are read through :mod:`importlib.resources`, so an installed wheel finds
them as a checkout does; the core knows the folder only through the descriptor."""

from __future__ import annotations

import gzip
import io
import itertools
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, BinaryIO

from .descriptor import GameDescriptor, PuzzleKind
from .puzzles import Puzzle, PuzzleError, find_puzzles, read_puzzle

SHIPPED_FOLDER = "puzzles"
"""The folder of a game's package that holds its shipped puzzles."""
SUFFIX = ".jsonl.gz"
GZIP_MAGIC = b"\x1f\x8b"


def encode(puzzles: Iterable[Puzzle]) -> bytes:
    """A shipped file's bytes: one compact line per puzzle, gzipped at the highest level
    with the header's time left at zero (the same puzzles, the same bytes)."""
    text = "".join(json.dumps(puzzle.to_dict(), separators=(",", ":")) + "\n" for puzzle in puzzles)
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def text_stream(binary: BinaryIO) -> io.TextIOWrapper:
    """The UTF-8 lines of a stream of puzzles, gunzipped on the way when its first bytes
    say it is gzip. A file or stdin is peeked at, not consumed, so it is still read line
    by line as it comes; a stream that cannot peek is read whole first."""
    peek = getattr(binary, "peek", None)
    if peek is None:
        binary = io.BytesIO(binary.read())
        start = binary.getvalue()[:2]
    else:
        start = peek(2)[:2]
    if start == GZIP_MAGIC:
        return io.TextIOWrapper(gzip.GzipFile(fileobj=binary, mode="rb"), encoding="utf-8")
    return io.TextIOWrapper(binary, encoding="utf-8")


def decode(data: bytes) -> list[str]:
    """The non-blank lines of a file's bytes, gzipped or not."""
    if data.startswith(GZIP_MAGIC):
        data = gzip.decompress(data)
    return [line for line in data.decode("utf-8").splitlines() if line.strip()]


@dataclass(frozen=True, slots=True)
class PuzzleFile:
    """A file of puzzles read whole: its name and its puzzles in their order."""

    name: str
    puzzles: tuple[Puzzle, ...]

    @property
    def kind(self) -> tuple[str, str | None]:
        """The goal and scoring every puzzle of the file shares (ValueError when they do
        not: a file holds one kind)."""
        kinds = {(puzzle.goal, puzzle.scoring) for puzzle in self.puzzles}
        if len(kinds) != 1:
            raise ValueError(f"{self.name}: {len(kinds)} kinds of puzzle, not one")
        return kinds.pop()


def read_file(name: str, data: bytes, games: Mapping[str, GameDescriptor]) -> PuzzleFile:
    """Every puzzle of a file's bytes; PuzzleError names the line and field at fault."""
    puzzles = []
    for number, line in enumerate(decode(data), start=1):
        try:
            puzzles.append(read_puzzle(json.loads(line), games))
        except json.JSONDecodeError as error:
            raise PuzzleError(f"{name}:{number}", f"not JSON: {error.msg}") from None
        except PuzzleError as error:
            raise PuzzleError(f"{name}:{number}: {error.field}", str(error)) from None
    return PuzzleFile(name, tuple(puzzles))


def shipped_folder(game: GameDescriptor) -> Traversable | None:
    """The folder of the game's shipped puzzles; None for a game whose package has none."""
    if game.package is None:
        return None
    folder = resources.files(game.package) / SHIPPED_FOLDER
    return folder if folder.is_dir() else None


def shipped_sources(game: GameDescriptor) -> list[Traversable]:
    """The game's shipped files, by name (every ``*.jsonl.gz`` of its folder)."""
    folder = shipped_folder(game)
    if folder is None:
        return []
    found = [item for item in folder.iterdir() if item.name.endswith(SUFFIX) and item.is_file()]
    return sorted(found, key=lambda item: item.name)


def shipped_files(game: GameDescriptor) -> Iterator[PuzzleFile]:
    """Each shipped file of the game, read whole."""
    games = {game.name: game}
    for source in shipped_sources(game):
        yield read_file(source.name, source.read_bytes(), games)


def shipped_puzzles(game: GameDescriptor) -> Iterator[Puzzle]:
    """Every puzzle the game ships, file by file, each file in its order."""
    for puzzle_file in shipped_files(game):
        yield from puzzle_file.puzzles


def kind_options(game: GameDescriptor, scoring: str | None) -> Any:
    """The options of the bot games a kind's puzzles come from: the game's first rule
    set, under the kind's scoring or else the game's first (its default)."""
    ruleset = game.rulesets[0] if game.rulesets else ""
    return game.table_options(ruleset, scoring or (game.scorings[0] if game.scorings else ""))


@dataclass(frozen=True, slots=True)
class Found:
    """A kind's puzzles as found, and how many bot games it took to find them."""

    puzzles: list[Puzzle]
    games: int


def find_kind(game: GameDescriptor, kind: PuzzleKind, count: int | None = None) -> Found:
    """The first ``count`` puzzles (the kind's own count when None) of bot games dealt
    from the kind's seed on: the same every time."""
    dealt = 0

    def seeds() -> Iterator[int]:
        nonlocal dealt
        for seed in itertools.count(kind.seed):
            dealt += 1
            yield seed

    found = find_puzzles(game, kind.goal, kind.scoring, kind_options(game, kind.scoring), seeds())
    puzzles = list(itertools.islice(found, kind.count if count is None else count))
    return Found(puzzles, dealt)


def package_folder(game: GameDescriptor) -> Path:
    """Where ``ship`` writes a game's files: its package's ``puzzles/`` folder, which must
    be a folder on disk (a checkout, not an archive). ValueError otherwise."""
    if game.package is None:
        raise ValueError(f"{game.name} names no package to ship puzzles in")
    root = resources.files(game.package)
    if not isinstance(root, Path):
        raise ValueError(f"{game.name}'s package is not a folder on disk: {root}")
    return root / SHIPPED_FOLDER


def ship(
    game: GameDescriptor,
    folder: Path,
    count: int | None = None,
    progress: Callable[[PuzzleKind, Path, Found], None] | None = None,
) -> list[Path]:
    """Find each of the game's kinds again and write its file in ``folder`` (``count``
    puzzles a kind instead of the kind's own, for a quick look); a ``*.jsonl.gz`` there
    that no kind names is removed, since everything in the folder is shipped. The
    files written, in the order of the kinds."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in game.puzzle_kinds:
        found = find_kind(game, kind, count)
        path = folder / kind.file_name
        path.write_bytes(encode(found.puzzles))
        written.append(path)
        if progress is not None:
            progress(kind, path, found)
    for stale in folder.glob(f"*{SUFFIX}"):
        if stale not in written:
            stale.unlink()
    return written
