// Gin Rummy's cards: in words, as text, drawn (/static/js/cards.js with gin's class prefix "gr"), and
// small face-up cards that are not controls; whether a meld is a set or a run.

import {cardBack as drawBack, cardChip as chip, cardFace as drawFace, cardWords, rankOf} from "/static/js/cards.js";
import {h} from "/static/js/svg.js";

// ---- cards in words --------------------------------------------------------------------
export const listWords = (cards) => cards.map(cardWords).join(", ");

/** A card as text: its rank and suit symbol, red or black as well. */
export const cardChip = (code) => chip(code, "gr");

// ---- cards drawn in SVG (/static/js/cards.js, with gin's class prefix) ---------------------------
export const cardFace = (code) => drawFace(code, "gr");
export const cardBack = () => drawBack("gr");

/** A small face-up card that is not a control. */
export function miniCard(code, extraClass = "") {
  return h("span", {class: `gr-mini ${extraClass}`.trim(), "data-card": code, role: "img", "aria-label": cardWords(code),
    title: cardWords(code)}, cardFace(code));
}

export function miniRow(cards, label, extraClass = "") {
  return h("span", {class: `gr-mini-row ${extraClass}`.trim(), role: "group", "aria-label": label},
    cards.map((c) => miniCard(c)));
}

const isSet = (meld) => meld.every((c) => rankOf(c) === rankOf(meld[0]));
export const meldKind = (meld) => (isSet(meld) ? "Set" : "Run");
