// The end screen over the board: who won and why, everyone's points (or tiles left),
// a new personal best in solo, the rematch (asked for here, or by someone else: then
// one click joins it), "Play again with the same people" (a new table, everyone
// invited), "Add as a friend" beside the other people (befriend.js), the replay, the
// record and the lobby. It takes the focus when it opens, and can be closed to look at
// the board ("Show the result" brings it back).
import { api, el, toast } from "../api.js";
import { t } from "../i18n.js";
import { befriendSlot, keepingBefriendFocus } from "./befriend.js";
import { shownWinners } from "./model.js";
import { leavingWhy, rematchReady, seatName, winnersSentence, youResigned } from "./texts.js";

const $ = (id) => document.getElementById(id);

/** Whether this solo game set a new personal best (the best after it is this game, and was not before). */
function newBest(state) {
  const { before, after } = state.soloBest;
  if (!state.solo || !after || after.game_id !== state.gameId) return false;
  return !before || before.game_id !== state.gameId;
}

/** `module`: the game module; its describeEnd words the result, why, and each player's figure. */
export function renderEnd(state, module) {
  const game = state.game;
  const screen = $("end-screen");
  const show = game.finished && !state.endClosed;
  const wasHidden = screen.hidden;
  screen.hidden = !show;
  if (!show) return;
  const names = state.players.map((name, seat) => seatName(state, seat));
  const winners = shownWinners(state);
  const end = module.describeEnd(state, { names, winners: winnersSentence(game.winners.map((seat) => names[seat])) });
  // Nobody left to win (a solo player resigned): say so rather than a game's result.
  $("end-result").textContent = game.winners.length ? end.result : youResigned();
  const why = leavingWhy(game.ended_by) || end.why;
  $("end-why").textContent = why || "";
  $("end-why").hidden = !why;
  const best = newBest(state);
  $("end-best").hidden = !best;
  if (best) $("end-best").textContent = module.newBestText(state.soloBest.after, state.soloBest.before);
  if (state.solo && state.seat !== null) linkDuplicate(state);
  const key = JSON.stringify([game.scores, game.hand_counts, winners, end.figures, state.moment?.kind]);
  const list = $("end-scores");
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    keepingBefriendFocus(list, () =>
      list.replaceChildren(
        ...state.players.map((name, seat) =>
          el(
            "li",
            { class: winners.includes(seat) ? `winner${state.moment?.kind === "won" ? " moment-won" : ""}` : "" },
            el("span", { class: "end-name" }, name),
            el("span", { class: "end-figure", "data-testid": "end-figure" }, end.figures[seat]),
            state.userIds[seat] != null && seat !== state.seat && !state.solo ? befriendSlot(name) : null,
          ),
        ),
      ),
    );
  }
  const player = state.seat !== null;
  const next = state.nextGame;
  $("rematch").hidden = !player || Boolean(next);
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

/** "Play again with the same people": a new open table of the same game, the same
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
