"""My games (/games and the home page's panel), the header's count of games waiting for
my move, the pace of a table (real time or turn-based) in the form, the lobby and the
table page, and the browser's time zone told to the server on the first visit."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, Request, Response, expect
from support.browser.axe import assert_accessible
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory, open_game, take_turn
from support.browser.people import HUMAN, QUICK, duel, no_sideways_scroll, person, resize


def mover_of(page: Page, game_id: str) -> int:
    answer = page.request.get(f"/api/games/{game_id}")
    assert answer.ok, answer.text()
    return int(answer.json()["state"]["current"])


def line_of(page: Page, game_id: str) -> Locator:
    return page.locator(f"[data-testid=my-game][data-game='{game_id}']")


def statuses(lines: Locator) -> list[str]:
    return [line.get_by_test_id("game-status").inner_text() for line in lines.all()]


def test_my_games_say_whose_turn_with_my_turns_first_and_a_picture_of_the_board(
    new_context: ContextFactory,
) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    turn_based, _ = duel(ana, ben, turn_days=2)
    first = mover_of(ana, turn_based)
    (mover, mover_name), (waiter, waiter_name) = (
        ((ana, ana_name), (ben, ben_name)) if first == 0 else ((ben, ben_name), (ana, ana_name))
    )
    # A newer game in real time where the waiter waits for the mover: newest first
    # would put it on top; my turn comes first.
    real_time: list[str] = []
    for _ in range(12):
        others, _ = duel(ana, ben, options={**QUICK, "turn_seconds": 0})
        real_time.append(others)
        if mover_of(ana, others) == first:
            break
    else:
        raise AssertionError("no deal in twelve gave the mover the first turn")

    waiter.goto("/games")
    page = waiter.get_by_test_id("my-games-page")
    expect(page).to_have_attribute("data-loaded", "1")
    line = line_of(waiter, turn_based)
    expect(line.get_by_test_id("game-status")).to_have_text(f"{mover_name}'s turn")
    expect(line.get_by_test_id("game-pace")).to_contain_text("2 days per move")
    expect(line).not_to_have_class(re.compile(r"\bmine\b"))

    # The mover plays in their browser: the waiter's page and header follow, no reload.
    open_game(mover, turn_based)
    action = take_turn(mover)
    expect(line.get_by_test_id("game-status")).to_have_text("Your turn")
    expect(line).to_have_class(re.compile(r"\bmine\b"))
    done = {"play": "played", "draw": "drew", "pass": "passed"}[action]
    expect(line.get_by_test_id("game-last")).to_contain_text(f"{mover_name} {done} · ")
    expect(line.locator("time")).to_have_attribute("datetime", re.compile(r"^\d{4}-"))
    badge = waiter.get_by_test_id("waiting-badge")
    expect(badge).to_be_visible()
    expect(badge).to_have_attribute("href", "/games")
    expect(waiter).to_have_title(re.compile(r"^\(\d+\) My games"))  # the tab says it too

    # The line is one link to the game, named by the game, the players and whose turn.
    link = line.get_by_role("link")
    expect(link).to_have_attribute("href", f"/g/{turn_based}")
    name = link.evaluate("(node) => node.textContent")
    for words in ("Chromino", ana_name, ben_name, "Your turn", "2 days per move"):
        assert words in name, (words, name)
    # Every game waiting for the waiter is a link that says so (the real-time deals
    # that gave them the first turn too); the turn-based one by its pace as well.
    waiting = re.compile(f"Chromino.*{waiter_name}.*Your turn")
    expect(waiter.get_by_role("link", name=waiting)).to_have_count(len(real_time))
    paced = re.compile(f"Chromino.*{waiter_name}.*Your turn.*2 days per move")
    expect(waiter.get_by_role("link", name=paced)).to_have_count(1)

    # My turns first, however new the other games are.
    # (Deals that gave the waiter the first turn wait for them too.)
    lines = waiter.get_by_test_id("games-open").get_by_test_id("my-game")
    expect(lines).to_have_count(1 + len(real_time))
    said = statuses(lines)
    assert said == ["Your turn"] * len(real_time) + [f"{mover_name}'s turn"], said
    expect(lines.last).to_have_attribute("data-game", others)
    expect(badge).to_have_accessible_name(
        f"Your turn in {len(real_time)} game" + "s" * (len(real_time) > 1)
    )

    # The picture: the board's tiles, drawn by the game's own tiles, hidden from readers.
    thumb = line.get_by_test_id("game-thumb")
    expect(thumb).to_have_attribute("data-state", "drawn")
    expect(thumb).to_have_attribute("aria-hidden", "true")
    board = waiter.request.get(f"/api/games/{turn_based}/board?v=1").json()["board"]
    expect(thumb.locator("svg .tile")).to_have_count(len(board))
    assert len(board) == (2 if action == "play" else 1)
    box = thumb.bounding_box()
    assert box and round(box["width"]) == round(box["height"]) == 64, box

    # Keyboard: a line is a link in the Tab order, its focus ring drawn.
    link.focus()
    outline = link.evaluate("(node) => getComputedStyle(node).outlineStyle")
    assert outline == "solid", outline

    for size in (DESKTOP, PHONE):
        resize(waiter, size)
        no_sideways_scroll(waiter)
        assert_accessible(waiter, f"my games at {size['width']} px")

    # One click opens the game.
    resize(waiter, DESKTOP)
    link.click()
    waiter.wait_for_url(f"**/g/{turn_based}")


def test_the_home_page_puts_my_games_on_top_while_one_waits_for_me(
    new_context: ContextFactory,
) -> None:
    ana, _ = person(new_context, "Ana")
    ben, _ = person(new_context, "Ben")
    game_id, _ = duel(ana, ben, turn_days=1)
    waiter = ben if mover_of(ana, game_id) == 0 else ana
    mover = ana if waiter is ben else ben
    waiter.goto("/")
    panel = waiter.get_by_test_id("my-games-panel")
    expect(panel).to_be_visible()
    # Nothing waits for me: my games come under "Play a game".
    panel_box, hero = panel.bounding_box(), waiter.locator("#hero-title").bounding_box()
    assert panel_box and hero and panel_box["y"] > hero["y"]
    expect(waiter.get_by_test_id("see-all-games")).to_have_attribute("href", "/games")

    open_game(mover, game_id)
    take_turn(mover)
    line = line_of(waiter, game_id)
    expect(line.get_by_test_id("game-status")).to_have_text("Your turn")
    expect(line.get_by_test_id("game-pace")).to_contain_text("1 day per move")
    expect(line.get_by_test_id("game-thumb")).to_have_attribute("data-state", "drawn")
    # Now it does: my games are the top of the page.
    expect(waiter.locator("main > section").first).to_have_id("my-games-panel")
    panel_box, hero = panel.bounding_box(), waiter.locator("#hero-title").bounding_box()
    assert panel_box and hero and panel_box["y"] < hero["y"]
    assert_accessible(waiter, "the home page, a game waiting for me")
    resize(waiter, PHONE)
    no_sideways_scroll(waiter)
    assert_accessible(waiter, "the home page at 360 px, a game waiting for me")


def test_a_turn_based_table_made_with_the_form_says_its_pace(
    new_context: ContextFactory,
) -> None:
    host, _ = person(new_context, "Host")
    host.goto("/")
    form = host.locator("#create-form")
    seconds = form.locator("label:has([name=turn_seconds])")
    grace = form.locator("label:has([name=substitute_minutes])")
    days = form.locator("[name=turn_days]")
    expect(seconds).to_be_visible()
    expect(grace).to_be_visible()
    expect(days).to_be_hidden()  # real time, unless asked

    host.get_by_test_id("pace-turn-based").check()
    # A turn-based table has neither seconds per turn nor a grace: their fields go.
    expect(seconds).to_be_hidden()
    expect(grace).to_be_hidden()
    expect(days).to_be_visible()
    expect(days).to_have_value("2")
    expect(form.locator("[name=on_timeout]")).to_be_visible()
    expect(form.locator("[name=vacation]")).to_be_checked()
    days.select_option("0")  # no clock: time never runs out
    expect(form.locator("[name=on_timeout]")).to_be_hidden()
    days.select_option("2")
    form.locator("[name=on_timeout]").select_option("drop")
    form.locator("[name=public]").check()
    assert_accessible(host, "the lobby's form, turn-based")
    form.get_by_role("button", name="Create the table").click()
    host.wait_for_url("**/t/*")
    expect(host.get_by_test_id("table-pace")).to_have_text("Turn-based · 2 days per move")
    expect(host.locator("#options")).to_contain_text("They leave the game")
    expect(host.locator("#options")).not_to_contain_text("Seconds per turn")
    code = host.url.rsplit("/t/", 1)[1]
    table = host.request.get(f"/api/tables/{code}").json()
    assert (table["turn_days"], table["on_timeout"], table["vacation"]) == (2, "drop", True)
    assert (table["options"]["turn_seconds"], table["substitute_minutes"]) == (0, 0)

    # The lobby's open tables say the pace too.
    visitor, _ = person(new_context, "Visitor")
    visitor.goto("/")
    listed = visitor.locator(f"#open-tables li:has(a[href='/t/{code}'])")
    expect(listed.get_by_test_id("table-pace")).to_have_text("Turn-based · 2 days per move")

    # A table in real time says so.
    made = host.request.post("/api/tables", data={"seats": [HUMAN, HUMAN]})
    host.goto(f"/t/{made.json()['invite_code']}")
    expect(host.get_by_test_id("table-pace")).to_have_text("Real time")


def test_the_first_page_with_an_account_tells_the_server_the_browsers_time_zone(
    new_context: ContextFactory,
) -> None:
    page = new_context(timezone_id="Asia/Tokyo").new_page()
    patches: list[str] = []

    def patched(request: Request) -> None:
        if request.method == "PATCH":
            patches.append(request.url)

    page.on("request", patched)
    page.goto("/rules")  # a visitor: looking makes no account, so nothing is sent
    expect(page.locator("#whoami")).to_be_visible()
    assert patches == []
    assert page.request.post("/api/me").ok  # the first action (here, asked outright)

    def sent(response: Response) -> bool:
        return response.request.method == "PATCH" and response.url.endswith("/api/me/preferences")

    with page.expect_response(sent) as answer:
        page.goto("/rules")
    assert answer.value.ok
    assert answer.value.request.post_data_json == {"time_zone": "Asia/Tokyo"}
    assert page.request.get("/api/me/preferences").json()["time_zone"] == "Asia/Tokyo"
    # Known now: the next pages do not send it again.
    sent_again: list[str] = []

    def note(request: Request) -> None:
        if request.method == "PATCH":
            sent_again.append(request.url)

    page.on("request", note)
    page.goto("/")
    expect(page.get_by_test_id("my-games-panel")).to_have_attribute("data-loaded", "1")
    assert sent_again == []
