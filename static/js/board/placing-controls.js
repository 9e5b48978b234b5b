// The placing controls of the live game page (templates: the ways of turning, "Put
// back", "Lay it here", the picked tile's preview) and the keys on the board: drawn
// from the placing state, and wired to the placing controller's moves
// (board/placing.js). `p` is that controller's context (see there).
import { canLay, ghostWorth } from "./placing-state.js";

const $ = (id) => document.getElementById(id);
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const PAN_NAMES = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };
const ZOOM_KEYS = { "+": 1.25, "=": 1.25, "-": 0.8, _: 0.8 };

/** The ways of turning, put back, lay it here (with what the place is worth), and the picked tile's preview. */
export function renderControls(p) {
  const { state, game } = p;
  const scene = game.targets.ghostScene(state);
  for (const way of game.turns) $(way.button).disabled = !state.picked;
  $("cancel").disabled = !state.picked;
  const place = $("place");
  place.disabled = !canLay(state, scene);
  const worth = ghostWorth(scene, game.words);
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
}

/** A key on the board: with a tile picked, the arrows move the ghost and Enter or Space
 * lays it; else the arrows pan, + and - zoom, 0 fits the board. */
function boardKeydown(p, event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (p.state.picked) {
    if (ARROWS[event.key]) {
      event.preventDefault();
      p.moves.moveGhost(...ARROWS[event.key]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      p.moves.layGhost();
    }
    return;
  }
  if (ARROWS[event.key]) {
    event.preventDefault();
    p.viewControls.pan(PAN_NAMES[event.key]);
  } else if (ZOOM_KEYS[event.key]) {
    event.preventDefault();
    p.viewControls.zoom(ZOOM_KEYS[event.key]);
  } else if (event.key === "0") {
    event.preventDefault();
    p.viewControls.fit();
  }
}

/** Wire the turning buttons, "Put back", "Lay it here" and the board's keys (until `p.signal` aborts). */
export function wireControls(p) {
  const listen = { signal: p.signal };
  for (const way of p.game.turns) $(way.button).addEventListener("click", () => p.moves.turn(way.next), listen);
  $("cancel").addEventListener("click", () => p.moves.putBack(), listen);
  $("place").addEventListener("click", () => p.moves.placeAt(p.state.ghost), listen);
  p.board.svg.addEventListener("keydown", (event) => boardKeydown(p, event), listen);
  p.signal?.addEventListener("abort", () => {
    delete $("place").dataset.points;
    delete $("place").dataset.total;
  });
}
