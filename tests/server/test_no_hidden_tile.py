"""No answer of the server holds a tile its reader may not know at that moment.

Whatever route a person (or a visitor) reads a game by — its websocket, its HTTP
routes, the pages, the live streams, the data export, the admin's list — the
answer holds only the board, the tiles turned face up, and the reader's own hand
when the server may show it to them: never another seat's hand, never the bag,
and never a hand of a seat played on the reader's device (pass-and-play) but on
the device's socket, on that seat's turn, after "show my tiles".

Every route of the app's route table is listed here, as returning a game or not
(a route added to the app fails :func:`test_every_route_is_listed` until it is
listed), and every GET route is read by every kind of reader at seeded moments of
games of every game of the registry, with two local seats, a remote person and a
bot; every websocket frame the device, the remote person and a spectator receive is
held to the game's record too. Once the game is over its record (deal and bag
order included) is replayed by the engine (:class:`wsplay.Timeline`), which says
what each reader could know at each version: any other tile name in an answer
read at that version is a leak.
"""

from __future__ import annotations

import ast
import json
import random
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from support.fixtures import LiveServers
from support.live import GameSocket, LiveServer, Player, make_settings, migrated_sqlite
from support.procs import ServerProcess, server_env
from support.toy_line import TILES as TOY_TILES
from support.toy_line_kind import NUMBER_LINE
from support.wsgames import CHECKS, GameChecks
from support.wsplay import (
    FAST,
    Timeline,
    check_viewer,
    choose,
    fetch_record,
    leaks,
    tiles_in,
)

from chromino import GAMES as ENGINE_GAMES
from web import app as web_app
from web.app import create_app
from web.db import Database
from web.games import GAMES
from web.live.sockets import SOCKET_PATH
from web.models import User

GAME_ROUTES = {
    ("WS", "/ws/games/{game_id}"),  # welcome, state and event frames
    ("GET", "/api/games/{game_id}"),  # the reader's view of the game
    ("GET", "/api/games/{game_id}/board"),  # the board's tiles
    ("GET", "/api/games/{game_id}/record"),  # the whole record, once over
    ("GET", "/api/games/{game_id}/replay"),  # every position, once over
    ("GET", "/api/me/export"),  # my running games' views, my finished games' records
    ("GET", "/api/me/records"),  # my finished games' records, in a zip
    ("GET", "/api/duplicate/{invite_code}/boards"),  # the boards' replays, once all over
    ("GET", "/api/admin/games"),  # the games in progress, with their standings
    ("GET", "/api/games/{game_id}/analysis/{version}"),  # the mover's view, once over
    ("POST", "/api/games/{game_id}/analysis"),  # the mover's view after a try
    ("POST", "/api/analysis"),  # a try saved: its id
    ("GET", "/api/analysis/{line_id}"),  # a saved try: the mover's view before and after
    ("GET", "/api/live/{game_id}"),  # a public game as a spectator sees it (web.watch)
}
"""The routes whose answer holds a game: its state, board, record or replay."""

