"""Live games through real websockets for the ws tests: start them, drive them, check them.

:class:`Driver` keeps every socket of a game in step and plays for the seated
sockets it is given (a legal placement, or a draw or pass), one event at a
time. :class:`Timeline` replays the downloaded game record with the engine of
the game its ``format`` names and says what each viewer should have been sent at
every version; :func:`check_viewer` holds every frame a socket received to it,
hidden information included. The checks are the same for every game; what each
game shows in its own way (events, ``legal`` entries, tile names) is in
:mod:`wsgames`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chromino.core.game import Event, TileGame
from support.live import GameSocket, LiveServer, Player, make_settings, migrated_sqlite
from support.records import check_record
from support.wsgames import GameChecks, checks_for_record, checks_for_state, event_seen

FAST = {"messages_per_second": 10_000.0, "message_burst": 10_000}
"""Rate limits out of the way of clients that play as fast as the server answers."""

RULE_CODES = {  # Chromino's refusals (the fuzz test sends Chromino commands)
    "not_your_turn",
    "game_over",
    "tile_not_in_hand",
    "must_play_drawn_tile",
    "last_tile_chameleon",
    "overlap",
    "no_contact",
    "mismatch",
    "too_few_contacts",
    "junior_one_contact",
    "junior_not_domino",
    "bag_empty",
    "draw_limit",
    "draw_while_playable",
    "pass_not_allowed",
    "unknown_tile",
    "bad_placement",
    "seat_resigned",
    "no_such_seat",
}
ERROR_CODES = RULE_CODES | {
    "bad_json",
    "bad_message",
    "unknown_type",
    "invalid_message",
    "binary_frame",
    "spectator",
    "stale_version",
    "conflict",
    "assistance_draw_refused",
    "no_offer",
    "offer_pending",
    "already_accepted",
    "not_away",
    "seat_away",
}


def start_server(directory: Path, **overrides: Any) -> LiveServer:
    """A live server on a fresh migrated database in ``directory``."""
    url = migrated_sqlite(directory / "chromino.sqlite3")
    return LiveServer(make_settings(url, **overrides)).start()


def set_assistance(person: Player, level: str) -> None:
    response = person.http.patch("/api/me/preferences", json={"assistance": level})
    assert response.status_code == 200, response.text
    assert response.json()["assistance"] == level


def start_game(
    people: Sequence[Player],
    seats: Sequence[str],
    options: dict[str, Any] | None = None,
    *,
    game: str = "chromino",
) -> tuple[str, dict[int, Player]]:
    """Deal a game. ``seats`` holds "human" or a bot's name; ``people[0]`` creates the
    table (taking the first human seat) and the others join, in order, for the next ones."""
    spec = [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]
    creator = people[0]
    body = {"game": game, "seats": spec, "options": options or {}}
    response = creator.http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    invite = response.json()["invite_code"]
    human_seats = [index for index, kind in enumerate(seats) if kind == "human"]
    seated: dict[int, Player] = {}
    if human_seats:
        seated[human_seats[0]] = creator
    for person, seat in zip(people[1:], human_seats[1:], strict=False):
        joined = person.http.post(f"/api/tables/{invite}/join")
        assert joined.status_code == 200, joined.text
        assert joined.json()["seats"][seat]["user_id"] == person.me["id"], (
            joined.json(),
            person.me,
            seat,
        )
        seated[seat] = person
    started = creator.http.post(f"/api/tables/{invite}/start")
    assert started.status_code == 200, started.text
    return started.json()["game_id"], seated


def fetch_record(person: Player, game_id: str) -> dict[str, Any]:
    response = person.http.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200, response.text
    record: dict[str, Any] = response.json()
    check_record(record)  # every record a server writes keeps its published schema
    return record


def legal_from_state(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The legal placements of the viewer's own turn, worked out from its state alone
    (for players whose assistance level sends no ``legal``), by the state's game."""
    view = checks_for_state(state).descriptor.view_type.from_dict(state)
    return [placement.to_dict() for placement in view.legal_placements()]


PLACEMENT_FIELDS = ("tile", "x", "y", "dir", "rot")
"""A placement's fields in either game's notation (Chromino ``dir``, Triominos ``rot``)."""


