"""Properties of imported records (docs/records.md): the record of any seeded game,
played by the engine alone as another server would play it, imports here, and the
imported game's replay ends on the very position the played game ended on; a record
changed anywhere is imported or refused with a reason, never a crash."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import hypothesis_profiles
from support.api import expect
from support.live import LiveServer
from support.wsplay import start_server

from chromino import GAMES
from chromino.core.actions import TIMEOUT
from chromino.core.notation import record_of
from web.records import RecordError, read_record

hypothesis_profiles.load()

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "chromino": [
        {},
        {"ruleset": "junior"},
        {"scoring": "segments", "draws_per_turn": 0},
        {"start": "tricolor", "strict_draw": True, "hand_size": 6},
    ],
    "triominos": [{}, {"target": 100}, {"hand_size": 5, "turn_seconds": 0}],
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = start_server(tmp_path_factory.mktemp("records_property"), coach=False)
    yield live
    live.stop()


def played(game: str, seats: int, seed: int, options: dict[str, Any]) -> Any:
    """A game of random and greedy bots from the seed, a turn now and then run out."""
    descriptor = GAMES[game]
    live = descriptor.new_game(seats, seed, descriptor.options_type.from_dict(options))
    rng = random.Random(seed)
    while not live.is_over:
        seat = live.current
        if rng.random() < 0.05:
            live.apply(seat, TIMEOUT)
            continue
        bot = descriptor.bots["greedy" if rng.random() < 0.5 else "random"]
        live.apply(seat, bot(live.view_for(seat), rng))
    return live


def final_position(live: Any) -> dict[str, Any]:
    """What the replay's last step shows, read off the engine's game itself."""
    return {
        "board": [placement.to_dict() for placement in live.board.placements],
        "hands": [list(hand) for hand in live.hands],
        "bag": len(live.bag),
        "scores": list(live.scores),
        "turns_taken": list(live.turns_taken),
        "tiles_drawn": list(live.tiles_drawn),
    }


@st.composite
def games(draw: st.DrawFn) -> tuple[str, int, int, dict[str, Any]]:
    game = draw(st.sampled_from(sorted(GAMES)))
    seats = draw(st.integers(min_value=1, max_value=4))
    seed = draw(st.integers(min_value=0, max_value=1_000_000))
    return game, seats, seed, draw(st.sampled_from(OPTIONS[game]))


@settings(max_examples=12)
@given(games())
def test_a_seeded_games_record_imports_and_replays_to_its_final_position(
    server: LiveServer, case: tuple[str, int, int, dict[str, Any]]
) -> None:
    game, seats, seed, options = case
    live = played(game, seats, seed, options)
    record: dict[str, Any] = record_of(live)
    with httpx.Client(base_url=server.url, timeout=30) as person:  # a new guest each time
        game_id = expect(person.post("/api/records", json=record), 201)["game_id"]
        replay = expect(person.get(f"/api/games/{game_id}/replay"), 200)
        assert len(replay["steps"]) == len(record["moves"]) + 1
        last = replay["steps"][-1]
        assert {key: last[key] for key in final_position(live)} == final_position(live)
        assert expect(person.get(f"/api/games/{game_id}/record"), 200) == record


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=4)
    | st.sampled_from(["BXY", "012", "play", "draw", "E", "0"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
"""Any JSON value, small, now and then one that looks like a record's."""

SEEDED = {game: record_of(played(game, 2, 7, {})) for game in sorted(GAMES)}


def paths_of(document: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document (its root last)."""
    found: list[tuple[Any, ...]] = []
    if isinstance(document, dict):
        for key, value in document.items():
            found += paths_of(value, (*path, key))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found += paths_of(value, (*path, index))
    return [*found, path]


@settings(max_examples=300)
@given(game=st.sampled_from(sorted(GAMES)), data=st.data())
def test_a_record_changed_anywhere_is_imported_or_refused_never_a_crash(
    game: str, data: st.DataObject
) -> None:
    record: Any = json.loads(json.dumps(SEEDED[game]))
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        path = data.draw(st.sampled_from(paths_of(record)[:-1]))
        target = record
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = data.draw(JSON_VALUES)
    try:
        read = read_record(record, "en")
    except RecordError as error:
        assert error.code and str(error.message)
        return
    assert read.record["format"] == SEEDED[game]["format"]