OTHER_ROUTES = {
    # watching (web.watch): the list of live games, follows, and the pages that fetch
    # a game's frame themselves
    ("GET", "/api/live"),
    ("GET", "/api/follows"),
    ("POST", "/api/follows/{name}"),
    ("DELETE", "/api/follows/{name}"),
    ("GET", "/live"),
    ("GET", "/tv"),
    ("GET", "/tv/{game_id}"),
    ("GET", "/embed/g/{game_id}"),
    ("GET", "/embed/daily"),
    # the framework's own: the API's description
    ("GET", "/api/openapi.json"),
    ("GET", "/api/docs"),
    ("GET", "/docs/oauth2-redirect"),
    ("MOUNT", "/static"),
    ("GET", "/healthz"),
    ("POST", "/test/clock"),
    # pages: a shell whose script reads the game from the routes above
    ("GET", "/"),
    ("GET", "/games"),
    ("GET", "/friends"),
    ("GET", "/t/{invite_code}"),
    ("GET", "/g/{game_id}"),
    ("GET", "/g/{game_id}/replay"),
    ("GET", "/import"),
    ("GET", "/schemas/{family}/{version}.json"),  # the published formats: data, no game
    ("POST", "/api/records"),  # a record imported: the new game's id
    ("GET", "/g/{game_id}/analysis/{version}"),
    ("GET", "/analysis/{line_id}"),
    ("GET", "/solo"),
    ("GET", "/preferences"),
    ("GET", "/rules"),
    ("GET", "/i18n/{language}.json"),
    ("GET", "/manifest.webmanifest"),
    ("GET", "/sw.js"),
    ("GET", "/learn"),
    ("GET", "/learn/{game}"),
    ("GET", "/players/{player}"),
    ("GET", "/leaderboard"),
    ("GET", "/bots"),  # the bot ladder: names and ratings
    ("GET", "/daily"),
    ("GET", "/duplicate/{invite_code}"),
    ("GET", "/admin"),
    ("GET", "/admin/people/{person_id}"),
    ("GET", "/admin/{section}"),
    ("GET", "/join/{token}"),
    ("GET", "/recover/{token}"),
    ("GET", "/f/{token}"),
    ("GET", "/email/verify"),
    ("GET", "/email/unsubscribe"),
    ("POST", "/email/unsubscribe"),
    # a lesson: a scripted position with no hidden tile (docs/lessons.md)
    ("POST", "/api/lessons/{game}/{key}"),
    # people, preferences, friends, invitations: no game in them
    ("GET", "/api/me"),
    ("POST", "/api/me"),
    ("DELETE", "/api/me"),
    ("PUT", "/api/me/name"),
    ("PUT", "/api/me/password"),
    ("DELETE", "/api/me/password"),
    ("POST", "/api/login"),
    ("POST", "/api/logout"),
    ("POST", "/api/me/sign-out-everywhere"),
    ("POST", "/api/me/reauthenticate"),
    ("GET", "/api/me/preferences"),
    ("PATCH", "/api/me/preferences"),
    ("GET", "/api/me/solo-best"),
    ("GET", "/api/me/vacations"),
    ("POST", "/api/me/vacations"),
    ("DELETE", "/api/me/vacations/{vacation_id}"),
    ("GET", "/api/push/key"),
    ("POST", "/api/me/push-devices"),
    ("DELETE", "/api/me/push-devices"),
    ("PUT", "/api/me/email"),
    ("DELETE", "/api/me/email"),
    ("GET", "/api/friends"),
    ("POST", "/api/friends"),
    ("DELETE", "/api/friends/{user_id}"),
    ("GET", "/api/me/mutes"),
    ("PUT", "/api/me/mutes/{user_id}"),
    ("DELETE", "/api/me/mutes/{user_id}"),
    ("GET", "/api/invitations"),
    ("POST", "/api/invitations/{invitation_id}/accept"),
    ("POST", "/api/invitations/{invitation_id}/decline"),
    ("POST", "/api/recovery"),
    ("POST", "/api/recover/{token}"),
    ("POST", "/api/passkeys/register/options"),
    ("POST", "/api/passkeys/register"),
    ("POST", "/api/passkeys/sign-up/options"),
    ("POST", "/api/passkeys/sign-up"),
    ("POST", "/api/passkeys/sign-in/options"),
    ("POST", "/api/passkeys/sign-in"),
    ("GET", "/api/me/passkeys"),
    ("PATCH", "/api/me/passkeys/{passkey_id}"),
    ("DELETE", "/api/me/passkeys/{passkey_id}"),
    ("POST", "/api/join/{token}"),
    ("POST", "/api/sign-up"),
    ("GET", "/api/invitation-links"),
    ("POST", "/api/invitation-links"),
    ("DELETE", "/api/invitation-links/{invitation_id}"),
    ("GET", "/api/ban-notice"),
    ("GET", "/api/players/{player}/profile"),
    ("GET", "/api/leaderboard"),
    # tables and lists of games: seats, names, scores, turns; dealing answers an id
    ("GET", "/api/me/games"),
    ("GET", "/api/tables"),
    ("POST", "/api/tables"),
    ("GET", "/api/tables/{invite_code}"),
    ("POST", "/api/tables/{invite_code}/join"),
    ("POST", "/api/tables/{invite_code}/leave"),
    ("POST", "/api/tables/{invite_code}/start"),
    ("POST", "/api/tables/{invite_code}/invitations"),
    ("PATCH", "/api/tables/{invite_code}/chat"),
    ("POST", "/api/solo"),
    ("POST", "/api/games/{game_id}/rematch"),
    ("POST", "/api/games/{game_id}/again"),
    ("GET", "/api/games/{game_id}/duplicate"),
    ("GET", "/api/games/{game_id}/ratings"),  # each seat's rating and its change
    ("GET", "/api/duplicate/{invite_code}"),
    ("GET", "/api/daily"),
    ("POST", "/api/daily/{game}/games"),
    # live streams: the lists above, pushed as they change
    ("GET", "/api/lobby/events"),
    ("GET", "/api/me/events"),
    ("GET", "/api/tables/{invite_code}/events"),
    ("GET", "/api/bot/events"),  # a bot's games started and ended: ids, results
    # API tokens and bot accounts: names, scopes, dates
    ("GET", "/api/me/tokens"),
    ("POST", "/api/me/tokens"),
    ("DELETE", "/api/me/tokens/{token_id}"),
    ("GET", "/api/bots"),
    ("POST", "/api/bots"),
    ("POST", "/api/bots/{name}/tokens"),
    ("DELETE", "/api/bots/{name}/tokens"),
    # table talk
    ("PUT", "/api/games/{game_id}/mutes/{user_id}"),
    ("DELETE", "/api/games/{game_id}/mutes/{user_id}"),
    ("POST", "/api/chat/{game_id}/{seq}/report"),
    # the admin's: people, reports, invitations, the machine
    ("GET", "/api/admin/people"),
    ("GET", "/api/admin/people/{person_id}"),
    ("POST", "/api/admin/people/{person_id}/ban"),
    ("POST", "/api/admin/people/{person_id}/unban"),
    ("POST", "/api/admin/people/{person_id}/mute"),
    ("POST", "/api/admin/people/{person_id}/unmute"),
    ("PUT", "/api/admin/people/{person_id}/role"),
    ("POST", "/api/admin/people/{person_id}/recovery-link"),
    ("DELETE", "/api/admin/people/{person_id}"),
    ("POST", "/api/admin/games/{game_id}/end"),
    ("GET", "/api/admin/reports"),
    ("POST", "/api/admin/reports/{report_id}/handled"),
    ("GET", "/api/admin/invitations"),
    ("POST", "/api/admin/invitations"),
    ("DELETE", "/api/admin/invitations/{invitation_id}"),
    ("GET", "/api/admin/policy"),
    ("PATCH", "/api/admin/policy"),
    ("POST", "/api/admin/policy/reset"),
    ("GET", "/api/admin/guests"),
    ("POST", "/api/admin/guests/prune"),
    ("GET", "/api/admin/backups"),
    ("POST", "/api/admin/backups"),
    ("GET", "/api/admin/settings"),
    ("GET", "/api/admin/health"),
    ("GET", "/api/admin/audit"),
    # tournaments: settings, entrants, tables' seats and results, standings; a table's
    # game only by its id
    ("GET", "/api/tournaments"),
    ("POST", "/api/tournaments"),
    ("GET", "/api/tournaments/{tournament_id}"),
    ("POST", "/api/tournaments/{tournament_id}/entries"),
    ("DELETE", "/api/tournaments/{tournament_id}/entries"),
    ("POST", "/api/tournaments/{tournament_id}/start"),
    ("POST", "/api/tournaments/{tournament_id}/disqualify"),
    ("POST", "/api/tournaments/{tournament_id}/entries/bot"),
    ("POST", "/api/tournaments/{tournament_id}/{act}"),  # pause, resume, end
    ("GET", "/tournaments"),
    ("GET", "/tournaments/{tournament_id}"),
    # seasons: their choices, members' points and moves, their arenas by id
    ("GET", "/api/seasons"),
    ("POST", "/api/seasons"),
    ("GET", "/api/seasons/{season_id}"),
    ("POST", "/api/seasons/{season_id}/members"),
    ("DELETE", "/api/seasons/{season_id}/members"),
    ("GET", "/seasons/{season_id}"),
    # puzzles: positions with nothing hidden (a board and the hand that plays on it)
    ("GET", "/api/puzzles"),
    ("GET", "/api/puzzles/daily"),
    ("GET", "/api/puzzles/next"),
    ("GET", "/api/puzzles/{puzzle_id}"),
    ("POST", "/api/puzzles/{puzzle_id}/hint"),
    ("POST", "/api/puzzles/{puzzle_id}/tries"),
    ("POST", "/api/puzzles/runs"),
    ("GET", "/api/me/practice"),  # my puzzles' counts, the coach's counts by game id
    ("GET", "/practice"),
    ("GET", "/puzzles"),
    ("GET", "/puzzles/daily"),
    ("GET", "/puzzles/next"),
    ("GET", "/puzzles/streak"),
    ("GET", "/puzzles/timed"),
    ("GET", "/puzzles/{puzzle_id}"),
}
"""The routes whose answer holds no game. Every GET among them is read by every
reader at every moment of the games below all the same: a leak there is caught too."""

