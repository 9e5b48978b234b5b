"""Table talk on the game page and the replay (docs/protocol.md, "Table talk"),
in real browsers, each person in their own: presets and free text both ways, markup in
a line and in a name kept as text, the unread count on the Chat button, a flood refused
in words with the socket left open, the spectators' room kept from the players until
the end, a preset said in Japanese read in French, lines missed while offline recovered
once, the panel's accessibility at a phone's size and a desktop's, and the replay's
"Table talk"."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chat import lines, open_chat, say_preset, say_text, sockets_of
from support.browser.chromium import ARTIFACTS, SETTLED_JS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory, open_game
from support.browser.people import HUMAN, QUICK, duel, no_sideways_scroll, person
from support.live import LiveServer

from web.models import User

SHOTS = Path(os.environ.get("CHROMINO_CHAT_SHOTS", str(ARTIFACTS)))
"""Where the pictures of the open panel go (CHROMINO_CHAT_SHOTS=/tmp/chat-shots to look at them)."""

YOROSHIKU = "\u3088\u308d\u3057\u304f\uff01"
"""Japanese for the preset "hello" (よろしく, a full-width exclamation mark)."""


def free_text(creator: Page, code: str, allowed: bool = True) -> None:
    """The table's creator allows free text (guests sit there: it starts off)."""
    answer = creator.request.patch(f"/api/tables/{code}/chat", data={"text": allowed})
    assert answer.ok, answer.text()


def test_two_players_say_a_preset_and_free_text_to_each_other(new_context: ContextFactory) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    game_id, code = duel(ana, ben)
    for page in (ana, ben):
        open_game(page, game_id)

    say_preset(ana, "good_luck")
    open_chat(ben)
    for page in (ana, ben):
        said = lines(page).last
        expect(said.get_by_test_id("chat-author")).to_have_text(ana_name)
        expect(said.get_by_test_id("chat-words")).to_have_text("Good luck!")
    expect(lines(ana).last).to_have_class(re.compile(r"\bmine\b"))
    expect(lines(ben).last).not_to_have_class(re.compile(r"\bmine\b"))

    # Guests sit at the table: free text waits for its creator.
    panel = open_chat(ben)
    expect(panel.get_by_test_id("chat-form")).to_be_hidden()
    why = panel.get_by_test_id("chat-why")
    expect(why).to_have_text(
        f"Only the reactions are on at this table. {ana_name}, who made it, can allow free text."
    )
    free_text(ana, code)
    expect(panel.get_by_test_id("chat-form")).to_be_visible()  # told live (chat_status)
    expect(why).to_be_hidden()

    say_text(ben, "Nice to meet you, see https://example.com")
    for page in (ana, ben):
        said = lines(page).last
        expect(said.get_by_test_id("chat-author")).to_have_text(ben_name)
        expect(said.get_by_test_id("chat-words")).to_have_text(
            "Nice to meet you, see https://example.com"
        )
        expect(said.locator("a")).to_have_count(0)  # a link is not made clickable
    expect(lines(ana)).to_have_count(2)
    expect(lines(ben)).to_have_count(2)


def test_markup_in_a_line_and_in_a_name_stays_text(
    new_context: ContextFactory, server: LiveServer
) -> None:
    ana, _ = person(new_context, "Ana")
    ben, _ = person(new_context, "Ben")
    # Names are refused with markup in them now; one kept from before must still be text.
    sly = "<b>Ben</b><img src=x onerror=window.hit=1>"
    me = ben.request.get("/api/me")
    assert me.ok, me.text()
    with server.app_state().db.session() as session:
        user = session.get(User, me.json()["id"])
        assert user is not None
        user.name = sly
    game_id, code = duel(ana, ben)
    free_text(ana, code)
    for page in (ana, ben):
        open_game(page, game_id)
    markup = "<img src=x onerror=window.hit=1> <script>window.hit=2</script> **bold**"
    open_chat(ana)
    say_text(ben, markup)
    for page in (ana, ben):
        said = lines(page).last
        expect(said.get_by_test_id("chat-words")).to_have_text(markup)
        expect(said.get_by_test_id("chat-author")).to_have_text(sly)
        chat = page.get_by_test_id("chat-lines")
        expect(chat.locator("img, script, b")).to_have_count(0)
        assert page.evaluate("() => window.hit") is None


