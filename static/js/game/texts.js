// Every text the game pages show or speak that is not about one game's tiles: the
// move log's lines, hints, the status line, banners, the end screen, labels. All go
// through t() so that `make messages` finds them (keep the first argument a plain
// string). They know no game's rules: a game module brings its own words
// (docs/frontend.md): its refusals, its moves in the log, its end, its placing words.
import { dateLocale, sentences, t, tn } from "../i18n.js";
import { isMyTurn, myHand } from "./model.js";

/** A seat's display name (players always have one; the fallback is for a bad message). */
export function seatName(state, seat) {
  return state.players[seat] ?? t("Seat {number}", { number: seat + 1 });
}

// --- spoken and shown on changes --------------------------------------------------

/** Whose turn it is, as a sentence (for the screen reader). */
export function turnSentence(state) {
  return isMyTurn(state) ? t("Your turn.") : t("{name}'s turn.", { name: seatName(state, state.game.current) });
}

export function gameOverSentence() {
  return t("The game is over.");
}

export function notConnected() {
  return t("Not connected: wait for the connection to come back, then try again.");
}

export function gameMissing() {
  return t("This game does not exist.");
}

export function somethingWrong() {
  return t("Something went wrong.");
}

export function tilePutBack() {
  return t("Tile put back.");
}

/** The server's refusal in the player's language (the code is stable; its message is English). */
export function refusal({ code, message }, gameRefusals = {}) {
  const texts = {
    not_your_turn: t("It is not your turn."),
    game_over: t("The game is over."),
    spectator: t("You are watching this game; only its players can move."),
    stale_version: t("The game moved on before your move arrived. Look again and retry."),
    conflict: t("The game moved on before your move arrived. Look again and retry."),
    assistance_draw_refused: t("At the Beginner level you cannot draw while one of your tiles fits."),
    tile_not_in_hand: t("That tile is not in your hand."),
    must_play_drawn_tile: t("After drawing, only the tile you drew may be laid."),
    overlap: t("That place is already taken."),
    no_contact: t("A tile must touch the tiles on the board."),
    bag_empty: t("The bag is empty."),
    draw_limit: t("You cannot draw again this turn."),
    draw_while_playable: t("You cannot draw while one of your tiles fits."),
    pass_not_allowed: t("You cannot pass now."),
    unknown_tile: t("There is no such tile."),
    bad_placement: t("That is not a place for a tile."),
    seat_resigned: t("You have left this game."),
    no_offer: t("Nobody has offered to end the game."),
    offer_pending: t("An offer to end the game is already waiting for answers."),
    already_accepted: t("You have already accepted the offer to end the game."),
    ...gameRefusals,
  };
  return texts[code] || message || somethingWrong();
}

// --- the move log -------------------------------------------------------------------

/**
 * A live event as move-log lines [{version, text, tile, said?, note?}]: the move, its
 * notes, then "The game is over." once it ended. The words of the move and of its notes
 * are the game module's `describeEvent` ({text, tile, said?, notes: [text | {text, tile}]}).
 */
export function eventLines(state, version, event, { scoring, describeEvent }) {
  const names = (seat) => seatName(state, seat);
  // A bot's move in a person's place is said as the bot's, never as theirs.
  const mover = event.stand_in ? t("The bot (for {name})", { name: names(event.seat) }) : names(event.seat);
  const own = leavingEvent(event, names(event.seat)) ||
    describeEvent(event, { name: mover, scoring, names, players: state.players.length });
  const lines = [{ version, text: own.text, tile: own.tile, said: own.said }];
  for (const note of own.notes || []) {
    const { text, tile = null } = typeof note === "string" ? { text: note } : note;
    lines.push({ version, text, tile, note: true });
  }
  if (event.finished) lines.push({ version, text: gameOverSentence(), tile: null, note: true });
  return lines;
}

/** A resignation or an agreed end, in the log: the same for every game. */
function leavingEvent(event, name) {
  if (event.action === "resign") return { text: t("{name} left the game", { name }), tile: null };
  if (event.action === "end_agreed") return { text: t("The players agreed to end the game"), tile: null };
  return null;
}

// --- leaving and ending by agreement ----------------------------------------------

export function youLeft() {
  return t("You have left this game. You can still watch it to the end.");
}

/** The standing offer: who made it, and who has not answered yet. */
export function endOfferText(name, mine, waiting) {
  const offer = mine
    ? t("You offered to end the game here, scored as it stands.")
    : t("{name} offers to end the game here, scored as it stands.", { name });
  return waiting.length ? sentences(offer, t("Waiting for {name}.", { name: waiting.join(", ") })) : offer;
}

/**
 * The move log's line when a bot starts or stops playing for a person: `ranOut` when
 * their turn-based time ran out (the only reason a bot takes a seat over days), else
 * they were away from a game in one sitting; `mine` speaks to the reader.
 */
