"""In a real browser: the game page's settings panel
applies at once, a change made in another tab or on another device reaches an open
game live, a guest signs in from the header, the header counts the games waiting for
my move and the home page shows my games first, and the texts read the same way in
every language (game names, guests' names, the language menu, sentences, errors)."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect
from support.browser.gameplay import (
    PHONE,
    ContextFactory,
    api_game,
    api_solo,
    api_solo_with_a_play,
    has_class,
    is_my_turn,
    open_game,
    take_turn,
)

from web.i18n import catalogs as i18n

PASSWORD = "correct horse battery"


def register(page: Page) -> str:
    """Give the page's guest a name and a password; the name."""
    name = f"e2e-{secrets.token_hex(4)}"
    assert page.request.put("/api/me/name", data={"name": name}).ok
    assert page.request.put("/api/me/password", data={"password": PASSWORD}).ok
    return name


def settings_panel(page: Page) -> Locator:
    """Open the game page's settings panel; its form."""
    page.get_by_test_id("game-settings-toggle").click()
    form = page.get_by_test_id("game-settings-form")
    expect(form).to_be_visible()
    return form


def saved(page: Page, action: Callable[[], object]) -> None:
    """Do ``action`` and wait for the preference it changes to be saved."""
    with page.expect_response(
        lambda response: (
            "/api/me/preferences" in response.url
            and response.request.method == "PATCH"
            and '"time_zone"' not in (response.request.post_data or "")  # sent on a first visit
        )
    ) as answer:
        action()
    assert answer.value.ok


# --- The settings panel, and changes made elsewhere ------------------------------------------


