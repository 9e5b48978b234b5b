"""Turn-based tables: a game played a few moves a day by people never online together,
its clock in each mover's waking hours, warnings, and what the table chose for a
player whose time ran out. The server keeps a fake clock the test moves on, and the
sweep is run by the test (days.sweep) so that what is due is done when it returns."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select
from support.days import (
    days_settings,
    events,
    eventually,
    game_row,
    loaded,
    notices,
    play_once,
    sweep,
    tick,
    turn_based_game,
    visit_and_move,
)
from support.fixtures import LiveServers
from support.live import GameSocket, LiveServer, Player
from support.pushservice import PushService
from support.wsplay import Timeline, check_viewer

from web.days.schedule import turn_clock
from web.db import Database
from web.i18n import gettext_in
from web.models import SeatSubstitute
from web.notify.words import PUSH_TEXTS
from web.people import Schedule, schedule_from

START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
"""Noon UTC: inside everyone's waking hours in UTC."""
NO_NIGHTS = {"start": 0, "end": 0}
DAY = 86400


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(**days_settings(START))


@pytest.fixture
def database_url(server: LiveServer) -> str:
    """The server's database, for the suite's `db` to look at."""
    return server.settings.database_url


@pytest.fixture
def push() -> Iterator[PushService]:
    with PushService() as service:
        yield service


def awake_all_day(*people: Player, zone: str = "UTC") -> None:
    for person in people:
        changed = person.http.patch(
            "/api/me/preferences", json={"time_zone": zone, "quiet": NO_NIGHTS}
        )
        assert changed.status_code == 200, changed.text


def subscribe(person: Player, push: PushService) -> str:
    """The person's browser subscribes to web push (the test's push service stands in
    for the browser's)."""
    subscription = push.subscribe()
    added = person.http.post("/api/me/push-devices", json=subscription)
    assert added.status_code == 201, added.text
    return str(subscription["endpoint"])


def pushes_for(push: PushService, endpoint: str) -> list[dict[str, object]]:
    return [
        received.payload
        for received in push.received
        if endpoint.endswith(f"/{received.subscription_id}")
    ]


def my_line(person: Player, game_id: str) -> dict[str, object]:
    lines = person.http.get("/api/me/games").json()
    return next(line for line in lines if line["id"] == game_id)


def test_a_turn_based_game_is_played_by_people_never_online_together(
    server: LiveServer, db: Database
) -> None:
    ana, bob = Player(server.url), Player(server.url)
    awake_all_day(ana, bob)
    game_id = turn_based_game(ana, [bob], days=2)
    assert not loaded(server, game_id), "a game waiting for a person rests in the database"
    rng = random.Random(7)
    first = game_row(db, game_id).current_seat
    mover, waiter = (ana, bob) if first == 0 else (bob, ana)
    visit_and_move(mover, game_id, rng)
    eventually(lambda: not loaded(server, game_id), what="the room to leave memory")
    tick(server, 3 * 3600)
    line = my_line(waiter, game_id)
    assert line["my_turn"] and line["turn_days"] == 2
    assert isinstance(line["deadline"], float)
    # two waking days from the turn's start (no nights here): 48 hours
    started = game_row(db, game_id).turn_started_at
    assert started is not None
    assert line["deadline"] == pytest.approx(started.replace(tzinfo=UTC).timestamp() + 2 * DAY)
    visit_and_move(waiter, game_id, rng)
    assert my_line(mover, game_id)["my_turn"]
    assert len(events(db, game_id)) >= 2


def test_a_player_who_is_not_watching_is_told_of_their_turn_after_a_minute(
    server: LiveServer, db: Database, push: PushService
) -> None:
    ana, bob = Player(server.url), Player(server.url)
    awake_all_day(ana, bob)
    endpoints = {0: subscribe(ana, push), 1: subscribe(bob, push)}
    game_id = turn_based_game(ana, [bob], days=1)
    sweep(server)
    first = game_row(db, game_id).current_seat
    assert first is not None
    tick(server, 30)
    assert pushes_for(push, endpoints[first]) == [], "nothing before a minute unseen"
    tick(server, 31)
    payload = push.wait_for(1)[0].payload
    assert pushes_for(push, endpoints[first]) == [payload]
    opponent = (bob if first == 0 else ana).me["name"]
    assert payload["url"] == f"/g/{game_id}"
    assert payload["tag"] == f"game-{game_id}"
    assert payload["body"] == f"Your turn against {opponent} in Chromino"
    [turn] = notices(db, game_id, "turn")
    assert turn.pushed == "sent"
    tick(server, 600)
    assert len(pushes_for(push, endpoints[first])) == 1, "one notice per game per turn"


