"""The analysis board: a placement of one's own tried where a finished game's mover was
to play, answered from what that mover could know (docs/analysis.md).

The replay shows every hand once a game is over; the analysis does not. It starts from
the mover's *view* at that version (their hand, the board, the counts of the others'
tiles and of the bag), lists the legal places from that view alone, and hands the same
view to the coach's search, which samples what the mover could not see without ever
showing it. The search's budget is the coach's (a number of iterations) and its seed is
made of the position alone (:func:`analysis_seed`): the same try gets the same answer on
any server, any day, and every try in a position is weighed by the same first search,
so the placement it names as the best is the best when it is tried in turn.
"""

from __future__ import annotations

import copy
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chromino.core.errors import IllegalMoveError

from ..games import GameKind, LiveGame, game_kind
from ..i18n import N_, Words
from ..models import Game, GameEvent
from .coach import position_seed
from .thinkers import Thinkers


class AnalysisError(Exception):
    """A request the analysis cannot answer: its status, code, words and the field named."""

    def __init__(self, status: int, code: str, message: Words, field: str) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.message = message
        self.field = field


@dataclass(frozen=True, slots=True)
class Position:
    """A finished game at one version where a seat was to move, as that seat saw it."""

    kind: GameKind
    live: LiveGame
    """The game at that version (every hand: it never leaves this module as it is)."""
    mover: int
    view: dict[str, Any]
    """What the mover could see: the only thing shown or searched."""
    legal: list[dict[str, Any]]
    """The legal places from that view, with their points when the game counts them."""

    def shown(self) -> dict[str, Any]:
        return {"mover": self.mover, "state": self.view, "legal": self.legal}


def position_at(game: Game, events: list[GameEvent], version: int) -> Position:
    """The position after ``version`` moves of a finished game, from its mover's view."""
    if game.status != "finished":
        words = Words(N_("a game is analysed once it ends"))
        raise AnalysisError(409, "game_in_progress", words, "game_id")
    if not 0 <= version < len(events):
        words = Words(N_("this game has no move {version} to try another from"), version=version)
        raise AnalysisError(404, "no_such_version", words, "version")
    kind = game_kind(game.kind)
    live = kind.restore(game.setup)
    for event in events[:version]:
        live.apply(event.seat, kind.stored_action(event.action))
    if live.is_over:  # never: the game ended after its last event
        words = Words(N_("nobody was to move at this point of the game"))
        raise AnalysisError(404, "no_such_version", words, "version")
    mover = live.current_seat
    options = game.setup.get("options", {})
    legal = live.legal_moves(mover, with_points=kind.shows_points(options))
    return Position(kind, live, mover, live.view(mover), legal)


def analysis_seed(view: Mapping[str, Any]) -> str:
    """The search's seed for every try in a position: the coach's digest of the position
    (nothing of the game's id, its players or the time), never of the placement. With one
    seed the search over all the mover's placements runs the same for every try, and so
    names the same best; a seed per placement let a try of that best be weighed by a
    search that preferred another."""
    return "analysis:" + hashlib.sha256(position_seed(view).encode()).hexdigest()


def verdict_key(view: Mapping[str, Any], placement: Mapping[str, Any]) -> str:
    """What a verdict is kept under: the position's seed and the placement in its one
    record form."""
    text = json.dumps(dict(placement), sort_keys=True, separators=(",", ":"))
    return f"{analysis_seed(view)}|{text}"


@dataclass(frozen=True, slots=True)
class Laid:
    """A legal try: its record form (canonical), its points and the mover's view after it."""

    placement: dict[str, Any]
    points: int | None
    state: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Refused:
    code: str
    message: str


def lay(position: Position, fields: Mapping[str, Any]) -> Laid | Refused:
    """Lay ``fields`` (a play's placement fields) on a copy of the position: refused by
    the rules, or laid. IllegalMoveError when the fields do not read as a placement."""
    kind = position.kind
    wanted = kind.canonical_move({**fields, "action": "play"})
    trial = copy.deepcopy(position.live)
    try:
        trial.apply(position.mover, kind.stored_action(wanted))
    except IllegalMoveError as refusal:
        return Refused(refusal.reason.value, refusal.message)
    return Laid(wanted, points_in(position, wanted), _known_after(position, trial, wanted))


def points_in(position: Position, placement: Mapping[str, Any]) -> int | None:
    """A placement's points as the mover's legal list gives them (what the view can know:
    never a bonus counted from the hidden hands); None in a game without points."""
    kind = position.kind
    wanted = kind.canonical_move(placement)
    for entry in position.legal:
        points = entry.get("points")
        if isinstance(points, int) and kind.canonical_move({**entry, "action": "play"}) == wanted:
            return points
    return None


def _known_after(
    position: Position, trial: LiveGame, placement: Mapping[str, Any]
) -> dict[str, Any]:
    """The mover's view after the try. A try that would end the game is shown without
    the end's reckoning (its winners, its scores), which counts the others' hidden tiles:
    the scores are the ones before, with the placement's points added."""
    after = trial.view(position.mover)
    if not after.get("finished"):
        return after
    scores = list(position.view["scores"])
    scores[position.mover] += points_in(position, placement) or 0
    return {**after, "scores": scores, "finished": False, "ended_by": None, "winners": []}


VERDICTS = 512
"""Verdicts kept in memory by position and placement: a shared line is read again and
again, and the same seed always gives the same verdict."""
_verdicts: OrderedDict[str, dict[str, Any]] = OrderedDict()
_verdicts_lock = threading.Lock()


async def verdict(thinkers: Thinkers, position: Position, laid: Laid) -> dict[str, Any] | None:
    """The search's word on the try against its own choice, from the mover's view; None
    for a game without a search. A try that is the search's choice is never flagged."""
    kind = position.kind
    if not kind.coached:
        return None
    key = verdict_key(position.view, laid.placement)
    with _verdicts_lock:
        known = _verdicts.get(key)
    if known is not None:
        return known
    seed = analysis_seed(position.view)
    note = await thinkers.assess(kind.name, position.view, laid.placement, seed, waited_for=True)
    preferred = note["preferred"]
    same = preferred.get("action") == "play" and kind.canonical_move(preferred) == laid.placement
    answer = {
        "loss": 0.0 if same else note["loss"],
        "meaning": note["meaning"],
        "played_value": note["played_value"],
        "preferred_value": note["preferred_value"],
        "preferred": preferred,
        "preferred_points": points_in(position, preferred)
        if preferred.get("action") == "play"
        else None,
        "same_as_best": same,
    }
    with _verdicts_lock:
        _verdicts[key] = answer
        while len(_verdicts) > VERDICTS:
            _verdicts.popitem(last=False)
    return answer
