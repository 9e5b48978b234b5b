// The import page: a record pasted or read from a file is posted to /api/records as
// it is. The server replays it; its refusal (the first bad field, or the number of the
// first move the rules refuse and why) is shown under the form, its success links to
// the replay of the stored game. Nothing about the record is judged here.
import { api, showError } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function submit(event) {
  event.preventDefault();
  const text = $("import-text");
  const error = $("import-error");
  const record = parsed(text.value);
  if (record === undefined || record === null || typeof record !== "object" || Array.isArray(record)) {
    showError(error, t("The record must be a JSON object."));
    text.focus();
    return;
  }
  const button = $("import-form").querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const answer = await api("POST", "/api/records", record);
    showError(error, "");
    $("import-form").hidden = true;
    $("import-replay").href = answer.replay;
    $("import-done").hidden = false;
    $("import-replay").focus();
  } catch (problem) {
    showError(error, problem.message);
    if (problem.detail && problem.detail.move) error.dataset.move = String(problem.detail.move);
    else delete error.dataset.move;
    text.focus();
  } finally {
    button.disabled = false;
  }
}

async function readFile() {
  const file = $("import-file").files[0];
  if (!file) return;
  $("import-text").value = await file.text();
  showError($("import-error"), "");
}

function again() {
  $("import-form").reset();
  $("import-form").hidden = false;
  $("import-done").hidden = true;
  $("import-text").focus();
}

$("import-form").addEventListener("submit", submit);
$("import-file").addEventListener("change", readFile);
$("import-another").addEventListener("click", again);
