// The game's websocket (docs/protocol.md), kept open for as long as the page is:
// it reopens after a drop with a growing pause, asks each time for what happened
// since the last version the page applied, pings to notice a socket that died
// without closing, and gives every command an id so that one sent again after a
// drop is applied at most once. No DOM and no game state: the page passes
// callbacks in and decides what the messages mean.

const PROTOCOL = 2; // the protocol this page speaks (web/protocol.py); a server of another one says "reload"
const PING_EVERY_MS = 15000; // often enough that proxies keep an idle socket open
const SILENCE_LIMIT_MS = 40000; // heard nothing for this long: the socket is dead, reopen it
const FIRST_RETRY_MS = 500; // the first pause after a drop; it doubles up to…
const LONGEST_RETRY_MS = 10000; // …this

/**
 * new GameConnection({path, since, onOpen, onMessage, onClose}):
 *   path        the socket's path, "/ws/games/<id>"
 *   since()     the version the page last applied (0 before any): the server
 *               replays the events after it, then sends a snapshot
 *   onOpen()    the socket opened (its first message is on its way)
 *   onMessage(message)  a message, parsed
 *   onClose(retrying)   the socket closed; `retrying` is false once stopped or
 *               while the page is being left
 *   params()    (optional) more of the socket's query, {name: value}, asked at
 *               each opening (the chat's `chat_since`); null values are left out
 * start() opens it and follows the network and the page's visibility.
 */
export class GameConnection {
  constructor({ path, since, onOpen, onMessage, onClose, params = () => ({}) }) {
    this.path = path;
    this.since = since;
    this.params = params;
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onClose = onClose;
    this.ws = null; // the socket, while one is open or opening
    this.attempts = 0; // reopenings since the last snapshot (for the backoff)
    this.retryTimer = 0;
    this.pingTimer = 0;
    this.lastHeard = 0; // when the server last said anything (Date.now())
    this.leaving = false; // the page is being left (or put in the back-forward cache)
    this.stopped = false; // for good: the game does not exist
    // Ids unique to this page, so the server can tell a command sent again from a new one.
    this.clientId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    this.commandCount = 0;
  }

  start() {
    window.addEventListener("online", () => this.reconnectNow());
    // Going offline may leave the socket open but dead: say so at once and start
    // over when the network comes back.
    window.addEventListener("offline", () => this.abandon());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
    window.addEventListener("pagehide", () => {
      this.leaving = true;
      this.ws?.close();
    });
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) {
        this.leaving = false;
        this.reconnectNow();
      }
    });
    this.connect();
  }

  connect() {
    clearTimeout(this.retryTimer);
    if (this.ws || this.stopped || this.leaving) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = new URLSearchParams({ protocol: String(PROTOCOL), since: String(this.since()) });
    for (const [name, value] of Object.entries(this.params())) {
      if (value !== null && value !== undefined) query.set(name, String(value));
    }
    const ws = new WebSocket(`${scheme}//${location.host}${this.path}?${query}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      this.lastHeard = Date.now();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.keepAlive(), PING_EVERY_MS);
      this.onOpen();
    });
    ws.addEventListener("message", (message) => {
      if (this.ws !== ws) return;
      this.lastHeard = Date.now();
      let data;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      this.onMessage(data);
    });
    ws.addEventListener("close", () => this.closed(ws));
  }

  /** The socket `ws` is over: forget it, tell the page, and plan the next try. */
  closed(ws) {
    if (this.ws !== ws) return;
    this.ws = null;
    clearInterval(this.pingTimer);
    if (this.stopped || this.leaving) {
      this.onClose(false);
      return;
    }
    const delay = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.attempts) * (0.75 + Math.random() / 2);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
    this.onClose(true);
  }

  /**
   * Give up on the open socket now. A socket whose network is gone can take long
   * to report its close (its closing handshake has nowhere to go), so the page
   * does not wait for it: it is treated as closed at once and its late "close"
   * event is ignored.
   */
  abandon() {
    const ws = this.ws;
    if (!ws) return;
    this.closed(ws);
    ws.close();
  }

  /** A ping now and then; a socket silent for too long is dropped and reopened. */
  keepAlive() {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastHeard > SILENCE_LIMIT_MS) {
      this.abandon();
      return;
    }
    ws.send(JSON.stringify({ type: "ping" }));
  }

  /** Reopen at once, without waiting for the backoff (the network or the page is back). */
  reconnectNow() {
    if (this.ws || this.stopped) return;
    this.attempts = 0;
    this.connect();
  }

  /** A snapshot arrived: the connection works again, so the next drop starts the backoff over. */
  resetBackoff() {
    this.attempts = 0;
  }

  /** Never reconnect (the game does not exist). */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
  }

  isOpen() {
    return Boolean(this.ws && this.ws.readyState === WebSocket.OPEN);
  }

  /** Send a message as it is; false when no socket is open. */
  send(message) {
    if (!this.isOpen()) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** A fresh command id, unique to this page. */
  nextId() {
    this.commandCount += 1;
    return `${this.clientId}-${this.commandCount}`;
  }

  /** Send a command ("play", "draw", "pass") with a fresh id, decided at `version`; the message, or null. */
  sendCommand(type, version, fields = {}) {
    if (!this.isOpen()) return null;
    const message = { type, id: this.nextId(), version, ...fields };
    this.send(message);
    return message;
  }

  /** Send a message that is no move (a chat line: no `version`) with a fresh id; the message, or null. */
  sendWithId(type, fields = {}) {
    if (!this.isOpen()) return null;
    const message = { type, id: this.nextId(), ...fields };
    this.send(message);
    return message;
  }

  /** Ask for the events after `version` (the page missed some) and a fresh snapshot. */
  sync(version) {
    this.send({ type: "sync", version });
  }
}
