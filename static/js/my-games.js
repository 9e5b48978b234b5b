// My games, as lines: the home page's panel and the "My games" page (/games) show the
// same lines, written here once. Each line is a link to the game (/g/{id}) that says
// the game, its players, whose turn it is ("Your turn" stands out) or how it ended,
// a turn-based game's time per move and time left, and the last move ("Ana played ·
// 2 h ago"), beside a small picture of the board (board/thumbnail.js, drawn by the
// game's own tiles from GET /api/games/{id}/board?v=VERSION, fetched once the line
// scrolls into view). The server sends the games sorted (my turns first, the most
// urgent first; then the others' turns; then the finished, newest first), in
// GET /api/me/games and the lobby stream's `my_games`; the lines keep its order.
import { api, boot, el, toast } from "./api.js";
import { boardThumbnail } from "./board/thumbnail.js";
import { shownNames } from "./game/names.js";
import { pointsText } from "./game/texts.js";
import { loadOptions } from "./games/options.js";
import { loadPicture } from "./games/pictures.js";
import { shareStream } from "./header.js";
import { dateLocale, t, tn } from "./i18n.js";
import { isTurnBased, perMoveText, timeIsShort, timeLeftText } from "./pace.js";

const THUMB_PIXELS = 64; // a picture's side on the screen (app.css .game-thumb)
const TICK_MS = 30_000; // how often the times ("1 d 4 h left", "5 min ago") are worded again

// --- words ---------------------------------------------------------------------------------

const language = () => document.documentElement.lang || undefined;
let dateFormat = null;
let relativeFormat = null;

/** A date in the page's language: "12 Mar 2025, 14:05". */
export function dateText(iso) {
  if (!iso) return "";
  try {
    dateFormat ||= new Intl.DateTimeFormat(dateLocale(), { dateStyle: "medium", timeStyle: "short" });
  } catch {
    dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  }
  return dateFormat.format(new Date(iso));
}

/** How long ago `when` (milliseconds) was, in the page's language: "now", "5 min. ago",
 * "2 hr. ago", "yesterday"; a date beyond a week. */
export function agoText(when, now = Date.now()) {
  try {
    relativeFormat ||= new Intl.RelativeTimeFormat(language(), { numeric: "auto", style: "short" });
  } catch {
    relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: "auto", style: "short" });
  }
  const seconds = Math.max(0, Math.round((now - when) / 1000));
  if (seconds < 60) return relativeFormat.format(0, "second");
  if (seconds < 3600) return relativeFormat.format(-Math.floor(seconds / 60), "minute");
  if (seconds < 86400) return relativeFormat.format(-Math.floor(seconds / 3600), "hour");
  if (seconds < 7 * 86400) return relativeFormat.format(-Math.floor(seconds / 86400), "day");
  return dateText(new Date(when).toISOString());
}

/** A move a bot made in a person's place, in words: "The bot passed for you", "The bot
 * played for Ana" (never as theirs: they did not make it). */
function standInText(action, name, mine) {
  const words = mine
    ? { play: t("The bot played for you"), draw: t("The bot drew for you"), pass: t("The bot passed for you") }
    : {
        play: t("The bot played for {name}", { name }),
        draw: t("The bot drew for {name}", { name }),
        pass: t("The bot passed for {name}", { name }),
      };
  return words[action] || (mine ? t("The bot moved for you") : t("The bot moved for {name}", { name }));
}

/** A move in words, by whom: "Ana played", "You drew", "Hard bot's time ran out". */
function moveText(action, name, mine) {
  const words = mine
    ? { play: t("You played"), draw: t("You drew"), pass: t("You passed"), timeout: t("Your time ran out"), resign: t("You left the game") }
    : {
        play: t("{name} played", { name }),
        draw: t("{name} drew", { name }),
        pass: t("{name} passed", { name }),
        timeout: t("{name}'s time ran out", { name }),
        resign: t("{name} left the game", { name }),
      };
  if (action === "end_agreed") return t("Ended by agreement");
  return words[action] || (mine ? t("You moved") : t("{name} moved", { name }));
}

/** Whose turn it is, or how the game ended for me (won, lost, my points; a solo game's result). */
function statusOf(game, names, how) {
  if (game.status !== "finished") {
    if (game.my_turn) return { text: t("Your turn"), mine: true };
    const mover = game.current_seat !== null && game.current_seat !== undefined ? names[game.current_seat] : null;
    return { text: mover ? t("{name}'s turn", { name: mover }) : t("in progress") };
  }
  const result = game.result;
  if (!result) return { text: t("finished") };
  if (game.solo && how) return { text: how.soloResultText(result) };
  const seat = game.my_seat;
  if (seat === null || seat === undefined) return { text: t("finished") };
  const outcome = result.winners.includes(seat) ? t("won") : t("lost");
  const scores = result.scores || [];
  const scored = scores.some((score) => score !== 0);
  return { text: scored ? t("{outcome} · {points}", { outcome, points: pointsText(scores[seat]) }) : outcome, won: result.winners.includes(seat) };
}

