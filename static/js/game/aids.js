// Near the board, for everyone at the game: this table's rules (its options, worded by
// the game's options description, games/<kind>/options.js, as on the table page) with
// a link to the game's rules page, and the keyboard help ("Keyboard", or the ? key,
// opens it). No game is named here: the kind comes from the page.
import { el } from "../api.js";
import { loadOptions, optionLabel, optionValue } from "../games/options.js";
import { t } from "../i18n.js";
import { isTurnBased, onTimeoutAbout, paceText } from "../pace.js";

const $ = (id) => document.getElementById(id);
let described = { kind: null, how: null }; // the options description loaded, and its kind

/** The table's options in the list under "Rules of this table": those the game's
 * description knows, in the server's order (rebuilt only when they change). */
export function renderTableRules(state) {
  const list = $("table-rules-list");
  const options = state.game?.options;
  if (!list || !options) return;
  if (described.kind !== state.kind) {
    const kind = state.kind;
    described = { kind, how: null };
    loadOptions(kind).then((how) => {
      if (described.kind === kind) described.how = how;
      list.dataset.key = "";
      renderTableRules(state);
    });
    return;
  }
  const how = described.how;
  const key = JSON.stringify([options, state.turnDays, state.onTimeout]);
  if (!how || list.dataset.key === key) return;
  list.dataset.key = key;
  const turnBased = isTurnBased(state.turnDays);
  // A turn-based game has no seconds per turn: its pace says how it is timed.
  const known = Object.entries(options).filter(([name]) => Object.hasOwn(how.fields, name) && !(turnBased && how.fields[name].realTime));
  const rule = (term, value) => el("div", { class: "rule" }, el("dt", {}, term), el("dd", {}, value));
  const pace = turnBased ? [rule(t("Pace"), paceText(state.turnDays))] : [];
  if (turnBased && state.onTimeout) pace.push(rule(t("When time runs out"), onTimeoutAbout(state.onTimeout)));
  // Each term with its value in a <div> (allowed in a <dl>), laid out in columns.
  list.replaceChildren(...pace, ...known.map(([name, value]) => rule(optionLabel(how, name), optionValue(how, name, value))));
}

/** The ? key (Shift and / on most keyboards) opens and closes the keyboard help, and
 * brings it into sight. True when it handled the key. */
export function keysHelpKey(event) {
  const help = $("keys-help");
  if (event.key !== "?" || !help || help.hidden) return false;
  event.preventDefault();
  help.open = !help.open;
  if (help.open) help.scrollIntoView({ block: "nearest" });
  return true;
}
