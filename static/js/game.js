// The live game page. One websocket to the game (docs/protocol.md), one state
// object, functions that change it, and one renderer that reads it, run at most
// once a frame. No rules here: the server sends the legal placements, the
// page shows them and reports the player's choice.
import { api, boot, el, toast } from "./api.js";
import { createView, fitView, keepInView, mountBoard, wireViewControls } from "./board.js";
import { t } from "./i18n.js";
import {
  DIRS,
  FLIP,
  ROTATE,
  bounds,
  centreOf,
  directionName,
  placementAround,
  sameWay,
  tileIcon,
  tileLabel,
} from "./tiles.js";

const preferences = boot.me?.preferences || {};
const $ = (id) => document.getElementById(id);

// --- the state ------------------------------------------------------------------

const state = {
  gameId: boot.page?.game_id, // this page's game
  version: null, // the game version last applied from a snapshot or a live event; null before the first
  seat: null, // my seat, or null when I watch
  players: [], // display names, by seat
  bots: [], // bot kind by seat ("greedy", …), null for a person
  solo: false, // a one-player game
  game: null, // the protocol's `state`: everything I may see of the game
  legal: null, // legal placements for me now ({tile, x, y, dir, contacts, points?}); null when not shown
  deadline: null, // end of the current turn, Unix seconds on the server's clock, or null (untimed)
  clockSkew: 0, // server clock minus this browser's, in seconds (estimated when a turn starts)
  presence: { connected: [], spectators: 0 }, // which seats have the game open, how many watch
  log: [], // the move log: [{version, text, tile}] oldest first
  caughtUp: [], // events replayed on (re)connecting, waiting for the snapshot that follows them
  loggedVersion: 0, // the highest version whose event is in the log (or skipped by a snapshot)
  logGap: false, // a snapshot skipped some events: the log misses earlier moves
  lastPlaced: null, // the latest tile laid, outlined on the board
  connection: "connecting", // "connecting" | "syncing" | "open" | "lost" | "gone" (no such game)
  everConnected: false, // a snapshot arrived once (so a later drop is a "lost" connection)
  pending: null, // the command sent and not answered yet: {id, message}
  error: "", // why the server refused my last command (shown under the hand)
  picked: null, // name of the tile picked from my hand, or null
  dir: "E", // the direction the picked tile is turned to (E: letters in name order)
  ghost: null, // {x, y}: the cell under the picked tile's middle square, or null
  drag: null, // a drag from the hand under way: {tile, pointerId, startX, startY, moving}
  view: createView(), // the board camera (see board.js)
  endClosed: false, // the end screen was closed to look at the board
};

// Derived values. Targets are cached by identity so the board redraws them only when they change.

function myHand() {
  if (state.seat === null || !state.game) return [];
  return state.game.hands[state.seat] || [];
}

function isMyTurn() {
  return Boolean(state.game && state.seat !== null && !state.game.finished && state.game.current === state.seat);
}

function isScoring() {
  return Boolean(state.game && state.game.options.scoring && state.game.options.scoring !== "none");
}

function playableTiles() {
  return new Set((state.legal || []).map((entry) => entry.tile));
}

let targetCache = { legal: undefined, tile: undefined, dir: undefined, list: [] };

/** Legal entries for the picked tile turned as it is: [{placement, centre, points}]. */
function currentTargets() {
  if (!state.legal || !state.picked || !isMyTurn()) return [];
  const { legal, picked, dir } = state;
  if (targetCache.legal === legal && targetCache.tile === picked && targetCache.dir === dir) return targetCache.list;
  const list = legal
    .filter((entry) => entry.tile === picked && sameWay(picked, entry.dir, dir))
    .map((entry) => ({
      placement: { tile: entry.tile, x: entry.x, y: entry.y, dir: entry.dir },
      centre: centreOf(entry),
      points: isScoring() ? entry.points : undefined,
      contacts: entry.contacts,
    }));
  targetCache = { legal, tile: picked, dir, list };
  return list;
}

/** The target a cell designates: one centred on it, else the nearest one covering it. */
function targetAt(cell) {
  const targets = currentTargets();
  const exact = targets.find((target) => target.centre.x === cell.x && target.centre.y === cell.y);
  if (exact) return exact;
  let best = null;
  let bestDistance = Infinity;
  for (const target of targets) {
    const [dx, dy] = DIRS[target.placement.dir];
    const covers = [0, 1, 2].some((i) => target.placement.x + i * dx === cell.x && target.placement.y + i * dy === cell.y);
    if (!covers) continue;
    const distance = Math.abs(target.centre.x - cell.x) + Math.abs(target.centre.y - cell.y);
    if (distance < bestDistance) [best, bestDistance] = [target, distance];
  }
  return best;
}

/** What the ghost shows: the placement, and "target" / "off" (not a listed place) / "free" (no list). */
function ghostScene() {
  if (!state.picked || !state.ghost) return null;
  const target = state.legal && isMyTurn() ? targetAt(state.ghost) : null;
  if (target && target.centre.x === state.ghost.x && target.centre.y === state.ghost.y) {
    return { placement: target.placement, status: "target", points: target.points };
  }
  const placement = placementAround(state.picked, state.dir, state.ghost.x, state.ghost.y);
  return { placement, status: state.legal && isMyTurn() ? "off" : "free" };
}

