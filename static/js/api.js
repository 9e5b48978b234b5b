// Talking to the server's HTTP API, and small page helpers shared by every page.
import { t } from "./i18n.js";

/** What the server put in the page: {me, page}. */
export const boot = JSON.parse(document.getElementById("boot")?.textContent || "{}");

/** Thrown for any non-2xx answer; `message` is readable, `code` is stable. */
export class ApiError extends Error {
  constructor(status, code, message, detail = null) {
    super(message);
    this.status = status;
    this.code = code;
    /** The refusal's whole detail (a route may add fields beside code and message). */
    this.detail = detail;
  }
}

/** A server's text shown as a sentence of its own: its first letter a capital, in any
 * language ("стола с таким кодом приглашения нет" → "Стола…"; the server words its
 * refusals as parts of sentences, lower case). */
export function sentenceCase(text) {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const letter = String.fromCodePoint(first);
  return letter.toLocaleUpperCase(document.documentElement.lang || undefined) + text.slice(letter.length);
}

function describe(detail) {
  if (Array.isArray(detail)) {
    // pydantic's problems, worded by the server in the page's language; the field's
    // place is left out (it means nothing to a person)
    return detail.map((d) => sentenceCase(String(d.msg))).join(" ");
  }
  if (detail && typeof detail === "object") return detail.message ? sentenceCase(detail.message) : t("Something went wrong.");
  return detail ? sentenceCase(String(detail)) : t("Something went wrong.");
}

/** Call the API: `api("POST", "/api/tables", body)` → the JSON answer. */
export async function api(method, path, body) {
  // The server words its refusals in the page's language.
  const headers = { Accept: "application/json", "Accept-Language": document.documentElement.lang || "en" };
  const options = { method, headers, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch {
    throw new ApiError(0, "offline", t("The server cannot be reached. Check your connection."));
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = data && data.detail;
    throw new ApiError(response.status, (detail && detail.code) || "error", describe(detail), detail);
  }
  return data;
}

/** Show a short message at the bottom of the page. */
export function toast(message) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.hidden = true), 4000);
}

/** Show (or clear, with "") an error in an element with role="alert". */
export function showError(element, message) {
  element.textContent = message;
  element.hidden = !message;
}

/** Create an element: el("li", {class: "x"}, "text", child). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "class") node.className = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
