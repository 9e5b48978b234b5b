// The game chooser and a game's option fields, for the lobby and the solo page, and a
// table's own choices (its pace, onlookers, a bot for an absent player) for the lobby. What
// options a game has, their types, bounds and defaults come from the server's catalogue
// (boot.page.games[i].options, a JSON schema); how to show each one (its label, help,
// choices, the values it allows) from the game's options description
// (games/<kind>/options.js). Nothing here names a game.
import { el } from "./api.js";
import { loadOptions } from "./games/options.js";
import { t, tn } from "./i18n.js";
import { ON_TIMEOUT, TURN_DAYS, onTimeoutAbout, onTimeoutText, turnDaysChoice } from "./pace.js";

/** The catalogue's games, each with its options description: [{game, how}] (games this front end cannot show are left out). */
export async function loadCatalogue(games) {
  const described = await Promise.all((games || []).map(async (game) => ({ game, how: await loadOptions(game.name) })));
  return described.filter((entry) => entry.how);
}

/** What the schema says of one option: its types, default, allowed values and bounds. */
function factsOf(schema) {
  const branches = schema.anyOf || [schema];
  const types = branches.map((branch) => branch.type);
  const numeric = branches.find((branch) => branch.type === "integer" || branch.type === "number") || {};
  return {
    types,
    default: schema.default,
    enum: schema.enum || null,
    minimum: numeric.minimum,
    maximum: numeric.maximum,
    numeric: types.includes("integer") || types.includes("number"),
  };
}

/**
 * Radio buttons to choose a game, in `fieldset` (its legend is the page's). `onChange(entry)`
 * is called with the chosen entry at once and on every change. Returns {chosen()}.
 */
export function gameChooser(fieldset, catalogue, { initial, onChange }) {
  let chosen = catalogue.find((entry) => entry.game.name === initial) || catalogue[0];
  const cards = catalogue.map((entry) => {
    const input = el("input", { type: "radio", name: "game", value: entry.game.name, "data-testid": "game-choice" });
    input.checked = entry === chosen;
    input.addEventListener("change", () => {
      if (!input.checked) return;
      chosen = entry;
      onChange(entry);
    });
    return el(
      "label",
      { class: "game-card" },
      input,
      el("span", { class: "game-card-text" }, el("span", { class: "game-title" }, entry.how.title()), el("span", { class: "game-about" }, entry.how.about())),
    );
  });
  fieldset.querySelectorAll(".game-card").forEach((card) => card.remove());
  fieldset.append(...cards);
  if (chosen) onChange(chosen);
  return { chosen: () => chosen };
}

/** A choice's value as an <option>'s value ("" for null). */
function optionValue(value) {
  return value === null || value === undefined ? "" : String(value);
}

/**
 * The fields of a game's options, put into `container` (replacing what was there): a
 * select for choices, a checkbox for a yes/no, a number field with its bounds. Selects
 * and numbers come first, then the checkboxes, each in the schema's order. With `solo`,
 * options that mean nothing alone are left out; `idPrefix` starts the ids of the help
 * lines, so that two forms of one page never share one. Returns {read(), check()}: the
 * options as the server takes them, and whether every field holds an allowed value
 * (telling the player which does not).
 */
export function optionFields(container, { game, how }, { solo = false, idPrefix = "option" } = {}) {
  const properties = Object.entries(game.options?.properties || {});
  const fields = [];
  for (const [name, schema] of properties) {
    const shown = how.fields?.[name] || {};
    if (solo && shown.solo === false) continue;
    // A solo game may default otherwise (an untimed Triominos): the server's solo_defaults.
    const own = solo && Object.hasOwn(game.solo_defaults || {}, name);
    fields.push(makeField(name, own ? { ...schema, default: game.solo_defaults[name] } : schema, shown, how, idPrefix));
  }
  fields.sort((a, b) => Number(a.check) - Number(b.check));
  container.replaceChildren(...fields.map((field) => field.node));
  const inUse = () => fields.filter((field) => !field.node.hidden);
  return {
    read() {
      return Object.fromEntries(inUse().map((field) => [field.name, field.read()]));
    },
    /** Whether a game with these options can be rated: no option the description
     * marks `unrated` (open hands) is on. */
    rateable() {
      return !inUse().some((field) => field.unrated && field.read());
    },
    check() {
      return inUse().every((field) => field.validate());
    },
    /** Hide (or show again) the options of a game in one sitting (`realTime` in the
     * description: the seconds per turn) for a turn-based table; hidden, they are
     * neither checked nor sent (the server sets them for such a table). */
    setTurnBased(turnBased) {
      for (const field of fields) if (field.realTime) field.node.hidden = turnBased;
    },
  };
}

