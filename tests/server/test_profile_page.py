"""A person's profile over HTTP: ``/players/{id}`` and ``/api/players/{id}/profile``.

The history is written straight to the database (tests/support/profile_seed.py): rated
games with the real model's numbers, casual and private games, solo games, expert
scores, the coach's notes. The page and the JSON must agree with it: the rating and
its chart point by point, the counts, the average, the recent games, the coach's
share; a hidden rating reaches its owner only; a new guest's profile reads well
empty; an id that names nobody is a 404 without a trace."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from itertools import pairwise
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from support.api import device, expect
from support.live import Player
from support.profile_seed import History, Seat, bot

from web.db import Database
from web.models import Game, GamePlayer, Preference
from web.ratings.scale import PROVISIONAL_GAMES, shown
from web.site.chart import MAX_GAME_GAPS, MAX_RATING_GAPS, game_axis, rating_axis, rating_chart

RATED_PLACES = [1, 2, 1, 1, 2, 1, 2, 1, 1, 1, 2, 1]
"""Ana's places in her twelve rated games against the Medium bot, in order."""


@dataclass
class Element:
    """An element the page marks with ``data-testid``: its attributes and its text."""

    tag: str
    attrs: dict[str, str]
    text: list[str] = field(default_factory=list)

    @property
    def words(self) -> str:
        return " ".join("".join(self.text).split())