export function awayLine(name, away, { mine = false, ranOut = false } = {}) {
  if (!away) return mine ? t("You took your seat back.") : t("{name} is back.", { name });
  if (ranOut) {
    return mine
      ? t("Your time ran out: a bot plays for you until you take your seat back.")
      : t("Time ran out for {name}: a bot plays in their seat until they take it back.", { name });
  }
  return mine ? t("You are away: a bot plays for you.") : t("{name} is away: a bot plays for them.", { name });
}

export function endOfferDeclined(name) {
  return t("{name} declined to end the game.", { name });
}

export function endOfferLapsed() {
  return t("The offer to end the game lapsed: a move was made.");
}

/** Why a game ended that nobody played out, or "" (the game module says the rest). */
export function leavingWhy(endedBy) {
  if (endedBy === "resigned") return t("Everyone else left the game.");
  if (endedBy === "agreed") return t("The players agreed to end the game here: the scores stand as they were.");
  return "";
}

export function youResigned() {
  return t("You left the game.");
}

export function leftMark() {
  return t("left");
}

/** Above the board of a player a bot plays for: why, and (the button) how to stop it. */
export function awayNotice(ranOut) {
  return ranOut ? t("Your time ran out: a bot is playing for you.") : t("A bot is playing for you.");
}

/** Beside the name of a player a bot plays for: why (their time ran out, or they are
 * away), said to the reader on their own row. */
export function awayMark({ mine = false, ranOut = false } = {}) {
  if (ranOut) return mine ? t("your time ran out: a bot plays for you") : t("time ran out: a bot plays for them");
  return mine ? t("a bot plays for you") : t("a bot plays for them");
}

/** A log line as a screen reader should say it: the tile's name spelled out in words. */
export function spoken(line, tileLabel) {
  if (line.said) return /[.!?]$/.test(line.said) ? line.said : `${line.said}.`;
  return line.tile ? `${line.text.replace(line.tile, tileLabel(line.tile))}.` : line.text;
}

export function logGap() {
  return t("Earlier moves are not listed.");
}

// --- the status line, the banner, the title ---------------------------------------

/** Why there is no game to show: none has this id, only its players may watch it, or
 * the server was upgraded and this page is older than it ("reload"). */
export function goneText(code) {
  if (code === "reload") return t("The server has been updated: reload this page to go on playing.");
  return code === "no_spectators" ? t("Only its players can watch this game.") : gameMissing();
}

/** The banner's words; `goneCode` says why the game is gone (see goneText). */
export function connectionText(connection, goneCode = null) {
  if (connection === "gone") return goneText(goneCode);
  if (connection === "syncing") return t("Connected again — catching up…");
  return t("Connection lost — reconnecting…");
}

export function statusLine(state) {
  if (state.game.finished) return t("Game over");
  if (isMyTurn(state)) return t("Your turn");
  return t("{name}'s turn", { name: seatName(state, state.game.current) });
}

/** The hourglass's tooltip: whose time is running, and how much is left. */
export function timerTitle(state, seconds) {
  const left = tn("1 second left", "{count} seconds left", seconds);
  return isMyTurn(state) ? t("Your hourglass: {left}", { left }) : t("{name}'s hourglass: {left}", { name: seatName(state, state.game.current), left });
}

