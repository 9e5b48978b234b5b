// The live game page's one state object, and functions over it: whose turn it is,
// my hand, which tiles fit, and applying what the server sends (snapshots and live
// events, each with the game's version). No DOM and no socket: the shell feeds the
// messages in and renders what the state says. The fields under "placing" belong to
// the game module (docs/frontend.md): the shell only reads `picked`.
import { shownNames } from "./names.js";

/** The state of the page for game `gameId`, shown by the game module of `kind`. */
export function createState({ gameId, kind }) {
  return {
    gameId, // this page's game
    kind, // the game's kind ("chromino", …): which game module shows it
    version: null, // the game version last applied from a snapshot or a live event; null before the first
    seat: null, // my seat, or null when I watch (or my device's local seats' hands are hidden)
    localSeats: [], // the seats played on this device (pass-and-play), shown one at a time
    players: [], // display names, by seat
    bots: [], // bot kind by seat ("greedy", …), null for a person
    assistance: [], // each seat's help level ("beginner", "intermediate", "none"), null for a bot
    userIds: [], // each seat's person (their profile: /players/{id}), null for a bot
    botAccounts: [], // each seat: whether a bot account (a program, docs/bots.md) plays it
    ratings: [], // each seat's rating as I may see it ({rating, provisional, hidden}), null: none shown
    solo: false, // a one-player game
    game: null, // the protocol's `state`: everything I may see of the game
    legal: null, // legal placements for me now ({tile, …placement, contacts, points?}); null when not shown
    deadline: null, // end of the current turn, Unix seconds on the server's clock, or null (untimed)
    clockSkew: 0, // server clock minus this browser's, in seconds (estimated when a turn starts)
    presence: { connected: [], spectators: 0 }, // which seats have the game open, how many watch
    log: [], // the move log: [{version, text, tile, note?}] oldest first
    caughtUp: [], // events replayed on (re)connecting, waiting for the snapshot that follows them
    loggedVersion: 0, // the highest version whose event is in the log (or skipped by a snapshot)
    logGap: false, // a snapshot skipped some events: the log misses earlier moves
    lastPlaced: null, // the latest tile laid (a placement), outlined on the board
    moment: null, // going out or winning just seen live: {kind: "out" | "won", seats, version}, for a moment of motion
    endEvent: null, // the event that ended the game (its end points), once the page has seen it
    connection: "connecting", // "connecting" | "syncing" | "open" | "lost" | "gone" (no such game)
    away: [], // per seat: whether a bot plays for it while its player is away
    botTold: [], // per seat: whether the log has said since their last own move that a bot plays for them
    turnDays: null, // a turn-based game's waking days per move (0: no clock); null: real time
    onTimeout: null, // what a turn-based game does when the mover's time runs out
    awayUntil: [], // per seat: when its player's days away end (Unix seconds), while away
    goneCode: null, // with "gone": why ("no_such_game", or "no_spectators": the game is its players' alone)
    everConnected: false, // a snapshot arrived once (so a later drop is a "lost" connection)
    pending: null, // the command sent and not answered yet: {id, message}
    error: "", // why the server refused my last command (shown under the hand)
    errorOffline: false, // that error is "not connected": it goes when the connection is back
    endClosed: false, // the end screen was closed to look at the board
    nextGame: null, // the rematch's game id, once someone asked for one (snapshot's next_game, "rematch" message)
    rematchAsked: false, // I asked for it myself
    endOffer: null, // the standing offer to end by agreement ({by, version, accepted, waiting}), or null
    soloBest: { before: undefined, after: undefined }, // my personal best of this game's kind before and after this solo game (GET /api/me/solo-best)
    // --- placing: set by the game module ---
    picked: null, // name of the tile picked from my hand, or null
    orientation: null, // how the picked tile is turned, in the game's own terms (Chromino: "E", "S", "W", "N")
    ghost: null, // the board cell under the picked tile ({x, y} in the game's coordinates), or null
    drag: null, // a drag from the hand under way: {tile, pointerId, startX, startY, moving}
    view: null, // the board camera (board.js's createView), made by the game module
  };
}

// --- derived values -------------------------------------------------------------------

export function myHand(state) {
  if (state.seat === null || !state.game) return [];
  return state.game.hands[state.seat] || [];
}

export function isMyTurn(state) {
  return Boolean(state.game && state.seat !== null && !state.game.finished && state.game.current === state.seat);
}

