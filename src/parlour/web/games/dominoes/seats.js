// Dominoes' seats: the sides (and partners) and each seat whose tiles are not shown here, with its
// tiles as backs, its side and partner and the numbers it knocked on.

import {h, icon} from "/static/js/svg.js";
import {fill, isMe, nameOf, plural} from "/static/js/view.js";
import {backArt} from "./tiles.js";

export const partnered = (v) => new Set(v.sides).size < v.players;
export function sideName(ctx, v, side) {
  return v.sides.map((s, seat) => [s, seat]).filter(([s]) => s === side).map(([, seat]) => nameOf(ctx, seat)).join(" & ");
}
export const sideCount = (v) => Math.max(...v.sides) + 1;
function partnerOf(v, seat) {
  const i = v.sides.findIndex((s, other) => other !== seat && s === v.sides[seat]);
  return i < 0 ? null : i;
}

/** A seat whose tiles are not shown here: the backs, the count, the side, the numbers knocked on. */
export function seatCard(st, v, seat, own = false) {
  const ctx = st.ctx;
  const acting = v.to_act === seat;
  const n = v.hand_sizes[seat];
  const tags = [];
  if (isMe(ctx, seat)) tags.push(h("span", {class: "dm-tag dm-you-tag"}, "you"));
  if (partnered(v)) {
    const mate = partnerOf(v, seat);
    const shownSeat = ctx.seat;
    let rel = `side ${v.sides[seat] + 1}`;
    if (shownSeat !== null && shownSeat !== undefined && seat !== shownSeat) {
      rel = v.sides[seat] === v.sides[shownSeat] ? "partner" : "opponent";
    }
    tags.push(h("span", {class: `dm-tag dm-side dm-side-${v.sides[seat]}`, "data-rel": rel}, rel));
    if (mate !== null) tags.push(h("span", {class: "dm-partner"}, `partner of ${nameOf(ctx, mate)}`));
  }
  const head = h("div", {class: "dm-seat-head"}, [
    h("strong", {class: "dm-seat-name"}, nameOf(ctx, seat)), ...tags,
    acting ? h("span", {class: "dm-acting"}, [icon("play"), isMe(ctx, seat) ? " your turn" : " to play"]) : null,
  ]);
  const parts = [head];
  if (!own) {
    const backs = h("div", {class: "dm-backs", role: "img", "aria-label": `${plural(n, "tile", "tiles")} face down`});
    for (let i = 0; i < n; i++) backs.append(h("span", {class: "dm-back-tile"}, backArt()));
    parts.push(h("div", {class: "dm-seat-tiles"}, [backs, h("span", {class: "dm-count"}, plural(n, "tile", "tiles"))]));
  }
  const notes = [];
  if (v.out[seat]) notes.push(h("span", {class: "dm-note dm-out"}, "chipped out"));
  const knocked = v.knocked[seat] || [];
  if (knocked.length) {
    notes.push(h("span", {class: "dm-note dm-knocked", title: "A player who knocked on a number holds none of it"},
      `knocked on ${[...knocked].sort((a, b) => b - a).join(", ")}`));
  }
  if (notes.length) parts.push(h("div", {class: "dm-notes"}, notes));
  return h("div", {class: `dm-seat${acting ? " acting" : ""}${own ? " own" : ""}`, "data-seat": seat,
    role: "group", "aria-label": `${nameOf(ctx, seat)}'s seat`}, parts);
}

function orderFrom(v, seat) {
  const out = [];
  for (let i = 1; i <= v.players; i++) out.push((seat + i) % v.players);
  return out;
}

export function drawOthers(st, v) {
  const seat = st.ctx.seat;
  const mine = seat !== null && seat !== undefined && v.hand;
  const seats = mine ? orderFrom(v, seat).filter((s) => s !== seat) : orderFrom(v, v.players - 1);
  fill(st.others, ...seats.map((s) => seatCard(st, v, s)));
  st.others.dataset.count = seats.length;
}
