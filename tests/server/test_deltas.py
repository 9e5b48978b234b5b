"""Live events carry deltas (docs/protocol.md, "Deltas"), for every game in the registry.

What a room sends is built by :class:`web.live.screens.Screens`; these tests drive it
over whole games played by seeded bots, for every kind of viewer (each seat at each
help level, and a spectator), and hold it to what a client relies on:

- a snapshot taken at any version, brought forward by the deltas after it, equals
  the snapshot at the end (and ``legal`` is the one the seat to play would get);
- no delta carries a tile the viewer may not see (nothing that is not in their own
  snapshot of that version), and ``legal`` only names tiles of their own hand;
- an event does not grow with the board.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support import hypothesis_profiles

from web.games import GAMES, Applied, GameKind, LiveGame
from web.live.delta import apply_delta, state_delta
from web.live.screens import Screens, ViewerKind, event_for, viewer_kind

hypothesis_profiles.load()

LEVELS = ("beginner", "intermediate", "none")


def viewer_kinds(players: int) -> list[ViewerKind]:
    """Every kind of viewer of a game of ``players``: each seat at each level, a spectator."""
    kinds = [viewer_kind(seat, level) for seat in range(players) for level in LEVELS]
    return [*kinds, viewer_kind(None, "beginner")]


def screens_of(kind: GameKind, live: LiveGame, options: dict[str, Any]) -> Screens:
    return Screens(live, kind, kind.shows_points(options))


def played(
    kind: GameKind, players: int, seed: int, options: dict[str, Any], moves: int
) -> Iterator[tuple[int, Applied, LiveGame]]:
    """A game played by seeded bots, one (version, applied, live game) per move."""
    names = [f"p{seat}" for seat in range(players)]
    live = kind.restore(kind.deal(names, f"delta-{seed}", options))
    rng = random.Random(seed)
    for version in range(1, moves + 1):
        if live.is_over:
            return
        seat = live.current_seat
        bot = "random" if rng.random() < 0.5 else "greedy"
        yield version, live.apply(seat, live.bot_action(seat, bot, rng)), live


def tile_names(value: Any) -> set[str]:
    """Every string in a JSON value (tile names among them)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(tile_names(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(tile_names(item) for item in value)) if value else set()
    return set()


GAME_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "chromino": [{}, {"open_hands": True}, {"scoring": "segments"}],
    "triominos": [{}, {"open_hands": True}],
}


@settings(max_examples=25)
@given(
    game=st.sampled_from(sorted(GAMES)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=10_000),
    option_choice=st.integers(min_value=0, max_value=2),
    joined_at=st.integers(min_value=0, max_value=40),
)
def test_a_snapshot_and_the_deltas_after_it_make_the_snapshot_at_the_end(
    game: str, players: int, seed: int, option_choice: int, joined_at: int
) -> None:
    kind = GAMES[game]
    choices = GAME_OPTIONS[game]
    options = choices[option_choice % len(choices)]
    kinds = viewer_kinds(players)
    names = [f"p{seat}" for seat in range(players)]
    live = kind.restore(kind.deal(names, f"delta-{seed}", options))
    screens = screens_of(kind, live, options)
    held: dict[ViewerKind, dict[str, Any]] = {}
    legal: dict[ViewerKind, Any] = {}
    rng = random.Random(seed)
    version = 0
    if joined_at == 0:
        held = {who: screens.state_fields(who, 0, None)["state"] for who in kinds}
    while not live.is_over and version < 60:
        seat = live.current_seat
        bot = "random" if rng.random() < 0.5 else "greedy"
        applied = live.apply(seat, live.bot_action(seat, bot, rng))
        version += 1
        if version == joined_at:
            held = {who: screens.state_fields(who, version, None)["state"] for who in kinds}
            continue
        for who in held:
            message = screens.event_message(applied, who, version, None)
            assert "changes" in message and "state" not in message, "a live event is a delta"
            seen = screens_of(kind, live, options).state_fields(who, version, None)["state"]
            carried = tile_names(message.get("changes")) | tile_names(message.get("added"))
            assert carried <= tile_names(seen), f"{who} at {version}: {carried - tile_names(seen)}"
            held[who] = apply_delta(held[who], message["changes"], message.get("added", {}))
            legal[who] = message.get("legal")
    if not held:
        return  # the game ended before the viewers came
    fresh = screens_of(kind, live, options)
    for who, state in held.items():
        expected = fresh.state_fields(who, version, None)
        assert state == expected["state"], who
        if who in legal:
            assert legal[who] == expected["legal"], who