/** Whether a bot playing for a person here means their time ran out: in a game played
 * over days a bot takes a seat only then (such tables give no grace for absences). */
export function timeRanOut(state) {
  return state.turnDays !== null && state.turnDays !== undefined;
}

/** Whether the game counts points: its `scoring` option says so; a game without one always does (Triominos). */
export function isScoring(state) {
  if (!state.game) return false;
  const scoring = state.game.options.scoring;
  return scoring === undefined || scoring !== "none";
}

/** The seats shown as winners (a star): nobody in a blocked solo game — alone, a blocked game is not won. */
export function shownWinners(state) {
  const game = state.game;
  if (!game?.finished) return [];
  if (state.solo && game.ended_by === "blocked") return [];
  return game.winners;
}

/** The tiles of my hand that fit somewhere now (from the server's legal placements). */
export function playableTiles(state) {
  return new Set((state.legal || []).map((entry) => entry.tile));
}

// --- applying what the server says ----------------------------------------------------

/**
 * `game` in the functions below is what they need of the game module:
 *   describe(version, event) → the event's lines for the move log
 *   placementOf(event)       → the placement a "play" event laid
 *   dealtTiles               → how many tiles lie on the board before the first move
 */

/**
 * A snapshot ("welcome" or "state"): the whole game as I may see it. Logs the events
 * replayed before it. Returns {first, wasMyTurn, resend}: whether it is the page's
 * first, whether it was my turn before, and a command to send again (or null).
 */
export function applySnapshot(state, message, game) {
  const wasMyTurn = isMyTurn(state);
  const first = !state.everConnected;
  state.kind = message.game ?? state.kind;
  state.seat = message.seat ?? null;
  state.localSeats = message.local_seats || [];
  state.bots = message.bots || [];
  state.assistance = message.assistance || [];
  state.userIds = message.user_ids || [];
  state.botAccounts = message.bot_accounts || [];
  state.ratings = message.ratings || [];
  state.players = shownNames(message.players || message.state.players || [], state.bots);
  state.solo = Boolean(message.solo);
  state.game = message.state;
  state.legal = message.legal ?? null;
  state.drawHeld = Boolean(message.draw_held); // the help level, not the rules, keeps Draw off
  state.deadline = message.deadline ?? null;
  if (message.presence) state.presence = message.presence;
  if (message.next_game) state.nextGame = message.next_game;
  if (message.type === "welcome") state.rematchAsked = false; // a rematch asked before a reconnection is in next_game, or was never dealt
  state.endOffer = message.end_offer ?? null;
  state.away = message.away || [];
  state.turnDays = message.turn_days ?? null;
  state.onTimeout = message.on_timeout ?? null;
  state.awayUntil = message.away_until || [];
  for (const replayed of state.caughtUp) logEvent(state, replayed.version, replayed.event, game);
  state.caughtUp = [];
  if (message.version > state.loggedVersion) {
    // The events in between were not sent: the log starts later than the game.
    if (state.loggedVersion === 0 && state.log.length === 0) state.logGap = message.version > 0;
    else state.logGap = true;
    state.loggedVersion = message.version;
  }
  state.version = message.version;
  if (!state.lastPlaced && state.game.board.length > game.dealtTiles) state.lastPlaced = state.game.board.at(-1);
  state.connection = "open";
  state.everConnected = true;
  // A command sent just before the connection dropped is sent again (same id, so it
  // is applied at most once) if the game has not moved since; otherwise it is settled.
  const pending = state.pending;
  state.pending = null;
  let resend = null;
  if (pending && pending.message.version === state.version && isMyTurn(state)) {
    state.pending = pending;
    resend = pending.message;
  }
  return { first, wasMyTurn, resend };
}

/**
 * An "event" message. A live one carries what changed in the game (`changes`, and
 * `added`: the new items of lists that grew, the board's new tile) or, rarely, the
 * whole `state`; one replayed on (re)connecting carries neither and waits for the
 * snapshot that follows it. A live one already applied is ignored; a delta after a
 * gap changes nothing and returns {missed: true} (the page asks for what it missed).
 * Otherwise returns {lines, wasMyTurn, turnMoved, placed, gap}: the log lines it
 * added, whether it was my turn before, whether the turn moved to another seat,
 * whether a tile was laid, and whether events were missed before it (a whole state).
 */