def test_nothing_is_pushed_for_a_turn_the_player_is_looking_at(
    server: LiveServer, db: Database, push: PushService
) -> None:
    ana, bob = Player(server.url), Player(server.url)
    awake_all_day(ana, bob)
    game_id = turn_based_game(ana, [bob], days=1)
    first = game_row(db, game_id).current_seat
    mover = ana if first == 0 else bob
    endpoint = subscribe(mover, push)
    with mover.connect(game_id) as sock:
        welcome = sock.recv_until("welcome")
        sock.send({"type": "seen", "version": welcome["version"]})
        sock.send({"type": "ping"})
        sock.recv_until("pong")
        tick(server, 120)
        [turn] = eventually(lambda: notices(db, game_id, "turn"))
        assert turn.pushed == "seen"
    assert pushes_for(push, endpoint) == []


@pytest.mark.parametrize("game", ["chromino", "triominos"])
def test_warnings_at_half_and_ninety_then_the_hard_bot_takes_the_seat(
    server: LiveServer, db: Database, push: PushService, game: str
) -> None:
    ana, bob = Player(server.url), Player(server.url)
    awake_all_day(ana, bob)
    game_id = turn_based_game(ana, [bob], days=1, on_timeout="substitute", game=game)
    sweep(server)
    first = game_row(db, game_id).current_seat
    assert first is not None
    endpoint = subscribe(ana if first == 0 else bob, push)
    tick(server, 61)  # the turn notice
    tick(server, DAY * 0.5)
    kinds = [n.kind for n in notices(db, game_id)]
    assert kinds == ["turn", "half"]
    tick(server, DAY * 0.4)
    assert [n.kind for n in notices(db, game_id)] == ["turn", "half", "ninety"]
    bodies = [str(p["body"]) for p in pushes_for(push, endpoint)]
    assert len(bodies) == 3 and "nearly up" in bodies[2]
    before = len(events(db, game_id))
    tick(server, DAY * 0.1 + 1)

    def substituted() -> list[int]:
        with db.session() as session:
            query = select(SeatSubstitute.seat).where(SeatSubstitute.game_id == game_id)
            return list(session.scalars(query))

    assert eventually(substituted, what="the bot to take the seat") == [first]
    assert game_row(db, game_id).had_substitute
    moved = eventually(lambda: [e for e in events(db, game_id)[before:] if e.seat == first])
    assert moved[0].action["action"] != "timeout", "the bot played the seat"


@pytest.mark.parametrize("game", ["chromino", "triominos"])
@pytest.mark.parametrize(("policy", "kind"), [("timeout", "timeout"), ("drop", "resign")])
def test_a_turn_whose_time_ran_out_follows_the_tables_choice(
    server: LiveServer, db: Database, policy: str, kind: str, game: str
) -> None:
    ana, bob, cy = Player(server.url), Player(server.url), Player(server.url)
    awake_all_day(ana, bob, cy)
    game_id = turn_based_game(ana, [bob, cy], days=1, on_timeout=policy, game=game)
    sweep(server)
    first = game_row(db, game_id).current_seat
    tick(server, DAY + 1)
    [ran_out] = eventually(lambda: events(db, game_id))
    assert (ran_out.seat, ran_out.action["action"]) == (first, kind)
    tick(server, 60)
    assert len([e for e in events(db, game_id) if e.action["action"] == kind]) == 1


