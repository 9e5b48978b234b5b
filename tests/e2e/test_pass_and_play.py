"""Pass-and-play on one device in the browser: a table of two local seats
(Ana and Ben on the creator's device), a remote person (another browser) and a bot,
made with the lobby's form and played to the end.

At every hand-off the page is read — its HTML and every tile the DOM names — and
held, after the game, to the record replayed by the engine: no tile a spectator may
not see is there, the hands of Ana and Ben included. The hand-off itself is used as
a keyboard user would (the focus on its button, Enter), and as a screen reader hears
it (a dialog named "Pass the device to Ana", the announcement said).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import (
    DESKTOP,
    PHONE,
    ContextFactory,
    is_my_turn,
    take_turn,
    version,
    wait_for_version,
    wait_until_connected,
)
from support.browser.people import no_sideways_scroll, person, resize, unique_name
from support.wsplay import Timeline

ANA, BEN = "Ana", "Ben"
LOCAL = (0, 1)

# Every tile a page names: in an attribute (data-tile, aria-label…) or its text, hidden
# elements included.
_NAMED_JS = """() => {
    const found = [];
    for (const node of document.querySelectorAll('*')) {
        for (const attribute of node.attributes) found.push(attribute.value);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) found.push(walker.currentNode.nodeValue);
    return found;
}"""


def fill_the_form(owner: Page, game: str, rules: dict[str, str], label: str) -> None:
    """Four seats: me as Ana, Ben on this device, a person, the Medium bot; checked as
    the form checks them (a name missing, a name twice) before it is sent."""
    owner.goto("/")
    owner.locator(f"input[name=game][value={game}]").check()
    form = owner.locator("#create-form")
    for name, value in rules.items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("(node) => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    owner.locator("#seat-count").select_option("4")
    kinds = form.locator(".seat-kind")
    expect(kinds).to_have_count(4)
    names = form.locator(".seat-name")
    expect(names.first).to_be_hidden()
    kinds.nth(1).select_option("local")
    # the creator's seat is on the device too, named after them until they say otherwise
    expect(names.first).to_be_visible()
    expect(names.first).not_to_have_value("")
    expect(form.get_by_role("textbox", name="Name of who plays it")).to_have_count(2)
    kinds.nth(2).select_option("human")
    kinds.nth(3).select_option("bot:greedy")
    names.first.fill(ANA)
    form.get_by_role("button", name="Create the table").click()
    error = owner.locator("#create-error")
    expect(error).to_have_text("Give each seat on this device the name of who plays it.")
    expect(names.nth(1)).to_be_focused()
    expect(names.nth(1)).to_have_attribute("aria-invalid", "")
    names.nth(1).fill("ana")
    form.get_by_role("button", name="Create the table").click()
    expect(error).to_contain_text("ana already plays at this table")
    names.nth(1).fill(BEN)
    # mending the name takes the complaint away
    expect(error).to_be_hidden()
    expect(names.nth(1)).not_to_have_attribute("aria-invalid", "")
    # one account, several players: the table is casual, and says so
    expect(owner.get_by_test_id("rated-rated")).to_be_disabled()
    expect(owner.get_by_test_id("rated-why")).to_have_text(
        "Seats on one device cannot be rated: the table is casual."
    )
    for size in (PHONE, DESKTOP):
        resize(owner, size)
        no_sideways_scroll(owner)
        shot = ARTIFACTS / f"pass-and-play-form-{label}-{size['width']}.png"
        form.screenshot(path=str(shot))
        assert_accessible(owner, f"the lobby's form with seats on this device ({size})")
    form.get_by_role("button", name="Create the table").click()
    owner.wait_for_url("**/t/*")


def page_now(page: Page) -> tuple[str, list[str]]:
    """The page's HTML and every attribute value and text of its DOM, hidden parts too."""
    values: list[str] = page.evaluate(_NAMED_JS)
    return page.content(), values