def play_command(move: dict[str, Any]) -> dict[str, Any]:
    """The ``play`` command laying a placement from a ``legal`` list."""
    return {"type": "play", **{key: move[key] for key in PLACEMENT_FIELDS if key in move}}


def choose(
    message: dict[str, Any], rng: random.Random, draw_rate: float, *, best: bool = False
) -> dict[str, Any]:
    """A command for the viewer whose turn it is: a legal play (a random one, or with
    ``best`` the one scoring most), or draw or pass."""
    state = message["state"]
    legal = message["legal"]
    if legal is None:
        legal = legal_from_state(state)
    if state["can_draw"] and (not legal or rng.random() < draw_rate):
        return {"type": "draw"}
    if legal:
        if best:
            top = max(move.get("points", 0) for move in legal)
            return play_command(rng.choice([m for m in legal if m.get("points", 0) == top]))
        return play_command(rng.choice(legal))
    assert state["can_pass"], f"stuck without a move: {state}"
    return {"type": "pass"}


class Driver:
    """Keeps every socket of one game in step and plays for the seated ones.

    ``actors`` maps a seat to the socket that acts for it; ``watchers`` are other
    sockets (spectators, second tabs) that must see every event too. ``idle(version,
    seat)`` true leaves that turn to the server's timer, which ``expire(deadline)`` makes
    run out (it moves the server's fake clock to the deadline sent).
    """

    def __init__(
        self,
        actors: dict[int, GameSocket],
        watchers: Iterable[GameSocket] = (),
        *,
        seed: int = 0,
        draw_rate: float = 0.0,
        idle: Callable[[int, int], bool] | None = None,
        timed: bool = False,
        best: bool = False,
        expire: Callable[[float], None] | None = None,
    ) -> None:
        self.actors = dict(actors)
        self.expire = expire
        self.sockets: list[GameSocket] = [*self.actors.values(), *watchers]
        self.rng = random.Random(seed)
        self.draw_rate = draw_rate
        self.idle = idle or (lambda _version, _seat: False)
        self.timed = timed
        self.best = best
        self.latest: dict[int, dict[str, Any]] = {}
        """Per socket (by id): the newest message that carried a state."""
        self.acks: dict[int, dict[str, int]] = {}
        self.sent = 0
        for sock in self.sockets:
            for message in sock.received:  # frames already read by the test
                if "state" in message:
                    self.latest[id(sock)] = message
            while id(sock) not in self.latest:
                self._read(sock)

    def _read(self, sock: GameSocket) -> dict[str, Any]:
        message = sock.recv(timeout=15)
        kind = message["type"]
        if kind == "error":
            if not (self.timed and message["code"] == "stale_version"):
                raise AssertionError(f"unexpected error: {message}")
        elif kind == "ack":
            self.acks.setdefault(id(sock), {})[message["id"]] = message["version"]
        elif "state" in message:
            self.latest[id(sock)] = message
        return message

    def version_of(self, sock: GameSocket) -> int:
        version: int = self.latest[id(sock)]["version"]
        return version

    def advance(self, sock: GameSocket, version: int) -> None:
        """Read from one socket until it has the state of ``version``."""
        while self.version_of(sock) < version:
            self._read(sock)

    @property
    def version(self) -> int:
        return max(self.version_of(sock) for sock in self.sockets)

    def state(self) -> dict[str, Any]:
        top = self.version
        for sock in self.sockets:
            self.advance(sock, top)
        state: dict[str, Any] = self.latest[id(self.sockets[0])]["state"]
        return state

    def step(self) -> bool:
        """One event (a command of ours, or a bot's move or a timeout); False once over."""
        state = self.state()
        if state["finished"]:
            return False
        top = self.version
        seat = state["current"]
        command_id = None
        sock = self.actors.get(seat)
        if sock is not None and not self.idle(top, seat):
            command = choose(self.latest[id(sock)], self.rng, self.draw_rate, best=self.best)
            self.sent += 1
            command_id = f"s{seat}-v{top}-{self.sent}"
            sock.send({**command, "id": command_id, "version": top})
        else:
            self._leave_to_the_timer()
        for each in self.sockets:
            self.advance(each, top + 1)
        if sock is not None and command_id is not None:
            event = self.latest[id(sock)]["event"]
            if event["action"] != "timeout":
                assert event["seat"] == seat
                while command_id not in self.acks.get(id(sock), {}):
                    self._read(sock)
                assert self.acks[id(sock)][command_id] == top + 1
        return True

    def _leave_to_the_timer(self) -> None:
        """A turn nobody plays (an idle seat, or a bot's): in a timed game whose clock the
        test drives, run the clock out, unless a bot is to move."""
        latest = self.latest[id(self.sockets[0])]
        seat = latest["state"]["current"]
        if self.expire is not None and seat in self.actors and latest["deadline"] is not None:
            self.expire(latest["deadline"])

    def run(
        self, max_events: int = 2000, until: Callable[[dict[str, Any]], bool] | None = None
    ) -> int:
        """Play until the end (or ``until(state)``); the version reached."""
        for _ in range(max_events):
            if until is not None and until(self.state()):
                break
            if not self.step():
                break
        self.state()
        return self.version


