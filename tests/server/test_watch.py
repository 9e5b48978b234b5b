"""Watching: the live public games (``/api/live``), one public game as a spectator
sees it (``/api/live/{id}``), following people (``/api/follows``), the pages that show
them, and which sites may frame the embeddable ones (``CHROMINO_EMBED_ORIGINS``).

A game reaches strangers only from a listed table that lets people watch, never a solo
or pass-and-play one: each of the others is checked to stay out of every answer."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from pydantic import ValidationError
from support.api import expect, refusal, server
from support.fixtures import LiveServers
from support.live import LiveServer, Player, make_settings

from web.db import Database
from web.ops.admin import end_game
from web.settings import Settings

HUMAN = {"kind": "human"}


def dealt(creator: Player, seats: list[dict[str, Any]], **table: Any) -> str:
    """A table of ``creator``'s with these seats and settings, started; its game's id."""
    body = {"seats": seats, **table}
    invite = expect(creator.http.post("/api/tables", json=body), 201)["invite_code"]
    return str(expect(creator.http.post(f"/api/tables/{invite}/start"), 200)["game_id"])


def public_game(creator: Player, bot: str = "greedy", **table: Any) -> str:
    """A listed table open to spectators, its creator against a bot, started."""
    return dealt(creator, [HUMAN, {"kind": "bot", "bot": bot}], public=True, **table)


def live_ids(reader: httpx.Client, query: str = "") -> list[str]:
    return [line["id"] for line in expect(reader.get(f"/api/live{query}"), 200)]


def test_only_public_games_anyone_may_watch_are_listed_and_shown(
    players: list[Player], live_server: LiveServer
) -> None:
    ana = players[0]
    shown = public_game(ana)
    hidden = {
        "unlisted table": dealt(ana, [HUMAN, {"kind": "bot", "bot": "greedy"}]),
        "no spectators": public_game(ana, spectators=False),
        "pass-and-play": dealt(
            ana, [{"kind": "local", "name": "Al"}, {"kind": "local", "name": "Bo"}], public=True
        ),
        "solo": str(expect(ana.http.post("/api/solo", json={}), 201)["game_id"]),
    }
    with httpx.Client(base_url=live_server.url) as stranger:  # no cookie at all
        assert live_ids(stranger) == [shown]
        frame = expect(stranger.get(f"/api/live/{shown}"), 200)
        assert frame["status"] == "playing"
        assert frame["players"][0] == ana.me["name"]
        assert frame["position"]["board"], "the dealt tile lies on the board"
        assert "hands" not in frame["position"]
        page = stranger.get(f"/embed/g/{shown}")
        assert page.status_code == 200
        assert 'data-testid="embed"' in page.text
        assert "set-cookie" not in page.headers, "a frame's page sets no cookie"
        for why, game_id in hidden.items():
            message = refusal(stranger.get(f"/api/live/{game_id}"), 404, "not_public")
            assert "private" in message, why
            page = stranger.get(f"/embed/g/{game_id}")
            assert page.status_code == 404, why
            assert "This game cannot be shown here" in page.text
            assert game_id not in page.text
            assert "set-cookie" not in page.headers
            assert stranger.get(f"/tv/{game_id}").status_code == 404
        refusal(stranger.get("/api/live/not-a-game"), 404, "not_public")


def test_the_list_sorts_and_filters_by_the_players_average_rating(
    players: list[Player], live_server: LiveServer
) -> None:
    ana, ben = players[:2]
    strong = public_game(ana, bot="strong")  # the Hard bot's fixed rating
    easy = public_game(ben, bot="random")  # the Easy bot's
    lines = expect(ana.http.get("/api/live"), 200)
    assert [line["id"] for line in lines] == [strong, easy]
    ratings = {line["id"]: line["rating"] for line in lines}
    assert ratings[strong] > ratings[easy], "a new player's rating is not shown: the bot's is"
    middle = (ratings[strong] + ratings[easy]) // 2
    assert live_ids(ana.http, f"?min_rating={middle}") == [strong]
    assert live_ids(ana.http, f"?max_rating={middle}") == [easy]
    assert live_ids(ana.http, "?sort=newest") == [easy, strong]
    assert live_ids(ana.http, "?game=chromino") == [strong, easy]
    assert live_ids(ana.http, "?game=triominos") == []
    refusal(ana.http.get("/api/live?game=chess"), 422, "no_such_game_kind")
    assert ana.http.get("/api/live?sort=loudest").status_code == 422
    assert ana.http.get("/api/live?min_rating=-5").status_code == 422


def test_the_list_counts_the_spectators(players: list[Player]) -> None:
    ana, watcher = players[:2]
    game_id = public_game(ana)
    assert expect(watcher.http.get("/api/live"), 200)[0]["spectators"] == 0
    with watcher.connect(game_id) as socket:
        socket.recv_until("welcome")
        assert expect(watcher.http.get("/api/live"), 200)[0]["spectators"] == 1
        with ana.connect(game_id) as seat:  # a player's socket is no spectator
            seat.recv_until("welcome")
            assert expect(watcher.http.get("/api/live"), 200)[0]["spectators"] == 1


def test_following_puts_their_games_first_and_says_where_they_play(
    players: list[Player],
) -> None:
    ana, ben, cleo = players[:3]
    best = public_game(ana, bot="strong")
    bens = public_game(ben, bot="random")
    assert live_ids(cleo.http) == [best, bens]

    followed = expect(cleo.http.post(f"/api/follows/{ben.me['name']}"), 201)
    assert followed == {"id": ben.me["id"], "name": ben.me["name"], "following": True}
    expect(cleo.http.post(f"/api/follows/{ben.me['name']}"), 200)  # already: nothing new
    lines = expect(cleo.http.get("/api/live"), 200)
    assert [(line["id"], line["followed"]) for line in lines] == [(bens, True), (best, False)]
    assert live_ids(ana.http) == [best, bens], "only the follower's list changes"
    assert live_ids(cleo.http, "?follows_first=false") == [best, bens], "the TV's order"
    [follow] = expect(cleo.http.get("/api/follows"), 200)
    assert (follow["name"], follow["playing"], follow["game_id"]) == (ben.me["name"], True, bens)
    assert follow["watch_url"] == f"/tv/{bens}"
    assert expect(ben.http.get("/api/follows"), 200) == [], "following is one-way"

    expect(cleo.http.delete(f"/api/follows/{ben.me['name']}"), 200)
    assert expect(cleo.http.get("/api/follows"), 200) == []
    assert live_ids(cleo.http) == [best, bens]


def test_following_refuses_clearly_and_changes_nothing(players: list[Player]) -> None:
    ana = players[0]
    refusal(ana.http.post(f"/api/follows/{ana.me['name']}"), 400, "yourself")
    refusal(ana.http.post("/api/follows/Nobody%20Here"), 404, "no_such_person")
    refusal(ana.http.delete("/api/follows/Nobody%20Here"), 404, "no_such_person")
    assert expect(ana.http.get("/api/follows"), 200) == []
    with httpx.Client(base_url=ana.base_url) as visitor:
        assert expect(visitor.get("/api/follows"), 200) == []
        assert visitor.cookies.get("chromino_session") is None, "looking makes no account"


def test_a_mute_hides_the_muter_from_the_muted(players: list[Player]) -> None:
    ana, ben = players[:2]
    anas = public_game(ana)
    expect(ben.http.post(f"/api/follows/{ana.me['name']}"), 201)
    assert ana.http.put(f"/api/me/mutes/{ben.me['id']}").status_code == 204
    assert expect(ben.http.get("/api/follows"), 200) == []
    assert live_ids(ben.http) == [], "the muter's games are not listed to the muted"
    refusal(ben.http.post(f"/api/follows/{ana.me['name']}"), 404, "no_such_person")
    assert live_ids(ana.http) == [anas]
    expect(ana.http.post(f"/api/follows/{ben.me['name']}"), 201)  # the muter still may


def test_a_finished_public_game_comes_with_its_steps(
    players: list[Player], database_url: str
) -> None:
    ana = players[0]
    game_id = public_game(ana)
    database = Database(database_url)
    try:
        end_game(database, game_id)
    finally:
        database.dispose()
    assert live_ids(ana.http) == []
    frame = expect(ana.http.get(f"/api/live/{game_id}?since=0"), 200)
    assert frame["status"] == "finished"
    steps = frame["steps"]
    assert len(steps) == frame["version"] + 1
    last = {**frame["position"], "tiles": len(frame["position"]["board"])}
    del last["board"]
    assert steps[-1] == last
    assert [step["tiles"] for step in steps] == sorted(step["tiles"] for step in steps)
    assert all("hands" not in step for step in steps)


def test_a_page_asking_again_hears_only_that_nothing_changed(players: list[Player]) -> None:
    ana, ben = players[:2]
    body = {"seats": [HUMAN, HUMAN], "public": True}  # no bot: nothing moves meanwhile
    invite = expect(ana.http.post("/api/tables", json=body), 201)["invite_code"]
    expect(ben.http.post(f"/api/tables/{invite}/join"), 200)
    game_id = expect(ana.http.post(f"/api/tables/{invite}/start"), 200)["game_id"]
    version = expect(ana.http.get(f"/api/live/{game_id}"), 200)["version"]
    again = expect(ana.http.get(f"/api/live/{game_id}?since={version}"), 200)
    assert again == {"version": version, "status": "playing", "same": True}


# --- who may frame the embeddable pages ---------------------------------------------------


def headers_of(server: LiveServer, path: str) -> httpx.Headers:
    with httpx.Client(base_url=server.url) as reader:
        return reader.get(path).headers


def test_with_no_embed_origins_nothing_may_frame_any_page(live_server: LiveServer) -> None:
    for path in ("/embed/daily", "/embed/g/nothing", "/live", "/tv", "/"):
        headers = headers_of(live_server, path)
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY", path


def test_the_listed_origins_may_frame_the_embed_pages_only(serve: LiveServers) -> None:
    origins = "https://club.example, http://127.0.0.1:9999/"
    server: LiveServer = serve(embed_origins=origins)
    for path in ("/embed/daily", "/embed/g/nothing"):
        headers = headers_of(server, path)
        policy = headers["content-security-policy"]
        assert "frame-ancestors http://127.0.0.1:9999 https://club.example" in policy, path
        assert "x-frame-options" not in headers, "its DENY would overrule the listed origins"
        assert "script-src 'self'" in policy
    for path in ("/live", "/tv", "/", "/api/live", "/embed"):
        headers = headers_of(server, path)
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY", path


@pytest.mark.parametrize(
    "origins",
    ["https://a.example; script-src *", "club.example", "https://a.example/page", "*"],
)
def test_an_embed_origin_must_be_an_origin(origins: str) -> None:
    with pytest.raises(ValidationError, match="is not an origin"):
        make_settings("sqlite://", embed_origins=origins)


def test_embed_origins_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHROMINO_EMBED_ORIGINS", "https://a.example, https://b.example/")
    assert Settings().embed_origins == ["https://a.example", "https://b.example"]
    monkeypatch.delenv("CHROMINO_EMBED_ORIGINS")
    assert Settings().embed_origins == []


def test_the_daily_deal_can_be_framed_for_anyone(live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.url) as stranger:
        page = stranger.get("/embed/daily")
        assert page.status_code == 200
        assert page.text.count('data-testid="embed-deal"') >= 1
        assert "Nobody has finished today" in page.text
        assert "set-cookie" not in page.headers


def test_a_profile_offers_to_follow_except_to_oneself_and_to_the_muted(
    players: list[Player],
) -> None:
    ana, ben, cleo = players[:3]
    page = cleo.http.get(f"/players/{ana.me['id']}").text
    assert 'data-testid="follow-button"' in page
    assert 'data-state="not_following"' in page
    expect(cleo.http.post(f"/api/follows/{ana.me['name']}"), 201)
    assert 'data-state="following"' in cleo.http.get(f"/players/{ana.me['id']}").text
    assert 'data-testid="follow-button"' not in ana.http.get(f"/players/{ana.me['id']}").text
    assert ana.http.put(f"/api/me/mutes/{ben.me['id']}").status_code == 204
    assert 'data-testid="follow-button"' not in ben.http.get(f"/players/{ana.me['id']}").text


def test_a_private_server_lists_its_games_to_its_people_only(database_url: str) -> None:
    with server(database_url, join="closed") as stranger:
        refused = stranger.get("/api/live")
        assert refused.status_code == 403, refused.text
        assert "Traceback" not in refused.text
        assert stranger.get("/live").status_code == 200  # the page says how to get in
        assert 'data-testid="join-panel"' in stranger.get("/live").text


def test_an_account_deleted_takes_its_follows_with_it(players: list[Player]) -> None:
    ana, ben = players[:2]
    expect(ana.http.post(f"/api/follows/{ben.me['name']}"), 201)
    expect(ben.http.post(f"/api/follows/{ana.me['name']}"), 201)
    gone = ben.http.request("DELETE", "/api/me", json={"confirm": ben.me["name"]})
    assert gone.status_code == 204, gone.text
    assert expect(ana.http.get("/api/follows"), 200) == []
