// The tab tells of games waiting for my move: "(2) " before the page's own title, and
// the favicon with a dot (static/favicon-turn.svg), both gone again at none.
const PREFIX = /^\(\d+\) /;
const TURN_ICON = "/static/favicon-turn.svg";
const icon = document.querySelector('link[rel~="icon"]');
const plainIcon = icon?.getAttribute("href");

/** Show `count` games waiting for my move in the tab's title and favicon (0: none). */
export function showWaiting(count) {
  const waiting = count > 0 ? count : 0;
  const title = document.title.replace(PREFIX, "");
  const shown = waiting ? `(${waiting}) ${title}` : title;
  if (document.title !== shown) document.title = shown;
  const href = waiting ? TURN_ICON : plainIcon;
  if (icon && plainIcon && icon.getAttribute("href") !== href) icon.setAttribute("href", href);
}
