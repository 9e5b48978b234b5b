// A tournament's page (templates/tournament.html): entering and withdrawing, the
// organiser's acts, and keeping the page up to date. While the tournament is live the
// page is fetched again every few seconds and its changing part (#tournament-live) put
// in place, unless the reader is typing in it; the buttons are found by their data-act
// on that part, so they keep working after each refresh.
import { ApiError, api, boot, showError, toast } from "./api.js";
import { t } from "./i18n.js";
import { showVariants } from "./tournament-variant.js";

const REFRESH_MS = 3000;
const id = encodeURIComponent(boot.page?.tournament || "");
const base = `/api/tournaments/${id}`;
const live = () => document.getElementById("tournament-live");

const ACTS = {
  enter: () => api("POST", `${base}/entries`),
  withdraw: () => api("DELETE", `${base}/entries`),
  start: () => api("POST", `${base}/start`),
  bot: () => api("POST", `${base}/entries/bot`),
  pause: () => api("POST", `${base}/pause`),
  resume: () => api("POST", `${base}/resume`),
  end: () => api("POST", `${base}/end`),
};

const DONE = {
  enter: () => t("You are entered."),
  withdraw: () => t("You have withdrawn: your points stay."),
  start: () => t("The round has started."),
};

function error(message) {
  showError(document.getElementById("tournament-error"), message);
}

async function act(button) {
  const name = button.dataset.act;
  if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
  button.disabled = true;
  error("");
  try {
    await ACTS[name]();
    if (DONE[name]) toast(DONE[name]());
    await refresh();
  } catch (problem) {
    if (!(problem instanceof ApiError)) throw problem;
    button.disabled = false;
    error(problem.message);
  }
}

async function remove(form) {
  const data = new FormData(form);
  error("");
  try {
    await api("POST", `${base}/disqualify`, { entry: Number(data.get("entry")), reason: String(data.get("reason") || "") });
    await refresh();
  } catch (problem) {
    if (!(problem instanceof ApiError)) throw problem;
    error(problem.message);
  }
}

/** Whether the reader is typing in the changing part (a refresh would lose it). */
function busy() {
  const focused = document.activeElement;
  return Boolean(focused && live()?.contains(focused) && focused.matches("input, select, textarea"));
}

/** Fetch the page again and put its changing part in place. */
async function refresh() {
  const response = await fetch(location.pathname, { credentials: "same-origin", headers: { Accept: "text/html" } });
  if (!response.ok) return;
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("tournament-live");
  const current = live();
  if (!fresh || !current || fresh.innerHTML === current.innerHTML) return;
  const opened = [...current.querySelectorAll("details[open]")].map((node) => node.querySelector("summary")?.textContent);
  current.replaceWith(fresh);
  for (const details of fresh.querySelectorAll("details")) {
    if (opened.includes(details.querySelector("summary")?.textContent)) details.open = true;
  }
  wire();
}

/** The buttons are drawn disabled, so none is pressed before its handler is in place. */
function wire() {
  live()?.querySelectorAll("[data-act], [data-act-form]").forEach((button) => (button.disabled = false));
  showVariants(boot.page?.games);
}

async function keepUpToDate() {
  while (live()?.dataset.live === "yes") {
    await new Promise((resolve) => setTimeout(resolve, REFRESH_MS));
    if (document.hidden || busy()) continue;
    await refresh().catch(() => {}); // offline for a moment: the next round tries again
  }
}

document.addEventListener("click", (event) => {
  const button = event.target.closest?.("#tournament-live [data-act]");
  if (button) act(button);
});
document.addEventListener("submit", (event) => {
  if (!event.target.matches?.("#tournament-live .remove-form")) return;
  event.preventDefault();
  remove(event.target);
});
wire();
keepUpToDate();