def test_the_unread_count_grows_and_clears_when_read(new_context: ContextFactory) -> None:
    ana, _ = person(new_context, "Ana")
    ben, _ = person(new_context, "Ben")
    game_id, _ = duel(ana, ben)
    for page in (ana, ben):
        open_game(page, game_id)
    badge = ben.get_by_test_id("chat-badge")
    expect(ben.get_by_test_id("chat-toggle")).to_be_visible()
    expect(badge).to_be_hidden()

    say_preset(ana, "hello")
    expect(badge).to_have_text("1")
    say_preset(ana, "thinking")
    expect(badge).to_have_text("2")
    expect(ben.get_by_test_id("chat-toggle")).to_have_accessible_name(re.compile("2 unread lines"))
    expect(ana.get_by_test_id("chat-badge")).to_be_hidden()  # my own lines are not news to me
    expect(ben.get_by_test_id("chat-live")).to_have_text(re.compile(r": Thinking…$"))
    expect(ana.get_by_test_id("chat-live")).to_have_text("")  # nor said to me

    open_chat(ben)
    expect(badge).to_be_hidden()
    expect(lines(ben)).to_have_count(2)
    ben.get_by_test_id("chat-close").click()
    expect(ben.get_by_test_id("chat-panel")).to_be_hidden()
    # The server kept what Ben read: the count stays clear on a new visit.
    ben.reload()
    expect(ben.get_by_test_id("chat-toggle")).to_be_visible()
    expect(badge).to_be_hidden()
    say_preset(ana, "hurry")
    expect(badge).to_have_text("1")


def test_a_flood_is_refused_in_words_and_the_socket_stays_open(
    new_context: ContextFactory,
) -> None:
    ana, _ = person(new_context, "Ana")
    ben, _ = person(new_context, "Ben")
    opened = sockets_of(ana)
    game_id, code = duel(ana, ben)
    free_text(ana, code)
    for page in (ana, ben):
        open_game(page, game_id)
    panel = open_chat(ana)
    status = panel.get_by_test_id("chat-status")
    for _ in range(12):
        panel.locator("[data-testid=chat-preset][data-preset=oops]").click()
    expect(status).to_have_text(re.compile(r"^Too fast: wait"))
    expect(status).to_have_attribute("role", "status")
    field = panel.get_by_test_id("chat-input")
    field.fill("still typed")
    panel.get_by_test_id("chat-send").click()
    expect(status).to_have_text(re.compile(r"^Too fast: wait"))
    expect(field).to_have_value("still typed")  # the text waits to be sent again
    expect(ana.get_by_test_id("connection-banner")).to_have_attribute("data-state", "open")
    assert len(opened) == 1, "the socket was closed and opened again"
    expect(ana.get_by_test_id("move-error")).to_be_hidden()  # not a refused move
    open_chat(ben)
    expect(lines(ben).first).to_be_visible()
    said = lines(ben).count()
    assert 1 <= said < 12, f"{said} lines of the flood got through"


