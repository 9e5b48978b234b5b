"""docs/rules.md section 8 on the game page: what a player's preferences change in the
SVG the browser draws.

Palettes and symbols: every tile drawn (the hand and the board) is read back from
the rendered SVG: each square's computed fill, and the shapes drawn over it,
compared by their geometry (never by their class names). Which letter a square
carries comes from the game itself: the board from the server's state, the hand
from each tile's name. Assistance: with the Beginner level in a scored game, the
highlighted places for a tile are those the slow reference finds, each showing
the points the reference gives it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from support.browser.gameplay import ContextFactory, api_solo, open_game, pick_playable
from support.engine import reference as ref

from chromino.games.chromino.placement import Placement

COLOURS = "RYGBP"
CHAMELEON = "X"

PALETTES: dict[str, dict[str, str]] = {
    "classic": {
        "R": "#d7263d",
        "Y": "#f4c430",
        "G": "#2e933c",
        "B": "#2364aa",
        "P": "#7b3294",
        "X": "#ffffff",
    },
    # Okabe and Ito's colour-universal-design set: vermillion, yellow, bluish green,
    # blue and reddish purple.
    "okabe-ito": {
        "R": "#d55e00",
        "Y": "#f0e442",
        "G": "#009e73",
        "B": "#0072b2",
        "P": "#cc79a7",
        "X": "#ffffff",
    },
    # Paul Tol's "bright" qualitative scheme: red, yellow, green, blue, purple.
    "tol-bright": {
        "R": "#ee6677",
        "Y": "#ccbb44",
        "G": "#228833",
        "B": "#4477aa",
        "P": "#aa3377",
        "X": "#ffffff",
    },
    "high-contrast": {
        "R": "#e00000",
        "Y": "#ffe000",
        "G": "#00a651",
        "B": "#0038ff",
        "P": "#9b00d9",
        "X": "#ffffff",
    },
}
"""The palettes the preferences offer, and the colour each gives every letter."""

HAND_SIZE = 20
"""Enough tiles that a deal practically always shows all five colours."""

CELL = 100
"""Board units per cell in the SVG (static/js/games/chromino/tiles.js)."""

TOLERANCE = 0.1
"""Board units: coordinates are written with two decimals, then taken relative to a cell."""

# Every shape drawn inside each tile of the hand and of the board, as the browser
# renders it: its box in the tile's own units, the cell it sits in, its computed
# fill, and its geometry relative to that cell's centre. Hidden shapes are left out.
_DRAWN_TILES_JS = """() => {
  const CELL = 100;
  const shown = (node) => {
    for (let n = node; n instanceof Element; n = n.parentElement) {
      const style = getComputedStyle(n);
      if (style.display === "none" || style.visibility === "hidden") return false;
    }
    return true;
  };
  const round = (value) => Math.round(value * 100) / 100;
  const geometry = (el, cx, cy) => {
    if (el.tagName === "circle") {
      return ["circle", round(el.cx.baseVal.value - cx), round(el.cy.baseVal.value - cy),
              round(el.r.baseVal.value)];
    }
    if (el.tagName === "polygon" || el.tagName === "polyline") {
      return [el.tagName, ...Array.from(el.points, (p) => [round(p.x - cx), round(p.y - cy)])];
    }
    const box = el.getBBox();
    const rx = el.tagName === "rect" ? round(el.rx.baseVal.value) : null;
    return [el.tagName, round(box.x - cx), round(box.y - cy), round(box.width),
            round(box.height), rx];
  };
  const shapes = (root) => Array.from(
    root.querySelectorAll("circle, ellipse, rect, polygon, polyline, path, line")
  ).filter(shown).map((el) => {
    const box = el.getBBox();
    const col = Math.floor((box.x + box.width / 2) / CELL);
    const row = Math.floor((box.y + box.height / 2) / CELL);
    return {
      width: box.width, height: box.height, col, row,
      fill: getComputedStyle(el).fill,
      geometry: geometry(el, (col + 0.5) * CELL, (row + 0.5) * CELL),
    };
  });
  return {
    hand: Array.from(document.querySelectorAll("[data-testid=hand-tile]"), (button) => ({
      name: button.dataset.tile, shapes: shapes(button.querySelector("svg")),
    })),
    board: Array.from(document.querySelectorAll("#board .layer-tiles > g"), (group) => ({
      shapes: shapes(group),
    })),
  };
}"""


def rgb(hex_colour: str) -> str:
    """A #rrggbb colour as the browser reports a computed fill."""
    red, green, blue = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


Shapes = list[dict[str, Any]]
"""Shapes as the page reports them (see ``_DRAWN_TILES_JS``)."""


class Square:
    """One square of a drawn tile: its letter, its fill and what is drawn over it."""

    def __init__(self, letter: str, fill: str, marks: Shapes) -> None:
        self.letter = letter
        self.fill = fill
        self.marks = marks


