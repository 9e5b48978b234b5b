"""Hidden information: over many live games, no viewer is ever sent a tile it may not see.

Every frame received by every seat and by a spectator is kept. Once a game is over its
record (deal and bag order included) is downloaded and replayed step by step by the
engine, which says what each viewer may see at each version: the board, its own hand, a
hand turned face up (one tile left) and, with ``open_hands``, every hand. Any other tile
name in a frame — another seat's hidden tile, a tile someone else drew, a tile still in
the bag — is a leak.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from support.fixtures import LiveServers
from support.live import GameSocket, LiveServer, Player, run_out
from support.wsplay import (
    FAST,
    Driver,
    Seen,
    Timeline,
    check_acks,
    check_outcome,
    check_viewer,
    fetch_record,
    leaks,
    set_assistance,
    start_game,
    tiles_in,
)


@dataclass
class Case:
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    assistance: list[str] = field(default_factory=lambda: ["beginner"] * 4)
    draw_rate: float = 0.0
    idle_turns: int = 0
    """Turns (from the first) left to run out, in a timed game."""


CASES = {
    "two": Case(["human", "human"]),
    "three-unlimited-draws": Case(
        ["human"] * 3, {"draws_per_turn": 0}, ["intermediate"] * 3, draw_rate=0.4
    ),
    "four": Case(["human"] * 4, assistance=["beginner", "intermediate", "none", "beginner"]),
    "two-open": Case(["human", "human"], {"open_hands": True}, ["intermediate"] * 2, 0.3),
    "three-open-expert": Case(["human"] * 3, {"open_hands": True, "scoring": "expert"}),
    "junior": Case(["human", "human"], {"ruleset": "junior"}, ["none", "intermediate"], 0.2),
    "four-segments-small-hands": Case(["human"] * 4, {"scoring": "segments", "hand_size": 5}),
    "strict-with-bot": Case(["human", "greedy", "human"], {"strict_draw": True}),
    "tricolor-multiply": Case(
        ["human"] * 3,
        {"start": "tricolor", "scoring": "segments-multiply", "draws_per_turn": 2},
        ["intermediate"] * 3,
        0.3,
    ),
    "tiny-bag": Case(["human"] * 4, {"hand_size": 18}, ["intermediate"] * 4, 0.5),
    "timed-timeouts": Case(
        ["human", "human"], {"turn_seconds": 15, "scoring": "expert"}, idle_turns=2
    ),
    "bots-and-one-human": Case(["random", "human", "greedy"], {"hand_size": 6}),
}


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(replay_gap_limit=1000, fake_clock=True, **FAST)


def test_the_leak_detector_sees_tiles(people: list[Player], server: LiveServer) -> None:
    """The detector itself: a frame naming a bag tile, or another hidden hand, is caught."""
    case = Case(["human", "human"])
    timeline, _, _ = play(server, people, case, seed=99)
    setup = timeline.record
    bag_tile = setup["bag"][0]
    other_tile = setup["hands"][1][0]
    assert leaks(timeline, 0, {"type": "state", "x": [bag_tile]}, 0) == {bag_tile}
    assert leaks(timeline, 0, {"type": "error", "message": f"no {other_tile}!"}, 0) == {other_tile}
    reversed_spelling = other_tile[::-1]
    assert tiles_in({"tile": reversed_spelling}, timeline.checks) == {other_tile}
    assert leaks(timeline, 0, {"hands": [setup["hands"][0]]}, 0) == set()
    assert leaks(timeline, None, {"hands": [setup["hands"][0]]}, 0) == set(setup["hands"][0])


def play(
    server: LiveServer, people: list[Player], case: Case, seed: int
) -> tuple[Timeline, dict[int, Seen], Seen]:
    """Play a case to its end; an idle turn of a timed game runs out when the test moves
    the server's fake clock to its deadline."""
    clock = server.clock
    humans = [index for index, kind in enumerate(case.seats) if kind == "human"]
    for person, level in zip(people, case.assistance, strict=False):
        set_assistance(person, level)
    levels = dict(zip(humans, case.assistance, strict=False))
    game_id, seated = start_game(people, case.seats, case.options)
    assert sorted(seated) == humans
    timed = bool(case.options.get("turn_seconds"))
    sockets = {seat: person.connect(game_id, since=0) for seat, person in seated.items()}
    spectator = people[-1].connect(game_id, since=0)

    def idle(version: int, _seat: int) -> bool:
        return version < case.idle_turns

    try:
        driver = Driver(
            sockets,
            [spectator],
            seed=seed,
            draw_rate=case.draw_rate,
            idle=idle,
            timed=timed,
            expire=lambda deadline: run_out(clock, deadline),
        )
        driver.run()
    finally:
        for sock in [*sockets.values(), spectator]:
            sock.close()
    timeline = Timeline.of(fetch_record(people[0], game_id))
    errors: frozenset[str] = frozenset()  # the fake clock moves only between commands
    seen = {
        seat: check_viewer(
            timeline,
            sock,
            seat,
            assistance=levels[seat],
            timed=timed,
            contiguous=False,
            allowed_errors=errors,
        )
        for seat, sock in sockets.items()
    }
    for seat, sock in sockets.items():
        check_acks(timeline, sock, seat)
        assert_every_version_once(sock, timeline.final_version)
    for sock in [*sockets.values(), spectator]:
        frames_never_hold_the_bag(sock)
    spectator_seen = check_viewer(timeline, spectator, None, timed=timed, contiguous=False)
    assert_every_version_once(spectator, timeline.final_version)
    check_outcome(timeline, people[0], game_id)
    # afterwards, each viewer reconnects and has the whole game replayed: no leak either
    viewers: list[tuple[int | None, Player]] = [*seated.items(), (None, people[-1])]
    for viewer, person in viewers:
        with person.connect(game_id, since=0) as again:
            again.recv_until("state")
        assert [f["version"] for f in again.received if f["type"] == "event"] == list(
            range(1, timeline.final_version + 1)
        )
        level = "beginner" if viewer is None else levels[viewer]
        check_viewer(timeline, again, viewer, assistance=level, contiguous=False)
    return timeline, seen, spectator_seen