function nameOf(seat) {
  return state.players[seat] ?? t("Seat {number}", { number: seat + 1 });
}

// --- connection -------------------------------------------------------------------

const clientId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
let commandCount = 0;
const socket = { ws: null, attempts: 0, retryTimer: 0, pingTimer: 0, lastHeard: 0, leaving: false };

function connect() {
  clearTimeout(socket.retryTimer);
  if (socket.ws || state.connection === "gone" || socket.leaving) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  // The first time, since=0 asks for every event so far (the move log), then a snapshot;
  // a game too far along for that gets a plain `welcome`.
  const since = state.version ?? 0;
  const url = `${scheme}//${location.host}/ws/games/${encodeURIComponent(state.gameId)}?since=${since}`;
  const ws = new WebSocket(url);
  socket.ws = ws;
  ws.addEventListener("open", () => {
    if (socket.ws !== ws) return;
    socket.lastHeard = Date.now();
    if (state.connection !== "open") state.connection = state.everConnected ? "syncing" : "connecting";
    clearInterval(socket.pingTimer);
    socket.pingTimer = setInterval(keepAlive, 15000);
    requestRender();
  });
  ws.addEventListener("message", (message) => {
    if (socket.ws !== ws) return;
    socket.lastHeard = Date.now();
    let data;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    receive(data);
  });
  ws.addEventListener("close", () => {
    if (socket.ws !== ws) return;
    socket.ws = null;
    clearInterval(socket.pingTimer);
    if (state.connection === "gone" || socket.leaving) return requestRender();
    state.connection = "lost";
    const delay = Math.min(10000, 500 * 2 ** socket.attempts) * (0.75 + Math.random() / 2);
    socket.attempts += 1;
    socket.retryTimer = setTimeout(connect, delay);
    requestRender();
  });
}

/** A ping now and then; a socket silent for too long is dropped and reopened. */
function keepAlive() {
  const ws = socket.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  if (Date.now() - socket.lastHeard > 40000) {
    ws.close();
    return;
  }
  ws.send(JSON.stringify({ type: "ping" }));
}

function reconnectNow() {
  if (socket.ws || state.connection === "gone") return;
  socket.attempts = 0;
  connect();
}

/** Send a command ("play", "draw", "pass") with a fresh id and the version I decided on. */
function command(type, fields = {}) {
  const ws = socket.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN || state.connection !== "open" || state.version === null) {
    state.error = t("Not connected: wait for the connection to come back, then try again.");
    requestRender();
    return false;
  }
  commandCount += 1;
  const message = { type, id: `${clientId}-${commandCount}`, version: state.version, ...fields };
  state.pending = { id: message.id, message };
  state.error = "";
  ws.send(JSON.stringify(message));
  requestRender();
  return true;
}

function sync() {
  if (socket.ws && socket.ws.readyState === WebSocket.OPEN) {
    socket.ws.send(JSON.stringify({ type: "sync", version: state.version }));
  }
}

// --- what the server says -------------------------------------------------------

function receive(message) {
  switch (message.type) {
    case "welcome":
    case "state":
      applySnapshot(message);
      break;
    case "event":
      if (message.state) applyLiveEvent(message);
      else state.caughtUp.push(message); // logged when the snapshot that follows arrives
      break;
    case "presence":
      state.presence = { connected: message.connected || [], spectators: message.spectators || 0 };
      break;
    case "ack":
      if (state.pending && state.pending.id === message.id) state.pending = null;
      break;
    case "error":
      applyError(message);
      break;
    default:
      break; // "pong", and anything newer than this page
  }
  requestRender();
}

function applySnapshot(message) {
  const wasMyTurn = isMyTurn();
  const first = !state.everConnected;
  state.seat = message.seat ?? null;
  state.players = message.players || message.state.players || [];
  state.bots = message.bots || [];
  state.solo = Boolean(message.solo);
  state.game = message.state;
  state.legal = message.legal ?? null;
  state.deadline = message.deadline ?? null;
  if (message.presence) state.presence = message.presence;
  for (const replayed of state.caughtUp) logEvent(replayed.version, replayed.event);
  state.caughtUp = [];
  if (message.version > state.loggedVersion) {
    // The events in between were not sent: the log starts later than the game.
    if (state.loggedVersion === 0 && state.log.length === 0) state.logGap = message.version > 0;
    else state.logGap = true;
    state.loggedVersion = message.version;
  }
  state.version = message.version;
  if (!state.lastPlaced && state.game.board.length > 1) state.lastPlaced = state.game.board.at(-1);
  state.connection = "open";
  state.everConnected = true;
  socket.attempts = 0;
  // A command sent just before the connection dropped: resend it (same id, so it is
  // applied at most once) if the game has not moved since; otherwise it is settled.
  const pending = state.pending;
  state.pending = null;
  if (pending && pending.message.version === state.version && isMyTurn() && socket.ws) {
    state.pending = pending;
    socket.ws.send(JSON.stringify(pending.message));
  }
  afterChange(wasMyTurn, first);
  if (first) {
    const game = state.game;
    const turn = isMyTurn() ? t("Your turn.") : t("{name}'s turn.", { name: nameOf(game.current) });
    announce(game.finished ? t("The game is over.") : turn);
  } else if (isMyTurn() && !wasMyTurn) {
    announce(t("Your turn."));
  }
}