# --- what every viewer should have been sent ----------------------------------------


@dataclass
class Step:
    """The game at one version: the event that made it, and the engine at that point."""

    event: Event[Any] | None
    views: dict[int | None, dict[str, Any]]
    legal: list[dict[str, Any]] | None
    """The current seat's legal plays (None once the game is over)."""
    allowed: dict[int | None, set[str]]
    """Per viewer: every tile name it may see at this version."""
    current: int


@dataclass
class Timeline:
    """A finished game replayed from its record, version by version, by the engine of the
    game the record's ``format`` names."""

    record: dict[str, Any]
    checks: GameChecks
    steps: list[Step] = field(default_factory=list)
    game: TileGame[Any, Any, Any] | None = None

    @classmethod
    def of(cls, record: dict[str, Any]) -> Timeline:
        checks = checks_for_record(record)
        rules = checks.descriptor
        setup, moves = rules.setup_from_record(record)
        game: TileGame[Any, Any, Any] = rules.game_type(setup)
        timeline = cls(record, checks)
        viewers: list[int | None] = [None, *range(len(setup.players))]
        timeline.steps.append(_step(checks, game, None, viewers))
        for raw in moves:
            assert isinstance(raw, dict), raw
            event = game.apply(raw["player"], rules.parse_action(raw))
            timeline.steps.append(_step(checks, game, event, viewers))
        timeline.game = game
        assert rules.replay(record).snapshot() == game.snapshot()
        return timeline

    @property
    def final_version(self) -> int:
        return len(self.steps) - 1

    @property
    def scored(self) -> bool:
        """Whether the game counts points (a Triominos game always does)."""
        return bool(self.record["options"].get("scoring") != "none")

    def view(self, version: int, seat: int | None, assistance: str) -> dict[str, Any]:
        expected = dict(self.steps[version].views[seat])
        if assistance == "beginner" and self.legal_for(version, seat, assistance):
            expected["can_draw"] = False  # no paying for a draw while a tile fits
        return expected

    def legal_for(self, version: int, seat: int | None, assistance: str) -> Any:
        step = self.steps[version]
        if seat is None or assistance == "none" or step.legal is None or seat != step.current:
            return None
        return step.legal

    def event_for(self, version: int, seat: int | None) -> dict[str, Any]:
        """The event as the protocol says this viewer sees it."""
        event = self.steps[version].event
        assert event is not None
        return event_seen(self.checks, event, seat)


def _step(
    checks: GameChecks,
    game: TileGame[Any, Any, Any],
    event: Event[Any] | None,
    viewers: list[int | None],
) -> Step:
    views: dict[int | None, dict[str, Any]] = {}
    allowed: dict[int | None, set[str]] = {}
    board = {placement.tile for placement in game.board.placements}
    for seat in viewers:
        view = game.view_for(seat)
        data = view.to_dict()
        data["can_draw"] = view.can_draw()
        data["can_pass"] = view.can_pass()
        views[seat] = json.loads(json.dumps(data))
        visible = set(board)
        for hand in view.hands:
            visible.update(hand or ())
        allowed[seat] = visible
    legal = None
    if not game.is_over:
        plays = game.view_for(game.current).legal_plays()
        legal = [checks.legal_entry(game, play) for play in plays]
    return Step(event, views, legal, allowed, game.current)