export function applyEvent(state, message, game) {
  const live = Boolean(message.state || message.changes);
  if (!live) {
    state.caughtUp.push(message); // logged when the snapshot that follows arrives
    return null;
  }
  if (state.version !== null && message.version <= state.version) return null; // already applied
  const gap = state.version !== null && message.version > state.version + 1;
  if ((gap || !state.game) && !message.state) return { missed: true }; // nothing to apply it to
  const wasMyTurn = isMyTurn(state);
  const previousCurrent = state.game?.current;
  const event = message.event;
  const lines = logEvent(state, message.version, event, game);
  const placed = event.action === "play";
  if (placed) state.lastPlaced = game.placementOf(event);
  state.game = message.state || withChanges(state.game, message.changes, message.added);
  state.legal = message.legal ?? null;
  state.drawHeld = Boolean(message.draw_held); // the help level, not the rules, keeps Draw off
  if (message.state || "deadline" in message) state.deadline = message.deadline ?? null; // a delta sends it when it changed
  state.version = message.version;
  const seconds = state.game.options.turn_seconds;
  if (state.deadline && seconds && (previousCurrent !== state.game.current || event.action === "timeout")) {
    // A turn just started on the server: its deadline is "now + turn_seconds" there.
    state.clockSkew = state.deadline - seconds - Date.now() / 1000;
  }
  if (state.game.finished) state.endClosed = false;
  // Pass-and-play: the turn of the local seat shown is over; the server sent the view
  // without its hand, and the page forgets the seat at once (handoff.js).
  if (state.localSeats.length && state.seat !== null && (state.game.finished || state.game.current !== state.seat)) state.seat = null;
  return { lines, wasMyTurn, turnMoved: previousCurrent !== state.game.current, placed, gap };
}

/** The game after a delta: a new object (the page redraws what is no longer the same),
 * each changed field replaced, each grown list a new list with its new items. */
export function withChanges(game, changes, added = {}) {
  const next = { ...game, ...changes };
  for (const [key, items] of Object.entries(added)) next[key] = [...game[key], ...items];
  return next;
}

/** Add an event to the move log (once per version); the lines added. A bot's first
 * move in a person's seat comes after the line saying why it plays there, should the
 * page not have heard that live (it opened later: the log is rebuilt from the events). */
export function logEvent(state, version, event, game) {
  if (version <= state.loggedVersion) return [];
  state.loggedVersion = version;
  if (event.finished) state.endEvent = event;
  const lines = [];
  if (event.stand_in && !state.botTold[event.seat]) lines.push({ version, text: game.standIn(event.seat), tile: null, note: true });
  state.botTold[event.seat] = Boolean(event.stand_in);
  lines.push(...game.describe(version, event));
  state.log.push(...lines);
  return lines;
}

/**
 * An "away" message: a bot starts (or stops) playing for a seat. The move log says so
 * (`text`, worded by the shell); returns the line added (null when nothing changed).
 */
export function applyAway(state, message, text) {
  if (Boolean(state.away[message.seat]) === message.away) return null;
  state.away = state.players.map((_, seat) => (seat === message.seat ? message.away : Boolean(state.away[seat])));
  const line = { version: message.version, text, tile: null, note: true };
  state.log.push(line);
  state.botTold[message.seat] = message.away;
  return line;
}

/** A seated player changed their help level: every seat's, as it is now. */
export function applyAssistance(state, message) {
  state.assistance = message.assistance || [];
}

export function applyPresence(state, message) {
  state.presence = { connected: message.connected || [], spectators: message.spectators || 0 };
}

/** The server took my command. */
export function applyAck(state, message) {
  if (state.pending && state.pending.id === message.id) state.pending = null;
}

/**
 * The server refused something. Returns {gone} when the game does not exist, else
 * {resync}: whether the page should ask for the events it missed.
 */
export function applyError(state, message) {
  if (message.code === "no_such_game" || message.code === "no_spectators" || message.code === "reload") {
    // No such game, one only its players may watch, or a server that speaks a newer
    // protocol than this page (it was upgraded): nothing to reconnect to.
    state.connection = "gone";
    state.goneCode = message.code;
    return { gone: true, resync: false };
  }
  if (state.pending && (!message.id || message.id === state.pending.id)) state.pending = null;
  return { gone: false, resync: message.code === "stale_version" || message.code === "conflict" };
}
