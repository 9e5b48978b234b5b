// The end screen over the board: who won and why (and who resigned, said to them as
// "You resigned"), everyone's points (or tiles left) and, after a rated game, each
// rating's change ("+4 → 1504?", outcome.js) with one line on why it moves so little;
// a new personal best in solo; the daily deal's result, streak and way back to /daily
// (a daily deal has no rematch: it is played once a day, then practised from there);
// the rematch, the one way to play on together (asked for here, or by someone else:
// then one click joins it); "Invite them to a new table" (a new table, everyone
// invited: they each accept), "Add as a friend" beside the other people (befriend.js),
// the replay, the record and the lobby. It takes the focus when it opens, and can be
// closed to look at the board ("Show the result" brings it back).
import { api, el, toast } from "../api.js";
import { sentences, t } from "../i18n.js";
import { befriendSlot, keepingBefriendFocus } from "./befriend.js";
import { shownWinners } from "./model.js";
import { dailyLines, loadDaily, loadOutcome, ratingNote, ratingWithChange, seatRating } from "./outcome.js";
import { leavingWhy, rematchReady, seatName, winnersSentence, youResigned } from "./texts.js";

const $ = (id) => document.getElementById(id);

/** Whether this solo game set a new personal best (the best after it is this game, and was not before). */
function newBest(state) {
  const { before, after } = state.soloBest;
  if (!state.solo || !after || after.game_id !== state.gameId) return false;
  return !before || before.game_id !== state.gameId;
}

/** The result line: the game's, or, to a player who resigned, "You resigned — Ana
 * wins!" (nobody left to win, a solo player who resigned: that alone). */
function resultLine(state, result) {
  const game = state.game;
  if (!game.winners.length) return youResigned();
  const mine = state.seat !== null && (game.resigned || []).includes(state.seat);
  return mine ? t("You resigned — {result}", { result }) : result;
}

/** Why a game ended that nobody played out: who resigned, named to the others ("Ana
 * resigned."; the resigner's own line says it to them), or the agreed end. */
function whyLine(state, gameWhy) {
  const game = state.game;
  if (game.ended_by !== "resigned") return leavingWhy(game.ended_by) || gameWhy;
  const others = (game.resigned || []).filter((seat) => seat !== state.seat);
  if (!others.length) return "";
  return sentences(...others.map((seat) => t("{name} resigned.", { name: seatName(state, seat) })));
}

/** `module`: the game module; its describeEnd words the result, why, and each player's
 * figure. `requestRender` redraws the page when the ratings or the daily deal are read. */
export function renderEnd(state, module, requestRender = () => {}) {
  const game = state.game;
  const screen = $("end-screen");
  const show = game.finished && !state.endClosed;
  if (game.finished) {
    loadOutcome(state, requestRender);
    loadDaily(state, requestRender);
  }
  const wasHidden = screen.hidden;
  screen.hidden = !show;
  if (!show) return;
  const names = state.players.map((name, seat) => seatName(state, seat));
  const winners = shownWinners(state);
  const end = module.describeEnd(state, { names, winners: winnersSentence(game.winners.map((seat) => names[seat])) });
  $("end-result").textContent = resultLine(state, end.result);
  const why = whyLine(state, end.why);
  $("end-why").textContent = why || "";
  $("end-why").hidden = !why;
  const best = newBest(state);
  $("end-best").hidden = !best;
  if (best) $("end-best").textContent = module.newBestText(state.soloBest.after, state.soloBest.before);
  if (state.solo && state.seat !== null) linkDuplicate(state);
  renderDaily(state);
  const ratings = state.players.map((name, seat) => seatRating(state, seat));
  const key = JSON.stringify([game.scores, game.hand_counts, winners, end.figures, state.moment?.kind, state.outcome?.rated ? ratings : null]);
  const list = $("end-scores");
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    keepingBefriendFocus(list, () =>
      list.replaceChildren(
        ...state.players.map((name, seat) =>
          el(
            "li",
            { class: winners.includes(seat) ? `winner${state.moment?.kind === "won" ? " moment-won" : ""}` : "" },
            el("span", { class: "end-name" }, name, state.outcome?.rated ? ratingWithChange(ratings[seat]) : null),
            el("span", { class: "end-figure", "data-testid": "end-figure" }, end.figures[seat]),
            state.userIds[seat] != null && seat !== state.seat && !state.solo ? befriendSlot(name) : null,
          ),
        ),
      ),
    );
  }
  const note = ratingNote(state);
  $("end-rating-note").textContent = note;
  $("end-rating-note").hidden = !note;
  // A solo game waits for /api/daily before offering a rematch: a daily deal has none.
  const player = state.seat !== null && !(state.solo && state.daily !== null);
  const next = state.nextGame;
  $("rematch").hidden = !player || Boolean(next);
  $("rematch").disabled = state.rematchAsked; // asked on the socket: its answer moves the page on
  const join = $("join-rematch");
  join.hidden = !player || !next;
  if (next) join.href = `/g/${encodeURIComponent(next)}`;
  const news = $("rematch-news");
  news.hidden = !next || !player;
  news.textContent = next ? rematchReady() : "";
  const again = $("play-again");
  again.hidden = !player || state.solo;
  wireAgain(state);
  $("replay-link").href = `/g/${encodeURIComponent(state.gameId)}/replay`;
  $("record-link").href = `/api/games/${encodeURIComponent(state.gameId)}/record`;
  if (wasHidden) $("end-title").focus({ preventScroll: true });
}

/** The daily deal's result and streak, and the way back to /daily, once GET
 * /api/daily says this game is one of mine today. */
function renderDaily(state) {
  const daily = state.daily;
  const line = $("end-daily");
  line.hidden = !daily;
  $("daily-link").hidden = !daily;
  if (!daily) return;
  const key = JSON.stringify(daily);
  if (line.dataset.key === key) return;
  line.dataset.key = key;
  line.replaceChildren(...dailyLines(daily));
}

let duplicateAsked = false;

/** A board of a duplicate table (docs/duplicate.md) leads to the table's ranking and
 * boards: asked once (GET /api/games/{id}/duplicate; any other solo game is a 404). */
async function linkDuplicate(state) {
  if (duplicateAsked) return;
  duplicateAsked = true;
  let table;
  try {
    table = await api("GET", `/api/games/${encodeURIComponent(state.gameId)}/duplicate`);
  } catch {
    return; // not a duplicate board
  }
  const link = el(
    "a",
    { class: "button primary", href: `/duplicate/${encodeURIComponent(table.invite_code)}`, "data-testid": "duplicate-link" },
    t("The duplicate table: ranking and boards"),
  );
  $("end-best").after(el("p", {}, link));
}

let againWired = false;

/** "Invite them to a new table": a new open table of the same game, the same
 * people invited (POST /api/games/{id}/again); the page goes to it. */
function wireAgain(state) {
  if (againWired) return;
  againWired = true;
  $("play-again").addEventListener("click", async (event) => {
    const button = event.currentTarget;
    button.disabled = true;
    try {
      const { url, invite_code: code } = await api("POST", `/api/games/${encodeURIComponent(state.gameId)}/again`);
      location.assign(url || `/t/${encodeURIComponent(code)}`);
    } catch (problem) {
      button.disabled = false;
      toast(problem.message);
    }
  });
}
