// A table before its game: seats fill up, the creator starts, everyone moves to the game.
import { api, boot, el, showError, toast } from "./api.js";
import { loadOptions } from "./games/options.js";
import { t } from "./i18n.js";

const code = boot.page.invite_code;
const me = boot.me;
const errorBox = document.getElementById("table-error");
let how = null; // the table's game's options description (games/<kind>/options.js)
let howOf = null; // the kind it describes

function optionLabel(name) {
  const field = how?.fields?.[name];
  return field ? (field.short || field.label)() : name;
}

function optionValue(name, value) {
  const words = how?.valueText?.(name, value);
  if (words) return words;
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  return value === null ? "—" : String(value);
}

function seatLine(seat) {
  let who;
  if (seat.kind === "bot") who = seat.name;
  else if (seat.user_id === null) who = t("free seat");
  else who = seat.user_id === me.id ? t("{name} (you)", { name: seat.name }) : seat.name;
  return el("li", { class: seat.user_id === null && seat.kind === "human" ? "free" : "" }, who);
}

function render(table) {
  document.getElementById("table-game").textContent = how ? how.title() : "";
  document.getElementById("seats").replaceChildren(...table.seats.map(seatLine));
  document
    .getElementById("options")
    .replaceChildren(
      ...Object.entries(table.options).flatMap(([name, value]) => [
        el("dt", {}, optionLabel(name)),
        el("dd", {}, optionValue(name, value)),
      ]),
    );
  const seated = table.seats.some((seat) => seat.user_id === me.id);
  const free = table.seats.some((seat) => seat.kind === "human" && seat.user_id === null);
  const open = table.status === "open";
  const creator = table.creator_id === me.id;
  document.getElementById("join").hidden = !(open && !seated && free);
  document.getElementById("leave").hidden = !(open && seated);
  document.getElementById("start").hidden = !(open && creator);
  document.getElementById("start").disabled = free;
  document.getElementById("waiting").hidden = !(open && seated && !creator);
  const gameLink = document.getElementById("open-game");
  gameLink.hidden = !table.game_id;
  if (table.game_id) {
    gameLink.href = `/g/${table.game_id}`;
    if (seated && table.status === "playing" && !render.redirected) {
      render.redirected = true;
      location.assign(gameLink.href);
    }
  }
  if (table.status === "closed") showError(errorBox, t("The creator closed this table."));
}

async function refresh() {
  try {
    const table = await api("GET", `/api/tables/${encodeURIComponent(code)}`);
    if (howOf !== table.game) {
      how = await loadOptions(table.game);
      howOf = table.game;
    }
    render(table);
  } catch (problem) {
    showError(errorBox, problem.message);
  }
}

async function act(path) {
  showError(errorBox, "");
  try {
    const answer = await api("POST", `/api/tables/${encodeURIComponent(code)}/${path}`);
    if (answer && answer.game_id) location.assign(`/g/${answer.game_id}`);
    else render(answer);
  } catch (problem) {
    showError(errorBox, problem.message);
  }
}

const link = `${location.origin}/t/${code}`;
document.getElementById("invite-link").value = link;
document.getElementById("copy-invite").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(link);
    toast(t("Invite link copied."));
  } catch {
    document.getElementById("invite-link").select();
    toast(t("Select the link and copy it."));
  }
});
document.getElementById("join").addEventListener("click", () => act("join"));
document.getElementById("leave").addEventListener("click", () => act("leave"));
document.getElementById("start").addEventListener("click", () => act("start"));
refresh();
setInterval(refresh, 2000);