class Marked(HTMLParser):
    """Every element with a ``data-testid``, in page order, with the text inside it."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.found: list[Element] = []
        self._open: list[tuple[str, Element | None]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        element = Element(tag, values) if "data-testid" in values else None
        if element is not None:
            self.found.append(element)
        if tag not in ("meta", "link", "input", "br", "img"):
            self._open.append((tag, element))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if "data-testid" in values:
            self.found.append(Element(tag, values))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            open_tag, _ = self._open.pop()
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, element in self._open:
            if element is not None:
                element.text.append(data)

    def all(self, testid: str) -> list[Element]:
        return [element for element in self.found if element.attrs["data-testid"] == testid]

    def one(self, testid: str) -> Element:
        found = self.all(testid)
        assert len(found) == 1, (testid, len(found))
        return found[0]


def person(client: TestClient, name: str, *, password: bool = False) -> int:
    """A new account on its own device, named; with a password, not a guest. Its id."""
    me = expect(client.post("/api/me"), 200)
    expect(client.put("/api/me/name", json={"name": name}), 200)
    if password:
        expect(client.put("/api/me/password", json={"password": "a long enough secret"}), 200)
    return int(me["id"])


def page(client: TestClient, user_id: int) -> Marked:
    answer = client.get(f"/players/{user_id}")
    assert answer.status_code == 200, answer.text
    return Marked(answer.text)


def profile_json(client: TestClient, user_id: int) -> dict[str, Any]:
    body: dict[str, Any] = expect(client.get(f"/api/players/{user_id}/profile"), 200)
    return body


@dataclass
class Seeded:
    """What was written for Ana: her rated games in order, the private duel and her
    solo games (only she may watch those)."""

    rated: list[str]
    private: str
    solo: list[str]


def seed_ana(db: Database, ana: int, ben: int) -> Seeded:
    """Ana's history: twelve rated Chromino duels with the Medium bot, two casual
    Triominos games of three, two expert-scored duels with Ben (73 points in 21
    turns), two solo games (the best: 12 turns, 4 drawn), one private duel with Ben
    (nobody else may watch it) and the coach's notes on two games (3 of her 6 moves
    as the coach would have played them), a third analysis failed."""
    a, b = Seat("Ana", ana), Seat("Ben", ben)
    with db.session() as session:
        history = History(session)
        history.arrived(ana, ben)
        rated = [
            history.game([a, bot("greedy")], winners=[0] if place == 1 else [1],
                         rated_pool="chromino")
            for place in RATED_PLACES
        ]  # fmt: skip
        history.game([a, b, bot("random")], kind="triominos", winners=[0], scores=[210, 150, 90])
        history.game([b, a, bot("random")], kind="triominos", winners=[0], scores=[220, 180, 60])
        expert = {"scoring": "expert"}
        first = history.game([a, b], options=expert, winners=[0], scores=[40, 30], turns=[10, 12])
        history.game([b, a], options=expert, winners=[1], scores=[20, 33], turns=[11, 11])
        solo = [
            history.game([a], solo=True, spectators=False, turns=[15], draws=[2]),
            history.game([a], solo=True, spectators=False, turns=[12], draws=[4]),
        ]
        private = history.game([a, b], spectators=False, winners=[1])
        history.analysis(first, [(0, 0.0), (1, 0.2), (0, 0.1), (1, 0.0), (0, 0.0), (0, 0.05)])
        history.analysis(rated[0], [(0, 0.0), (1, 0.0), (0, 0.3)])
        history.analysis(rated[1], [(0, 0.0)], status="failed")
    return Seeded(rated=rated, private=private, solo=solo)


def test_the_profile_of_a_person_with_rated_games_says_what_they_played(
    client: TestClient, db: Database
) -> None:
    ana = person(client, "Ana", password=True)
    bens = device(client)
    ben = person(bens, "Ben")
    other = device(client)
    person(other, "Cleo")  # played none of Ana's games
    seeded = seed_ana(db, ana, ben)

    # The JSON, as Cleo sees it.
    body = profile_json(other, ana)
    assert (body["id"], body["name"], body["guest"], body["own"]) == (ana, "Ana", False, False)
    assert body["rating_hidden"] is False
    [chromino] = body["ratings"]
    assert chromino["pool"] == "chromino" and chromino["label"] == "Chromino"
    assert chromino["games"] == len(RATED_PLACES)
    assert chromino["wins"] == RATED_PLACES.count(1)
    assert chromino["provisional"] is (len(RATED_PLACES) < PROVISIONAL_GAMES)
    history = chromino["history"]
    assert [point["game"] for point in history] == list(range(1, len(RATED_PLACES) + 1))
    assert history[-1]["rating"] == chromino["rating"]
    assert chromino["start"] == shown(25.0) == 1500
    ratings = [chromino["start"], *(point["rating"] for point in history)]
    # Each change is the step from the rating before; a win never lowers it.
    for index, point in enumerate(history):
        assert point["change"] == ratings[index + 1] - ratings[index]
        assert (point["change"] > 0) == (RATED_PLACES[index] == 1), (index, point)
        assert point["provisional"] is (index + 1 < PROVISIONAL_GAMES)
        assert point["game_id"] == seeded.rated[index]

    records = {(r["game"], r["players"]): (r["played"], r["won"]) for r in body["records"]}
    duels_won = RATED_PLACES.count(1) + 2  # both expert duels; not the private one
    assert records == {
        ("chromino", 1): (2, None),
        ("chromino", 2): (len(RATED_PLACES) + 3, duels_won),
        ("triominos", 3): (2, 1),
    }
    assert [(r["game"], r["players"]) for r in body["records"]] == [
        ("chromino", 1),
        ("chromino", 2),
        ("triominos", 3),
    ]
    expert = body["expert"]
    assert (expert["games"], expert["points"], expert["turns"]) == (2, 73, 21)
    assert expert["per_move"] == round(73 / 21, 2)
    [best] = body["solo_best"]
    assert (best["game"], best["turns"], best["draws"]) == ("chromino", 12, 4)

    # Recent games: the ten newest Cleo may watch (not the private duel, not the solo
    # games), newest first, with Ana's place and her rating change when rated.
    recent = body["recent"]
    others_only = {seeded.private, *seeded.solo}
    watchable = [game for game in reversed_games(db, ana) if game not in others_only]
    assert [game["game_id"] for game in recent] == watchable[:10]
    assert seeded.private not in [game["game_id"] for game in recent]
    by_id = {game["game_id"]: game for game in recent}
    for index, game_id in enumerate(seeded.rated):
        if game_id in by_id:
            line = by_id[game_id]
            assert line["rated"] is True
            assert line["change"] == history[index]["change"]
            assert line["place"] == RATED_PLACES[index]
            assert [seat["name"] for seat in line["seats"]] == ["Ana", "Medium bot"]
            assert [seat["me"] for seat in line["seats"]] == [True, False]
    assert all(game["solo"] is False for game in recent)

    coach = body["coach"]
    # Ana's notes: seat 0 in both analysed games (the failed analysis counts nothing).
    assert (coach["games"], coach["moves"], coach["matching"]) == (2, 6, 3)
    assert coach["share"] == pytest.approx(0.5)

    # The page says the same.
    shown_page = page(other, ana)
    assert shown_page.one("profile-name").words == "Ana"
    assert not shown_page.all("guest-mark")
    [card] = shown_page.all("pool-rating")
    assert card.attrs["data-pool"] == "chromino"
    number = shown_page.one("rating-number").words
    assert number == f"{chromino['rating']}" + ("?" if chromino["provisional"] else "")
    assert shown_page.one("pool-games").words == (
        f"{len(RATED_PLACES)} rated games · {RATED_PLACES.count(1)} wins"
    )
    check_chart_points(shown_page, ratings)
    rows = shown_page.all("chart-row")
    assert len(rows) == 10  # the latest ten, newest first
    assert rows[0].words.endswith(str(ratings[-1]))
    played = {
        (row.attrs["data-game"], row.attrs["data-players"]): row
        for row in shown_page.all("game-record")
    }
    assert played[("chromino", "2")].words.endswith(f"{len(RATED_PLACES) + 3} {duels_won}")
    assert "Solo" in played[("chromino", "1")].words
    assert shown_page.one("expert-per-move").words == "3.48"
    assert shown_page.one("solo-best").words == "Chromino 12 turns, 4 tiles drawn"
    lines = shown_page.all("recent-game")
    assert [line.attrs["data-game"] for line in lines] == watchable[:10]
    links = shown_page.all("replay-link")
    assert [link.attrs["href"] for link in links] == [f"/g/{g}/replay" for g in watchable[:10]]
    changes = [element.words for element in shown_page.all("rating-change")]
    expected_changes = [
        signed(history[seeded.rated.index(g)]["change"])
        for g in watchable[:10]
        if g in seeded.rated
    ]
    assert changes == expected_changes
    assert shown_page.one("coach-share").words == "50%"
    assert shown_page.one("coach-moves").words == "6"

    # Ana sees her own private duel and solo games among her recent games; Ben, who
    # played the private duel, sees it too, not her solo games.
    mine = profile_json(client, ana)
    assert mine["own"] is True
    assert [game["game_id"] for game in mine["recent"]] == reversed_games(db, ana)[:10]
    assert seeded.private in [game["game_id"] for game in mine["recent"]]
    bens_view = [game["game_id"] for game in profile_json(bens, ana)["recent"]]
    assert seeded.private in bens_view
    assert not set(seeded.solo) & set(bens_view)


def reversed_games(db: Database, user_id: int) -> list[str]:
    """The person's finished games, newest first, as stored."""
    with db.sessions() as session:
        query = (
            select(Game.id)
            .join(GamePlayer, GamePlayer.game_id == Game.id)
            .where(GamePlayer.user_id == user_id, Game.status == "finished")
            .order_by(Game.finished_at.desc())
        )
        return list(session.scalars(query))


