// Playing cards, shared by the card games' views: a card's name in words and in short, and its face
// and back drawn in SVG.  A card is written as everywhere in Parlour: rank then suit ("7H", "TS",
// "AC").  The drawings take a class prefix (gin rummy's "gr", blackjack's "bj") so that each game's
// stylesheet colours its own cards; the classes are `${prefix}-face-svg`, `${prefix}-face`,
// `${prefix}-red`/`${prefix}-black`, `${prefix}-rank`, `${prefix}-pip`, `${prefix}-court`,
// `${prefix}-court-frame`, and for the back `${prefix}-back-svg`, `${prefix}-back`,
// `${prefix}-back-inner`, `${prefix}-back-lattice`; a card told in text (cardChip) is
// `${prefix}-chip` with `${prefix}-red` or `${prefix}-black`.

import {h, svg} from "/static/js/svg.js";

export const SUITS = {
  C: {name: "clubs", symbol: "\u2663", red: false},
  D: {name: "diamonds", symbol: "\u2666", red: true},
  H: {name: "hearts", symbol: "\u2665", red: true},
  S: {name: "spades", symbol: "\u2660", red: false},
};
const RANK_TEXT = {A: "A", T: "10", J: "J", Q: "Q", K: "K"};
const RANK_WORD = {A: "ace", T: "10", J: "jack", Q: "queen", K: "king"};
const COURT = new Set(["J", "Q", "K"]);

export const rankOf = (code) => code[0];
export const suitOf = (code) => SUITS[code[1]];
export const rankText = (code) => RANK_TEXT[rankOf(code)] || rankOf(code);
/** "7 of hearts", "ace of spades". */
export const cardWords = (code) => `${RANK_WORD[rankOf(code)] || rankOf(code)} of ${suitOf(code).name}`;
/** "7♥", "10♣": the rank and the suit's symbol (a shape, so colour is never the only sign). */
export const cardShort = (code) => `${rankText(code)}${suitOf(code).symbol}`;

/** A card as text in a span: "7♥" (its rank and suit symbol, so colour is never the only sign), red or
 * black by its class (`${prefix}-chip` and `${prefix}-red` or `${prefix}-black`), named in full as its title. */
export function cardChip(code, prefix = "card") {
  return h("span", {class: `${prefix}-chip ${suitOf(code).red ? `${prefix}-red` : `${prefix}-black`}`, title: cardWords(code)},
    cardShort(code));
}

/** A suit's shape drawn in a 20×20 box scaled to `size`, top-left at (x, y). */
export function suitShape(suit, x, y, size, prefix = "card") {
  const g = svg("g", {class: `${prefix}-pip`, transform: `translate(${x} ${y}) scale(${size / 20})`});
  const c = (cx, cy, r) => svg("circle", {cx, cy, r});
  const p = (points) => svg("polygon", {points});
  if (suit === "D") g.append(p("10,0 18,10 10,20 2,10"));
  if (suit === "H") g.append(c(5.5, 6, 5), c(14.5, 6, 5), p("0.8,7.6 19.2,7.6 10,19"));
  if (suit === "S") g.append(c(5.5, 11, 4.7), c(14.5, 11, 4.7), p("1,9.6 19,9.6 10,0.5"), p("10,11 6.5,19.5 13.5,19.5"));
  if (suit === "C") {
    g.append(c(10, 5, 4.4), c(5, 11.6, 4.4), c(15, 11.6, 4.4), c(10, 10.5, 2.6), p("10,9 6.8,19.5 13.2,19.5"));
  }
  return g;
}

/** The face of a card (viewBox 60×84), hidden from screen readers: label what holds it. */
export function cardFace(code, prefix = "card") {
  const suit = code[1];
  const rank = rankOf(code);
  const text = rankText(code);
  const corner = (extra = {}) => svg("g", extra, [
    svg("text", {class: `${prefix}-rank`, x: 6, y: 17, "font-size": text.length > 1 ? 13 : 15,
      "letter-spacing": text.length > 1 ? -1 : 0}, [text]),
    suitShape(suit, 5.5, 21, 10, prefix),
  ]);
  const art = svg("svg", {class: `${prefix}-face-svg ${suitOf(code).red ? `${prefix}-red` : `${prefix}-black`}`,
    viewBox: "0 0 60 84", "aria-hidden": "true", focusable: "false"}, [
    svg("rect", {class: `${prefix}-face`, x: 1, y: 1, width: 58, height: 82, rx: 6}),
    corner(),
    corner({transform: "rotate(180 30 42)"}),
  ]);
  if (COURT.has(rank)) {
    art.append(svg("rect", {class: `${prefix}-court-frame`, x: 15, y: 16, width: 30, height: 52, rx: 3}));
    art.append(svg("text", {class: `${prefix}-court`, x: 30, y: 47, "text-anchor": "middle", "font-size": 24}, [rank]));
    art.append(suitShape(suit, 24, 51, 12, prefix));
  } else {
    art.append(suitShape(suit, 16, 28, 28, prefix));
  }
  return art;
}

/** The back of a card (viewBox 60×84): nothing on it tells which card it is. */
export function cardBack(prefix = "card") {
  const art = svg("svg", {class: `${prefix}-back-svg`, viewBox: "0 0 60 84", "aria-hidden": "true", focusable: "false"}, [
    svg("rect", {class: `${prefix}-back`, x: 1, y: 1, width: 58, height: 82, rx: 6}),
    svg("rect", {class: `${prefix}-back-inner`, x: 6, y: 6, width: 48, height: 72, rx: 3}),
  ]);
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 6; j++) {
      const cx = 12 + i * 12, cy = 12 + j * 12;
      const points = `${cx},${cy - 5} ${cx + 5},${cy} ${cx},${cy + 5} ${cx - 5},${cy}`;
      art.append(svg("polygon", {class: `${prefix}-back-lattice`, points}));
    }
  }
  return art;
}
