// How the lobby, the solo page and the table page show Triominos' options and results
// (the options themselves, their types and defaults, come from the server's catalogue:
// boot.page.games[i].options, a JSON schema). See docs/frontend.md, "Options".
import { pointsText } from "../../game/texts.js";
import { t, tn } from "../../i18n.js";

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export default {
  kind: "triominos",
  title: () => t("Triominos Challenge"),
  about: () =>
    t("Triangles with a number on each corner: every corner must match. Score the numbers, close a hexagon or build a bridge for a bonus, before the hourglass runs out."),
  soloAbout: () => t("Score as many points as you can: every tile laid counts its numbers, every draw costs 5."),

  fields: {
    hand_size: {
      label: () => t("Tiles in hand"),
      help: () => t("Automatic: 9 each for one or two players, 7 for three or four."),
      choices: () => [
        { value: null, label: t("Automatic") },
        ...range(5, 12).map((value) => ({ value, label: String(value) })),
      ],
    },
    turn_seconds: {
      short: () => t("Hourglass"),
      label: () => t("Hourglass: seconds per turn"),
      help: () => t("0 for no hourglass, or 15 to 600 seconds."),
      min: 0,
      max: 600,
      allowed: (value) => value === 0 || (value >= 15 && value <= 600),
      realTime: true, // a turn-based table has none (days per move instead)
    },
    target: {
      label: () => t("Target score"),
      help: () => t("0 for none, or 50 to 1000: the game ends when a player reaches it."),
      min: 0,
      max: 1000,
      allowed: (value) => value === 0 || (value >= 50 && value <= 1000),
    },
    // Checked, the table cannot be rated (everyone sees every hand): it is casual.
    open_hands: { short: () => t("Open hands"), label: () => t("Open hands: everyone sees every tile"), solo: false, unrated: true },
  },

  valueText(name, value) {
    if (name === "hand_size" && value === null) return t("automatic");
    if (name === "turn_seconds" && value === 0) return t("untimed");
    if (name === "turn_seconds") return tn("1 second", "{count} seconds", value);
    if (name === "target" && value === 0) return t("none");
    if (name === "target") return pointsText(value);
    return null;
  },

  /** The personal best (GET /api/me/solo-best?game=triominos): the highest score. */
  bestText: (best) => t("Your solo best: {score}.", { score: pointsText(best.score) }),

  soloResultText(result) {
    const words = {
      out: t("went out with {score}", { score: pointsText(result.scores[0]) }),
      blocked: t("blocked with {score}", { score: pointsText(result.scores[0]) }),
      target: t("reached the target with {score}", { score: pointsText(result.scores[0]) }),
    };
    return words[result.ended_by] || pointsText(result.scores[0]);
  },
};
