// A profile's Follow button (templates/profile.html): POST or DELETE /api/follows/{name},
// then the button says what a press does next. Following is one-way: nobody is asked.
import { api, toast } from "./api.js";
import { t } from "./i18n.js";

const button = document.getElementById("follow-button");
const status = document.getElementById("follow-status");

function show(state) {
  button.dataset.state = state;
  button.textContent = state === "following" ? t("Stop following") : t("Follow");
}

button?.addEventListener("click", async () => {
  const following = button.dataset.state === "following";
  const path = `/api/follows/${encodeURIComponent(button.dataset.name)}`;
  button.disabled = true;
  try {
    await api(following ? "DELETE" : "POST", path);
    show(following ? "not_following" : "following");
    status.textContent = following ? t("You no longer follow this player.") : t("You follow this player now.");
  } catch (problem) {
    toast(problem.message);
  } finally {
    button.disabled = false;
  }
});
