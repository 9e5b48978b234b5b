"""The coach's notes as the replay sends them: beside each move the coach would have
made otherwise, what the move made and the coach's move score from that position
(web.live.coach.points_of), so the page can put both side by side."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from support.api import expect, next_state
from support.live import SPARE_CYCLES_SECONDS, LiveServer, Player
from support.wsplay import start_server

from chromino.core.actions import DRAW, Action
from chromino.core.coach import STUCK_DEALS, Assessment, assess
from chromino.core.search import Budget
from chromino.games.chromino.placement import Placement as ChrominoPlacement
from web.games import GameKind, game_kind
from web.games.base import coach_note, shown
from web.live.coach import points_of, position_seed


def test_the_coachs_move_is_scored_on_a_copy_of_the_position() -> None:
    kind = game_kind("triominos")
    live = kind.restore(kind.deal(["ana", "ben"], "coach-points", {}))
    seat = live.view(None)["current"]
    moves = live.legal_moves(seat, with_points=True)
    best = max(moves, key=lambda move: move["points"])
    action = {"action": "play", **{key: best[key] for key in ("tile", "x", "y", "rot")}}
    before = live.replay_frame()
    assert points_of(kind, live, seat, action) == best["points"]
    assert points_of(kind, live, seat, {"action": "draw"}) == -5
    assert live.replay_frame() == before  # the game itself is untouched
    # A move the position does not allow scores nothing (the note then shows no points).
    assert points_of(kind, live, seat, {**action, "x": 40, "y": 40}) is None


# --- the same position, the same note --------------------------------------------------------

COACH_ITERATIONS = 30
"""The coach's search in these games: enough for its choices to differ from one seed to
another, quick to run in the coach's idle-priority worker on a busy machine."""


@pytest.fixture(scope="module")
def coached(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[LiveServer]]:
    """Two servers, each with its own coach's worker process (and its own database)."""
    servers = [
        start_server(tmp_path_factory.mktemp(f"coached-{n}"), coach_iterations=COACH_ITERATIONS)
        for n in range(2)
    ]
    yield servers
    for live in servers:
        live.stop()


def first_legal(message: dict[str, Any]) -> dict[str, Any]:
    """The first legal placement (any game's keys), else a draw, else a pass."""
    version = message["version"]
    if message["legal"]:
        move = message["legal"][0]
        place = {key: move[key] for key in ("tile", "x", "y", "dir", "rot") if key in move}
        command = {"type": "play", **place}
    elif message["state"]["can_draw"]:
        command = {"type": "draw"}
    else:
        command = {"type": "pass"}
    return {**command, "id": f"c{version}", "version": version}


def play_first_legal(player: Player, game_id: str) -> None:
    """Play a solo game to its end, always the first legal move: two games of one deal
    played this way make the same moves."""
    with player.connect(game_id) as sock:
        message = sock.recv_until("welcome")
        while not message["state"]["finished"]:
            sock.send(first_legal(message))
            message = next_state(sock)


def coach_done(
    player: Player, game_id: str, timeout: float = SPARE_CYCLES_SECONDS
) -> dict[str, Any]:
    """The game's notes once the coach is done (asked now and then: a replay is not a
    light request, and the coach's worker only has the CPU the server leaves)."""
    deadline = time.monotonic() + timeout
    while True:
        replay = expect(player.http.get(f"/api/games/{game_id}/replay"), 200)
        coach: dict[str, Any] = replay["coach"]
        if coach["status"] == "done":
            return coach
        assert coach["status"] in ("pending", "running"), coach
        assert time.monotonic() < deadline, "the coach never finished"
        time.sleep(0.5)


@pytest.mark.parametrize("game", ["triominos", "chromino"])
def test_the_same_moves_get_the_same_notes_on_any_table(
    coached: list[LiveServer], game: str
) -> None:
    """Two people on two servers (two coaches in two worker processes), two game ids, one
    deal, the same moves: the same notes, and none of them proposes a move that is the
    move made or worth no more than it."""
    people = [Player(live.url) for live in coached]
    try:
        for person, name in zip(
            people, (f"Ana {game[:3]}", f"Bartholomew {game[:3]}"), strict=True
        ):
            expect(person.http.put("/api/me/name", json={"name": name}), 200)
        games = [expect(p.http.post(f"/api/daily/{game}/games"), 201)["game_id"] for p in people]
        assert games[0] != games[1]
        for person, game_id in zip(people, games, strict=True):
            play_first_legal(person, game_id)
        notes = [coach_done(p, g)["notes"] for p, g in zip(people, games, strict=True)]
        practice_counts_the_notes(people[0], games[0], notes[0])
    finally:
        for person in people:
            person.close()
    assert notes[0], "the coach looked at no move"
    assert notes[0] == notes[1]
    kind = game_kind(game)
    for note in notes[0]:
        if note["loss"] > 0:
            assert same_move(kind, note["preferred"]) != same_move(kind, note["played"]), note
            assert shown(note["preferred_value"]) > shown(note["played_value"]), note
        both_plays = note["played"]["action"] == note["preferred"]["action"] == "play"
        if note["loss"] > 0 and both_plays:  # the engine checked a reason in sampled deals
            stuck = note["stuck"]
            assert stuck["deals"] == STUCK_DEALS, note
            assert 0 <= stuck["played"] <= STUCK_DEALS and 0 <= stuck["preferred"] <= STUCK_DEALS
        else:
            assert "stuck" not in note, note


