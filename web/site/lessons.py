"""The first-game tutorial: a "Learn to play" page per game, and the lessons' judge.

The lessons are the engine's (``chromino/games/<game>/lessons.py``): small positions
built through the game's own checks. The page gets each lesson's position as the
live game sends one (``state`` and ``legal``) with its words in the reader's
language, and shows it with the game's own board module. A placement tried there is
judged here, statelessly (the lesson and the placement are the whole request): by
the game's checked entry point, then by the lesson's goal (docs/lessons.md).

The words of every lesson are the game's adapter's (``web/games/<game>.py``), keyed
by lesson and marked for the catalogs: the engine names its lessons, the host says them.
"""

from __future__ import annotations

import json
from typing import Any, Final

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from chromino.core.errors import IllegalMoveError

from ..games import DEFAULT_GAME, GAMES, GameKind, LessonWords
from ..i18n import N_, Words, best_language, gettext_in, rule_refusal, rule_sentence
from ..people import UserOrVisitor, public_user
from .pages import not_found, render

router = APIRouter()


def _lesson_words_by_game() -> dict[tuple[str, str], LessonWords]:
    """Every game's lessons' words, each asked of its kind."""
    return {
        (name, key): words
        for name, kind in GAMES.items()
        for key, words in kind.lesson_words.items()
    }


LESSON_WORDS: Final[dict[tuple[str, str], LessonWords]] = _lesson_words_by_game()
"""Every lesson's words by game and key, as each game's adapter says them."""


def _lesson_game(name: str) -> GameKind | None:
    """A game with lessons, or None."""
    kind = GAMES.get(name)
    return kind if kind is not None and kind.lesson_keys else None


def _words(kind: GameKind, key: str) -> LessonWords:
    return kind.lesson_words[key]


def lesson_page_data(kind: GameKind, language: str) -> list[dict[str, Any]]:
    """Every lesson of the game, as the page shows it: its key, words and position."""
    lessons = []
    for key in kind.lesson_keys:
        words = _words(kind, key)
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
        message = rule_refusal(error.reason.value, error.message, language, kind.refusal_words)
        raise _refused(422, error.reason.value, message) from None
    if answer.refusal is not None:
        reason = answer.refusal.reason.value
        return JSONResponse(
            {
                "legal": False,
                "achieved": False,
                "code": reason,
                "message": rule_sentence(
                    reason, answer.refusal.message, language, kind.refusal_words
                ),
            }
        )
    assert answer.event is not None
    points = int(answer.event.get("points", 0))
    words = _words(kind, key)
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
