// The daily deal's page (templates/daily.html, written by the server): start today's
// game (scored the first time, then practice), copy the share card the server wrote
// (as text; as an image where the browser can put one on the clipboard), and fill in
// a percentage that waits for the Hard bot's game. No game logic here.
import { api, toast } from "./api.js";
import { t } from "./i18n.js";
import { drawCard } from "./daily-card.js";

const PENDING_POLL_MS = 5000;

async function play(game) {
  try {
    const { game_id } = await api("POST", `/api/daily/${encodeURIComponent(game)}/games`);
    location.assign(`/g/${game_id}`);
  } catch (problem) {
    toast(problem.message);
  }
}

function say(section, message) {
  section.querySelector(".share-said").textContent = message;
}

async function copyText(section) {
  const text = section.querySelector(".share-card").dataset.card;
  try {
    await navigator.clipboard.writeText(text);
    say(section, t("Copied: paste it anywhere."));
  } catch {
    say(section, t("This browser did not let the page copy: select the text instead."));
  }
}

/** Whether this browser can put a PNG on the clipboard. */
function imagesCopy() {
  if (typeof ClipboardItem === "undefined" || !navigator.clipboard?.write) return false;
  return typeof ClipboardItem.supports !== "function" || ClipboardItem.supports("image/png");
}

async function copyImage(section) {
  const canvas = drawCard(section.querySelector(".share-card").dataset.card);
  try {
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
    await navigator.clipboard.write([new ClipboardItem({ "image/png": blob })]);
    say(section, t("Copied: paste it anywhere."));
  } catch {
    say(section, t("This browser did not let the page copy: select the text instead."));
  }
}

/** While a finished attempt waits for Hard's result, look again now and then; the page
 * is written again (by the server) once it is there. */
function waitForPercentages() {
  const waiting = [...document.querySelectorAll("[data-pending]")].map((section) => section.dataset.game);
  if (!waiting.length) return;
  const timer = setInterval(async () => {
    try {
      const state = await api("GET", "/api/daily");
      const ready = state.games.some((entry) => waiting.includes(entry.game) && entry.scored?.percent != null);
      if (ready) {
        clearInterval(timer);
        location.reload();
      }
    } catch {
      // The next look may succeed: the server may be restarting.
    }
  }, PENDING_POLL_MS);
}

function start() {
  for (const button of document.querySelectorAll(".daily-play")) {
    button.addEventListener("click", () => play(button.dataset.game));
  }
  for (const section of document.querySelectorAll(".daily-share")) {
    section.querySelector(".share-text").addEventListener("click", () => copyText(section));
    const image = section.querySelector(".share-image");
    image.hidden = !imagesCopy();
    image.addEventListener("click", () => copyImage(section));
  }
  waitForPercentages();
}

start();