def test_the_spectators_room_reaches_players_only_after_the_end(
    new_context: ContextFactory,
) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, _ = person(new_context, "Ben")
    cy, cy_name = person(new_context, "Cy")
    game_id, _ = duel(ana, ben)
    for page in (ana, ben, cy):
        open_game(page, game_id)
    panel = open_chat(cy)
    expect(panel.get_by_test_id("chat-room-note")).to_be_visible()
    for page in (ana, ben):
        open_chat(page)
    say_preset(cy, "thinking")
    expect(lines(cy).last).to_have_attribute("data-room", "spectators")
    expect(lines(cy).last.get_by_test_id("chat-spectator")).to_have_text("watching")
    say_preset(ana, "hello")  # after Cy's line: if Cy's reached Ana, it came first
    expect(lines(cy).last.get_by_test_id("chat-author")).to_have_text(ana_name)
    expect(lines(ana)).to_have_count(1)
    expect(lines(ben)).to_have_count(1)
    for page in (ana, ben):
        expect(page.locator("#chat-lines")).not_to_contain_text(cy_name)

    # Ana leaves: the game is over, and the players may read the spectators' room.
    ana.get_by_test_id("resign").click()
    ana.get_by_test_id("resign-yes").click()
    expect(ben.get_by_test_id("end-screen")).to_be_visible()
    ben.reload()
    open_chat(ben)
    expect(lines(ben)).to_have_count(2)
    expect(ben.locator("#chat-lines [data-room=spectators]")).to_contain_text(cy_name)

    # The replay keeps the talk beside the moves, to read.
    ben.goto(f"/g/{game_id}/replay")
    talk = ben.get_by_test_id("replay-talk")
    expect(talk).to_be_visible()
    expect(talk.get_by_test_id("chat-line")).to_have_count(2)
    expect(talk).to_contain_text("Hello!")
    expect(talk.locator("button, input")).to_have_count(0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    ben.screenshot(path=str(SHOTS / "replay-talk-1280.png"), full_page=True)
    ben.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    no_sideways_scroll(ben)
    ben.screenshot(path=str(SHOTS / "replay-talk-360.png"), full_page=True)
    assert_accessible(ben, "the replay with its table talk, at 360 px")


def test_a_preset_said_in_japanese_reads_in_french(new_context: ContextFactory) -> None:
    aki, aki_name = person(new_context, "Aki")
    zoe, _ = person(new_context, "Zoe")
    for page, language in ((aki, "ja"), (zoe, "fr")):
        answer = page.request.patch("/api/me/preferences", data={"language": language})
        assert answer.ok, answer.text()
    game_id, _ = duel(aki, zoe)
    for page, language in ((aki, "ja"), (zoe, "fr")):
        page.goto(f"/g/{game_id}")
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.get_by_test_id("connection-banner")).to_have_attribute("data-state", "open")
    button = open_chat(aki).locator("[data-testid=chat-preset][data-preset=hello]")
    expect(button).to_have_text(YOROSHIKU)
    button.click()
    expect(lines(aki).last.get_by_test_id("chat-words")).to_have_text(YOROSHIKU)
    said = lines(open_chat(zoe).page).last
    expect(said.get_by_test_id("chat-author")).to_have_text(aki_name)
    expect(said.get_by_test_id("chat-words")).to_have_text("Salut\u00a0!")
    # The French reader's own button says it in the same words.
    expect(zoe.locator("[data-testid=chat-preset][data-preset=hello]")).to_have_text("Salut\u00a0!")


def test_lines_said_while_offline_arrive_once_after_the_reconnect(
    new_context: ContextFactory,
) -> None:
    ana, _ = person(new_context, "Ana")
    ben, _ = person(new_context, "Ben")
    game_id, _ = duel(ana, ben)
    opened = sockets_of(ben)
    for page in (ana, ben):
        open_game(page, game_id)
    open_chat(ben)
    say_preset(ana, "hello")
    say_preset(ben, "thanks")
    expect(lines(ben)).to_have_count(2)
    ben.context.set_offline(True)
    expect(ben.get_by_test_id("connection-banner")).to_be_visible()
    say_preset(ana, "well_played")
    say_preset(ana, "nice_move")
    ben.context.set_offline(False)
    expect(ben.get_by_test_id("connection-banner")).to_have_attribute("data-state", "open")
    expect(lines(ben)).to_have_count(4)
    expect(lines(ben).get_by_test_id("chat-words")).to_have_text(
        ["Hello!", "Thanks!", "Well played!", "Nice move!"]
    )
    # Offline, the page may try again more than once before the network is back (its
    # backoff starts at half a second): every reopening asks only for what it missed.
    assert len(opened) >= 2
    assert all("chat_since=" in socket.url for socket in opened[1:]), opened
    assert "chat_since=" not in opened[0].url


