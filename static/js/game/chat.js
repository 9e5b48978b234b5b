// Table talk on the live game page (docs/protocol.md, "Table talk"): the Chat button
// with its count of unread lines, the panel beside the board (a sheet over the foot of
// a phone's screen), its lines, the preset reactions, free text where the table allows
// it, and the small actions on a line (report it, mute its author for me or, for the
// table's creator, at this table). Lines travel on the game's socket; the shell hands
// this module the messages about talk (`chat`, `chat_status`, a snapshot's `chat`, the
// acks and errors of its own lines). Every word said is put on the page as text only
// (el() makes text nodes: markup stays as typed, links are not made clickable).
import { api, boot, el } from "../api.js";
import { dateLocale, t, tn } from "../i18n.js";
import { personName } from "./names.js";

const $ = (id) => document.getElementById(id);

/** The preset reactions: the code on the wire and its English words, the catalogs' source
 * (the server's web/talk/presets.py has the same texts, so one translation serves both). */
export const PRESETS = [
  ["hello", () => t("Hello!")],
  ["good_game", () => t("Good game!")],
  ["well_played", () => t("Well played!")],
  ["oops", () => t("Oops!")],
  ["thinking", () => t("Thinking…")],
  ["hurry", () => t("Hurry up, please!")],
  ["thanks", () => t("Thanks!")],
  ["nice_move", () => t("Nice move!")],
  ["good_luck", () => t("Good luck!")],
  ["rematch", () => t("Rematch?")],
  ["bye", () => t("Bye!")],
  ["sorry", () => t("Sorry!")],
];
const PRESET_WORDS = new Map(PRESETS);

export const MAX_TEXT = 300; // characters in a line of free text (web/talk/lines.py)
const COUNTER_FROM = 240; // the counter shows from this many characters on
const SHEET = "(max-width: 900px)"; // narrower: the panel is a sheet over the foot of the screen
const SEEN_RATIO = 0.6; // a line is read once this much of it has been in view…
const SEEN_PX = 48; // …or this many pixels of a line taller than the chat's window
const SIDE_MARGIN_PX = 12; // between the side column and the window's foot
const OPEN_KEY = "chromino.chat-open"; // a wide screen keeps the panel open from game to game
const ANNOUNCE_DELAY_MS = 60;

// --- words ----------------------------------------------------------------------------

/** What a line says, in the reader's language: a preset as the server worded it for me
 * (its English words, translated here, if the server sent none), else the free text. */
export function lineWords(line) {
  if (line.preset) return line.said || PRESET_WORDS.get(line.preset)?.() || line.preset;
  return line.text || "";
}

function spectatorMark() {
  return t("watching");
}

function youMark() {
  return t("(you)");
}

/** A line as a screen reader hears it when it arrives. */
function spokenLine(line) {
  const words = lineWords(line);
  return line.room === "spectators"
    ? t("{name} (watching): {text}", { name: personName(line.name), text: words })
    : t("{name}: {text}", { name: personName(line.name), text: words });
}

/** Free text as the server keeps it: spaces and line breaks made single spaces, trimmed. */
function tidy(text) {
  return text.split(/\s+/).filter(Boolean).join(" ");
}

function refusalText(message) {
  switch (message.code) {
    case "chat_too_fast": {
      const seconds = Math.ceil(Number(message.retry_after));
      if (!(seconds > 0)) return t("Too fast: wait a moment before saying more.");
      return tn("Too fast: wait a second before saying more.", "Too fast: wait {count} seconds before saying more.", seconds);
    }
    case "chat_text_off":
      return t("Only the reactions are on at this table.");
    case "chat_muted":
      return t("The table's creator muted you.");
    case "chat_empty":
      return t("Write something first.");
    case "invalid_message":
      return t("That could not be sent: at most 300 characters, and text only.");
    default:
      return message.message || t("Something went wrong.");
  }
}

