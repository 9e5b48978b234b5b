"""Rated games played to the end, and the ratings they left in the database."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from support.live import GameSocket, Player
from support.wsplay import Driver
from web.db import Database
from web.models import RatedGame, RatingChange


def rated_game(database: Database, game_id: str) -> RatedGame | None:
    with database.session() as session:
        row = session.scalar(select(RatedGame).where(RatedGame.game_id == game_id))
        if row is not None:
            session.expunge(row)
        return row


def changes_of(database: Database, number: int) -> dict[int, RatingChange]:
    with database.session() as session:
        query = select(RatingChange).where(RatingChange.rated_game_id == number)
        rows = list(session.scalars(query))
        session.expunge_all()
        return {row.user_id: row for row in rows}


class Sitting:
    """Everyone seated at a dealt game connected, commands sent and acknowledged."""

    def __init__(self, game_id: str, seated: dict[int, Player]) -> None:
        self.game_id = game_id
        self.sockets: dict[int, GameSocket] = {
            seat: person.connect(game_id) for seat, person in seated.items()
        }
        welcome = {seat: sock.recv_until("welcome") for seat, sock in self.sockets.items()}
        first = next(iter(welcome.values()))
        self.version: int = first["version"]
        self.current: int = first["state"]["current"]
        self.sent = 0

    def send(self, seat: int, kind: str) -> dict[str, Any]:
        """A command from a seat; its ack (an error fails the test)."""
        self.sent += 1
        sock = self.sockets[seat]
        command_id = f"{kind}-{self.sent}"
        sock.send({"type": kind, "id": command_id, "version": self.version})
        while True:
            reply = sock.recv()
            if reply["type"] in ("ack", "error") and reply.get("id") == command_id:
                assert reply["type"] == "ack", reply
                self.version = reply["version"]
                return reply

    def play_out(self, *, seed: int = 1) -> None:
        """Everyone still seated plays (a legal tile, else a draw or pass) to the end."""
        for sock in self.sockets.values():  # each hears what was done so far first
            while (sock.version or 0) < self.version:
                sock.recv()
        Driver(dict(self.sockets), seed=seed).run()

    def close(self) -> None:
        for sock in self.sockets.values():
            sock.close()


def rated_table(creator: Player, seats: list[dict[str, Any]], **extra: Any) -> str:
    made = creator.http.post("/api/tables", json={"seats": seats, **extra})
    assert made.status_code == 201, made.text
    return str(made.json()["invite_code"])


def deal(people: list[Player], code: str) -> tuple[str, dict[int, Player]]:
    """The others join the table (seats in order), the creator deals."""
    for person in people[1:]:
        assert person.http.post(f"/api/tables/{code}/join").status_code == 200
    started = people[0].http.post(f"/api/tables/{code}/start")
    assert started.status_code == 200, started.text
    return started.json()["game_id"], dict(enumerate(people))


def hide(person: Player) -> None:
    answer = person.http.patch("/api/me/preferences", json={"hide_rating": True})
    assert answer.status_code == 200, answer.text
    assert answer.json()["hide_rating"] is True
