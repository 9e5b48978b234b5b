// The rules page: each game's article (its rules part, id = the game's name) has
// figures whose pictures that game draws (its diagrams.js), fetched for the games
// the page shows, all at once.
import { loadPart } from "./games/registry.js";

async function drawDiagrams(article) {
  const { DIAGRAMS } = await loadPart(article.id, "diagrams");
  for (const figure of article.querySelectorAll("figure[data-diagram]")) {
    const draw = DIAGRAMS[figure.dataset.diagram];
    if (draw) figure.prepend(draw());
  }
}

await Promise.all([...document.querySelectorAll("article.rules[id]")].map(drawDiagrams));