def test_the_movers_clock_stops_in_their_own_quiet_hours(server: LiveServer, db: Database) -> None:
    ana, bob = Player(server.url), Player(server.url)
    night = {"start": 22 * 60, "end": 8 * 60}
    for person, zone in ((ana, "Asia/Tokyo"), (bob, "America/Los_Angeles")):
        changed = person.http.patch("/api/me/preferences", json={"time_zone": zone, "quiet": night})
        assert changed.status_code == 200, changed.text
    game_id = turn_based_game(ana, [bob], days=3)
    sweep(server)
    row = game_row(db, game_id)
    assert row.current_seat is not None and row.turn_started_at is not None
    zone = "Asia/Tokyo" if row.current_seat == 0 else "America/Los_Angeles"
    expected = turn_clock(
        Schedule(zone, 22 * 60, 8 * 60), row.turn_started_at.replace(tzinfo=UTC), 3
    ).deadline
    mover = ana if row.current_seat == 0 else bob
    assert my_line(mover, game_id)["deadline"] == pytest.approx(expected.timestamp())
    # three waking days of 14 hours: later than 42 hours from now, never more than 3 days
    started = row.turn_started_at.replace(tzinfo=UTC)
    assert started + timedelta(hours=42) < expected <= started + timedelta(days=3, hours=1)


def test_days_away_stop_the_clock_and_the_others_see_until_when(
    server: LiveServer, db: Database
) -> None:
    ana, bob = Player(server.url), Player(server.url)
    awake_all_day(ana, bob)
    game_id = turn_based_game(ana, [bob], days=1)
    sweep(server)
    row = game_row(db, game_id)
    mover, other = (ana, bob) if row.current_seat == 0 else (bob, ana)
    before = my_line(mover, game_id)["deadline"]
    today = server.clock.now().date()
    away = mover.http.post("/api/me/vacations", json={"starts": today.isoformat(), "days": 2})
    assert away.status_code == 201, away.text
    sweep(server)
    after = my_line(mover, game_id)["deadline"]
    assert isinstance(before, float) and isinstance(after, float)
    ends = away.json()["ends_at"]
    now = server.clock.now().timestamp()
    assert after == pytest.approx(float(before) + (ends - now))
    with other.connect(game_id) as sock:
        welcome = sock.recv_until("welcome")
        assert welcome["away_until"][row.current_seat] == pytest.approx(ends)
    schedule = schedule_from(None)
    assert schedule.zone == "UTC"


def test_the_host_caps_days_away_and_turn_based_games(server: LiveServer) -> None:
    ana = Player(server.url)
    today = server.clock.now().date()
    allowance = server.settings.vacation_days_per_month
    refused = ana.http.post(
        "/api/me/vacations", json={"starts": today.isoformat(), "days": allowance + 1}
    )
    assert refused.status_code == 409
    assert refused.json()["detail"]["code"] == "vacation_allowance"
    past = ana.http.post(
        "/api/me/vacations",
        json={"starts": (today - timedelta(days=1)).isoformat(), "days": 1},
    )
    assert past.status_code == 422


def test_no_hidden_tile_leaks_while_the_hard_bot_plays_a_seat_and_after_it_is_taken_back(
    server: LiveServer, db: Database
) -> None:
    """Ana plays every turn of hers at once; Bob lets his time run out (the Hard bot
    plays for him), takes his seat back now and then for a move, and leaves it again.
    Every frame to Ana, to each of Bob's visits and to a spectator is held to the
    record once the game is over: none names a tile that viewer may not see."""
    ana, bob, watcher = Player(server.url), Player(server.url), Player(server.url)
    awake_all_day(ana, bob)
    game_id = turn_based_game(ana, [bob], days=1, on_timeout="substitute")
    rng = random.Random(5)
    ana_sock = ana.connect(game_id, since=0)
    spectator = watcher.connect(game_id, since=0)
    bob_visits: list[GameSocket] = []
    took_back = 0
    try:
        ana_sock.recv_until("state")  # since=0: every event so far, then the state
        while game_row(db, game_id).status != "finished":
            row = game_row(db, game_id)
            if row.current_seat == 0:
                ana_sock.send({"type": "sync", "version": None})
                message = ana_sock.recv_until("state")
                play_once(ana_sock, message, rng)
                continue
            with db.session() as session:
                away = session.get(SeatSubstitute, (game_id, 1)) is not None
            if away and took_back < 3 and rng.random() < 0.5:
                visit = bob.connect(game_id, since=0)
                bob_visits.append(visit)
                welcome = visit.recv_until("state")
                visit.send(
                    {"type": "take_seat", "id": f"back{took_back}", "version": welcome["version"]}
                )
                visit.recv_until("ack")
                took_back += 1
                visit.send({"type": "sync", "version": None})
                state = visit.recv_until("state")
                if state["state"]["current"] == 1:
                    play_once(visit, state, rng)
                visit.close()
                continue
            version = row.version
            if not away:
                tick(server, DAY + 1)  # Bob's time runs out: the Hard bot takes his seat
            eventually(
                lambda before=version: (  # type: ignore[misc]
                    game_row(db, game_id).version > before
                    or game_row(db, game_id).status == "finished"
                ),
                what="the Hard bot's move",
            )
        record = ana.http.get(f"/api/games/{game_id}/record").json()
    finally:
        ana_sock.close()
        spectator.close()
    timeline = Timeline.of(record)
    assert took_back >= 1, "Bob took his seat back at least once"
    check_viewer(timeline, ana_sock, 0, timed=None, contiguous=False)
    check_viewer(timeline, spectator, None, timed=None, contiguous=False)
    for visit in bob_visits:
        check_viewer(timeline, visit, 1, timed=None, contiguous=False)


