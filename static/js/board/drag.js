// Dragging a tile from the hand onto the board, for every game: past a few pixels a
// press on a hand tile becomes a drag; over the board the ghost follows the pointer,
// off it a small picture of the tile does; let go over the board, the tile is laid
// there (as the placing controller judges, board/placing.js).
import { el } from "../api.js";
import { isMyTurn } from "../game/model.js";

const DRAG_SLOP = 8; // pixels a pointer moves from a hand tile before it is a drag, not a click

/**
 * Wire the drag. `hooks`: state, board (its cellAt), avatarClass, tileIcon(name, orientation),
 * pick(tile), hover(cell) (the ghost there), drop(cell) (lay it there), requestRender,
 * signal. Returns {start(event, tile), endedAt()}: start on a press, and when the last
 * drag ended (its closing click is not a pick).
 */
export function wireHandDrag({ state, board, avatarClass, tileIcon, pick, hover, drop, requestRender, signal }) {
  const listen = { signal };
  let endedAt = 0;
  const avatar = el("div", { class: avatarClass, "aria-hidden": "true", hidden: true });
  document.body.append(avatar);
  signal?.addEventListener("abort", () => avatar.remove());

  function onMove(event) {
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
      hover(cell);
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

  function onEnd(event, cancelled) {
    const drag = state.drag;
    if (!drag || drag.pointerId !== event.pointerId) return;
    state.drag = null;
    avatar.hidden = true;
    document.body.classList.remove("dragging-tile");
    if (!drag.moving) return; // a plain click: the click handler picks the tile
    endedAt = Date.now();
    const cell = cancelled ? null : board.cellAt(event.clientX, event.clientY);
    if (cell && isMyTurn(state)) drop(cell);
    requestRender();
  }

  document.addEventListener("pointermove", onMove, listen);
  document.addEventListener("pointerup", (event) => onEnd(event, false), listen);
  document.addEventListener("pointercancel", (event) => onEnd(event, true), listen);

  return {
    /** A press on a hand tile: it may become a drag. */
    start(event, tile) {
      state.drag = { tile, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, moving: false };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    endedAt: () => endedAt,
  };
}
