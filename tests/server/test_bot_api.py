"""The bot API through a real server: the example bot of docs/bots.md, run as it is
written, plays both games to their end; a bot's socket and its answers hold no tile its
seat may not know."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from support.bots import bearer, bot_game, bot_socket, made_bot, play_seat, registered
from support.fixtures import LiveServers
from support.live import LiveServer, Player
from support.wsplay import FAST, check_game, leaks

from web.games import GAMES
from web.models import Rating
from web.ratings import pool_of

pytestmark = pytest.mark.usefixtures("quick_hasher")

DOCS = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


@pytest.fixture(scope="module")
def live(serve: LiveServers) -> LiveServer:
    return serve(coach=False, **FAST)


def example_bot() -> str:
    """The one Python program of docs/bots.md, as it is written there."""
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) == 1, "docs/bots.md holds one Python program"
    program: str = blocks[0]
    assert len(program.splitlines()) <= 100
    return program


def test_the_example_bot_plays_both_games_to_their_end(live: LiveServer, tmp_path: Path) -> None:
    program = tmp_path / "example_bot.py"
    program.write_text(example_bot(), encoding="utf-8")
    secret = made_bot(registered(live.url, "Maker"), "Example")
    env = {**os.environ, "CHROMINO_BOT_TOKEN": secret, "CHROMINO_URL": live.url}
    done = subprocess.run(
        [sys.executable, str(program)],
        check=False,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    game_ids = re.findall(r"^(\S+) scores", done.stdout, flags=re.M)
    assert len(game_ids) == 2, done.stdout
    reader = httpx.Client(base_url=live.url)
    played = set()
    for game_id in game_ids:
        summary = reader.get(f"/api/games/{game_id}").json()["game"]
        assert summary["status"] == "finished", summary
        assert summary["players"][0] == "Example"
        assert summary["result"]["ended_by"] is not None
        record = reader.get(f"/api/games/{game_id}/record")
        assert record.status_code == 200  # a record is served once the game is over
        played.add(summary["game"])
    assert played == set(GAMES)


class Stream:
    """A bot's event stream read in a thread: every line it sent, until closed."""

    def __init__(self, live: LiveServer, secret: str) -> None:
        self.lines: list[dict[str, Any]] = []
        self.client = bearer(live.url, secret)
        self.ended = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with self.client.stream("GET", "/api/bot/events", timeout=None) as answer:
            assert answer.status_code == 200
            assert answer.headers["content-type"].startswith("application/x-ndjson")
            for line in answer.iter_lines():
                if line.strip():
                    self.lines.append(json.loads(line))
                    if self.lines[-1]["type"] == "game_ended":
                        self.ended.set()
                        return


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_bot_sees_only_its_seat(live: LiveServer, game: str) -> None:
    owner = registered(live.url, f"Keeper {game}")
    secret = made_bot(owner, f"Seer {game}")
    robo = bearer(live.url, secret)
    stream = Stream(live, secret)
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    made = robo.post("/api/tables", json={"game": game, "seats": seats})
    assert made.status_code == 201, made.text
    code = made.json()["invite_code"]
    timed = bool(made.json()["options"].get("turn_seconds"))
    answers: list[Any] = [made.json(), robo.get("/api/tables").json()]
    game_id = robo.post(f"/api/tables/{code}/start").json()["game_id"]
    answers.append(robo.get(f"/api/tables/{code}").json())
    with bot_socket(live.url, secret, game_id) as socket:
        welcome = socket.recv_until("welcome")
        assert welcome["bot_accounts"] == [True, False]  # a program, and the house's bot
        play_seat(socket, 0, random.Random(7))
        assert stream.ended.wait(30), stream.lines
        onlooker = Player(live.url)
        timeline = check_game(onlooker, game_id, {0: socket}, assistance="beginner", timed=timed)
    types = [line["type"] for line in stream.lines]
    assert types == ["game_started", "game_ended"], stream.lines
    assert stream.lines[0]["socket"] == f"/ws/games/{game_id}?protocol=2"
    bot_id = robo.get("/api/me").json()["id"]
    with live.app_state().db.session() as session:
        pools = set(session.scalars(select(Rating.pool).where(Rating.user_id == bot_id)))
    pool = pool_of(game, made.json()["options"])
    assert pools == {f"{pool}-bots"}  # rated among bots, never in the people's pool
    again = robo.post("/api/tables", json={"game": game, "seats": seats}).json()
    assert again["seats"][0]["rating"]["rating"] is not None  # its bot pool's rating, shown
    for answer in [*answers, *stream.lines]:
        assert not leaks(timeline, 0, answer, timeline.final_version), answer
    assert not leaks(timeline, 0, stream.lines[0], 0)


def test_a_bot_hears_of_an_invitation_and_takes_the_seat(live: LiveServer) -> None:
    person = registered(live.url, "Inviter")
    secret = made_bot(registered(live.url, "Inventor"), "Guestbot")
    robo = bearer(live.url, secret)
    assert person.post("/api/friends", json={"name": "Guestbot"}).json()["status"] == "requested"
    assert robo.post("/api/friends", json={"name": "Inviter"}).json()["status"] == "friends"
    seats = [{"kind": "human"}, {"kind": "human"}]
    code = person.post("/api/tables", json={"seats": seats, "rated": False}).json()["invite_code"]
    bot_id = robo.get("/api/me").json()["id"]
    assert (
        person.post(f"/api/tables/{code}/invitations", json={"friends": [bot_id]}).status_code
        == 200
    )
    with robo.stream("GET", "/api/bot/events", timeout=30) as events:
        line = json.loads(next(events.iter_lines()))
    assert line["type"] == "invitation" and line["invitation"]["table"] == code, line
    accepted = robo.post(f"/api/invitations/{line['invitation']['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    seated = person.get(f"/api/tables/{code}").json()["seats"]
    assert [seat["bot_account"] for seat in seated] == [False, True]


def test_on_postgresql_a_bot_plays_a_rated_game_into_its_bot_pool(
    serve: LiveServers, pg_url: str
) -> None:
    live = serve(database_url=pg_url, coach=False, **FAST)
    owner = registered(live.url, "Pgowner")
    secret = made_bot(owner, "Pgbot")
    game_id = bot_game(live.url, secret, "chromino")
    bot_id = bearer(live.url, secret).get("/api/me").json()["id"]
    with live.app_state().db.session() as session:
        pools = set(session.scalars(select(Rating.pool).where(Rating.user_id == bot_id)))
    assert pools == {"chromino-bots"}
    assert httpx.get(f"{live.url}/api/games/{game_id}").json()["game"]["status"] == "finished"
    assert "Pgbot" in httpx.get(f"{live.url}/bots").text
    listed = owner.get("/api/me/tokens")
    assert listed.status_code == 200 and listed.json() == []  # the bot's token is the bot's
    assert owner.delete("/api/bots/Pgbot/tokens").status_code == 204
    assert bearer(live.url, secret).get("/api/me").status_code == 401
