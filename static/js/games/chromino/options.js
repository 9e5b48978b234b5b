// How the lobby, the solo page and the table page show Chromino's options and results
// (the options themselves, their types and defaults, come from the server's catalogue:
// boot.page.games[i].options, a JSON schema). See docs/frontend.md, "Options".
import { drawnCount, turnCount } from "../../game/texts.js";
import { t, tn } from "../../i18n.js";

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export default {
  kind: "chromino",
  title: () => t("Chromino"),
  about: () => t("Lay colour tiles so that every touching square matches. Empty your hand first to win."),
  soloAbout: () => t("Empty your hand in as few turns as possible. Every turn and every tile drawn counts."),

  /** Each option: its label, an optional help line, choices for a select, or number bounds. */
  fields: {
    ruleset: {
      label: () => t("Rule set"),
      choices: () => [
        { value: "standard", label: t("Standard"), about: t("At least two contacts, all matching.") },
        { value: "junior", label: t("Junior"), about: t("One contact, end to end like dominoes.") },
      ],
    },
    scoring: {
      label: () => t("Scoring"),
      choices: () => [
        { value: "none", label: t("None"), about: t("No points: the first out wins.") },
        { value: "expert", label: t("Expert"), about: t("A tile scores its colours and those of the tiles it touches.") },
        { value: "segments", label: t("Segments"), about: t("Each contact scores the worth of its two squares.") },
        { value: "segments-multiply", label: t("Segments, end to end multiplied"), about: t("As segments, but end-to-end contacts multiply.") },
      ],
    },
    start: {
      label: () => t("Starting tile"),
      choices: () => [
        { value: "chameleon", label: t("A chameleon") },
        { value: "tricolor", label: t("A three-colour tile") },
      ],
    },
    hand_size: { label: () => t("Tiles in hand") },
    draws_per_turn: {
      label: () => t("Draws per turn"),
      choices: () => [...range(1, 5).map((value) => ({ value, label: String(value) })), { value: 0, label: t("Unlimited") }],
    },
    turn_seconds: {
      short: () => t("Seconds per turn"),
      label: () => t("Seconds per turn"),
      help: () => t("0 for untimed, or 15 to 600 seconds."),
      min: 0,
      max: 600,
      allowed: (value) => value === 0 || (value >= 15 && value <= 600),
      realTime: true, // a turn-based table has none (days per move instead)
    },
    strict_draw: { label: () => t("Draw only when no tile can be played") },
    // Checked, the table cannot be rated (everyone sees every hand): it is casual.
    open_hands: { short: () => t("Open hands"), label: () => t("Open hands: everyone sees every tile"), solo: false, unrated: true },
  },

  /** An option's value in words, on the table page. */
  valueText(name, value) {
    if (name === "draws_per_turn" && value === 0) return t("Unlimited");
    if (name === "turn_seconds" && value === 0) return t("untimed");
    if (name === "turn_seconds") return tn("1 second", "{count} seconds", value);
    const words = {
      standard: t("Standard"),
      junior: t("Junior"),
      none: t("None"),
      expert: t("Expert"),
      segments: t("Segments"),
      "segments-multiply": t("Segments, end to end multiplied"),
      chameleon: t("A chameleon"),
      tricolor: t("A three-colour tile"),
    };
    return words[value] || null;
  },

  /** The personal best (GET /api/me/solo-best): fewest turns. */
  bestText: (best) => t("Your solo best: {turns}, {draws}.", { turns: turnCount(best.turns), draws: drawnCount(best.draws) }),

  /** A finished solo game's result, in a list. */
  soloResultText(result) {
    return result.ended_by === "out"
      ? t("hand emptied in {turns}, {draws}", { turns: turnCount(result.turns[0]), draws: drawnCount(result.draws[0]) })
      : t("blocked after {turns}", { turns: turnCount(result.turns[0]) });
  },
};
