// A tiny SVG helper: make elements in the SVG namespace with attributes and children.

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * s("rect", {x: 0, y: 0, class: "c-R"}, child, ...) → an SVGElement.
 * Attributes that are null, undefined or false are left out; "on…" attributes
 * become event listeners; children may be elements, strings or null.
 */
export function s(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A path for a rectangle whose four corners have their own radii [tl, tr, br, bl]. */
export function roundedRect(x, y, width, height, [tl, tr, br, bl]) {
  return [
    `M${x + tl},${y}`,
    `H${x + width - tr}`,
    tr ? `A${tr},${tr} 0 0 1 ${x + width},${y + tr}` : "",
    `V${y + height - br}`,
    br ? `A${br},${br} 0 0 1 ${x + width - br},${y + height}` : "",
    `H${x + bl}`,
    bl ? `A${bl},${bl} 0 0 1 ${x},${y + height - bl}` : "",
    `V${y + tl}`,
    tl ? `A${tl},${tl} 0 0 1 ${x + tl},${y}` : "",
    "Z",
  ].join("");
}

/** A regular polygon (or star, with an inner radius) as "x,y x,y …" points. */
export function polygonPoints(cx, cy, radius, corners, { inner = null, rotate = -90 } = {}) {
  const points = [];
  const steps = inner === null ? corners : corners * 2;
  for (let i = 0; i < steps; i++) {
    const r = inner !== null && i % 2 === 1 ? inner : radius;
    const angle = ((rotate + (360 / steps) * i) * Math.PI) / 180;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(2)},${(cy + r * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}
