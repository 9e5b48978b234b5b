// The live game page: the shell (game/shell.js) with the game module for this
// game's kind (games/registry.js). The kind comes with the page (boot.page.game);
// a page without one shows Chromino, and the welcome message may still name
// another kind, which the shell then follows.
import { boot, toast } from "./api.js";
import { startGamePage } from "./game/shell.js";
import { somethingWrong } from "./game/texts.js";
import { kindOf, loadGame } from "./games/registry.js";

let game = null;
try {
  game = await loadGame(kindOf(boot.page?.game));
} catch (problem) {
  console.error(problem); // a kind this front end has no module for
  toast(somethingWrong());
}
if (game) startGamePage({ gameId: boot.page?.game_id, game, preferences: boot.me?.preferences || {} });
