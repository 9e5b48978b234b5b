"""Friends in the browser: the Friends page (a request by name, accepted;
the friend link; online status; mute), the header's invitations (accepted from the
notice, seated at the table), "Invite friends" on a table, and "Invite them to a new
table" from the end screen; axe-core and no sideways scroll at 360 and 1280 px.

Screenshots of the friends page, the header's invitation and the table's control, at
both sizes, go to $CHROMINO_FRIENDS_SHOTS when it is set (looked at by eye)."""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import SETTLED_JS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory, open_game
from support.browser.people import HUMAN, no_sideways_scroll, person, resize

SHOTS = os.environ.get("CHROMINO_FRIENDS_SHOTS")


def user_id(page: Page) -> int:
    answer = page.request.get("/api/me")
    assert answer.ok, answer.text()
    return int(answer.json()["id"])


def befriend(asker: Page, answerer: Page, answerer_name: str, asker_name: str) -> None:
    """Two people become friends through the API (for tests about something else)."""
    assert asker.request.post("/api/friends", data={"name": answerer_name}).ok
    answer = answerer.request.post("/api/friends", data={"name": asker_name})
    assert answer.ok and answer.json()["status"] == "friends", answer.text()


def shoot(page: Page, name: str, *, whole: bool = True) -> None:
    """A screenshot to look at (only with $CHROMINO_FRIENDS_SHOTS): the whole page, or
    what the window shows."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.evaluate(SETTLED_JS)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=whole)


def open_friends(page: Page) -> None:
    page.goto("/friends")
    expect(page.get_by_test_id("friends-page")).to_have_attribute("data-loaded", "1")


def test_two_people_become_friends_by_name_and_see_each_other_online(
    new_context: ContextFactory,
) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    open_friends(ana)
    expect(ana.get_by_test_id("no-friends")).to_be_visible()

    # Clear refusals: nobody by that name, and oneself.
    form = ana.get_by_test_id("add-friend-form")
    field = ana.get_by_test_id("add-friend-name")
    field.fill(f"Nobody{secrets.token_hex(3)}")
    ana.get_by_test_id("add-friend-submit").click()
    error = ana.get_by_test_id("add-friend-error")
    expect(error).to_contain_text("Nobody here is called")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_be_focused()
    field.fill(ana_name)
    expect(error).to_be_hidden()  # typing clears it
    form.get_by_role("button", name="Send a friend request").click()
    expect(error).to_contain_text("your own name")

    # The request, by name; Ben's header counts it, his page lists it.
    field.fill(ben_name)
    ana.get_by_test_id("add-friend-submit").click()
    expect(ana.get_by_test_id("friends-news")).to_have_text(f"Friend request sent to {ben_name}.")
    outgoing = ana.get_by_test_id("outgoing").get_by_test_id("outgoing-request")
    expect(outgoing).to_have_count(1)
    expect(outgoing).to_contain_text(ben_name)
    expect(outgoing.get_by_role("button", name="Withdraw")).to_be_visible()

    ben.goto("/rules")
    badge = ben.get_by_test_id("friend-requests-badge")
    expect(badge).to_be_visible()
    expect(badge).to_contain_text("1")
    expect(ben.get_by_test_id("nav-friends")).to_have_accessible_name(
        re.compile(r"Friends.*1 friend request")
    )
    ben.get_by_test_id("nav-friends").click()
    expect(ben.get_by_test_id("friends-page")).to_have_attribute("data-loaded", "1")
    request = ben.get_by_test_id("incoming").get_by_test_id("incoming-request")
    expect(request).to_contain_text(f"{ana_name} wants to be your friend.")
    accept = request.get_by_role("button", name="Accept")
    expect(accept).to_have_accessible_description(f"{ana_name} wants to be your friend.")
    accept.click()
    expect(ben.get_by_test_id("friends-news")).to_have_text(f"You and {ana_name} are friends now.")
    expect(ben.get_by_test_id("incoming-part")).to_be_hidden()
    expect(badge).to_be_hidden()

    # Friends now, both ways; each with a page open is online (a dot and words).
    friend = ben.get_by_test_id("friend-list").get_by_test_id("friend")
    expect(friend).to_have_count(1)
    expect(friend.get_by_test_id("person-name")).to_have_text(ana_name)
    presence = friend.get_by_test_id("friend-presence")
    expect(presence).to_have_attribute("data-presence", "online")
    expect(presence).to_have_text("Online")
    open_friends(ana)
    mine = ana.get_by_test_id("friend-list").get_by_test_id("friend")
    expect(mine.get_by_test_id("person-name")).to_have_text(ben_name)
    expect(mine.get_by_test_id("friend-presence")).to_have_text("Online")
    expect(ana.get_by_test_id("outgoing-part")).to_be_hidden()


def test_the_friend_link_adds_a_friend_and_says_so(new_context: ContextFactory) -> None:
    ana, ana_name = person(new_context, "Ana")
    cy, _ = person(new_context, "Cy")
    open_friends(ana)
    link = ana.get_by_test_id("friend-link")
    expect(link).to_have_value(re.compile(r"/f/"))
    url = link.input_value()
    assert url.startswith("http"), url
    # Copy: the clipboard where the browser allows it, else the text selected.
    ana.get_by_test_id("copy-friend-link").click()
    expect(ana.locator("#toast")).to_have_text(
        re.compile(r"Friend link copied\.|Select the link and copy it\.")
    )

    cy.goto(url)
    cy.wait_for_url(re.compile(r"/friends$"))  # the address forgets ?added= once said
    expect(cy.get_by_test_id("friends-news")).to_have_text(f"You and {ana_name} are friends now.")
    expect(cy.get_by_test_id("friends-news")).to_have_attribute("aria-live", "polite")
    expect(cy.get_by_test_id("friend-list").get_by_test_id("person-name")).to_have_text(ana_name)


def test_muting_a_friend_from_the_friends_page_ends_the_friendship(
    new_context: ContextFactory,
) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    befriend(ana, ben, ben_name, ana_name)
    open_friends(ana)
    friend = ana.get_by_test_id("friend-list").get_by_test_id("friend")
    expect(friend).to_have_count(1)
    friend.get_by_role("button", name="Mute").click()
    expect(ana.get_by_test_id("friends-news")).to_have_text(f"You muted {ben_name}.")
    expect(ana.get_by_test_id("no-friends")).to_be_visible()
    muted = ana.get_by_test_id("muted-list").get_by_test_id("muted-person")
    expect(muted).to_have_text(re.compile(ben_name))
    # Ben's page no longer lists Ana either.
    open_friends(ben)
    expect(ben.get_by_test_id("no-friends")).to_be_visible()
    # Unmute: the person leaves the list (the friendship does not come back by itself).
    muted.get_by_role("button", name="Unmute").click()
    expect(ana.get_by_test_id("no-muted")).to_be_visible()


def test_a_friend_invited_to_a_table_accepts_from_the_header_and_is_seated(
    new_context: ContextFactory,
) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    cy, cy_name = person(new_context, "Cy")
    befriend(ana, ben, ben_name, ana_name)
    befriend(ana, cy, cy_name, ana_name)
    made = ana.request.post("/api/tables", data={"seats": [HUMAN, HUMAN, HUMAN]})
    assert made.ok, made.text()
    code = made.json()["invite_code"]
    ben.goto("/rules")  # Ben has a page open: online, listed first
    ana.goto(f"/t/{code}")
    control = ana.get_by_test_id("invite-friends")
    expect(control).to_have_attribute("data-loaded", "1")
    choices = control.get_by_test_id("invite-friend")
    expect(choices).to_have_count(2)
    # Nothing chosen: said beside the button.
    ana.get_by_test_id("send-invitations").click()
    expect(ana.get_by_test_id("invite-friends-error")).to_have_text("Choose the friends to invite.")
    control.get_by_role("checkbox", name=re.compile(ben_name)).check()
    ana.get_by_test_id("send-invitations").click()
    expect(ana.get_by_test_id("invited-news")).to_have_text(f"Invited: {ben_name}.")
    expect(
        control.locator(f"[data-user='{user_id(ben)}']").get_by_test_id("invited-mark")
    ).to_be_visible()

    # Ben's header (any page) shows the invitation: a status region, real buttons.
    notice = ben.get_by_test_id("invitations").get_by_test_id("invitation")
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text(f"{ana_name} invited you to a game of Chromino")
    expect(ben.get_by_test_id("invitations")).to_have_attribute("role", "status")
    accept = notice.get_by_role("button", name="Accept")
    accept.focus()  # a real button: the keyboard reaches and presses it
    ben.keyboard.press("Enter")
    ben.wait_for_url(f"**/t/{code}")
    expect(ben.locator("#seats")).to_contain_text(f"{ben_name} (you)")
    expect(ben.get_by_test_id("invitations")).to_be_hidden()
    # Seated, Ben may invite his own friends too; Ana sees him seated.
    expect(ana.locator("#seats")).to_contain_text(ben_name)
    expect(control.get_by_test_id("invite-friend")).to_have_count(1)  # Cy still, not Ben


def test_a_declined_invitation_goes_away(new_context: ContextFactory) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    befriend(ana, ben, ben_name, ana_name)
    code = ana.request.post("/api/tables", data={"seats": [HUMAN, HUMAN]}).json()["invite_code"]
    sent = ana.request.post(f"/api/tables/{code}/invitations", data={"friends": [user_id(ben)]})
    assert sent.ok, sent.text()
    ben.goto("/")
    notice = ben.get_by_test_id("invitation")
    expect(notice).to_be_visible()
    notice.get_by_role("button", name="Decline").click()
    expect(ben.get_by_test_id("invitations")).to_be_hidden()
    listed = ben.request.get("/api/invitations")
    assert listed.ok and listed.json() == [], listed.text()
    ben.reload()
    expect(ben.get_by_test_id("waiting-badge")).to_be_attached()
    expect(ben.get_by_test_id("invitation")).to_have_count(0)


def finished_duel(ana: Page, ben: Page) -> str:
    """A two-person game ended by agreement: its id (both pages on the end screen)."""
    made = ana.request.post(
        "/api/tables", data={"seats": [HUMAN, HUMAN], "options": {"ruleset": "junior"}}
    )
    assert made.ok, made.text()
    code = made.json()["invite_code"]
    assert ben.request.post(f"/api/tables/{code}/join").ok
    started = ana.request.post(f"/api/tables/{code}/start")
    assert started.ok, started.text()
    game_id = str(started.json()["game_id"])
    open_game(ana, game_id)
    open_game(ben, game_id)
    ana.get_by_test_id("offer-end").click()
    ben.get_by_test_id("accept-end").click()
    for page in (ana, ben):
        expect(page.get_by_test_id("end-screen")).to_be_visible()
    return game_id


def test_invite_them_to_a_new_table_and_add_a_friend_from_the_end_screen(
    new_context: ContextFactory,
) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    finished_duel(ana, ben)

    # Not friends yet: "Add as a friend" beside the other, on the end screen and in the
    # players panel; one request, and both say so.
    end = ana.get_by_test_id("end-screen")
    add = end.get_by_test_id("befriend")
    expect(add).to_have_count(1)
    expect(add).to_have_accessible_name(f"Add as a friend ({ben_name})")
    panel = ana.get_by_test_id("players").get_by_test_id("befriend")
    expect(panel).to_have_count(1)
    shoot(ana, "end-screen-1280")
    resize(ana, PHONE)
    shoot(ana, "end-screen-360")
    ana.get_by_test_id("end-close").click()
    shoot(ana, "players-360")
    ana.get_by_test_id("end-reopen").click()
    resize(ana, DESKTOP)
    add.click()
    expect(end.get_by_test_id("befriend-sent")).to_have_text("Friend request sent")
    expect(ana.get_by_test_id("players").get_by_test_id("befriend-sent")).to_be_visible()
    expect(ana.get_by_test_id("players").get_by_test_id("befriend")).to_have_count(0)
    # Ben accepts from his end screen: friends at once.
    ben.get_by_test_id("end-screen").get_by_test_id("befriend").click()
    expect(ben.locator("#toast")).to_have_text(f"You and {ana_name} are friends now.")

    # "Invite them to a new table": a new table, Ben invited, Ana seated there.
    again = end.get_by_role("button", name="Invite them to a new table")
    again.click()
    ana.wait_for_url("**/t/*")
    code = ana.url.rsplit("/t/", 1)[1]
    expect(ana.locator("#seats")).to_contain_text(f"{ana_name} (you)")
    notice = ben.get_by_test_id("invitation")
    expect(notice).to_contain_text(f"{ana_name} invited you to a game of Chromino")
    notice.get_by_role("button", name="Accept").click()
    ben.wait_for_url(f"**/t/{code}")
    expect(ana.locator("#seats")).to_contain_text(ben_name)


def test_friends_page_header_notice_and_table_control_are_accessible_at_both_sizes(
    new_context: ContextFactory,
) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    cy, cy_name = person(new_context, "Cy")
    dee, dee_name = person(new_context, "Dee")
    befriend(ana, ben, ben_name, ana_name)
    befriend(ana, cy, cy_name, ana_name)
    assert dee.request.post("/api/friends", data={"name": ana_name}).ok  # a request to answer
    # Ben plays a game Ana may watch; Cy is online too.
    code = ben.request.post(
        "/api/tables", data={"seats": [HUMAN, {"kind": "bot", "bot": "greedy"}]}
    ).json()["invite_code"]
    assert ben.request.post(f"/api/tables/{code}/start").ok
    ben.goto("/rules")
    cy.goto("/rules")
    table = ana.request.post("/api/tables", data={"seats": [HUMAN, HUMAN, HUMAN]}).json()[
        "invite_code"
    ]
    ben_code = cy.request.post("/api/tables", data={"seats": [HUMAN, HUMAN]}).json()["invite_code"]
    assert cy.request.post("/api/friends", data={"name": ben_name}).ok
    assert ben.request.post("/api/friends", data={"name": cy_name}).ok
    sent = cy.request.post(f"/api/tables/{ben_code}/invitations", data={"friends": [user_id(ben)]})
    assert sent.ok, sent.text()

    for size, label in ((PHONE, "360"), (DESKTOP, "1280")):
        resize(ana, size)
        open_friends(ana)
        expect(ana.get_by_test_id("incoming-request")).to_contain_text(dee_name)
        expect(ana.get_by_test_id("friend")).to_have_count(2)
        expect(ana.get_by_test_id("friend-watch")).to_have_count(1)
        no_sideways_scroll(ana)
        assert_accessible(ana, f"the friends page at {label} px")
        shoot(ana, f"friends-{label}")

        resize(ben, size)
        ben.goto("/")
        notice = ben.get_by_test_id("invitation")
        expect(notice).to_be_visible()
        no_sideways_scroll(ben)
        assert_accessible(ben, f"the header's invitation at {label} px")
        shoot(ben, f"invitation-{label}", whole=False)

        ana.goto(f"/t/{table}")
        expect(ana.get_by_test_id("invite-friends")).to_have_attribute("data-loaded", "1")
        no_sideways_scroll(ana)
        assert_accessible(ana, f"the table's invite control at {label} px")
        shoot(ana, f"table-invite-{label}")


def test_hiding_my_status_from_friends_is_a_preference_on_both_pages(
    new_context: ContextFactory,
) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    befriend(ana, ben, ben_name, ana_name)
    open_friends(ana)
    box = ana.get_by_test_id("friends-prefs").get_by_role(
        "checkbox", name="Friends see when I am online and what I play"
    )
    expect(box).to_be_checked()
    # a click, then waiting for the save: the list may draw the box again from the
    # server's state while the click is answered, which uncheck() reads as a failed click
    box.click()
    expect(ana.get_by_test_id("friends-prefs-saved")).to_have_text("Saved.")
    expect(box).not_to_be_checked()
    ana.goto("/preferences")
    expect(ana.locator("#prefs-form").get_by_test_id("show-online")).not_to_be_checked()
    # Ben sees neither whether Ana is online nor her games, said in words.
    open_friends(ben)
    presence = ben.get_by_test_id("friend").get_by_test_id("friend-presence")
    expect(presence).to_have_attribute("data-presence", "hidden")
    expect(presence).to_have_text("Does not show when they are online")
    # Back on from the Preferences page.
    ana.locator("#prefs-form").get_by_test_id("show-online").check()
    expect(ana.get_by_test_id("prefs-saved")).to_have_text("Saved.")
    ben.reload()
    expect(ben.get_by_test_id("friend").get_by_test_id("friend-presence")).to_have_text("Online")


def test_a_friend_is_asked_from_the_replay_too(new_context: ContextFactory) -> None:
    ana, _ = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    game_id = finished_duel(ana, ben)
    ana.goto(f"/g/{game_id}/replay")
    players = ana.get_by_test_id("players")
    expect(players.get_by_test_id("player")).to_have_count(2)
    add = players.get_by_test_id("befriend")
    expect(add).to_have_count(1)  # beside Ben, not beside me
    expect(add).to_have_accessible_name(f"Add as a friend ({ben_name})")
    add.click()
    expect(players.get_by_test_id("befriend-sent")).to_have_text("Friend request sent")
    friends = ana.request.get("/api/friends").json()
    assert [person["name"] for person in friends["outgoing"]] == [ben_name]
