"""Pass-and-play (local seats) over real websockets: the server shows a local seat's
hand on its device only after an explicit ``show_hand`` on that seat's turn, and
withdraws it as soon as the turn ends (docs/pass-and-play.md).

Every frame the device received is held to the game's record replayed by the engine:
before a ``show_hand`` is answered, and after the turn it was for, the device is a
spectator and no tile of a hidden hand may be in any frame.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.fixtures import LiveServers
from support.live import GameSocket, LiveServer, Player
from support.wsplay import FAST, Timeline, check_viewer, choose, fetch_record, leaks

ANA, BEN, REMOTE, BOT = 0, 1, 2, 3
SEATS = [
    {"kind": "local", "name": "Ana"},
    {"kind": "local", "name": "Ben"},
    {"kind": "human"},
    {"kind": "bot", "bot": "greedy"},
]


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(**FAST)


def deal(
    people: list[Player], game: str = "chromino", options: dict[str, Any] | None = None
) -> str:
    """A table of two local seats (people[0]'s device), a remote person (people[1])
    and a bot, dealt."""
    owner, remote = people[0], people[1]
    body = {"game": game, "seats": SEATS, "options": options or {}}
    created = owner.http.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    table = created.json()
    assert [seat["kind"] for seat in table["seats"]] == ["local", "local", "human", "bot"]
    assert [seat["name"] for seat in table["seats"][:2]] == ["Ana", "Ben"]
    assert table["rated"] is False
    invite = table["invite_code"]
    joined = remote.http.post(f"/api/tables/{invite}/join")
    assert joined.status_code == 200, joined.text
    assert joined.json()["seats"][REMOTE]["user_id"] == remote.me["id"]
    started = owner.http.post(f"/api/tables/{invite}/start")
    assert started.status_code == 200, started.text
    game_id: str = started.json()["game_id"]
    return game_id


class Table:
    """The device and the remote player's socket, kept in step."""

    def __init__(self, device: GameSocket, remote: GameSocket) -> None:
        self.device, self.remote = device, remote
        self.latest: dict[int, dict[str, Any]] = {}
        self.shown: int | None = None
        """The local seat whose hand the device was last sent (None: none)."""
        for sock in (device, remote):
            self.read_until(sock, lambda message: "state" in message)

    def read(self, sock: GameSocket) -> dict[str, Any]:
        message = sock.recv(timeout=15)
        assert message["type"] != "error", message
        if "state" in message:
            self.latest[id(sock)] = message
        if sock is self.device and message["type"] in ("welcome", "state"):
            self.shown = message["seat"]
        return message

    def read_until(self, sock: GameSocket, done: Any) -> dict[str, Any]:
        while True:
            message = self.read(sock)
            if done(message):
                return message

    def at(self, version: int) -> None:
        for sock in (self.device, self.remote):
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


def play_to_the_end(table: Table, rng: random.Random) -> list[int]:
    """Play every seat's turn (the bot's is the server's); the seats a ``show_hand``
    revealed, in order."""
    revealed: list[int] = []
    for _ in range(2000):
        version = table.version
        table.at(version)
        state = table.state
        if state["finished"]:
            return revealed
        seat = state["current"]
        if seat in (ANA, BEN):
            if table.shown != seat:
                # hidden until asked: the device's state holds no hand of its own (a
                # hand down to its last tile is face up for everyone: not hidden)
                hands = table.latest[id(table.device)]["state"]["hands"]
                assert not hands[seat] or len(hands[seat]) == 1
                table.device.send({"type": "show_hand", "seat": seat})
                shown = table.read_until(table.device, lambda m: m["type"] == "state")
                assert shown["seat"] == seat and shown["local_seats"] == [ANA, BEN]
                assert shown["state"]["hands"][seat]
                revealed.append(seat)
            actor: GameSocket | None = table.device
        elif seat == REMOTE:
            actor = table.remote
        else:
            actor = None  # the bot moves by itself
        if actor is not None:
            command = choose(table.latest[id(actor)], rng, draw_rate=0.2)
            actor.send({**command, "id": f"v{version}", "version": version})
        table.at(version + 1)
    raise AssertionError("the game did not end")


def check_device(timeline: Timeline, device: GameSocket) -> None:
    """Each frame the device received shows only what the server said it may: the hand
    of the local seat it revealed, on that seat's turn; otherwise a spectator's."""
    shown: int | None = None
    for index, frame in enumerate(device.received):
        kind = frame["type"]
        version = frame.get("version", 0)
        if kind in ("welcome", "state"):
            shown = frame["seat"]
            if shown is not None:
                assert timeline.steps[version].current == shown, f"frame {index}: {frame}"
        elif kind == "event" and shown is not None:
            step = timeline.steps[version]
            if timeline.final_version == version or step.current != shown:
                shown = None  # the turn ended: hidden at once, from this very event
        bad = leaks(timeline, shown, frame, version)
        assert not bad, f"frame {index} ({kind}) shows {sorted(bad)} to seat {shown}: {frame}"


@pytest.mark.parametrize("game", ["chromino", "triominos"])
def test_a_local_hand_reaches_the_device_only_after_show_hand(
    people: list[Player], server: LiveServer, game: str
) -> None:
    game_id = deal(people, game)
    device = people[0].connect(game_id)
    remote = people[1].connect(game_id)
    try:
        table = Table(device, remote)
        welcome = device.received[0]
        assert welcome["type"] == "welcome" and welcome["seat"] is None
        assert welcome["local_seats"] == [ANA, BEN]
        assert welcome["presence"]["connected"][:2] == [True, True]
        revealed = play_to_the_end(table, random.Random(game))
    finally:
        device.close()
        remote.close()
    assert set(revealed) == {ANA, BEN}
    timeline = Timeline.of(fetch_record(people[0], game_id))
    check_device(timeline, device)
    check_viewer(timeline, remote, REMOTE, timed=None, contiguous=False)
    # once over, the device is hidden: no hand shown any more
    assert device.state is not None
    last = [frame for frame in device.received if frame["type"] == "event"][-1]
    assert last["version"] == timeline.final_version


def test_show_hand_is_refused_off_turn_and_for_other_seats(
    people: list[Player], server: LiveServer
) -> None:
    game_id = deal(people)
    with people[0].connect(game_id) as device, people[1].connect(game_id) as remote:
        welcome = device.recv_until("welcome")
        current = welcome["state"]["current"]
        off_turn = BEN if current == ANA else ANA
        device.send({"type": "show_hand", "seat": off_turn})
        refused = device.recv_until("error")
        assert refused["code"] == "not_their_turn"
        device.send({"type": "show_hand", "seat": REMOTE})
        assert device.recv_until("error")["code"] == "not_local_seat"
        # the remote person's socket has no local seat to show
        remote.recv_until("welcome")
        remote.send({"type": "show_hand", "seat": current})
        assert remote.recv_until("error")["code"] == "not_local_seat"
        # a hidden device cannot act for anyone
        device.send({"type": "pass", "id": "p1", "version": welcome["version"]})
        assert device.recv_until("error")["code"] == "hand_hidden"
        device.send({"type": "show_hand", "seat": "0"})
        assert device.recv_until("error")["code"] == "invalid_message"
    for frame in device.received:
        assert frame.get("seat") is None or frame["type"] != "state"


def test_a_local_seat_is_nobodys_profile_nor_rating(
    people: list[Player], server: LiveServer
) -> None:
    """Ana and Ben are not the account of the device that holds their seats: the
    others are not offered its profile, its rating or a friend request by their
    names."""
    game_id = deal(people)
    with people[1].connect(game_id) as remote:
        welcome = remote.recv_until("welcome")
    assert welcome["players"][:2] == ["Ana", "Ben"]
    assert welcome["user_ids"][ANA] is None and welcome["user_ids"][BEN] is None
    assert welcome["ratings"][ANA] is None and welcome["ratings"][BEN] is None
    assert welcome["user_ids"][REMOTE] == people[1].me["id"]
    assert welcome["ratings"][BOT] is not None  # the bot plays at its anchor


def test_a_reconnecting_device_starts_hidden(people: list[Player], server: LiveServer) -> None:
    for _ in range(20):  # each deal gives the first turn to a local seat one time in two
        game_id = deal(people)
        with people[0].connect(game_id) as device:
            current = device.recv_until("welcome")["state"]["current"]
        if current in (ANA, BEN):
            break
    else:
        raise AssertionError("twenty deals gave no local seat the first turn")
    with people[0].connect(game_id) as device:
        device.recv_until("welcome")
        device.send({"type": "show_hand", "seat": current})
        shown = device.recv_until("state")
        assert shown["state"]["hands"][current]
    with people[0].connect(game_id) as again:
        welcome = again.recv_until("welcome")
        assert welcome["seat"] is None
        assert not any(welcome["state"]["hands"])


def test_http_game_view_of_the_owner_holds_no_local_hand(
    people: list[Player], server: LiveServer
) -> None:
    """``GET /api/games/{id}`` reads the game as a spectator would for the device's
    owner: a page could otherwise show a local hand without its "show my tiles"."""
    game_id = deal(people)
    read = people[0].http.get(f"/api/games/{game_id}")
    assert read.status_code == 200, read.text
    assert not any(read.json()["state"]["hands"])
    assert read.json()["game"]["my_seat"] == ANA
    remote = people[1].http.get(f"/api/games/{game_id}").json()
    assert remote["state"]["hands"][REMOTE]


@pytest.mark.parametrize(
    ("seats", "field", "code"),
    [
        ([{"kind": "local"}, {"kind": "human"}], "seats[0].name", "invalid_seat"),
        ([{"kind": "local", "name": "  "}, {"kind": "human"}], "seats[0].name", "invalid_seat"),
        (
            [{"kind": "local", "name": "Ana"}, {"kind": "local", "name": "ana "}],
            "seats[1].name",
            "invalid_seat",
        ),
        ([{"kind": "human", "name": "Ana"}, {"kind": "human"}], "seats[0].name", "invalid_seat"),
        (
            [{"kind": "local", "name": "Ana", "bot": "greedy"}, {"kind": "human"}],
            "seats[0].bot",
            "invalid_seat",
        ),
        ([{"kind": "local", "name": "A" * 25}, {"kind": "human"}], "name", "invalid_request"),
    ],
)
def test_a_local_seat_needs_a_name_of_its_own(
    people: list[Player], server: LiveServer, seats: list[dict[str, Any]], field: str, code: str
) -> None:
    response = people[0].http.post("/api/tables", json={"seats": seats})
    assert response.status_code == 422, response.text
    assert field in response.text


def test_a_table_with_local_seats_is_never_rated(people: list[Player], server: LiveServer) -> None:
    seats = [{"kind": "local", "name": "Ana"}, {"kind": "human"}]
    refused = people[0].http.post("/api/tables", json={"seats": seats, "rated": True})
    assert refused.status_code == 422, refused.text
    assert refused.json()["detail"]["code"] == "not_rateable"
    assert "one device" in refused.json()["detail"]["message"]
    casual = people[0].http.post("/api/tables", json={"seats": seats})
    assert casual.status_code == 201 and casual.json()["rated"] is False


def test_local_seats_are_one_game_in_my_games(people: list[Player], server: LiveServer) -> None:
    game_id = deal(people)
    mine = people[0].http.get("/api/me/games")
    assert mine.status_code == 200, mine.text
    lines = [line for line in mine.json() if line["id"] == game_id]
    assert len(lines) == 1
    assert lines[0]["players"][:2] == ["Ana", "Ben"]


def test_the_seats_of_a_device_answer_an_offer_to_end_together(
    people: list[Player], server: LiveServer
) -> None:
    """The remote person offers to end; one "accept" from the device, its hands hidden,
    answers for Ana and Ben (the bot accepts by itself): the game ends."""
    game_id = deal(people)
    with people[0].connect(game_id) as device, people[1].connect(game_id) as remote:
        version = device.recv_until("welcome")["version"]
        remote.recv_until("welcome")
        remote.send({"type": "offer_end", "id": "o1", "version": version})
        offer = device.recv_until("end_offer")
        assert offer["offer"]["waiting"] == [ANA, BEN]
        device.send({"type": "accept_end", "id": "a1", "version": version})
        ended = device.recv_until("event")
        assert ended["event"]["action"] == "end_agreed"
        assert ended["state"]["finished"]
