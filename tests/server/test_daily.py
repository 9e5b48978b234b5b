"""The daily deal (web.daily, docs/daily.md): the same deal on every server, one scored
attempt a day, Hard's reference computed once and reproducibly, the board, the streak."""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, date, datetime, timedelta
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from support.api import at_once, device, expect, make_admin, play_solo, refusal, server, signed_in
from support.days import eventually
from support.live import (
    SPARE_CYCLES_SECONDS,
    LiveServer,
    Player,
    make_settings,
    migrated_sqlite,
    run_apart,
)

from chromino.core.actions import DRAW, PASS, Action
from chromino.games.chromino import GAME as CHROMINO_GAME
from chromino.games.chromino.tiles import ALL_NAMES
from chromino.games.triominos import GAME as TRIOMINOS_GAME
from web.app import create_app
from web.clock import FakeClock, SystemClock
from web.daily import attempts, share
from web.daily.deal import DAILY_GAMES, daily_seed, daily_setup, deal_day
from web.daily.reference import (
    SCALE,
    References,
    attempt_result,
    merit,
    percentage,
    play_reference,
)
from web.db import Database
from web.games import game_kind
from web.live import COACH_NICENESS, Workers
from web.models import (
    DailyPractice,
    DailyReference,
    DailyScoredAttempt,
    Game,
    GameTable,
    Preference,
    User,
)

GAME_DESCRIPTORS = {"chromino": CHROMINO_GAME, "triominos": TRIOMINOS_GAME}
FEW_ITERATIONS = 4
"""Hard's search in these tests: the same machinery, quickly (servers use 600)."""


def daily_pool() -> Workers:
    """A pool for Hard's reference games, as the app makes one."""
    return Workers(1, "daily", niceness=COACH_NICENESS)


def quick(client: TestClient) -> TestClient:
    client.app.state.daily.iterations = FEW_ITERATIONS  # type: ignore[attr-defined]
    return client


@pytest.fixture
def daily(client: TestClient) -> TestClient:
    return quick(client)


def without_players(setup: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in setup.items() if key != "players"}


def stored(db: Database, game_id: str) -> Game:
    with db.sessions() as session:
        game = session.get(Game, game_id)
        assert game is not None
        return game


# --- the deal -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", DAILY_GAMES)
def test_two_servers_deal_the_same_daily_deal(game: str, tmp_path: Path) -> None:
    setups = []
    for name, label in (("Ana", "one"), ("Ben", "two")):
        url = migrated_sqlite(tmp_path / f"{label}.sqlite3")
        with TestClient(create_app(make_settings(url)), base_url="http://127.0.0.1:8000") as app:
            quick(app)
            expect(app.put("/api/me/name", json={"name": name}), 200)
            # Another table first, so the daily game's table and ids differ between servers.
            if label == "two":
                expect(app.post("/api/solo"), 201)
            started = expect(app.post(f"/api/daily/{game}/games"), 201)
            assert started["scored"] is True
            database = Database(url)
            try:
                setups.append(without_players(stored(database, started["game_id"]).setup))
            finally:
                database.dispose()
    assert setups[0] == setups[1]
    today = deal_day(datetime.now(UTC))
    assert setups[0] == without_players(daily_setup(game, today, "anyone"))


def test_the_seed_is_the_documented_string_and_each_day_deals_anew() -> None:
    day = date(2026, 12, 1)
    assert daily_seed("chromino", day) == "daily/1/chromino/2026-12-01"
    assert daily_seed("triominos", day) == "daily/1/triominos/2026-12-01"
    for game in DAILY_GAMES:
        first = daily_setup(game, day, "Ana")
        assert first["hands"] != daily_setup(game, day + timedelta(days=1), "Ana")["hands"]
    assert deal_day(datetime(2026, 12, 1, 23, 59, tzinfo=UTC)) == day
    assert deal_day(datetime(2026, 12, 2, 0, 0, tzinfo=UTC)) == day + timedelta(days=1)


# --- one scored attempt a day ----------------------------------------------------------------


