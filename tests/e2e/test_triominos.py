"""Triominos Challenge through the page: a table made in the lobby and played to the end
by two people, a triangle laid with the keyboard alone, the phone's layout, the
hourglass running out, and the replay page against the server's steps."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect
from support.browser.gameplay import (
    PHONE,
    ContextFactory,
    api_game,
    api_solo_of,
    create_table_with_form,
    game_id_of,
    hand_tiles,
    has_class,
    lay_on_first_target,
    open_game,
    pick_playable,
    play_to_end,
    points_text,
    start_table,
    summary,
    version,
    wait_for_version,
    wait_until_connected,
)
from support.browser.play import tab_to

UNTIMED: dict[str, object] = {"turn_seconds": 0}
MINUS = "\u2212"
"""The minus sign the page writes penalties with."""


def spelled(tile: str) -> str:
    """A tile as the move log writes it: 3-4-5."""
    return "-".join(tile)


def board_tiles(page: Page) -> int:
    return page.locator("#board .layer-tiles > .tile").count()


def test_two_people_make_a_triominos_table_and_play_it_to_the_end(
    new_context: ContextFactory,
) -> None:
    host = new_context().new_page()
    guest = new_context().new_page()

    invite = create_table_with_form(
        host, ["human", "human"], game="triominos", hand_size="5", turn_seconds="0", target="50"
    )
    expect(host.get_by_test_id("invitation")).to_have_text("Your table: Triominos Challenge")
    expect(host.get_by_test_id("table-game")).to_contain_text("every corner must match")
    expect(host.locator("#options")).to_contain_text("Hourglass")
    guest.goto(invite)
    guest.locator("#join").click()
    expect(guest.locator("#seats li")).to_have_count(2)
    game_id = start_table(host)
    guest.wait_for_url(f"**/g/{game_id}")
    wait_until_connected(guest)
    for page in (host, guest):
        expect(page.locator("#board.tri-board")).to_have_count(1)
        expect(page.get_by_test_id("draw")).to_have_text(f"Draw a tile ({MINUS}5)")
        expect(page.get_by_test_id("pass")).to_have_text(f"Pass ({MINUS}10)")

    actions = play_to_end([host, guest])
    assert "play" in actions

    game = summary(host, game_id)
    assert game["status"] == "finished" and game["game"] == "triominos"
    result = game["result"]
    winners = [game["players"][seat] for seat in result["winners"]]
    ended = {"out": "went out", "blocked": "blocked", "target": "target"}[result["ended_by"]]
    for page in (host, guest):
        end = page.get_by_test_id("end-result")
        expect(end).to_contain_text(ended)
        for name in winners:
            expect(end).to_contain_text(name)
        figures = page.get_by_test_id("end-figure")
        expect(figures).to_have_count(2)
        for seat, score in enumerate(result["scores"]):
            expect(figures.nth(seat)).to_contain_text(re.compile(rf"^{points_text(score)}\b"))
        # The move log says what each move was worth.
        laid = page.locator("#move-log li[data-version]:not(.note)").filter(
            has_text=re.compile(r"laid \d-\d-\d for \d+")
        )
        assert laid.count() >= 1
        over = page.locator("#move-log li.note").filter(has_text="The game is over.")
        expect(over).to_have_count(1)
    if result["ended_by"] == "out":
        expect(host.locator("#move-log li.note").filter(has_text="went out: +25")).to_have_count(1)

    # The record downloads, and a rematch is another Triominos game.
    record = host.request.get(f"/api/games/{game_id}/record")
    assert record.ok and record.json()["format"] == "triominos-game/1"
    host.get_by_test_id("rematch").click()
    host.wait_for_url(re.compile(r"/g/(?!" + game_id + r")[^/]+$"))
    wait_until_connected(host)
    expect(host.locator("#board.tri-board")).to_have_count(1)
    assert summary(host, game_id_of(host))["game"] == "triominos"


def test_keyboard_only_placement_of_a_triangle(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_solo_of(page, "triominos", UNTIMED)
    open_game(page, game_id)
    board = page.get_by_test_id("board")
    preview = page.get_by_test_id("orientation-preview")
    ghost_on_place = page.locator("#board .ghost.ghost-target")

    for laid in (1, 2):
        before = version(page)
        expect(page.locator("[data-testid=hand-tile].playable").first).to_be_visible()
        hand_before = hand_tiles(page)
        tab_to(page, "[data-testid=hand-tile].playable")
        tile = str(page.evaluate("document.activeElement.dataset.tile"))
        button = page.locator(f"[data-testid=hand-tile][data-tile='{tile}']")
        page.keyboard.press("Enter")  # picks it; the focus goes to the board
        expect(button).to_have_class(has_class("picked"))
        expect(board).to_be_focused()
        expect(preview).to_have_attribute("data-key", f"{tile}:0")
        if laid == 1:
            # Escape puts it back; R turns it a third, clockwise, three turns come round.
            page.keyboard.press("Escape")
            expect(button).to_be_focused()
            expect(button).not_to_have_class(has_class("picked"))
            page.keyboard.press("Enter")
            expect(board).to_be_focused()
            for rot in ("2", "1", "0"):
                page.keyboard.press("r")
                expect(preview).to_have_attribute("data-key", f"{tile}:{rot}")
        targets = page.locator("#board .target")
        for _ in range(3):
            if targets.count():
                break
            was = preview.get_attribute("data-key")
            page.keyboard.press("r")
            expect(preview).not_to_have_attribute("data-key", str(was))  # drawn turned
        assert targets.count(), "the tile fits nowhere"
        for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            if ghost_on_place.count():
                break
            page.keyboard.press(key)
        expect(ghost_on_place).to_have_count(1)
        if targets.count() > 1:
            # The arrows go from one highlighted triangle to the next.
            under = page.locator("#board .target.under-ghost")
            where = under.get_attribute("data-x"), under.get_attribute("data-y")
            for key in ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"):
                page.keyboard.press(key)
                expect(ghost_on_place).to_have_count(1)
                if (under.get_attribute("data-x"), under.get_attribute("data-y")) != where:
                    break
            else:
                raise AssertionError("the arrow keys never moved the tile to another place")
        expect(page.get_by_test_id("place")).to_have_attribute("data-points", re.compile(r"^\+\d+"))
        page.keyboard.press("Enter")
        wait_for_version(page, before + 1)
        expect(button).to_have_count(0)
        expect(page.get_by_test_id("hand-tile")).to_have_count(len(hand_before) - 1)
        expect(page.locator("#board .layer-tiles > .tile")).to_have_count(laid)
        expect(page.locator("#board .tri-last")).to_have_count(1)
        expect(page.locator("#move-log li[data-version]").last).to_contain_text(
            f"laid {spelled(tile)} for"
        )


def test_phone_layout_and_tapping_a_triangle(new_context: ContextFactory) -> None:
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto("/rules")
    game_id = api_solo_of(page, "triominos", UNTIMED)
    open_game(page, game_id)

    def no_sideways_scroll() -> None:
        widths = page.evaluate(
            """() => ({inner: window.innerWidth, doc: document.documentElement.scrollWidth,
                      body: document.body.scrollWidth})"""
        )
        assert widths["doc"] <= widths["inner"] and widths["body"] <= widths["inner"], widths

    no_sideways_scroll()
    for part in ("board", "hand", "draw", "pass", "rotate"):
        locator = page.get_by_test_id(part)
        locator.scroll_into_view_if_needed()
        expect(locator).to_be_in_viewport()
        box = locator.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]

    for laid in (1, 2, 3):
        before = version(page)
        if not page.locator("[data-testid=hand-tile].playable").count():
            break  # nothing fits: the tap test is done
        tile = pick_playable(page, touch=True)
        lay_on_first_target(page, touch=True)
        wait_for_version(page, before + 1)
        expect(page.locator(f"[data-testid=hand-tile][data-tile='{tile}']")).to_have_count(0)
        expect(page.locator("#board .layer-tiles > .tile")).to_have_count(laid)
        no_sideways_scroll()


def test_the_hourglass_runs_out(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_solo_of(page, "triominos", {"turn_seconds": 15, "target": 0})
    open_game(page, game_id)
    timer = page.get_by_test_id("turn-timer")
    expect(timer).to_be_visible()
    expect(page.get_by_test_id("turn-timer-text")).to_have_text(re.compile(r"^0:1\d$"))
    fill = page.get_by_test_id("turn-timer-fill")
    expect(fill).to_have_attribute("style", re.compile(r"scaleX\(0\.[0-9]+\)|scaleX\(1"))
    expect(timer).to_have_class(has_class("low"), timeout=12_000)  # the last ten seconds
    bag_before = summary(page, game_id)
    assert bag_before["status"] == "playing"
    hand_before = len(hand_tiles(page))
    line = page.locator("#move-log li[data-version]").filter(has_text="time ran out")
    expect(line).to_have_count(1, timeout=20_000)
    expect(line).to_contain_text(re.compile(rf"time ran out: \d-\d-\d and {MINUS}15"))
    # Told where the player looks too, not only in the log.
    # (The toast hides itself after four seconds; its text is set only when it shows.)
    notice = page.locator("#toast")
    expect(notice).to_have_text(f"Your time ran out ({MINUS}15 points); the turn has passed.")
    expect(page.get_by_test_id("hand-tile")).to_have_count(hand_before + 1)
    expect(page.get_by_test_id("score")).to_have_text(f"{MINUS}15 points")
    expect(timer).not_to_have_class(has_class("low"))  # a new turn, a full hourglass


def test_replay_of_a_triominos_game_shows_the_servers_steps(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    # A short game: the first to 50 points ends it.
    game_id = api_game(
        [page], ["human", "bot:greedy"], game="triominos", target=50, turn_seconds=0, hand_size=6
    )
    open_game(page, game_id)
    play_to_end([page])
    replay: dict[str, Any] = page.request.get(f"/api/games/{game_id}/replay").json()
    steps = replay["steps"]
    total = len(steps) - 1

    page.get_by_test_id("replay-link").click()
    page.wait_for_url(f"**/g/{game_id}/replay")
    expect(page.get_by_test_id("replay-step")).to_have_text(f"Move 0 of {total}")
    expect(page.get_by_test_id("record-link")).to_have_attribute(
        "href", f"/api/games/{game_id}/record"
    )
    expect(page.locator("#move-log li[data-step]")).to_have_count(total + 1)

    def expect_step(index: int) -> None:
        step = steps[index]
        expect(page.get_by_test_id("replay-step")).to_have_text(f"Move {index} of {total}")
        expect(page.locator("#board .layer-tiles > .tile")).to_have_count(len(step["board"]))
        players = page.get_by_test_id("player")
        for seat, score in enumerate(step["scores"]):
            expect(players.nth(seat).get_by_test_id("score")).to_have_text(points_text(score))
            expect(players.nth(seat).get_by_test_id("replay-hand").locator("svg")).to_have_count(
                len(step["hands"][seat])
            )
        if index:
            seat = step["event"]["seat"]
            mark = page.locator(f"#move-log li[data-step='{index}']").get_by_test_id("log-score")
            expect(mark).to_have_text(str(step["scores"][seat]))

    expect_step(0)
    forward = page.get_by_test_id("replay-forward")
    for index in range(1, min(total, 6) + 1):
        forward.click()
        expect_step(index)
    page.get_by_test_id("replay-end").click()
    expect_step(total)
    expect(page.get_by_test_id("replay-result")).not_to_be_empty()
    last = steps[-1]["event"]
    if last["action"] == "play":
        expect(page.locator("#board .tri-last")).to_have_count(1)
    expect(page.locator("#move-log li.current")).to_contain_text("The game is over.")


def test_replay_of_an_unfinished_game_says_so(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_solo_of(page, "triominos", UNTIMED)
    page.goto(f"/g/{game_id}/replay")
    expect(page.get_by_test_id("replay-error")).to_contain_text("not over yet")
    expect(page.get_by_test_id("replay-line")).to_have_text("This game is still being played.")
    expect(page.get_by_test_id("record-link")).to_have_attribute("aria-disabled", "true")
    assert page.get_by_test_id("record-link").get_attribute("href") is None
    expect(page.get_by_test_id("replay-forward")).to_be_disabled()


def test_solo_triominos_from_the_solo_page_and_its_best(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/solo")
    page.locator("input[name=game][value=triominos]").check()
    expect(page.get_by_test_id("solo-about")).to_contain_text("points")
    page.locator(".solo-options summary").click()
    page.locator("[name=target]").fill("50")
    # Practice alone is untimed by default; a table's hourglass is 60 seconds.
    expect(page.locator("[name=turn_seconds]")).to_have_value("0")
    page.get_by_role("button", name="Start a solo game").click()
    page.wait_for_url("**/g/*")
    wait_until_connected(page)
    game_id = game_id_of(page)
    play_to_end([page])
    game = summary(page, game_id)
    score = game["result"]["scores"][0]
    expect(page.get_by_test_id("end-result")).to_contain_text(points_text(score))

    page.goto("/")
    page.locator("input[name=game][value=triominos]").check()
    expect(page.get_by_test_id("solo-best")).to_have_text(f"Your solo best: {points_text(score)}.")
    page.locator("input[name=game][value=chromino]").check()
    expect(page.get_by_test_id("solo-best")).to_be_hidden()
