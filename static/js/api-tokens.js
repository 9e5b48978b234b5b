// Preferences → API tokens (templates/_api_tokens.html): my tokens listed with their
// scopes and dates (never their secret), made with a name and scopes — the secret shown
// once, selected for copying — and revoked; my bot accounts, each given a bot:play
// token on request, or all its tokens revoked (docs/bots.md). Every control is a plain button or form field.
import { api, el, showError } from "./api.js";
import { dateText } from "./my-games.js";
import { t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const errorBox = $("token-error");

const SCOPE_WORDS = {
  "read:games": () => t("Read my games and their records"),
  "read:ratings": () => t("Read ratings"),
  "bot:play": () => t("Play as a bot"),
};

function fail(problem) {
  showError(errorBox, problem.message);
}

/** The secret of a token just made, shown once and selected for copying. */
function reveal(secret) {
  $("token-made").hidden = false;
  const field = $("token-secret");
  field.value = secret;
  field.focus();
  field.select();
}

function dates(token) {
  const made = t("Made {date}", { date: dateText(token.created_at) });
  const used = token.last_used_at ? t("last used {date}", { date: dateText(token.last_used_at) }) : t("never used");
  return [made, used].join(" · ");
}

function tokenItem(token) {
  const scopes = token.scopes.map((scope) => (SCOPE_WORDS[scope] || (() => scope))()).join(", ");
  const about = el("div", { class: "token-about" }, el("span", { class: "token-name", "data-testid": "token-item-name" }, token.name), el("span", { class: "token-detail" }, scopes), el("span", { class: "token-detail" }, dates(token)));
  const revoke = el("button", { type: "button", class: "danger", "data-testid": "token-revoke", "aria-label": t("Revoke {name}", { name: token.name }) }, t("Revoke"));
  revoke.addEventListener("click", () => revokeOne(token));
  return el("li", { class: "token-item", "data-testid": "token-item", "data-id": token.id }, about, revoke);
}

async function loadTokens() {
  const tokens = await api("GET", "/api/me/tokens");
  const list = $("token-list");
  list.replaceChildren(...tokens.map(tokenItem));
  list.hidden = tokens.length === 0;
  $("tokens-none").hidden = tokens.length > 0;
}

async function revokeOne(token) {
  showError(errorBox, "");
  try {
    await api("DELETE", `/api/me/tokens/${token.id}`);
    await loadTokens();
    $("token-name").focus();
  } catch (problem) {
    fail(problem);
  }
}

async function createToken(event) {
  event.preventDefault();
  showError(errorBox, "");
  const form = event.currentTarget;
  const name = form.elements.name.value.trim();
  const scopes = [...form.querySelectorAll("[name=scopes]:checked")].map((box) => box.value);
  if (!name) return fail({ message: t("Give the token a name.") });
  if (!scopes.length) return fail({ message: t("Choose at least one thing the token may do.") });
  try {
    const made = await api("POST", "/api/me/tokens", { name, scopes });
    form.elements.name.value = "";
    await loadTokens();
    reveal(made.token);
  } catch (problem) {
    fail(problem);
  }
}

function botItem(bot) {
  const about = el("div", { class: "token-about" }, el("span", { class: "token-name", "data-testid": "bot-item-name" }, bot.name, " ", el("span", { class: "bot-badge" }, t("BOT"))), el("span", { class: "token-detail" }, tn("{count} token", "{count} tokens", bot.tokens)));
  const make = el("button", { type: "button", "data-testid": "bot-token", "aria-label": t("New token for {name}", { name: bot.name }) }, t("New token"));
  make.addEventListener("click", () => botToken(bot));
  const revoke = bot.tokens ? el("button", { type: "button", class: "danger", "data-testid": "bot-revoke", "aria-label": t("Revoke tokens of {name}", { name: bot.name }) }, t("Revoke tokens")) : null;
  revoke?.addEventListener("click", () => revokeBotTokens(bot));
  return el("li", { class: "token-item", "data-testid": "bot-item" }, about, el("div", { class: "token-actions" }, make, revoke));
}

async function loadBots() {
  const bots = await api("GET", "/api/bots");
  const list = $("bot-list");
  list.replaceChildren(...bots.map(botItem));
  list.hidden = bots.length === 0;
}

async function botToken(bot) {
  showError(errorBox, "");
  try {
    const made = await api("POST", `/api/bots/${encodeURIComponent(bot.name)}/tokens`, { name: "bot" });
    await loadBots();
    reveal(made.token);
  } catch (problem) {
    fail(problem);
  }
}

async function revokeBotTokens(bot) {
  showError(errorBox, "");
  try {
    await api("DELETE", `/api/bots/${encodeURIComponent(bot.name)}/tokens`);
    await loadBots();
    $("bot-name").focus();
  } catch (problem) {
    fail(problem);
  }
}

async function createBot(event) {
  event.preventDefault();
  showError(errorBox, "");
  const field = event.currentTarget.elements.name;
  if (!field.value.trim()) return fail({ message: t("Give the bot a name.") });
  try {
    await api("POST", "/api/bots", { name: field.value.trim() });
    field.value = "";
    await loadBots();
  } catch (problem) {
    fail(problem);
  }
}

$("token-form").addEventListener("submit", createToken);
$("bot-form").addEventListener("submit", createBot);
Promise.all([loadTokens(), loadBots()]).catch(fail);
