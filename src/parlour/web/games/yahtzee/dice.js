// Yahtzee's dice on the table: the five slots (a kept die stays in its slot while the others are
// rolled), whether dice may be kept now, the move a roll sends, and the dice drawn on every update.
// The dice held before the next roll live only in this page until it is sent; they (and where each
// die lies) are kept in sessionStorage for the roll they belong to, so a reload shows them as they were.

import {die} from "/static/js/svg.js";
import {nameOf, who} from "/static/js/view.js";

export const DICE = 5;
export const ROLLS = 3;

/** The multiset `sub` taken away from `all` (both arrays of die values); null if it is not inside. */
function without(all, sub) {
  const rest = [...all];
  for (const v of sub) {
    const i = rest.indexOf(v);
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

export function canHold(st) {
  const v = st.view;
  return st.ctx.legal.length > 0 && v.rolls >= 1 && v.rolls_left > 0 && !v.rolling && st.slots.length === DICE;
}

export function rollMove(st) {
  if (!st.held.size) return "roll";
  if (st.held.size >= DICE) return null;
  const values = [...st.held].map((i) => st.slots[i]).sort((a, b) => b - a);
  return `keep ${values.join(" ")}`;
}

// ---- what a reload must not forget --------------------------------------------------
const heldKey = (st) => `parlour:yahtzee-held:${st.ctx.state ? st.ctx.state.code : ""}`;

/** Remember the slots and the held dice of this roll (st.rollKey) for a reload of the page. */
export function saveHeld(st) {
  try {
    if (st.slots.length === DICE) {
      sessionStorage.setItem(heldKey(st), JSON.stringify({roll: st.rollKey, slots: st.slots, held: [...st.held]}));
    } else {
      sessionStorage.removeItem(heldKey(st));
    }
  } catch { /* private mode: not kept */ }
}

/** The slots and held dice remembered for this very roll, or null (another roll, or none). */
function savedHeld(st, dice) {
  let saved;
  try { saved = JSON.parse(sessionStorage.getItem(heldKey(st)) || "null"); } catch { return null; }
  if (!saved || saved.roll !== st.rollKey || !Array.isArray(saved.slots) || !Array.isArray(saved.held)) return null;
  const same = [...saved.slots].sort((a, b) => a - b).join() === [...dice].sort((a, b) => a - b).join();
  const held = saved.held.filter((i) => Number.isInteger(i) && i >= 0 && i < DICE);
  return same && held.length === saved.held.length ? {slots: saved.slots, held: new Set(held)} : null;
}

// ---- the dice on the table ----------------------------------------------------------
/** Place the server's sorted dice in the five slots, keeping the kept dice where they were. */
export function placeDice(st, view) {
  const turnKey = `${st.ctx.state ? st.ctx.state.game_no : 0}|${view.current}|${view.turn}|${view.over}`;
  const rollKey = `${turnKey}|${view.rolls}|${view.dice.join("")}`;
  st.rolled = new Set();
  if (turnKey !== st.turnKey) {
    st.turnKey = turnKey;
    st.held.clear();
    st.slots = [];
    st.lastRolls = 0;
  }
  if (rollKey === st.rollKey) return;
  const firstSight = st.rollKey === null;
  st.rollKey = rollKey;
  const dice = view.dice;
  if (dice.length !== DICE) {
    st.slots = [];
    st.held.clear();
    st.lastRolls = view.rolls;
    return;
  }
  let kept = null;
  if (st.slots.length === DICE && view.rolls === st.lastRolls + 1) kept = view.kept || null;
  const fresh = kept !== null ? without(dice, kept) : null;
  const saved = firstSight ? savedHeld(st, dice) : null;
  if (saved !== null) {
    // a reload: the dice as they were, the held ones held
    st.slots = [...saved.slots];
    st.held = saved.held;
  } else if (fresh === null) {
    // a new turn's first roll, a reload, or the log does not say: lowest first
    st.slots = [...dice];
    st.held.clear();
    if (!firstSight) for (let i = 0; i < DICE; i++) st.rolled.add(i);
  } else {
    // kept dice stay put: the slots already held first, then others showing those values
    const slots = new Array(DICE).fill(null);
    const keep = new Set();
    const want = [...kept];
    const claim = (i) => {
      const at = want.indexOf(st.slots[i]);
      if (at >= 0 && !keep.has(i)) { want.splice(at, 1); keep.add(i); slots[i] = st.slots[i]; }
    };
    [...st.held].sort((a, b) => a - b).forEach(claim);
    for (let i = 0; i < DICE; i++) claim(i);
    const rest = [...fresh].sort((a, b) => a - b);
    for (let i = 0; i < DICE; i++) {
      if (!keep.has(i)) { slots[i] = rest.shift(); st.rolled.add(i); }
    }
    st.slots = slots;
    st.held = keep;
  }
  st.lastRolls = view.rolls;
}

export function drawDice(st, view) {
  const mine = st.ctx.legal.length > 0;
  const holdable = canHold(st);
  const owner = view.current;
  const air = view.rolling > 0;
  st.dice.forEach((d, i) => {
    const value = st.slots.length === DICE ? st.slots[i] : 0;
    const held = st.held.has(i);
    const inAir = air && !held;
    const shownKey = `${value}|${inAir}`;
    if (d.shown !== shownKey || st.rolled.has(i)) {
      d.shown = shownKey;
      const g = die(0, 0, 64, inAir ? 0 : value, inAir ? "air" : st.rolled.has(i) ? "rolling" : "");
      g.querySelector("title")?.remove();
      if (!value) g.classList.add("ghost");
      d.art.replaceChildren(g);
    }
    d.slot.dataset.value = value ? String(value) : "";
    d.slot.classList.toggle("held", held);
    d.slot.classList.toggle("holdable", holdable);
    d.slot.classList.toggle("blank", !value);
    d.button.setAttribute("aria-pressed", held ? "true" : "false");
    d.button.setAttribute("aria-disabled", holdable ? "false" : "true");
    const what = value ? `showing ${value}` : "not rolled yet";
    d.button.setAttribute("aria-label", `Die ${i + 1}, ${what}${held ? ", held" : ""}`);
    d.button.title = holdable ? (held ? "Kept: click to roll it again" : "Click to keep this die") :
      value ? `${who(st.ctx, owner)}: ${value}${held ? " (kept)" : ""}` : "";
    d.box.checked = held;
    d.box.disabled = !holdable;
    d.box.setAttribute("aria-label", `Keep die ${i + 1}${value ? ` (${value})` : ""}`);
    d.label.classList.toggle("on", held);
  });
  st.felt.classList.toggle("idle", st.slots.length !== DICE);
  st.felt.classList.toggle("mine", mine);
  st.feltNote.textContent = st.slots.length === DICE ? "" :
    view.over ? "" : mine ? "Roll to start your turn" : `${nameOf(st.ctx, owner)} rolls next`;
}