/** The time of a turn-based game in progress, in parts: ["2 days per move", "1 d 4 h
 * left"], or ["no clock"]; `short` when little time is left. */
function paceOf(game) {
  if (game.status === "finished" || !isTurnBased(game.turn_days)) return null;
  if (!game.turn_days || game.deadline === null || game.deadline === undefined) return { parts: [perMoveText(game.turn_days)] };
  return { parts: [perMoveText(game.turn_days), timeLeftText(game.deadline)], short: timeIsShort(game.deadline) };
}

/** A pace's parts, each kept on one line ("2 days per move ·", "1 d 4 h left"): a narrow
 * line breaks between them, after a dot, never inside one. Its own line on a phone
 * (app.css), where the dot before it goes. */
function paceWords(pace) {
  const parts = pace.parts.map((part, index) => el("span", { class: "nowrap" }, index < pace.parts.length - 1 ? `${part} ·` : part));
  const spaced = parts.flatMap((part, index) => (index ? [" ", part] : [part]));
  return el("span", { class: pace.short ? "game-pace short" : "game-pace", "data-testid": "game-pace" }, el("span", { class: "pace-dot" }, " · "), ...spaced);
}

/** The line's last words: the last move and when ("Ana played · 2 h ago"), when it
 * started, or when it ended. `iso`: the moment, for the <time> element. */
function lastOf(game, names) {
  if (game.status === "finished") {
    const when = game.finished_at || game.created_at;
    return { what: t("Finished"), when: Date.parse(when), iso: when };
  }
  const move = game.last_move;
  if (!move) return { what: t("Started"), when: Date.parse(game.created_at), iso: game.created_at };
  const at = move.at * 1000;
  const mine = move.seat !== null && move.seat === game.my_seat;
  const name = move.seat !== null && move.seat !== undefined ? names[move.seat] : "";
  const what = move.stand_in ? standInText(move.action, name, mine) : moveText(move.action, name, mine);
  return { what, when: at, iso: new Date(at).toISOString() };
}

// --- the lines -----------------------------------------------------------------------------

const descriptions = new Map(); // kind → its options description (title, results), once loaded

async function describe(kinds) {
  await Promise.all(
    [...new Set(kinds)].filter((kind) => !descriptions.has(kind)).map(async (kind) => descriptions.set(kind, await loadOptions(kind))),
  );
}

/** The line's words, inside its link: the game and players, the state, the last move. */
function lineWords(game) {
  const how = descriptions.get(game.game);
  const names = shownNames(game.players, game.bots);
  const status = statusOf(game, names, how);
  const pace = paceOf(game);
  const last = lastOf(game, names);
  const who = game.solo ? t("Solo game") : names.join(", ");
  return el(
    "span",
    { class: "game-line-words" },
    el("span", { class: "game-line-head" }, el("span", { class: "game-name" }, how ? how.title() : game.game), " · ", el("span", { class: "game-players" }, who)),
    el(
      "span",
      { class: "game-line-state" },
      el("span", { class: status.mine ? "game-status your-turn" : status.won ? "game-status game-won" : "game-status", "data-testid": "game-status" }, status.text),
      pace ? paceWords(pace) : null,
    ),
    el("span", { class: "game-line-last", "data-testid": "game-last" }, last.what, " · ", el("time", { datetime: last.iso }, agoText(last.when))),
    game.unread ? el("span", { class: "game-unread", "data-testid": "game-unread" }, tn("1 unread line", "{count} unread lines", game.unread)) : null,
  );
}

/** A tournament's table says which tournament and round (an arena's, only which
 * tournament), linking to the tournament (beside the game's link: a link holds no other). */
function tournamentLabel(tournament) {
  const words = tournament.round === null
    ? tournament.name
    : t("{tournament}, round {round}", { tournament: tournament.name, round: tournament.round });
  return el("a", { class: "game-tournament", href: `/tournaments/${encodeURIComponent(tournament.id)}`, "data-testid": "game-tournament" }, words);
}

function newLine(game) {
  const thumb = el("span", { class: "game-thumb", "aria-hidden": "true", "data-testid": "game-thumb" });
  const link = el("a", { class: "game-line-link", href: `/g/${encodeURIComponent(game.id)}` }, thumb);
  return el("li", { class: "game-line", "data-testid": "my-game", "data-game": game.id }, link);
}

