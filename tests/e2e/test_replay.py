"""The replay page of a finished game, step by step."""

from __future__ import annotations

import math
import re
from typing import Any

from playwright.sync_api import Page, expect
from support.browser.gameplay import ContextFactory, api_game, open_game, play_to_end, points_text
from support.browser.play import coach_of


def tiles_after(record: dict[str, Any], step: int) -> int:
    """Tiles on the board after ``step`` moves: the starting tile and every play."""
    plays = [move for move in record["moves"][:step] if move["action"] == "play"]
    return 1 + len(plays)


def expect_step(page: Page, record: dict[str, Any], step: int) -> None:
    total = len(record["moves"])
    expect(page.get_by_test_id("replay-step")).to_have_text(f"Move {step} of {total}")
    expect(page.get_by_test_id("replay-slider")).to_have_value(str(step))
    expect(page.locator("#board .layer-tiles > .tile")).to_have_count(tiles_after(record, step))
    expect(page.locator("#move-log li.current")).to_have_attribute("data-step", str(step))


def test_replay_steps_through_the_moves(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_game([page], ["human", "bot:greedy"], ruleset="junior", hand_size=3)
    open_game(page, game_id)
    play_to_end([page])
    page.get_by_test_id("replay-link").click()
    page.wait_for_url(f"**/g/{game_id}/replay")

    answer = page.request.get(f"/api/games/{game_id}/record")
    assert answer.ok
    record: dict[str, Any] = answer.json()
    total = len(record["moves"])
    assert total >= 3  # at least three tiles laid by whoever went out
    expect(page.get_by_test_id("record-link")).to_have_attribute(
        "href", f"/api/games/{game_id}/record"
    )

    expect_step(page, record, 0)
    expect(page.get_by_test_id("replay-line")).to_have_text("The deal")
    expect(page.get_by_test_id("replay-back")).to_be_disabled()
    forward = page.get_by_test_id("replay-forward")
    for step in (1, 2, 3):
        forward.click()
        expect_step(page, record, step)
    first = record["moves"][0]
    first_name = record["players"][first["player"]]
    page.get_by_test_id("replay-back").click()
    expect_step(page, record, 2)
    page.get_by_test_id("replay-back").click()
    expect_step(page, record, 1)
    expect(page.get_by_test_id("replay-line")).to_contain_text(first_name)

    page.get_by_test_id("replay-end").click()
    expect_step(page, record, total)
    expect(forward).to_be_disabled()
    expect(page.get_by_test_id("replay-end")).to_be_disabled()
    expect(page.get_by_test_id("replay-result")).not_to_be_empty()
    expect(page.locator("[data-testid=player].winner")).not_to_have_count(0)

    page.get_by_test_id("replay-start").click()
    expect_step(page, record, 0)
    page.keyboard.press("End")  # the keys do the same
    expect_step(page, record, total)
    page.keyboard.press("ArrowLeft")
    expect_step(page, record, total - 1)


def test_the_replays_running_scores_are_the_engines(new_context: ContextFactory) -> None:
    """Each move's score in the replay's log is the mover's score after it, as the engine
    replaying the game's record counts it."""
    from chromino.games.chromino.game import Game
    from chromino.games.chromino.notation import parse_move, setup_from_record

    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_game([page], ["human", "bot:greedy"], scoring="expert", hand_size=4)
    open_game(page, game_id)
    play_to_end([page])
    answer = page.request.get(f"/api/games/{game_id}/record")
    assert answer.ok
    record: dict[str, Any] = answer.json()
    setup, moves = setup_from_record(record)
    game = Game(setup)
    expected = []
    for raw in moves:
        seat, action = parse_move(raw)
        game.apply(seat, action)
        expected.append(str(game.scores[seat]))

    page.goto(f"/g/{game_id}/replay")
    expect_step(page, record, 0)
    scores = page.get_by_test_id("log-score")
    expect(scores).to_have_count(len(moves))
    assert scores.all_inner_texts() == expected
    # The players' scores at the end are the engine's too.
    page.get_by_test_id("replay-end").click()
    for seat, score in enumerate(game.scores):
        player = page.locator(f"[data-testid=player][data-seat='{seat}']")
        expect(player.get_by_test_id("score")).to_have_text(points_text(score))


def test_an_unfinished_games_replay_says_so_and_offers_no_download(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_game([page], ["human", "bot:greedy"])
    page.goto(f"/g/{game_id}/replay")
    expect(page.get_by_test_id("replay-error")).to_contain_text("not over yet")
    link = page.get_by_test_id("record-link")
    expect(link).to_have_attribute("aria-disabled", "true")
    expect(link).not_to_have_attribute("href", re.compile("."))


COACHED_GAMES = 8
"""Games played at most until the coach would have made some move otherwise."""


def shown_percent(value: float) -> int:
    """A coach's value as the page shows it: a whole number out of 100, halves rounded up
    as the browser's Math.round does (Python's round() would take 8.5 to 8)."""
    return math.floor(value * 100 + 0.5)


def test_the_coach_shows_better_moves_and_draws_both_on_the_board(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    # The coach may agree with every move of a short game (the deal comes from the
    # table's id, so from the order the tests run in): play games until it disagrees
    # with one, as a player would who wants a lesson.
    for _attempt in range(COACHED_GAMES):
        game_id = api_game(
            [page], ["human", "bot:greedy"], scoring="expert", hand_size=5, ruleset="standard"
        )
        open_game(page, game_id)
        play_to_end([page])
        coach = coach_of(page, game_id)
        assert coach["notes"], f"the coach looked at no move: {coach}"
        better = [note for note in coach["notes"] if note["loss"] > 0]
        if better:
            break
    assert better, f"the coach agreed with every move of {COACHED_GAMES} games"

    page.goto(f"/g/{game_id}/replay")
    panel = page.get_by_test_id("coach")
    expect(panel).to_be_visible()
    expect(panel.get_by_test_id("coach-about")).to_contain_text("choose one to see both moves")
    me = coach["summary"][0]
    expect(panel).to_contain_text(
        f"of {me['moves']} moves, the coach would have played {me['better_moves']} differently"
    )
    notes = page.get_by_test_id("coach-note")
    expect(notes).to_have_count(len(better))
    first = better[0]
    # A scored game: the values are a rating that is half winning, half the lead, said so.
    rating = (
        "Coach's rating (half the chance of winning, half the lead in points): "
        f"{shown_percent(first['played_value'])} \u2192 {shown_percent(first['preferred_value'])}"
        " out of 100"
    )
    note = page.locator(f"[data-testid=coach-note][data-step='{first['version']}']")
    expect(note).to_contain_text("The coach would ")
    expect(note.get_by_test_id("coach-values")).to_have_text(rating)
    # No letters for colours and no bare coordinates: the board's own words.
    expect(note).not_to_contain_text(re.compile(r"\b[RGBYPX]{3}\b"))
    if first["preferred"]["action"] == "play":
        expect(note).to_contain_text(
            re.compile(r"at column \S+, row \S+, pointing (east|south|west|north)")
        )
        expect(note).to_contain_text(f"({points_text(first['preferred_points'])})")
    legend = page.get_by_test_id("coach-legend")
    expect(legend).to_be_hidden()
    note.click()
    line = page.get_by_test_id("replay-line")
    expect(line).to_contain_text(f"Move {first['version']}: the move made and the coach's move")
    expect(legend).to_be_visible()
    expect(legend.get_by_test_id("legend-played")).to_contain_text("Solid outline: ")
    expect(legend.get_by_test_id("legend-played")).to_contain_text(
        f"({points_text(first['played_points'])})"
    )
    expect(legend.get_by_test_id("legend-coach")).to_contain_text(
        "Dashed outline: the coach would "
    )
    expect(legend).to_contain_text(rating)
    drawn = {"played": first["played"], "coach": first["preferred"]}
    for status, action in drawn.items():
        ghost = page.locator(f"#board .ghost-{status}")
        expect(ghost).to_have_count(1 if action["action"] == "play" else 0)
    # Two outlines told apart without colour: the coach's dashed, the move made solid.
    dashes = page.evaluate(
        """() => ["played", "coach"].map((status) => {
            const edge = document.querySelector(`#board .ghost-${status} .tile-edge`);
            return edge ? getComputedStyle(edge).strokeDasharray : null;
        })"""
    )
    if dashes[0] is not None:
        assert dashes[0] == "none", dashes
    if dashes[1] is not None:
        assert dashes[1] != "none", dashes
    # stepping on shows the game as it went again, without either move drawn
    # (a step back when the note is on the game's last move, where there is no forward)
    forward = page.get_by_test_id("replay-forward")
    (forward if forward.is_enabled() else page.get_by_test_id("replay-back")).click()
    expect(page.locator("#board .ghost-coach, #board .ghost-played")).to_have_count(0)
    expect(legend).to_be_hidden()

    # In a game without scores the same values are the chance of winning, and said so.
    # And a note whose check in sampled deals speaks against the move made says so.
    replay = page.request.get(f"/api/games/{game_id}/replay").json()
    for entry in replay["coach"]["notes"]:
        entry["meaning"] = "win"
        if entry["version"] == first["version"]:
            entry["stuck"] = {"deals": 10, "played": 7, "preferred": 1}
    page.route(f"**/api/games/{game_id}/replay", lambda route: route.fulfill(json=replay))
    page.reload()
    chance = (
        f"Chance of winning: {shown_percent(first['played_value'])} % \u2192 "
        f"{shown_percent(first['preferred_value'])} %"
    )
    expect(note.get_by_test_id("coach-values")).to_have_text(chance)
    expect(note.get_by_test_id("coach-reason")).to_have_text(
        "After this move, no tile fitted at the next turn in 7 of 10 deals that could follow;"
        " after the coach's move, in 1."
    )