/** A turn-based deadline in my own time: "Move by Tue 1 Dec, 18:30". */
export function moveBy(moment) {
  const when = moment.toLocaleString(dateLocale(), { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  return t("Move by {when}", { when });
}

/**
 * Beside the name of a player on days away: their last day away, "away until the end of
 * Wed 9 Dec", as the Preferences page says it. `ends` is the moment the days end (a
 * midnight where they live), so the last day is the one a second before, in my zone.
 */
export function awayUntilMark(ends, zone) {
  const last = new Date(ends.getTime() - 1000);
  let timeZone = zone || undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
  } catch {
    timeZone = undefined; // a zone this browser does not know: its own
  }
  const year = (moment) => new Intl.DateTimeFormat("en", { timeZone, year: "numeric" }).format(moment);
  const options = { weekday: "short", day: "numeric", month: "short", timeZone };
  if (year(last) !== year(new Date())) options.year = "numeric";
  return t("away until the end of {day}", { day: last.toLocaleDateString(dateLocale(), options) });
}

/** Said once when my hourglass is nearly empty. */
export function timeRunningOut(seconds) {
  return tn("Hurry: 1 second left.", "Hurry: {count} seconds left.", seconds);
}

export function bagCount(count) {
  return t("Bag: {count}", { count });
}

/** The page's title while it is my turn (so a background tab says so). */
export function myTurnTitle() {
  return "● " + t("Your turn") + " — " + t("Chromino online");
}

// --- the hand -------------------------------------------------------------------------

export function handTileLabel(label, { fits, drawn }) {
  const parts = [label];
  if (fits) parts.push(t("fits"));
  if (drawn) parts.push(t("just drawn"));
  return parts.join(", ");
}

/** The hint beside "Your tiles"; `pickedHint()` is the game module's, once a tile is picked. */
export function handHint(state, pickedHint) {
  const game = state.game;
  if (game.finished) return myHand(state).length ? "" : t("No tiles left.");
  if (!isMyTurn(state)) return t("Waiting for {name}.", { name: seatName(state, game.current) });
  if (state.legal === null) return state.picked ? pickedHint() : t("Pick a tile to lay.");
  if (!state.legal.length) {
    if (game.drawn_tile) {
      // After a draw only the tile drawn may be laid: say so, not that nothing fits.
      return game.can_draw
        ? t("Only the tile you drew may be laid now; it fits nowhere: draw again or pass.")
        : t("Only the tile you drew may be laid now; it fits nowhere: pass.");
    }
    return game.can_draw ? t("None of your tiles fits: draw a tile.") : t("None of your tiles fits: pass.");
  }
  if (game.drawn_tile && !state.picked) return t("Only the tile you drew may be laid now.");
  if (!state.picked) return t("Highlighted tiles fit somewhere: pick one.");
  return pickedHint();
}

// --- placing a tile (board/placing.js; the game module adds its own words) ------------

/** The hand's hint once a tile is picked and the places are listed: `places` of them this way. */
export function pickedHint(places, { fitsAnotherWay }) {
  if (places) return tn("1 place for this tile this way.", "{count} places for this tile this way.", places);
  return fitsAnotherWay ? t("It does not fit this way: turn it.") : t("This tile does not fit anywhere.");
}

/** The hand's hint on a touch screen once a first tap has put the ghost on a place. */
export function tapAgainHint() {
  return t("Tap the place again (or press “Lay it here”) to lay the tile.");
}

/** The ghost's cell and standing ("target", "off" or "free"), in words; `pointsSaid(scene)`
 * is the game's words for a target's points (Triominos names its bonus). */
export function ghostWords(scene, cell, pointsSaid) {
  const where = t("Column {x}, row {y}.", { x: cell.x, y: cell.y });
  if (scene.status === "target") {
    const points = scene.points !== undefined ? " " + pointsSaid(scene) : "";
    return where + " " + t("It fits here.") + points;
  }
  if (scene.status === "off") return where + " " + t("Not a highlighted place.");
  if (scene.status === "taken") return where + " " + t("A tile is already there: it will not fit.");
  return where;
}

/** With no places listed, the ghost over a tile already on the board (the page sees that much). */
export function placeTaken() {
  return t("A tile is already there: choose an empty place.");
}

export function noTargetThatWay() {
  return t("No highlighted place further that way.");
}

export function notATarget() {
  return t("Not a highlighted place: pick one of the outlined places, or turn the tile.");
}

// --- the players ----------------------------------------------------------------------

/** "bot", "online" or "offline", in words. */
export function presenceText(presence) {
  if (presence === "bot") return t("bot");
  return presence === "online" ? t("connected") : t("not connected");
}

/** A seat's help level (a player's preference), on the table page and in the players
 * panel: friends see who may draw while a tile fits (the Beginner level may not). */
export function helpLevelText(level) {
  const words = {
    beginner: t("Help: Beginner"),
    intermediate: t("Help: Intermediate"),
    none: t("Help: none"),
  };
  return words[level] ?? "";
}

export function tileCount(count) {
  return tn("1 tile", "{count} tiles", count);
}

/** Why Draw is off while a tile fits: the Beginner help level, which Preferences changes. */
export function drawHeldWhy() {
  return t("At the Beginner level you draw only when none of your tiles fits (Preferences, Help while playing).");
}

/** The notice for the player whose time ran out (the log says what it cost them). */
export function myTimeRanOut(event) {
  return event.points
    ? t("Your time ran out ({points}); the turn has passed.", { points: pointsText(event.points) })
    : t("Your time ran out; the turn has passed.");
}

export function pointsText(points) {
  return tn("1 point", "{count} points", points);
}

/** "1 turn", "5 turns". */
export function turnCount(turns) {
  return tn("1 turn", "{count} turns", turns);
}

/** "1 tile drawn", "3 tiles drawn". */
export function drawnCount(draws) {
  return tn("1 tile drawn", "{count} tiles drawn", draws);
}

export function soloTally(turns, draws) {
  return t("{turns}, {draws}", { turns: turnCount(turns), draws: drawnCount(draws) });
}

export function revealedTitle(count) {
  return count === 1 ? t("Last tile, face up") : t("Open hand");
}

/** The mark beside a bot account's name: a program playing through the bot API. */
export function botMark() {
  return t("BOT");
}

export function youMark() {
  return " " + t("(you)");
}

export function toPlayMark() {
  return " · " + t("to play");
}

export function watchingCount(count) {
  return count ? tn("1 person watching", "{count} people watching", count) : "";
}

// --- the end --------------------------------------------------------------------------

/** "Alice wins!" or "Joint winners: Alice, Bob." */
export function winnersSentence(names) {
  return names.length === 1 ? t("{name} wins!", { name: names[0] }) : t("Joint winners: {names}.", { names: names.join(", ") });
}

export function blockedSentence() {
  return t("The game is blocked.");
}

export function blockedAfter(turns) {
  return t("The game is blocked after {turns}.", { turns: turnCount(turns) });
}

/** The end screen's news of a rematch dealt (by me or by someone else). */
export function rematchReady() {
  return t("A rematch is ready: join it with one click.");
}
