// A table before its game: seats fill up, the creator starts, everyone moves to the game.
// Each person sees exactly the buttons they may use:
//   the creator        Start (once every seat is taken), Close the table (asks first)
//   a seated invitee   Leave the table
//   a visitor          Take a seat (while one is free)
//   after the start    Go to the game (the seated go there by themselves)
// and, while the table is open and a seat free, the seated may invite friends
// (table-friends.js).
// The table arrives live (GET /api/tables/{code}/events, server-sent events).
import { api, boot, el, showError, toast } from "./api.js";
import { duplicateAbout } from "./duplicate-choice.js";
import { botName, personName } from "./game/names.js";
import { helpLevelText } from "./game/texts.js";
import { optionLabel as describedLabel, optionValue as describedValue, loadOptions } from "./games/options.js";
import { t, tn } from "./i18n.js";
import { isTurnBased, onTimeoutAbout, paceText } from "./pace.js";
import { ratedAbout, ratedText } from "./rated.js";
import { profileLink, ratingBadge } from "./ratings.js";
import { showFriendInvites, wireFriendInvites } from "./table-friends.js";

const $ = (id) => document.getElementById(id);
const code = boot.page.invite_code;
const me = boot.me;
const errorBox = $("table-error");
let how = null; // the table's game's options description (games/<kind>/options.js)
let howOf = null; // the kind it describes
let shown = null; // the table shown
let redirected = false;

const optionLabel = (name) => describedLabel(how, name);
const optionValue = (name, value) => describedValue(how, name, value);

function seatLine(seat, table) {
  let who;
  if (seat.kind === "bot") who = botName(seat.bot) ?? seat.name;
  // pass-and-play: a seat on its creator's device, by the name of who plays it there
  else if (seat.kind === "local") who = el("span", {}, personName(seat.name), el("span", { class: "muted" }, " · ", t("On this device")));
  else if (seat.user_id === null) who = t("free seat");
  else who = profileLink(seat.user_id, seat.user_id === me.id ? t("{name} (you)", { name: personName(seat.name) }) : personName(seat.name));
  // (a creator playing several seats on their device is named creator once, at the first)
  const first = table.seats.find((other) => other.user_id === seat.user_id);
  const creator = seat.user_id !== null && seat.user_id === table.creator_id && first === seat ? el("span", { class: "muted" }, " · " + t("creator")) : null;
  // Who may draw while a tile fits (Beginner may not): each person's help level.
  const help = seat.assistance ? el("span", { class: "help-level", "data-testid": "seat-help" }, " · " + helpLevelText(seat.assistance)) : null;
  // A bot account (a program playing through the bot API) is marked as one.
  const bot = seat.bot_account ? el("span", { class: "bot-badge", "data-testid": "bot-badge" }, t("BOT")) : null;
  return el("li", { class: seat.user_id === null && seat.kind === "human" ? "free" : "" }, who, bot, ratingBadge(seat.rating), creator, help);
}

/** Rated or casual, and what it means: first of the table's rules. */
function ratedRows(table) {
  const about = el("span", { class: "muted" }, " · ", ratedAbout(table.rated));
  return [el("dt", {}, t("Rated or casual")), el("dd", { "data-testid": "table-rated" }, ratedText(table.rated), about)];
}

/** A duplicate table says so, and what it means (docs/duplicate.md). */
function duplicateRows(table) {
  if (!table.duplicate) return [];
  return [el("dt", {}, t("Duplicate")), el("dd", { "data-testid": "table-duplicate" }, duplicateAbout())];
}

/** The table's pace, next of its rules: "Turn-based · 2 days per move" (what happens
 * when time runs out, whether days away stop the clock) or "Real time". */
function paceRows(table) {
  const rows = [el("dt", {}, t("Pace")), el("dd", { "data-testid": "table-pace" }, paceText(table.turn_days))];
  if (!isTurnBased(table.turn_days)) return rows;
  if (table.turn_days) rows.push(el("dt", {}, t("When time runs out")), el("dd", {}, onTimeoutAbout(table.on_timeout)));
  rows.push(el("dt", {}, t("Days away stop the clock")), el("dd", {}, table.vacation ? t("yes") : t("no")));
  return rows;
}

/** The game's options in words; a turn-based table's leave out those of a game in one
 * sitting (the seconds per turn: it has days per move instead). */
function optionRows(table) {
  const turnBased = isTurnBased(table.turn_days);
  return Object.entries(table.options)
    .filter(([name]) => !(turnBased && how?.fields?.[name]?.realTime))
    .flatMap(([name, value]) => [el("dt", {}, optionLabel(name)), el("dd", {}, optionValue(name, value))]);
}

