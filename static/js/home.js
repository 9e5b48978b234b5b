// Home and lobby: solo, create a table, join by invite, open tables, my games.
import { api, el, showError, toast } from "./api.js";
import { t } from "./i18n.js";

const seatCount = document.getElementById("seat-count");
const seatList = document.getElementById("seat-list");
const seatTemplate = document.getElementById("seat-template");

function drawSeats() {
  const wanted = Number(seatCount.value);
  while (seatList.children.length > wanted) seatList.lastElementChild.remove();
  while (seatList.children.length < wanted) {
    const item = seatTemplate.content.firstElementChild.cloneNode(true);
    const index = seatList.children.length;
    item.querySelector(".seat-label").textContent = t("Seat {number}", { number: index + 1 });
    if (index > 0) item.querySelector(".seat-kind").value = "bot:greedy";
    seatList.append(item);
  }
  const first = seatList.querySelector(".seat-kind");
  if (first) first.value = "human";
}

function tableRequest(form) {
  const data = new FormData(form);
  const seats = [...seatList.querySelectorAll(".seat-kind")].map((select) => {
    const [kind, bot] = select.value.split(":");
    return bot ? { kind, bot } : { kind };
  });
  return {
    seats,
    public: data.get("public") === "on",
    options: {
      ruleset: data.get("ruleset"),
      scoring: data.get("scoring"),
      start: data.get("start"),
      hand_size: Number(data.get("hand_size")),
      draws_per_turn: Number(data.get("draws_per_turn")),
      turn_seconds: Number(data.get("turn_seconds")),
      strict_draw: data.get("strict_draw") === "on",
      open_hands: data.get("open_hands") === "on",
    },
  };
}

async function createTable(event) {
  event.preventDefault();
  const error = document.getElementById("create-error");
  showError(error, "");
  try {
    const table = await api("POST", "/api/tables", tableRequest(event.target));
    location.assign(`/t/${table.invite_code}`);
  } catch (problem) {
    showError(error, problem.message);
  }
}

export async function playSolo() {
  try {
    const { game_id } = await api("POST", "/api/solo");
    location.assign(`/g/${game_id}`);
  } catch (problem) {
    toast(problem.message);
  }
}

function joinByInvite(event) {
  event.preventDefault();
  const raw = new FormData(event.target).get("invite").trim();
  const code = raw.split("/t/").pop().split(/[?#]/)[0];
  if (code) location.assign(`/t/${encodeURIComponent(code)}`);
}

function tableLine(table) {
  const people = table.seats.filter((seat) => seat.kind === "human");
  const free = people.filter((seat) => seat.user_id === null).length;
  const host = table.seats.find((seat) => seat.user_id === table.creator_id);
  return el(
    "li",
    {},
    el("a", { href: `/t/${table.invite_code}` }, t("{name}'s table", { name: host ? host.name : "?" })),
    " · ",
    t("{free} of {seats} seats free", { free, seats: table.seats.length }),
  );
}

function gameLine(game) {
  const label = game.solo ? t("Solo game") : game.players.join(", ");
  let status = t("in progress");
  if (game.status === "finished" && game.result) {
    const won = game.my_seat !== null && game.result.winners.includes(game.my_seat);
    status = game.solo
      ? t("{turns} turns, {draws} drawn", {
          turns: game.result.turns[0],
          draws: game.result.draws[0],
        })
      : won
        ? t("won")
        : t("finished");
  }
  const link = game.status === "finished" ? `/g/${game.id}/replay` : `/g/${game.id}`;
  return el("li", {}, el("a", { href: link }, label), " · ", status);
}

async function loadLists() {
  const [tables, games, best] = await Promise.all([
    api("GET", "/api/tables"),
    api("GET", "/api/me/games"),
    api("GET", "/api/me/solo-best"),
  ]);
  document.getElementById("open-tables").replaceChildren(...tables.map(tableLine));
  document.getElementById("no-open-tables").hidden = tables.length > 0;
  document.getElementById("my-games").replaceChildren(...games.map(gameLine));
  document.getElementById("no-games").hidden = games.length > 0;
  const bestLine = document.getElementById("solo-best");
  if (best) {
    bestLine.textContent = t("Your solo best: {turns} turns, {draws} tiles drawn.", best);
    bestLine.hidden = false;
  }
}

if (seatCount) {
  seatCount.addEventListener("change", drawSeats);
  drawSeats();
  document.getElementById("create-form").addEventListener("submit", createTable);
  document.getElementById("join-form").addEventListener("submit", joinByInvite);
  document.getElementById("play-solo").addEventListener("click", playSolo);
  loadLists().catch((problem) => toast(problem.message));
}