def tiles_named(timeline: Timeline, html: str, values: list[str]) -> set[str]:
    """The tiles a page names, by the game's own spelling (web tests' leak detector):
    a whole value anywhere (``data-tile``); in Chromino also any word of three colour
    letters in the HTML, either way round. (Triominos names are three digits, as are
    coordinates and sizes: only whole values count there.)"""
    named: set[str] = set()
    for value in values:
        named |= timeline.checks.tile_names(value.strip(), False)
    if timeline.checks.descriptor.name == "chromino":
        named |= timeline.checks.tile_names(html, True)
    return named


def shoot_hand_off(page: Page, name: str, game: str, label: str) -> None:
    """The hand-off at one width: in the viewport, no sideways scroll, axe-clean."""
    button = page.get_by_role("button", name=f"I am {name}, show my tiles")
    expect(button).to_be_focused()
    no_sideways_scroll(page)
    expect(button).to_be_in_viewport(ratio=1)
    page.screenshot(path=str(ARTIFACTS / f"pass-and-play-{game}-{name}-{label}.png"))
    assert_accessible(page, f"the hand-off to {name} ({label})")


def hand_off(owner: Page, name: str, shots: dict[str, Any], game: str) -> None:
    """The hand-off as a person with a keyboard and a screen reader meets it: a modal
    dialog named for whose turn it is, its button focused, the change announced; Enter
    shows the tiles, and the dialog goes."""
    dialog = owner.get_by_role("dialog", name=f"Pass the device to {name}")
    expect(dialog).to_be_visible()
    button = dialog.get_by_role("button", name=f"I am {name}, show my tiles")
    expect(button).to_be_focused()
    expect(owner.locator("#announcer")).to_have_text(f"Pass the device to {name}")
    expect(owner.get_by_test_id("hand-tile")).to_have_count(0)
    expect(owner.locator("#hand-area")).to_be_hidden()
    if not shots.get(name):
        shots[name] = True
        shoot_hand_off(owner, name, game, "1280")
        # a phone's view of it, in another tab of the device (it starts hidden too)
        phone = owner.context.new_page()
        resize(phone, PHONE)
        phone.goto(owner.url)
        wait_until_connected(phone)
        shoot_hand_off(phone, name, game, "360")
        phone.close()
    owner.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(owner.get_by_test_id("hand-tile").first).to_be_visible()
    expect(owner.get_by_test_id("turn-indicator")).to_have_class(re.compile(r"\bmine\b"))