def test_the_open_panel_is_accessible_on_a_phone_and_a_desktop(
    new_context: ContextFactory,
) -> None:
    ana, _ = person(new_context, "Ana")
    ben, _ = person(new_context, "Ben", viewport=PHONE, is_mobile=True, has_touch=True)
    game_id, code = duel(ana, ben)
    free_text(ana, code)
    for page in (ana, ben):
        open_game(page, game_id)
    say_preset(ana, "hello")
    say_text(ana, "A longer line, to see how it wraps in the narrow column beside the board.")
    say_preset(ben, "good_luck")
    SHOTS.mkdir(parents=True, exist_ok=True)

    # A desktop: the panel in the side column, beside the board, over neither it nor the hand.
    panel = open_chat(ana)
    expect(lines(ana)).to_have_count(3)
    board = ana.get_by_test_id("board").bounding_box()
    hand = ana.locator("#hand-area").bounding_box()
    box = panel.bounding_box()
    assert board and hand and box
    assert box["x"] >= board["x"] + board["width"], "the panel covers the board"
    assert box["x"] >= hand["x"] + hand["width"], "the panel covers the hand"
    expect(panel.get_by_test_id("chat-moderate")).to_be_attached()
    lines(ana).first.get_by_test_id("chat-more").click()  # my own line: report it, no mute
    expect(lines(ana).first.get_by_test_id("chat-report")).to_be_visible()
    expect(lines(ana).first.get_by_test_id("chat-mute")).to_have_count(0)
    ana.screenshot(path=str(SHOTS / "chat-1280.png"), full_page=True)
    assert_accessible(ana, "the game page with the chat open, at 1280 px")
    no_sideways_scroll(ana)
    bens = lines(ana).last  # Ben's line: the table's creator may mute him here too
    bens.get_by_test_id("chat-more").click()
    expect(bens.get_by_test_id("chat-table-mute")).to_be_visible()
    bens.get_by_test_id("chat-mute").click()
    expect(ana.get_by_test_id("chat-mute-yes")).to_be_focused()
    assert_accessible(ana, "the chat with a confirmation open, at 1280 px")
    ana.keyboard.press("Escape")
    expect(bens.get_by_test_id("chat-more")).to_be_focused()
    expect(ana.locator(".chat-menu")).to_have_count(0)

    # A phone: a sheet over the foot of the screen; Escape closes it, back to the button.
    toggle = ben.get_by_test_id("chat-toggle")
    sheet = open_chat(ben)
    expect(sheet).to_have_css("position", "fixed")
    expect(lines(ben)).to_have_count(3)
    ben.screenshot(path=str(SHOTS / "chat-360.png"))
    ben.screenshot(path=str(SHOTS / "chat-360-full.png"), full_page=True)
    no_sideways_scroll(ben)
    assert_accessible(ben, "the game page with the chat open, at 360 px")
    ben.get_by_test_id("chat-input").fill("x" * 290)
    expect(ben.get_by_test_id("chat-counter")).to_have_text("290 / 300")
    ben.screenshot(path=str(SHOTS / "chat-360-typing.png"))
    ben.get_by_test_id("chat-input").press("Escape")
    expect(sheet).to_be_hidden()
    expect(toggle).to_be_focused()
    assert DESKTOP["width"] == 1280 and PHONE["width"] == 360


