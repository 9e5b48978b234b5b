"""A four-player turn-based game over simulated days, the players in UTC-8, UTC+1,
UTC+5:30 and UTC+9, each looking in at a few fixed hours of their own day (one of
them only once a day, so the Hard bot sometimes plays for them until they take their
seat back). The server's clock is a fake one; the test moves it from one moment that
matters to the next (a player looking in, a game or notice due) and sweeps there,
as the server's own rounds every few seconds would.

What must hold: every turn change reaches a player who is not watching within a
minute; nothing is pushed for what a player has seen; at most one email a day per
player; nothing pushed inside a player's quiet hours but the last reminder; the
game finishes."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select
from support.days import days_settings, eventually, game_row, play_once, sweep, turn_based_game
from support.fixtures import LiveServers
from support.live import LiveServer, Player
from support.pushservice import PushService, ReceivedPush
from support.smtpserver import MailCatcher

from web.db import Database, as_utc
from web.models import Game, Notice, Preference, SeatSubstitute
from web.people import Schedule

START = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
NIGHT = (22 * 60, 8 * 60)
LONGEST = timedelta(days=90)


@dataclass
class Person:
    player: Player
    zone: ZoneInfo
    hours: tuple[int, ...]
    """The local hours they look in at."""
    minute: int
    """At this minute of those hours (each their own: they never look at once)."""
    every_other_day: bool = False
    """Looks in on even days only: their time runs out now and then."""
    endpoint: str = ""
    address: str = ""
    pushes: list[tuple[datetime, ReceivedPush]] = field(default_factory=list)
    """Each push received, with the moment (on the server's clock) it was sent."""
    digests: list[datetime] = field(default_factory=list)

    @property
    def schedule(self) -> Schedule:
        return Schedule(str(self.zone), *NIGHT)

    def next_look(self, after: datetime) -> datetime:
        local = after.astimezone(self.zone)
        for days in range(4):
            day = (local + timedelta(days=days)).date()
            if self.every_other_day and day.toordinal() % 2:
                continue
            for hour in self.hours:
                moment = datetime(day.year, day.month, day.day, hour, self.minute, tzinfo=self.zone)
                if moment.astimezone(UTC) > after:
                    return moment.astimezone(UTC)
        raise AssertionError("no look-in within four days")

    def asleep(self, moment: datetime) -> bool:
        minutes = moment.astimezone(self.zone).hour * 60 + moment.astimezone(self.zone).minute
        return minutes >= NIGHT[0] or minutes < NIGHT[1]


@pytest.fixture(scope="module")
def mailbox() -> Iterator[MailCatcher]:
    with MailCatcher() as catcher:
        yield catcher


@pytest.fixture(scope="module")
def server(mailbox: MailCatcher, serve: LiveServers) -> LiveServer:
    return serve(**days_settings(START, mailbox))


@pytest.fixture
def database_url(server: LiveServer) -> str:
    """The server's database, for the suite's `db` to look at."""
    return server.settings.database_url


def join_the_table(server: LiveServer, push: PushService) -> list[Person]:
    zones = {
        "America/Los_Angeles": (9, 13, 19),
        "Europe/Paris": (8, 12, 18, 21),
        "Asia/Kolkata": (10, 15, 20),
        "Asia/Tokyo": (20,),
    }
    people = []
    for index, (zone, hours) in enumerate(zones.items()):
        player = Player(server.url)
        changed = player.http.patch(
            "/api/me/preferences",
            json={
                "time_zone": zone,
                "quiet": {"start": NIGHT[0], "end": NIGHT[1]},
                "digest_hour": 19,
            },
        )
        assert changed.status_code == 200, changed.text
        subscription = push.subscribe()
        assert player.http.post("/api/me/push-devices", json=subscription).is_success
        endpoint = str(subscription["endpoint"])
        person = Person(player, ZoneInfo(zone), hours, 7 + 11 * index, endpoint=endpoint)
        person.every_other_day = zone == "Asia/Tokyo"
        person.address = f"p{index}@example.test"
        with server.app_state().db.session() as session:  # the address, confirmed
            preference = session.get(Preference, player.me["id"])
            assert preference is not None
            preference.email, preference.email_verified = person.address, True
            session.commit()
        people.append(person)
    return people


takes_back: list[int] = []


def look_in(person: Person, game_id: str, rng: random.Random) -> None:
    """Open the game (the page says what it showed), take the seat back from the bot
    if it has it, play if it is my turn, close."""
    with person.player.connect(game_id) as sock:
        message = sock.recv_until("welcome")
        seat = message["seat"]
        sock.send({"type": "seen", "version": message["version"]})
        if message["away"][seat]:
            takes_back.append(seat)
            sock.send(
                {"type": "take_seat", "id": f"t{rng.random()}", "version": message["version"]}
            )
            sock.recv_until("ack")
            sock.send({"type": "sync", "version": None})
            message = sock.recv_until("state")
        if not message["state"]["finished"] and message["state"]["current"] == seat:
            event = play_once(sock, message, rng)
            sock.send({"type": "seen", "version": event["version"]})
        sock.send({"type": "ping"})
        sock.recv_until("pong")


def next_due(db: Database) -> datetime | None:
    with db.session() as session:
        games = session.scalar(select(func.min(Game.due_at)))
        told = session.scalar(select(func.min(Notice.due_at)))
    moments = [as_utc(m) for m in (games, told) if m is not None]
    return min(moments) if moments else None


def test_a_game_across_four_time_zones_reaches_everyone_and_never_spams(
    server: LiveServer, mailbox: MailCatcher, db: Database
) -> None:
    rng = random.Random(19)
    with PushService() as push:
        people = join_the_table(server, push)
        game_id = turn_based_game(
            people[0].player, [p.player for p in people[1:]], days=1, on_timeout="substitute"
        )
        by_id = {id_of(p.endpoint): p for p in people}
        by_address = {p.address: p for p in people}
        seen_pushes = seen_mails = 0
        while server.clock.now() < START + LONGEST:
            now = server.clock.now()
            moments = [p.next_look(now) for p in people]
            due = next_due(db)
            if due is not None:
                moments.append(max(due, now + timedelta(seconds=1)))
            moment = min(moments)
            server.clock.set(moment)
            sweep(server)
            # a Hard bot playing for someone moves in the background: let it
            eventually(lambda: not bot_to_move(db, game_id), what="the bot's move")
            for received in push.received[seen_pushes:]:
                by_id[received.subscription_id].pushes.append((moment, received))
            seen_pushes = len(push.received)
            for mail in mailbox.received[seen_mails:]:
                if "waiting" in str(mail.message["Subject"]):
                    by_address[str(mail.message["To"])].digests.append(moment)
            seen_mails = len(mailbox.received)
            for person, look in zip(people, moments, strict=False):
                if look == moment:
                    look_in(person, game_id, rng)
            if game_row(db, game_id).status == "finished":
                break
        assert game_row(db, game_id).status == "finished", "the game finished"
        assert game_row(db, game_id).had_substitute, "Tokyo's time ran out at least once"
        assert takes_back, "and they took their seat back from the Hard bot"
        sweep(server)
        with db.session() as session:
            told = list(session.scalars(select(Notice).where(Notice.game_id == game_id)))
        for person in people:
            mine = [n for n in told if n.user_id == person.player.me["id"]]
            turns = [n for n in mine if n.kind == "turn"]
            assert turns, "every player had turns"
            for notice in turns:
                assert notice.pushed in {"sent", "seen", "stale"}, notice.pushed
            for moment, received in person.pushes:
                kind_is_last_reminder = "nearly up" in str(received.payload["body"])
                assert kind_is_last_reminder or not person.asleep(moment), (
                    f"a push in the night at {moment.astimezone(person.zone)}"
                )
            sent = sorted(turn_start(n) for n in turns if n.pushed == "sent")
            told_of_turns = [m for m, p in person.pushes if "Your turn" in str(p.payload["body"])]
            assert len(told_of_turns) == len(sent), "one push per turn told, none for one seen"
            for started, pushed in zip(sent, sorted(told_of_turns), strict=True):
                # a minute unseen, or (at night) the first minute of the morning
                first = person.schedule.next_waking(started + timedelta(minutes=1))
                assert pushed <= first + timedelta(seconds=1), (started, pushed)
            days = [moment.astimezone(person.zone).date() for moment in person.digests]
            assert len(days) == len(set(days)), "at most one digest a day"


def bot_to_move(db: Database, game_id: str) -> bool:
    with db.session() as session:
        game = session.get(Game, game_id)
        assert game is not None
        if game.status != "playing" or game.current_seat is None:
            return False
        return session.get(SeatSubstitute, (game_id, game.current_seat)) is not None


def turn_start(notice: Notice) -> datetime:
    """A turn notice's key holds when the turn began (web.days.sweep)."""
    return datetime.fromtimestamp(int(notice.key.split(":")[2]), UTC)


def id_of(endpoint: str) -> str:
    return endpoint.rsplit("/", 1)[1]
