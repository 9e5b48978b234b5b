// What every page's header does: offer a newcomer (a guest whose name was drawn for
// them) to choose the name the other players see — a small form under the header,
// on the home and table pages only, never over a game, put away for good with "Keep
// this one" — and keep the name in the header up to date.
import { api, boot, showError, toast } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const DISMISSED = "chromino.name-prompt.dismissed"; // this browser said "keep this one"
/** The pages where a newcomer is about to meet others: a game's page never pushes the
 * board down for it (on a phone the form took 300 px above the board). */
const NAME_PAGES = new Set(["home", "table"]);

/** Show `name` as mine in the header (the preferences page calls it too). */
export function showMyName(name) {
  const badge = $("whoami");
  if (!badge) return;
  badge.textContent = name;
  badge.dataset.initial = name.slice(0, 1).toUpperCase();
}

function dismissed() {
  try {
    return localStorage.getItem(DISMISSED) === String(boot.me?.id);
  } catch {
    return false;
  }
}

function dismiss() {
  try {
    localStorage.setItem(DISMISSED, String(boot.me?.id));
  } catch {
    // private browsing: it asks again on the next page
  }
}

function offerName() {
  const form = $("name-prompt");
  if (!form || boot.me?.name_chosen || dismissed() || !NAME_PAGES.has(document.body.dataset.page)) return;
  form.hidden = false;
  const input = $("name-prompt-input");
  const error = $("name-prompt-error");
  input.addEventListener("input", () => showError(error, ""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(error, "");
    try {
      const me = await api("PUT", "/api/me/name", { name: input.value.trim() });
      showMyName(me.name);
      form.hidden = true;
      toast(t("Name saved."));
    } catch (problem) {
      showError(error, problem.code === "name_taken" ? t("That name is taken: try another.") : problem.message);
      input.focus();
    }
  });
  $("name-prompt-later").addEventListener("click", () => {
    dismiss();
    form.hidden = true;
  });
}

offerName();

/** The language menu: a choice is kept with the account (a guest's too) and the page
 * is shown again in it; a game in progress carries on where it was. */
function offerLanguages() {
  const select = $("language-select");
  if (!select) return;
  select.addEventListener("change", async () => {
    try {
      await api("PATCH", "/api/me/preferences", { language: select.value });
      location.reload();
    } catch (problem) {
      toast(problem.message);
    }
  });
}

offerLanguages();