OWN_POSITIONS = {
    "/learn",
    "/learn/{game}",
    "/daily",
    "/api/daily",
    "/api/puzzles",
    "/api/puzzles/daily",
    "/api/puzzles/next",
    "/api/puzzles/{puzzle_id}",
    "/puzzles",
    "/puzzles/daily",
    "/puzzles/next",
    "/puzzles/streak",
    "/puzzles/timed",
    "/puzzles/{puzzle_id}",
}
"""Routes not read here: what they show is no game's but positions of their own (the
lessons' scripted ones, the day's deal before anyone plays it, the puzzles' positions,
whole boards and hands with nothing hidden; tests/server/test_daily.py holds who may see
what of a daily game, which is a game like any other here)."""

STREAMS = {"/api/lobby/events", "/api/me/events", "/api/tables/{invite_code}/events"}
"""Server-sent events: their first event is read (they never end)."""

STATE_FRAMES = {"welcome", "state", "event"}
"""The websocket frames that carry the game: a snapshot, or a move and its delta."""
OTHER_FRAMES = {
    "ack",
    "error",
    "pong",
    "presence",
    "assistance",
    "away",
    "end_offer",
    "rematch",
    "moved",
    "chat",
    "chat_status",
}
"""The websocket frames about anything else (each is held to the record all the same)."""


