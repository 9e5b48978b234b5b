// The game page's offer of the game's lessons (docs/lessons.md), to a newcomer on
// their first solo game of this kind: shown while that game is played, once. "No,
// thanks" (or following the link) puts it away on this browser for good. A page of
// its own beside the shell: it only reads my games (GET /api/me/games).
import { api, boot } from "./api.js";
import { kindOf } from "./games/registry.js";

const $ = (id) => document.getElementById(id);
const PUT_AWAY = "chromino.learn-offer."; // + kind: the offer of that game's lessons was put away

function putAway(kind) {
  try {
    localStorage.setItem(PUT_AWAY + kind, "1");
  } catch {
    // private browsing: it is offered again next time
  }
  $("learn-offer").hidden = true;
}

function wasPutAway(kind) {
  try {
    return Boolean(localStorage.getItem(PUT_AWAY + kind));
  } catch {
    return false;
  }
}

/** Whether to offer the lessons here: "shown", or why not ("put-away", "not-first"). */
async function offer() {
  const kind = kindOf(boot.page?.game);
  const gameId = boot.page?.game_id;
  if (!gameId || wasPutAway(kind)) return "put-away";
  const solo = (await api("GET", "/api/me/games")).filter((game) => game.solo && game.game === kind);
  // Only my first solo game of this kind, while it is played.
  if (solo.length !== 1 || solo[0].id !== gameId || solo[0].result) return "not-first";
  $("learn-offer-link").href = `/learn/${encodeURIComponent(kind)}`;
  $("learn-offer-link").addEventListener("click", () => putAway(kind));
  $("learn-offer-close").addEventListener("click", () => putAway(kind));
  $("learn-offer").hidden = false;
  return "shown";
}

if ($("learn-offer")) {
  offer()
    .then((decided) => ($("learn-offer").dataset.decided = decided)) // (for the tests: the offer was weighed)
    .catch((problem) => console.error(problem)); // the game goes on without the offer
}