def test_the_second_attempt_is_not_scored_but_kept_as_practice(
    daily: TestClient, db: Database
) -> None:
    first = expect(daily.post("/api/daily/chromino/games"), 201)
    second = expect(daily.post("/api/daily/chromino/games"), 201)
    assert first["scored"] is True
    assert second["scored"] is False
    assert first["day"] == second["day"]
    with db.sessions() as session:
        scored = list(session.scalars(select(DailyScoredAttempt)))
        practice = list(session.scalars(select(DailyPractice)))
    assert [row.game_id for row in scored] == [first["game_id"]]
    assert [row.game_id for row in practice] == [second["game_id"]]
    state = expect(daily.get("/api/daily"), 200)
    chromino = next(entry for entry in state["games"] if entry["game"] == "chromino")
    assert chromino["scored"]["game_id"] == first["game_id"]
    assert [entry["game_id"] for entry in chromino["practice"]] == [second["game_id"]]
    # The same deal both times, and the other game's attempt is still to come.
    assert without_players(stored(db, first["game_id"]).setup) == without_players(
        stored(db, second["game_id"]).setup
    )
    assert expect(daily.post("/api/daily/triominos/games"), 201)["scored"] is True


def test_another_person_has_their_own_scored_attempt(daily: TestClient) -> None:
    expect(daily.post("/api/daily/chromino/games"), 201)
    other = device(daily)
    assert expect(other.post("/api/daily/chromino/games"), 201)["scored"] is True


def test_the_key_refuses_a_second_scored_attempt(db: Database, daily: TestClient) -> None:
    started = expect(daily.post("/api/daily/chromino/games"), 201)
    practice = expect(daily.post("/api/daily/chromino/games"), 201)
    row = stored_attempt(db, started["game_id"])
    with pytest.raises(IntegrityError), db.session() as session:
        session.add(
            DailyScoredAttempt(
                user_id=row.user_id,
                kind="chromino",
                day=row.day,
                game_id=practice["game_id"],
                started_at=datetime.now(UTC),
            )
        )