function applyLiveEvent(message) {
  if (state.version !== null && message.version <= state.version) return; // already applied
  const gap = state.version !== null && message.version > state.version + 1;
  const wasMyTurn = isMyTurn();
  const previousCurrent = state.game?.current;
  const said = logEvent(message.version, message.event);
  if (message.event.action === "play") {
    const { tile, x, y, dir } = message.event;
    state.lastPlaced = { tile, x, y, dir };
    if (!state.view.follow) {
      // The player moved the view by hand: still bring a new tile into sight.
      const { width, height } = board.size();
      const box = bounds([state.lastPlaced]);
      keepInView(state.view, box.minX, box.minY, width, height, 0.5);
      keepInView(state.view, box.maxX, box.maxY, width, height, 0.5);
    }
  }
  state.game = message.state;
  state.legal = message.legal ?? null;
  state.deadline = message.deadline ?? null;
  state.version = message.version;
  const seconds = state.game.options.turn_seconds;
  if (state.deadline && seconds && (previousCurrent !== state.game.current || message.event.action === "timeout")) {
    // A turn just started on the server: its deadline is "now + turn_seconds" there.
    state.clockSkew = state.deadline - seconds - Date.now() / 1000;
  }
  if (state.game.finished) state.endClosed = false;
  afterChange(wasMyTurn, false);
  let next = "";
  if (!state.game.finished && previousCurrent !== state.game.current) {
    next = isMyTurn() ? t("Your turn.") : t("{name}'s turn.", { name: nameOf(state.game.current) });
  }
  announce([said, next].filter(Boolean).join(" "));
  if (gap) sync(); // the log missed events: ask for them
}

/** Keep the picked tile sensible after the game moved, and tell the player what changed. */
function afterChange(wasMyTurn, first) {
  const hand = myHand();
  if (state.picked && !hand.includes(state.picked)) unpick();
  if (state.game.finished) unpick();
  const drawn = state.game.drawn_tile;
  if (drawn && hand.includes(drawn) && state.picked !== drawn && isMyTurn()) {
    pick(drawn);
  }
  const myTurn = isMyTurn();
  if (myTurn && !wasMyTurn) {
    if (!first) playTurnSound();
  } else if (!myTurn && wasMyTurn && state.picked) {
    state.ghost = null;
  }
}

function applyError(message) {
  if (message.code === "no_such_game") {
    state.connection = "gone";
    state.error = t("This game does not exist.");
    return;
  }
  if (state.pending && (!message.id || message.id === state.pending.id)) state.pending = null;
  if (message.code === "stale_version" || message.code === "conflict") sync();
  state.error = refusal(message);
  announce(state.error);
}

/** The server's refusal in the player's language (the code is stable; the message is English). */
function refusal({ code, message }) {
  const texts = {
    not_your_turn: t("It is not your turn."),
    game_over: t("The game is over."),
    spectator: t("You are watching this game; only its players can move."),
    stale_version: t("The game moved on before your move arrived. Look again and retry."),
    conflict: t("The game moved on before your move arrived. Look again and retry."),
    assistance_draw_refused: t("At the Beginner level you cannot draw while one of your tiles fits."),
    tile_not_in_hand: t("That tile is not in your hand."),
    must_play_drawn_tile: t("After drawing, only the tile you drew may be laid."),
    last_tile_chameleon: t("A chameleon cannot be your last tile laid: draw or pass."),
    overlap: t("That place is already taken."),
    no_contact: t("A tile must touch the tiles on the board."),
    mismatch: t("Every square the tile touches must be the same colour (or a chameleon)."),
    too_few_contacts: t("The tile must touch at least two squares."),
    junior_one_contact: t("Junior rules: the tile must touch exactly one square."),
    junior_not_domino: t("Junior rules: lay it end to end, or against a chameleon's centre."),
    bag_empty: t("The bag is empty."),
    draw_limit: t("You cannot draw again this turn."),
    draw_while_playable: t("You cannot draw while one of your tiles fits."),
    pass_not_allowed: t("You cannot pass now."),
    unknown_tile: t("There is no such tile."),
    bad_placement: t("That is not a place for a tile."),
  };
  return texts[code] || message || t("Something went wrong.");
}

// --- the move log ---------------------------------------------------------------