def _flat(geometry: object) -> list[object]:
    """A shape's geometry as one list: its tag name, then its numbers."""
    if isinstance(geometry, list):
        return [item for part in geometry for item in _flat(part)]
    return [geometry]


def same_geometry(one: object, other: object) -> bool:
    """The same kind of shape, at the same place in its cell, of the same size."""
    a, b = _flat(one), _flat(other)
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if isinstance(x, int | float) and isinstance(y, int | float):
            if abs(x - y) > TOLERANCE:
                return False
        elif x != y:
            return False
    return True


def same_shape(one: Square, other: Square) -> bool:
    """Whether the same shapes are drawn over both squares (in any order)."""
    left = [mark["geometry"] for mark in other.marks]
    if len(left) != len(one.marks):
        return False
    for mark in one.marks:
        match = next((g for g in left if same_geometry(mark["geometry"], g)), None)
        if match is None:
            return False
        left.remove(match)
    return True


def _is_square(shape: dict[str, Any]) -> bool:
    """A cell-sized shape: one of the tile's three coloured squares."""
    width, height = float(shape["width"]), float(shape["height"])
    return 0.8 * CELL <= width <= CELL + 1 and 0.8 * CELL <= height <= CELL + 1


def _is_mark(shape: dict[str, Any]) -> bool:
    """A shape well inside one cell: a symbol, or part of the chameleon's mark."""
    width, height = float(shape["width"]), float(shape["height"])
    return width < 0.6 * CELL and height < 0.6 * CELL


def _cells(shapes: Shapes) -> tuple[Shapes, dict[tuple[int, int], Shapes]]:
    """The tile's three squares in reading order, and the marks of each cell."""
    squares = sorted((s for s in shapes if _is_square(s)), key=lambda s: (s["row"], s["col"]))
    assert len(squares) == 3, f"a tile is drawn as {len(squares)} squares"
    marks: dict[tuple[int, int], Shapes] = defaultdict(list)
    for shape in shapes:
        if _is_mark(shape):
            marks[(shape["col"], shape["row"])].append(shape)
    return squares, marks


def read_squares(
    drawn: dict[str, Any], board: list[Placement], colours: dict[str, str]
) -> list[Square]:
    """Every square drawn on the page, each with the letter the game says it carries."""
    found = []
    letters_at = {(x, y): letter for p in board for x, y, letter in p.cells()}
    for tile in drawn["board"]:
        squares, marks = _cells(tile["shapes"])
        for square in squares:
            cell = (square["col"], square["row"])
            found.append(Square(letters_at[cell], square["fill"], marks[cell]))
    for tile in drawn["hand"]:
        squares, marks = _cells(tile["shapes"])
        fills = [square["fill"] for square in squares]
        name = tile["name"]
        # An icon may be drawn either way round: its squares read the name or its reverse.
        readings = [s for s in (name, name[::-1]) if fills == [rgb(colours[c]) for c in s]]
        assert readings, f"{name} is drawn {fills} in this palette"
        for square, letter in zip(squares, readings[0], strict=True):
            cell = (square["col"], square["row"])
            found.append(Square(letter, square["fill"], marks[cell]))
    return found


def set_preferences(page: Page, **preferences: object) -> None:
    answer = page.request.patch("/api/me/preferences", data=preferences)
    assert answer.ok, answer.text()


def game_state(page: Page, game_id: str) -> dict[str, Any]:
    answer = page.request.get(f"/api/games/{game_id}")
    assert answer.ok, answer.text()
    state: dict[str, Any] = answer.json()["state"]
    return state


def my_hand(state: dict[str, Any]) -> list[str]:
    hand = state["hands"][state["seat"]]
    assert isinstance(hand, list)
    return hand


def board_of(state: dict[str, Any]) -> list[Placement]:
    return [Placement(p["tile"], p["x"], p["y"], p["dir"]) for p in state["board"]]


def solo_where(page: Page, wanted: Callable[[dict[str, Any]], bool], **options: object) -> str:
    """A solo game whose deal has what the test needs. Deals are the server's to choose;
    a deal without it (rare with these sizes) is set aside for another, a few times."""
    for _ in range(5):
        game_id = api_solo(page, **options)
        if wanted(game_state(page, game_id)):
            return game_id
    raise AssertionError(f"five solo deals in a row lacked what the test needs: {options}")


def shows_every_colour(state: dict[str, Any]) -> bool:
    names = my_hand(state) + [p["tile"] for p in state["board"]]
    return set(COLOURS + CHAMELEON) <= {letter for name in names for letter in name}