def tiles_in(value: Any, checks: GameChecks, key: str = "") -> set[str]:
    """Every tile name of the game a frame mentions: as a string value (a dictionary's key
    too), or in a message's text."""
    found: set[str] = set()
    if isinstance(value, dict):
        for name, item in value.items():
            found |= tiles_in(name, checks)
            found |= tiles_in(item, checks, name)
    elif isinstance(value, list):
        for item in value:
            found |= tiles_in(item, checks, key)
    elif isinstance(value, str):
        found |= checks.tile_names(value, key == "message")
    return found


def leaks(timeline: Timeline, seat: int | None, frame: dict[str, Any], at: int) -> set[str]:
    """Tile names in ``frame`` that viewer ``seat`` may not see at version ``at``."""
    return tiles_in(frame, timeline.checks) - timeline.steps[at].allowed[seat]


def canonical_legal(legal: Any) -> Any:
    if legal is None:
        return None
    return sorted(json.dumps(entry, sort_keys=True) for entry in legal)


@dataclass
class Seen:
    """What :func:`check_viewer` found in one socket's frames."""

    live_versions: list[int] = field(default_factory=list)
    replayed_versions: list[int] = field(default_factory=list)
    snapshots: list[tuple[str, int]] = field(default_factory=list)
    private_tiles: set[str] = field(default_factory=set)
    acks: list[tuple[str, int]] = field(default_factory=list)


def check_viewer(
    timeline: Timeline,
    sock: GameSocket,
    seat: int | None,
    *,
    assistance: str = "beginner",
    timed: bool | None = False,
    contiguous: bool = True,
    allowed_errors: frozenset[str] = frozenset(),
) -> Seen:
    """Hold every frame one socket received to the record: states, legal lists, events,
    hidden information, and (``contiguous``) every version exactly once, in order."""
    seen = Seen()
    last_version: int | None = None
    for index, frame in enumerate(sock.received):
        kind = frame["type"]
        where = f"frame {index} ({kind}) of seat {seat}"
        assert "Traceback" not in json.dumps(frame), where
        if kind in ("error", "ack", "pong", "presence", "away"):
            _check_aside(frame, where, allowed_errors, seen)
            assert not leaks(timeline, seat, frame, frame.get("version", 0)), where
            continue
        version = frame["version"]
        assert 0 <= version <= timeline.final_version, where
        bad = leaks(timeline, seat, frame, version)
        assert not bad, f"{where} at version {version} shows {sorted(bad)}: {frame}"
        if kind == "event":
            # The record does not say who made a move; ``stand_in`` (a bot in a
            # person's seat) is held to the database by the turn-based tests.
            event = {key: value for key, value in frame["event"].items() if key != "stand_in"}
            assert frame["event"].get("stand_in", True) is True, where
            assert event == timeline.event_for(version, seat), f"{where}: {frame}"
            if "drawn" in event:
                seen.private_tiles.add(event["drawn"])
            if "state" not in frame:
                assert set(frame) == {"type", "version", "event"}, where
                seen.replayed_versions.append(version)
                continue
            seen.live_versions.append(version)
            if contiguous:
                assert last_version is not None, f"{where}: an event before any snapshot"
                assert version == last_version + 1, f"{where}: {last_version} then {version}"
        else:
            assert kind in ("welcome", "state"), where
            seen.snapshots.append((kind, version))
            assert frame["game"] == timeline.checks.descriptor.name, where
            assert frame["seat"] == seat, where
            assert frame["players"] == timeline.record["players"], where
            assert frame["presence"]["spectators"] >= (1 if seat is None else 0), where
            if seat is not None:
                assert frame["presence"]["connected"][seat] is True, where
            if contiguous and last_version is not None:
                assert version == last_version, f"{where}: snapshot {version} after {last_version}"
        _check_state(timeline, frame, seat, assistance=assistance, timed=timed, where=where)
        if seat is not None:
            seen.private_tiles |= set(frame["state"]["hands"][seat] or ())
        last_version = version
    if contiguous:
        assert last_version == timeline.final_version, f"seat {seat} stopped at {last_version}"
    return seen