/** Add an event to the log; returns it in words for the screen reader. */
function logEvent(version, event) {
  if (version <= state.loggedVersion) return "";
  state.loggedVersion = version;
  const name = nameOf(event.seat);
  const scoring = isScoring();
  let text;
  let tile = null;
  switch (event.action) {
    case "play":
      tile = event.tile;
      text =
        scoring && event.points !== undefined
          ? t("{name} laid {tile} for {points} points", { name, tile: event.tile, points: event.points })
          : t("{name} laid {tile}", { name, tile: event.tile });
      break;
    case "draw":
      tile = event.drawn || null;
      text = event.drawn ? t("{name} drew {tile}", { name, tile: event.drawn }) : t("{name} drew a tile", { name });
      break;
    case "pass":
      text = t("{name} passed", { name });
      break;
    case "timeout":
      text = event.penalty_tile
        ? t("{name} ran out of time and drew a penalty tile", { name })
        : t("{name} ran out of time", { name });
      if (scoring && event.points) text += " (" + t("{points} points", { points: event.points }) + ")";
      break;
    default:
      text = `${name}: ${event.action}`;
  }
  const lines = [{ version, text, tile }];
  if (event.went_out) lines.push({ version, text: t("{name} went out!", { name }), tile: null, note: true });
  for (const revealed of event.revealed || []) {
    const seat = typeof revealed === "number" ? revealed : revealed.seat;
    const shown = typeof revealed === "number" ? null : revealed.tile;
    lines.push({
      version,
      text: shown
        ? t("{name}'s last tile is face up: {tile}", { name: nameOf(seat), tile: shown })
        : t("{name}'s last tile is face up", { name: nameOf(seat) }),
      tile: shown,
      note: true,
    });
  }
  if (event.finished) lines.push({ version, text: t("The game is over."), tile: null, note: true });
  state.log.push(...lines);
  return lines.map((line) => spoken(line)).join(" ");
}

/** A log line as a screen reader should say it: tile names spelled out as colours. */
function spoken(line) {
  return line.tile ? `${line.text.replace(line.tile, tileLabel(line.tile))}.` : line.text;
}

// --- the player's actions -------------------------------------------------------

function pick(tile, { keyboard = false } = {}) {
  if (state.picked !== tile) {
    state.picked = tile;
    state.dir = "E";
    state.ghost = null;
  }
  state.error = "";
  if (keyboard) {
    state.ghost = startingGhost();
    if (state.ghost) keepGhostInView();
    board.svg.focus();
    announce(`${tileLabel(tile)}. ${ghostWords()}`);
  }
  requestRender();
}

function unpick() {
  state.picked = null;
  state.ghost = null;
  state.dir = "E";
}

function turn(to) {
  if (!state.picked) return;
  const ghost = state.ghost;
  state.dir = to[state.dir];
  // Keep the ghost on a target when there is one where it was.
  if (ghost && state.legal && isMyTurn() && !targetAt(ghost)) {
    const near = nearestTarget(ghost);
    if (near) state.ghost = { ...near.centre };
  }
  announce(`${directionName(state.dir)}. ${ghostWords()}`);
  requestRender();
}

/** Where a tile picked with the keyboard starts: the target nearest the view's centre, or that centre. */
function startingGhost() {
  const centre = { x: Math.floor(state.view.cx), y: Math.floor(state.view.cy) };
  const near = nearestTarget(centre);
  return near ? { ...near.centre } : centre;
}

function nearestTarget(cell) {
  let best = null;
  let bestDistance = Infinity;
  for (const target of currentTargets()) {
    const distance = Math.hypot(target.centre.x - cell.x, target.centre.y - cell.y);
    if (distance < bestDistance) [best, bestDistance] = [target, distance];
  }
  return best;
}

/** Arrow keys: to the next target that way when targets are shown, else one cell. */
function moveGhost(dx, dy) {
  if (!state.ghost) {
    state.ghost = startingGhost();
  } else {
    const targets = currentTargets();
    if (targets.length) {
      let best = null;
      let bestScore = Infinity;
      for (const target of targets) {
        const ox = target.centre.x - state.ghost.x;
        const oy = target.centre.y - state.ghost.y;
        const along = ox * dx + oy * dy;
        if (along <= 0) continue;
        const across = Math.abs(ox * dy - oy * dx);
        const score = along + 2 * across;
        if (score < bestScore) [best, bestScore] = [target, score];
      }
      if (!best) {
        announce(t("No highlighted place further that way."));
        return;
      }
      state.ghost = { ...best.centre };
    } else {
      state.ghost = { x: state.ghost.x + dx, y: state.ghost.y + dy };
    }
  }
  keepGhostInView();
  announce(ghostWords());
  requestRender();
}

function keepGhostInView() {
  // While the camera follows the board it already shows every target.
  if (state.view.follow && ghostScene()?.status === "target") return;
  const { width, height } = board.size();
  const before = `${state.view.cx},${state.view.cy}`;
  keepInView(state.view, state.ghost.x, state.ghost.y, width, height, 2);
  if (before !== `${state.view.cx},${state.view.cy}`) state.view.follow = false;
}

