"""The import page in a browser (templates/import.html, static/js/import.js): a record
with a move the rules refuse is pasted and the page names the move and why; the same
game's true record is chosen as a file, imported with the keyboard alone, and its
replay opens. "My games" offers the records' download. Each screen is checked with axe
and photographed at 360 and 1280 px (test-artifacts/e2e/import-*.png)."""

from __future__ import annotations

import copy
import io
import json
import zipfile
from typing import Any

from playwright.sync_api import FilePayload, Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, person, resize
from support.browser.play import tab_to

from chromino import GAMES
from chromino.core.notation import record_of
from chromino.core.selfplay import play_bot_game


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"import-{name}.png"), full_page=True)


def a_record(game: str) -> dict[str, Any]:
    """A whole game's record, as a record from another server would come: two greedy
    bots, from a fixed seed."""
    descriptor = GAMES[game]
    greedy = descriptor.bots["greedy"]
    played = play_bot_game(descriptor, [greedy, greedy], f"import/{game}")
    record: dict[str, Any] = json.loads(json.dumps(record_of(played)))
    return record


def with_a_bad_move(record: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The record with its first play from the seventh move on laid far from the board;
    that move's number."""
    bad = copy.deepcopy(record)
    index = next(i for i, m in enumerate(bad["moves"]) if i >= 6 and m["action"] == "play")
    bad["moves"][index]["x"] += 40
    return bad, index + 1


def both_widths(page: Page, name: str, where: str) -> None:
    resize(page, PHONE)
    no_sideways_scroll(page)
    shot(page, f"{name}-360")
    assert_accessible(page, f"{where} at 360 px")
    resize(page, DESKTOP)
    shot(page, f"{name}-1280")
    assert_accessible(page, f"{where} at 1280 px")


def test_a_record_is_refused_at_its_bad_move_then_imported_and_replayed(
    new_context: ContextFactory,
) -> None:
    page, _ = person(new_context, "Ana")
    for game in GAMES:
        record = a_record(game)
        bad, number = with_a_bad_move(record)
        page.goto("/import")
        expect(page.get_by_role("heading", name="Import a game record")).to_be_visible()
        both_widths(page, "empty", "the empty import page")

        tab_to(page, "#import-text")
        page.get_by_test_id("import-text").fill(json.dumps(bad))
        tab_to(page, "[data-testid=import-submit]")
        page.keyboard.press("Enter")
        error = page.get_by_test_id("import-error")
        expect(error).to_contain_text(f"Move {number}: ")
        expect(error).to_have_attribute("data-move", str(number))
        expect(page.get_by_test_id("import-text")).to_be_focused()
        both_widths(page, f"refused-{game}", "a refused record")

        file: FilePayload = {
            "name": "game.json",
            "mimeType": "application/json",
            "buffer": json.dumps(record).encode(),
        }
        page.get_by_test_id("import-file").set_input_files(files=file)
        expect(page.get_by_test_id("import-text")).to_have_value(json.dumps(record))
        expect(error).to_be_hidden()
        tab_to(page, "[data-testid=import-submit]")
        page.keyboard.press("Enter")
        replay = page.get_by_test_id("import-replay")
        expect(replay).to_be_focused()
        both_widths(page, f"imported-{game}", "an imported record")
        page.keyboard.press("Enter")
        page.wait_for_url("**/g/*/replay")
        expect(page.get_by_test_id("replay-step")).to_be_visible()
        expect(page.get_by_test_id("replay-imported")).to_be_visible()
        both_widths(page, f"replay-{game}", "an imported game's replay")
        game_id = page.url.split("/g/")[1].split("/")[0]
        assert page.request.get(f"/api/games/{game_id}/record").json() == record


def test_my_games_offers_the_records_of_my_finished_games(new_context: ContextFactory) -> None:
    page, _ = person(new_context, "Ben")
    page.goto("/games")
    download = page.get_by_test_id("download-records")
    expect(download).to_be_visible()
    expect(page.get_by_test_id("import-link")).to_have_attribute("href", "/import")
    with page.expect_download() as waiting:
        download.click()
    saved = waiting.value
    assert saved.suggested_filename.endswith(".zip")
    path = saved.path()
    with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as archive:
        assert archive.namelist() == []  # Ben has finished no game yet
    both_widths(page, "my-games", "my games with the records' download")
