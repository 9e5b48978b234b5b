// The live public games (templates/live.html): GET /api/live with the page's filters,
// drawn as a list; the games of people I follow come first and say so. The list is
// asked for again every few seconds while the page is seen.
import { api, boot, el, showError } from "./api.js";
import { shownNames } from "./game/names.js";
import { t, tn } from "./i18n.js";

const form = document.getElementById("live-filters");
const list = document.getElementById("live-list");
const empty = document.getElementById("live-empty");
const error = document.getElementById("live-error");
const status = document.getElementById("live-status");
const titles = Object.fromEntries((boot.page.games || []).map((kind) => [kind.name, kind.title]));
const REFRESH_MS = 5 * (boot.page.poll_ms || 2000);

function query() {
  const values = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (value !== "") values.set(name, String(value));
  return values.toString();
}

function line(game) {
  const names = shownNames(game.players, game.bots).join(", ");
  const rating = game.rating === null ? t("no rating yet") : t("average rating {rating}", { rating: game.rating });
  const watchers = tn("1 spectator", "{count} spectators", game.spectators);
  return el(
    "li",
    { class: `live-line${game.followed ? " followed" : ""}`, "data-testid": "live-line", "data-game-id": game.id, "data-game": game.game },
    el(
      "div",
      { class: "live-words" },
      el("span", { class: "live-head" }, t(titles[game.game] || game.game), game.followed ? el("span", { class: "follow-mark", "data-testid": "follow-mark" }, t("Following")) : null),
      el("span", { class: "live-players" }, names),
      el("span", { class: "muted" }, `${rating} · ${watchers}`),
    ),
    el(
      "span",
      { class: "live-ways" },
      el("a", { class: "button primary", href: game.watch_url, "data-testid": "live-watch", "aria-label": t("Watch {players}", { players: names }) }, t("Watch")),
    ),
  );
}

async function refresh() {
  try {
    const games = await api("GET", `/api/live?${query()}`);
    showError(error, "");
    list.replaceChildren(...games.map(line));
    empty.hidden = games.length > 0;
    list.dataset.loaded = "1";
    // Said when the count changes, not at every refresh: a screen reader is not told
    // the same sentence every few seconds.
    const said = tn("1 live game", "{count} live games", games.length);
    if (status.textContent !== said) status.textContent = said;
  } catch (problem) {
    showError(error, problem.message);
  }
}

let timer = null;
function again() {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    if (!document.hidden) await refresh();
    again();
  }, REFRESH_MS);
}

form.addEventListener("change", () => refresh());
form.addEventListener("submit", (event) => {
  event.preventDefault();
  refresh();
});
refresh();
again();
