"""A duplicate table in a browser (docs/duplicate.md): the form's choice
(casual when ticked), the table page saying so, the duplicate page while the boards are
played (n of m finished, my board, the others' hidden), then the ranking and the boards
side by side, stepped with the buttons and the arrow keys, with the coach's marks. At
360 and 1280 px: no sideways scroll, buttons inside the page, axe-clean; screenshots
kept in test-artifacts/e2e/duplicate-*.png (looked at by eye)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, person, resize
from support.browser.play import coach_of, play_out_as
from support.live import LiveServer


def both_sizes(page: Page, name: str, what: str) -> None:
    """Checked and photographed at 1280 px, then at 360 px (and left at 1280)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for size, label in ((DESKTOP, "1280"), (PHONE, "360")):
        resize(page, size)
        no_sideways_scroll(page)
        for button in page.locator("main button:visible, main a.button:visible").all():
            box = button.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
        assert_accessible(page, f"{what} ({label} px)")
        page.screenshot(path=str(ARTIFACTS / f"duplicate-{name}-{label}.png"), full_page=True)
    resize(page, DESKTOP)


def test_a_duplicate_table_from_the_form_to_the_boards_side_by_side(
    new_context: ContextFactory, server: LiveServer
) -> None:
    host, _ = person(new_context, "Host")
    guest, guest_name = person(new_context, "Gina")

    # The form: Duplicate makes the table casual.
    host.goto("/")
    form = host.locator("#create-form")
    form.locator("#seat-count").select_option("2")
    choice = host.get_by_test_id("duplicate-choice")
    choice.check()
    expect(host.get_by_test_id("rated-rated")).to_be_disabled()
    expect(host.get_by_test_id("rated-casual")).to_be_checked()
    assert_accessible(host, "the lobby's form with Duplicate ticked")
    form.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/t/[\w-]+$"))
    code = host.url.rsplit("/t/", 1)[1]
    expect(host.get_by_test_id("table-duplicate")).to_contain_text("the same deal")
    table = host.request.get(f"/api/tables/{code}").json()
    assert (table["duplicate"], table["rated"]) == (True, False)

    assert guest.request.post(f"/api/tables/{code}/join").ok
    guest.goto(f"/t/{code}")  # waiting at the table for its creator to start
    expect(guest.get_by_test_id("start")).to_be_hidden()
    host.locator("#start").click()
    host.wait_for_url(re.compile(r"/g/[\w-]+$"))
    host_board = host.url.rsplit("/g/", 1)[1]
    # Whoever joined goes straight to their own board too, not to the standings.
    guest.wait_for_url(re.compile(r"/g/[\w-]+$"))
    guest_board = guest.url.rsplit("/g/", 1)[1]
    assert guest_board != host_board

    # While the boards are played: n of m finished, my board to play, the others' hidden.
    guest.goto(f"/duplicate/{code}")
    expect(guest.get_by_test_id("duplicate-progress")).to_have_text("0 of 2 finished")
    play = guest.get_by_test_id("duplicate-play")
    expect(play).to_have_attribute("href", f"/g/{guest_board}")
    both_sizes(guest, "playing", "a duplicate table while its boards are played")
    play_out_as(host, server, host_board)
    # The board's end screen leads to the table's ranking.
    expect(host.get_by_test_id("duplicate-link")).to_have_attribute("href", f"/duplicate/{code}")
    assert guest.request.get(f"/api/games/{host_board}/replay").status == 403
    host.goto(f"/duplicate/{code}")
    expect(host.get_by_test_id("duplicate-progress")).to_have_text("1 of 2 finished")
    expect(host.get_by_test_id("duplicate-wait")).to_be_visible()
    expect(host.get_by_test_id("duplicate-compare")).to_have_count(0)
    both_sizes(host, "waiting", "a duplicate table, my board finished")

    # The end: the ranking, and the boards side by side.
    play_out_as(guest, server, guest_board)
    # The coach looks at each board when it ends (each player may read their own's).
    coached = [coach_of(host, host_board), coach_of(guest, guest_board)]
    disagreed = sum(1 for coach in coached for note in coach["notes"] if note["loss"] > 0)
    host.goto(f"/duplicate/{code}")
    expect(host.get_by_test_id("duplicate-progress")).to_have_text("2 of 2 finished")
    rows = host.get_by_test_id("duplicate-row")
    expect(rows).to_have_count(2)
    expect(host.get_by_test_id("duplicate-ranking")).to_contain_text(guest_name)
    columns = host.get_by_test_id("duplicate-column")
    expect(columns).to_have_count(2)
    step = host.get_by_test_id("compare-step")
    expect(step).to_contain_text("Turn 0 of")
    expect(columns.first.get_by_test_id("duplicate-line")).to_have_text("The deal")
    host.keyboard.press("ArrowRight")
    expect(step).to_contain_text("Turn 1 of")
    host.get_by_test_id("compare-forward").click()
    expect(step).to_contain_text("Turn 2 of")
    host.keyboard.press("Home")
    expect(step).to_contain_text("Turn 0 of")
    jumps = host.get_by_test_id("coach-jump")
    expect(jumps).to_have_count(disagreed)
    if disagreed:
        jumps.first.click()
        expect(host.locator(".duplicate-column.diverged").first).to_be_visible()
        expect(host.get_by_test_id("coach-mark").locator("visible=true").first).to_contain_text(
            "The coach would"
        )
    both_sizes(host, "over", "a duplicate table's ranking and boards side by side")
    boards_readable(host)
    # The stepper counts what the ranking counts: turns (a draw is not one).
    turns = {
        row.locator("th").inner_text().split(" (")[0]: int(row.locator("td").nth(1).inner_text())
        for row in rows.all()
    }
    host.keyboard.press("End")
    most = max(turns.values())
    expect(step).to_have_text(f"Turn {most} of {most}")
    for index in range(columns.count()):
        name = columns.nth(index).locator("h3").inner_text().removesuffix("'s board")
        if turns[name] < most:
            expect(columns.nth(index).get_by_test_id("duplicate-line")).to_have_text(
                f"Finished after {turns[name]} turns."
            )


def boards_readable(page: Page) -> None:
    """Each board on the duplicate page as wide as half a 1280 px window at least (the
    whole width on a phone), and as tall as most of the window: its tiles readable."""
    for size, least in ((DESKTOP, 500), (PHONE, PHONE["width"] - 80)):
        resize(page, size)
        for board in page.locator(".duplicate-board-wrap").all():
            box = board.bounding_box()
            assert box is not None
            assert box["width"] >= least and box["height"] >= 300, (size, box)
        # the step buttons stay in sight while the boards scroll under them
        page.locator(".duplicate-board-wrap").last.scroll_into_view_if_needed()
        expect(page.get_by_test_id("compare-forward")).to_be_in_viewport()
        page.screenshot(path=str(ARTIFACTS / f"duplicate-boards-{size['width']}.png"))
    resize(page, DESKTOP)
