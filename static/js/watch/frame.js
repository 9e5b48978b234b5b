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

const TILES_ACROSS = 3; // a board of a few tiles still shows this many tiles' room across

const pictures = new Map();

/** The game's board picture (games/<kind>/picture.js), with room around a young board:
 * its box is at least a few tiles wide, so the first tile is not drawn a hand's width. */
function roomy(picture) {
  return {
    ...picture,
    box(board) {
      const box = picture.box(board);
      const first = picture.box(board.slice(0, 1));
      if (!box || !first) return box;
      const least = TILES_ACROSS * Math.max(first.width, first.height);
      const width = Math.max(box.width, least);
      const height = Math.max(box.height, least);
      return { x: box.x - (width - box.width) / 2, y: box.y - (height - box.height) / 2, width, height };
    },
  };
}

/** The game's board picture drawer, fetched once per kind. */
export async function pictureOf(kind) {
  if (!pictures.has(kind)) pictures.set(kind, loadPart(kind, "picture").then((part) => roomy(part.default)));
  return pictures.get(kind);
}

/** Whether the game stands over at this position (a host may end a game the rules
 * had not ended: the game's status says so then). */
function isOver(frame, position) {
  return Boolean(position.finished) || (frame.status !== "playing" && position === frame.position);
}

/** The sentence above the board: whose turn it is, or how the game ended. */
/** The watching page's board, players and line (the same ids on the TV and the embed). */
export function watchParts() {
  return {
    board: document.getElementById("watch-board"),
    players: document.getElementById("watch-players"),
    line: document.getElementById("watch-line"),
  };
}

export function lineOf(frame, position) {
  const names = shownNames(frame.players, frame.bots);
  if (!isOver(frame, position)) {
    const mover = names[position.current];
    return mover === undefined ? t("The game is on.") : t("{name} to play", { name: mover });
  }
  const winners = (position.winners || []).map((seat) => names[seat]).filter(Boolean);
  return winners.length ? t("Game over: {names} won.", { names: winners.join(", ") }) : t("Game over.");
}

function playerItem(name, seat, position, over, points) {
  const item = document.createElement("li");
  item.className = "watch-player";
  item.dataset.seat = String(seat);
  const toPlay = !over && position.current === seat;
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
  item.append(who, ...(points ? [score] : []), tiles);
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
  const over = isOver(frame, position);
  parts.players.replaceChildren(...names.map((name, seat) => playerItem(name, seat, position, over, frame.shows_points)));
  parts.line.textContent = lineOf(frame, position);
}

const PROTOCOL = 2; // the game socket's protocol (web/protocol.py)

/** A spectator's socket on the game, only to hear that it moved (`onVersion(v)`) and to
 * be counted among its spectators; the positions themselves come over HTTP. */
function spectatorSocket(gameId, onVersion) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const path = `/ws/games/${encodeURIComponent(gameId)}?protocol=${PROTOCOL}`;
  let socket;
  try {
    socket = new WebSocket(`${scheme}//${location.host}${path}`);
  } catch {
    return null; // the page asks every few seconds all the same
  }
  socket.addEventListener("message", (message) => {
    let data = null;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (typeof data?.version === "number") onVersion(data.version);
  });
  return socket;
}

/**
 * Follow a public game: `onFrame(frame)` with each new version, until it ends (then
 * once more, finished) or is gone (`onGone(error)`: no longer public, or no game).
 * Asks every `pollMs` whether it moved, and at once when its spectator's socket hears
 * of a newer version; the answer is a line while it did not move. A person seated in
 * the game (`myName` among its players) opens no socket: they would count as present.
 * Returns a function that stops following.
 */
export function followGame(gameId, { pollMs, onFrame, onGone, myName = null }) {
  let version = null;
  let timer = null;
  let stopped = false;
  let socket = null;
  let asking = false;
  let heardNewer = false; // a newer version was heard while a question was on its way
  function stop() {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    socket?.close();
  }
  function heard(newer) {
    if (stopped || version === null || newer <= version) return;
    if (asking) {
      heardNewer = true;
      return;
    }
    if (timer !== null) clearTimeout(timer);
    ask();
  }
  async function ask() {
    timer = null;
    if (stopped) return;
    asking = true;
    try {
      if (await askOnce()) return;
    } finally {
      asking = false;
    }
    if (stopped) return;
    if (heardNewer) {
      heardNewer = false;
      ask();
    } else {
      timer = setTimeout(ask, pollMs);
    }
  }
  /** One question; true when there is nothing more to ask (over, gone or stopped). */
  async function askOnce() {
    const since = version === null ? "" : `?since=${version}`;
    try {
      const answer = await api("GET", `/api/live/${encodeURIComponent(gameId)}${since}`);
      if (stopped) return true;
      if (!answer.same) {
        const first = version === null;
        version = answer.version;
        onFrame(answer);
        if (answer.status !== "playing") {
          socket?.close();
          return true;
        }
        if (first && !answer.players.includes(myName)) socket = spectatorSocket(gameId, heard);
      }
    } catch (error) {
      if (error.status === 404) {
        socket?.close();
        onGone(error);
        return true;
      }
    }
    return stopped;
  }
  ask();
  return stop;
}