def signed(change: int) -> str:
    return f"+{change}" if change > 0 else (f"\u2212{-change}" if change < 0 else "0")


def check_chart_points(shown_page: Marked, ratings: list[int]) -> None:
    """The chart's line passes through every rating of the history: each point's
    height, read back through the labelled ticks, is that game's rating; the games are
    evenly spread from the left edge to the right; the provisional stretch (dashed)
    ends at the game that made the rating count."""
    ticks = [
        (int(t.attrs["data-value"]), float(t.attrs["data-at"]))
        for t in shown_page.all("rating-tick")
    ]
    assert 2 <= len(ticks) <= MAX_RATING_GAPS + 1
    (top_value, top_at), (foot_value, foot_at) = ticks[-1], ticks[0]
    assert top_at == 0 and foot_at == 100

    def rating_at(y: float) -> float:
        return foot_value + (foot_at - y) / (foot_at - top_at) * (top_value - foot_value)

    dashed = shown_page.all("chart-provisional")
    solid = shown_page.all("chart-established")
    points = [_pairs(line.attrs["points"]) for line in dashed + solid]
    line = points[0] + (points[1][1:] if len(points) > 1 else [])
    assert len(line) == len(ratings)
    for game, ((x, y), rating) in enumerate(zip(line, ratings, strict=True)):
        assert x == pytest.approx(100 * game / (len(ratings) - 1), abs=0.01)
        assert rating_at(y) == pytest.approx(rating, abs=0.1), (game, y, rating)
    provisional_end = min(PROVISIONAL_GAMES, len(ratings) - 1)
    assert len(points[0]) == provisional_end + 1


def _pairs(points: str) -> list[tuple[float, float]]:
    pairs = []
    for pair in points.split():
        x, y = pair.split(",")
        pairs.append((float(x), float(y)))
    return pairs


