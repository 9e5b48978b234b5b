// Drawing table talk (game/chat.js holds its wiring): the Chat button and its badge,
// the panel, its lines in order, the open menu, the notes and the counter, and keeping
// the list at its newest line. Each function takes the chat's `ctx`:
//   chat     → the state (game/chat-model.js)
//   dom      → {panel, list, toggle, input, form}
//   sheet    → the media query under which the panel is a sheet over the screen's foot
//   items    → seq → its <li>; watcher: the IntersectionObserver of the lines, or null
//   scroll   → {stickToEnd, atEnd, scrolledTo}: the next render scrolls to the newest
//              line; the list shows it; where scrollToEnd() put it
//   actions  → a line's menu's {close, confirm, act}, and more(seq)
//   requestRender()
import { lineMenu, panelItem } from "./chat-lines.js";
import { isMine, orderedSeqs, sendingText, shown, unread } from "./chat-model.js";
import { MAX_TEXT, badgeText, counterText, newBelowText, unreadText, whyNotText } from "./chat-words.js";

const $ = (id) => document.getElementById(id);
const NEAR_END_PX = 40; // a list scrolled this close to its foot counts as at its newest line
const SIDE_MARGIN_PX = 12; // between the side column and the window's foot

export function nearEnd({ dom: { list } }) {
  return list.scrollHeight - list.scrollTop - list.clientHeight < NEAR_END_PX;
}

export function scrollToEnd(ctx) {
  const list = ctx.dom.list;
  list.scrollTop = list.scrollHeight;
  ctx.scroll.scrolledTo = list.scrollTop;
  ctx.scroll.atEnd = true;
}

/** A list scrolled to its newest line stays there as it grows or shrinks (the window
 * resized, the side column laid out again as the panel opens). */
export function keepAtEnd(ctx) {
  const { list, panel } = ctx.dom;
  list.addEventListener(
    "scroll",
    () => {
      const was = ctx.scroll.atEnd;
      ctx.scroll.atEnd = list.scrollTop === ctx.scroll.scrolledTo || nearEnd(ctx);
      if (ctx.scroll.atEnd !== was) ctx.requestRender();
    },
    { passive: true },
  );
  if (typeof ResizeObserver === "undefined") return;
  new ResizeObserver(() => {
    if (ctx.scroll.atEnd && !panel.hidden) scrollToEnd(ctx);
  }).observe(list);
}

/** Each line held, in seq order, each item made once (focus and scroll stay put). */
function renderLines(ctx) {
  const { chat, items } = ctx;
  let previous = null;
  const ordered = orderedSeqs(chat);
  for (const seq of ordered) {
    const line = chat.lines.get(seq);
    let item = items.get(seq);
    if (!item) {
      item = panelItem(line, { mine: isMine(chat, line), onMore: () => ctx.actions.more(seq) });
      items.set(seq, item);
      ctx.watcher?.observe(item);
      if (previous) previous.after(item);
      else ctx.dom.list.prepend(item);
    }
    item.hidden = !shown(chat, line);
    previous = item;
  }
  $("chat-empty").hidden = ordered.some((seq) => shown(chat, chat.lines.get(seq)));
}

/** The open line's menu (or its confirmation) under it; every other line's closed. */
export function renderMenus(ctx) {
  const { chat } = ctx;
  for (const [seq, item] of ctx.items) {
    const open = chat.menu?.seq === seq;
    item.querySelector(".chat-more").setAttribute("aria-expanded", String(open));
    const old = item.querySelector(".chat-menu");
    if (!open) {
      old?.remove();
      continue;
    }
    const key = `${chat.menu.confirm}`;
    if (old && old.dataset.key === key) continue;
    const line = chat.lines.get(seq);
    const menu = lineMenu(line, { confirm: chat.menu.confirm, mine: isMine(chat, line), moderator: chat.moderator }, ctx.actions);
    menu.dataset.key = key;
    if (old) old.replaceWith(menu);
    else item.append(menu);
  }
}

/** The Chat button and its badge; the panel shown or not. Whether the panel is open. */
function renderToggle(ctx, count) {
  const { chat, dom } = ctx;
  const badge = $("chat-badge");
  badge.hidden = count === 0;
  badge.textContent = badgeText(count);
  $("chat-unread").textContent = unreadText(count);
  dom.toggle.setAttribute("aria-expanded", String(chat.open));
  dom.toggle.classList.toggle("has-unread", count > 0);
  dom.panel.hidden = !chat.open;
  document.body.classList.toggle("chat-open", chat.open);
  return chat.open;
}

/** What I may say: the presets, the text field, the note on why not, the status line. */
function renderSaying(ctx) {
  const { chat, dom } = ctx;
  const canSay = !chat.muted;
  $("chat-presets").hidden = !canSay;
  dom.form.hidden = !(canSay && chat.text);
  const why = $("chat-why");
  why.textContent = whyNotText(chat);
  why.hidden = !why.textContent;
  $("chat-room-note").hidden = chat.room !== "spectators";
  $("chat-send").disabled = sendingText(chat);
  renderCounter(ctx);
  const statusLine = $("chat-status");
  if (statusLine.textContent !== chat.status) statusLine.textContent = chat.status;
  $("chat-moderate").hidden = !(chat.moderator && chat.table);
  const box = $("chat-text-switch");
  if (box.dataset.busy !== "1") box.checked = chat.text;
}

/** Draw the chat as its state says (at most once a frame: see requestRender). */
export function renderChat(ctx) {
  const { chat, dom } = ctx;
  const available = chat.known && !chat.solo;
  dom.toggle.hidden = !available;
  if (!available) {
    dom.panel.hidden = true;
    return;
  }
  const count = unread(chat);
  if (!renderToggle(ctx, count)) return;
  const wasNearEnd = ctx.scroll.stickToEnd || ctx.scroll.atEnd || nearEnd(ctx);
  renderLines(ctx);
  renderMenus(ctx);
  if (wasNearEnd) scrollToEnd(ctx);
  ctx.scroll.stickToEnd = false;
  const jump = $("chat-jump");
  jump.hidden = ctx.scroll.atEnd || count === 0;
  jump.textContent = jump.hidden ? "" : newBelowText(count);
  renderSaying(ctx);
}

export function renderCounter(ctx) {
  const length = [...ctx.dom.input.value].length;
  const counter = $("chat-counter");
  counter.textContent = counterText(length);
  counter.hidden = !counter.textContent;
  counter.classList.toggle("full", length >= MAX_TEXT);
}

/** On a wide window the open chat shares the side column, which is as tall as the
 * window leaves below the column's top (board.css reads --side-room): measured, since
 * the header's and the notices' heights depend on the language and the window. */
function fitSide(ctx) {
  const layout = ctx.dom.panel.closest(".game-layout");
  if (!layout || ctx.sheet.matches) return;
  const top = layout.getBoundingClientRect().top + window.scrollY;
  const value = `${Math.floor(window.innerHeight - top - SIDE_MARGIN_PX)}px`;
  const root = document.documentElement;
  if (root.style.getPropertyValue("--side-room") !== value) root.style.setProperty("--side-room", value);
}

export function watchSide(ctx) {
  const fit = () => fitSide(ctx);
  window.addEventListener("resize", fit);
  if (typeof ResizeObserver !== "undefined") {
    const observer = new ResizeObserver(fit);
    for (const selector of [".site-header", "#connection-banner", "#learn-offer"]) {
      const part = document.querySelector(selector);
      if (part) observer.observe(part);
    }
  }
  fit();
}

