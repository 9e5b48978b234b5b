"""The analysis board (docs/analysis.md): a placement tried where a finished game's mover
was to play, answered from the mover's view alone, the same way every time, and saved
lines that keep their game's access rule."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.api import expect, names_field, next_state
from support.live import LiveServer, Player
from support.wsplay import PLACEMENT_FIELDS, Timeline, fetch_record, leaks, start_server

from web.games import GAMES, game_kind
from web.live.analysis import analysis_seed, verdict_key

ITERATIONS = 30
"""The search's budget here: quick in the coach's idle-priority worker."""


@dataclass
class Finished:
    """A finished game of one person against a bot, its record replayed by the engine."""

    game_id: str
    kind: str
    timeline: Timeline
    private: bool


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = start_server(
        tmp_path_factory.mktemp("analysis"), coach=False, coach_iterations=ITERATIONS
    )
    yield live
    live.stop()


@pytest.fixture(scope="module")
def people(server: LiveServer) -> Iterator[list[Player]]:
    """The player, a spectator and a stranger."""
    found = [Player(server.url) for _ in range(3)]
    yield found
    for person in found:
        person.close()


def placement_of(move: dict[str, Any]) -> dict[str, Any]:
    return {key: move[key] for key in PLACEMENT_FIELDS if key in move}


def deal(player: Player, game: str, *, private: bool) -> str:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    body = {"game": game, "seats": seats, "options": {}, "spectators": not private}
    invite = expect(player.http.post("/api/tables", json=body), 201)["invite_code"]
    game_id: str = expect(player.http.post(f"/api/tables/{invite}/start"), 200)["game_id"]
    return game_id


def play_out(player: Player, game_id: str) -> None:
    """The person lays the first legal tile each turn (else draws, else passes)."""
    with player.connect(game_id) as sock:
        message = sock.recv_until("welcome")
        while not message["state"]["finished"]:
            if message["state"]["current"] == 0:
                if message["legal"]:
                    command = {"type": "play", **placement_of(message["legal"][0])}
                elif message["state"]["can_draw"]:
                    command = {"type": "draw"}
                else:
                    command = {"type": "pass"}
                version = message["version"]
                sock.send({**command, "id": f"a{version}", "version": version})
            message = next_state(sock)


def finished(player: Player, game: str, *, private: bool = False) -> Finished:
    game_id = deal(player, game, private=private)
    play_out(player, game_id)
    return Finished(game_id, game, Timeline.of(fetch_record(player, game_id)), private)


@pytest.fixture(scope="module", params=["chromino", "triominos"])
def game(request: pytest.FixtureRequest, people: list[Player]) -> Finished:
    return finished(people[0], request.param)


@pytest.fixture(scope="module")
def private_game(people: list[Player]) -> Finished:
    return finished(people[0], "chromino", private=True)


def movable(played: Finished) -> list[int]:
    """The versions where a seat was to move (every one but the end)."""
    return list(range(played.timeline.final_version))


def a_try(client: httpx.Client, played: Finished, version: int, placement: Any) -> Any:
    body = {"version": version, "placement": placement}
    return client.post(f"/api/games/{played.game_id}/analysis", json=body)


def first_playable(client: httpx.Client, played: Finished) -> tuple[int, dict[str, Any]]:
    """The first version where the mover could lay a tile, and its position."""
    for version in movable(played):
        shown = expect(client.get(f"/api/games/{played.game_id}/analysis/{version}"), 200)
        if shown["legal"]:
            return version, shown
    raise AssertionError("no position of the game had a tile to lay")


def test_the_position_is_the_movers_view_with_nothing_hidden(
    game: Finished, people: list[Player]
) -> None:
    """At every version, read by the player and by a spectator: the mover's hand and the
    board, never a tile of another hand or of the bag, though the replay shows them."""
    for version in movable(game):
        step = game.timeline.steps[version]
        for reader in people[:2]:
            path = f"/api/games/{game.game_id}/analysis/{version}"
            shown = expect(reader.http.get(path), 200)
            assert shown["mover"] == step.current
            assert shown["state"]["seat"] == step.current
            assert not leaks(game.timeline, step.current, shown, version), (version, shown)
        own = shown["state"]["hands"][step.current]
        assert own == list(step.views[step.current]["hands"][step.current])


def test_an_illegal_placement_is_refused_with_its_reason(
    game: Finished, people: list[Player]
) -> None:
    client = people[1].http
    version, shown = first_playable(client, game)
    far = {**placement_of(shown["legal"][0]), "x": 60, "y": 60}
    answer = expect(a_try(client, game, version, far), 200)
    assert set(answer) == {"legal", "code", "message"}
    assert answer["legal"] is False and answer["code"] and answer["message"]


def test_the_same_try_gets_the_same_verdict_and_the_best_is_never_flagged(
    game: Finished, people: list[Player]
) -> None:
    client = people[1].http
    version, shown = first_playable(client, game)
    tried = placement_of(shown["legal"][-1])
    first = expect(a_try(client, game, version, tried), 200)
    assert first == expect(a_try(client, game, version, tried), 200)
    assert first["legal"] is True and first["points"] == shown["legal"][-1].get("points")
    assert not leaks(game.timeline, shown["mover"], first, version)
    # The same answer as the search gives in this process, from the same view and seed.
    kind = game_kind(game.kind)
    placement = kind.canonical_move({**tried, "action": "play"})
    seed = analysis_seed(shown["state"])
    note = kind.assess(shown["state"], placement, seed, ITERATIONS)
    assert first["verdict"]["preferred"] == note["preferred"]
    best = first["verdict"]["preferred"]
    if best["action"] != "play":
        return  # the search would rather draw: no placement is the best one
    judged = expect(a_try(client, game, version, placement_of(best)), 200)["verdict"]
    assert judged["same_as_best"] is True and judged["loss"] == 0
    assert judged["preferred_points"] == first["verdict"]["preferred_points"]


def test_a_saved_line_reads_back_with_the_same_answer(game: Finished, people: list[Player]) -> None:
    player = people[0]
    version, shown = first_playable(player.http, game)
    tried = placement_of(shown["legal"][0])
    answer = expect(a_try(player.http, game, version, tried), 200)
    body = {"game_id": game.game_id, "version": version, "placement": tried, "note": "hmm"}
    line_id = expect(player.http.post("/api/analysis", json=body), 201)["id"]
    saved = expect(people[2].http.get(f"/api/analysis/{line_id}"), 200)
    assert saved["game_id"] == game.game_id and saved["version"] == version
    assert saved["note"] == "hmm" and saved["answer"] == answer
    assert saved["position"] == shown
    assert not leaks(game.timeline, shown["mover"], saved, version)
    page = player.http.get(f"/analysis/{line_id}")
    assert page.status_code == 200 and line_id in page.text
    assert expect(player.http.get("/api/analysis/nosuchid"), 404)["detail"]["field"] == "line_id"


def test_a_private_games_analysis_is_its_players_alone(
    private_game: Finished, people: list[Player], server: LiveServer
) -> None:
    player, stranger = people[0], people[2]
    version, shown = first_playable(player.http, private_game)
    tried = placement_of(shown["legal"][0])
    body = {"game_id": private_game.game_id, "version": version, "placement": tried}
    line_id = expect(player.http.post("/api/analysis", json=body), 201)["id"]
    with httpx.Client(base_url=server.url) as visitor:
        for client in (stranger.http, visitor):
            path = f"/api/games/{private_game.game_id}/analysis/{version}"
            refused = expect(client.get(path), 403)["detail"]
            assert refused["code"] == "no_spectators" and refused["field"] == "game_id"
            expect(a_try(client, private_game, version, tried), 403)
            expect(client.get(f"/api/analysis/{line_id}"), 403)
    expect(stranger.http.post("/api/analysis", json=body), 403)


def test_bad_requests_are_refused_by_name(game: Finished, people: list[Player]) -> None:
    client = people[0].http
    path = f"/api/games/{game.game_id}/analysis"
    version, shown = first_playable(client, game)
    tried = placement_of(shown["legal"][0])
    malformed = client.post(
        path, content=b"{not json", headers={"content-type": "application/json"}
    )
    assert malformed.status_code == 422
    extra = expect(client.post(path, json={"version": 0, "placement": tried, "why": 1}), 422)
    assert names_field(extra, "why")
    assert names_field(expect(client.post(path, json={"placement": tried}), 422), "version")
    assert names_field(expect(a_try(client, game, -1, tried), 422), "version")
    late = expect(a_try(client, game, game.timeline.final_version, tried), 404)["detail"]
    assert late["field"] == "version" and late["code"] == "no_such_version"
    unknown = expect(a_try(client, game, version, {**tried, "tile": "nope"}), 422)["detail"]
    assert unknown["field"] == "placement" and "Traceback" not in unknown["message"]
    body = {"game_id": "no-such-game", "version": 0, "placement": tried}
    assert expect(client.post("/api/analysis", json=body), 404)["detail"]["field"] == "game_id"
    long_note = {"game_id": game.game_id, "version": version, "placement": tried, "note": "x" * 300}
    assert names_field(expect(client.post("/api/analysis", json=long_note), 422), "note")


def test_a_game_in_progress_is_not_analysed(people: list[Player]) -> None:
    player = people[0]
    game_id = deal(player, "chromino", private=False)
    refused = expect(player.http.get(f"/api/games/{game_id}/analysis/0"), 409)["detail"]
    assert refused["code"] == "game_in_progress" and refused["field"] == "game_id"


def test_the_seed_is_the_position_alone_and_a_verdict_is_kept_by_placement() -> None:
    kind = game_kind("chromino")
    setup = kind.deal(["Ana", "Ben"], "analysis-seed", {})
    view = kind.restore(setup).view(0)
    renamed = kind.restore({**setup, "players": ["Cleo", "Dmitri"]}).view(0)
    other = kind.restore(kind.deal(["Ana", "Ben"], "another-seed", {})).view(0)
    move = {"action": "play", "tile": "RGB", "x": 1, "y": 0, "dir": "E"}
    assert analysis_seed(view) == analysis_seed(renamed) != analysis_seed(other)
    assert verdict_key(view, move) == verdict_key(renamed, move)
    assert verdict_key(view, move) != verdict_key(view, {**move, "x": 2})


COACHED = sorted(name for name, kind in GAMES.items() if kind.coached)


@settings(max_examples=8, deadline=None)
@given(
    game=st.sampled_from(COACHED),
    seed=st.integers(min_value=0, max_value=10_000),
    moves=st.integers(min_value=0, max_value=6),
    pick=st.integers(min_value=0, max_value=1_000),
)
def test_the_best_named_for_any_try_is_the_best_when_tried(
    game: str, seed: int, moves: int, pick: int
) -> None:
    """The search's choice does not hang on what is tried: the placement named as the
    best for one try is not flagged when it is tried in its turn."""
    kind = game_kind(game)
    live = kind.restore(kind.deal(["Ana", "Ben"], f"best-{seed}", kind.normalize_options({})))
    rng = random.Random(seed)
    for _ in range(moves):
        if live.is_over:
            return
        live.apply(live.current_seat, live.bot_action(live.current_seat, "greedy", rng))
    mover = live.current_seat
    legal = live.legal_moves(mover, with_points=False)
    if live.is_over or not legal:
        return
    view = live.view(mover)
    tried = kind.canonical_move({**legal[pick % len(legal)], "action": "play"})
    best = kind.assess(view, tried, analysis_seed(view), ITERATIONS)["preferred"]
    if best.get("action") != "play":
        return  # the search would rather draw
    named = kind.canonical_move(best)
    again = kind.assess(view, named, analysis_seed(view), ITERATIONS)["preferred"]
    assert again.get("action") == "play" and kind.canonical_move(again) == named