/** What this person may do at this table, and the line that says where things stand. */
function roleOf(table, myId) {
  // A visitor (no account yet: myId null) sits nowhere, though free seats have no user either.
  const seated = myId !== null && table.seats.some((seat) => seat.user_id === myId);
  const free = table.seats.filter((seat) => seat.kind === "human" && seat.user_id === null).length;
  const open = table.status === "open";
  const creator = myId !== null && table.creator_id === myId;
  return {
    join: open && !seated && free > 0,
    start: open && creator && free === 0,
    leave: open && seated && !creator,
    close: open && creator,
    game: Boolean(table.game_id) && table.status !== "open",
    seated,
    creator,
    free,
    open,
  };
}

function statusText(table, role) {
  if (table.status === "closed") return t("The creator closed this table.");
  if (table.game_id && table.status !== "open") return t("The game has started.");
  if (role.creator) {
    return role.free
      ? tn("Waiting for 1 more player: send them the invite link.", "Waiting for {count} more players: send them the invite link.", role.free)
      : t("Every seat is taken: start when you are ready.");
  }
  if (role.seated) return t("Waiting for the creator to start the game…");
  return role.free ? t("There is a free seat for you.") : t("This table is full.");
}

function render(table) {
  shown = table;
  $("table-game").textContent = how ? how.about() : "";
  $("seats").replaceChildren(...table.seats.map((seat) => seatLine(seat, table)));
  $("options").replaceChildren(...ratedRows(table), ...duplicateRows(table), ...paceRows(table), ...optionRows(table));
  const role = roleOf(table, me.id);
  $("join").hidden = !role.join;
  $("start").hidden = !role.start;
  $("leave").hidden = !role.leave;
  $("close-table").hidden = !role.close;
  if (!role.close) $("close-confirm").hidden = true;
  $("invite").hidden = !role.open;
  showFriendInvites(table, role).catch((problem) => showError(errorBox, problem.message));
  $("table-status").textContent = statusText(table, role);
  const gameLink = $("open-game");
  gameLink.hidden = !role.game;
  if (role.game) {
    // A duplicate table's people each have a board: its page leads to theirs.
    gameLink.href = table.duplicate ? `/duplicate/${encodeURIComponent(code)}` : `/g/${table.game_id}`;
    if (role.seated && table.status === "playing" && !redirected) {
      redirected = true;
      if (table.duplicate) goToMyBoard();
      else location.assign(gameLink.href);
    }
  }
}

/** A duplicate table just dealt: each person goes straight to their own board (which the
 * table, one for all, does not name: the duplicate standings name mine), the duplicate
 * page if it is finished or cannot be read (the ranking stays one click away: the table
 * page's link and the board's end screen). */
async function goToMyBoard() {
  const page = `/duplicate/${encodeURIComponent(code)}`;
  try {
    const mine = (await api("GET", `/api/duplicate/${encodeURIComponent(code)}`)).boards.find((board) => board.mine);
    location.assign(mine && !mine.finished && mine.game_id ? `/g/${mine.game_id}` : page);
  } catch {
    location.assign(page);
  }
}

async function show(table) {
  if (howOf !== table.game) {
    how = await loadOptions(table.game);
    howOf = table.game;
  }
  render(table);
}

async function refresh() {
  try {
    await show(await api("GET", `/api/tables/${encodeURIComponent(code)}`));
  } catch (problem) {
    showError(errorBox, problem.message);
  }
}

async function act(path) {
  showError(errorBox, "");
  try {
    const answer = await api("POST", `/api/tables/${encodeURIComponent(code)}/${path}`);
    if (answer && answer.game_id && !answer.seats) location.assign(`/g/${answer.game_id}`);
    else if (me?.visitor) location.reload(); // my first action made my account: the page shows my seat as mine
    else await show(answer);
  } catch (problem) {
    showError(errorBox, problem.message);
  }
}

/** The table as it changes: a server-sent event stream (the browser reconnects it by itself). */
function listen() {
  if (!window.EventSource) {
    setInterval(refresh, 2000);
    return;
  }
  const stream = new EventSource(`/api/tables/${encodeURIComponent(code)}/events`);
  stream.addEventListener("table", (event) => {
    show(JSON.parse(event.data)).catch((problem) => showError(errorBox, problem.message));
  });
  window.addEventListener("pagehide", () => stream.close());
}

const link = `${location.origin}/t/${code}`;
$("invite-link").value = link;
$("copy-invite").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(link);
    toast(t("Invite link copied."));
  } catch {
    $("invite-link").select();
    toast(t("Select the link and copy it."));
  }
});
wireFriendInvites(code, () => shown);
$("join").addEventListener("click", () => act("join"));
$("leave").addEventListener("click", () => act("leave"));
$("start").addEventListener("click", () => act("start"));
$("close-table").addEventListener("click", () => {
  $("close-confirm").hidden = false;
  $("close-no").focus();
});
$("close-no").addEventListener("click", () => {
  $("close-confirm").hidden = true;
  $("close-table").focus();
});
$("close-yes").addEventListener("click", async () => {
  $("close-confirm").hidden = true;
  await act("leave"); // the creator leaving closes the table
});
refresh().then(() => {
  if (shown) listen();
});
