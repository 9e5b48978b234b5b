// A table before its game: seats fill up, the creator starts, everyone moves to the game.
import { api, boot, el, showError, toast } from "./api.js";
import { t } from "./i18n.js";

const code = boot.page.invite_code;
const me = boot.me;
const errorBox = document.getElementById("table-error");
const OPTION_LABELS = {
  ruleset: t("Rule set"),
  scoring: t("Scoring"),
  start: t("Starting tile"),
  hand_size: t("Tiles in hand"),
  draws_per_turn: t("Draws per turn"),
  strict_draw: t("Draw only when no tile can be played"),
  open_hands: t("Open hands"),
  turn_seconds: t("Seconds per turn"),
};
const VALUE_LABELS = {
  standard: t("Standard"),
  junior: t("Junior"),
  none: t("None"),
  expert: t("Expert"),
  segments: t("Segments"),
  "segments-multiply": t("Segments, end to end multiplied"),
  chameleon: t("A chameleon"),
  tricolor: t("A three-colour tile"),
};

function optionValue(name, value) {
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (name === "draws_per_turn" && value === 0) return t("Unlimited");
  if (name === "turn_seconds" && value === 0) return t("untimed");
  return VALUE_LABELS[value] || String(value);
}

function seatLine(seat) {
  let who;
  if (seat.kind === "bot") who = seat.name;
  else if (seat.user_id === null) who = t("free seat");
  else who = seat.user_id === me.id ? t("{name} (you)", { name: seat.name }) : seat.name;
  return el("li", { class: seat.user_id === null && seat.kind === "human" ? "free" : "" }, who);
}

function render(table) {
  document.getElementById("seats").replaceChildren(...table.seats.map(seatLine));
  document
    .getElementById("options")
    .replaceChildren(
      ...Object.entries(table.options).flatMap(([name, value]) => [
        el("dt", {}, OPTION_LABELS[name] || name),
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
    render(await api("GET", `/api/tables/${encodeURIComponent(code)}`));
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
