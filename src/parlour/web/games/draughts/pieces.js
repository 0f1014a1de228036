// Draughts pieces drawn in SVG: a man, a king (two men stacked under a crown), a small piece for the
// players' strips, and the Flip board icon.

import {svg} from "/static/js/svg.js";
import {colourOf} from "./notation.js";
import {R, S} from "./squares.js";

// ---- drawing pieces ---------------------------------------------------------------------------
function crown(cx, cy) {
  // a three-pointed crown on a band, with a ball on each point
  const d = `M${cx - 21} ${cy + 11} L${cx - 24} ${cy - 9} L${cx - 11} ${cy + 1} L${cx} ${cy - 15} ` +
    `L${cx + 11} ${cy + 1} L${cx + 24} ${cy - 9} L${cx + 21} ${cy + 11} Z`;
  return svg("g", {class: "dr-crown"}, [
    svg("path", {d}),
    svg("rect", {x: cx - 21, y: cy + 8, width: 42, height: 7, rx: 2}),
    svg("circle", {cx: cx - 24, cy: cy - 10, r: 3.6}),
    svg("circle", {cx, cy: cy - 16, r: 3.6}),
    svg("circle", {cx: cx + 24, cy: cy - 10, r: 3.6}),
  ]);
}

export function drawPiece(letter) {
  const colour = colourOf(letter);
  const king = letter === letter.toUpperCase();
  const c = S / 2;
  const g = svg("g", {class: `dr-piece ${colour}${king ? " king" : ""}`, "aria-hidden": "true"});
  if (king) {
    // a king is two men stacked, with a crown on top
    g.append(
      svg("circle", {class: "dr-shadow", cx: c + 2, cy: c + 9, r: R}),
      svg("circle", {class: "dr-body", cx: c, cy: c + 6, r: R}),
      svg("circle", {class: "dr-body", cx: c, cy: c - 3, r: R}),
      svg("circle", {class: "dr-groove", cx: c, cy: c - 3, r: R - 9}),
      crown(c, c - 4),
    );
  } else {
    g.append(
      svg("circle", {class: "dr-shadow", cx: c + 2, cy: c + 4, r: R}),
      svg("circle", {class: "dr-body", cx: c, cy: c, r: R}),
      svg("circle", {class: "dr-groove", cx: c, cy: c, r: R - 9}),
      svg("circle", {class: "dr-groove", cx: c, cy: c, r: R - 19}),
    );
  }
  return g;
}

export function miniPiece(colour) {
  return svg("svg", {class: "dr-mini", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false"}, [
    svg("circle", {class: `dr-mini-${colour}`, cx: 12, cy: 12, r: 10}),
    svg("circle", {class: `dr-mini-groove-${colour}`, cx: 12, cy: 12, r: 6}),
  ]);
}

export function flipIcon() {
  return svg("svg", {class: "icon-svg", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false", fill: "none",
    stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round", "stroke-linejoin": "round"}, [
    svg("path", {d: "M4 9a8 8 0 0 1 14-3l2 2M20 4v4h-4"}),
    svg("path", {d: "M20 15a8 8 0 0 1-14 3l-2-2M4 20v-4h4"}),
  ]);
}