def test_a_request_that_loses_the_race_deals_practice(
    db: Database, daily: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two requests at once both find no scored attempt; the key lets one in."""
    started = expect(daily.post("/api/daily/chromino/games"), 201)
    monkeypatch.setattr(attempts, "scored_attempt", lambda *args: None)
    late = expect(daily.post("/api/daily/chromino/games"), 201)
    assert late["scored"] is False
    with db.sessions() as session:
        assert session.get(DailyPractice, late["game_id"]) is not None
        assert len(list(session.scalars(select(DailyScoredAttempt)))) == 1
    assert stored_attempt(db, started["game_id"]).game_id == started["game_id"]


def stored_attempt(db: Database, game_id: str) -> DailyScoredAttempt:
    with db.sessions() as session:
        row = session.scalar(
            select(DailyScoredAttempt).where(DailyScoredAttempt.game_id == game_id)
        )
        assert row is not None
        session.expunge(row)
        return row


def test_an_unknown_daily_game_is_a_404_that_names_the_games(daily: TestClient) -> None:
    body = expect(daily.post("/api/daily/chess/games"), 404)["detail"]
    assert body["code"] == "no_daily_deal"
    assert "chromino" in body["message"] and "triominos" in body["message"]


# --- Hard's reference -----------------------------------------------------------------------


@pytest.mark.parametrize("game", DAILY_GAMES)
def test_the_reference_is_reproducible(game: str) -> None:
    day = date(2026, 12, 1)
    first = play_reference(game, day, FEW_ITERATIONS)
    assert play_reference(game, day, FEW_ITERATIONS) == first
    assert first["iterations"] == FEW_ITERATIONS
    assert first["ended_by"] in ("out", "blocked")


def test_the_reference_is_computed_once_and_stored(db: Database) -> None:
    day = date(2026, 12, 1)

    async def twice() -> None:
        references = References(db, SystemClock(), daily_pool(), iterations=FEW_ITERATIONS)
        try:
            await asyncio.gather(
                references.ensure("chromino", day), references.ensure("chromino", day)
            )
            other = References(db, SystemClock(), daily_pool(), iterations=FEW_ITERATIONS)
            assert not await asyncio.to_thread(other._claim, "chromino", day)
        finally:
            references.close()

    run_apart(twice())
    with db.sessions() as session:
        row = session.get(DailyReference, ("chromino", day))
        assert row is not None
        assert row.status == "done"
        assert row.result == play_reference("chromino", day, FEW_ITERATIONS)


def test_a_stale_claim_is_taken_back_and_a_live_one_is_not(db: Database) -> None:
    day = date(2026, 12, 2)
    now = datetime.now(UTC)
    references = References(db, SystemClock(), daily_pool(), iterations=FEW_ITERATIONS)
    try:
        assert references._claim("triominos", day)
        assert not references._claim("triominos", day)
        with db.session() as session:
            row = session.get(DailyReference, ("triominos", day))
            assert row is not None
            row.claimed_at = now - timedelta(hours=1)
        assert references._claim("triominos", day)
    finally:
        references.close()


def test_today_and_tomorrow_are_computed_ahead(db: Database) -> None:
    """Before anyone asks: today's references and then tomorrow's, for both games (a
    second round finds them stored and computes nothing again)."""
    clock = FakeClock(datetime(2026, 12, 5, 23, 0, tzinfo=UTC))
    today, tomorrow = date(2026, 12, 5), date(2026, 12, 6)

    async def ahead() -> None:
        references = References(db, clock, daily_pool(), iterations=FEW_ITERATIONS)
        try:
            references.prepare_soon()
            assert references._preparing is not None
            await references._preparing
            stored_at = {key: row_finished(db, *key) for key in product(DAILY_GAMES, [today])}
            await references.prepare()
            assert {key: row_finished(db, *key) for key in stored_at} == stored_at
        finally:
            references.close()

    run_apart(ahead())
    for game, day in product(DAILY_GAMES, (today, tomorrow)):
        assert row_status(db, game, day) == "done"
        with db.sessions() as session:
            row = session.get(DailyReference, (game, day))
            assert row is not None
            assert row.result == play_reference(game, day, FEW_ITERATIONS)


def row_finished(db: Database, game: str, day: date) -> datetime | None:
    with db.sessions() as session:
        row = session.get(DailyReference, (game, day))
        return None if row is None else row.finished_at


def test_a_server_starts_computing_todays_references_unasked(database_url: str) -> None:
    """At startup, with nobody on /daily, the process claims today's first reference (the
    test environment has it off unless asked)."""
    settings = make_settings(database_url, daily_ahead=True)
    assert not make_settings(database_url).prepares_daily
    day = deal_day(datetime.now(UTC))
    database = Database(database_url)
    try:
        with TestClient(create_app(settings)):
            eventually(
                lambda: row_status(database, DAILY_GAMES[0], day), timeout=30, what="a claim"
            )
    finally:
        database.dispose()


def test_the_percentage_rules() -> None:
    """100 for Hard's game; 50 more or less for each SCALE (32 turns, 175 points) better
    or worse; never below 0, open above."""
    hard = {"turns": 9, "score": 400, "ended_by": "out", "hand_left": 0}
    assert SCALE == {"chromino": 32, "triominos": 175}
    assert percentage("chromino", {**hard, "turns": 9}, hard) == 100
    assert percentage("chromino", {**hard, "turns": 41}, hard) == 50
    assert percentage("chromino", {**hard, "turns": 17}, hard) == 87.5
    assert percentage("chromino", {**hard, "turns": 73}, hard) == 0
    assert percentage("chromino", {**hard, "turns": 90}, hard) == 0
    # Every turn lost costs the same, whether Hard needed 9 turns or 39.
    slow_hard = {**hard, "turns": 39}
    assert percentage("chromino", {**hard, "turns": 43}, slow_hard) == 93.75
    assert percentage("chromino", {**hard, "turns": 13}, hard) == 93.75
    # Hard needed 39 turns; a player who went out in 23 beats it.
    assert percentage("chromino", {**hard, "turns": 23}, slow_hard) == 125
    # Blocked with 3 tiles left: each would have needed a turn.
    blocked = {**hard, "turns": 9, "ended_by": "blocked", "hand_left": 3}
    assert percentage("chromino", blocked, hard) == percentage(
        "chromino", {**hard, "turns": 12}, hard
    )
    assert percentage("chromino", {**hard, "ended_by": "resign"}, hard) == 0
    assert percentage("triominos", {**hard, "score": 225}, hard) == 50
    assert percentage("triominos", {**hard, "score": 575}, hard) == 150
    assert percentage("triominos", {**hard, "score": -10}, hard) == 0
    assert (
        percentage("triominos", {**hard, "score": 30}, {**hard, "score": -5}) == 100 + 50 * 30 / 175
    )


@pytest.mark.parametrize("game", DAILY_GAMES)
def test_better_games_of_a_real_deal_score_more(game: str) -> None:
    """On a real deal: Hard's own game scores 100; a game one unit better or worse (a
    turn, a point) scores more or less, by the same step either side."""
    day = date(2026, 12, 1)
    hard = play_reference(game, day, FEW_ITERATIONS)
    assert percentage(game, hard, hard) == 100
    if game == "chromino":
        better, worse = {**hard, "turns": hard["turns"] - 1}, {**hard, "turns": hard["turns"] + 1}
    else:
        better, worse = {**hard, "score": hard["score"] + 1}, {**hard, "score": hard["score"] - 1}
    step = percentage(game, better, hard) - 100
    assert step > 0
    assert 100 - percentage(game, worse, hard) == pytest.approx(step)
    assert merit(game, better) > merit(game, hard) > merit(game, worse)


def test_the_reference_fills_in_after_the_game_ends(
    players: list[Player], live_server: LiveServer
) -> None:
    live_server.app_state().daily.iterations = FEW_ITERATIONS
    ana = players[0]
    started = expect(ana.http.post("/api/daily/chromino/games"), 201)
    assert play_solo(ana, started["game_id"])["state"]["finished"]
    state = eventually(
        lambda: chromino_today(ana, ready=True), timeout=SPARE_CYCLES_SECONDS, what="Hard's result"
    )
    hard = state["reference"]
    assert hard == play_reference("chromino", date.fromisoformat(state["day"]), FEW_ITERATIONS)
    database = Database(live_server.settings.database_url)
    try:
        result = stored(database, started["game_id"]).result
    finally:
        database.dispose()
    assert result is not None
    scored = state["scored"]
    assert scored["status"] == "finished"
    assert scored["pending"] is False
    assert scored["percent"] == round(percentage("chromino", attempt_result(result), hard))
    assert state["share"].startswith(f"Chromino daily {state['day']}: {scored['percent']} %\n")
    assert [row["user_id"] for row in state["board"]] == [ana.me["id"]]
    assert [row["percent"] for row in state["board"]] == [scored["percent"]]


def chromino_today(player: Player, *, ready: bool) -> dict[str, Any] | None:
    """Today's Chromino as the player sees it; None while Hard's result is not stored."""
    state = expect(player.http.get("/api/daily"), 200)
    entry = next(entry for entry in state["games"] if entry["game"] == "chromino")
    if ready and entry["reference"] is None:
        return None
    return {**entry, "day": state["day"]}


# --- the board and the streak ----------------------------------------------------------------


def finished_attempt(
    db: Database, client: TestClient, *, turns: int, score: int = 0, ended_by: str = "out"
) -> int:
    """A person whose scored Chromino attempt of today ended as given (written to the
    database over a real dealt game)."""
    started = expect(client.post("/api/daily/chromino/games"), 201)
    with db.session() as session:
        game = session.get(Game, started["game_id"])
        assert game is not None
        game.status = "finished"
        game.result = {
            "ended_by": ended_by,
            "winners": [0],
            "scores": [score],
            "turns": [turns],
            "draws": [0],
            "hand_sizes": [0 if ended_by == "out" else 2],
            "places": [1],
        }
        row = session.scalar(
            select(DailyScoredAttempt).where(DailyScoredAttempt.game_id == game.id)
        )
        assert row is not None
        return row.user_id


def test_the_board_ranks_the_best_percentage_then_fewer_turns(
    daily: TestClient, db: Database
) -> None:
    people = [device(daily) for _ in range(4)]
    slow = finished_attempt(db, people[0], turns=14)
    fast = finished_attempt(db, people[1], turns=9)
    blocked = finished_attempt(db, people[2], turns=10, ended_by="blocked")  # counts 12
    expect(people[3].post("/api/daily/chromino/games"), 201)  # still playing: not listed
    day = date.fromisoformat(expect(daily.get("/api/daily"), 200)["day"])
    with db.session() as session:
        row = session.get(DailyReference, ("chromino", day))
        if row is None:
            row = DailyReference(kind="chromino", day=day, claimed_at=datetime.now(UTC))
            session.add(row)
        row.status = "done"
        row.result = {"turns": 9, "draws": 0, "score": 0, "ended_by": "out", "hand_left": 0}
    board = chromino_of(expect(daily.get("/api/daily"), 200))["board"]
    assert [line["user_id"] for line in board] == [fast, blocked, slow]
    # Hard went out in 9: 3 turns more (blocked, 10 + 2 tiles) is 95 %, 5 more 92 %.
    assert [line["percent"] for line in board] == [100, 95, 92]
    assert [line["rank"] for line in board] == [1, 2, 3]


def chromino_of(state: dict[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = next(e for e in state["games"] if e["game"] == "chromino")
    return entry


def test_the_streak_counts_scored_days_by_the_local_day(db: Database) -> None:
    zone = "Pacific/Auckland"  # UTC+13 in December
    with db.session() as session:
        user = User(name="Ana", name_key="ana")
        session.add(user)
        session.flush()
        session.add(Preference(user_id=user.id, time_zone=zone))
        table = GameTable(
            kind="chromino", invite_code="streak", creator_id=user.id, options={}, solo=True
        )
        session.add(table)
        session.flush()
        # 1 Dec 10:30 UTC is the 1st in Auckland (23:30), 1 Dec 11:30 UTC the 2nd there
        # (00:30): two local days from one UTC date; 2 Dec 20:00 UTC is the 3rd there.
        moments = [
            datetime(2026, 12, 1, 10, 30, tzinfo=UTC),
            datetime(2026, 12, 1, 11, 30, tzinfo=UTC),
            datetime(2026, 12, 2, 20, 0, tzinfo=UTC),
        ]
        for index, moment in enumerate(moments):
            game = Game(id=f"g{index}", table_id=table.id, setup={}, seats=[], created_at=moment)
            session.add(game)
            session.flush()
            session.add(
                DailyScoredAttempt(
                    user_id=user.id,
                    kind=DAILY_GAMES[index % 2],
                    day=moment.date() + timedelta(days=index),
                    game_id=game.id,
                    started_at=moment,
                )
            )
        session.flush()
        session.refresh(user)
        on_the_3rd = datetime(2026, 12, 3, 2, 0, tzinfo=UTC)  # 15:00 on the 3rd there
        assert attempts.streak(session, user, on_the_3rd) == 3
        # The 4th in Auckland, not played yet: the streak still counts up to the 3rd.
        assert attempts.streak(session, user, datetime(2026, 12, 3, 12, 0, tzinfo=UTC)) == 3
        # The 5th: a day was missed.
        assert attempts.streak(session, user, datetime(2026, 12, 4, 12, 0, tzinfo=UTC)) == 0
        preference = session.get(Preference, user.id)
        assert preference is not None
        preference.time_zone = None
        session.flush()
        session.refresh(user)
        # In UTC the same games fall on the 1st, the 1st and the 2nd: two days.
        assert attempts.streak(session, user, on_the_3rd) == 2


# --- the share card ----------------------------------------------------------------------------


def played_out(game: str, day: date) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The day's deal played to its end by a simple player (the first legal placement,
    else a draw, else a pass): its setup and the stored actions."""
    kind = game_kind(game)
    setup = daily_setup(game, day, "Ana")
    live = kind.restore(setup)
    actions: list[dict[str, Any]] = []
    while not live.is_over:
        legal = live.legal_moves(0, with_points=True)
        state = live.view(0)
        if legal:
            placement = GAME_DESCRIPTORS[game].parse_placement(legal[0])
            action: Action[Any] = Action.play(placement)
        elif state["can_draw"]:
            action = DRAW
        else:
            action = PASS
        actions.append(live.apply(0, action).stored)
    return setup, actions