/**
 * One line as a list item (the live panel and the replay): when it was said, the
 * author's name in bold, "watching" for a spectator's, "(you)" for mine, then what it
 * says — text only.
 */
export function lineItem(line, { mine = false } = {}) {
  const spectator = line.room === "spectators";
  const classes = ["chat-line", mine ? "mine" : "", spectator ? "from-spectator" : "", line.preset ? "preset" : "text"];
  const when = Number.isFinite(line.at) ? new Date(line.at * 1000) : null;
  const time = when
    ? el("time", { class: "chat-time", datetime: when.toISOString() }, when.toLocaleTimeString(dateLocale(), { hour: "numeric", minute: "2-digit" }))
    : null;
  return el(
    "li",
    { class: classes.filter(Boolean).join(" "), "data-testid": "chat-line", "data-seq": line.seq, "data-room": line.room },
    el(
      "p",
      { class: "chat-said" },
      time,
      el("strong", { class: "chat-author", "data-testid": "chat-author" }, personName(line.name)),
      spectator ? el("span", { class: "chat-tag", "data-testid": "chat-spectator" }, spectatorMark()) : null,
      mine ? el("span", { class: "chat-you" }, youMark()) : null,
      el("span", { class: "chat-words", "data-testid": "chat-words" }, lineWords(line)),
    ),
  );
}

// --- the panel ------------------------------------------------------------------------

/**
 * The chat of the game page. `connection` sends (GameConnection); `gameId` names the
 * game for the HTTP actions. The shell calls: snapshot(message, view), line(message),
 * status(message), ack(message), error(message) → whether it was about a line said
 * here, closed() when the socket dropped, params() for the socket's query.
 */