function fillLine(item, game) {
  item.classList.toggle("mine", Boolean(game.my_turn) && game.status !== "finished");
  item.classList.toggle("finished", game.status === "finished");
  item.dataset.status = game.status;
  const link = item.firstElementChild;
  link.querySelector(".game-line-words")?.remove();
  link.append(lineWords(game));
  item.querySelector(".game-tournament")?.remove();
  if (game.tournament) item.append(tournamentLabel(game.tournament));
  if (item.dataset.version !== String(game.version)) {
    item.dataset.version = String(game.version);
    item.gameShown = game;
    const thumb = link.querySelector(".game-thumb");
    thumb.dataset.state = "waiting";
    pictures.want(item);
  }
}

/** The small pictures, fetched once their line comes near the screen. */
const pictures = {
  observer: null,
  want(item) {
    if (!window.IntersectionObserver) {
      drawPicture(item);
      return;
    }
    this.observer ||= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          this.observer.unobserve(entry.target);
          drawPicture(entry.target);
        }
      },
      { rootMargin: "200px 0px" },
    );
    this.observer.unobserve(item);
    this.observer.observe(item);
  },
};

async function drawPicture(item) {
  const game = item.gameShown;
  const thumb = item.querySelector(".game-thumb");
  thumb.dataset.state = "loading";
  try {
    const [picture, answer] = await Promise.all([
      loadPicture(game.game),
      api("GET", `/api/games/${encodeURIComponent(game.id)}/board?v=${encodeURIComponent(game.version)}`),
    ]);
    if (item.dataset.version !== String(game.version) || !picture) return; // moved on meanwhile
    thumb.replaceChildren(boardThumbnail(picture, answer.board, THUMB_PIXELS));
    thumb.dataset.state = "drawn";
    thumb.dataset.tiles = String(answer.board.length);
  } catch {
    thumb.dataset.state = "failed"; // the words say it all: the picture stays blank
  }
}

/** Put `items` into `list` in this order, moving only the lines out of place (a line
 * that keeps its place keeps the keyboard focus). */
function arrange(list, items) {
  items.forEach((item, index) => {
    if (list.children[index] !== item) list.insertBefore(item, list.children[index] || null);
  });
  while (list.children.length > items.length) list.lastElementChild.remove();
}

/**
 * My games as lines in the <ul> `list`. Returns {show(games), refresh()}: `show` draws
 * the games given (in their order, the server's), keeping the lines it had (and their
 * pictures, while the game has not moved); `refresh` words the times again.
 */
export function gameList(list) {
  const lines = new Map(); // game id → its <li>
  let shown = [];
  let asked = 0;

  function draw() {
    const items = shown.map((game) => {
      const item = lines.get(game.id) || newLine(game);
      lines.set(game.id, item);
      fillLine(item, game);
      return item;
    });
    const kept = new Set(shown.map((game) => game.id));
    for (const id of [...lines.keys()]) if (!kept.has(id)) lines.delete(id);
    arrange(list, items);
  }

  return {
    async show(games) {
      const call = ++asked;
      await describe(games.map((game) => game.game));
      if (call !== asked) return; // newer games came meanwhile
      shown = games;
      draw();
    },
    refresh() {
      if (shown.length) draw();
    },
  };
}

/** Word the times of `lists` again every little while, while the page is in sight. */
export function keepTimesFresh(...lists) {
  setInterval(() => {
    if (!document.hidden) for (const list of lists) list.refresh();
  }, TICK_MS);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) for (const list of lists) list.refresh();
  });
}

/** Whether a game waits for my move (a solo game waits for nobody). */
export function waitsForMe(game) {
  return game.status !== "finished" && game.my_turn && !game.solo;
}

// --- the "My games" page -------------------------------------------------------------------

function startPage() {
  const $ = (id) => document.getElementById(id);
  const open = gameList($("games-open"));
  const finished = gameList($("games-finished"));
  let heard = false;

  async function show(games) {
    heard = true;
    const playing = games.filter((game) => game.status !== "finished");
    const ended = games.filter((game) => game.status === "finished");
    await Promise.all([open.show(playing), finished.show(ended)]);
    $("no-open-games").hidden = playing.length > 0;
    $("finished-section").hidden = ended.length === 0;
    $("my-games-page").dataset.loaded = "1";
  }

  // The games as they change: the lobby's stream, shared with the header (one a page).
  shareStream("/api/lobby/events", "lobby", (lists) => show(lists.my_games).catch((problem) => toast(problem.message)));
  keepTimesFresh(open, finished);
  api("GET", "/api/me/games")
    .then((games) => heard || show(games))
    .catch((problem) => toast(problem.message));
}

if (document.body.dataset.page === "games" && boot.me) startPage();