def test_muting_someone_hides_their_lines_at_once(new_context: ContextFactory) -> None:
    ana, _ = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    game_id, _ = duel(ana, ben)
    for page in (ana, ben):
        open_game(page, game_id)
    say_preset(ben, "hurry")
    open_chat(ana)
    line = lines(ana).last
    expect(line.get_by_test_id("chat-author")).to_have_text(ben_name)
    line.get_by_test_id("chat-more").click()
    line.get_by_test_id("chat-report").click()
    ana.get_by_test_id("chat-report-reason").fill("rude")
    ana.get_by_test_id("chat-report-yes").click()
    expect(ana.get_by_test_id("chat-status")).to_contain_text("Reported")
    line.get_by_test_id("chat-more").click()
    line.get_by_test_id("chat-mute").click()
    ana.get_by_test_id("chat-mute-yes").click()
    expect(lines(ana)).to_have_count(0)
    expect(ana.get_by_test_id("chat-status")).to_contain_text(f"You muted {ben_name}")
    say_preset(ben, "sorry")
    expect(lines(ben)).to_have_count(2)
    expect(lines(ana)).to_have_count(0)
    expect(ana.get_by_test_id("chat-badge")).to_be_hidden()


def test_the_table_s_creator_mutes_someone_here_and_switches_free_text(
    new_context: ContextFactory,
) -> None:
    ana, _ = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    game_id, code = duel(ana, ben)
    free_text(ana, code)
    for page in (ana, ben):
        open_game(page, game_id)
    say_preset(ben, "oops")
    panel = open_chat(ana)
    line = lines(ana).last
    line.get_by_test_id("chat-more").click()
    line.get_by_test_id("chat-table-mute").click()
    ana.get_by_test_id("chat-table-yes").click()
    expect(panel.get_by_test_id("chat-status")).to_have_text(f"{ben_name} is muted at this table.")
    expect(lines(ana)).to_have_count(1)  # at the table, not for Ana: the line stays
    theirs = open_chat(ben)
    expect(theirs.get_by_test_id("chat-why")).to_have_text("The table's creator muted you.")
    expect(theirs.get_by_test_id("chat-presets")).to_be_hidden()
    expect(theirs.get_by_test_id("chat-form")).to_be_hidden()

    switch = panel.get_by_test_id("chat-text-switch")
    expect(panel.get_by_test_id("chat-moderate")).to_be_visible()  # the creator's own
    expect(switch).to_be_checked()
    switch.uncheck()
    expect(panel.get_by_test_id("chat-form")).to_be_hidden()
    expect(panel.get_by_test_id("chat-why")).to_have_text(
        "Only the reactions are on at this table."
        " You made it: tick “Free text allowed” above to let everyone write."
    )
    assert ana.request.get(f"/api/tables/{code}").ok


def test_my_games_count_the_lines_i_have_not_read(new_context: ContextFactory) -> None:
    ana, _ = person(new_context, "Ana")
    ben, _ = person(new_context, "Ben")
    game_id, _ = duel(ana, ben)
    open_game(ana, game_id)
    say_preset(ana, "hello")
    say_preset(ana, "good_luck")
    expect(lines(ana)).to_have_count(2)
    ben.goto("/games")
    line = ben.locator(f"[data-testid=my-game][data-game='{game_id}']")
    expect(line.get_by_test_id("game-unread")).to_have_text("2 unread lines")
    open_game(ben, game_id)
    open_chat(ben)
    expect(ben.get_by_test_id("chat-toggle")).not_to_contain_text("2")  # read: no count
    ben.goto("/games")
    expect(line.get_by_test_id("game-status")).to_be_visible()
    expect(line.get_by_test_id("game-unread")).to_have_count(0)


# --- four players: the open chat shows without scrolling the page -----------------------

CHAT_SIZES = [(1280, 800), (1920, 1080), (1024, 768), (360, 740)]
"""Widths and heights of the windows the open chat must fit in, with four players."""