@pytest.mark.parametrize(
    ("game", "rules"),
    # Small hands: a whole game, with every seat's turns and hand-offs, in fewer moves.
    [
        ("chromino", {"hand_size": "3"}),
        ("chromino", {"ruleset": "junior", "hand_size": "3"}),
        ("triominos", {"hand_size": "5"}),
    ],
    ids=["chromino", "chromino-junior", "triominos"],
)
def test_two_local_seats_a_remote_one_and_a_bot_play_to_the_end(
    new_context: ContextFactory, game: str, rules: dict[str, str]
) -> None:
    """A family around a tablet: the junior rules too, as children learn with them."""
    label = "-".join([game, *(value for name, value in rules.items() if name != "hand_size")])
    owner, _ = person(new_context, "Mum", reduced_motion="reduce")
    remote, _ = person(new_context, "Cleo", reduced_motion="reduce")
    fill_the_form(owner, game, rules, label)
    invite = owner.url
    seats = owner.locator("#seats li")
    expect(seats.nth(0)).to_have_text(re.compile(rf"^{ANA} · On this device.* · creator"))
    expect(seats.nth(1)).to_have_text(re.compile(rf"^{BEN} · On this device"))
    expect(seats.nth(1)).not_to_contain_text("creator")
    remote.goto(invite)
    remote.get_by_test_id("join").click()
    owner.locator("#start").click()
    # (the page's own redirect and the button's may race: wait for where it lands)
    expect(owner).to_have_url(re.compile(r"/g/"))
    wait_until_connected(owner)
    game_id = owner.url.split("/g/", 1)[1].split("?")[0]
    expect(remote).to_have_url(re.compile(r"/g/"))
    wait_until_connected(remote)

    scans: list[tuple[int, str, list[str]]] = []
    shots: dict[str, Any] = {}
    handoffs = {ANA: 0, BEN: 0}
    for _ in range(800):
        latest = max(version(owner), version(remote))
        wait_for_version(owner, latest)
        wait_for_version(remote, latest)
        if owner.get_by_test_id("end-screen").is_visible():
            break
        dialog = owner.get_by_test_id("handoff")
        if dialog.is_visible():
            # between hand-offs: what is in the page before anyone shows their tiles
            # (the game waits for the device now: the version shown is the one scanned)
            scans.append((version(owner), *page_now(owner)))
            name = (
                owner.get_by_test_id("handoff-title")
                .inner_text()
                .removeprefix("Pass the device to ")
            )
            handoffs[name] += 1
            hand_off(owner, name, shots, label)
            take_turn(owner)
            # after a local move the hand goes at once, unless the turn goes on (a draw)
            if not is_my_turn(owner):
                expect(owner.get_by_test_id("hand-tile")).to_have_count(0)
        elif is_my_turn(owner):
            take_turn(owner)  # the same local seat after drawing
        elif is_my_turn(remote):
            take_turn(remote)
        else:
            wait_for_version(owner, latest + 1)  # the bot's turn
    else:
        raise AssertionError("the game did not end")
    expect(remote.get_by_test_id("end-screen")).to_be_visible()
    assert handoffs[ANA] and handoffs[BEN]
    # Ana and Ben are no account: a friend request goes to the remote person alone
    befriend = owner.get_by_test_id("end-screen").get_by_test_id("befriend")
    expect(befriend).to_have_count(1)
    expect(befriend).to_contain_text("Cleo")

    record = owner.request.get(f"/api/games/{game_id}/record")
    assert record.ok, record.text()
    timeline = Timeline.of(record.json())
    assert timeline.record["players"][:2] == [ANA, BEN]
    for name, value in rules.items():
        assert str(timeline.record["options"][name]) == value
    assert scans
    checked = 0
    for at, html, values in scans:
        named = tiles_named(timeline, html, values)
        step = timeline.steps[at]
        assert step.current in LOCAL
        hidden = set(step.views[step.current]["hands"][step.current]) - step.allowed[None]
        checked += bool(hidden)  # (a hand down to one tile is face up: nothing hidden)
        assert not named & hidden, f"at version {at} the page names {sorted(named & hidden)}"
        leaked = named - step.allowed[None]
        where = [v[:200] for v in values if timeline.checks.tile_names(v.strip(), True) & leaked]
        owners = [s for s, hand in enumerate(step.views[None]["hands"]) if hand is not None]
        assert not leaked, f"version {at}: {leaked} in {where} (open hands {owners})"
    assert checked, "no hand-off had a hand with hidden tiles to look for"


def test_the_creators_seat_and_the_hand_off_take_the_name_saved_in_the_welcome_bar(
    new_context: ContextFactory,
) -> None:
    """A new guest saves a name in the welcome bar, then makes a seat "On this device":
    their own seat is filled in with the name just saved (not the drawn "Guest 123456" the
    page was shown with), and the hand-off names them by it."""
    page = new_context().new_page()
    page.goto("/")
    drawn = page.locator("#whoami").inner_text()
    assert drawn.startswith("Guest "), drawn
    chosen = unique_name("Zoe")
    prompt = page.get_by_test_id("name-prompt")
    prompt.locator("input").fill(chosen)
    prompt.get_by_test_id("name-prompt-save").click()
    expect(prompt).to_be_hidden()
    form = page.locator("#create-form")
    page.locator("input[name=game][value=chromino]").check()
    page.locator("#seat-count").select_option("2")
    form.locator(".seat-kind").nth(1).select_option("local")
    names = form.locator(".seat-name")
    expect(names.first).to_have_value(chosen)
    names.nth(1).fill(BEN)
    form.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/t/*")
    expect(page.locator("#seats li").nth(0)).to_have_text(
        re.compile(rf"^{chosen} · On this device")
    )
    page.locator("#start").click()
    expect(page).to_have_url(re.compile(r"/g/"))
    title = page.get_by_test_id("handoff-title")
    expect(title).to_have_text(re.compile(rf"^Pass the device to ({chosen}|{BEN})$"))
    assert "Guest" not in title.inner_text()