/** The ghost's cell and standing, in words. */
function ghostWords() {
  const scene = ghostScene();
  if (!scene) return "";
  const where = t("Column {x}, row {y}.", { x: state.ghost.x, y: state.ghost.y });
  if (scene.status === "target") {
    const points = scene.points !== undefined ? " " + t("{points} points", { points: scene.points }) + "." : "";
    return where + " " + t("It fits here.") + points;
  }
  if (scene.status === "off") return where + " " + t("Not a highlighted place.");
  return where;
}

function setGhost(cell) {
  const target = state.legal && isMyTurn() && cell ? targetAt(cell) : null;
  const next = target ? { ...target.centre } : cell;
  const same = (next && state.ghost && next.x === state.ghost.x && next.y === state.ghost.y) || next === state.ghost;
  if (same) return;
  state.ghost = next;
  requestRender();
}

/** Lay the picked tile so its middle square is on `cell`. */
function placeAt(cell) {
  if (!state.picked || !cell || !isMyTurn() || state.pending) return;
  if (state.legal) {
    const target = targetAt(cell);
    if (!target) {
      state.ghost = { ...cell };
      state.error = t("Not a highlighted place: pick one of the outlined places, or turn the tile.");
      requestRender();
      return;
    }
    const { tile, x, y, dir } = target.placement;
    command("play", { tile, x, y, dir });
    state.ghost = { ...target.centre };
  } else {
    const { tile, x, y, dir } = placementAround(state.picked, state.dir, cell.x, cell.y);
    command("play", { tile, x, y, dir });
    state.ghost = { ...cell };
  }
}

function tapCell(cell) {
  if (!state.picked) return;
  if (!isMyTurn()) return setGhost(cell);
  if (state.legal) {
    if (targetAt(cell)) placeAt(cell);
    else {
      state.ghost = { ...cell };
      requestRender();
    }
  } else if (state.ghost && state.ghost.x === cell.x && state.ghost.y === cell.y) {
    placeAt(cell); // a second tap on the ghost lays it
  } else {
    state.ghost = { ...cell };
    announce(ghostWords());
    requestRender();
  }
}

// --- sound and title ------------------------------------------------------------

let audio = null;

function unlockAudio() {
  if (!preferences.sound || audio) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (Context) audio = new Context();
}

/** Two soft notes made by the Web Audio API (no sound file). */
function playTurnSound() {
  if (!preferences.sound || !audio) return; // browsers allow sound only after a click or key press
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const start = audio.currentTime + 0.02;
  [659.25, 987.77].forEach((frequency, i) => {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    const at = start + i * 0.16;
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(0.16, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.45);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.5);
  });
}

let announceTimer = 0;
function announce(text) {
  if (!text) return;
  const region = $("announcer");
  clearTimeout(announceTimer);
  region.textContent = "";
  announceTimer = setTimeout(() => (region.textContent = text), 60);
}

// --- rendering ----------------------------------------------------------------------

let frame = 0;
function requestRender() {
  if (!frame) frame = requestAnimationFrame(render);
}

const board = mountBoard($("board"), {
  view: () => state.view,
  changed: requestRender,
  tap: tapCell,
  hover: (cell) => {
    if (state.picked && !state.drag) setGhost(cell);
  },
});

function render() {
  frame = 0;
  renderConnection();
  renderBoard();
  if (!state.game) return;
  renderStatus();
  renderHand();
  renderMoveBar();
  renderPlayers();
  renderLog();
  renderEnd();
  renderTitle();
}

function renderConnection() {
  const banner = $("connection-banner");
  const lost = state.connection === "lost" || state.connection === "syncing" || state.connection === "gone";
  banner.hidden = !lost;
  banner.dataset.state = state.connection;
  $("connection-text").textContent =
    state.connection === "gone"
      ? t("This game does not exist.")
      : state.connection === "syncing"
        ? t("Connected again — catching up…")
        : t("Connection lost — reconnecting…");
  document.body.classList.toggle("offline", lost);
}

function renderBoard() {
  const tiles = state.game ? state.game.board : [];
  if (state.view.follow && tiles.length) {
    const { width, height } = board.size();
    const all = [...tiles, ...currentTargets().map((target) => target.placement)];
    fitView(state.view, bounds(all), width, height, 2);
  }
  board.svg.classList.toggle("has-pick", Boolean(state.picked && isMyTurn()));
  board.draw({
    view: state.view,
    tiles,
    lastPlaced: state.lastPlaced,
    targets: currentTargets(),
    ghost: ghostScene(),
  });
}

function renderStatus() {
  const game = state.game;
  let line;
  if (game.finished) line = t("Game over");
  else if (isMyTurn()) line = t("Your turn");
  else line = t("{name}'s turn", { name: nameOf(game.current) });
  const turnLine = $("turn-line");
  turnLine.textContent = line;
  turnLine.classList.toggle("mine", isMyTurn());
  $("bag-count").textContent = t("Bag: {count}", { count: game.bag });
  renderTimer();
}

