// The one placing controller of the live game page, for every game: pick a tile from
// the hand, turn it, point at a place with the mouse, a finger, a drag or the arrow
// keys, and lay it. It knows no geometry and no rule: the game module hands it its
// board, its targets (worked out from the server's `legal`, never from the rules),
// its ways of turning a tile, and its words (docs/frontend.md, "The game's input").
// The shell (game/shell.js) owns everything else and calls what mountPlacing returns.
import { isMyTurn, myHand } from "../game/model.js";
import * as shared from "../game/texts.js";
import { labelled } from "../i18n.js";
import { createView, fitView, keepInView } from "./camera.js";
import { wireViewControls } from "./controls.js";
import { wireHandDrag } from "./drag.js";
import { nearestTarget, startingCell, targetToward } from "./moves.js";

const $ = (id) => document.getElementById(id);
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const PAN_NAMES = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };
const CLICK_AFTER_DRAG_MS = 500; // the click that ends a drag is not a pick
const GHOST_MARGIN = 2; // camera units kept between the ghost and the edge of the view
const TAP_PX = 46; // the smallest a place is drawn on a touch screen while the camera fits the board: 44 px and a margin
const PLACE_MARGIN = 0.5; // camera units kept between a place brought into view and the edge of what shows
const READABLE_PX = 24; // the smallest a camera unit is drawn to show a picked tile's places with a mouse
// What may lie over the board on the screen: the action bar fixed at a phone's foot, the
// connection banner stuck at the window's top.
const OVERLAYS = ["action-dock", "connection-banner"];

const sameCell = (a, b) => Boolean(a && b) && a.x === b.x && a.y === b.y;

/**
 * Mount the board and the placing input of one game on the page. `context` is what the
 * shell gives a game module's mountPlay (docs/frontend.md); `game` is the game's input:
 *   board        → {mount(svg, hooks), fitBox(tiles, places), fitMargin, middleOf(cell),
 *                   cellAtPoint(x, y), showPlaced(view, placement, width, height),
 *                   tapSize: camera units of a place's drawn box, its shorter side}
 *   upright      → how a freshly picked tile is turned
 *   turns        → [{button, key, next}]: each way of turning (the button's id, its key,
 *                   orientation → the next one)
 *   targets      → {current(state), at(state, cell), ghostScene(state), placementAt(tile, orientation, cell)}
 *   words        → {turned(tile, orientation): said on a turn, pointsSaid(scene): a target's worth said,
 *                   placeWorth(scene): shown on "Lay it here", freeHint(): the hint when no places are listed}
 *   tileIcon(name, orientation), tileLabel(name), preview(state) → {picture, icon()}, avatarClass
 * Returns the Play the shell calls (render, renderControls, pickedHint, handClick, …).
 */
