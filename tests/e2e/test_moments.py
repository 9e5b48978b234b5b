"""Going out and winning get a moment: the winner's row in the players
panel and on the end screen glows twice as the game ends live, with no motion under
reduced motion, and with sound on a winner hears the end's phrase climb to the octave."""

from __future__ import annotations

import json
import re

from playwright.sync_api import WebSocketRoute, expect
from support.browser.gameplay import (
    ContextFactory,
    api_game,
    open_game,
    play_to_end,
    summary,
    take_turn,
)

# Every note the page's sounds start, by its frequency (the Web Audio API, watched).
NOTES_SPY = """
window.__notes = [];
const Context = window.AudioContext || window.webkitAudioContext;
if (Context) {
  const make = Context.prototype.createOscillator;
  Context.prototype.createOscillator = function () {
    const oscillator = make.call(this);
    const set = oscillator.frequency.setValueAtTime.bind(oscillator.frequency);
    oscillator.frequency.setValueAtTime = (value, at) => {
      window.__notes.push(value);
      return set(value, at);
    };
    return oscillator;
  };
}
"""

WIN_OCTAVE = 1046.5
"""The note only a win's phrase reaches."""


def test_the_winner_gets_a_moment_of_motion_and_sound(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.add_init_script(NOTES_SPY)
    page.goto("/rules")
    answer = page.request.patch("/api/me/preferences", data={"sound": True})
    assert answer.ok
    game_id = api_game([page], ["human", "bot:greedy"], ruleset="junior", hand_size=3)
    open_game(page, game_id)
    play_to_end([page])
    winners = summary(page, game_id)["result"]["winners"]
    assert winners
    for seat in winners:
        row = page.locator(f"#players [data-testid=player][data-seat='{seat}']")
        expect(row).to_have_class(re.compile(r"\bmoment-won\b"))
        # Waited for, not read once: the panel may draw its rows again as the game ends.
        expect(row).to_have_css("animation-name", "moment-glow")
    glowing = page.locator("#end-scores li.moment-won")
    expect(glowing).to_have_count(len(winners))
    expect(glowing.first).to_have_css("animation-name", "moment-glow")
    notes = page.evaluate("() => window.__notes")
    assert notes, "no sound at all with sound on"
    assert (WIN_OCTAVE in notes) == (0 in winners), notes
    # With reduced motion the rows are marked still, and nothing moves.
    page.emulate_media(reduced_motion="reduce")
    expect(glowing.first).to_have_css("animation-name", "none")
    row = page.locator(f"#players [data-testid=player][data-seat='{winners[0]}']")
    expect(row).to_have_css("animation-name", "none")


OUT_CALL = 1174.66
"""The high note of the call for going out."""


def test_going_out_gets_its_moment_and_its_call(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.add_init_script(NOTES_SPY)

    def first_bot_play_goes_out(ws: WebSocketRoute) -> None:
        """Between the page and the server: the bot's first play the page sees live said to
        empty its hand (the page shows what the server says; a real one takes a whole game).
        Live means after the page's first snapshot: a play that raced the page's connection
        arrives before it and is then part of the snapshot, which takes no moment."""
        server = ws.connect_to_server()
        told: list[bool] = []
        snapshot: list[bool] = []

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") in ("welcome", "state"):
                snapshot.append(True)
            event = data.get("event") or {}
            live = bool(snapshot) and data.get("type") == "event"
            if live and not told and event.get("seat") == 1 and event.get("action") == "play":
                event["went_out"] = True
                told.append(True)
            ws.send(json.dumps(data))

        server.on_message(to_page)
        ws.on_message(server.send)

    page.route_web_socket("**/ws/**", first_bot_play_goes_out)
    page.goto("/rules")
    assert page.request.patch("/api/me/preferences", data={"sound": True}).ok
    game_id = api_game([page], ["human", "bot:greedy"], ruleset="junior", hand_size=5)
    open_game(page, game_id)
    row = page.locator("#players [data-testid=player][data-seat='1']")
    out = page.locator("#players [data-seat='1'].moment-out")
    mine = page.locator("[data-testid=turn-indicator].mine")
    for _ in range(20):
        expect(out.or_(mine).first).to_be_visible()  # the bot's play came, or my turn
        if out.count():
            break
        take_turn(page)
    expect(row).to_have_css("animation-name", "moment-glow")
    assert OUT_CALL in page.evaluate("() => window.__notes")
    # The next move ends the moment.
    expect(mine).to_be_visible()
    take_turn(page)
    expect(page.locator("#players .moment-out")).to_have_count(0)