function renderTimer() {
  const timer = $("turn-timer");
  if (!state.game || !state.deadline || state.game.finished) {
    timer.hidden = true;
    return;
  }
  const left = Math.max(0, Math.ceil(state.deadline - (Date.now() / 1000 + state.clockSkew)));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  timer.hidden = false;
  if (timer.textContent !== text) timer.textContent = text;
  timer.classList.toggle("low", left <= 10);
}

const handButtons = new Map(); // tile name → its button (kept, so keyboard focus stays put)

function renderHand() {
  const area = $("hand-area");
  const watching = state.seat === null;
  area.hidden = watching;
  $("watching").hidden = !watching;
  if (watching) return;
  const hand = myHand();
  const list = $("hand");
  const playable = playableTiles();
  const hints = state.legal !== null && isMyTurn();
  for (const [tile, button] of handButtons) {
    if (!hand.includes(tile)) {
      button.parentElement.remove();
      handButtons.delete(tile);
    }
  }
  hand.forEach((tile, index) => {
    let button = handButtons.get(tile);
    if (!button) {
      button = el("button", { type: "button", class: "hand-tile", "data-testid": "hand-tile", "data-tile": tile });
      button.append(tileIcon(tile));
      button.addEventListener("click", (event) => onHandClick(event, tile));
      button.addEventListener("pointerdown", (event) => onHandPointerDown(event, tile));
      handButtons.set(tile, button);
    }
    const item = button.parentElement || el("li", {}, button);
    if (list.children[index] !== item) list.insertBefore(item, list.children[index] || null);
    const fits = hints && playable.has(tile);
    const drawn = state.game.drawn_tile === tile;
    button.classList.toggle("picked", state.picked === tile);
    button.classList.toggle("playable", fits);
    button.classList.toggle("unplayable", hints && !fits);
    button.classList.toggle("drawn", drawn);
    button.setAttribute("aria-pressed", String(state.picked === tile));
    const label = [tileLabel(tile)];
    if (fits) label.push(t("fits"));
    if (drawn) label.push(t("just drawn"));
    button.setAttribute("aria-label", label.join(", "));
  });
  $("hand-hint").textContent = handHint();
}

function handHint() {
  const game = state.game;
  if (game.finished) return myHand().length ? "" : t("No tiles left.");
  if (!isMyTurn()) return t("Waiting for {name}.", { name: nameOf(game.current) });
  if (state.legal === null) {
    return state.picked ? t("Choose a square for the tile's middle, then choose it again (or press “Lay it here”) to lay it.") : t("Pick a tile to lay.");
  }
  if (!state.legal.length) {
    return game.can_draw ? t("None of your tiles fits: draw a tile.") : t("None of your tiles fits.");
  }
  if (!state.picked) return t("Highlighted tiles fit somewhere: pick one.");
  const count = currentTargets().length;
  if (count) return count === 1 ? t("1 place for this tile this way.") : t("{count} places for this tile this way.", { count });
  const elsewhere = state.legal.some((entry) => entry.tile === state.picked);
  return elsewhere ? t("It does not fit this way: turn it.") : t("This tile does not fit anywhere.");
}

function renderMoveBar() {
  if (state.seat === null) return;
  const game = state.game;
  const myTurn = isMyTurn();
  const busy = Boolean(state.pending);
  const scene = ghostScene();
  for (const part of document.querySelectorAll(".move-bar, .keyboard-help")) part.hidden = game.finished;
  $("rotate").disabled = !state.picked;
  $("flip").disabled = !state.picked;
  $("cancel").disabled = !state.picked;
  $("place").disabled = !myTurn || busy || !scene || scene.status === "off";
  $("draw").disabled = !(myTurn && game.can_draw) || busy;
  $("pass").disabled = !(myTurn && game.can_pass) || busy;
  const preview = $("orientation-preview");
  const key = state.picked ? `${state.picked}:${state.dir}` : "";
  if (preview.dataset.key !== key) {
    preview.dataset.key = key;
    preview.replaceChildren(...(state.picked ? [tileIcon(state.picked, state.dir)] : []));
  }
  const error = $("move-error");
  error.hidden = !state.error;
  error.textContent = state.error;
}

