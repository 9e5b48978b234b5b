"""The coach's notes as the replay sends them: beside each move the coach would have
made otherwise, what the move made and the coach's move score from that position
(web.live.coach.points_of), so the page can put both side by side."""

from __future__ import annotations

from web.games import game_kind
from web.live.coach import points_of


def test_the_coachs_move_is_scored_on_a_copy_of_the_position() -> None:
    kind = game_kind("triominos")
    live = kind.restore(kind.deal(["ana", "ben"], "coach-points", {}))
    seat = live.view(None)["current"]
    moves = live.legal_moves(seat, with_points=True)
    best = max(moves, key=lambda move: move["points"])
    action = {"action": "play", **{key: best[key] for key in ("tile", "x", "y", "rot")}}
    before = live.replay_frame()
    assert points_of(kind, live, seat, action) == best["points"]
    assert points_of(kind, live, seat, {"action": "draw"}) == -5
    assert live.replay_frame() == before  # the game itself is untouched
    # A move the position does not allow scores nothing (the note then shows no points).
    assert points_of(kind, live, seat, {**action, "x": 40, "y": 40}) is None
