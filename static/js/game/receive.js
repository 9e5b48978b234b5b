// What the server says to the live game page, and what the page says back: each message
// goes to the model (game/model.js) or to the chat, then the page is drawn again; the
// commands a player gives ("play", "draw", "pass") go out with the version shown. Each
// function takes the page's `ctx` (game/shell.js):
//   state, mounted ({game, play, hand}), connection, chat, sound, words (what the model
//   needs of the game module), announce(text), requestRender(), followKind(kind),
//   moveOn(gameId) (the socket moved on to a rematch)
import { api, toast } from "../api.js";
import { sentences } from "../i18n.js";
import { offerNews } from "./leaving.js";
import * as model from "./model.js";
import * as texts from "./texts.js";

/** One message from the game's socket. */
export function receive(ctx, message) {
  const { state, chat } = ctx;
  switch (message.type) {
    case "welcome":
    case "state":
      onSnapshot(ctx, message);
      break;
    case "event":
      onEvent(ctx, message);
      break;
    case "presence":
      model.applyPresence(state, message);
      break;
    case "assistance":
      model.applyAssistance(state, message);
      break;
    case "ack":
      if (!chat.ack(message)) model.applyAck(state, message);
      break;
    case "error":
      if (!chat.error(message)) onError(ctx, message);
      break;
    case "chat":
      chat.line(message);
      break;
    case "chat_status":
      chat.status(message);
      break;
    case "moved":
      if (message.game_id) ctx.moveOn(message.game_id); // the rematch's welcome comes next
      break;
    default:
      onNews(ctx, message); // the table's news, "pong", and anything newer than this page
  }
  ctx.requestRender();
}

/** An offer to end, a bot for an absent player, a rematch. */
function onNews(ctx, message) {
  const state = ctx.state;
  if (message.type === "end_offer") {
    state.endOffer = message.offer ?? null;
    ctx.announce(offerNews(state, message));
  } else if (message.type === "away") {
    const how = { mine: message.seat === state.seat, ranOut: model.timeRanOut(state) };
    const line = model.applyAway(state, message, texts.awayLine(texts.seatName(state, message.seat), message.away, how));
    if (line) ctx.announce(line.text);
  } else if (message.type === "rematch" && message.game_id && state.nextGame !== message.game_id) {
    state.nextGame = message.game_id;
    ctx.announce(state.rematchAsked ? "" : texts.rematchReady());
  }
}

function onSnapshot(ctx, message) {
  const { state, connection } = ctx;
  const { first, wasMyTurn, resend } = model.applySnapshot(state, message, ctx.words);
  ctx.chat.snapshot(message, state);
  connection.resetBackoff();
  if (state.errorOffline) {
    // The "not connected" refusal was about the connection, which is back.
    state.error = "";
    state.errorOffline = false;
  }
  if (first) rememberBest(ctx, state.game.finished ? "after" : "before");
  if (resend && !connection.send(resend)) state.pending = null;
  if (state.kind !== ctx.mounted.game.kind) ctx.followKind(state.kind);
  afterChange(ctx, wasMyTurn, first);
  if (first) ctx.announce(state.game.finished ? texts.gameOverSentence() : texts.turnSentence(state));
  else if (model.isMyTurn(state) && !wasMyTurn) ctx.announce(texts.turnSentence(state));
}

function onEvent(ctx, message) {
  const { state, mounted, sound } = ctx;
  const change = model.applyEvent(state, message, ctx.words);
  if (!change) return;
  if (change.missed) {
    sync(ctx); // a delta after events this page missed applies to nothing: ask for them
    return;
  }
  if (change.placed) {
    mounted.play.showPlaced(state.lastPlaced);
    sound.playLaid();
  }
  takeMoment(ctx, message);
  if (state.game.finished) rememberBest(ctx, "after");
  if (message.event.action === "timeout" && message.event.seat === state.seat) {
    // Told where the player looks, not only in the log: the clock played for them.
    toast(texts.myTimeRanOut(message.event));
    sound.playTimeout();
  }
  afterChange(ctx, change.wasMyTurn, false);
  const said = sentences(...change.lines.map((line) => texts.spoken(line, mounted.game.tileLabel)));
  const next = !state.game.finished && change.turnMoved ? texts.turnSentence(state) : "";
  ctx.announce(sentences(said, next));
  if (change.gap) sync(ctx); // the log missed events: ask for them
}

function onError(ctx, message) {
  const state = ctx.state;
  const { gone, resync } = model.applyError(state, message);
  if (gone) {
    ctx.connection.stop();
    state.error = texts.goneText(state.goneCode);
    return;
  }
  if (resync) sync(ctx);
  state.rematchAsked = false; // a rematch refused (a game not over, a ban) may be asked again
  state.error = texts.refusal(message, ctx.mounted.game.refusals?.());
  state.errorOffline = false;
  ctx.announce(state.error);
}

/**
 * Going out and winning, seen as they happen (not on joining a finished game): a moment
 * of motion on the rows concerned (state.moment; CSS, none with reduced motion) and a
 * sound when sound is on: a bright call for going out, a longer phrase for my win.
 */
function takeMoment(ctx, message) {
  const { state, sound } = ctx;
  const winners = model.shownWinners(state);
  state.moment = null; // the moment before is over
  if (state.game.finished) {
    state.moment = winners.length ? { kind: "won", seats: winners, version: message.version } : null;
    if (state.seat !== null && winners.includes(state.seat)) sound.playWin();
    else sound.playEnd();
  } else if (message.event.went_out) {
    state.moment = { kind: "out", seats: [message.event.seat], version: message.version };
    sound.playOut();
  }
}

/** After the game moved: the game module tidies the pick; my turn starting chimes. */
function afterChange(ctx, wasMyTurn, first) {
  ctx.mounted.play.afterChange(wasMyTurn);
  if (model.isMyTurn(ctx.state) && !wasMyTurn && !first) ctx.sound.playTurn();
}

/** Send a command ("play", "draw", "pass") decided at the version shown; false when offline. */
export function command(ctx, type, fields = {}) {
  const { state, connection } = ctx;
  if (state.connection !== "open" || state.version === null || !connection.isOpen()) {
    state.error = texts.notConnected();
    state.errorOffline = true;
    ctx.requestRender();
    return false;
  }
  const message = connection.sendCommand(type, state.version, fields);
  state.pending = { id: message.id, message };
  state.error = "";
  state.errorOffline = false;
  ctx.requestRender();
  return true;
}

function sync(ctx) {
  ctx.connection.sync(ctx.state.version);
}

/** My personal best of this kind, read when a solo game opens ("before") and once it ends ("after"). */
async function rememberBest(ctx, when) {
  const state = ctx.state;
  if (!state.solo || state.seat === null || state.soloBest[when] !== undefined) return;
  state.soloBest[when] = null; // asked
  try {
    state.soloBest[when] = await api("GET", `/api/me/solo-best?game=${encodeURIComponent(state.kind)}`);
  } catch {
    state.soloBest[when] = null;
  }
  ctx.requestRender();
}
