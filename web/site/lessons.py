"""The first-game tutorial: a "Learn to play" page per game, and the lessons' judge.

The lessons are the engine's (``chromino/games/<game>/lessons.py``): small positions
built through the game's own checks. The page gets each lesson's position as the
live game sends one (``state`` and ``legal``) with its words in the reader's
language, and shows it with the game's own board module. A placement tried there is
judged here, statelessly (the lesson and the placement are the whole request): by
the game's checked entry point, then by the lesson's goal (docs/lessons.md).

The words of every lesson are here, keyed by game and lesson, marked for the
catalogs: the engine names its lessons, the host says them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from chromino.core.errors import IllegalMoveError

from ..games import DEFAULT_GAME, GAMES, GameKind
from ..i18n import N_, Words, best_language, gettext_in, rule_refusal
from ..i18n.texts import RULE_REFUSALS
from ..people import UserOrVisitor, public_user
from .pages import not_found, render

router = APIRouter()


@dataclass(frozen=True, slots=True)
class LessonWords:
    """A lesson's texts: its title, what to do, the hint, and what a laid tile means.
    ``success`` and ``missed`` may name ``{points}``, what the tile scored."""

    title: str
    text: str
    hint: str
    success: str
    missed: str = N_("That tile fits, but it is not what this lesson asks for. Try again.")


LESSON_WORDS: Final[dict[tuple[str, str], LessonWords]] = {
    ("chromino", "two-contacts"): LessonWords(
        title=N_("Two contacts"),
        text=N_(
            "A tile must touch the tiles on the board in at least two places, and every "
            "square it touches must be the same colour. Lay a tile from your hand."
        ),
        hint=N_(
            "The red, yellow, yellow tile fits under the red and yellow squares of the lower tile."
        ),
        success=N_(
            "Well done! Its red and yellow squares touch red and yellow: two contacts, "
            "both matching. The purple tile fits nowhere: there is no purple on the board."
        ),
    ),
    ("chromino", "chameleon"): LessonWords(
        title=N_("The chameleon"),
        text=N_(
            "A chameleon's middle square is wild: it matches any colour. Your other tile "
            "fits nowhere, but the chameleon does. Lay it so that its middle square "
            "touches the board."
        ),
        hint=N_(
            "Lay the chameleon under the lower tile: its red end under the red square, "
            "its wild middle under the green or the yellow one."
        ),
        success=N_(
            "Well done! The wild middle matches the square it touches, whatever its colour."
        ),
    ),
    ("chromino", "last-tile"): LessonWords(
        title=N_("The last tile"),
        text=N_(
            "When one tile is left in your hand, everyone sees it. A chameleon can never "
            "be the last tile you lay: if it is the one left, you must draw instead (or "
            "pass, once the bag is empty). Both your tiles fit: which one do you lay first?"
        ),
        hint=N_("Lay the chameleon now, while you still hold another tile."),
        success=N_(
            "Well played! Your last tile is an ordinary one, so you can go out with it. "
            "It is now shown face up to everyone."
        ),
        missed=N_(
            "That tile fits, but now the chameleon is your last tile, and a chameleon can "
            "never be the last tile laid: you would have to draw. Try again and lay the "
            "chameleon first."
        ),
    ),
    ("triominos", "corners"): LessonWords(
        title=N_("Matching corners"),
        text=N_(
            "A tile must share a whole side with a tile on the board, and each of its "
            "corners must show the same number as the tiles that meet there. Lay a tile "
            "from your hand: it scores the sum of its numbers."
        ),
        hint=N_(
            "The 4-5-5 tile fits below 3-4-5, its 5 and 4 against the 5 and 4 there. "
            "Turn it with R or “Turn”."
        ),
        success=N_(
            "Well done! Every corner matches, and the tile scores 4 + 5 + 5 = {points}. "
            "The 5-5-5 tile fits nowhere: no free side has two 5s."
        ),
    ),
    ("triominos", "bridge"): LessonWords(
        title=N_("A bridge"),
        text=N_(
            "A bridge is a tile that shares a side with one tile and touches another "
            "with its opposite point only, leaving a gap on either side. It scores "
            "40 points on top of the tile. Lay a bridge."
        ),
        hint=N_(
            "Put the 0-0-3 tile in the gap below 0-0-0, its 3 pointing down at the 3 of 2-2-3."
        ),
        success=N_("A bridge! 3 for the tile and 40 for the bridge: {points} points."),
        missed=N_(
            "That tile fits, but it is no bridge: its point touches no other tile. Try "
            "again in the gap below 0-0-0."
        ),
    ),
    ("triominos", "hexagon"): LessonWords(
        title=N_("A hexagon"),
        text=N_(
            "A tile that closes a ring of six triangles around one point makes a "
            "hexagon: 50 points on top of the tile (60 for two at once, 70 for three). "
            "Five triangles already meet where the 1s are: close the ring."
        ),
        hint=N_(
            "The 1-1-3 tile closes the ring: lay it in the gap, its two 1s where the "
            "other tiles show 1."
        ),
        success=N_("A hexagon! 5 for the tile and 50 for the hexagon: {points} points."),
        missed=N_(
            "That tile fits, but it does not close the ring. Look for the gap among the "
            "triangles around the point where the 1s meet."
        ),
    ),
}
"""Every lesson's words (the keys of ``chromino/games/<game>/lessons.py``)."""