def test_a_hidden_rating_is_shown_to_its_owner_only(client: TestClient, db: Database) -> None:
    ana = person(client, "Ana")
    other = device(client)
    ben = person(other, "Ben")
    seed_ana(db, ana, ben)
    with db.session() as session:
        preference = session.get(Preference, ana)
        assert preference is not None
        preference.hide_rating = True

    theirs = profile_json(other, ana)
    assert theirs["guest"] is True
    assert theirs["rating_hidden"] is True
    assert theirs["ratings"] == []
    assert all(game["change"] is None for game in theirs["recent"])
    seen = page(other, ana)
    assert seen.one("guest-mark").words == "guest"  # a guest who chose a name
    assert "Hidden" in seen.one("rating-hidden").words
    assert not seen.all("pool-rating") and not seen.all("rating-chart")
    assert not seen.all("rating-change")
    assert not seen.all("rating-hidden-note")

    visitor = device(client)  # no account at all: the same
    assert profile_json(visitor, ana)["ratings"] == []
    assert not page(visitor, ana).all("rating-number")

    mine = profile_json(client, ana)
    assert mine["rating_hidden"] is True and mine["own"] is True
    assert [rating["pool"] for rating in mine["ratings"]] == ["chromino"]
    own = page(client, ana)
    assert "Only you see this" in own.one("rating-hidden-note").words
    assert own.all("rating-chart") and own.all("rating-change")


def test_a_new_guest_has_a_profile_that_reads_well_empty(client: TestClient) -> None:
    guest = expect(client.post("/api/me"), 200)
    body = profile_json(device(client), guest["id"])
    assert body["guest"] is True
    assert body["name"] == guest["name"]
    assert (body["ratings"], body["records"], body["solo_best"], body["recent"]) == ([], [], [], [])
    assert body["expert"] is None and body["coach"] is None
    shown_page = page(client, guest["id"])
    number = guest["name"].removeprefix("Guest ")
    assert shown_page.one("profile-name").words == f"Guest {number}"
    assert not shown_page.all("guest-mark")  # "Guest 123456" says it already
    assert shown_page.one("member-since").words.startswith("Playing here since ")
    assert shown_page.one("no-ratings").words == "No rated games yet."
    assert shown_page.one("no-games").words == "No finished games yet. Play a game"  # her own
    assert shown_page.one("no-solo-best").words == "No personal best yet."
    assert shown_page.one("no-recent").words == "No finished games yet."
    assert shown_page.one("no-coach").words == "No analysed games yet."


def test_the_page_speaks_the_readers_language(client: TestClient, db: Database) -> None:
    ana = person(client, "Ana")
    ben = person(device(client), "Ben")
    seed_ana(db, ana, ben)
    answer = client.get(f"/players/{ana}", headers={"Accept-Language": "fr"})
    assert answer.status_code == 200
    french = Marked(answer.text)
    assert french.one("pool-games").words == "12 parties classées · 8 victoires"
    assert french.one("expert-per-move").words == "3,48"
    share = "".join(french.one("coach-share").text).strip()
    assert re.fullmatch("50[\u00a0\u202f]%", share), share  # no line break before "%"
    assert "mars 2025" in french.all("replay-link")[0].words
    assert french.one("member-since").words == "Joue ici depuis le 22 févr. 2025"


@pytest.mark.parametrize("player", ["999999", "0", "abc", "12abc", "-3", "1" * 30])
def test_an_id_that_names_nobody_is_a_404_in_words(client: TestClient, player: str) -> None:
    answer = client.get(f"/players/{player}", headers={"Accept-Language": "de"})
    assert answer.status_code == 404
    assert "Traceback" not in answer.text
    assert Marked(answer.text).one("not-found").tag == "section"
    assert "Diesen Spieler gibt es nicht" in answer.text
    api = client.get(f"/api/players/{player}/profile")
    assert api.status_code == 404
    assert api.json()["detail"]["code"] == "no_such_player"