SQUARE_MEANING = {square: mark for mark, square in share.SQUARES.items()}
HEADER = re.compile(r"(Chromino|Triominos) daily (\d{4}-\d{2}-\d{2}): (\d+) %")


def decode(card: str) -> tuple[str, str, int, list[str]]:
    """The card read back: game, date, percentage, one mark per turn; anything else on
    it fails the test."""
    header, *rows = card.rstrip("\n").split("\n")
    matched = HEADER.fullmatch(header)
    assert matched is not None, header
    marks = []
    for row in rows:
        assert 0 < len(row) <= share.ROW
        for square in row:
            assert square in SQUARE_MEANING, f"{square!r} is not a square of the card"
            marks.append(SQUARE_MEANING[square])
    return matched[1], matched[2], int(matched[3]), marks


@pytest.mark.parametrize("game", DAILY_GAMES)
def test_the_share_card_reveals_nothing_of_the_deal(game: str) -> None:
    day = date(2026, 12, 1)
    setup, actions = played_out(game, day)
    marks = share.turn_marks(game, setup, actions)
    card = share.card_text(game, day, 87, marks)
    title, shown_day, percent, decoded = decode(card)
    assert (title, shown_day, percent) == (share.CARD_NAMES[game], "2026-12-01", 87)
    assert decoded == marks
    # One square per turn: as many as the turns the game counted.
    live = game_kind(game).restore(setup)
    for action in actions:
        live.apply(0, game_kind(game).stored_action(action))
    result = live.result()
    assert result is not None
    assert len(decoded) == result["turns"][0]
    # Nothing of the deal: no tile name, no coordinate, no colour or digit sequence.
    body = card.split("\n", 1)[1]
    names = set(ALL_NAMES) | {str(tile) for hand in setup["hands"] for tile in hand}
    names |= {str(tile) for tile in setup["bag"]}
    for name in names:
        assert name not in card.replace(shown_day, "")
    assert not any(character.isascii() and character != "\n" for character in body)
    for action in actions:
        for key in ("x", "y", "dir", "rot", "tile"):
            if key in action:
                assert f'"{key}"' not in card


