// Chromino's part of the live game page: the board (board.js draws it) with its
// targets and ghost, and placing a tile: pick it from the hand, turn and flip it,
// point at a place with the mouse, a finger, a drag or the arrow keys, and lay it.
// The shell (game/shell.js) owns everything else and calls what mountPlay returns.
import { el } from "../../api.js";
import { createView, fitView, keepInView, mountBoard, wireViewControls } from "../../board.js";
import { isMyTurn, myHand } from "../../game/model.js";
import { tilePutBack } from "../../game/texts.js";
import { FLIP, ROTATE, bounds, directionName, placementAround, tileIcon, tileLabel } from "../../tiles.js";
import { UPRIGHT, currentTargets, ghostScene, nearestTarget, startingGhost, targetAt, targetToward } from "./placing.js";
import * as words from "./texts.js";

const $ = (id) => document.getElementById(id);
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const PAN_NAMES = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };
const DRAG_SLOP = 8; // pixels a pointer moves from a hand tile before it is a drag, not a click
const CLICK_AFTER_DRAG_MS = 500; // the click that ends a drag is not a pick

/** Mount on the page's board and placing controls; see docs/frontend.md for `context` and the result. */
export function mountPlay({ state, svg, preferences, requestRender, announce, command, focusHandTile, unlockSound, signal }) {
  const listen = { signal };
  state.view = createView();
  state.orientation = UPRIGHT;
  let dragEndedAt = 0; // when the last drag from the hand ended

  const board = mountBoard(svg, {
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
      state.orientation = UPRIGHT;
      state.ghost = null;
    }
    state.error = "";
    if (keyboard) {
      state.ghost = startingGhost(state);
      if (state.ghost) keepGhostInView();
      board.svg.focus();
      announce(`${tileLabel(tile)}. ${ghostWords()}`);
    }
    requestRender();
  }

  function unpick() {
    state.picked = null;
    state.ghost = null;
    state.orientation = UPRIGHT;
  }

  function turn(to) {
    if (!state.picked) return;
    const ghost = state.ghost;
    state.orientation = to[state.orientation];
    // Keep the ghost on a target when there is one where it was.
    if (ghost && state.legal && isMyTurn(state) && !targetAt(state, ghost)) {
      const near = nearestTarget(state, ghost);
      if (near) state.ghost = { ...near.centre };
    }
    announce(`${directionName(state.orientation)}. ${ghostWords()}`);
    requestRender();
  }

  /** Arrow keys: to the next target that way when targets are shown, else one cell. */
  function moveGhost(dx, dy) {
    if (!state.ghost) {
      state.ghost = startingGhost(state);
    } else if (currentTargets(state).length) {
      const next = targetToward(state, dx, dy);
      if (!next) {
        announce(words.noTargetThatWay());
        return;
      }
      state.ghost = { ...next.centre };
    } else {
      state.ghost = { x: state.ghost.x + dx, y: state.ghost.y + dy };
    }
    keepGhostInView();
    announce(ghostWords());
    requestRender();
  }

  function keepGhostInView() {
    // While the camera follows the board it already shows every target.
    if (state.view.follow && ghostScene(state)?.status === "target") return;
    const { width, height } = board.size();
    const before = `${state.view.cx},${state.view.cy}`;
    keepInView(state.view, state.ghost.x, state.ghost.y, width, height, 2);
    if (before !== `${state.view.cx},${state.view.cy}`) state.view.follow = false;
  }

  function ghostWords() {
    const scene = ghostScene(state);
    return scene ? words.ghostWords(scene, state.ghost) : "";
  }

  function setGhost(cell) {
    const target = state.legal && isMyTurn(state) && cell ? targetAt(state, cell) : null;
    const next = target ? { ...target.centre } : cell;
    const same = (next && state.ghost && next.x === state.ghost.x && next.y === state.ghost.y) || next === state.ghost;
    if (same) return;
    state.ghost = next;
    requestRender();
  }

  /** Lay the picked tile so its middle square is on `cell`. */
  function placeAt(cell) {
    if (!state.picked || !cell || !isMyTurn(state) || state.pending) return;
    if (state.legal) {
      const target = targetAt(state, cell);
      if (!target) {
        state.ghost = { ...cell };
        state.error = words.notATarget();
        requestRender();
        return;
      }
      const { tile, x, y, dir } = target.placement;
      command("play", { tile, x, y, dir });
      state.ghost = { ...target.centre };
    } else {
      const { tile, x, y, dir } = placementAround(state.picked, state.orientation, cell.x, cell.y);
      command("play", { tile, x, y, dir });
      state.ghost = { ...cell };
    }
  }

  function tapCell(cell) {
    if (!state.picked) return;
    if (!isMyTurn(state)) return setGhost(cell);
    if (state.legal) {
      if (targetAt(state, cell)) placeAt(cell);
      else {
        state.ghost = { ...cell };
        requestRender();
      }
    } else if (state.ghost && state.ghost.x === cell.x && state.ghost.y === cell.y) {
      placeAt(cell); // a second tap on the ghost lays it
    } else {
      state.ghost = { ...cell };
      announce(ghostWords());
      requestRender();
    }
  }

  // --- dragging a tile from the hand ----------------------------------------------------

  const avatar = el("div", { class: "drag-avatar", "aria-hidden": "true", hidden: true });
  document.body.append(avatar);
  signal?.addEventListener("abort", () => avatar.remove());

  function onDragMove(event) {
    const drag = state.drag;
    if (!drag || drag.pointerId !== event.pointerId) return;
    if (!drag.moving && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < DRAG_SLOP) return;
    if (!drag.moving) {
      drag.moving = true;
      if (state.picked !== drag.tile) pick(drag.tile);
      document.body.classList.add("dragging-tile");
    }
    const cell = board.cellAt(event.clientX, event.clientY);
    if (cell) {
      avatar.hidden = true;
      setGhost(cell);
    } else {
      state.ghost = null;
      if (avatar.dataset.key !== `${state.picked}:${state.orientation}`) {
        avatar.dataset.key = `${state.picked}:${state.orientation}`;
        avatar.replaceChildren(tileIcon(state.picked, state.orientation));
      }
      avatar.hidden = false;
      avatar.style.transform = `translate(${event.clientX}px, ${event.clientY}px)`;
      requestRender();
    }
  }

  function onDragEnd(event, cancelled) {
    const drag = state.drag;
    if (!drag || drag.pointerId !== event.pointerId) return;
    state.drag = null;
    avatar.hidden = true;
    document.body.classList.remove("dragging-tile");
    if (!drag.moving) return; // a plain click: the click handler picks the tile
    dragEndedAt = Date.now();
    const cell = cancelled ? null : board.cellAt(event.clientX, event.clientY);
    if (cell && isMyTurn(state)) placeAt(state.legal ? (targetAt(state, cell)?.centre ?? cell) : cell);
    requestRender();
  }

  document.addEventListener("pointermove", onDragMove, listen);
  document.addEventListener("pointerup", (event) => onDragEnd(event, false), listen);
  document.addEventListener("pointercancel", (event) => onDragEnd(event, true), listen);

  // --- buttons and keys ---------------------------------------------------------------

  $("rotate").addEventListener("click", () => turn(ROTATE), listen);
  $("flip").addEventListener("click", () => turn(FLIP), listen);
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
          if (!state.ghost) state.ghost = startingGhost(state);
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
      const targets = currentTargets(state);
      if (state.view.follow && tiles.length) {
        // Every place any tile could go this turn: turning the tile does not move the view.
        const { width, height } = board.size();
        const places = isMyTurn(state) && state.legal ? state.legal : [];
        fitView(state.view, bounds([...tiles, ...places]), width, height, 2);
      }
      board.svg.classList.toggle("has-pick", Boolean(state.picked && isMyTurn(state)));
      board.draw({ view: state.view, tiles, lastPlaced: state.lastPlaced, targets, ghost: ghostScene(state) });
    },

    /** The placing controls: turn, flip, put back, lay it here, and the picked tile's preview. */
    renderControls() {
      const scene = ghostScene(state);
      $("rotate").disabled = !state.picked;
      $("flip").disabled = !state.picked;
      $("cancel").disabled = !state.picked;
      const place = $("place");
      place.disabled = !isMyTurn(state) || Boolean(state.pending) || !scene || scene.status === "off";
      // What the ghost's place is worth, on the button that lays it there.
      const worth = scene?.status === "target" && scene.points !== undefined && scene.points !== null ? `+${scene.points}` : null;
      if ((place.dataset.points || null) !== worth) {
        if (worth) place.dataset.points = worth;
        else delete place.dataset.points;
      }
      const preview = $("orientation-preview");
      const key = state.picked ? `${state.picked}:${state.orientation}` : "";
      if (preview.dataset.key !== key) {
        preview.dataset.key = key;
        preview.replaceChildren(...(state.picked ? [tileIcon(state.picked, state.orientation)] : []));
      }
    },

    pickedHint() {
      if (state.legal === null) return words.pickedHint(null, {});
      const fitsAnotherWay = state.legal.some((entry) => entry.tile === state.picked);
      return words.pickedHint(currentTargets(state).length, { fitsAnotherWay });
    },

    handClick(event, tile) {
      if (Date.now() - dragEndedAt < CLICK_AFTER_DRAG_MS) return;
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
      unlockSound();
      state.drag = { tile, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, moving: false };
      event.currentTarget.setPointerCapture(event.pointerId);
    },

    /** Keys anywhere on the page (the shell has left out typing in fields): R, F, Escape. */
    keydown(event) {
      if (!state.picked) return;
      const key = event.key.toLowerCase();
      if (key === "r") {
        event.preventDefault();
        turn(ROTATE);
      } else if (key === "f") {
        event.preventDefault();
        turn(FLIP);
      } else if (event.key === "Escape") {
        event.preventDefault();
        const tile = state.picked;
        const fromBoard = document.activeElement === board.svg;
        unpick();
        announce(tilePutBack());
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
      if (state.view.follow) return;
      const { width, height } = board.size();
      const box = bounds([placement]);
      keepInView(state.view, box.minX, box.minY, width, height, 0.5);
      keepInView(state.view, box.maxX, box.maxY, width, height, 0.5);
    },
  };
}