def test_the_game_pages_settings_apply_at_once(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_solo_with_a_play(page, ruleset="junior", hand_size=8)
    open_game(page, game_id)
    body = page.locator("body")
    playable = page.locator("[data-testid=hand-tile].playable")
    expect(playable.first).to_be_visible()
    form = settings_panel(page)
    expect(form.get_by_role("heading")).to_have_text("Settings for every game")

    saved(page, lambda: form.locator("[name=palette]").select_option("high-contrast"))
    expect(body).to_have_class(has_class("palette-high-contrast"))
    saved(page, lambda: form.locator("[name=symbols]").check())
    expect(body).to_have_class(has_class("with-symbols"))
    expect(page.get_by_test_id("game-settings-saved")).to_have_text("Saved.")

    # Reversed arrows: the toolbar's words and moves change without a reload.
    left = page.get_by_test_id("pan-left")
    expect(left).to_have_accessible_name("Show more to the left")
    saved(page, lambda: form.locator("[name=reversed_arrows]").check())
    expect(left).to_have_accessible_name("Move the board to the left")
    saved(page, lambda: form.locator("[name=reversed_arrows]").uncheck())
    expect(left).to_have_accessible_name("Show more to the left")

    # Sound: off and on again from the panel, at once.
    layout = page.get_by_test_id("game")
    expect(layout).to_have_attribute("data-sound", "on")
    saved(page, lambda: form.locator("[name=sound]").uncheck())
    expect(layout).to_have_attribute("data-sound", "off")
    saved(page, lambda: form.locator("[name=sound]").check())
    expect(layout).to_have_attribute("data-sound", "on")

    # The help level: the server sends the game again, without the places.
    saved(page, lambda: form.locator("[name=assistance][value=none]").check())
    expect(playable).to_have_count(0)
    saved(page, lambda: form.locator("[name=assistance][value=beginner]").check())
    expect(playable.first).to_be_visible()

    # Keys in the panel are the panel's (Enter never lays a tile); Escape folds it.
    before = page.locator("#move-log li").count()
    form.locator("[name=symbols]").press("Enter")
    form.locator("[name=symbols]").press("Escape")
    expect(form).to_be_hidden()
    expect(page.get_by_test_id("game-settings-toggle")).to_be_focused()
    assert page.locator("#move-log li").count() == before

    # Kept: the Preferences page shows what the panel chose.
    page.goto("/preferences")
    expect(page.locator("#prefs-form [name=palette]")).to_have_value("high-contrast")
    expect(page.locator("#prefs-form [name=symbols]")).to_be_checked()


def test_a_change_in_another_tab_or_on_another_device_reaches_the_open_game(
    new_context: ContextFactory,
) -> None:
    context = new_context()
    game = context.new_page()
    game.goto("/rules")
    name = register(game)
    game_id = api_solo(game, ruleset="junior", hand_size=8)
    open_game(game, game_id)
    body = game.locator("body")
    expect(body).to_have_class(has_class("palette-classic"))

    # Another tab of the same browser: the Preferences page.
    tab = context.new_page()
    tab.goto("/preferences")
    saved(tab, lambda: tab.locator("#prefs-form [name=palette]").select_option("okabe-ito"))
    expect(body).to_have_class(has_class("palette-okabe-ito"))
    saved(tab, lambda: tab.locator("#prefs-form [name=reversed_arrows]").check())
    expect(game.get_by_test_id("pan-left")).to_have_accessible_name("Move the board to the left")
    # the open panel's fields show it too
    form = settings_panel(game)
    expect(form.locator("[name=palette]")).to_have_value("okabe-ito")
    expect(form.locator("[name=reversed_arrows]")).to_be_checked()
    game.keyboard.press("Escape")

    # Another device (its own cookies), signed in to the same account.
    phone = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone.goto("/rules")
    assert phone.request.post("/api/login", data={"name": name, "password": PASSWORD}).ok
    assert phone.request.patch("/api/me/preferences", data={"palette": "tol-bright"}).ok
    expect(body).to_have_class(has_class("palette-tol-bright"))  # through the server's stream
    assert phone.request.patch("/api/me/preferences", data={"symbols": True}).ok
    expect(body).to_have_class(has_class("with-symbols"))


# --- Signing in from the header, "Change password" ------------------------------------------


def test_a_guest_signs_in_from_the_header(new_context: ContextFactory) -> None:
    home = new_context().new_page()
    home.goto("/preferences")
    label = home.get_by_test_id("password-label")
    expect(label).to_have_text("Add a password to sign in from another device")
    expect(home.get_by_test_id("sign-in-open")).to_be_visible()
    name = f"e2e-{secrets.token_hex(4)}"
    home.locator("#name").fill(name)
    home.locator("#name-form button").click()
    expect(home.locator("#whoami")).to_have_text(name)
    home.locator("#password").fill(PASSWORD)
    with home.expect_response("**/api/me/password") as answer:
        home.locator("#password-form button").click()
    assert answer.value.ok
    expect(label).to_have_text("Change password")  # at once, not after a reload
    expect(home.get_by_test_id("sign-in-open")).to_be_hidden()
    home.reload()
    expect(label).to_have_text("Change password")
    expect(home.get_by_test_id("sign-in-open")).to_have_count(0)

    # A new device: "Sign in" is in the header of the first page it opens.
    other = new_context().new_page()
    other.goto("/")
    button = other.get_by_role("button", name="Sign in")
    expect(button).to_be_visible()
    button.click()
    dialog = other.get_by_role("dialog", name="Sign in")
    expect(dialog).to_be_visible()
    expect(other.get_by_test_id("sign-in-name")).to_be_focused()
    other.get_by_test_id("sign-in-name").fill(name)
    other.get_by_test_id("sign-in-password").fill("not the password")
    other.get_by_test_id("sign-in-submit").click()
    expect(other.get_by_test_id("sign-in-error")).to_have_text("Wrong name or password")
    other.get_by_test_id("sign-in-password").fill(PASSWORD)
    other.get_by_test_id("sign-in-submit").click()
    expect(other.locator("#whoami")).to_have_text(name)  # after the page reloads
    expect(other.get_by_test_id("sign-in-open")).to_have_count(0)


def test_the_sign_in_dialog_is_left_with_escape_or_cancel(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    opener = page.get_by_test_id("sign-in-open")
    opener.click()
    expect(page.get_by_test_id("sign-in")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("sign-in")).to_be_hidden()
    opener.click()
    page.get_by_test_id("sign-in-cancel").click()
    expect(page.get_by_test_id("sign-in")).to_be_hidden()


# --- My games on top, the count in the header -------------------------------------------------


def test_the_header_counts_the_games_waiting_for_my_move(new_context: ContextFactory) -> None:
    ana, ben = new_context().new_page(), new_context().new_page()
    ana.goto("/rules")
    ben.goto("/rules")
    game_id = api_game([ana, ben], ruleset="junior", hand_size=8)
    for page in (ana, ben):
        page.goto("/rules")
    badges = {page: page.get_by_test_id("waiting-badge") for page in (ana, ben)}
    probe = ana.context.new_page()
    open_game(probe, game_id)
    mover, other = (ana, ben) if is_my_turn(probe) else (ben, ana)
    probe.close()
    expect(badges[mover]).to_have_accessible_name("Your turn in 1 game")
    expect(badges[mover]).to_be_visible()
    expect(badges[mover]).to_have_attribute("href", "/games")
    expect(badges[other]).to_be_hidden()

    # The mover plays in another tab: both headers follow, with no reload.
    playing = mover.context.new_page()
    open_game(playing, game_id)
    take_turn(playing)
    expect(badges[mover]).to_be_hidden()
    expect(badges[other]).to_have_accessible_name("Your turn in 1 game")


def test_my_games_come_first_on_the_home_page_my_turn_first(new_context: ContextFactory) -> None:
    ana, ben = new_context().new_page(), new_context().new_page()
    ana.goto("/rules")
    ben.goto("/rules")
    first = api_game([ana, ben], ruleset="junior", hand_size=8)
    second = api_game([ben, ana], ruleset="junior", hand_size=8)
    ana.goto("/")
    panel = ana.get_by_test_id("my-games-panel")
    expect(panel).to_be_visible()
    lines = ana.get_by_test_id("my-games").get_by_test_id("my-game")
    expect(lines).to_have_count(2)
    statuses = [line.get_by_test_id("game-status").inner_text() for line in lines.all()]
    top = panel.bounding_box()
    hero = ana.locator("#hero-title").bounding_box()
    assert top and hero
    if "Your turn" in statuses:
        assert statuses[0] == "Your turn", statuses  # mine first
        # a game waits for me: at the top of the page, above "Play a game"
        assert top["y"] < hero["y"]
        assert top["y"] < 200
    else:
        assert top["y"] > hero["y"]  # under "Play a game" while nothing waits for me
    assert {lines.nth(0).get_attribute("data-game"), lines.nth(1).get_attribute("data-game")} == {
        first,
        second,
    }


def test_a_newcomers_home_page_starts_with_play_a_game(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/")
    panel = page.get_by_test_id("my-games-panel")
    expect(panel).to_have_attribute("data-loaded", "1")
    expect(panel).to_be_hidden()
    expect(page.locator("#hero-title")).to_be_in_viewport()


# --- The same words in every language ------------------------------------------------------------


def test_a_guests_name_is_worded_in_the_readers_language(new_context: ContextFactory) -> None:
    page = new_context(locale="ru-RU").new_page()
    page.goto("/")
    stored = page.request.get("/api/me").json()["name"]
    number = stored.split(" ")[1]
    expect(page.locator("#whoami")).to_have_text(f"Гость {number}")
    assert page.request.patch("/api/me/preferences", data={"language": "ja"}).ok
    page.reload()
    expect(page.locator("#whoami")).to_have_text(f"ゲスト {number}")
    # In a game's players panel too (the seats carry the stored name).
    game_id = api_solo(page, ruleset="junior", hand_size=8)
    open_game(page, game_id)
    expect(page.get_by_test_id("players")).to_contain_text(f"ゲスト {number}")
    expect(page.get_by_test_id("players")).not_to_contain_text("Guest")


def test_the_language_menus_say_the_same_and_names_stay_latin(new_context: ContextFactory) -> None:
    for language in ("ru", "ja", "en"):
        page = new_context(locale=language).new_page()
        page.goto("/preferences")
        header = page.locator("#language-select option[value=auto]").inner_text()
        form = page.locator("#prefs-form [name=language] option[value=auto]").inner_text()
        assert header == form == i18n.gettext_in(language, "Browser's language"), language
        page.goto("/")
        chooser = page.get_by_test_id("game-chooser")
        expect(chooser).to_contain_text("Chromino")
        expect(chooser).to_contain_text("Triominos")


def test_sentences_are_joined_as_the_language_writes_them(new_context: ContextFactory) -> None:
    page = new_context(locale="ja").new_page()
    page.goto("/rules")
    joined = page.evaluate(
        """async () => {
            const { labelled, sentences } = await import("/static/js/i18n.js");
            return [
                sentences("あなたのターンです。", "タイルを置きました。"),
                labelled("赤・黄・緑", "置ける場所を選んでください。"),
            ];
        }"""
    )
    assert joined == [
        "あなたのターンです。タイルを置きました。",
        "赤・黄・緑。置ける場所を選んでください。",
    ]
    assert ". " not in "".join(joined)


def test_a_refusal_is_shown_as_a_sentence_in_russian(new_context: ContextFactory) -> None:
    page = new_context(locale="ru-RU").new_page()
    page.goto("/")
    said = page.evaluate(
        """async () => {
            const { api } = await import("/static/js/api.js");
            try {
                await api("POST", "/api/tables/no-such-invite-code/join");
            } catch (problem) {
                return problem.message;
            }
        }"""
    )
    lower = i18n.gettext_in("ru", "no table has this invite code")
    assert lower[0].islower()  # the server words it as part of a sentence
    assert said == lower[0].upper() + lower[1:]