# --- the app's routes and frames --------------------------------------------------------


def _routes_of(routes: list[Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    """(method, path) of every route, through the routers the app included."""
    for route in routes:
        included = getattr(route, "original_router", None)
        if included is not None:
            context = getattr(route, "include_context", None)
            yield from _routes_of(included.routes, prefix + (getattr(context, "prefix", "") or ""))
        elif type(route).__name__ == "Mount":
            yield "MOUNT", prefix + route.path
        else:
            for method in sorted(set(getattr(route, "methods", None) or {"WS"}) - {"HEAD"}):
                yield method, prefix + route.path


def served_routes(app: Any) -> set[tuple[str, str]]:
    """Every route of the app, and its game websocket (served before the routes,
    web.live.sockets)."""
    routes = set(_routes_of(list(app.routes)))
    assert SOCKET_PATH.fullmatch("/ws/games/some-game") is not None
    return routes | {("WS", "/ws/games/{game_id}")}


def frame_types_sent() -> set[str]:
    """The ``type`` of every message the live game and its talk build (a dict display
    with a constant ``"type"``), read from their source."""
    root = Path(web_app.__file__).resolve().parent
    found: set[str] = set()
    for folder in ("live", "talk"):
        for path in (root / folder).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Dict):
                    for key, value in zip(node.keys, node.values, strict=True):
                        if (
                            isinstance(key, ast.Constant)
                            and key.value == "type"
                            and isinstance(value, ast.Constant)
                            and isinstance(value.value, str)
                        ):
                            found.add(value.value)
    return found


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(coach=False, **FAST)


def test_every_route_is_listed(server: LiveServer) -> None:
    """A route added to the app is listed here, as returning a game or not, before this
    passes."""
    served = served_routes(server.app)
    assert not GAME_ROUTES & OTHER_ROUTES
    assert served >= GAME_ROUTES, "the routes that return a game are all served"
    unlisted = served - GAME_ROUTES - OTHER_ROUTES
    assert not unlisted, f"say whether these return a game: {sorted(unlisted)}"


def test_every_frame_type_is_listed() -> None:
    """A new kind of websocket message is listed here (and so held to the record)."""
    sent = frame_types_sent()
    assert {"event", "error", "ack"} <= sent  # the reading itself works
    assert sent - STATE_FRAMES - OTHER_FRAMES == set()


# --- the readers and what they read -----------------------------------------------------


@dataclass
class Reader:
    """One person (or a visitor) reading the server; ``seat`` is the seat whose hand they
    may know (None: no hand)."""

    name: str
    http: httpx.Client
    seat: int | None
    user_id: int | None


@dataclass
class Answer:
    reader: str
    route: str
    version: int
    status: int
    body: Any


@dataclass
class Moment:
    """The routes read at one version of a running game."""

    version: int
    shown: int | None
    """The local seat whose hand the device shows at that moment (None: none)."""
    answers: list[Answer] = field(default_factory=list)


BOOT = re.compile(r'<script type="application/json" id="boot">(.*?)</script>', re.S)


def _body_of(response: httpx.Response) -> Any:
    """The JSON an answer holds: the body, a page's boot data, or a stream's first event."""
    kind = response.headers.get("content-type", "")
    if kind.startswith("application/json"):
        return response.json()
    if kind.startswith("text/html"):
        found = BOOT.search(response.text)
        return json.loads(found.group(1)) if found else None
    return None


def _first_event(client: httpx.Client, path: str) -> tuple[int, Any]:
    """A live stream's status and its first event's data (JSON)."""
    with client.stream("GET", path, timeout=10) as response:
        if response.status_code != 200:
            response.read()
            return response.status_code, _body_of(response)
        for line in response.iter_lines():
            if line.startswith("data:"):
                return 200, json.loads(line.removeprefix("data:"))
    raise AssertionError(f"{path} ended without an event")


def _path(route: str, values: dict[str, str]) -> str:
    return re.sub(r"\{(\w+)\}", lambda match: values.get(match.group(1), "0"), route)


def read_everything(
    readers: list[Reader], routes: set[str], values: dict[str, str], moment: Moment
) -> None:
    """Every GET route of ``routes``, read by every reader; what each answered."""
    gets = sorted(routes)
    for reader in readers:
        for route in gets:
            path = _path(route, values)
            if route == "/api/me/events" and reader.user_id is None:
                continue  # a visitor has no "me": that stream sends them nothing
            if route in STREAMS:
                status, body = _first_event(reader.http, path)
            else:
                response = reader.http.get(path)
                status, body = response.status_code, _body_of(response)
            assert status < 500, (reader.name, path, status, body)
            moment.answers.append(Answer(reader.name, route, moment.version, status, body))


# --- a game with local seats, a remote person and a bot --------------------------------


@dataclass(frozen=True)
class Lineup:
    """Who sits where: the seats played on the creator's device, the remote person's, and
    the bots (the server plays them)."""

    seats: list[dict[str, str]]

    @classmethod
    def for_players(cls, players: int) -> Lineup:
        """Two local seats, a remote person and a bot; a two-player game has one of each
        of the first two (the device's seat, the remote person's)."""
        if players >= 4:
            return cls(
                [
                    {"kind": "local", "name": "Ana"},
                    {"kind": "local", "name": "Ben"},
                    {"kind": "human"},
                    {"kind": "bot", "bot": "greedy"},
                ]
            )
        return cls([{"kind": "local", "name": "Ana"}, {"kind": "human"}])

    @property
    def local(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat["kind"] == "local"]

    @property
    def remote(self) -> int:
        return next(index for index, seat in enumerate(self.seats) if seat["kind"] == "human")


class Table:
    """The device, the remote person's and a spectator's sockets, kept in step."""

    def __init__(self, device: GameSocket, remote: GameSocket, watcher: GameSocket) -> None:
        self.device, self.remote, self.watcher = device, remote, watcher
        self.latest: dict[int, dict[str, Any]] = {}
        for sock in (device, remote, watcher):
            self.read_until(sock, lambda message: "state" in message)

    def read(self, sock: GameSocket) -> dict[str, Any]:
        message = sock.recv(timeout=15)
        assert message["type"] != "error", message
        if "state" in message:
            self.latest[id(sock)] = message
        return message

    def read_until(self, sock: GameSocket, done: Any) -> dict[str, Any]:
        while True:
            message = self.read(sock)
            if done(message):
                return message

    def at(self, version: int) -> None:
        for sock in (self.device, self.remote, self.watcher):
            while self.latest[id(sock)]["version"] < version:
                self.read(sock)

    @property
    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.latest[id(self.remote)]["state"]
        return state

    @property
    def version(self) -> int:
        version: int = self.latest[id(self.remote)]["version"]
        return version

    def show(self, seat: int) -> None:
        """The local seat's player takes the device and asks to see their tiles."""
        self.device.send({"type": "show_hand", "seat": seat})
        shown = self.read_until(self.device, lambda m: m["type"] == "state")
        assert shown["seat"] == seat


def deal(people: list[Player], game: str, lineup: Lineup) -> tuple[str, str]:
    """The lineup's table (people[0]'s device, people[1] the remote person), dealt: the
    game's id and the table's invite code."""
    owner, remote = people[0], people[1]
    body = {"game": game, "seats": lineup.seats, "options": {}}
    created = owner.http.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    invite = created.json()["invite_code"]
    assert remote.http.post(f"/api/tables/{invite}/join").status_code == 200
    started = owner.http.post(f"/api/tables/{invite}/start")
    assert started.status_code == 200, started.text
    return started.json()["game_id"], invite


def play(table: Table, lineup: Lineup, rng: random.Random, look: Any, looks: int) -> list[Moment]:
    """Play the game to its end; at ``looks`` moments chosen by ``rng`` (a local seat's
    turn, hidden then shown, or the remote person's), ``look(moment)`` reads the routes."""
    moments: list[Moment] = []
    for _ in range(2000):
        table.at(table.version)
        state = table.state
        if state["finished"]:
            return moments
        seat, version = state["current"], table.version
        looking = len(moments) < looks and rng.random() < 0.35
        actor: GameSocket | None = None  # a bot moves by itself
        if seat in lineup.local:
            if looking:
                moments.append(look(Moment(version, None)))
            table.show(seat)
            if looking:
                moments.append(look(Moment(version, seat)))
            actor = table.device
        elif seat == lineup.remote:
            if looking:
                moments.append(look(Moment(version, None)))
            actor = table.remote
        if actor is not None:
            command = choose(table.latest[id(actor)], rng, draw_rate=0.25)
            actor.send({**command, "id": f"v{version}", "version": version})
        table.at(version + 1)
    raise AssertionError("the game did not end")


def check_device(timeline: Timeline, device: GameSocket) -> None:
    """Each frame the device received shows only a spectator's tiles, but the hand of the
    local seat it revealed, on that seat's turn."""
    shown: int | None = None
    for index, frame in enumerate(device.received):
        kind = frame["type"]
        assert kind in STATE_FRAMES | OTHER_FRAMES, frame
        version = frame.get("version", 0)
        if kind in ("welcome", "state"):
            shown = frame["seat"]
            if shown is not None:
                assert timeline.steps[version].current == shown, f"frame {index}: {frame}"
        elif kind == "event" and shown is not None:
            step = timeline.steps[version]
            if timeline.final_version == version or step.current != shown:
                shown = None  # the turn ended: hidden from this very event
        bad = leaks(timeline, shown, frame, version)
        assert not bad, f"frame {index} ({kind}) shows {sorted(bad)} to seat {shown}: {frame}"


def check_frames(timeline: Timeline, sock: GameSocket, seat: int | None) -> None:
    """Every frame a socket received holds only what its seat (None: a spectator) could
    know at the frame's version."""
    for index, frame in enumerate(sock.received):
        assert frame["type"] in STATE_FRAMES | OTHER_FRAMES, frame
        bad = leaks(timeline, seat, frame, frame.get("version", 0))
        assert not bad, f"frame {index} shows {sorted(bad)} to seat {seat}: {frame}"


def check_moment(timeline: Timeline, moment: Moment, readers: dict[str, Reader]) -> None:
    """Each answer read at this moment holds only what its reader could know then; the
    routes that return a game did return it (its board is in them)."""
    step = timeline.steps[moment.version]
    board = step.allowed[None] - {t for hand in step.views[None]["hands"] for t in hand or ()}
    for answer in moment.answers:
        reader = readers[answer.reader]
        bad = leaks(timeline, reader.seat, answer.body, moment.version)
        assert not bad, (
            f"{answer.route} read by {answer.reader} at version {moment.version} (device "
            f"showing {moment.shown}) shows {sorted(bad)}: {answer.body}"
        )
    holding = {(a.reader, a.route): a for a in moment.answers if ("GET", a.route) in GAME_ROUTES}
    for who in ("owner", "remote", "spectator", "visitor"):
        for route in ("/api/games/{game_id}", "/api/games/{game_id}/board"):
            answer = holding[(who, route)]
            assert answer.status == 200 and board <= _tiles(timeline, answer.body), answer
        for route in (
            "/api/games/{game_id}/record",
            "/api/games/{game_id}/replay",
            "/api/games/{game_id}/analysis/{version}",
        ):
            assert holding[(who, route)].status == 409  # only once the game is over
    for who in ("owner", "remote"):
        exported = holding[(who, "/api/me/export")]
        assert exported.status == 200 and board <= _tiles(timeline, exported.body)
    admin = holding[("admin", "/api/admin/games")]
    assert admin.status == 200 and admin.body["games"], admin


def check_analysis(timeline: Timeline, readers: dict[str, Reader], game_id: str) -> None:
    """Once the game is over, the analysis board at every version where a seat was to
    move shows what that mover could know then, to every reader, and never more (though
    the replay shows every hand)."""
    for version in range(timeline.final_version):
        mover = timeline.steps[version].current
        for name in ("owner", "remote", "spectator"):
            answer = readers[name].http.get(f"/api/games/{game_id}/analysis/{version}")
            assert answer.status_code == 200, (name, version, answer.text)
            bad = leaks(timeline, mover, answer.json(), version)
            assert not bad, f"the analysis at {version} read by {name} shows {sorted(bad)}"


def _tiles(timeline: Timeline, body: Any) -> set[str]:
    return tiles_in(body, timeline.checks)


def export_hands(reader: Reader, game_id: str) -> list[Any]:
    """The hands the data export shows of one running game."""
    exported = reader.http.get("/api/me/export").json()
    [game] = [g for g in exported["games"] if g["id"] == game_id]
    hands: list[Any] = game["my_view"]["hands"]
    return hands


@dataclass
class Played:
    """A finished game, what was read of it while it ran, and its sockets' frames."""

    game_id: str
    moments: list[Moment]
    readers: dict[str, Reader]
    device: GameSocket
    remote: GameSocket
    watcher: GameSocket


def play_and_read(
    people: list[Player],
    url: str,
    database: Database,
    routes: set[tuple[str, str]],
    game: str,
    *,
    lineup: Lineup,
    unread: frozenset[str] = frozenset(),
) -> Played:
    """Deal the lineup's table, play it to the end and read every GET route (but
    ``unread``) at seeded moments as the device's owner, the remote person, a spectator,
    an admin and a visitor."""
    gets = {path for method, path in routes if method == "GET"} - OWN_POSITIONS - unread
    owner, remote, spectator, admin = people[:4]
    with database.session() as session:
        staff = session.get(User, admin.me["id"])
        assert staff is not None
        staff.role = "admin"
        session.commit()
    visitor = httpx.Client(base_url=url, timeout=10)
    readers = {
        "owner": Reader("owner", owner.http, None, owner.me["id"]),
        "remote": Reader("remote", remote.http, lineup.remote, remote.me["id"]),
        "spectator": Reader("spectator", spectator.http, None, spectator.me["id"]),
        "admin": Reader("admin", admin.http, None, admin.me["id"]),
        "visitor": Reader("visitor", visitor, None, None),
    }
    game_id, invite = deal(people, game, lineup)
    values = {"game_id": game_id, "invite_code": invite, "game": game, "language": "en"}
    values.update({"section": "games", "person_id": str(owner.me["id"])})
    values["player"] = str(owner.me["id"])

    def look(moment: Moment) -> Moment:
        read_everything(list(readers.values()), gets, values, moment)
        if moment.shown is not None:
            # the device shows this seat's hand: the export still shows no local hand
            hand = export_hands(readers["owner"], game_id)[moment.shown]
            assert hand is None or len(hand) == 1  # hidden, or its last tile face up
        return moment

    device, sock, watcher = (p.connect(game_id) for p in (owner, remote, spectator))
    try:
        table = Table(device, sock, watcher)
        moments = play(table, lineup, random.Random(game), look, looks=5)
    finally:
        for each in (device, sock, watcher):
            each.close()
        visitor.close()
    assert any(m.shown is not None for m in moments) and any(m.shown is None for m in moments)
    return Played(game_id, moments, readers, device, sock, watcher)


@pytest.mark.parametrize("game", list(GAMES))
def test_no_answer_holds_a_tile_its_reader_may_not_know(
    people: list[Player], server: LiveServer, database: Database, game: str
) -> None:
    lineup = Lineup.for_players(GAMES[game].max_players)
    routes = served_routes(server.app)
    played = play_and_read(people, server.url, database, routes, game, lineup=lineup)
    timeline = Timeline.of(fetch_record(people[0], played.game_id))
    for moment in played.moments:
        check_moment(timeline, moment, played.readers)
    check_analysis(timeline, played.readers, played.game_id)
    check_device(timeline, played.device)
    check_viewer(timeline, played.remote, lineup.remote, timed=None, contiguous=False)
    watched = check_viewer(timeline, played.watcher, None, timed=None, contiguous=False)
    assert watched.private_tiles == set()
    check_frames(timeline, played.remote, lineup.remote)


# --- a third game, added to a server the way a new game is ------------------------------


class NumberLineServer(ServerProcess):
    """A server process whose registry holds Number Line (tests/support/toy_line.py) besides
    the real games, as tests/server/test_third_game.py starts it."""

    def _command(self) -> list[str]:
        launcher = Path(__file__).resolve().parents[1] / "support" / "serve_number_line.py"
        return [sys.executable, str(launcher), *super()._command()[3:]]


BOARD_PAGES = frozenset({"/g/{game_id}", "/g/{game_id}/replay", "/g/{game_id}/analysis/{version}"})
"""The pages that load a game's own board (its templates and scripts), which Number Line
has not: a shell whose boot data names the game, read for the real games."""

NUMBER_WORD = re.compile(r"(?<![A-Za-z0-9])n[1-9](?![0-9])")


def number_line_tile_names(text: str, message: bool) -> set[str]:
    """A tile's name as a whole value, or as a word of a message."""
    words = NUMBER_WORD.findall(text) if message else [text]
    return {word for word in words if word in TOY_TILES}


NUMBER_LINE_CHECKS = GameChecks(
    descriptor=NUMBER_LINE.descriptor,
    tile_names=number_line_tile_names,
    legal_entry=lambda _game, play: play.to_dict(),
    public_event=lambda event: event.public_json(),
)
"""What the leak check needs of Number Line: how its tiles are named."""


@pytest.fixture(scope="module")
def number_line_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[NumberLineServer, str]]:
    folder = tmp_path_factory.mktemp("no_hidden_tile_third_game")
    url = migrated_sqlite(folder / "chromino.sqlite3")
    live = NumberLineServer(server_env(url, coach="false"), folder / "server.log")
    live.start()
    try:
        yield live, url
    finally:
        live.stop()


def test_a_third_game_is_held_to_the_same_rule(
    number_line_server: tuple[NumberLineServer, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game the server's code never names (registered the way a new game is) answers
    every route by the same rule, with a seat on the device and a remote person."""
    live, url = number_line_server
    monkeypatch.setitem(ENGINE_GAMES, NUMBER_LINE.name, NUMBER_LINE.descriptor)
    monkeypatch.setitem(CHECKS, NUMBER_LINE.name, NUMBER_LINE_CHECKS)
    people = [Player(live.url) for _ in range(4)]
    database = Database(url)
    routes = served_routes(create_app(make_settings(url)))
    try:
        lineup = Lineup.for_players(NUMBER_LINE.max_players)
        played = play_and_read(
            people, live.url, database, routes, "numberline", lineup=lineup, unread=BOARD_PAGES
        )
        timeline = Timeline.of(fetch_record(people[0], played.game_id))
    finally:
        database.dispose()
        for person in people:
            person.close()
    for moment in played.moments:
        check_moment(timeline, moment, played.readers)
    check_device(timeline, played.device)
    check_frames(timeline, played.remote, lineup.remote)
    check_frames(timeline, played.watcher, None)
