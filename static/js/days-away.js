// The Preferences page's "Days away": my days away to come or under way, each with its
// button (cancel one to come, end one under way), and the form that declares new ones
// within the host's allowance (GET/POST/DELETE /api/me/vacations). Days are whole days
// in my time zone (the preference; UTC until the browser said one), as the server
// counts them: a span's dates are shown in that zone, and "today" is today there.
import { api, el, showError } from "./api.js";
import { dateLocale, t, tn } from "./i18n.js";
import { currentPreferences, onPreferences } from "./preference-form.js";

const $ = (id) => document.getElementById(id);
const DAY_MS = 86_400_000;
const LONGEST_AHEAD_DAYS = 365; // the server takes a first day up to a year ahead

/** The zone my days are counted in. */
function myZone() {
  return currentPreferences().time_zone || "UTC";
}

/** The calendar date of `moment` in `zone`: {year, month, day}. */
function dateIn(moment, zone) {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(moment);
  const part = (type) => Number(parts.find((item) => item.type === type).value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

/** {year, month, day} → "YYYY-MM-DD" (a date field's value, the API's `starts`). */
function isoDate({ year, month, day }) {
  const pad = (number, width = 2) => String(number).padStart(width, "0");
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The date `days` after `date` (calendar arithmetic, whatever the zone). */
function addDays(date, days) {
  return dateIn(new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS), "UTC");
}

/** A calendar date in words: "Tue 24 Dec" (and its year when it is not this year's). */
function dayText(date) {
  const thisYear = dateIn(new Date(), myZone()).year;
  const options = { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" };
  if (date.year !== thisYear) options.year = "numeric";
  return new Intl.DateTimeFormat(dateLocale(), options).format(new Date(Date.UTC(date.year, date.month - 1, date.day, 12)));
}

/** "From Tue 24 Dec to Fri 27 Dec", or "On Tue 24 Dec" for a single day. */
function spanText(first, last) {
  if (isoDate(first) === isoDate(last)) return t("On {day}", { day: dayText(first) });
  return t("From {first} to {last}", { first: dayText(first), last: dayText(last) });
}

/** Wire the section: the list (loaded now, and shown again when my time zone changes),
 * the form and the allowance. */
export function wireDaysAway() {
  const list = $("away-list");
  const none = $("away-none");
  const form = $("away-form");
  const starts = $("away-starts");
  const days = $("away-days");
  const preview = $("away-preview");
  const errorBox = $("away-error");
  const saved = $("away-saved");
  if (!list || !form) return;
  let vacations = [];
  let allowance = null;

  function showAllowance() {
    const line = $("away-allowance");
    if (allowance === null) return;
    if (allowance === 0) {
      line.textContent = t("This server allows no days away.");
      form.hidden = true;
      return;
    }
    line.textContent = tn(
      "You may be away {count} day in any 30 days on this server.",
      "You may be away {count} days in any 30 days on this server.",
      allowance,
    );
    days.max = String(Math.min(31, allowance));
  }

  /** The first day's bounds: today in my zone, up to a year ahead. */
  function showBounds() {
    const today = dateIn(new Date(), myZone());
    starts.min = isoDate(today);
    starts.max = isoDate(addDays(today, LONGEST_AHEAD_DAYS));
  }

  /** What the form would declare, in words, as the person fills it in. */
  function showPreview() {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(starts.value);
    const count = Number(days.value);
    if (!match || !Number.isInteger(count) || count < 1) {
      preview.textContent = "";
      return;
    }
    const first = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
    preview.textContent = spanText(first, addDays(first, count - 1));
  }

  function showList() {
    const now = Date.now() / 1000;
    const zone = myZone();
    const items = vacations.map((vacation) => {
      const first = dateIn(new Date(vacation.starts_at * 1000), zone);
      const last = dateIn(new Date(vacation.ends_at * 1000 - 1000), zone); // ends at the next midnight
      const underWay = vacation.starts_at <= now;
      const textId = `away-${vacation.id}`;
      const words = underWay ? t("Away now, until the end of {day}", { day: dayText(last) }) : spanText(first, last);
      const button = el(
        "button",
        { type: "button", "aria-describedby": textId, "data-testid": "away-end", onclick: () => end(vacation, underWay) },
        underWay ? t("End now") : t("Cancel"),
      );
      return el(
        "li",
        { class: underWay ? "away-item under-way" : "away-item", "data-testid": "away-item", "data-id": vacation.id },
        el("span", { id: textId, class: "away-dates" }, words),
        button,
      );
    });
    list.replaceChildren(...items);
    list.hidden = !items.length;
    none.hidden = Boolean(items.length);
  }

  async function load() {
    try {
      const answer = await api("GET", "/api/me/vacations");
      vacations = answer.vacations;
      allowance = answer.allowance;
      showAllowance();
      showList();
    } catch (problem) {
      showError(errorBox, problem.message);
    }
  }

  /** Cancel days to come, or come back early; the focus goes to the next item's button
   * (or the form, when none is left). */
  async function end(vacation, underWay) {
    const index = vacations.indexOf(vacation);
    showError(errorBox, "");
    try {
      await api("DELETE", `/api/me/vacations/${vacation.id}`);
    } catch (problem) {
      showError(errorBox, problem.message);
      return;
    }
    saved.textContent = underWay ? t("Your days away are over: welcome back.") : t("Days away cancelled.");
    await load();
    const buttons = list.querySelectorAll("button");
    (buttons[Math.min(index, buttons.length - 1)] || starts).focus();
  }

  form.addEventListener("input", () => {
    showError(errorBox, "");
    showPreview();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(errorBox, "");
    saved.textContent = "";
    const count = Number(days.value);
    if (!starts.value) {
      showError(errorBox, t("Choose the first day."));
      starts.focus();
      return;
    }
    if (starts.value < starts.min || starts.value > starts.max) {
      showError(errorBox, t("The first day is today at the earliest, and at most a year ahead."));
      starts.focus();
      return;
    }
    if (!Number.isInteger(count) || count < 1 || count > Number(days.max)) {
      showError(errorBox, t("From 1 to {most} days.", { most: Number(days.max) }));
      days.focus();
      return;
    }
    try {
      await api("POST", "/api/me/vacations", { starts: starts.value, days: count });
    } catch (problem) {
      showError(errorBox, problem.message);
      return;
    }
    saved.textContent = t("Days away declared.");
    form.reset();
    showPreview();
    await load();
  });

  onPreferences((now, before) => {
    if (now.time_zone === before.time_zone) return;
    showBounds();
    showList();
    showPreview();
  });
  showBounds();
  load();
}
