// The page other sites frame (templates/embed.html): a public game, live while it is
// played, then step by step once it is over. It acts on nothing: the only way on is the
// link that opens the game on this server in a new tab.
import { boot } from "./api.js";
import { t } from "./i18n.js";
import { drawPosition, followGame, watchParts } from "./watch/frame.js";

const parts = watchParts();
const steps = document.getElementById("embed-steps");
const back = document.getElementById("step-back");
const forward = document.getElementById("step-forward");
const at = document.getElementById("step-at");
const { game_id: gameId, poll_ms: pollMs } = boot.page || {};

let replay = null; // {frame, index} once the game is over

function showStep() {
  const { frame, index } = replay;
  const last = frame.steps.length - 1;
  const step = frame.steps[index];
  drawPosition(parts, frame, { ...step, board: frame.position.board.slice(0, step.tiles) });
  at.textContent = index === 0 ? t("Before the first move") : t("Move {move} of {moves}", { move: index, moves: last });
  back.disabled = index === 0;
  forward.disabled = index === last;
  // A button that just went out of use hands the keyboard's focus to the other one.
  if (document.activeElement === document.body || document.activeElement?.disabled) {
    if (back.disabled && !forward.disabled) forward.focus();
    else if (forward.disabled && !back.disabled) back.focus();
  }
}

function step(by) {
  if (!replay) return;
  const last = replay.frame.steps.length - 1;
  replay.index = Math.min(last, Math.max(0, replay.index + by));
  showStep();
}

back.addEventListener("click", () => step(-1));
forward.addEventListener("click", () => step(1));

followGame(gameId, {
  pollMs,
  onFrame(frame) {
    document.body.dataset.status = frame.status;
    if (frame.status === "playing" || !frame.steps.length) {
      drawPosition(parts, frame, frame.position);
      return;
    }
    replay = { frame, index: frame.steps.length - 1 };
    steps.hidden = false;
    showStep();
  },
  onGone() {
    parts.line.textContent = t("This game cannot be shown here.");
    parts.board.replaceChildren();
    parts.players.replaceChildren();
  },
});
