// Solo practice: choose a game and its options, start; the personal best of the game
// chosen (as that game ranks them) and past results. The page names no game: the
// server's catalogue (boot.page.games) and each game's options description do.
import { api, boot, el, toast } from "./api.js";
import { dateText, playSolo } from "./home.js";
import { t } from "./i18n.js";
import { gameChooser, loadCatalogue, optionFields } from "./options-form.js";

const $ = (id) => document.getElementById(id);
const bests = new Map(); // game name → its personal best (or null)
let catalogue = [];
let chosen = null;
let fields = null;
let games = []; // my games (GET /api/me/games)
let gamesRead = false; // they came: whether I am new to a game is known

async function choose(entry) {
  chosen = entry;
  $("solo-about").textContent = entry.how.soloAbout();
  // The list below holds the chosen game's games only: its heading says which game.
  $("solo-games-title").textContent = t("Past solo games of {game}", { game: entry.how.title() });
  fields = optionFields($("option-fields"), entry, { solo: true });
  renderGames();
  if (!bests.has(entry.game.name)) {
    try {
      bests.set(entry.game.name, await api("GET", `/api/me/solo-best?game=${encodeURIComponent(entry.game.name)}`));
    } catch (problem) {
      toast(problem.message);
      return;
    }
  }
  if (chosen !== entry) return;
  const best = bests.get(entry.game.name);
  $("solo-best-line").textContent = best ? entry.how.bestText(best) : t("No personal best yet.");
}

/** A newcomer to the chosen game (no solo game of it yet) is offered its lessons first. */
function renderLearnOffer() {
  const name = chosen.game.name;
  const played = games.some((game) => game.solo && game.game === name);
  $("learn-offer-link").href = `/learn/${encodeURIComponent(name)}`;
  $("learn-offer").hidden = played;
}

function renderGames() {
  if (gamesRead) renderLearnOffer();
  const lines = games
    .filter((game) => game.solo && game.game === chosen.game.name)
    .map((game) => {
      const text = game.result ? chosen.how.soloResultText(game.result) : t("in progress");
      const href = game.result ? `/g/${game.id}/replay` : `/g/${game.id}`;
      return el("li", {}, el("a", { href }, dateText(game.finished_at || game.created_at)), " · ", text);
    });
  $("solo-games").replaceChildren(...lines);
}

async function start() {
  catalogue = await loadCatalogue(boot.page?.games);
  gameChooser($("game-choice"), catalogue, { onChange: choose });
  $("solo-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!fields.check()) {
      $("option-fields").closest("details").open = true;
      fields.check(); // again, now that the field can show why
      return;
    }
    playSolo(chosen.game.name, fields.read());
  });
  $("play-solo").disabled = !chosen; // drawn disabled until the form is wired
  games = await api("GET", "/api/me/games");
  gamesRead = true;
  renderGames();
}

start().catch((problem) => toast(problem.message));