function makeField(name, schema, shown, how, idPrefix) {
  return { ...makeInput(name, schema, shown, how, idPrefix), realTime: Boolean(shown.realTime), unrated: Boolean(shown.unrated) };
}

function makeInput(name, schema, shown, how, idPrefix) {
  const facts = factsOf(schema);
  const label = shown.label?.() || schema.title || name;
  const help = shown.help?.() || "";
  const helpId = help ? `${idPrefix}-help-${name}` : null;
  const helpLine = help ? el("span", { class: "field-help", id: helpId }, help) : null;
  const choices =
    shown.choices?.() || (facts.enum ? facts.enum.map((value) => ({ value, label: how.valueText?.(name, value) || String(value) })) : null);

  if (choices) {
    // A choice may say more than its short label (`about`): said under the select, for the one chosen.
    const aboutId = choices.some((choice) => choice.about) ? `${idPrefix}-about-${name}` : null;
    const aboutLine = aboutId ? el("span", { class: "field-help choice-about", id: aboutId, "data-testid": "choice-about" }) : null;
    const select = el(
      "select",
      { name, "aria-describedby": [aboutId, helpId].filter(Boolean).join(" ") || null },
      ...choices.map((choice) => el("option", { value: optionValue(choice.value) }, choice.label)),
    );
    select.value = optionValue(facts.default);
    const sayAbout = () => {
      if (aboutLine) aboutLine.textContent = choices.find((choice) => optionValue(choice.value) === select.value)?.about || "";
    };
    select.addEventListener("change", sayAbout);
    sayAbout();
    return {
      name,
      check: false,
      node: el("label", {}, label, select, aboutLine, helpLine),
      read: () => choices.find((choice) => optionValue(choice.value) === select.value)?.value ?? facts.default,
      validate: () => true,
    };
  }
  if (facts.types.includes("boolean")) {
    const box = el("input", { type: "checkbox", name });
    box.checked = Boolean(facts.default);
    return { name, check: true, node: el("label", { class: "check" }, box, " ", label), read: () => box.checked, validate: () => true };
  }
  if (facts.numeric) {
    const input = el("input", {
      type: "number",
      name,
      min: shown.min ?? facts.minimum,
      max: shown.max ?? facts.maximum,
      step: 1,
      required: true,
      inputmode: "numeric",
      "aria-describedby": helpId,
    });
    input.value = optionValue(facts.default);
    const read = () => Number(input.value);
    const validate = () => {
      const allowed = input.value !== "" && (!shown.allowed || shown.allowed(read()));
      input.setCustomValidity(allowed || !help ? "" : help);
      if (!input.checkValidity()) {
        input.reportValidity();
        return false;
      }
      return true;
    };
    input.addEventListener("input", () => input.setCustomValidity(""));
    return { name, check: false, node: el("label", {}, label, input, helpLine), read, validate };
  }
  const input = el("input", { name, "aria-describedby": helpId });
  input.value = optionValue(facts.default);
  return { name, check: false, node: el("label", {}, label, input, helpLine), read: () => input.value, validate: () => true };
}

/** The graces a table may give an absent player before a bot plays for them (minutes; 0: never). */
const SUBSTITUTE_MINUTES = [0, 1, 2, 5, 10, 30];

/**
 * The table's chat (docs/protocol.md, "Table talk"): the preset reactions only, or free
 * text too; left to the server's default (free text unless a guest plays), it is not
 * sent. The creator can still change it during a game, in the chat. Returns {node, read()}.
 */
function chatChoice() {
  const helpId = "table-help-chat";
  const choices = [
    ["auto", t("Reactions, and free text unless a guest plays")],
    ["presets", t("Reactions only")],
    ["text", t("Reactions and free text")],
  ].map(([value, label]) => {
    const input = el("input", { type: "radio", name: "chat_text", value, "data-testid": `chat-choice-${value}` });
    input.checked = value === "auto";
    return { input, node: el("label", { class: "check" }, input, " ", label) };
  });
  const node = el(
    "fieldset",
    { class: "chat-choice", "data-testid": "chat-choice", "aria-describedby": helpId },
    el("legend", {}, t("Table talk")),
    ...choices.map((choice) => choice.node),
    el("span", { class: "field-help", id: helpId }, t("Reactions are ready-made lines each player reads in their own language; you can change this during the game.")),
  );
  return {
    node,
    read() {
      const value = choices.find((choice) => choice.input.checked)?.input.value ?? "auto";
      return value === "auto" ? {} : { chat_text: value === "text" };
    },
  };
}

/**
 * A table's own choices, whatever its game, put into `container`: whether others may
 * watch its games, after how long away a bot plays for a player until they come back,
 * and what its chat takes. Returns {read(), setTurnBased(turnBased)}: the fields of the
 * table request (`spectators`, `substitute_minutes`, `chat_text` when chosen), and
 * hiding the grace, which a turn-based table has not (the server ignores it there).
 */