def _lesson_game(name: str) -> GameKind | None:
    """A game with lessons, or None."""
    kind = GAMES.get(name)
    return kind if kind is not None and kind.lesson_keys else None


def _words(game: str, key: str) -> LessonWords:
    return LESSON_WORDS[(game, key)]


def _refusal_words(code: str, message: str, language: str) -> str:
    """A rule's refusal in a newcomer's words (the engine's own name tiles by letters)."""
    template = RULE_REFUSALS.get(code)
    return message if template is None else gettext_in(language, template)


def lesson_page_data(kind: GameKind, language: str) -> list[dict[str, Any]]:
    """Every lesson of the game, as the page shows it: its key, words and position."""
    lessons = []
    for key in kind.lesson_keys:
        words = _words(kind.name, key)
        lessons.append(
            {
                "key": key,
                "title": gettext_in(language, words.title),
                "text": gettext_in(language, words.text),
                "hint": gettext_in(language, words.hint),
                **kind.lesson_position(key),
            }
        )
    return lessons


@router.get("/learn", include_in_schema=False)
def learn_default() -> Response:
    """The tutorial of the default game."""
    return RedirectResponse(f"/learn/{DEFAULT_GAME}", status_code=307)


@router.get("/learn/{game}", include_in_schema=False)
def learn_page(request: Request, user: UserOrVisitor, game: str) -> Response:
    """A game's "Learn to play" page: its lessons, one after the other."""
    kind = _lesson_game(game)
    if kind is None:
        return not_found(request, user, "game")
    me = public_user(user)
    language = best_language(me.preferences.language, request.headers.get("accept-language"))
    others = [
        (name, other.title)
        for name, other in GAMES.items()
        if name != game and _lesson_game(name) is not None
    ]
    boot = {"game": game, "lessons": lesson_page_data(kind, language)}
    return render(request, user, "learn.html", boot=boot, game_title=kind.title, other_games=others)


def _refused(status: int, code: str, message: str | Words) -> HTTPException:
    """A refusal in the app's one shape (worded in the reader's language by the handler)."""
    return HTTPException(status, detail={"code": code, "message": message})


async def _placement_fields(request: Request) -> dict[str, Any]:
    """The request's JSON object, or a clear refusal."""
    try:
        body = json.loads(await request.body())
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _refused(400, "malformed_json", Words(N_("this is not readable JSON"))) from None
    if not isinstance(body, dict):
        raise _refused(400, "malformed_json", Words(N_("an object with fields, please")))
    return body


@router.post("/api/lessons/{game}/{key}")
async def try_placement(request: Request, game: str, key: str) -> JSONResponse:
    """Judge one placement in a lesson: the body is the placement's fields, as in a
    ``play`` command. The answer says whether the rules allow it (and why not), what
    it scored, whether it made the lesson's point, and the position after it."""
    kind = _lesson_game(game)
    if kind is None or key not in kind.lesson_keys:
        raise _refused(404, "unknown_lesson", Words(N_("There is no such lesson.")))
    fields = await _placement_fields(request)
    language = best_language(None, request.headers.get("accept-language"))
    try:
        answer = kind.lesson_attempt(key, fields)
    except IllegalMoveError as error:  # the fields do not read as a placement
        message = rule_refusal(error.reason.value, error.message, language)
        raise _refused(422, error.reason.value, message) from None
    if answer.refusal is not None:
        reason = answer.refusal.reason.value
        return JSONResponse(
            {
                "legal": False,
                "achieved": False,
                "code": reason,
                "message": _refusal_words(reason, answer.refusal.message, language),
            }
        )
    assert answer.event is not None
    points = int(answer.event.get("points", 0))
    words = _words(game, key)
    template = words.success if answer.achieved else words.missed
    message = gettext_in(language, template, points=points)
    return JSONResponse(
        {
            "legal": True,
            "achieved": answer.achieved,
            "points": points,
            "figure": answer.event.get("figure"),
            "message": message,
            "state": answer.state,
        }
    )