def test_a_deleted_account_has_no_profile_and_is_named_a_former_player(
    client: TestClient, db: Database
) -> None:
    ana = person(client, "Ana")
    other = device(client)
    ben = person(other, "Ben")
    seeded = seed_ana(db, ana, ben)
    assert [seat["user_id"] for seat in profile_json(other, ben)["recent"][0]["seats"]] == [
        ana,
        ben,
    ]
    expect(client.request("DELETE", "/api/me", json={"confirm": "Ana"}), 204)

    answer = other.get(f"/players/{ana}")
    assert answer.status_code == 404
    assert Marked(answer.text).one("not-found").tag == "section"
    # Ben's games with her stay on his profile: her seat names nobody to link to.
    line = next(g for g in profile_json(other, ben)["recent"] if g["game_id"] == seeded.private)
    assert line["seats"][0] == {
        "name": "a former player",
        "user_id": None,
        "bot": None,
        "me": False,
    }
    words = [e.words for e in page(other, ben).all("recent-game")]
    assert words and all("a former player" in line for line in words)


def test_a_rated_game_played_on_a_live_server_shows_on_both_profiles(
    players: list[Player],
) -> None:
    """The live path, end to end: a rated duel whose loser leaves (last place); the
    ratings the server wrote as the game ended are what both profiles show."""
    ana, ben = players[:2]
    made = ana.http.post("/api/tables", json={"seats": [{"kind": "human"}] * 2, "rated": True})
    assert made.status_code == 201, made.text
    code = made.json()["invite_code"]
    assert ben.http.post(f"/api/tables/{code}/join").status_code == 200
    started = ana.http.post(f"/api/tables/{code}/start")
    assert started.status_code == 200, started.text
    game_id = started.json()["game_id"]
    with ana.connect(game_id) as sock:
        version = sock.recv_until("welcome")["version"]
        sock.send({"type": "resign", "id": "leaving", "version": version})
        reply = sock.recv_until("ack")
        assert reply["id"] == "leaving"

    for player, place, gained in ((ana, 2, False), (ben, 1, True)):
        body = expect(player.http.get(f"/api/players/{player.me['id']}/profile"), 200)
        [rating] = body["ratings"]
        assert (rating["pool"], rating["games"], rating["wins"]) == ("chromino", 1, place == 1)
        assert rating["provisional"] is True
        [point] = rating["history"]
        assert point["game_id"] == game_id and (point["change"] > 0) is gained
        assert point["rating"] == rating["rating"] == rating["start"] + point["change"]
        [line] = body["recent"]
        assert (line["game_id"], line["place"], line["rated"]) == (game_id, place, True)
        assert line["change"] == point["change"]
        shown_page = Marked(player.http.get(f"/players/{player.me['id']}").text)
        assert shown_page.one("rating-number").words == f"{rating['rating']}?"
        assert shown_page.one("place").words == ("Victory" if place == 1 else "Place 2 of 2")
        assert shown_page.one("rating-change").words == signed(point["change"])
        check_chart_points(shown_page, [rating["start"], rating["rating"]])


# --- the chart's arithmetic -----------------------------------------------------------


def test_the_rating_axis_is_round_and_holds_every_rating() -> None:
    for lowest, highest in [(1500, 1500), (1480, 1530), (1200, 1900), (1013, 1987), (300, 2900)]:
        low, high, step = rating_axis(lowest, highest)
        assert low <= lowest and high >= highest
        assert low % step == 0 and high % step == 0
        assert 1 <= (high - low) // step <= MAX_RATING_GAPS
        assert high - low >= 40


def test_the_games_axis_labels_the_start_and_the_last_game() -> None:
    for games in range(1, 400):
        marks = game_axis(games)
        assert marks[0] == 0 and marks[-1] == games
        assert marks == sorted(set(marks))
        assert len(marks) <= MAX_GAME_GAPS + 2  # round steps, and the last game
        gaps = [b - a for a, b in pairwise(marks)]
        # the last label never crowds the one before it: half a step apart at least
        assert gaps[-1] * 2 >= max(gaps), (games, marks)


def test_the_dashed_stretch_ends_where_the_rating_stops_being_provisional() -> None:
    chart = rating_chart([1500, 1520, 1510], 10)
    assert chart.established == "" and chart.provisional.count(",") == 3
    ratings = list(range(1500, 1500 + 13 * 10, 10))
    chart = rating_chart(ratings, 10)
    assert len(chart.provisional.split()) == 11  # the start and ten games
    assert len(chart.established.split()) == 3  # from the tenth game on
    assert chart.provisional.split()[-1] == chart.established.split()[0]
    top = 100 * (chart.high - ratings[-1]) / (chart.high - chart.low)
    assert chart.last[0] == 100.0
    assert chart.last[1] == pytest.approx(top, abs=0.01)
    with pytest.raises(ValueError, match="at least one game"):
        rating_chart([1500], 10)