function renderPlayers() {
  const game = state.game;
  const scoring = isScoring();
  const items = state.players.map((name, seat) => {
    const bot = state.bots[seat];
    const online = Boolean(state.presence.connected[seat]);
    const presence = bot ? "bot" : online ? "online" : "offline";
    const presenceText = bot ? t("bot") : online ? t("connected") : t("not connected");
    const count = game.hand_counts[seat];
    const details = [el("span", { class: "count", "data-testid": "tile-count" }, count === 1 ? t("1 tile") : t("{count} tiles", { count }))];
    if (scoring) {
      details.push(el("span", { class: "score", "data-testid": "score" }, t("{points} points", { points: game.scores[seat] })));
    }
    if (state.solo) {
      details.push(
        el("span", { class: "count" }, t("{turns} turns, {draws} drawn", { turns: game.turns_taken[seat], draws: game.tiles_drawn[seat] })),
      );
    }
    const seen = seat === state.seat ? null : game.hands[seat];
    const shown = seen && seen.length
      ? el(
          "span",
          {
            class: seen.length === 1 ? "revealed last-tile" : "revealed",
            "data-testid": seen.length === 1 ? "revealed-tile" : "open-hand",
            title: seen.length === 1 ? t("Last tile, face up") : t("Open hand"),
          },
          ...seen.map((tile) => {
            const icon = tileIcon(tile);
            icon.setAttribute("role", "img");
            icon.setAttribute("aria-label", tileLabel(tile));
            icon.removeAttribute("aria-hidden");
            return icon;
          }),
        )
      : null;
    const classes = ["player"];
    if (!game.finished && game.current === seat) classes.push("current");
    if (seat === state.seat) classes.push("me");
    if (game.finished && game.winners.includes(seat)) classes.push("winner");
    return el(
      "li",
      { class: classes.join(" "), "data-testid": "player", "data-seat": seat, "aria-current": !game.finished && game.current === seat ? "true" : null },
      el("span", { class: `presence ${presence}`, title: presenceText, "data-testid": "presence", "data-presence": presence }, el("span", { class: "visually-hidden" }, presenceText)),
      el(
        "span",
        { class: "player-name" },
        name,
        seat === state.seat ? el("span", { class: "you" }, " " + t("(you)")) : null,
        !game.finished && game.current === seat ? el("span", { class: "to-play" }, " · " + t("to play")) : null,
      ),
      el("span", { class: "player-details" }, ...details),
      shown,
    );
  });
  const key = JSON.stringify([state.players, state.presence, game.hand_counts, game.scores, game.current, game.hands, game.finished, state.seat]);
  const list = $("players");
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.replaceChildren(...items);
  }
  const spectators = state.presence.spectators;
  $("spectators").textContent = spectators ? t("Watching: {count}", { count: spectators }) : "";
}

function renderLog() {
  const list = $("move-log");
  const shown = Number(list.dataset.count || 0);
  if (shown === state.log.length && list.dataset.gap === String(state.logGap)) return;
  if (list.dataset.gap !== String(state.logGap)) {
    list.querySelector(".log-gap")?.remove();
    if (state.logGap) list.prepend(el("li", { class: "log-gap muted" }, t("Earlier moves are not listed.")));
    list.dataset.gap = String(state.logGap);
  }
  for (const line of state.log.slice(shown)) {
    const text = el("span", { class: "log-text" }, line.text);
    if (line.tile) text.append(" ", tileIcon(line.tile, "E", { class: "tile-icon log-tile" }));
    const number = el("span", { class: "log-version" }, line.note ? "" : `${line.version}.`);
    list.append(el("li", { class: line.note ? "note" : "", "data-version": line.version }, number, text));
  }
  list.dataset.count = String(state.log.length);
  list.scrollTop = list.scrollHeight;
}

function renderEnd() {
  const game = state.game;
  const screen = $("end-screen");
  const show = game.finished && !state.endClosed;
  const wasHidden = screen.hidden;
  screen.hidden = !show;
  if (!show) return;
  const names = game.winners.map(nameOf);
  let result;
  if (state.solo) {
    result =
      game.ended_by === "out"
        ? t("You emptied your hand in {turns} turns, drawing {draws} tiles.", { turns: game.turns_taken[0], draws: game.tiles_drawn[0] })
        : t("The game is blocked after {turns} turns.", { turns: game.turns_taken[0] });
  } else {
    const winners = names.length === 1 ? t("{name} wins!", { name: names[0] }) : t("Joint winners: {names}.", { names: names.join(", ") });
    result = game.ended_by === "blocked" ? t("The game is blocked.") + " " + winners : winners;
  }
  $("end-result").textContent = result;
  const scoring = isScoring();
  $("end-scores").replaceChildren(
    ...state.players.map((name, seat) =>
      el(
        "li",
        { class: game.winners.includes(seat) ? "winner" : "" },
        el("span", { class: "end-name" }, name),
        el(
          "span",
          { class: "end-figure" },
          scoring
            ? t("{points} points", { points: game.scores[seat] })
            : game.hand_counts[seat] === 1
              ? t("1 tile left")
              : t("{count} tiles left", { count: game.hand_counts[seat] }),
        ),
      ),
    ),
  );
  $("rematch").hidden = state.seat === null;
  $("replay-link").href = `/g/${encodeURIComponent(state.gameId)}/replay`;
  if (wasHidden) $("end-title").focus({ preventScroll: true });
}

function renderTitle() {
  const title = isMyTurn() ? "● " + t("Your turn") + " — " + t("Chromino online") : baseTitle;
  if (document.title !== title) document.title = title;
}
const baseTitle = document.title;

// --- wiring -------------------------------------------------------------------------

function onHandClick(event, tile) {
  if (Date.now() - dragEndedAt < 500) return; // the click that ends a drag
  const keyboard = event.detail === 0;
  if (state.picked === tile && !keyboard) {
    unpick();
    requestRender();
    return;
  }
  pick(tile, { keyboard });
}

let dragEndedAt = 0; // when the last drag from the hand ended (its click is not a pick)

