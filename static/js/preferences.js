// Preferences: every change is saved at once and applied to the page straight away.
import { api, showError, toast } from "./api.js";
import { t } from "./i18n.js";

const form = document.getElementById("prefs-form");
const saved = document.getElementById("prefs-saved");
const accountError = document.getElementById("account-error");

function applyToPage(preferences) {
  document.body.className = document.body.className
    .split(" ")
    .filter((name) => !name.startsWith("palette-") && name !== "with-symbols")
    .concat(`palette-${preferences.palette}`, preferences.symbols ? "with-symbols" : [])
    .join(" ");
}

form.addEventListener("change", async (event) => {
  const field = event.target;
  const value = field.type === "checkbox" ? field.checked : field.value;
  try {
    const preferences = await api("PATCH", "/api/me/preferences", { [field.name]: value });
    applyToPage(preferences);
    saved.textContent = t("Saved.");
    if (field.name === "language") location.reload();
  } catch (problem) {
    saved.textContent = problem.message;
  }
});

async function submit(event, path, body, after) {
  event.preventDefault();
  showError(accountError, "");
  try {
    const me = await api(path[0], path[1], body);
    after(me);
  } catch (problem) {
    showError(accountError, problem.message);
  }
}

document.getElementById("name-form").addEventListener("submit", (event) =>
  submit(event, ["PUT", "/api/me/name"], { name: event.target.name.value }, (me) => {
    document.getElementById("whoami").textContent = me.name;
    toast(t("Name saved."));
  }),
);
document.getElementById("password-form").addEventListener("submit", (event) =>
  submit(event, ["PUT", "/api/me/password"], { password: event.target.password.value }, () => {
    event.target.reset();
    toast(t("Password saved: you can now sign in from another device."));
  }),
);
document.getElementById("login-form").addEventListener("submit", (event) =>
  submit(
    event,
    ["POST", "/api/login"],
    { name: event.target.name.value, password: event.target.password.value },
    () => location.reload(),
  ),
);
document.getElementById("logout").addEventListener("click", async () => {
  await api("POST", "/api/logout");
  location.assign("/");
});
