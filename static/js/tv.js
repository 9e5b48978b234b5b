// The TV (templates/tv.html): the best-rated live public game as a spectator sees it;
// when it ends, its result for a moment, then the next best one, by itself. With no
// game to watch it asks the list again until one starts.
import { api, boot } from "./api.js";
import { t } from "./i18n.js";
import { drawPosition, followGame, lineOf, watchParts } from "./watch/frame.js";

const parts = watchParts();
const frameBox = document.getElementById("tv-frame");
const idle = document.getElementById("tv-idle");
const ended = document.getElementById("tv-ended");
const open = document.getElementById("tv-open");
const { game_id: firstGame, poll_ms: pollMs } = boot.page || {};

const over = new Set(); // games seen ending here: never picked again
let stop = null;

/** The best-rated live game not seen ending, or null. */
async function bestGame() {
  try {
    const games = await api("GET", "/api/live?sort=rating&follows_first=false");
    return games.find((game) => !over.has(game.id)) || null;
  } catch {
    return null;
  }
}

async function tuneIn() {
  const game = await bestGame();
  if (!game) {
    idle.hidden = false;
    setTimeout(tuneIn, pollMs);
    return;
  }
  show(game.id);
}

function show(gameId) {
  if (stop) stop();
  idle.hidden = true;
  frameBox.hidden = false;
  frameBox.dataset.gameId = gameId;
  open.href = `/g/${encodeURIComponent(gameId)}`;
  stop = followGame(gameId, {
    pollMs,
    myName: boot.me?.id ? boot.me.name : null,
    onFrame(frame) {
      drawPosition(parts, frame, frame.position);
      if (frame.status === "playing") return;
      over.add(gameId);
      const looking = t("Looking for the next game…");
      ended.textContent = `${lineOf(frame, frame.position)} ${looking}`;
      ended.hidden = false;
      setTimeout(moveOn, pollMs);
    },
    onGone() {
      over.add(gameId);
      moveOn();
    },
  });
}

async function moveOn() {
  ended.hidden = true;
  await tuneIn();
}

if (firstGame) show(firstGame);
else tuneIn();
