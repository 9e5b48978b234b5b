// One public game as a spectator sees it, for the pages that only show it (the TV and
// the page other sites frame): the board as a picture, the players with their scores
// and tiles left, and a line saying who plays or how it ended. The server sends each
// position (GET /api/live/{id}); nothing here works out a rule.
import { api } from "../api.js";
import { boardThumbnail } from "../board/thumbnail.js";
import { shownNames } from "../game/names.js";
import { loadPart } from "../games/registry.js";
import { t, tn } from "../i18n.js";

const BOARD_PIXELS = 480; // the picture's side on a wide screen (it shrinks with the page)

const pictures = new Map();

/** The game's board picture drawer (games/<kind>/picture.js), fetched once per kind. */
export async function pictureOf(kind) {
  if (!pictures.has(kind)) pictures.set(kind, loadPart(kind, "picture").then((part) => part.default));
  return pictures.get(kind);
}

/** The sentence above the board: whose turn it is, or how the game ended. */
export function lineOf(frame, position) {
  const names = shownNames(frame.players, frame.bots);
  if (!position.finished) {
    const mover = names[position.current];
    return mover === undefined ? t("The game is on.") : t("{name} to play", { name: mover });
  }
  const winners = (position.winners || []).map((seat) => names[seat]).filter(Boolean);
  return winners.length ? t("Game over: {names} won.", { names: winners.join(", ") }) : t("Game over.");
}

function playerItem(name, seat, position) {
  const item = document.createElement("li");
  item.className = "watch-player";
  item.dataset.seat = String(seat);
  const toPlay = !position.finished && position.current === seat;
  if (toPlay) item.setAttribute("aria-current", "true");
  const who = document.createElement("span");
  who.className = "watch-name";
  who.textContent = name;
  const score = document.createElement("span");
  score.className = "watch-score";
  score.dataset.testid = "watch-score";
  score.textContent = tn("1 point", "{count} points", position.scores?.[seat] ?? 0);
  const tiles = document.createElement("span");
  tiles.className = "watch-tiles muted";
  tiles.textContent = tn("1 tile in hand", "{count} tiles in hand", position.hand_counts?.[seat] ?? 0);
  item.append(who, score, tiles);
  return item;
}

/** Draw `position` of `frame` into the page's parts ({board, players, line}). */
export async function drawPosition(parts, frame, position) {
  const picture = await pictureOf(frame.game);
  const tiles = position.board || [];
  parts.board.replaceChildren(boardThumbnail(picture, tiles, BOARD_PIXELS));
  parts.board.setAttribute("aria-label", tn("The board: 1 tile", "The board: {count} tiles", tiles.length));
  parts.board.dataset.tiles = String(tiles.length);
  const names = shownNames(frame.players, frame.bots);
  parts.players.replaceChildren(...names.map((name, seat) => playerItem(name, seat, position)));
  parts.line.textContent = lineOf(frame, position);
}

/**
 * Follow a public game: `onFrame(frame)` with each new version, until it ends (then
 * once more, finished) or is gone (`onGone(error)`: no longer public, or no game).
 * Asks every `pollMs` whether it moved; the answer is a line while it did not.
 * Returns a function that stops following.
 */
export function followGame(gameId, { pollMs, onFrame, onGone }) {
  let version = null;
  let timer = null;
  let stopped = false;
  async function ask() {
    timer = null;
    if (stopped) return;
    const since = version === null ? "" : `?since=${version}`;
    try {
      const answer = await api("GET", `/api/live/${encodeURIComponent(gameId)}${since}`);
      if (stopped) return;
      if (!answer.same) {
        version = answer.version;
        onFrame(answer);
        if (answer.status !== "playing") return;
      }
    } catch (error) {
      if (error.status === 404) {
        onGone(error);
        return;
      }
    }
    if (!stopped) timer = setTimeout(ask, pollMs);
  }
  ask();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
  };
}
