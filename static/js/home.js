// Home and lobby: choose a game, play it solo or create a table of it (its options built
// from the server's catalogue and the game's options description, its pace), join by
// invite, open tables, my games (the lines of my-games.js; on top of the page while a
// game waits for my move) — both live (GET /api/lobby/events, server-sent events). The
// lobby names no game: boot.page.games lists them.
import { api, boot, el, showError, toast } from "./api.js";
import { duplicateChoice } from "./duplicate-choice.js";
import { botName, personName } from "./game/names.js";
import { shareStream } from "./header.js";
import { anyLocal, followLocalSeats, namesProblem, seatsOf } from "./local-seats.js";
import { t, tn } from "./i18n.js";
import { gameList, keepTimesFresh, waitsForMe } from "./my-games.js";
import { gameChooser, loadCatalogue, optionFields, paceFields, tableFields } from "./options-form.js";
import { paceText } from "./pace.js";
import { ratedChoice, ratedText } from "./rated.js";
import { profileLink, ratingBadge } from "./ratings.js";

export { dateText } from "./my-games.js";

const $ = (id) => document.getElementById(id);
const DEFAULT_SEATS = 2;

/** Bot names in the page's language (the catalogue's titles are English). */
function botLabel(name, title) {
  return botName(name) || title;
}

let catalogue = []; // [{game, how}]: the games offered, each with its options description
let chosen = null; // the game chosen
let fields = null; // its option fields: {read(), check()}
let tableChoices = null; // the table's own fields, whatever the game: {read(), setTurnBased()}
let pace = null; // the table's pace: {read(), turnBased()}
let duplicateField = null; // duplicate or not: {read(), on(), setSeats(count)}
let ratedField = null; // rated or casual: {read(), setSeats(count), setRateable(rateable)}

function drawSeatCount(game) {
  const select = $("seat-count");
  const wanted = Math.min(Number(select.value) || DEFAULT_SEATS, game.max_players);
  select.replaceChildren(...Array.from({ length: game.max_players }, (_, i) => el("option", { value: String(i + 1) }, String(i + 1))));
  select.value = String(wanted);
}

function drawSeats() {
  const wanted = Number($("seat-count").value);
  const list = $("seat-list");
  const bots = Object.entries(chosen.game.bots || {});
  ratedField?.setSeats(wanted); // a game alone is casual
  duplicateField?.setSeats(wanted);
  while (list.children.length > wanted) list.lastElementChild.remove();
  while (list.children.length < wanted) {
    const item = $("seat-template").content.firstElementChild.cloneNode(true);
    item.querySelector(".seat-label").textContent = t("Seat {number}", { number: list.children.length + 1 });
    list.append(item);
  }
  [...list.querySelectorAll(".seat-kind")].forEach((select) => {
    const key = bots.map(([name]) => name).join(",");
    if (select.dataset.bots !== key) {
      const was = select.value;
      select.dataset.bots = key;
      select.replaceChildren(
        select.querySelector("option[value=human]"),
        select.querySelector("option[value=local]"),
        ...bots.map(([name, title]) => el("option", { value: `bot:${name}` }, botLabel(name, title))),
      );
      // A new seat waits for a person: a table is made to invite friends (solo
      // practice and bot games are a choice away).
      select.value = [...select.options].some((option) => option.value === was) ? was : "human";
    }
  });
  const first = list.querySelector("li");
  if (first) {
    // The creator's seat: said in words, not a locked choice.
    first.querySelector(".seat-kind").value = "human";
    first.querySelector(".seat-kind").hidden = true;
    first.querySelector(".seat-you").hidden = false;
  }
  followLocalSeats(list, boot.me?.name);
  followRules();
}

function choose(entry) {
  chosen = entry;
  $("create-game").textContent =
    entry.game.max_players > 1
      ? t("{game}: 1 to {count} players.", { game: entry.how.title(), count: entry.game.max_players })
      : entry.how.title();
  drawSeatCount(entry.game);
  drawSeats();
  fields = optionFields($("option-fields"), entry);
  followRules();
  followPace();
  showBest();
}

