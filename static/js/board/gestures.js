// The pointer gestures of a board, whatever its geometry: drag to pan, pinch and wheel
// to zoom, a tap, a mouse hovering; and a redraw when the <svg> changes size. Every
// board (live or replay, either game) is moved by these, so they feel the same.
import { clampScale, panBy, svgSize, zoomAt } from "./camera.js";

const TAP_SLOP = 6; // pixels a pointer may move and still be a tap

/**
 * Wire the gestures to an <svg>. `hooks`:
 *   view()                    → the camera to move
 *   changed()                 → the camera moved (request a redraw)
 *   tap(clientX, clientY, pointerType) → a click or tap that did not move ("mouse", "touch", "pen")
 *   hover(clientX, clientY)   → a mouse over the board; (null, null) when it leaves
 *   signal                    → optional AbortSignal that unwires it all
 */
export function wireGestures(svg, hooks) {
  const listen = { signal: hooks.signal };
  const size = () => svgSize(svg);

  const pointers = new Map(); // pointerId → {x, y} (client coordinates)
  let gesture = null; // {kind: "pan"|"pinch", ...} while a pointer is down

  function local(event) {
    const { left, top } = size();
    return { x: event.clientX - left, y: event.clientY - top };
  }

  function startGesture() {
    const view = hooks.view();
    const points = [...pointers.values()];
    if (points.length === 1) {
      gesture = { kind: "pan", start: points[0], last: points[0], moved: false };
    } else if (points.length >= 2) {
      const [a, b] = points;
      gesture = {
        kind: "pinch",
        distance: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        scale: view.scale,
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
        moved: true,
      };
    }
  }

  svg.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 && event.pointerType === "mouse") return;
    pointers.set(event.pointerId, local(event));
    svg.setPointerCapture(event.pointerId);
    startGesture();
  }, listen);

  svg.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) {
      if (event.pointerType === "mouse") hooks.hover(event.clientX, event.clientY);
      return;
    }
    pointers.set(event.pointerId, local(event));
    const view = hooks.view();
    const { width, height } = size();
    if (gesture?.kind === "pan") {
      const point = pointers.get(event.pointerId);
      if (!gesture.moved && Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y) < TAP_SLOP) return;
      gesture.moved = true;
      panBy(view, -(point.x - gesture.last.x) / view.scale, -(point.y - gesture.last.y) / view.scale);
      gesture.last = point;
      view.follow = false;
      svg.classList.add("panning");
      hooks.changed();
    } else if (gesture?.kind === "pinch") {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      // Keep the board point that was under the fingers' midpoint under it.
      const bx = view.cx + (gesture.mid.x - width / 2) / view.scale;
      const by = view.cy + (gesture.mid.y - height / 2) / view.scale;
      view.scale = clampScale((gesture.scale * distance) / gesture.distance);
      view.cx = bx - (mid.x - width / 2) / view.scale;
      view.cy = by - (mid.y - height / 2) / view.scale;
      gesture.mid = mid;
      gesture.scale = view.scale;
      gesture.distance = distance;
      view.follow = false;
      hooks.changed();
    }
  }, listen);

  function endPointer(event, cancelled) {
    if (!pointers.has(event.pointerId)) return;
    const wasTap = gesture?.kind === "pan" && !gesture.moved && pointers.size === 1 && !cancelled;
    pointers.delete(event.pointerId);
    svg.classList.remove("panning");
    if (wasTap) hooks.tap(event.clientX, event.clientY, event.pointerType);
    if (pointers.size) startGesture();
    else gesture = null;
  }
  svg.addEventListener("pointerup", (event) => endPointer(event, false), listen);
  svg.addEventListener("pointercancel", (event) => endPointer(event, true), listen);
  svg.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse" && !pointers.size) hooks.hover(null, null);
  }, listen);

  svg.addEventListener(
    "wheel",
    (event) => {
      event.preventDefault();
      const view = hooks.view();
      const { width, height } = size();
      const point = local(event);
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      zoomAt(view, Math.exp(-delta * 0.0015), point.x, point.y, width, height);
      view.follow = false;
      hooks.changed();
    },
    { passive: false, ...listen },
  );

  const resized = new ResizeObserver(() => hooks.changed());
  resized.observe(svg);
  hooks.signal?.addEventListener("abort", () => resized.disconnect());
}
