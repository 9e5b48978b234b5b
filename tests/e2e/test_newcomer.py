"""What a new player meets, kept fixed: the table page's buttons by role and its live
updates, the rematch announced and joined with one click, the stale offline error,
the unplayable tiles' mark, the hint after a draw, a blocked solo game, the live
lobby, the preferences' errors beside their fields, and the keyboard's way to the
tiles. Every wait is for a condition, never for time."""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

from playwright.sync_api import Page, WebSocketRoute, expect
from support.browser.gameplay import (
    ContextFactory,
    api_game,
    api_solo,
    api_solo_of,
    api_solo_with_a_play,
    game_id_of,
    is_my_turn,
    open_game,
    play_to_end,
    take_turn,
    version,
    wait_for_version,
    wait_until_connected,
)
from support.browser.play import KEEP_SOCKETS

HUMAN = {"kind": "human"}


def visible_actions(page: Page) -> list[str]:
    """The words of the table page's buttons that show."""
    return sorted(
        item.inner_text().strip() for item in page.locator("#table-actions > *:visible").all()
    )


def set_preferences(page: Page, **preferences: object) -> None:
    answer = page.request.patch("/api/me/preferences", data=preferences)
    assert answer.ok, answer.text()


# --- the table page ---------------------------------------------------------------------


def test_the_table_page_shows_each_role_exactly_its_buttons_live(
    new_context: ContextFactory,
) -> None:
    creator, invitee, visitor = (new_context().new_page() for _ in range(3))
    for page in (creator, invitee, visitor):
        page.goto("/rules")  # a session
    made = creator.request.post("/api/tables", data={"seats": [HUMAN, HUMAN]})
    assert made.ok, made.text()
    code = made.json()["invite_code"]
    for page in (creator, invitee, visitor):
        page.goto(f"/t/{code}")
        expect(page.get_by_test_id("table-status")).not_to_be_empty()

    # A free seat: the creator may only close the table; anyone else may take it.
    expect(creator.get_by_test_id("close-table")).to_be_visible()
    assert visible_actions(creator) == ["Close the table"]
    assert visible_actions(invitee) == ["Take a seat"]
    assert visible_actions(visitor) == ["Take a seat"]

    invitee.get_by_test_id("join").click()
    # Everyone's page follows without a reload.
    expect(creator.get_by_test_id("start")).to_be_visible()
    assert visible_actions(creator) == ["Close the table", "Start the game"]
    expect(invitee.get_by_test_id("leave")).to_be_visible()
    assert visible_actions(invitee) == ["Leave the table"]
    expect(visitor.get_by_test_id("join")).to_be_hidden()
    assert visible_actions(visitor) == []
    expect(visitor.get_by_test_id("table-status")).to_have_text("This table is full.")
    expect(invitee.get_by_test_id("open-game")).to_be_hidden()  # nothing to go to yet

    # Closing asks first; keeping it open changes nothing.
    creator.get_by_test_id("close-table").click()
    expect(creator.get_by_test_id("close-confirm")).to_be_visible()
    creator.get_by_test_id("close-no").click()
    expect(creator.get_by_test_id("close-confirm")).to_be_hidden()

    creator.get_by_test_id("start").click()
    creator.wait_for_url("**/g/*")
    game_id = game_id_of(creator)
    invitee.wait_for_url(f"**/g/{game_id}")  # the seated go to the game by themselves
    wait_until_connected(invitee)
    expect(visitor.get_by_test_id("open-game")).to_be_visible()
    assert visible_actions(visitor) == ["Go to the game"]
    expect(visitor.get_by_test_id("open-game")).to_have_attribute("href", f"/g/{game_id}")


def test_the_creator_closes_the_table_after_confirming_and_everyone_sees_it(
    new_context: ContextFactory,
) -> None:
    creator, invitee = new_context().new_page(), new_context().new_page()
    for page in (creator, invitee):
        page.goto("/rules")
    code = creator.request.post("/api/tables", data={"seats": [HUMAN, HUMAN]}).json()["invite_code"]
    assert invitee.request.post(f"/api/tables/{code}/join").ok
    for page in (creator, invitee):
        page.goto(f"/t/{code}")
        expect(page.get_by_test_id("table-status")).not_to_be_empty()
    creator.get_by_test_id("close-table").click()
    creator.get_by_test_id("close-yes").click()
    for page in (creator, invitee):
        expect(page.get_by_test_id("table-status")).to_have_text("The creator closed this table.")
        expect(page.locator("#table-actions > *:visible")).to_have_count(0)