/** Rules that cannot be rated (open hands) make the table casual. */
function followRules() {
  // Seats on one device make a casual table (one account, several players).
  if (!fields) return;
  if (anyLocal($("seat-list"))) ratedField?.setRateable(false, t("Seats on one device cannot be rated: the table is casual."));
  else ratedField?.setRateable(fields.rateable());
  // A duplicate table is casual: its boards are games alone (docs/duplicate.md).
  if (duplicateField?.on()) ratedField?.setRateable(false, t("A duplicate table is casual: each board is a game alone."));
}

/** A turn-based table has neither seconds per turn nor a grace before a bot plays for
 * someone away: their fields go while it is chosen. */
function followPace() {
  const turnBased = Boolean(pace?.turnBased());
  fields?.setTurnBased(turnBased);
  tableChoices?.setTurnBased(turnBased);
}

function tableRequest(form) {
  const seats = seatsOf($("seat-list"));
  const table = tableChoices.read();
  return {
    game: chosen.game.name,
    seats,
    public: new FormData(form).get("public") === "on",
    ...table,
    ...ratedField.read(),
    ...duplicateField.read(),
    ...pace.read(),
    options: fields.read(),
  };
}

async function createTable(event) {
  event.preventDefault();
  const error = $("create-error");
  showError(error, "");
  if (!fields.check()) return;
  const names = namesProblem($("seat-list"));
  if (names) {
    showError(error, names);
    return;
  }
  try {
    const table = await api("POST", "/api/tables", tableRequest(event.target));
    location.assign(`/t/${table.invite_code}`);
  } catch (problem) {
    showError(error, problem.message);
  }
}

/** Start a solo game of `game` with `options` (the game's defaults when left out). */
export async function playSolo(game, options) {
  try {
    const body = game ? { game, ...(options ? { options } : {}) } : undefined;
    const { game_id } = await api("POST", "/api/solo", body);
    location.assign(`/g/${game_id}`);
  } catch (problem) {
    toast(problem.message);
  }
}