export function tableFields(container) {
  const watching = el("input", { type: "checkbox", name: "spectators" });
  watching.checked = true; // friends' tables are open to onlookers
  const helpId = "table-help-substitute";
  const substitute = el(
    "select",
    { name: "substitute_minutes", "aria-describedby": helpId },
    ...SUBSTITUTE_MINUTES.map((minutes) =>
      el("option", { value: String(minutes) }, minutes ? tn("After 1 minute", "After {count} minutes", minutes) : t("Never")),
    ),
  );
  substitute.value = "0";
  const grace = el(
    "label",
    {},
    t("A bot plays for an absent player"),
    substitute,
    el("span", { class: "field-help", id: helpId }, t("When a player has had no connection open this long, a bot plays for them until they come back.")),
  );
  const chat = chatChoice();
  container.replaceChildren(grace, el("label", { class: "check" }, watching, " ", t("Let others watch the game")), chat.node);
  return {
    read: () => ({ spectators: watching.checked, substitute_minutes: grace.hidden ? 0 : Number(substitute.value), ...chat.read() }),
    setTurnBased(turnBased) {
      grace.hidden = turnBased;
    },
  };
}

const DEFAULT_TURN_DAYS = 2;

/**
 * A table's pace, put into `container` (inside a fieldset whose legend is the page's):
 * real time (one sitting) or turn-based, and for turn-based the time per move, what
 * happens when it runs out and whether days away stop the clock. `onChange(turnBased)`
 * is called at once and whenever the pace changes. Returns {read(), turnBased()}: the
 * fields of the table request (`turn_days`: null in real time, `on_timeout`, `vacation`).
 */
export function paceFields(container, { onChange = () => {} } = {}) {
  const choice = (value, label, help) => {
    const input = el("input", { type: "radio", name: "pace", value, "data-testid": `pace-${value}`, "aria-describedby": `pace-help-${value}` });
    return {
      input,
      node: el(
        "label",
        { class: "check pace-choice" },
        input,
        el("span", { class: "pace-choice-text" }, label, el("span", { class: "field-help", id: `pace-help-${value}` }, help)),
      ),
    };
  };
  const live = choice("real-time", t("Real time (one sitting)"), t("Everyone at the table plays now, together."));
  const turns = choice("turn-based", t("Turn-based"), t("Each player moves when they can, over days; they are told when it is their turn."));
  live.input.checked = true;
  const days = el(
    "select",
    { name: "turn_days" },
    ...TURN_DAYS.map((value) => el("option", { value: String(value) }, turnDaysChoice(value))),
  );
  days.value = String(DEFAULT_TURN_DAYS);
  const timeout = el(
    "select",
    { name: "on_timeout", "aria-describedby": "pace-help-timeout" },
    ...ON_TIMEOUT.map((value) => el("option", { value }, onTimeoutText(value))),
  );
  const timeoutAbout = el("span", { class: "field-help", id: "pace-help-timeout", "data-testid": "timeout-about" });
  const vacation = el("input", { type: "checkbox", name: "vacation", "aria-describedby": "pace-help-vacation" });
  vacation.checked = true;
  const timeoutField = el("label", {}, t("When time runs out"), timeout, timeoutAbout);
  const sayTimeout = () => (timeoutAbout.textContent = onTimeoutAbout(timeout.value));
  timeout.addEventListener("change", sayTimeout);
  sayTimeout();
  const turnBasedFields = el(
    "div",
    { class: "option-fields turn-based-fields", "data-testid": "turn-based-fields" },
    el("label", {}, t("Time per move"), days),
    timeoutField,
    el(
      "label",
      { class: "check" },
      vacation,
      el(
        "span",
        { class: "pace-choice-text" },
        t("Days away stop the clock"),
        el("span", { class: "field-help", id: "pace-help-vacation" }, t("A player's declared days away do not count against their time.")),
      ),
    ),
  );
  const turnBased = () => turns.input.checked;
  const changed = () => {
    turnBasedFields.hidden = !turnBased();
    // With no clock, time never runs out.
    timeoutField.hidden = days.value === "0";
    onChange(turnBased());
  };
  live.input.addEventListener("change", changed);
  turns.input.addEventListener("change", changed);
  days.addEventListener("change", changed);
  container.replaceChildren(live.node, turns.node, turnBasedFields);
  changed();
  return {
    turnBased,
    read: () =>
      turnBased()
        ? { turn_days: Number(days.value), on_timeout: timeout.value, vacation: vacation.checked }
        : { turn_days: null },
  };
}