# --- the end of a game: rematch, the result again, the record ----------------------------


def test_a_rematch_is_announced_and_joined_with_one_click(new_context: ContextFactory) -> None:
    host, guest = new_context().new_page(), new_context().new_page()
    for page in (host, guest):
        page.goto("/rules")
    game_id = api_game([host, guest], ruleset="junior", hand_size=3)
    for page in (host, guest):
        open_game(page, game_id)
    play_to_end([host, guest])

    # Looking at the board keeps a way back to the result, with its record link.
    guest.get_by_test_id("end-close").click()
    expect(guest.get_by_test_id("end-screen")).to_be_hidden()
    guest.get_by_test_id("end-reopen").click()
    expect(guest.get_by_test_id("end-screen")).to_be_visible()
    expect(guest.get_by_test_id("end-record-link")).to_have_attribute(
        "href", f"/api/games/{game_id}/record"
    )
    expect(guest.get_by_test_id("join-rematch")).to_be_hidden()

    host.get_by_test_id("rematch").click()
    host.wait_for_url(re.compile(r"/g/(?!" + re.escape(game_id) + ")"))
    next_game = game_id_of(host)

    news = guest.get_by_test_id("rematch-news")
    expect(news).to_have_text(re.compile("A rematch is ready"))
    join = guest.get_by_test_id("join-rematch")
    expect(join).to_be_visible()
    expect(guest.get_by_test_id("rematch")).to_be_hidden()
    join.click()
    guest.wait_for_url(f"**/g/{next_game}")
    wait_until_connected(guest)
    expect(guest.locator("#hand-area")).to_be_visible()  # seated in the rematch

    # Someone arriving later at the old game is offered it too.
    late = guest.context.new_page()
    late.goto(f"/g/{game_id}")
    expect(late.get_by_test_id("join-rematch")).to_have_attribute("href", f"/g/{next_game}")


# --- the connection -----------------------------------------------------------------------


def test_the_not_connected_error_clears_when_the_connection_is_back(
    new_context: ContextFactory,
) -> None:
    context = new_context()
    context.add_init_script(KEEP_SOCKETS)
    page = context.new_page()
    page.goto("/rules")
    set_preferences(page, assistance="intermediate")  # drawing is allowed at any time
    open_game(page, api_solo(page))
    draw = page.get_by_test_id("draw")
    expect(draw).to_be_enabled()

    context.set_offline(True)
    page.evaluate("window.__e2eSockets.forEach((socket) => socket.close())")
    expect(page.get_by_test_id("connection-banner")).to_have_attribute("data-state", "lost")
    draw.click()
    error = page.get_by_test_id("move-error")
    expect(error).to_have_text(re.compile("^Not connected"))

    context.set_offline(False)
    expect(page.get_by_test_id("connection-banner")).to_be_hidden()
    expect(error).to_be_hidden()


# --- the hand -------------------------------------------------------------------------------

# The unplayable mark's style: opacity and filter on the button, its picture and
# their ancestors, and the corner mark.
_MARK_JS = """(button) => {
  const chain = [];
  let node = button.querySelector('svg');
  for (; node && node !== document.body; node = node.parentElement) {
    const style = getComputedStyle(node);
    chain.push({opacity: style.opacity, filter: style.filter});
  }
  return {chain, mark: getComputedStyle(button, '::before').content};
}"""


