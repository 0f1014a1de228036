// Dominoes' tiles drawn in SVG: a face in any rectangle (lying or upright), an upright tile on its own,
// a tile face down, a small tile that is not a control, and the ghost of a tile where it would lie.

import {h, svg} from "/static/js/svg.js";

/** "6|4" -> [6, 4]. */
export const nums = (tile) => tile.split("|").map(Number);
export const pipsOf = (tile) => nums(tile)[0] + nums(tile)[1];

// ---- tiles drawn in SVG (in units: a tile is 1 by 2, each half a square) --------------------------
// Pip places in one half of an upright tile: x across the tile, y along it (the six's rows of three
// run along the tile, as on a real domino).
const PIPS = {
  0: [],
  1: [[0.5, 0.5]],
  2: [[0.26, 0.26], [0.74, 0.74]],
  3: [[0.26, 0.26], [0.5, 0.5], [0.74, 0.74]],
  4: [[0.26, 0.26], [0.74, 0.26], [0.26, 0.74], [0.74, 0.74]],
  5: [[0.26, 0.26], [0.74, 0.26], [0.5, 0.5], [0.26, 0.74], [0.74, 0.74]],
  6: [[0.28, 0.22], [0.72, 0.22], [0.28, 0.5], [0.72, 0.5], [0.28, 0.78], [0.72, 0.78]],
};

/**
 * A tile's face in the rectangle r ({x, y, w, h}: 2×1 lying, 1×2 upright) showing `first` in the
 * left (or top) half and `second` in the other.  Hidden from screen readers: label what holds it.
 */
export function tileFace(r, first, second, extraClass = "") {
  const lying = r.w > r.h;
  const g = svg("g", {class: `dm-face ${extraClass}`.trim()});
  const inset = 0.035;
  g.append(svg("rect", {class: "dm-shade", x: r.x + inset + 0.05, y: r.y + inset + 0.07, width: r.w - 2 * inset,
    height: r.h - 2 * inset, rx: 0.13}));
  g.append(svg("rect", {class: "dm-body", x: r.x + inset, y: r.y + inset, width: r.w - 2 * inset,
    height: r.h - 2 * inset, rx: 0.13}));
  const mid = lying ? {x1: r.x + 1, y1: r.y + 0.16, x2: r.x + 1, y2: r.y + r.h - 0.16}
    : {x1: r.x + 0.16, y1: r.y + 1, x2: r.x + r.w - 0.16, y2: r.y + 1};
  g.append(svg("line", {class: "dm-bar", ...mid}));
  [first, second].forEach((n, half) => {
    const ox = lying ? r.x + half : r.x;
    const oy = lying ? r.y : r.y + half;
    for (const [a, b] of PIPS[n] || []) {
      const [px, py] = lying ? [b, a] : [a, b];  // lying: the rows of three run along the tile
      g.append(svg("circle", {class: "dm-pip", cx: ox + px, cy: oy + py, r: 0.088}));
    }
  });
  g.append(svg("circle", {class: "dm-spinner", cx: r.x + r.w / 2, cy: r.y + r.h / 2, r: 0.05}));
  return g;
}

/** An upright tile on its own (the hand, the tiles left): high number on top. */
export function tileArt(tile, extraClass = "") {
  const [a, b] = nums(tile);
  return svg("svg", {class: `dm-tile-svg ${extraClass}`.trim(), viewBox: "-0.02 -0.02 1.12 2.14", "aria-hidden": "true",
    focusable: "false"}, [tileFace({x: 0, y: 0, w: 1, h: 2}, a, b)]);
}

/** A tile face down: nothing on it tells which it is. */
export function backArt() {
  return svg("svg", {class: "dm-back-svg", viewBox: "-0.02 -0.02 1.12 2.14", "aria-hidden": "true", focusable: "false"}, [
    svg("rect", {class: "dm-back", x: 0.035, y: 0.035, width: 0.93, height: 1.93, rx: 0.13}),
    svg("line", {class: "dm-back-bar", x1: 0.2, y1: 1, x2: 0.8, y2: 1}),
    svg("circle", {class: "dm-back-spinner", cx: 0.5, cy: 1, r: 0.07}),
  ]);
}

/** A small face-up tile that is not a control. */
export function miniTile(tile) {
  return h("span", {class: "dm-mini", role: "img", "aria-label": tile, title: tile}, tileArt(tile));
}

/** A ghost of the chosen tile where it would lie (the end target's picture). */
export function tileArtIn(g) {
  return svg("svg", {class: "dm-ghost-svg", viewBox: `${g.x} ${g.y} ${g.w} ${g.h}`, "aria-hidden": "true",
    focusable: "false", preserveAspectRatio: "none"}, [tileFace(g, g.first, g.second, "dm-ghost")]);
}