def test_a_push_is_written_in_the_language_the_persons_pages_speak(
    server: LiveServer, db: Database, push: PushService
) -> None:
    """Someone who follows their browser's language (the default) gets their pushes in
    it: the server keeps the language their pages last spoke."""
    ana, bob = Player(server.url), Player(server.url)
    awake_all_day(ana, bob)
    for person in (ana, bob):
        person.http.headers["Accept-Language"] = "fr-FR,fr;q=0.9"
        assert person.http.get("/").status_code == 200
    endpoints = {0: subscribe(ana, push), 1: subscribe(bob, push)}
    game_id = turn_based_game(ana, [bob], days=1)
    sweep(server)
    first = game_row(db, game_id).current_seat
    assert first is not None
    tick(server, 61)
    [payload] = eventually(lambda: pushes_for(push, endpoints[first]))
    opponent = (bob if first == 0 else ana).me["name"]
    french = gettext_in("fr", PUSH_TEXTS["turn"], players=opponent, game="Chromino")
    assert payload["body"] == french
    assert french != PUSH_TEXTS["turn"].format(players=opponent, game="Chromino")


def test_the_hard_bots_moves_in_a_persons_seat_are_told_as_the_bots(
    server: LiveServer, db: Database
) -> None:
    """The mover lets their time run out: each move the Hard bot then makes in their
    seat is stored, sent and listed in "my games" as made by the bot for them (never
    as theirs); the other person's own move is not. A room read back from the database
    (nobody watched, so it rested) says the same as the live one."""
    ana, bob, watcher = Player(server.url), Player(server.url), Player(server.url)
    awake_all_day(ana, bob)
    game_id = turn_based_game(ana, [bob], days=1, on_timeout="substitute")
    sweep(server)
    first = game_row(db, game_id).current_seat
    assert first is not None
    late, other = (ana, bob) if first == 0 else (bob, ana)
    tick(server, DAY + 1)
    eventually(lambda: game_row(db, game_id).current_seat != first, what="the bot's turn")
    by_the_bot = [e for e in events(db, game_id) if e.seat == first]
    assert by_the_bot and all(e.stand_in for e in by_the_bot)
    last = my_line(late, game_id)["last_move"]
    assert isinstance(last, dict) and last["seat"] == first and last["stand_in"] is True
    assert eventually(lambda: not loaded(server, game_id), what="the room to rest")

    with watcher.connect(game_id, since=0) as sock:
        sock.recv_until("state")
        sent = [m["event"] for m in sock.received if m["type"] == "event"]
    assert len(sent) == len(by_the_bot) and all(e.get("stand_in") is True for e in sent)

    visit_and_move(other, game_id, random.Random(3))  # (then the bot plays for the late one)
    own = [e for e in events(db, game_id) if e.seat != first]
    assert own and not any(e.stand_in for e in own)