def assert_every_version_once(sock: GameSocket, final: int) -> None:
    versions = [f["version"] for f in sock.received if f["type"] == "event"]
    assert versions == list(range(1, final + 1))


def frames_never_hold_the_bag(sock: GameSocket) -> None:
    """Only the bag's count ever goes out: no contents, order or seed."""
    for frame in sock.received:
        assert "seed" not in json.dumps(frame)
        if "state" in frame:
            assert isinstance(frame["state"]["bag"], int)
            assert "bag" not in frame and "record" not in frame


@pytest.mark.parametrize("name", list(CASES))
def test_no_viewer_sees_a_hidden_tile(people: list[Player], server: LiveServer, name: str) -> None:
    case = CASES[name]
    seed = list(CASES).index(name)
    timeline, seen, spectator = play(server, people, case, seed)
    game = timeline.game
    assert game is not None
    setup = timeline.record
    open_hands = bool(case.options.get("open_hands"))
    for seat, found in seen.items():
        # each seat saw at least its own deal, and every tile it drew, privately
        assert set(setup["hands"][seat]) <= found.private_tiles
        drawn_by_seat = {
            step.event.drawn
            for step in timeline.steps[1:]
            if step.event is not None and step.event.seat == seat and step.event.drawn
        }
        assert drawn_by_seat <= found.private_tiles
        assert len(drawn_by_seat) == game.tiles_drawn[seat]
    if not open_hands:
        # the spectator never saw a dealt tile before it was laid or turned face up
        assert spectator.private_tiles == set()
    total_draws = sum(game.tiles_drawn)
    if name in ("three-unlimited-draws", "tiny-bag", "two-open"):
        assert total_draws >= 3
    if name == "timed-timeouts":
        timeouts = [
            s.event for s in timeline.steps[1:] if s.event and s.event.action.kind == "timeout"
        ]
        assert len(timeouts) >= case.idle_turns
        assert all(event.drawn is not None and event.points == -15 for event in timeouts[:2])
    if name == "tiny-bag":
        passes = [s for s in timeline.steps[1:] if s.event and s.event.action.kind == "pass"]
        assert passes
