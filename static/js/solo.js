// Solo practice: one click to play, the personal best and past results.
import { api, el, toast } from "./api.js";
import { playSolo } from "./home.js";
import { t } from "./i18n.js";

async function load() {
  const [best, games] = await Promise.all([api("GET", "/api/me/solo-best"), api("GET", "/api/me/games")]);
  if (best) {
    document.getElementById("solo-best-line").textContent = t(
      "Your best: {turns} turns, {draws} tiles drawn.",
      best,
    );
  }
  const lines = games
    .filter((game) => game.solo)
    .map((game) => {
      const result = game.result;
      let text = t("in progress");
      if (result) {
        text =
          result.ended_by === "out"
            ? t("hand emptied in {turns} turns, {draws} drawn", {
                turns: result.turns[0],
                draws: result.draws[0],
              })
            : t("blocked after {turns} turns", { turns: result.turns[0] });
      }
      const href = result ? `/g/${game.id}/replay` : `/g/${game.id}`;
      return el("li", {}, el("a", { href }, new Date(game.created_at).toLocaleString()), " · ", text);
    });
  document.getElementById("solo-games").replaceChildren(...lines);
}

document.getElementById("play-solo").addEventListener("click", playSolo);
load().catch((problem) => toast(problem.message));
