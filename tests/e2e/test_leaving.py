"""Leaving a game and ending it by agreement through the page: the "Resign" button and
its confirmation, "Offer to end the game" and the accept/decline prompt, by keyboard."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory, api_game, open_game, summary

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "leaving"


def three_people(new_context: ContextFactory, viewport: dict[str, int]) -> tuple[str, list[Page]]:
    pages = [new_context(viewport=viewport).new_page() for _ in range(3)]
    for page in pages:
        page.goto("/")
    game_id = api_game(pages)
    for page in pages:
        open_game(page, game_id)
    return game_id, pages


def test_a_player_resigns_after_confirming_and_play_goes_on(new_context: ContextFactory) -> None:
    game_id, (ann, bob, cy) = three_people(new_context, DESKTOP)
    resign = bob.get_by_test_id("resign")
    expect(resign).to_be_visible()
    resign.click()
    confirm = bob.get_by_test_id("resign-confirm")
    expect(confirm).to_be_visible()
    expect(bob.get_by_test_id("resign-no")).to_be_focused()
    bob.keyboard.press("Escape")  # changed their mind
    expect(confirm).to_be_hidden()
    expect(resign).to_be_focused()
    resign.click()
    SHOTS.mkdir(parents=True, exist_ok=True)
    bob.screenshot(path=str(SHOTS / "resign-confirm-1280.png"))
    bob.get_by_test_id("resign-yes").click()
    expect(bob.get_by_test_id("left-notice")).to_be_visible()
    expect(bob.get_by_test_id("leave-actions")).to_be_hidden()
    for page in (ann, cy):
        expect(page.get_by_test_id("move-log")).to_contain_text("left the game")
        expect(page.locator("[data-testid=player][data-seat='1']")).to_contain_text("left")
    assert summary(ann, game_id)["status"] == "playing"


def test_everyone_accepts_an_offer_and_the_game_ends_by_agreement(
    new_context: ContextFactory,
) -> None:
    game_id, (ann, bob, cy) = three_people(new_context, PHONE)
    ann.get_by_test_id("offer-end").click()
    for page in (bob, cy):
        prompt = page.get_by_test_id("end-offer")
        expect(prompt).to_be_visible()
        expect(prompt).to_contain_text("offers to end the game")
    expect(ann.get_by_test_id("end-offer")).to_contain_text("You offered")
    expect(ann.get_by_test_id("accept-end")).to_be_hidden()
    SHOTS.mkdir(parents=True, exist_ok=True)
    bob.screenshot(path=str(SHOTS / "end-offer-360.png"))
    bob.get_by_test_id("accept-end").focus()
    bob.keyboard.press("Enter")
    expect(cy.get_by_test_id("end-offer")).to_contain_text("Waiting for")
    cy.get_by_test_id("accept-end").click()
    for page in (ann, bob, cy):
        expect(page.get_by_test_id("end-screen")).to_be_visible()
        expect(page.get_by_test_id("end-why")).to_contain_text("agreed")
    cy.screenshot(path=str(SHOTS / "agreed-end-360.png"))
    game = summary(ann, game_id)
    assert game["status"] == "finished"
    assert game["result"]["ended_by"] == "agreed"


def test_a_declined_offer_lapses_for_everyone(new_context: ContextFactory) -> None:
    game_id, (ann, bob, cy) = three_people(new_context, DESKTOP)
    cy.get_by_test_id("offer-end").click()
    expect(ann.get_by_test_id("end-offer")).to_be_visible()
    ann.screenshot(path=str(SHOTS / "end-offer-1280.png"))
    ann.get_by_test_id("decline-end").click()
    for page in (ann, bob, cy):
        expect(page.get_by_test_id("end-offer")).to_be_hidden()
    expect(cy.get_by_test_id("announcer")).to_contain_text("declined")
    assert summary(ann, game_id)["status"] == "playing"