def test_tiles_that_do_not_fit_keep_their_colours_and_carry_a_mark(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    set_preferences(page, assistance="beginner")
    for _ in range(10):
        open_game(page, api_solo(page))
        if page.locator("[data-testid=hand-tile].unplayable").count():
            break
    unplayable = page.locator("[data-testid=hand-tile].unplayable").first
    expect(unplayable).to_be_visible()
    style = unplayable.evaluate(_MARK_JS)
    assert all(float(level["opacity"]) == 1 for level in style["chain"]), style
    assert all(level["filter"] in ("none", "") for level in style["chain"]), style
    assert "\u00d7" in style["mark"]  # a multiplication sign: the cross in the corner
    assert "doesn't fit" not in (unplayable.get_attribute("aria-label") or "")


def test_after_a_draw_the_hint_speaks_of_the_tile_drawn(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    set_preferences(page, assistance="intermediate")
    open_game(page, api_solo(page, draws_per_turn=1))
    hint = page.get_by_test_id("hand-hint")
    for _ in range(30):
        before = version(page)
        page.get_by_test_id("draw").click()
        wait_for_version(page, before + 1)
        drawn = page.locator("[data-testid=hand-tile].drawn")
        expect(drawn).to_have_count(1)
        if page.locator("[data-testid=hand-tile].playable").count() == 0:
            # Other tiles may fit, but only the drawn one may be laid, and it fits nowhere.
            expect(hint).to_have_text(
                "Only the tile you drew may be laid now; it fits nowhere: pass."
            )
            return
        # The tile drawn fits: it is picked, its places are counted. Lay it and try again.
        expect(drawn).to_have_class(re.compile(r"\bpicked\b"))
        expect(hint).not_to_have_text(re.compile("None of your tiles"))
        take_turn(page)
    raise AssertionError("no draw in 30 turns gave a tile that fits nowhere")


# --- solo -----------------------------------------------------------------------------------


def blocked_after_one_turn(route: WebSocketRoute) -> None:
    """Pass the game's messages on, but make every snapshot a finished, blocked solo
    game one turn long (what the page shows of a blocked solo game)."""
    server = route.connect_to_server()

    def to_page(message: str | bytes) -> None:
        data: dict[str, Any] = json.loads(message)
        if data.get("type") in ("welcome", "state"):  # a snapshot, whichever comes first
            state = data["state"]
            state.update(
                finished=True,
                ended_by="blocked",
                winners=[0],
                current=0,
                turns_taken=[1],
                can_draw=False,
                can_pass=False,
            )
            data["legal"] = None
            message = json.dumps(data)
        route.send(message)

    server.on_message(to_page)
    route.on_message(server.send)


def test_a_blocked_solo_game_has_no_winner_and_counts_its_turns_right(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_solo(page)
    page.route_web_socket(re.compile(r"/ws/games/"), blocked_after_one_turn)
    open_game(page, game_id)
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    expect(page.get_by_test_id("end-result")).to_have_text("The game is blocked after 1 turn.")
    expect(page.locator("#end-scores li")).to_have_count(1)
    expect(page.locator("#end-scores li.winner")).to_have_count(0)
    expect(page.locator("[data-testid=player].winner")).to_have_count(0)
    expect(page.get_by_test_id("players")).to_contain_text("1 turn,")


def revealed_on_first_play(route: WebSocketRoute) -> None:
    """Pass the game's messages on, adding "my last tile is face up" to the first live play."""
    server = route.connect_to_server()
    added = {"done": False}

    def to_page(message: str | bytes) -> None:
        data: dict[str, Any] = json.loads(message)
        live = data.get("type") == "event" and data.get("state") and not added["done"]
        if live and data["event"].get("action") in ("play", "draw"):
            data["event"]["revealed"] = [0]
            added["done"] = True
            message = json.dumps(data)
        route.send(message)

    server.on_message(to_page)
    route.on_message(server.send)


def test_alone_the_log_does_not_say_the_last_tile_is_face_up(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_solo(page)
    page.route_web_socket(re.compile(r"/ws/games/"), revealed_on_first_play)
    open_game(page, game_id)
    take_turn(page)
    expect(page.locator("#move-log li[data-version='1']")).to_have_count(1)
    expect(page.get_by_test_id("move-log")).not_to_contain_text("face up")


def test_a_new_personal_best_is_celebrated_on_the_end_screen(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_solo_of(page, "triominos", {"turn_seconds": 0, "target": 50})
    open_game(page, game_id)
    play_to_end([page])
    best = page.get_by_test_id("end-best")
    expect(best).to_be_visible()
    expect(best).to_contain_text("personal best")
    answer = page.request.get("/api/me/solo-best?game=triominos")
    assert answer.ok and answer.json()["game_id"] == game_id


# --- the lobby --------------------------------------------------------------------------------


def test_the_lobby_updates_when_someone_else_makes_a_public_table(
    new_context: ContextFactory,
) -> None:
    watcher, maker = new_context().new_page(), new_context().new_page()
    maker.goto("/rules")
    # A player (looking makes no account, and the page's stream follows who it was
    # opened for): the games they join come into their list.
    assert watcher.request.post("/api/me").ok
    watcher.goto("/")
    expect(watcher.get_by_test_id("my-games-panel")).to_have_attribute("data-loaded", "1")
    expect(watcher.get_by_test_id("my-games-panel")).to_be_hidden()  # no game yet: no list on top
    made = maker.request.post("/api/tables", data={"seats": [HUMAN, HUMAN], "public": True})
    assert made.ok, made.text()
    code = made.json()["invite_code"]
    expect(watcher.locator(f"#open-tables a[href='/t/{code}']")).to_be_visible()

    # My games: the game's name, whose turn it is, a date; it changes as the game moves.
    assert watcher.request.post(f"/api/tables/{code}/join").ok
    started = maker.request.post(f"/api/tables/{code}/start")
    assert started.ok, started.text()
    game_id = started.json()["game_id"]
    line = watcher.locator(f"[data-testid=my-game][data-game='{game_id}']")
    expect(line).to_be_visible()
    expect(line).to_contain_text("Chromino")
    expect(line.locator("time")).to_have_attribute("datetime", re.compile(r"^\d{4}-"))
    expect(line.locator("time")).not_to_be_empty()
    expect(line.get_by_test_id("game-status")).to_have_text(re.compile(r"Your turn|'s turn"))
    expect(watcher.locator(f"#open-tables a[href='/t/{code}']")).to_have_count(0)


# --- preferences ------------------------------------------------------------------------------


def test_a_taken_name_is_said_beside_the_name_field(new_context: ContextFactory) -> None:
    first, second = new_context().new_page(), new_context().new_page()
    first.goto("/preferences")
    taken = f"Taken {secrets.token_hex(3)}"  # a guest's drawn name is refused for its form
    assert first.request.put("/api/me/name", data={"name": taken}).ok
    second.goto("/preferences")
    second.locator("#name").fill(taken)
    second.get_by_role("button", name="Save name").click()
    error = second.get_by_test_id("name-error")
    expect(error).to_have_text("That name is taken: try another.")
    field = second.locator("#name").bounding_box()
    said = error.bounding_box()
    assert field and said
    # Right under the field it concerns, not under another form.
    assert 0 <= said["y"] - (field["y"] + field["height"]) < 40
    logout = second.get_by_test_id("logout").bounding_box()
    assert logout and said["y"] < logout["y"]
    expect(second.locator("#password-error")).to_be_hidden()


def test_the_palette_preview_draws_tiles_of_both_games(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/preferences")
    preview = page.get_by_test_id("palette-preview")
    expect(preview.locator(".tile .square")).to_have_count(9)
    expect(preview.locator(".tri-tile .tri-number")).to_have_count(9)
    sizes = preview.locator("svg").evaluate_all(
        "(icons) => icons.map((icon) => [icon.clientWidth, icon.clientHeight])"
    )
    assert sizes == [[78, 26]] * 3 + [[76, 66]] * 3  # each game sizes its own tiles
    expect(preview.locator(".tile .sym:visible")).to_have_count(0)
    page.locator("#prefs-form [name=symbols]").check()
    expect(preview.locator(".tile .sym:visible").first).to_be_visible()
    height = page.locator("#prefs-form [name=language]").bounding_box()
    assert height and height["height"] < 60


def test_a_guest_is_warned_before_signing_out(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/preferences")
    page.get_by_test_id("logout").click()
    warning = page.get_by_test_id("logout-warning")
    expect(warning).to_contain_text("cannot be recovered")
    page.get_by_test_id("logout-add-password").click()
    expect(page.locator("#password")).to_be_focused()
    assert page.url.endswith("/preferences")


def test_a_newcomer_is_offered_to_choose_a_name(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    open_game(page, api_solo(page))
    # Not over a game: on a phone the form pushed the board 300 px down.
    expect(page.get_by_test_id("name-prompt")).to_be_hidden()
    page.goto("/")
    prompt = page.get_by_test_id("name-prompt")
    expect(prompt).to_be_visible()
    prompt.locator("input").fill("Newcomer Nell")
    prompt.get_by_test_id("name-prompt-save").click()
    expect(prompt).to_be_hidden()
    expect(page.locator("#whoami")).to_have_text("Newcomer Nell")
    page.goto("/solo")
    expect(page.get_by_test_id("name-prompt")).to_have_count(0)  # chosen: never asked again


# --- the keyboard ------------------------------------------------------------------------------


def test_the_first_tile_is_a_tab_away_and_the_focus_ring_is_not_the_fits_highlight(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    open_game(page, api_solo(page))
    presses = 0
    page.keyboard.press("Tab")
    presses += 1
    expect(page.get_by_test_id("skip-to-hand")).to_be_focused()
    page.keyboard.press("Enter")
    focused = page.locator("[data-testid=hand-tile]:focus")
    expect(focused).to_have_count(1)
    assert presses <= 3
    ring = focused.evaluate(
        "(b) => { const s = getComputedStyle(b); return [s.outlineStyle, s.boxShadow]; }"
    )
    playable = page.locator("[data-testid=hand-tile].playable:not(:focus)").first
    highlight = playable.evaluate(
        "(b) => [getComputedStyle(b).outlineStyle, getComputedStyle(b).boxShadow]"
    )
    assert ring[0] != "none", ring  # a ring drawn around the focused tile
    assert highlight[0] == "none"  # the fits highlight has no ring
    assert ring[1] != highlight[1]

    # From the board, the hand is the next stop (the view's buttons are not in the way).
    page.keyboard.press("Enter")  # pick it: the focus goes to the board
    expect(page.get_by_test_id("board")).to_be_focused()
    tabs = 0
    while not page.evaluate("() => document.activeElement.closest('#hand') !== null"):
        assert tabs < 3, "the hand is more than 3 Tabs from the board"
        page.keyboard.press("Tab")
        tabs += 1
    assert is_my_turn(page)


def test_the_create_table_form_says_you_and_waits_for_a_friend(new_context: ContextFactory) -> None:
    """Seat 1 is the creator's, said as "You" (not a greyed "A person"); the other seats
    wait for a person, since a table is made to invite friends; scorings are named in
    words."""
    page = new_context().new_page()
    page.goto("/")
    seats = page.locator("#seat-list li")
    expect(seats).to_have_count(2)
    expect(seats.nth(0).locator(".seat-you")).to_have_text("You")
    expect(seats.nth(0).locator(".seat-kind")).to_be_hidden()
    expect(seats.nth(1).locator(".seat-kind")).to_have_value("human")
    page.locator("#seat-count").select_option("4")
    expect(seats.nth(3).locator(".seat-kind")).to_have_value("human")
    scoring = page.locator("#create-form [name=scoring] option[value=segments-multiply]")
    expect(scoring).to_have_text("Segments, end to end multiplied")


def test_draw_says_why_it_is_off_at_the_beginner_level(new_context: ContextFactory) -> None:
    """While a tile fits, the Beginner level keeps Draw off: the button and a visible
    line say so, and they say nothing once the level allows drawing."""
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_solo_with_a_play(page)
    open_game(page, game_id)
    why = page.get_by_test_id("draw-why")
    expect(page.get_by_test_id("draw")).to_be_disabled()
    expect(why).to_be_visible()
    expect(why).to_contain_text("At the Beginner level you draw only when none of your tiles fits")
    expect(page.get_by_test_id("draw")).to_have_attribute("title", re.compile("Beginner"))
    answer = page.request.patch("/api/me/preferences", data={"assistance": "intermediate"})
    assert answer.ok, answer.text()
    expect(page.get_by_test_id("draw")).to_be_enabled()
    expect(why).to_be_hidden()
