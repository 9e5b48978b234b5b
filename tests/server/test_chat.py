"""Table talk over real websockets, on one server process (SQLite): presets worded for
each reader, free text as the table allows, the two rooms, mutes either way, the
table creator's mutes, the rate limit, reconnects and reports (docs/protocol.md,
"Table talk")."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from sqlalchemy import select
from support.live import GameSocket, LiveServer, Player
from support.wsplay import start_game

from web.db import Database
from web.models import ChatMessage, ChatReport
from web.ops.admin import chat_reports, handle_report

_ids = itertools.count()
_heard: dict[int, list[dict[str, Any]]] = {}
"""Per socket, the chat lines that came while a test waited for an answer."""

YOROSHIKU = "\u3088\u308d\u3057\u304f\uff01"
"""Japanese for the preset "hello" (よろしく, a full-width exclamation mark)."""


def say(sock: GameSocket, **what: Any) -> dict[str, Any]:
    """Send a chat command; its answer (``ack`` or ``error``). The lines that come
    meanwhile (one's own comes before its ack) wait for :func:`next_line`."""
    command_id = f"chat-{next(_ids)}"
    sock.send({"type": "chat", "id": command_id, **what})
    while True:
        message = sock.recv()
        if message["type"] == "chat":
            _heard.setdefault(id(sock), []).append(message)
        if message["type"] in ("ack", "error") and message.get("id") == command_id:
            return message


def next_line(sock: GameSocket) -> dict[str, Any]:
    waiting = _heard.get(id(sock))
    if waiting:
        return waiting.pop(0)
    return sock.recv_until("chat")


def nothing_more_said(sock: GameSocket) -> None:
    """No chat line waits for this socket: a ping's pong comes first."""
    assert not _heard.get(id(sock)), _heard[id(sock)]
    sock.send({"type": "ping"})
    while (message := sock.recv())["type"] != "pong":
        assert message["type"] != "chat", message


def duel(people: list[Player]) -> tuple[str, str]:
    """Two people's game (people[0] made the table): its id and the table's code."""
    ana, ben = people[0], people[1]
    made = ana.http.post("/api/tables", json={"seats": [{"kind": "human"}] * 2})
    assert made.status_code == 201, made.text
    invite = made.json()["invite_code"]
    assert ben.http.post(f"/api/tables/{invite}/join").status_code == 200
    started = ana.http.post(f"/api/tables/{invite}/start")
    assert started.status_code == 200, started.text
    return str(started.json()["game_id"]), invite


def allow_text(creator: Player, invite: str, allowed: bool = True) -> None:
    answer = creator.http.patch(f"/api/tables/{invite}/chat", json={"text": allowed})
    assert answer.status_code == 200, answer.text


def set_language(person: Player, language: str) -> None:
    answer = person.http.patch("/api/me/preferences", json={"language": language})
    assert answer.status_code == 200, answer.text


def stored_lines(database_url: str, game_id: str) -> list[ChatMessage]:
    db = Database(database_url)
    try:
        with db.session() as session:
            query = select(ChatMessage).where(ChatMessage.game_id == game_id)
            return list(session.scalars(query.order_by(ChatMessage.seq)))
    finally:
        db.dispose()


def test_a_preset_reaches_each_reader_in_their_own_language(
    players: list[Player],
) -> None:
    game_id, _ = duel(players)
    set_language(players[0], "ja")
    set_language(players[1], "fr")
    with players[0].connect(game_id) as ana, players[1].connect(game_id) as ben:
        assert ana.recv_until("welcome")["chat"]["lines"] == []
        ben.recv_until("welcome")
        ack = say(ana, preset="hello")
        assert ack["type"] == "ack" and ack["seq"] == 1
        mine, theirs = next_line(ana), next_line(ben)
        assert mine["preset"] == theirs["preset"] == "hello"
        assert theirs["said"] == "Salut\u00a0!"
        assert mine["said"] == YOROSHIKU
        assert theirs["name"] == players[0].me["name"] and theirs["seat"] == 0
        assert theirs["room"] == "players" and theirs["text"] is None


def test_free_text_is_off_at_a_table_of_guests_until_its_creator_allows_it(
    players: list[Player],
) -> None:
    game_id, invite = duel(players)
    with players[0].connect(game_id) as ana, players[1].connect(game_id) as ben:
        welcome = ana.recv_until("welcome")
        assert welcome["chat"]["text"] is False and welcome["chat"]["moderator"] is True
        assert ben.recv_until("welcome")["chat"]["moderator"] is False
        refused = say(ben, text="hi there")
        assert refused["code"] == "chat_text_off", refused
        allow_text(players[0], invite)
        assert ben.recv_until("chat_status") == {
            "type": "chat_status",
            "text": True,
            "muted": False,
        }
        assert say(ben, text="  <b>hi</b>\n\tthere  ")["type"] == "ack"
        line = next_line(ana)
        assert line["text"] == "<b>hi</b> there"  # kept as typed, spaces made one
        assert line["said"] is None


def test_the_snapshot_names_who_can_turn_free_text_on(players: list[Player]) -> None:
    game_id, _ = duel(players)
    with players[1].connect(game_id) as ben:
        talk = ben.recv_until("welcome")["chat"]
        assert talk["creator"] == players[0].me["name"]
        assert talk["moderator"] is False and talk["table"] is None


@pytest.mark.parametrize(("chosen", "text"), [(None, False), (True, True), (False, False)])
def test_the_table_request_chooses_its_chat(
    players: list[Player], chosen: bool | None, text: bool
) -> None:
    """A table made with ``chat_text`` starts with it (guests sit here: left out, free
    text is off); the creator can still change it during a game."""
    ana, ben = players[0], players[1]
    body: dict[str, Any] = {"seats": [{"kind": "human"}] * 2}
    if chosen is not None:
        body["chat_text"] = chosen
    made = ana.http.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    invite = made.json()["invite_code"]
    assert ben.http.post(f"/api/tables/{invite}/join").status_code == 200
    started = ana.http.post(f"/api/tables/{invite}/start")
    assert started.status_code == 200, started.text
    with ben.connect(started.json()["game_id"]) as sock:
        assert sock.recv_until("welcome")["chat"]["text"] is text
        answer = say(sock, text="hello")
        assert answer["type"] == ("ack" if text else "error"), answer
        allow_text(ana, invite, not text)
        assert sock.recv_until("chat_status")["text"] is (not text)


def test_a_table_request_with_a_chat_choice_of_the_wrong_type_is_refused(
    players: list[Player],
) -> None:
    body = {"seats": [{"kind": "human"}] * 2, "chat_text": "yes"}
    refused = players[0].http.post("/api/tables", json=body)
    assert refused.status_code == 422, refused.text
    assert "chat_text" in refused.text


def test_only_the_tables_creator_sets_its_rules_of_talk(players: list[Player]) -> None:
    game_id, invite = duel(players)
    refused = players[1].http.patch(f"/api/tables/{invite}/chat", json={"text": True})
    assert refused.status_code == 403 and refused.json()["detail"]["code"] == "not_creator"
    odd = players[0].http.patch(f"/api/tables/{invite}/chat", json={"text": "yes"})
    assert odd.status_code == 422
    muted = players[1].http.put(f"/api/games/{game_id}/mutes/{players[0].me['id']}")
    assert muted.status_code == 403


def test_a_bad_chat_command_is_refused_and_changes_nothing(
    players: list[Player], database_url: str
) -> None:
    game_id, invite = duel(players)
    allow_text(players[0], invite)
    with players[0].connect(game_id) as ana:
        ana.recv_until("welcome")
        for bad in (
            {"preset": "hello", "text": "both"},
            {},
            {"preset": "shout"},
            {"text": "x" * 301},
            {"text": "hi", "colour": "red"},
        ):
            answer = say(ana, **bad)
            assert answer["type"] == "error" and answer["code"] == "invalid_message", (bad, answer)
        assert say(ana, text=" \n ")["code"] == "chat_empty"
        nothing_more_said(ana)
    assert stored_lines(database_url, game_id) == []


def test_a_line_sent_twice_with_one_id_is_said_once(
    players: list[Player], database_url: str
) -> None:
    game_id, _ = duel(players)
    with players[0].connect(game_id) as ana:
        ana.recv_until("welcome")
        for _ in range(2):
            ana.send({"type": "chat", "id": "same", "preset": "oops"})
            assert ana.recv_until("ack") == {"type": "ack", "id": "same", "seq": 1}
    assert [line.preset for line in stored_lines(database_url, game_id)] == ["oops"]


def test_a_flood_is_refused_with_when_to_try_again_and_the_socket_stays_open(
    players: list[Player], database_url: str, live_server: LiveServer
) -> None:
    burst = live_server.settings.chat_burst
    game_id, _ = duel(players)
    with players[0].connect(game_id) as ana:
        ana.recv_until("welcome")
        answers = [say(ana, preset="hurry") for _ in range(burst + 3)]
        taken = [a for a in answers if a["type"] == "ack"]
        refused = [a for a in answers if a["type"] == "error"]
        assert burst <= len(taken) <= burst + 1, answers
        assert refused and all(a["code"] == "chat_too_fast" for a in refused)
        assert all(a["retry_after"] >= 1 for a in refused), refused
        assert "slow down" in refused[0]["message"]
        assert len(_heard.pop(id(ana))) == len(taken)  # her own lines, each once
        nothing_more_said(ana)  # still open: the ping was answered
    assert len(stored_lines(database_url, game_id)) == len(taken)


def test_the_spectators_room_reaches_no_player_before_the_end(
    players: list[Player],
) -> None:
    game_id, _ = duel(players)
    with (
        players[0].connect(game_id) as ana,
        players[1].connect(game_id) as ben,
        players[2].connect(game_id) as watcher,
    ):
        for sock in (ana, ben):
            sock.recv_until("welcome")
        assert watcher.recv_until("welcome")["chat"]["room"] == "spectators"
        assert say(watcher, preset="thinking")["type"] == "ack"
        assert next_line(watcher)["room"] == "spectators"
        assert say(ana, preset="good_luck")["type"] == "ack"
        heard = next_line(ben)
        assert heard["preset"] == "good_luck"  # the spectators' line came to no player
        assert next_line(watcher)["preset"] == "good_luck"  # spectators read the players
        nothing_more_said(ben)
        ana.send({"type": "resign", "id": "bye", "version": ana.version})
        ana.recv_until("ack")
        late = next_line(ben)  # over: the players may read what was said about them
        assert (late["room"], late["preset"]) == ("spectators", "thinking")
    with players[1].connect(game_id) as again:
        lines = again.recv_until("welcome")["chat"]["lines"]
        assert [line["preset"] for line in lines] == ["thinking", "good_luck"]
    replay = players[1].http.get(f"/api/games/{game_id}/replay").json()["chat"]
    assert [(line["room"], line["preset"]) for line in replay] == [
        ("spectators", "thinking"),
        ("players", "good_luck"),
    ]


def test_a_muted_persons_lines_reach_no_one_who_muted_them_and_theirs_not_them(
    players: list[Player],
) -> None:
    game_id, _ = duel(players)
    ana, ben = players[0], players[1]
    with ana.connect(game_id) as ana_sock, ben.connect(game_id) as ben_sock:
        ana_sock.recv_until("welcome")
        ben_sock.recv_until("welcome")
        say(ana_sock, preset="hello")
        assert next_line(ben_sock)["preset"] == "hello"
        # The answer comes once this process's rooms follow the mute.
        assert ben.http.put(f"/api/me/mutes/{ana.me['id']}").status_code == 204
        assert say(ana_sock, preset="oops")["type"] == "ack"
        assert next_line(ana_sock)["preset"] == "hello"
        assert next_line(ana_sock)["preset"] == "oops"
        assert say(ben_sock, preset="bye")["type"] == "ack"
        assert next_line(ben_sock)["preset"] == "bye"  # not Ana's "oops"
        nothing_more_said(ben_sock)
        nothing_more_said(ana_sock)  # Ben's line does not reach Ana either
    with ben.connect(game_id) as again:
        lines = again.recv_until("welcome")["chat"]["lines"]
        assert [line["preset"] for line in lines] == ["bye"]


def test_the_tables_creator_mutes_someone_there_and_they_are_told(
    players: list[Player],
) -> None:
    game_id, _ = duel(players)
    ana, ben = players[0], players[1]
    with ana.connect(game_id) as ana_sock, ben.connect(game_id) as ben_sock:
        ana_sock.recv_until("welcome")
        ben_sock.recv_until("welcome")
        assert ana.http.put(f"/api/games/{game_id}/mutes/{ben.me['id']}").status_code == 204
        assert ben_sock.recv_until("chat_status")["muted"] is True
        assert ana_sock.recv_until("chat_status")["muted"] is False
        refused = say(ben_sock, preset="hello")
        assert refused["code"] == "chat_muted", refused
        assert ana.http.delete(f"/api/games/{game_id}/mutes/{ben.me['id']}").status_code == 204
        assert ben_sock.recv_until("chat_status")["muted"] is False
        assert say(ben_sock, preset="hello")["type"] == "ack"


def test_a_reconnect_with_chat_since_gets_only_the_lines_it_missed(
    players: list[Player],
) -> None:
    game_id, _ = duel(players)
    with players[0].connect(game_id) as ana:
        ana.recv_until("welcome")
        say(ana, preset="hello")
        with players[1].connect(game_id) as ben:
            first = ben.recv_until("welcome")["chat"]
            assert [line["seq"] for line in first["lines"]] == [1] and first["seq"] == 1
        say(ana, preset="thinking")
        say(ana, preset="sorry")
        with players[1].connect(f"{game_id}?chat_since=1", since=ana.version) as ben:
            chat = ben.recv_until("state")["chat"]
            assert [line["preset"] for line in chat["lines"]] == ["thinking", "sorry"]
            assert chat["seq"] == 3


def test_a_player_who_read_the_chat_has_no_unread_lines_in_my_games(
    players: list[Player],
) -> None:
    game_id, _ = duel(players)
    ana, ben = players[0], players[1]

    def unread() -> int:
        lines = {line["id"]: line for line in ben.http.get("/api/me/games").json()}
        return int(lines[game_id]["unread"])

    with ana.connect(game_id) as ana_sock:
        ana_sock.recv_until("welcome")
        say(ana_sock, preset="hello")
        say(ana_sock, preset="good_luck")
    assert unread() == 2
    with ben.connect(game_id) as ben_sock:
        assert ben_sock.recv_until("welcome")["chat"]["read"] == 0
        ben_sock.send({"type": "chat_read", "seq": 2})
        nothing_more_said(ben_sock)
    assert unread() == 0
    with ben.connect(game_id) as ben_sock:
        assert ben_sock.recv_until("welcome")["chat"]["read"] == 2


def test_a_reported_line_is_kept_with_its_game_for_the_admins(
    players: list[Player], database_url: str
) -> None:
    game_id, _ = duel(players)
    with players[0].connect(game_id) as ana, players[2].connect(game_id) as watcher:
        ana.recv_until("welcome")
        watcher.recv_until("welcome")
        say(ana, preset="hurry")
        say(watcher, preset="oops")
    reported = players[1].http.post(f"/api/chat/{game_id}/1/report", json={"reason": "rude"})
    assert reported.status_code == 201, reported.text
    again = players[1].http.post(f"/api/chat/{game_id}/1/report", json={"reason": "rude"})
    assert again.json() == reported.json()  # one report per person per line
    hidden = players[1].http.post(f"/api/chat/{game_id}/2/report", json={})
    assert hidden.status_code == 404  # a player cannot have read the spectators' line
    missing = players[1].http.post(f"/api/chat/{game_id}/9/report", json={})
    assert missing.status_code == 404 and missing.json()["detail"]["code"] == "no_such_line"
    db = Database(database_url)
    try:
        with db.session() as session:
            reports = list(session.scalars(select(ChatReport)))
            assert [(r.reason, r.reporter_id) for r in reports] == [("rude", players[1].me["id"])]
        # The host reads it, with its line and game, and marks it handled.
        (seen,) = chat_reports(db)
        assert (seen.game_id, seen.seq, seen.said, seen.reason) == (game_id, 1, "[hurry]", "rude")
        assert seen.author == players[0].me["name"]
        handle_report(db, seen.report_id)
        assert chat_reports(db) == [] and len(chat_reports(db, handled=True)) == 1
    finally:
        db.dispose()


@pytest.mark.parametrize("game", ["chromino", "triominos"])
def test_bots_never_chat_and_talk_works_at_every_game(players: list[Player], game: str) -> None:
    game_id, _ = start_game(players[:1], ["human", "greedy"], game=game)
    with players[0].connect(game_id) as ana:
        chat = ana.recv_until("welcome")["chat"]
        assert chat["lines"] == []
        assert say(ana, preset="good_game")["type"] == "ack"
        assert next_line(ana)["preset"] == "good_game"
