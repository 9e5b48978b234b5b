// The game's socket (static/js/game/connection.js) read without a browser: a socket
// stand-in that opens and closes only when the test says, and a window whose
// network the test switches off.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";

class StandInSocket extends EventTarget {
  static OPEN = 1;
  static opened = [];

  constructor(url) {
    super();
    this.url = url;
    this.readyState = 0;
    this.closeCalls = 0;
    this.sent = [];
    StandInSocket.opened.push(this);
  }

  open() {
    this.readyState = StandInSocket.OPEN;
    this.dispatchEvent(new Event("open"));
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  /** Like a socket whose network is gone: the close is asked for and never reported. */
  close() {
    this.closeCalls += 1;
    this.readyState = 2;
  }

  reportClosed() {
    this.readyState = 3;
    this.dispatchEvent(new Event("close"));
  }
}

const connections = [];

beforeEach(() => {
  StandInSocket.opened = [];
  globalThis.window = new EventTarget();
  globalThis.document = Object.assign(new EventTarget(), { visibilityState: "visible" });
  globalThis.location = { protocol: "http:", host: "example.test" };
  globalThis.WebSocket = StandInSocket;
});

afterEach(() => {
  // Stopped and closed, so no retry or ping timer keeps the test run alive.
  for (const connection of connections.splice(0)) {
    connection.stop();
    connection.abandon();
  }
  for (const name of ["window", "document", "location", "WebSocket"]) delete globalThis[name];
});

async function started() {
  const { GameConnection } = await import("../../static/js/game/connection.js");
  const closes = [];
  const connection = new GameConnection({
    path: "/ws/games/abc",
    since: () => 4,
    onOpen: () => {},
    onMessage: () => {},
    onClose: (retrying) => closes.push(retrying),
  });
  connections.push(connection);
  connection.start();
  StandInSocket.opened[0].open();
  return { connection, closes, socket: StandInSocket.opened[0] };
}

test("the socket asks for what happened since the version the page applied", async () => {
  const { socket } = await started();
  assert.equal(socket.url, "ws://example.test/ws/games/abc?protocol=2&since=4");
});

test("losing the network closes the game's socket at once, without waiting for its close", async () => {
  const { connection, closes, socket } = await started();
  window.dispatchEvent(new Event("offline"));
  assert.deepEqual(closes, [true]);
  assert.equal(socket.closeCalls, 1);
  assert.equal(connection.isOpen(), false);
  assert.equal(connection.send({ type: "ping" }), false);
});

test("the abandoned socket's late close is not counted a second time", async () => {
  const { connection, closes, socket } = await started();
  window.dispatchEvent(new Event("offline"));
  socket.reportClosed();
  assert.deepEqual(closes, [true]);
});

test("the network coming back opens a new socket at once", async () => {
  const { connection } = await started();
  window.dispatchEvent(new Event("offline"));
  window.dispatchEvent(new Event("online"));
  assert.equal(StandInSocket.opened.length, 2);
  StandInSocket.opened[1].open();
  assert.equal(connection.isOpen(), true);
});