@settings(max_examples=10)
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(min_value=0, max_value=10_000))
def test_legal_placements_go_to_the_seat_to_play_alone_and_name_its_own_tiles(
    game: str, seed: int
) -> None:
    kind = GAMES[game]
    kinds = viewer_kinds(3)
    live = kind.restore(kind.deal(["a", "b", "c"], f"legal-{seed}", {}))
    screens = screens_of(kind, live, {})
    for who in kinds:
        screens.state_fields(who, 0, None)
    rng = random.Random(seed)
    version = 0
    while not live.is_over and version < 40:
        applied = live.apply(live.current_seat, live.bot_action(live.current_seat, "greedy", rng))
        version += 1
        for who in kinds:
            message = screens.event_message(applied, who, version, None)
            seat, level = who
            to_play = seat == live.current_seat and not live.is_over
            if "legal" not in message:
                playable = seat is not None and live.has_legal_play(seat)
                assert not (to_play and level != "none" and playable), who
                continue
            assert to_play and level != "none", who
            hand = set(live.view(seat)["hands"][seat])
            assert {entry["tile"] for entry in message["legal"]} <= hand, who


def test_a_delta_replaces_what_changed_and_sends_the_new_end_of_a_list_that_grew() -> None:
    before = {"board": [{"tile": "A"}], "bag": 10, "hands": [["X", "Y"]], "current": 0}
    after = {"board": [{"tile": "A"}, {"tile": "B"}], "bag": 9, "hands": [["Y"]], "current": 0}
    delta = state_delta(before, after)
    assert delta.changes == {"bag": 9, "hands": [["Y"]]}
    assert delta.added == {"board": [{"tile": "B"}]}
    assert apply_delta(before, delta.changes, delta.added) == after


def test_an_event_does_not_grow_with_the_board() -> None:
    """Over whole long games of every kind, a spectator's and a waiting seat's events
    stay as small late in the game as early (within 64 bytes: a score or a count
    gains a digit), while the whole state grows."""
    for name, kind in GAMES.items():
        options: dict[str, Any] = {}
        live = kind.restore(kind.deal(["a", "b"], "long-game", options))
        screens = screens_of(kind, live, options)
        watchers = [viewer_kind(None, "beginner"), viewer_kind(0, "none"), viewer_kind(1, "none")]
        for who in watchers:
            screens.state_fields(who, 0, None)
        sizes: dict[str, list[int]] = {}
        rng = random.Random(7)
        version = 0
        while not live.is_over:
            seat = live.current_seat
            applied = live.apply(seat, live.bot_action(seat, "greedy", rng))
            version += 1
            for who in watchers:
                message = screens.event_message(applied, who, version, None)
                # A figure's cells make its play longer, and so does a hand turned face
                # up (in the event and the state): that is the move, not the board.
                public = applied.public
                if (
                    who[0] != seat
                    and not applied.finished
                    and not public.get("figure")
                    and not public.get("revealed")
                ):
                    action = str(applied.public["action"])
                    sizes.setdefault(action, []).append(len(encoded(message)))
        whole = len(encoded(screens.state_fields(watchers[0], version, None)))
        plays = sizes["play"]
        assert len(plays) >= 20, f"{name}: a game of {len(plays)} plays is too short to tell"
        early, late = plays[: len(plays) // 4], plays[-len(plays) // 4 :]
        assert max(late) <= max(early) + 64, (name, early, late)
        assert max(max(values) for values in sizes.values()) < whole / 2, (name, whole)


def encoded(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def test_an_event_leaves_out_fields_at_their_default() -> None:
    """False, null and empty lists are left out (a reader takes them as said); a zero
    stays, since a coordinate or a score of 0 is news."""
    left_out = 0
    for name, kind in GAMES.items():
        live = kind.restore(kind.deal(["a", "b"], "defaults", {}))
        rng = random.Random(3)
        for _ in range(12):
            seat = live.current_seat
            applied = live.apply(seat, live.bot_action(seat, "greedy", rng))
            for viewer in (seat, None):
                event = event_for(applied, viewer)
                full = {**applied.public, **(applied.private if viewer == seat else {})}
                for key, value in full.items():
                    unsaid = value is False or value is None or value == []
                    assert (key in event) != unsaid, (name, key, full, event)
                    left_out += unsaid
                assert all(event[key] == full[key] for key in event), (name, full, event)
    assert left_out, "no event had a default field to leave out"