function joinByInvite(event) {
  event.preventDefault();
  const raw = new FormData(event.target).get("invite").trim();
  const code = raw.split("/t/").pop().split(/[?#]/)[0];
  if (code) location.assign(`/t/${encodeURIComponent(code)}`);
}

/** A game's title in the page's language. */
function titleOf(name) {
  const entry = catalogue.find((item) => item.game.name === name);
  return entry ? entry.how.title() : name;
}

function tableLine(table) {
  const people = table.seats.filter((seat) => seat.kind === "human");
  const free = people.filter((seat) => seat.user_id === null).length;
  const host = table.seats.find((seat) => seat.user_id === table.creator_id);
  return el(
    "li",
    {},
    el("a", { href: `/t/${table.invite_code}` }, t("{name}'s table", { name: host ? personName(host.name) : "?" })),
    " · ",
    titleOf(table.game),
    " · ",
    tn("1 of {seats} seats free", "{count} of {seats} seats free", free, { seats: table.seats.length }),
    " · ",
    el("span", { class: "table-pace", "data-testid": "table-pace" }, paceText(table.turn_days)),
    " · ",
    el("span", { class: "table-rated", "data-testid": "table-rated" }, ratedText(table.rated)),
    seatedLine(table),
  );
}

/** "BOT" beside a bot account's name: a program playing through the bot API. */
const botBadge = (seat) => (seat.bot_account ? el("span", { class: "bot-badge", "data-testid": "bot-badge" }, t("BOT")) : null);

/** Who sits at a table already, each with their rating in its pool: "Ana 1532",
 * "Medium bot 1500". */
function seatedLine(table) {
  const seated = table.seats.filter((seat) => seat.user_id !== null || seat.kind === "bot");
  const who = (seat) => (seat.kind === "bot" ? (botName(seat.bot) ?? seat.name) : profileLink(seat.user_id, personName(seat.name)));
  return el(
    "span",
    { class: "table-players", "data-testid": "table-players" },
    ...seated.map((seat) => el("span", { class: "table-player" }, who(seat), botBadge(seat), ratingBadge(seat.rating))),
  );
}

const bests = new Map(); // game name → its personal best (or null)

async function showBest() {
  const line = $("solo-best");
  const entry = chosen;
  if (!bests.has(entry.game.name)) {
    try {
      bests.set(entry.game.name, await api("GET", `/api/me/solo-best?game=${encodeURIComponent(entry.game.name)}`));
    } catch (problem) {
      toast(problem.message);
      return;
    }
  }
  if (chosen !== entry) return; // another game was chosen meanwhile
  const best = bests.get(entry.game.name);
  line.textContent = best ? entry.how.bestText(best) : "";
  line.hidden = !best;
}

const HOME_LINES = 6; // my games shown here, in the server's order; "See all my games" shows them all

let lists = null; // the newest lists heard (the stream may speak before the games' descriptions are loaded)
let ready = false; // the catalogue is loaded: the lists can be worded

const mine = $("my-games") ? gameList($("my-games")) : null; // (solo.js imports this module too)
if (mine) keepTimesFresh(mine);

async function drawLists() {
  const { tables, my_games: games } = lists;
  $("open-tables").replaceChildren(...tables.map(tableLine));
  $("no-open-tables").hidden = tables.length > 0;
  await mine.show(games.slice(0, HOME_LINES));
  if (games !== lists.my_games) return; // newer lists came meanwhile: they are drawn
  const panel = $("my-games-panel");
  // A game waiting for my move puts my games at the top of the page; else they wait
  // under "Play a game" (a newcomer's page starts with it, and has no list at all).
  const main = $("main");
  const place = games.some(waitsForMe) ? main.firstElementChild : $("create");
  if (panel.nextElementSibling !== place && panel !== place) main.insertBefore(panel, place);
  panel.hidden = games.length === 0;
  panel.dataset.loaded = "1";
}

function showLists(heard) {
  lists = heard;
  if (ready) drawLists().catch((problem) => toast(problem.message));
}

async function loadLists() {
  const [tables, games] = await Promise.all([api("GET", "/api/tables"), api("GET", "/api/me/games")]);
  if (!lists) lists = { tables, my_games: games }; // the stream may have been quicker
  await drawLists();
}

// The lists as they change: the lobby's event stream, shared with the header (it
// carries what the header shows of me too; the browser reconnects it by itself).
if ($("create-form")) shareStream("/api/lobby/events", "lobby", showLists);

/**
 * Wire the page. The buttons that need the catalogue are drawn disabled and enabled only
 * once their handlers are in place, so an early click is never swallowed by a page still
 * loading the games' descriptions.
 */
async function start() {
  $("join-form").addEventListener("submit", joinByInvite);
  catalogue = await loadCatalogue(boot.page?.games);
  gameChooser($("game-choice"), catalogue, { onChange: choose });
  $("seat-count").addEventListener("change", drawSeats);
  $("seat-list").addEventListener("change", (event) => {
    if (event.target.matches(".seat-kind")) event.target.dataset.touched = "1";
    followLocalSeats($("seat-list"), boot.me?.name);
    followRules();
  });
  // My name saved in the header's bar: the creator's seat on this device takes it.
  document.addEventListener("my-name", () => followLocalSeats($("seat-list"), boot.me?.name));
  // A name being mended: the complaint about it goes (the next submit checks again).
  $("seat-list").addEventListener("input", (event) => {
    if (!event.target.matches(".seat-name[aria-invalid]")) return;
    event.target.removeAttribute("aria-invalid");
    showError($("create-error"), "");
  });
  tableChoices = tableFields($("table-fields"));
  ratedField = ratedChoice($("rated-fields"));
  duplicateField = duplicateChoice($("duplicate-fields"), followRules);
  duplicateField.setSeats(Number($("seat-count").value));
  ratedField.setSeats(Number($("seat-count").value));
  followRules();
  $("option-fields").addEventListener("change", followRules);
  pace = paceFields($("pace-fields"), { onChange: followPace });
  $("create-form").addEventListener("submit", createTable);
  $("play-solo").addEventListener("click", () => playSolo(chosen.game.name));
  $("create-submit").disabled = $("play-solo").disabled = !chosen;
  ready = true;
  await loadLists();
}

if ($("create-form")) start().catch((problem) => toast(problem.message));