function onHandPointerDown(event, tile) {
  if (event.button !== 0) return;
  unlockAudio();
  state.drag = { tile, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, moving: false };
  event.currentTarget.setPointerCapture(event.pointerId);
}

const avatar = el("div", { class: "drag-avatar", "aria-hidden": "true", hidden: true });
document.body.append(avatar);

function onDragMove(event) {
  const drag = state.drag;
  if (!drag || drag.pointerId !== event.pointerId) return;
  if (!drag.moving && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < 8) return;
  if (!drag.moving) {
    drag.moving = true;
    if (state.picked !== drag.tile) pick(drag.tile);
    document.body.classList.add("dragging-tile");
  }
  const cell = board.cellAt(event.clientX, event.clientY);
  if (cell) {
    avatar.hidden = true;
    setGhost(cell);
  } else {
    state.ghost = null;
    if (avatar.dataset.key !== `${state.picked}:${state.dir}`) {
      avatar.dataset.key = `${state.picked}:${state.dir}`;
      avatar.replaceChildren(tileIcon(state.picked, state.dir));
    }
    avatar.hidden = false;
    avatar.style.transform = `translate(${event.clientX}px, ${event.clientY}px)`;
    requestRender();
  }
}

function onDragEnd(event, cancelled) {
  const drag = state.drag;
  if (!drag || drag.pointerId !== event.pointerId) return;
  state.drag = null;
  avatar.hidden = true;
  document.body.classList.remove("dragging-tile");
  if (!drag.moving) return; // a plain click: the click handler picks the tile
  dragEndedAt = Date.now();
  const cell = cancelled ? null : board.cellAt(event.clientX, event.clientY);
  if (cell && isMyTurn()) placeAt(state.legal ? (targetAt(cell)?.centre ?? cell) : cell);
  requestRender();
}

document.addEventListener("pointermove", onDragMove);
document.addEventListener("pointerup", (event) => onDragEnd(event, false));
document.addEventListener("pointercancel", (event) => onDragEnd(event, true));

$("rotate").addEventListener("click", () => turn(ROTATE));
$("flip").addEventListener("click", () => turn(FLIP));
$("cancel").addEventListener("click", () => {
  unpick();
  requestRender();
});
$("place").addEventListener("click", () => placeAt(state.ghost));
$("draw").addEventListener("click", () => command("draw"));
$("pass").addEventListener("click", () => command("pass"));
$("end-close").addEventListener("click", () => {
  state.endClosed = true;
  requestRender();
});
$("rematch").addEventListener("click", async (event) => {
  event.currentTarget.disabled = true;
  try {
    const { game_id: next } = await api("POST", `/api/games/${encodeURIComponent(state.gameId)}/rematch`);
    location.assign(`/g/${encodeURIComponent(next)}`);
  } catch (problem) {
    event.currentTarget.disabled = false;
    toast(problem.message);
  }
});

const viewControls = wireViewControls(board, state.view, {
  reversed: preferences.reversed_arrows,
  onChange: requestRender,
});

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const PAN_NAMES = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

board.svg.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (state.picked) {
    if (ARROWS[event.key]) {
      event.preventDefault();
      moveGhost(...ARROWS[event.key]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!state.ghost) state.ghost = startingGhost();
      placeAt(state.ghost);
    }
    return;
  }
  if (ARROWS[event.key]) {
    event.preventDefault();
    viewControls.pan(PAN_NAMES[event.key]);
  } else if (event.key === "+" || event.key === "=") {
    event.preventDefault();
    viewControls.zoom(1.25);
  } else if (event.key === "-" || event.key === "_") {
    event.preventDefault();
    viewControls.zoom(0.8);
  } else if (event.key === "0") {
    event.preventDefault();
    viewControls.fit();
  }
});

document.addEventListener("keydown", (event) => {
  unlockAudio();
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
  if (event.key === "Escape" && !$("end-screen").hidden) {
    state.endClosed = true;
    requestRender();
    return;
  }
  if (!state.picked) return;
  const key = event.key.toLowerCase();
  if (key === "r") {
    event.preventDefault();
    turn(ROTATE);
  } else if (key === "f") {
    event.preventDefault();
    turn(FLIP);
  } else if (event.key === "Escape") {
    event.preventDefault();
    const tile = state.picked;
    const fromBoard = document.activeElement === board.svg;
    unpick();
    announce(t("Tile put back."));
    requestRender();
    if (fromBoard) handButtons.get(tile)?.focus();
  }
});

document.addEventListener("pointerdown", unlockAudio, { once: true });
window.addEventListener("online", reconnectNow);
// Going offline may leave the socket open but dead: say so at once and start over
// when the network comes back.
window.addEventListener("offline", () => socket.ws?.close());
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") reconnectNow();
});
window.addEventListener("pagehide", () => {
  socket.leaving = true;
  socket.ws?.close();
});
window.addEventListener("pageshow", (event) => {
  if (event.persisted) {
    socket.leaving = false;
    reconnectNow();
  }
});
setInterval(renderTimer, 250);

connect();
requestRender();
