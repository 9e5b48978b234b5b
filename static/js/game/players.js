// The players panel: each seat's name, presence, tile count, score, and the tiles
// it shows face up; then how many people watch. Rebuilt only when what it shows
// changed (compared as JSON), so a presence tick does not redraw the list. Beside each
// other person, "Add as a friend" while they are not my friend (befriend.js).
import { boot, el } from "../api.js";
import { befriendSlot, keepingBefriendFocus } from "./befriend.js";
import { profileLink } from "../ratings.js";
import { ratingWithChange, seatRating } from "./outcome.js";
import { isScoring, shownWinners, timeRanOut } from "./model.js";
import * as texts from "./texts.js";

/** A tile shown face up, for screen readers too (the game module's pictures are decorative). */
export function shownTile(game, tile) {
  const icon = game.tileIcon(tile);
  icon.setAttribute("role", "img");
  icon.setAttribute("aria-label", game.tileLabel(tile));
  icon.removeAttribute("aria-hidden");
  return icon;
}

export function renderPlayers(list, spectatorsLine, state, game) {
  const current = state.game;
  const key = JSON.stringify([state.players, state.userIds, state.ratings, state.outcome, state.assistance, state.presence, current.hand_counts, current.scores, current.current, current.hands, current.finished, state.seat, current.resigned, state.moment, state.away, state.awayUntil]);
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    keepingBefriendFocus(list, () => list.replaceChildren(...state.players.map((name, seat) => playerItem(state, game, name, seat))));
  }
  spectatorsLine.textContent = texts.watchingCount(state.presence.spectators);
}

/** The zone my dates are read in: my preference's, as on the Preferences page (the
 * browser's until I have one). */
function myZone() {
  return boot.me?.preferences?.time_zone || undefined;
}

function playerItem(state, game, name, seat) {
  const current = state.game;
  const bot = state.bots[seat];
  const online = Boolean(state.presence.connected[seat]);
  const presence = bot ? "bot" : online ? "online" : "offline";
  const presenceText = texts.presenceText(presence);
  const details = [el("span", { class: "count", "data-testid": "tile-count" }, texts.tileCount(current.hand_counts[seat]))];
  const help = state.assistance[seat];
  if (help) details.push(el("span", { class: "help-level", "data-testid": "help-level" }, texts.helpLevelText(help)));
  if (isScoring(state)) {
    details.push(el("span", { class: "score", "data-testid": "score" }, texts.pointsText(current.scores[seat])));
  }
  if (state.solo) {
    details.push(el("span", { class: "count" }, texts.soloTally(current.turns_taken[seat], current.tiles_drawn[seat])));
  }
  const seen = seat === state.seat ? null : current.hands[seat];
  const shown =
    seen && seen.length
      ? el(
          "span",
          {
            class: seen.length === 1 ? "revealed last-tile" : "revealed",
            "data-testid": seen.length === 1 ? "revealed-tile" : "open-hand",
            title: texts.revealedTitle(seen.length),
          },
          ...seen.map((tile) => shownTile(game, tile)),
        )
      : null;
  const toPlay = !current.finished && current.current === seat;
  const left = (current.resigned || []).includes(seat);
  const away = !left && !current.finished && Boolean(state.away[seat]); // a bot plays for them
  const classes = ["player"];
  if (left) classes.push("resigned");
  if (toPlay) classes.push("current");
  if (seat === state.seat) classes.push("me");
  if (shownWinners(state).includes(seat)) classes.push("winner");
  if (state.moment?.seats.includes(seat)) classes.push(`moment-${state.moment.kind}`);
  return el(
    "li",
    { class: classes.join(" "), "data-testid": "player", "data-seat": seat, "aria-current": toPlay ? "true" : null },
    el(
      "span",
      { class: `presence ${presence}`, title: presenceText, "data-testid": "presence", "data-presence": presence },
      el("span", { class: "visually-hidden" }, presenceText),
    ),
    el(
      "span",
      { class: "player-name" },
      profileLink(state.userIds[seat], name, { newTab: true, "data-testid": "player-profile" }),
      state.botAccounts[seat] ? el("span", { class: "bot-badge", "data-testid": "bot-badge" }, texts.botMark()) : null,
      seat === state.seat ? el("span", { class: "you" }, texts.youMark()) : null,
      ratingWithChange(seatRating(state, seat)),
      toPlay ? el("span", { class: "to-play" }, texts.toPlayMark()) : null,
      left ? el("span", { class: "left-mark", "data-testid": "left-mark" }, texts.leftMark()) : null,
      away
        ? el("span", { class: "left-mark away-mark", "data-testid": "away-mark" }, texts.awayMark({ mine: seat === state.seat, ranOut: timeRanOut(state) }))
        : null,
      !left && !current.finished && state.awayUntil[seat]
        ? el("span", { class: "left-mark away-mark", "data-testid": "away-until" }, texts.awayUntilMark(new Date(state.awayUntil[seat] * 1000), myZone()))
        : null,
    ),
    el("span", { class: "player-details" }, ...details),
    shown,
    state.userIds[seat] != null && seat !== state.seat && !state.solo ? befriendSlot(name) : null,
  );
}
