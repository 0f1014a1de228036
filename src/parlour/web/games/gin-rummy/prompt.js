// What the seat shown may do now in Gin Rummy, and the prompt that says it.

import {cardShort} from "/static/js/cards.js";
import {nameOf} from "/static/js/view.js";

export function mine(st) {
  return st.ctx.legal.length > 0;
}
export function can(st, move) {
  return st.ctx.legal.includes(move);
}

/** The verb a click on a card plays while holding eleven: discard, or knock / gin once chosen. */
export function currentMode(st) {
  const legal = st.ctx.legal;
  const has = (kind) => legal.some((m) => m.startsWith(`${kind} `));
  if (st.mode !== "discard" && has(st.mode)) return st.mode;
  if (!has("discard")) return has("gin") ? "gin" : has("knock") ? "knock" : "discard";
  return "discard";
}

export function promptText(st, v) {
  const ctx = st.ctx;
  const top = v.pile.length ? cardShort(v.pile[v.pile.length - 1]) : "";
  const actor = v.to_act;
  if (actor === null || actor === undefined) return "Dealing\u2026";
  if (!mine(st)) {
    const name = nameOf(ctx, actor);
    return {
      offer: `${name} may take the up-card ${top} or pass.`,
      draw: `${name} to draw.`,
      discard: `${name} to discard.`,
      wall: `The stock is down to two cards: ${name} may take ${top} to knock or go gin, or pass.`,
      layoff: `${name} is laying off on ${nameOf(ctx, v.showdown ? v.showdown.knocker : 1 - actor)}'s melds.`,
    }[v.phase] || `${name} to play.`;
  }
  switch (v.phase) {
    case "offer":
      return v.refused === 1 ? `${nameOf(ctx, 1 - actor)} refused the up-card ${top}: take it, or pass.`
        : `The up-card is ${top}: take it, or pass.`;
    case "draw":
      return v.refused === 2 ? "Both of you refused the up-card: draw from the stock."
        : `Draw from the stock, or take ${top} from the discard pile.`;
    case "discard": {
      const mode = currentMode(st);
      if (mode === "knock") {
        return "Knock: click the card to discard face down (the number under each card is the deadwood left).";
      }
      if (mode === "gin") return "Gin: click the card to discard face down.";
      let text = "Click a card to discard it: the number under each card is the deadwood it leaves.";
      if (st.ctx.legal.some((m) => m.startsWith("gin "))) text += " You can go gin!";
      else if (st.ctx.legal.some((m) => m.startsWith("knock "))) text += " You may knock.";
      return text;
    }
    case "wall":
      return can(st, "take")
        ? `The stock is down to two cards: take ${top} to knock or go gin, or pass (the hand is cancelled).`
        : `The stock is down to two cards and ${top} would not let you knock: pass (the hand is cancelled).`;
    case "layoff":
      return `${nameOf(ctx, v.showdown.knocker)} knocked. Click your cards that fit the melds to lay them off, ` +
        "or Lay off best; then Done.";
    default:
      return "";
  }
}
