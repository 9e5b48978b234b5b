// The page's person was banned (web.club.admin): the header's stream says so, with why
// and until when, in a last event ("signed_out") before it ends. The page stops
// listening and shows the message over everything; "OK" reloads it, signed out.
import { el, sentenceCase } from "./api.js";
import { t } from "./i18n.js";

/** Show why this browser was signed out (`detail`: the ban's code, reason, until, message). */
export function showSignedOut(detail) {
  if (document.getElementById("signed-out")) return;
  const ok = el("button", { type: "button", class: "primary", "data-testid": "signed-out-ok", onclick: () => location.assign("/") }, t("OK"));
  const box = el(
    "div",
    { class: "signed-out", id: "signed-out", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "signed-out-title", "aria-describedby": "signed-out-text", "data-testid": "signed-out" },
    el("div", { class: "signed-out-box" },
      el("h2", { id: "signed-out-title" }, t("You have been signed out")),
      el("p", { id: "signed-out-text", "data-testid": "signed-out-text" }, sentenceCase(detail.message || "")),
      ok,
    ),
  );
  document.body.append(box);
  ok.focus();
}