def _check_aside(
    frame: dict[str, Any], where: str, allowed_errors: frozenset[str], seen: Seen
) -> None:
    """Frames that carry no state: errors, acks, pongs, presence, a bot taking a seat."""
    kind = frame["type"]
    if kind == "error":
        assert frame["code"] in allowed_errors, f"{where}: {frame}"
    elif kind == "ack":
        assert set(frame) == {"type", "id", "version"}, where
        seen.acks.append((frame["id"], frame["version"]))
    elif kind == "pong":
        assert set(frame) == {"type", "version"}, where
    elif kind == "away":
        assert set(frame) == {"type", "version", "seat", "away"}, where
    else:
        assert set(frame) == {"type", "version", "connected", "spectators"}, where


def _check_state(
    timeline: Timeline,
    frame: dict[str, Any],
    seat: int | None,
    *,
    assistance: str,
    timed: bool | None,
    where: str,
) -> None:
    """A frame's state, legal list and deadline are what the record says they were
    (``timed`` None: the deadline is not looked at)."""
    version = frame["version"]
    assert frame["state"] == timeline.view(version, seat, assistance), where
    assert canonical_legal(frame["legal"]) == canonical_legal(
        timeline.legal_for(version, seat, assistance)
    ), where
    if timed is None:  # a turn-based game: a person's turn has a deadline, a bot's none
        return
    if timed and not frame["state"]["finished"]:
        assert isinstance(frame["deadline"], float), where
    else:
        assert frame["deadline"] is None, where


def check_acks(timeline: Timeline, sock: GameSocket, seat: int) -> int:
    """Every command of this seat's socket was acknowledged once, right after its own
    event; returns how many."""
    frames = sock.received
    own = {
        version
        for version in range(1, timeline.final_version + 1)
        if (event := timeline.steps[version].event) is not None
        and event.seat == seat
        and event.action.kind != "timeout"
    }
    acked: list[int] = []
    for index, frame in enumerate(frames):
        if frame["type"] != "ack":
            continue
        version = frame["version"]
        acked.append(version)
        before = [f for f in frames[:index] if f["type"] == "event"]
        assert before and before[-1]["version"] == version, f"ack {frame} not after its event"
    assert sorted(acked) == sorted(own)
    assert len(set(acked)) == len(acked)
    return len(acked)


def check_outcome(timeline: Timeline, person: Player, game_id: str) -> None:
    """The server's result agrees with the engine's replay of the record."""
    game = timeline.game
    assert game is not None
    outcome = game.outcome()
    assert outcome is not None
    final = timeline.steps[-1].views[None]
    assert final["finished"] is True
    assert final["winners"] == list(outcome.winners)
    assert final["scores"] == list(outcome.scores)
    assert final["ended_by"] == outcome.ended_by
    summary = person.http.get(f"/api/games/{game_id}").json()["game"]
    assert summary["game"] == timeline.checks.descriptor.name
    assert summary["status"] == "finished"
    result = summary["result"]
    assert result["winners"] == list(outcome.winners)
    assert result["scores"] == list(outcome.scores)
    assert result["ended_by"] == outcome.ended_by
    assert result["turns"] == list(game.turns_taken)
    assert result["draws"] == list(game.tiles_drawn)


def check_game(
    person: Player,
    game_id: str,
    sockets: dict[int, GameSocket],
    spectator: GameSocket | None = None,
    *,
    assistance: str = "beginner",
    timed: bool = False,
    allowed_errors: frozenset[str] = frozenset(),
) -> Timeline:
    """A finished game held whole to its record, as ``person`` downloads it: every frame
    and ack of each seat's socket, a spectator's frames (never a private tile), and the
    server's result. The replayed timeline, for the test's own checks."""
    timeline = Timeline.of(fetch_record(person, game_id))
    for seat, sock in sockets.items():
        check_viewer(
            timeline,
            sock,
            seat,
            assistance=assistance,
            timed=timed,
            allowed_errors=allowed_errors,
        )
        check_acks(timeline, sock, seat)
    if spectator is not None:
        assert check_viewer(timeline, spectator, None, timed=timed).private_tiles == set()
    check_outcome(timeline, person, game_id)
    return timeline