_CHAT_IN_VIEW_JS = """() => {
  const inView = (node) => {
    const box = node.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight
      && box.left >= 0 && box.right <= window.innerWidth;
  };
  const list = document.getElementById('chat-lines');
  const frame = list.getBoundingClientRect();
  const shown = [...list.querySelectorAll('[data-testid=chat-line]')].filter((line) => {
    const box = line.getBoundingClientRect();
    return box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1 && inView(line);
  });
  return {
    scrolled: window.scrollY,
    input: inView(document.getElementById('chat-input')),
    send: inView(document.getElementById('chat-send')),
    lines: shown.length,
  };
}"""


def four_at_a_table(new_context: ContextFactory) -> tuple[list[Page], str, str]:
    """Four people at a four-seat quick table, started, with free text on: their pages,
    the game's id and the table's code."""
    pages = [person(new_context, name)[0] for name in ("Ana", "Ben", "Chloé", "Dmitri")]
    body = {"seats": [HUMAN] * 4, "options": QUICK}
    made = pages[0].request.post("/api/tables", data=body)
    assert made.ok, made.text()
    code = made.json()["invite_code"]
    for page in pages[1:]:
        assert page.request.post(f"/api/tables/{code}/join").ok
    started = pages[0].request.post(f"/api/tables/{code}/start")
    assert started.ok, started.text()
    free_text(pages[0], code)
    return pages, str(started.json()["game_id"]), code


_SETTLED_JS = f"""() => ({SETTLED_JS})()
    .then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))"""
"""The page's entrance animations (the sheet rising) are over and it is drawn."""


@pytest.mark.parametrize("language", ["en", "ru", "ja"])
def test_the_open_chat_shows_without_scrolling_the_page(
    new_context: ContextFactory, language: str
) -> None:
    """With four players, the chat opens where its input and several lines can be read
    without scrolling the page, at a phone's, a small laptop's and two desktops' sizes."""
    pages, game_id, _ = four_at_a_table(new_context)
    ana = pages[0]
    chosen = ana.request.patch("/api/me/preferences", data={"language": language})
    assert chosen.ok, chosen.text()
    for page in pages:
        open_game(page, game_id)
    for page in pages[1:]:
        say_preset(page, "hello")
        say_text(page, "A line long enough to wrap once in the column beside the board.")
        say_preset(page, "good_luck")
    folder = SHOTS / "four-players"
    folder.mkdir(parents=True, exist_ok=True)
    for width, height in CHAT_SIZES:
        ana.set_viewport_size({"width": width, "height": height})
        ana.goto(f"/g/{game_id}")
        expect(ana.locator("html")).to_have_attribute("lang", language)
        open_chat(ana)
        expect(lines(ana)).to_have_count(9)
        expect(ana.get_by_test_id("players").get_by_test_id("player")).to_have_count(4)
        ana.evaluate(_SETTLED_JS)
        ana.screenshot(path=str(folder / f"chat-{language}-{width}.png"))
        seen = ana.evaluate(_CHAT_IN_VIEW_JS)
        where = f"at {width}x{height} in {language}"
        assert seen["scrolled"] == 0, f"the page scrolled {where}"
        assert seen["input"] and seen["send"], f"the chat's input is out of view {where}: {seen}"
        assert seen["lines"] >= 4, f"only {seen['lines']} lines show {where}"
        no_sideways_scroll(ana)


_UNREAD_JS = """async ([game, count]) => {
  const games = await (await fetch('/api/me/games')).json();
  return games.find((line) => line.id === game)?.unread === count;
}"""
"""Whether my games count ``count`` unread lines in ``game`` (what the server was told)."""

LONG_LINE = " ".join(["A line long enough to fill a good part of the chat's window."] * 4)