def drawn_squares(page: Page, game_id: str, colours: dict[str, str]) -> list[Square]:
    """Open the game page and read every square it draws."""
    open_game(page, game_id)
    state = game_state(page, game_id)
    expect(page.get_by_test_id("hand-tile")).to_have_count(len(my_hand(state)))
    expect(page.locator("#board .layer-tiles > g")).to_have_count(len(state["board"]))
    drawn = page.evaluate(_DRAWN_TILES_JS)
    return read_squares(drawn, board_of(state), colours)


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_rule_8_palettes_and_symbols_on_the_drawn_tiles(
    new_context: ContextFactory, palette: str
) -> None:
    colours = PALETTES[palette]
    page = new_context().new_page()
    page.goto("/")
    set_preferences(page, palette=palette, symbols=False)
    game_id = solo_where(page, shows_every_colour, hand_size=HAND_SIZE)

    squares = drawn_squares(page, game_id, colours)
    by_letter: dict[str, list[Square]] = defaultdict(list)
    for square in squares:
        by_letter[square.letter].append(square)
    assert set(by_letter) == set(COLOURS + CHAMELEON)
    # Every square is filled with its palette's colour for its letter ...
    for letter, group in by_letter.items():
        assert {square.fill for square in group} == {rgb(colours[letter])}, letter
    # ... the five colours can be told apart, and the chameleon centre from all of them.
    fills = {letter: group[0].fill for letter, group in by_letter.items()}
    assert len({fills[letter] for letter in COLOURS}) == 5
    assert fills[CHAMELEON] not in {fills[letter] for letter in COLOURS}
    # Without symbols, the colour squares are bare; the chameleon centre keeps its mark.
    for letter in COLOURS:
        assert all(not square.marks for square in by_letter[letter]), letter
    centre = by_letter[CHAMELEON][0]
    assert centre.marks
    assert all(same_shape(square, centre) for square in by_letter[CHAMELEON])

    set_preferences(page, symbols=True)
    squares = drawn_squares(page, game_id, colours)
    by_letter = defaultdict(list)
    for square in squares:
        assert square.fill == rgb(colours[square.letter])
        by_letter[square.letter].append(square)
    for letter in COLOURS:
        for square in by_letter[letter]:
            assert square.marks, f"a {letter} square carries no symbol"
            # A symbol shows on its square: it is not painted in the square's own colour.
            assert all(mark["fill"] != square.fill for mark in square.marks), letter
    # One shape per colour, the same on every square of that colour ...
    first = {letter: group[0] for letter, group in by_letter.items()}
    for letter, group in by_letter.items():
        assert all(same_shape(square, first[letter]) for square in group), letter
    # ... a different shape for each colour, and the chameleon centre unlike all five.
    letters = COLOURS + CHAMELEON
    for i, one in enumerate(letters):
        for other in letters[i + 1 :]:
            assert not same_shape(first[one], first[other]), (one, other)
    assert same_shape(first[CHAMELEON], centre)  # symbols leave the centre's mark alone


# --- assistance: Beginner shows the places and their points -------------------------------

_STEP = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}

_TARGETS_JS = """() => Array.from(document.querySelectorAll("#board .target"), (target) => ({
  x: Number(target.dataset.x),
  y: Number(target.dataset.y),
  badge: target.querySelector(".points-badge text")?.textContent ?? null,
}))"""


def has_a_play(state: dict[str, Any]) -> bool:
    return bool(ref.all_legal_placements(board_of(state), my_hand(state), "standard"))


def test_rule_8_beginner_shows_every_place_and_its_points_before_the_tile_is_laid(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    page.goto("/")
    set_preferences(page, assistance="beginner")
    game_id = solo_where(page, has_a_play, scoring="expert")
    open_game(page, game_id)
    board = board_of(game_state(page, game_id))

    tile = pick_playable(page)
    expected = {
        ref.physical(p): ref.points(board, p, "expert")
        for p in ref.all_legal_placements(board, [tile], "standard").values()
    }
    assert expected
    preview = page.get_by_test_id("orientation-preview")
    hint = page.get_by_test_id("hand-hint")
    shown: dict[frozenset[tuple[int, int, str]], int] = {}
    for _ in range(4):  # each way the tile can point
        key = preview.get_attribute("data-key") or ""
        name, direction = key.split(":")
        assert name == tile
        expect(hint).to_have_text(re.compile(r"places? for this tile|turn it"))
        count = re.match(r"(\d+) places?", hint.inner_text())
        expect(page.locator("#board .target")).to_have_count(int(count[1]) if count else 0)
        dx, dy = _STEP[direction]
        for target in page.evaluate(_TARGETS_JS):
            # A target marks the middle cell of the tile, laid the way the preview shows.
            placement = Placement(tile, target["x"] - dx, target["y"] - dy, direction)
            assert target["badge"] is not None, f"{placement} shows no points"
            shown[ref.physical(placement)] = int(target["badge"].lstrip("+"))
        page.get_by_test_id("rotate").click()
        expect(preview).not_to_have_attribute("data-key", key)
    # Every place the reference allows was shown, and nowhere else, with its points.
    assert shown == expected
