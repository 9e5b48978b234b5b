// The coach's checked reason in words (chromino/core/coach.py, stuck_next_turn): after
// the move made and after the coach's move, in how many sampled deals of what the mover
// could not see they started their next turn with no tile that fits. Said only when
// the move made fares worse there; the numbers are the engine's, not an estimate.
import { t } from "./i18n.js";

/** The reason, or "" when the note carries none that speaks against the move made. */
export function stuckText(note) {
  const stuck = note?.stuck;
  if (!stuck || !(stuck.played > stuck.preferred)) return "";
  return t(
    "After this move, no tile fitted at the next turn in {played} of {deals} deals that could follow; after the coach's move, in {preferred}.",
    { played: stuck.played, deals: stuck.deals, preferred: stuck.preferred },
  );
}
