// Chromino's own words on the game page: refusals of its rules, hints about turning
// a tile, and where the ghost stands. Colour and direction names are in tiles.js.
// Every text goes through t() with a plain string, so `make messages` finds it.
import { t, tn } from "../../i18n.js";

/** The server's refusal codes that only Chromino's rules give. */
export function refusals() {
  return {
    last_tile_chameleon: t("A chameleon cannot be your last tile laid: draw or pass."),
    mismatch: t("Every square the tile touches must be the same colour (or a chameleon)."),
    too_few_contacts: t("The tile must touch at least two squares."),
    junior_one_contact: t("Junior rules: the tile must touch exactly one square."),
    junior_not_domino: t("Junior rules: lay it end to end, or against a chameleon's centre."),
  };
}

/** The hand's hint once a tile is picked: `places` targets this way (null when no list is shown). */
export function pickedHint(places, { fitsAnotherWay }) {
  if (places === null) {
    return t("Choose a square for the tile's middle, then choose it again (or press “Lay it here”) to lay it.");
  }
  if (places) return tn("1 place for this tile this way.", "{count} places for this tile this way.", places);
  return fitsAnotherWay ? t("It does not fit this way: turn it.") : t("This tile does not fit anywhere.");
}

/** The ghost's cell and standing ("target", "off" or "free", see placing.js), in words. */
export function ghostWords(scene, cell) {
  const where = t("Column {x}, row {y}.", { x: cell.x, y: cell.y });
  if (scene.status === "target") {
    const points = scene.points !== undefined ? " " + tn("1 point", "{count} points", scene.points) + "." : "";
    return where + " " + t("It fits here.") + points;
  }
  if (scene.status === "off") return where + " " + t("Not a highlighted place.");
  return where;
}

export function noTargetThatWay() {
  return t("No highlighted place further that way.");
}

export function notATarget() {
  return t("Not a highlighted place: pick one of the outlined places, or turn the tile.");
}

/** A move in a few words, for the coach's notes: "PYY at 3,−1 E", "drawing a tile". */
export function moveWords(action) {
  if (action.action === "play") {
    return t("{tile} at {x},{y} {dir}", { tile: action.tile, x: coordinate(action.x), y: coordinate(action.y), dir: action.dir });
  }
  return action.action === "draw" ? t("drawing a tile") : t("passing");
}

function coordinate(value) {
  return value < 0 ? `\u2212${-value}` : String(value);
}