export function createChat({ gameId, connection }) {
  const me = boot.me?.id ?? null;
  const chat = {
    known: false, // a snapshot carried the chat (a server without talk sends none)
    lines: new Map(), // seq → line, every line I hold
    newest: 0, // the newest seq I hold
    read: 0, // the newest seq I have read (the server's, then what I told it)
    readSent: 0, // the newest chat_read sent
    room: "players",
    text: false, // free text allowed now
    muted: false, // the table's creator muted me
    moderator: false, // I made the table
    table: null, // the table's invite code (for the free-text switch), when the page knows it
    creator: null, // the name of who made the table: the one who can turn free text on
    seated: false, // I play (only players tell the server what they read)
    solo: false,
    open: false,
    pending: new Map(), // id → {kind: "preset" | "text", text?}: lines sent, waiting for their ack
    lost: null, // the text of a line sent as the socket dropped: said or not, the next snapshot tells
    hidden: new Set(), // people I muted from this page: their lines go at once
    menu: null, // {seq, confirm: null | "report" | "mute" | "table"}: a line's actions shown
    status: "", // the line under the input: a refusal, or what an action did
    statusTimer: 0,
    announceTimer: 0,
  };
  const items = new Map(); // seq → its <li>
  const inView = new Set(); // the seqs of the lines in view now (the panel open, scrolled to them)
  let frame = 0;
  let stickToEnd = true; // the next render scrolls the list to its newest line
  let atEnd = true; // the list shows its newest line (kept there when the list changes size)
  let scrolledTo = -1; // where scrollToEnd() put the list: its own scroll events are not the reader's

  const panel = $("chat-panel");
  const list = $("chat-lines");
  const toggle = $("chat-toggle");
  const input = $("chat-input");
  const form = $("chat-form");
  const sheet = window.matchMedia(SHEET);

  function requestRender() {
    if (!frame) frame = requestAnimationFrame(render);
  }

  /** Lines come into view and go out of it as the list scrolls, the panel opens or closes
   * and the page scrolls: only a line that has been in view is read. */
  const watcher =
    typeof IntersectionObserver === "undefined"
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const seq = Number(entry.target.dataset.seq);
              const seen = entry.isIntersecting && (entry.intersectionRatio >= SEEN_RATIO || entry.intersectionRect.height >= SEEN_PX);
              if (seen) inView.add(seq);
              else inView.delete(seq);
            }
            if (reportRead()) requestRender();
          },
          { threshold: [0, SEEN_RATIO, 1] },
        );

  function isMine(line) {
    return me !== null && line.user === me;
  }

  function shown(line) {
    return !(line.user !== null && chat.hidden.has(line.user));
  }

  function unread() {
    let count = 0;
    for (const line of chat.lines.values()) if (line.seq > chat.read && !isMine(line) && shown(line)) count += 1;
    return count;
  }

  function take(line) {
    if (!line || !Number.isInteger(line.seq) || chat.lines.has(line.seq)) return false;
    chat.lines.set(line.seq, line);
    chat.newest = Math.max(chat.newest, line.seq);
    return true;
  }

  // --- what the server says ---

  function snapshot(message, view) {
    const talk = message.chat;
    chat.seated = view.seat !== null;
    chat.solo = view.solo;
    if (!talk) {
      chat.known = false;
      requestRender();
      return;
    }
    const first = !chat.known;
    chat.known = true;
    for (const line of talk.lines || []) take(line);
    if (chat.lost !== null) {
      // A line of mine with those words got through before the drop: it was said.
      const said = [...chat.lines.values()].some((line) => isMine(line) && line.text === chat.lost);
      if (said && tidy(input.value) === chat.lost) input.value = "";
      if (said) say("");
      chat.lost = null;
    }
    chat.room = talk.room || (chat.seated ? "players" : "spectators");
    chat.text = Boolean(talk.text);
    chat.muted = Boolean(talk.muted);
    chat.moderator = Boolean(talk.moderator);
    chat.table = talk.table ?? boot.page?.invite_code ?? null;
    chat.creator = talk.creator ?? null;
    if (chat.seated) chat.read = Math.max(chat.read, Number(talk.read) || 0);
    else if (first) chat.read = Math.max(chat.read, chat.newest); // a spectator's reading is not kept: new lines count
    if (first && chat.seated) chat.readSent = chat.read;
    if (first && !sheet.matches && localStorage.getItem(OPEN_KEY) === "1" && !chat.solo) chat.open = true;
    reportRead();
    requestRender();
  }

  function line(message) {
    if (!take(message)) return;
    const visible = chat.open && document.visibilityState === "visible";
    if (!isMine(message) && shown(message)) {
      announce(spokenLine(message));
      if (visible) stickToEnd = stickToEnd || nearEnd();
    }
    if (isMine(message)) stickToEnd = true;
    reportRead();
    requestRender();
  }

  function status(message) {
    if ("text" in message) chat.text = Boolean(message.text);
    if ("muted" in message) chat.muted = Boolean(message.muted);
    if ("moderator" in message) chat.moderator = Boolean(message.moderator);
    requestRender();
  }

  function ack(message) {
    const sent = chat.pending.get(message.id);
    if (!sent) return false;
    chat.pending.delete(message.id);
    if (sent.kind === "text") {
      if (tidy(input.value) === tidy(sent.text || "")) input.value = ""; // not what was typed since
      say("");
    } else if (chat.status && !chat.statusTimer) say("");
    requestRender();
    return true;
  }

  /** A refusal: mine to show when it answers a line sent here (or is about talk). */
  function error(message) {
    const ours = (message.id && chat.pending.has(message.id)) || String(message.code || "").startsWith("chat_");
    if (!ours) return false;
    if (message.id) chat.pending.delete(message.id);
    if (message.code === "chat_muted") chat.muted = true;
    if (message.code === "chat_text_off") chat.text = false;
    const wait = message.code === "chat_too_fast" ? (Math.ceil(Number(message.retry_after)) || 5) * 1000 + 500 : 0;
    say(refusalText(message), wait);
    return true;
  }

  /** The socket dropped: lines not acknowledged were maybe not said (the text stays typed
   * until the next snapshot shows whether it was). */
  function closed() {
    if (!chat.pending.size) return;
    const text = [...chat.pending.values()].find((sent) => sent.kind === "text");
    chat.lost = text ? tidy(text.text) : null;
    chat.pending.clear();
    say(t("The connection dropped: your line may not have been said."));
  }

  /** The socket's query on (re)opening: only the lines after those I hold. */
  function params() {
    return chat.known ? { chat_since: chat.newest } : {};
  }

  // --- saying things ---

  function sendLine(fields, kind) {
    if (!connection.isOpen()) {
      say(t("Not connected: wait for the connection to come back, then try again."));
      return false;
    }
    const message = connection.sendWithId("chat", fields);
    if (!message) {
      say(t("Not connected: wait for the connection to come back, then try again."));
      return false;
    }
    chat.pending.set(message.id, { kind, text: fields.text });
    if (!chat.statusTimer) say("");
    return true;
  }

  function sendText() {
    const text = input.value;
    if (!text.trim()) {
      say(t("Write something first."));
      input.focus();
      return;
    }
    if ([...chat.pending.values()].some((sent) => sent.kind === "text")) return; // the one before is on its way
    sendLine({ text }, "text");
  }

  /** The status under the input (polite); with `forMs`, it clears itself after that long. */
  function say(text, forMs = 0) {
    chat.status = text;
    clearTimeout(chat.statusTimer);
    chat.statusTimer = 0;
    if (text && forMs) {
      chat.statusTimer = setTimeout(() => {
        chat.statusTimer = 0;
        if (chat.status === text) say("");
      }, forMs);
    }
    requestRender();
  }

  function announce(text) {
    const region = $("chat-live");
    clearTimeout(chat.announceTimer);
    region.textContent = "";
    chat.announceTimer = setTimeout(() => (region.textContent = text), ANNOUNCE_DELAY_MS);
  }

  // --- reading ---

  /** While the panel shows and the tab is visible, the lines that have been in view are
   * read (and those before them): the badge counts the rest, and a player tells the
   * server (only when that grows). Whether the reading grew. */
  function reportRead() {
    if (!chat.open || document.visibilityState !== "visible" || !chat.known) return false;
    const newest = newestSeen();
    const grew = newest > chat.read;
    if (grew) chat.read = newest;
    if (chat.seated && chat.read > chat.readSent && connection.send({ type: "chat_read", seq: chat.read })) {
      chat.readSent = chat.read;
    }
    return grew;
  }

  /** The newest line in view; without IntersectionObserver, the newest held. */
  function newestSeen() {
    let newest = 0;
    for (const line of chat.lines.values()) {
      if (shown(line) && (!watcher || inView.has(line.seq))) newest = Math.max(newest, line.seq);
    }
    return newest;
  }

  // --- opening and closing ---

  function setOpen(open, { focus = true } = {}) {
    chat.open = open;
    if (!sheet.matches) localStorage.setItem(OPEN_KEY, open ? "1" : "0");
    if (!open) chat.menu = null;
    render();
    if (open) {
      stickToEnd = true;
      scrollToEnd();
      reportRead();
      render();
      if (focus) $("chat-title").focus({ preventScroll: !sheet.matches });
    } else if (focus) {
      toggle.focus();
    }
  }

  // --- the actions on a line ---

  function openMenu(seq) {
    chat.menu = chat.menu?.seq === seq ? null : { seq, confirm: null };
    renderMenus();
    if (chat.menu) items.get(seq)?.querySelector(".chat-menu button")?.focus();
  }

  function closeMenu({ focus = true } = {}) {
    const seq = chat.menu?.seq;
    chat.menu = null;
    renderMenus();
    if (focus && seq !== undefined) items.get(seq)?.querySelector(".chat-more")?.focus();
  }

  function confirmAction(kind) {
    chat.menu.confirm = kind;
    renderMenus();
    const menu = items.get(chat.menu.seq)?.querySelector(".chat-menu");
    (menu?.querySelector("input") || menu?.querySelector("button.danger, button.primary"))?.focus();
  }

  async function doAction(kind, line, reason = "") {
    const game = encodeURIComponent(gameId);
    try {
      if (kind === "report") {
        await api("POST", `/api/chat/${game}/${line.seq}/report`, { reason });
        say(t("Reported: the server's admins will look at this line. Thank you."), 6000);
      } else if (kind === "mute") {
        await api("PUT", `/api/me/mutes/${encodeURIComponent(line.user)}`);
        chat.hidden.add(line.user);
        say(t("You muted {name}: you no longer see their lines, and they no longer see yours.", { name: line.name }), 6000);
      } else if (kind === "table") {
        await api("PUT", `/api/games/${game}/mutes/${encodeURIComponent(line.user)}`);
        say(t("{name} is muted at this table.", { name: line.name }), 6000);
      }
      closeMenu({ focus: false });
      requestRender();
      (chat.text && !chat.muted ? input : $("chat-title")).focus({ preventScroll: true });
    } catch (problem) {
      say(problem.message);
    }
  }

  function menuFor(line) {
    const mine = isMine(line);
    const confirm = chat.menu.confirm;
    const cancel = el("button", { type: "button", class: "chat-cancel", onclick: () => closeMenu() }, t("Cancel"));
    if (confirm === "report") {
      const reasonId = `chat-reason-${line.seq}`;
      const reason = el("input", { id: reasonId, type: "text", maxlength: String(MAX_TEXT), autocomplete: "off", "data-testid": "chat-report-reason" });
      return el(
        "div",
        { class: "chat-menu chat-confirm", role: "group", "aria-label": t("Report this line") },
        el("p", {}, t("Report this line to the server's admins?")),
        el("label", { for: reasonId, class: "chat-reason" }, t("Why (optional)"), reason),
        el(
          "div",
          { class: "chat-menu-actions" },
          el("button", { type: "button", class: "danger", "data-testid": "chat-report-yes", onclick: () => doAction("report", line, reason.value) }, t("Report")),
          cancel,
        ),
      );
    }
    if (confirm === "mute" || confirm === "table") {
      const question =
        confirm === "mute"
          ? t("Mute {name}? You will no longer see their lines in any game, and they will no longer see yours.", { name: line.name })
          : t("Mute {name} at this table? They can still play, but say nothing here.", { name: line.name });
      const label = confirm === "mute" ? t("Mute {name}", { name: line.name }) : t("Mute at this table");
      return el(
        "div",
        { class: "chat-menu chat-confirm", role: "group", "aria-label": label },
        el("p", {}, question),
        el(
          "div",
          { class: "chat-menu-actions" },
          el("button", { type: "button", class: "danger", "data-testid": `chat-${confirm}-yes`, onclick: () => doAction(confirm, line) }, label),
          cancel,
        ),
      );
    }
    const actions = [el("button", { type: "button", "data-testid": "chat-report", onclick: () => confirmAction("report") }, t("Report"))];
    if (!mine && line.user !== null && line.user !== undefined) {
      actions.push(el("button", { type: "button", "data-testid": "chat-mute", onclick: () => confirmAction("mute") }, t("Mute {name}", { name: line.name })));
      if (chat.moderator) {
        actions.push(el("button", { type: "button", "data-testid": "chat-table-mute", onclick: () => confirmAction("table") }, t("Mute at this table")));
      }
    }
    actions.push(cancel);
    return el("div", { class: "chat-menu", role: "group", "aria-label": t("What to do with {name}'s line", { name: line.name }) }, el("div", { class: "chat-menu-actions" }, ...actions));
  }

  // --- rendering ---

  function nearEnd() {
    return list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  }

  function scrollToEnd() {
    list.scrollTop = list.scrollHeight;
    scrolledTo = list.scrollTop;
    atEnd = true;
  }

  /** A list scrolled to its newest line stays there as it grows or shrinks (the window
   * resized, the side column laid out again as the panel opens). */
  function keepAtEnd() {
    list.addEventListener(
      "scroll",
      () => {
        const was = atEnd;
        atEnd = list.scrollTop === scrolledTo || nearEnd();
        if (atEnd !== was) requestRender();
      },
      { passive: true },
    );
    if (typeof ResizeObserver === "undefined") return;
    new ResizeObserver(() => {
      if (atEnd && !panel.hidden) scrollToEnd();
    }).observe(list);
  }

  function itemFor(line) {
    const item = lineItem(line, { mine: isMine(line) });
    const more = el(
      "button",
      {
        type: "button",
        class: "chat-more",
        "data-testid": "chat-more",
        "aria-expanded": "false",
        onclick: () => openMenu(line.seq),
      },
      el("span", { class: "chat-more-dots", "aria-hidden": "true" }, "⋯"),
      el("span", { class: "visually-hidden" }, isMine(line) ? t("Report my line") : t("Report or mute: {name}", { name: line.name })),
    );
    item.append(more);
    return item;
  }

  /** Each line held, in seq order, each item made once (focus and scroll stay put). */
  function renderLines() {
    const ordered = [...chat.lines.keys()].sort((a, b) => a - b);
    let previous = null;
    for (const seq of ordered) {
      const line = chat.lines.get(seq);
      let item = items.get(seq);
      if (!item) {
        item = itemFor(line);
        items.set(seq, item);
        watcher?.observe(item);
        if (previous) previous.after(item);
        else list.prepend(item);
      }
      item.hidden = !shown(line);
      previous = item;
    }
    $("chat-empty").hidden = ordered.some((seq) => shown(chat.lines.get(seq)));
  }

  function renderMenus() {
    for (const [seq, item] of items) {
      const open = chat.menu?.seq === seq;
      const more = item.querySelector(".chat-more");
      more.setAttribute("aria-expanded", String(open));
      const old = item.querySelector(".chat-menu");
      if (!open) {
        old?.remove();
        continue;
      }
      const key = `${chat.menu.confirm}`;
      if (old && old.dataset.key === key) continue;
      const menu = menuFor(chat.lines.get(seq));
      menu.dataset.key = key;
      if (old) old.replaceWith(menu);
      else item.append(menu);
    }
  }

  function render() {
    frame = 0;
    const available = chat.known && !chat.solo;
    toggle.hidden = !available;
    if (!available) {
      panel.hidden = true;
      return;
    }
    const count = unread();
    const badge = $("chat-badge");
    badge.hidden = count === 0;
    badge.textContent = count > 99 ? "99+" : String(count);
    $("chat-unread").textContent = count ? tn("1 unread line", "{count} unread lines", count) : "";
    toggle.setAttribute("aria-expanded", String(chat.open));
    toggle.classList.toggle("has-unread", count > 0);
    panel.hidden = !chat.open;
    document.body.classList.toggle("chat-open", chat.open);
    if (!chat.open) return;

    const wasNearEnd = stickToEnd || atEnd || nearEnd();
    renderLines();
    renderMenus();
    if (wasNearEnd) scrollToEnd();
    stickToEnd = false;
    const jump = $("chat-jump");
    jump.hidden = atEnd || count === 0;
    jump.textContent = jump.hidden ? "" : tn("1 new line below", "{count} new lines below", count);

    const canSay = !chat.muted;
    const canType = canSay && chat.text;
    $("chat-presets").hidden = !canSay;
    form.hidden = !canType;
    const why = $("chat-why");
    why.textContent = chat.muted ? t("The table's creator muted you.") : chat.text ? "" : reactionsOnly();
    why.hidden = !why.textContent;
    $("chat-room-note").hidden = chat.room !== "spectators";
    const sending = [...chat.pending.values()].some((sent) => sent.kind === "text");
    $("chat-send").disabled = sending;
    renderCounter();
    const statusLine = $("chat-status");
    if (statusLine.textContent !== chat.status) statusLine.textContent = chat.status;
    const moderate = $("chat-moderate");
    moderate.hidden = !(chat.moderator && chat.table);
    const box = $("chat-text-switch");
    if (box.dataset.busy !== "1") box.checked = chat.text;
  }

  /** Why there is no text field, and who can change that. */
  function reactionsOnly() {
    if (chat.moderator) return t("Only the reactions are on at this table. You made it: tick “Free text allowed” above to let everyone write.");
    if (chat.creator) return t("Only the reactions are on at this table. {name}, who made it, can allow free text.", { name: personName(chat.creator) });
    return t("Only the reactions are on at this table.");
  }

  function renderCounter() {
    const length = [...input.value].length;
    const counter = $("chat-counter");
    const near = length >= COUNTER_FROM;
    counter.hidden = !near;
    counter.textContent = near ? t("{count} / {limit}", { count: length, limit: MAX_TEXT }) : "";
    counter.classList.toggle("full", length >= MAX_TEXT);
  }

  /** On a wide window the open chat shares the side column, which is as tall as the
   * window leaves below the column's top (board.css reads --side-room): measured, since
   * the header's and the notices' heights depend on the language and the window. */
  function fitSide() {
    const layout = panel.closest(".game-layout");
    if (!layout || sheet.matches) return;
    const top = layout.getBoundingClientRect().top + window.scrollY;
    const value = `${Math.floor(window.innerHeight - top - SIDE_MARGIN_PX)}px`;
    const root = document.documentElement;
    if (root.style.getPropertyValue("--side-room") !== value) root.style.setProperty("--side-room", value);
  }

  function watchSide() {
    window.addEventListener("resize", fitSide);
    if (typeof ResizeObserver !== "undefined") {
      const observer = new ResizeObserver(fitSide);
      for (const selector of [".site-header", "#connection-banner", "#learn-offer"]) {
        const part = document.querySelector(selector);
        if (part) observer.observe(part);
      }
    }
    fitSide();
  }

  // --- wiring ---

  function fillPresets() {
    $("chat-presets").replaceChildren(
      ...PRESETS.map(([code, words]) =>
        el("button", { type: "button", class: "chat-preset", "data-preset": code, "data-testid": "chat-preset", onclick: () => sendLine({ preset: code }, "preset") }, words()),
      ),
    );
  }

  fillPresets();
  watchSide();
  keepAtEnd();
  input.maxLength = MAX_TEXT;
  toggle.addEventListener("click", () => setOpen(!chat.open));
  $("chat-jump").addEventListener("click", () => {
    scrollToEnd();
    list.focus({ preventScroll: true });
    requestRender();
  });
  $("chat-close").addEventListener("click", () => setOpen(false));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    sendText();
  });
  input.addEventListener("input", () => {
    renderCounter();
    if (chat.status && !chat.statusTimer) say("");
  });
  panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (chat.menu) {
      event.preventDefault();
      closeMenu();
    } else if (sheet.matches) {
      event.preventDefault();
      setOpen(false);
    }
  });
  $("chat-text-switch").addEventListener("change", async (event) => {
    const box = event.currentTarget;
    const wanted = box.checked;
    box.dataset.busy = "1";
    try {
      await api("PATCH", `/api/tables/${encodeURIComponent(chat.table)}/chat`, { text: wanted });
      chat.text = wanted; // everyone hears it as chat_status too
      say(wanted ? t("Free text is on at this table.") : t("Only the reactions are on at this table."), 5000);
    } catch (problem) {
      box.checked = !wanted;
      say(problem.message);
    } finally {
      box.dataset.busy = "";
      requestRender();
    }
  });
  document.addEventListener("visibilitychange", () => {
    reportRead();
    requestRender();
  });
  sheet.addEventListener("change", requestRender);

  return { snapshot, line, status, ack, error, closed, params };
}