def practice_counts_the_notes(player: Player, game_id: str, notes: list[dict[str, Any]]) -> None:
    """The practice page's record of the coach counts this game's notes, by kind."""
    record = expect(player.http.get("/api/me/practice"), 200)["coach"]
    assert record["games"] == 1 and record["recent"][0]["game_id"] == game_id
    for kind in ("play", "draw", "pass"):
        mine = [note for note in notes if note["played"]["action"] == kind]
        assert record["moves"][kind] == len(mine), (kind, record)
        flagged = [note for note in mine if note["loss"] > 0]
        assert record["better_moves"][kind] == len(flagged), (kind, record)
    stuck = [n for n in notes if n.get("stuck") and n["stuck"]["played"] > n["stuck"]["preferred"]]
    assert record["left_stuck"] == len(stuck)


def same_move(kind: GameKind, action: dict[str, Any]) -> Any:
    """One spelling for every way of writing a move (a play's placement normalized)."""
    parsed = kind.descriptor.parse_action(action)  # type: ignore[attr-defined]
    return parsed.placement.normalized() if parsed.placement is not None else parsed.kind


def test_the_seed_is_the_position_not_the_names_or_the_turns_time() -> None:
    kind = game_kind("chromino")
    setup = kind.deal(["Ana", "Ben"], "coach-seed", {"turn_seconds": 60})
    timed = kind.restore(setup).view(0)
    renamed = kind.restore({**setup, "players": ["Cleo", "Dmitri"]}).view(0)
    untimed = {**timed, "options": {**timed["options"], "turn_seconds": 0}}
    assert position_seed(timed) == position_seed(renamed) == position_seed(untimed)
    live = kind.restore(setup)
    live.apply(0, kind.stored_action({"action": "draw"}))
    assert position_seed(live.view(0)) != position_seed(timed)  # a tile more in hand


def assessment(played: Any, preferred: Any, values: tuple[float, float]) -> Assessment[Any]:
    return Assessment(
        played=played,
        preferred=preferred,
        played_value=values[0],
        preferred_value=values[1],
        iterations=100,
        meaning="solo",
    )


def test_a_note_flags_only_a_move_worth_more_as_the_replay_shows_it() -> None:
    draw = DRAW
    play = Action.play(ChrominoPlacement("RGB", 1, 0, "E"))
    assert coach_note(assessment(draw, play, (0.571, 0.574)))["loss"] == 0  # 57 → 57
    assert coach_note(assessment(draw, play, (0.574, 0.576)))["loss"] == 0.002  # 57 → 58
    assert coach_note(assessment(play, play, (0.2, 0.9)))["loss"] == 0


def symmetric_play(kind: GameKind) -> tuple[Any, Any]:
    """The mover's search position and a candidate laying a symmetric tile (RGR: laid
    westward, it is the same move as from its other end eastward), on the first seeded
    deal that has one."""
    descriptor: Any = kind.descriptor  # type: ignore[attr-defined]
    for number in range(100):
        live = kind.restore(kind.deal(["Ana"], f"coach-spelling-{number}", {}))
        information = descriptor.information(descriptor.view_type.from_dict(live.view(0)))
        for action in information.determinize(random.Random(0)).actions():
            tile = action.placement.tile if action.placement is not None else ""
            if tile and tile == tile[::-1]:
                return information, action
    raise AssertionError("no deal of the hundred lets a symmetric tile be laid")


def test_the_move_made_is_not_weighed_against_another_spelling_of_itself() -> None:
    information, candidate = symmetric_play(game_kind("chromino"))
    spelled_otherwise = candidate.placement.read_backwards()
    assert spelled_otherwise != candidate.placement
    assert spelled_otherwise.normalized() == candidate.placement.normalized()
    note = assess(
        information,
        Action.play(spelled_otherwise),
        random.Random(1),
        Budget.of_iterations(30),
        canonical=lambda action: action.placement.normalized() if action.placement else action,
    )
    assert note.played == candidate  # matched to the candidate it is, not a second one
    if note.preferred == candidate:
        assert note.loss == 0
