// Go Fish's ranks in words and its cards drawn: a card face, a back, a card as text, a book (its four
// cards in a fan), a row of books, a hand face down, and the little fish of the "Go fish!" badge.

import {cardBack as drawBack, cardChip as chip, cardFace as drawFace} from "/static/js/cards.js";
import {h, svg} from "/static/js/svg.js";
import {plural} from "/static/js/view.js";

// ---- ranks in words ----------------------------------------------------------------------------
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
export const PLURAL = {A: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights",
  9: "nines", T: "tens", J: "jacks", Q: "queens", K: "kings"};
export const singular = (rank) => (rank === "6" ? "six" : PLURAL[rank].slice(0, -1));
export const RANK_OF_PLURAL = Object.fromEntries(Object.entries(PLURAL).map(([r, p]) => [p, r]));
const SUIT_ORDER = ["C", "D", "H", "S"];
const rankShort = (r) => (r === "T" ? "10" : r);
export const NUMBER = ["no", "one", "two", "three", "four"];

// ---- cards -----------------------------------------------------------------------------------
export const cardFace = (code) => drawFace(code, "gf");
export const cardBack = () => drawBack("gf");

/** A card as text: its rank and suit symbol (the colour is never the only sign). */
export const cardChip = (code) => chip(code, "gf");

export function chipList(cards) {
  const out = [];
  cards.forEach((c, i) => { if (i) out.push(" "); out.push(cardChip(c)); });
  return out;
}

/** A book: its four cards in a tight fan, and the rank under it. */
export function bookStack(rank) {
  const cards = SUIT_ORDER.map((s) => `${rank}${s}`);
  return h("span", {class: "gf-book", role: "img", "aria-label": `a book of ${PLURAL[rank]}`,
    title: `Book of ${PLURAL[rank]}`,
    "data-rank": rank}, [
    h("span", {class: "gf-book-cards", "aria-hidden": "true"}, cards.map((c) => h("span", {class: "gf-mini"}, cardFace(c)))),
    h("span", {class: "gf-book-label", "aria-hidden": "true"}, `${rankShort(rank)}s`),
  ]);
}

export function booksRow(books, whoseText) {
  if (!books.length) return h("p", {class: "gf-books gf-nobooks"}, "No books yet");
  return h("div", {class: "gf-books", role: "group", "aria-label": `${whoseText} books: ${books.length}`},
    [h("span", {class: "gf-books-count"}, plural(books.length, "book", "books")), ...books.map(bookStack)]);
}

export function backsFan(n, label) {
  const fan = h("div", {class: "gf-backs", role: "img", "aria-label": label, "data-count": n});
  fan.style.setProperty("--gf-overlap", n > 14 ? ".8" : n > 9 ? ".72" : ".6");
  for (let i = 0; i < n; i++) fan.append(h("span", {class: "gf-back-card"}, cardBack()));
  return fan;
}

/** A little fish, for the "Go fish!" badge (decoration: the badge says it in words). */
export function fishIcon() {
  return svg("svg", {class: "gf-fish", viewBox: "0 0 28 16", "aria-hidden": "true", focusable: "false"}, [
    svg("path", {d: "M2 8c4-6 13-7 19 0-6 7-15 6-19 0z"}),
    svg("path", {d: "M20 8l7-5v10z"}),
    svg("circle", {cx: 7, cy: 7, r: 1.3, class: "gf-fish-eye"}),
  ]);
}