def test_a_line_is_read_only_once_it_has_been_in_view(new_context: ContextFactory) -> None:
    """Lines that come while the open panel is scrolled back to older ones stay unread
    (the badge counts them, the server is not told) until the reader scrolls to them."""
    pages, game_id, _ = four_at_a_table(new_context)
    ana, ben, chloe, dmitri = pages
    for page in pages:
        open_game(page, game_id)
    for speaker in (ana, ana, ana, chloe):
        say_text(speaker, LONG_LINE)
    open_chat(ben)
    badge = ben.get_by_test_id("chat-badge")
    expect(lines(ben)).to_have_count(4)
    expect(badge).to_be_hidden()
    chat = ben.get_by_test_id("chat-lines")
    chat.evaluate("(node) => { node.scrollTop = 0; }")
    expect(lines(ben).first).to_be_in_viewport()
    expect(lines(ben).last).not_to_be_in_viewport()

    say_preset(dmitri, "hello")
    say_preset(dmitri, "thanks")
    expect(lines(ben)).to_have_count(6)
    expect(badge).to_have_text("2")
    expect(lines(ben).last).not_to_be_in_viewport()  # the list stayed where Ben reads
    assert ben.evaluate(_UNREAD_JS, [game_id, 2]), "the server was told they were read"

    jump = ben.get_by_test_id("chat-jump")
    expect(jump).to_have_text("2 new lines below")
    SHOTS.mkdir(parents=True, exist_ok=True)
    ben.get_by_test_id("chat-panel").screenshot(path=str(SHOTS / "chat-new-lines-below.png"))
    assert_accessible(ben, "the chat with new lines below")
    jump.click()
    expect(lines(ben).last).to_be_in_viewport()
    expect(badge).to_be_hidden()
    expect(jump).to_be_hidden()
    expect(chat).to_be_focused()
    ben.wait_for_function(_UNREAD_JS, arg=[game_id, 0], polling=200)


def test_the_table_form_offers_the_chat_and_the_game_follows_it(
    new_context: ContextFactory,
) -> None:
    """Guests sit at this table, so free text would be off: the form's choice turns it on
    from the start, without the creator's box in the game."""
    ana, _ = person(new_context, "Ana")
    ben, _ = person(new_context, "Ben")
    ana.goto("/")
    form = ana.locator("#create-form")
    ana.locator("#seat-count").select_option("2")
    choice = form.get_by_role("group", name="Table talk")
    expect(
        choice.get_by_role("radio", name="Reactions, and free text unless a guest plays")
    ).to_be_checked()
    expect(choice).to_have_accessible_description(re.compile("ready-made lines"))
    assert_accessible(ana, "the table form with its chat choice")
    folder = SHOTS / "table-form"
    folder.mkdir(parents=True, exist_ok=True)
    for language in ("ru", "ja", "en"):
        chosen = ana.request.patch("/api/me/preferences", data={"language": language})
        assert chosen.ok, chosen.text()
        for width, height in ((360, 740), (1280, 800)):
            ana.set_viewport_size({"width": width, "height": height})
            ana.goto("/")
            expect(ana.locator("html")).to_have_attribute("lang", language)
            shown = ana.get_by_test_id("chat-choice")
            expect(shown.locator("input[type=radio]")).to_have_count(3)
            shown.scroll_into_view_if_needed()
            shown.screenshot(path=str(folder / f"chat-choice-{language}-{width}.png"))
            no_sideways_scroll(ana)
    ana.locator("#seat-count").select_option("2")
    choice.get_by_role("radio", name="Reactions and free text").check()
    form.get_by_role("button", name="Create the table").click()
    ana.wait_for_url("**/t/*")
    code = ana.url.rstrip("/").split("/")[-1]
    assert ben.request.post(f"/api/tables/{code}/join").ok
    started = ana.request.post(f"/api/tables/{code}/start")
    assert started.ok, started.text()
    open_game(ben, str(started.json()["game_id"]))
    panel = open_chat(ben)
    expect(panel.get_by_test_id("chat-form")).to_be_visible()
    expect(panel.get_by_test_id("chat-why")).to_be_hidden()
    say_text(ben, "Free text from the first move")
    expect(lines(ben).last.get_by_test_id("chat-words")).to_have_text(
        "Free text from the first move"
    )
