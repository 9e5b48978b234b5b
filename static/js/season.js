// A season's page (templates/season.html): the game's variant in words, and joining or
// leaving with its buttons. The page is written by the server; after a join or a leave
// it is read again, so the reader's division and standings show as the API says.
import { ApiError, api, boot, showError } from "./api.js";
import { showVariants } from "./tournament-variant.js";

const members = `/api/seasons/${encodeURIComponent(boot.page?.season || "")}/members`;
const ACTS = {
  join: () => api("POST", members),
  leave: () => api("DELETE", members),
};

async function act(button) {
  const box = document.getElementById("season-error");
  button.disabled = true;
  showError(box, "");
  try {
    await ACTS[button.dataset.act]();
  } catch (problem) {
    if (!(problem instanceof ApiError)) throw problem;
    button.disabled = false;
    showError(box, problem.message);
    return;
  }
  location.reload();
}

for (const button of document.querySelectorAll("[data-act]")) {
  button.addEventListener("click", () => act(button));
  button.disabled = false;
}
showVariants(boot.page?.games);