def test_the_squares_say_played_drew_and_passed() -> None:
    day = date(2026, 12, 1)
    setup, actions = played_out("chromino", day)
    marks = share.turn_marks("chromino", setup, actions)
    kinds = [action["action"] for action in actions]
    assert marks.count("high") + marks.count("played") == kinds.count("play")
    if "draw" in kinds:
        assert "played" in marks or "drew" in marks


def page(client: TestClient, path: str) -> str:
    answer = client.get(path)
    assert answer.status_code == 200, answer.text
    return str(answer.text)


def test_a_private_servers_daily_board_is_not_shown_to_strangers(
    database_url: str, db: Database
) -> None:
    make_admin(db)
    with server(database_url, join="invitation") as client:
        quick(client)
        shown = page(client, "/daily")
        assert 'data-testid="join-panel"' in shown and 'data-testid="daily"' not in shown
        refusal(client.get("/api/daily"), 403, "invitation_needed")
        refusal(client.post("/api/daily/chromino/games"), 403, "invitation_needed")
        signed_in(client, "Ada")
        assert 'data-testid="daily"' in page(client, "/daily")
        assert expect(client.post("/api/daily/chromino/games"), 201)["scored"] is True


def test_a_stopping_process_gives_its_claim_back(db: Database) -> None:
    """A server stopped while Hard plays: the next one asked computes at once, rather
    than waiting for the claim to go stale."""
    day = date(2026, 12, 3)

    async def stopped_while_playing() -> None:
        references = References(db, SystemClock(), daily_pool(), iterations=600)
        playing = asyncio.create_task(references.ensure("triominos", day))
        await eventually_async(lambda: bool(references.workers.processes()))
        await eventually_async(lambda: row_status(db, "triominos", day) == "running")
        references.close()
        await asyncio.gather(playing, return_exceptions=True)

    run_apart(stopped_while_playing())
    assert row_status(db, "triominos", day) is None
    assert References(db, SystemClock(), daily_pool())._claim("triominos", day)


def row_status(db: Database, game: str, day: date) -> str | None:
    with db.sessions() as session:
        row = session.get(DailyReference, (game, day))
        return None if row is None else row.status


async def eventually_async(check: Any, timeout: float = 30) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "still waiting"
        await asyncio.sleep(0.02)


def test_requests_at_once_score_one_attempt(racing_server: LiveServer) -> None:
    """Six requests of one person released together, on SQLite and on PostgreSQL: one
    scored attempt, five practice games."""
    racing_server.app_state().daily.iterations = FEW_ITERATIONS
    ana = Player(racing_server.url)
    try:
        origin = {"Origin": racing_server.url}
        answers = at_once([lambda: ana.http.post("/api/daily/triominos/games", headers=origin)] * 6)
        started = [expect(answer, 201) for answer in answers]
        assert sorted(entry["scored"] for entry in started) == [False] * 5 + [True]
        entry = expect(ana.http.get("/api/daily"), 200)["games"][1]
        assert entry["game"] == "triominos"
        scored = next(item["game_id"] for item in started if item["scored"])
        assert entry["scored"]["game_id"] == scored
        assert {item["game_id"] for item in entry["practice"]} == {
            item["game_id"] for item in started if not item["scored"]
        }
    finally:
        ana.close()