export function mountPlacing(context, game) {
  const { state, svg, preferences, requestRender, announce, command, focusHandTile, unlockSound, signal } = context;
  const targets = game.targets;
  const listen = { signal };
  state.view = createView();
  state.orientation = game.upright;
  // Whether the player places with a finger: the screen's main pointer at first, then
  // whatever last tapped the board or pressed a tile of the hand.
  let touchScreen = Boolean(window.matchMedia?.("(pointer: coarse)").matches);

  const board = game.board.mount(svg, {
    view: () => state.view,
    changed: requestRender,
    tap: tapCell,
    hover: (cell) => {
      if (state.picked && !state.drag) setGhost(cell);
    },
    signal,
  });
  const viewControls = wireViewControls(board, state.view, {
    reversed: preferences.reversed_arrows,
    onChange: requestRender,
    signal,
  });

  // --- the player's actions -----------------------------------------------------------

  function pick(tile, { keyboard = false } = {}) {
    if (state.picked !== tile) {
      state.picked = tile;
      state.orientation = game.upright;
      state.ghost = null;
      // A view the player moved by hand still shows where the tile can go (a camera that
      // follows the board does so at every render).
      if (!state.view.follow) showPickedPlaces();
    }
    state.error = "";
    if (keyboard) {
      state.ghost = startingCell(game.board, targets.current(state), state.view);
      if (state.ghost) keepGhostInView();
      board.svg.focus();
      announce(labelled(game.tileLabel(tile), ghostWords()));
    }
    requestRender();
  }

  function unpick() {
    state.picked = null;
    state.ghost = null;
    state.orientation = game.upright;
  }

  function turn(next) {
    if (!state.picked) return;
    const ghost = state.ghost;
    state.orientation = next[state.orientation];
    // A view the player moved by hand still shows where the tile, turned, can go.
    if (!state.view.follow) showPickedPlaces();
    // Keep the ghost on a target when there is one near where it was.
    if (ghost && state.legal && isMyTurn(state) && !targets.at(state, ghost)) {
      const near = nearestTarget(game.board, targets.current(state), ghost);
      if (near) state.ghost = { ...near.cell };
    }
    announce(`${game.words.turned(state.picked, state.orientation)} ${ghostWords()}`);
    requestRender();
  }

  /** Arrow keys: to the next target that way when targets are shown, else one cell. */
  function moveGhost(dx, dy) {
    if (!state.ghost) {
      state.ghost = startingCell(game.board, targets.current(state), state.view);
    } else if (targets.current(state).length) {
      const next = targetToward(game.board, targets.current(state), state.ghost, dx, dy);
      if (!next) {
        announce(shared.noTargetThatWay());
        return;
      }
      state.ghost = { ...next.cell };
    } else {
      state.ghost = { x: state.ghost.x + dx, y: state.ghost.y + dy };
    }
    keepGhostInView();
    announce(ghostWords());
    requestRender();
  }

  // --- the picked tile's places in sight ------------------------------------------------

  /**
   * The part of the <svg> (its own pixels, {left, top, right, bottom}) a player sees and
   * can tap: inside the window, clear of what lies over it. A board mostly out of the
   * window counts whole (the page scrolls to it; a tiny strip would zoom the board to nothing).
   */
  function visibleArea(width, height) {
    const box = board.svg.getBoundingClientRect();
    let top = 0;
    let bottom = window.innerHeight;
    for (const id of OVERLAYS) {
      const overlay = $(id);
      if (!overlay || overlay.hidden) continue;
      const position = getComputedStyle(overlay).position;
      if (position !== "fixed" && position !== "sticky") continue;
      const over = overlay.getBoundingClientRect();
      if (over.height === 0 || over.bottom <= box.top || over.top >= box.bottom) continue;
      if (over.top + over.height / 2 > window.innerHeight / 2) bottom = Math.min(bottom, over.top);
      else top = Math.max(top, over.bottom);
    }
    const area = {
      left: Math.max(0, -box.left),
      right: Math.min(width, window.innerWidth - box.left),
      top: Math.max(0, top - box.top),
      bottom: Math.min(height, bottom - box.top),
    };
    const enough = area.right - area.left >= width / 2 && area.bottom - area.top >= height / 2;
    return enough ? area : { left: 0, top: 0, right: width, bottom: height };
  }

  /** Where `box` (camera units, each max one unit short of its edge) lies beyond the visible area, as a pan. */
  function overflow(view, box, area, width, height) {
    const margin = PLACE_MARGIN;
    const edge = (low, high, from, to, centre, size) => {
      const seenFrom = centre + (from - size / 2) / view.scale;
      const seenTo = centre + (to - size / 2) / view.scale;
      if (high - low > seenTo - seenFrom) return (low + high) / 2 - (seenFrom + seenTo) / 2; // wider than the view: centred
      if (low < seenFrom) return low - seenFrom;
      if (high > seenTo) return high - seenTo;
      return 0;
    };
    return {
      dx: edge(box.minX - margin, box.maxX + 1 + margin, area.left, area.right, view.cx, width),
      dy: edge(box.minY - margin, box.maxY + 1 + margin, area.top, area.bottom, view.cy, height),
    };
  }

  /**
   * Move the camera so that every place of the picked tile (whichever way it is turned)
   * shows whole in the visible area: not at all if they do; else panned as little as
   * needed, zoomed out if they do not fit (never below a finger's size on a touch screen,
   * nor below a readable size with a mouse); else the place nearest the middle of the view.
   */
  function showPickedPlaces() {
    if (!state.picked || !state.legal || !isMyTurn(state)) return;
    const places = state.legal.filter((entry) => entry.tile === state.picked);
    if (!places.length) return;
    const view = state.view;
    const { width, height } = board.size();
    if (!width || !height) return;
    const area = visibleArea(width, height);
    const all = game.board.fitBox(places, []);
    const fits = (box) => {
      const { dx, dy } = overflow(view, box, area, width, height);
      return dx === 0 && dy === 0;
    };
    const least = touchScreen ? TAP_PX / game.board.tapSize : READABLE_PX;
    // The zoom wanted: the player's own, but at a finger's size at least on a touch screen.
    const wanted = touchScreen ? Math.max(view.scale, least) : view.scale;
    if (wanted === view.scale && fits(all)) return;
    const spanX = all.maxX - all.minX + 1 + 2 * PLACE_MARGIN;
    const spanY = all.maxY - all.minY + 1 + 2 * PLACE_MARGIN;
    const whole = Math.min((area.right - area.left) / spanX, (area.bottom - area.top) / spanY);
    let box = all;
    if (whole >= wanted) {
      view.scale = wanted;
    } else if (whole >= least) {
      view.scale = whole;
    } else {
      // Not all of them at a size to see and tap: the places of the tile as it is turned
      // now (the ones drawn), unless it fits nowhere that way; one of them in sight
      // already is enough, else the one nearest what the player looks at.
      const turned = targets.current(state).map((target) => target.placement);
      const among = turned.length ? turned : places;
      const middle = {
        x: view.cx + ((area.left + area.right) / 2 - width / 2) / view.scale,
        y: view.cy + ((area.top + area.bottom) / 2 - height / 2) / view.scale,
      };
      view.scale = Math.max(wanted, least);
      if (among.some((place) => fits(game.board.fitBox([place], [])))) return;
      const distance = (place) => {
        const at = game.board.fitBox([place], []);
        return Math.hypot((at.minX + at.maxX + 1) / 2 - middle.x, (at.minY + at.maxY + 1) / 2 - middle.y);
      };
      const nearest = among.reduce((best, place) => (distance(place) < distance(best) ? place : best));
      box = game.board.fitBox([nearest], []);
    }
    const { dx, dy } = overflow(view, box, area, width, height);
    view.cx += dx;
    view.cy += dy;
  }

  function keepGhostInView() {
    // While the camera follows the board, a target it shows leaves the view as it is.
    const { width, height } = board.size();
    const middle = game.board.middleOf(state.ghost);
    if (state.view.follow && !touchScreen && targets.ghostScene(state)?.status === "target") {
      const halfW = width / 2 / state.view.scale;
      const halfH = height / 2 / state.view.scale;
      if (Math.abs(middle.x - state.view.cx) < halfW - 0.5 && Math.abs(middle.y - state.view.cy) < halfH - 0.5) return;
    }
    const before = `${state.view.cx},${state.view.cy}`;
    keepInView(state.view, middle.x - 0.5, middle.y - 0.5, width, height, GHOST_MARGIN);
    if (before !== `${state.view.cx},${state.view.cy}`) state.view.follow = false;
  }

  function ghostWords() {
    const scene = targets.ghostScene(state);
    return scene ? shared.ghostWords(scene, state.ghost, game.words.pointsSaid) : "";
  }

  /** The ghost on `cell`, or on the target that cell designates. */
  function setGhost(cell) {
    const target = state.legal && isMyTurn(state) && cell ? targets.at(state, cell) : null;
    const next = target ? { ...target.cell } : cell;
    const same = (next && state.ghost && next.x === state.ghost.x && next.y === state.ghost.y) || next === state.ghost;
    if (same) return;
    state.ghost = next;
    requestRender();
  }

  /** Lay the picked tile on `cell`: the listed placement there, or (no list) as it is turned. */
  function placeAt(cell) {
    if (!state.picked || !cell || !isMyTurn(state) || state.pending) return;
    let placement;
    if (state.legal) {
      const target = targets.at(state, cell);
      if (!target) {
        state.ghost = { ...cell };
        state.error = shared.notATarget();
        requestRender();
        return;
      }
      placement = target.placement;
      cell = target.cell;
    } else {
      placement = targets.placementAt(state.picked, state.orientation, cell);
      if (targets.ghostScene({ ...state, ghost: cell })?.status === "taken") {
        // Over a tile on the board: it cannot go there, whatever the rules (no list to say more).
        state.ghost = { ...cell };
        state.error = shared.placeTaken();
        requestRender();
        return;
      }
    }
    command("play", { ...placement });
    state.ghost = { ...cell };
  }

  /**
   * A click or a tap on the board. A mouse has already shown the ghost by hovering, so its
   * click on a place lays the tile there at once. A finger has no hover: its first tap on
   * a place only shows the ghost and its points, a second tap on that same place (or
   * "Lay it here") lays it; a tap counts only on the place as drawn (the cell its box
   * fills), never on the squares around it, and a tap off every place lays nothing.
   */
  function tapCell(cell, { touch = false } = {}) {
    touchScreen = touch;
    if (!state.picked) return;
    if (!isMyTurn(state)) return setGhost(cell);
    if (state.legal) {
      if (touch) return touchTarget(cell);
      if (targets.at(state, cell)) placeAt(cell);
      else setGhost(cell);
    } else if (sameCell(state.ghost, cell)) {
      placeAt(cell); // a second tap on the ghost lays it
    } else {
      state.ghost = { ...cell };
      announce(ghostWords());
      requestRender();
    }
  }

  /** A finger on a listed place: the ghost first, the tile at the second tap on it. */
  function touchTarget(cell) {
    const target = targets.at(state, cell);
    if (!target || !sameCell(target.cell, cell)) {
      state.ghost = { ...cell };
      state.error = targets.current(state).length ? shared.notATarget() : "";
      requestRender();
      return;
    }
    if (sameCell(state.ghost, cell)) return placeAt(cell);
    state.ghost = { ...cell };
    state.error = "";
    announce(ghostWords());
    requestRender();
  }

  // --- dragging a tile from the hand ----------------------------------------------------

  const drag = wireHandDrag({
    state,
    board,
    avatarClass: game.avatarClass,
    tileIcon: game.tileIcon,
    pick,
    hover: setGhost,
    drop: (cell) => placeAt(state.legal ? (targets.at(state, cell)?.cell ?? cell) : cell),
    requestRender,
    signal,
  });
  signal?.addEventListener("abort", () => {
    delete $("place").dataset.points;
    delete $("place").dataset.total;
  });

  // --- buttons and keys ---------------------------------------------------------------

  for (const way of game.turns) $(way.button).addEventListener("click", () => turn(way.next), listen);
  $("cancel").addEventListener(
    "click",
    () => {
      unpick();
      requestRender();
    },
    listen,
  );
  $("place").addEventListener("click", () => placeAt(state.ghost), listen);

  board.svg.addEventListener(
    "keydown",
    (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (state.picked) {
        if (ARROWS[event.key]) {
          event.preventDefault();
          moveGhost(...ARROWS[event.key]);
        } else if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          if (!state.ghost) state.ghost = startingCell(game.board, targets.current(state), state.view);
          placeAt(state.ghost);
        }
        return;
      }
      if (ARROWS[event.key]) {
        event.preventDefault();
        viewControls.pan(PAN_NAMES[event.key]);
      } else if (event.key === "+" || event.key === "=") {
        event.preventDefault();
        viewControls.zoom(1.25);
      } else if (event.key === "-" || event.key === "_") {
        event.preventDefault();
        viewControls.zoom(0.8);
      } else if (event.key === "0") {
        event.preventDefault();
        viewControls.fit();
      }
    },
    listen,
  );

  // --- what the shell calls -------------------------------------------------------------

  return {
    /** Draw the board: tiles, the last one laid, the targets and the ghost. */
    render() {
      const tiles = state.game ? state.game.board : [];
      const shown = targets.current(state);
      if (state.view.follow) {
        const { width, height } = board.size();
        // The board's own bounds, the same for every viewer of the position (the places to
        // lay a tile are only the player to move's, and they made the two players' first
        // views differ).
        const places = isMyTurn(state) && state.legal ? state.legal : [];
        fitView(state.view, game.board.fitBox(tiles, []), width, height, game.board.fitMargin);
        const fingerScale = TAP_PX / game.board.tapSize;
        if (state.picked && places.length) {
          // A tile picked: where it can go shows, whole, clear of what lies over the board.
          showPickedPlaces();
        } else if (touchScreen && places.length && state.view.scale < fingerScale) {
          // Too small for a finger: fit the turn's places alone, never below TAP_PX a place
          // (what does not fit is a swipe away).
          fitView(state.view, game.board.fitBox(places, []), width, height, game.board.fitMargin);
          if (state.view.scale < fingerScale) {
            // Not all of them at a finger's size: the first place in the middle, rather than
            // the middle of places that may all lie outside the view.
            const first = game.board.middleOf(places[0]);
            state.view.scale = fingerScale;
            state.view.cx = first.x;
            state.view.cy = first.y;
          }
        }
      }
      board.svg.classList.toggle("has-pick", Boolean(state.picked && isMyTurn(state)));
      board.draw({ view: state.view, tiles, lastPlaced: state.lastPlaced, targets: shown, ghost: targets.ghostScene(state) });
    },

    /** The placing controls: the ways of turning, put back, lay it here, and the picked tile's preview. */
    renderControls() {
      const scene = targets.ghostScene(state);
      for (const way of game.turns) $(way.button).disabled = !state.picked;
      $("cancel").disabled = !state.picked;
      const place = $("place");
      place.disabled = !isMyTurn(state) || Boolean(state.pending) || !scene || scene.status === "off" || scene.status === "taken";
      // What the ghost's place is worth, on the button that lays it there.
      const priced = scene?.status === "target" && scene.points !== undefined && scene.points !== null;
      const worth = priced ? game.words.placeWorth(scene) : null;
      if ((place.dataset.points || null) !== worth) {
        if (worth) {
          place.dataset.points = worth;
          place.dataset.total = game.words.placeWorth({ ...scene, figure: null }); // what a phone's narrow button has room for
        } else {
          delete place.dataset.points;
          delete place.dataset.total;
        }
      }
      const preview = $("orientation-preview");
      const key = state.picked ? `${state.picked}:${state.orientation}` : "";
      const look = state.picked ? game.preview(state) : null;
      const picture = `${key}:${look ? look.picture : ""}`;
      if (preview.dataset.picture !== picture) {
        preview.dataset.key = key;
        preview.dataset.picture = picture;
        preview.replaceChildren(...(look ? [look.icon()] : []));
      }
    },

    pickedHint() {
      if (state.legal === null) return targets.ghostScene(state)?.status === "taken" ? shared.placeTaken() : game.words.freeHint();
      // A finger's first tap showed the place: say how to lay the tile there.
      if (touchScreen && targets.ghostScene(state)?.status === "target") return shared.tapAgainHint();
      const fitsAnotherWay = state.legal.some((entry) => entry.tile === state.picked);
      return shared.pickedHint(targets.current(state).length, { fitsAnotherWay });
    },

    handClick(event, tile) {
      if (Date.now() - drag.endedAt() < CLICK_AFTER_DRAG_MS) return;
      const keyboard = event.detail === 0;
      if (state.picked === tile && !keyboard) {
        unpick();
        requestRender();
        return;
      }
      pick(tile, { keyboard });
    },

    handPointerDown(event, tile) {
      if (event.button !== 0) return;
      if (touchScreen !== (event.pointerType !== "mouse")) {
        touchScreen = event.pointerType !== "mouse";
        requestRender();
      }
      unlockSound();
      drag.start(event, tile);
    },

    /** Keys anywhere on the page (the shell has left out typing in fields): the turning keys, Escape. */
    keydown(event) {
      if (!state.picked) return;
      const way = game.turns.find((candidate) => candidate.key === event.key.toLowerCase());
      if (way) {
        event.preventDefault();
        turn(way.next);
      } else if (event.key === "Escape") {
        event.preventDefault();
        const tile = state.picked;
        const fromBoard = document.activeElement === board.svg;
        unpick();
        announce(shared.tilePutBack());
        requestRender();
        if (fromBoard) focusHandTile(tile);
      }
    },

    /** The game moved: keep the pick sensible, and pick a tile just drawn. */
    afterChange(wasMyTurn) {
      const hand = myHand(state);
      if (state.picked && !hand.includes(state.picked)) unpick();
      if (state.game.finished) unpick();
      const drawn = state.game.drawn_tile;
      if (drawn && hand.includes(drawn) && state.picked !== drawn && isMyTurn(state)) pick(drawn);
      if (!isMyTurn(state) && wasMyTurn && state.picked) state.ghost = null;
    },

    /** A tile was laid: if the player moved the view by hand, still bring it into sight. */
    showPlaced(placement) {
      if (state.view.follow || !placement) return;
      const { width, height } = board.size();
      game.board.showPlaced(state.view, placement, width, height);
    },
  };
}
