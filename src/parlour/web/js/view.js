// What the games' view modules share (the contract they follow is at the top of generic.js): words
// (plurals, the players' names, why the seat shown may not act), a game's stylesheet, filling an
// element, the line under the prompt, the checks every keyboard handler starts with, the arrow keys
// along a hand, keeping the focus where it was across a redraw, and render() itself for a view that
// builds its DOM once per root and keeps its state there.

import {h} from "/static/js/svg.js";

// ---- words ----------------------------------------------------------------------------------------
/** "1 card", "3 cards". */
export const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

export function nameOf(ctx, seat) {
  return (ctx.names && ctx.names[seat]) || `Player ${seat + 1}`;
}
/** Whether `seat` is this device's one seat (on a pass-and-play device, no seat is "me"). */
export function isMe(ctx, seat) {
  return Array.isArray(ctx.held) && ctx.held.length === 1 && ctx.held[0] === seat;
}
/** "You" ("you" within a sentence) for this device's one seat, else the name (pass-and-play: the
 * name of the seat shown). */
export function who(ctx, seat, start = true) {
  return isMe(ctx, seat) ? (start ? "You" : "you") : nameOf(ctx, seat);
}
export function whose(ctx, seat) {
  return isMe(ctx, seat) ? "Your" : `${nameOf(ctx, seat)}'s`;
}

/** Why the seat shown in `st` may not act now (st.ctx, st.view with phase and to_act).  `dealing`: what
 * is said while nobody is to act yet; `turn`: the last words ("It is Ann's turn to ask."). */
export function notYourTurn(st, dealing, turn = "turn") {
  const v = st.view;
  if (st.ctx.seat === null || st.ctx.seat === undefined) return "You are watching.";
  if (v.phase === "over") return "The game is over.";
  if (v.to_act === null || v.to_act === undefined) return dealing;
  return `It is ${nameOf(st.ctx, v.to_act)}'s ${turn}.`;
}

// ---- the page -------------------------------------------------------------------------------------
/** Add a game's stylesheet to the page, once. */
export function loadStyles(href) {
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.getAttribute("href") === href)) return;
  document.head.append(h("link", {rel: "stylesheet", href}));
}

/** Replace an element's children (arrays among them spread out), leaving out the empty ones. */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

/** The line under the prompt (st.say, a status): why a click did nothing, or "" to clear it. */
export function say(st, text) {
  st.say.textContent = text;
}

/** Whether an element is on the page and takes room (not hidden, not display: none). */
export function isShown(el) {
  if (!el || !el.isConnected || el.closest("[hidden]")) return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

// ---- keys -----------------------------------------------------------------------------------------
const FIELDS = "input, textarea, select, [contenteditable=''], [contenteditable=true]";
/** Whether an element is (in) a form field: the keys typed there are the person's text. */
export const isField = (el) => el && el.closest && el.closest(FIELDS);

/**
 * Whether a keydown is one for the view whose state is `st` (kept as root[key]) to act on: not while
 * a newer view owns the root, nor with Ctrl, Alt or Meta, nor typed into a field, nor while the
 * pass-the-device cover is up.  A handler whose root has left the page removes itself.
 */
export function keyForView(st, key, event) {
  if (!st.root.isConnected) { document.removeEventListener("keydown", st.onKey); return false; }
  if (st.root[key] !== st) return false;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isField(event.target)) return false;
  const cover = document.getElementById("pass-cover");
  return !(cover && !cover.hidden);
}

/**
 * ← and → on one of the controls of class `cls` in `container` (a hand's tiles, cards or ranks) move
 * the focus to the one before or after it.  Whether the key was such an arrow on such a control.
 */
export function arrowAlong(event, container, cls) {
  const key = event.key;
  const target = event.target;
  if (!((key === "ArrowLeft" || key === "ArrowRight") && target && target.classList && target.classList.contains(cls))) {
    return false;
  }
  const all = [...container.querySelectorAll(`.${cls}`)];
  const next = all[all.indexOf(target) + (key === "ArrowRight" ? 1 : -1)];
  if (next) { event.preventDefault(); next.focus(); }
  return true;
}

// ---- keeping the focus where it was ---------------------------------------------------------------
// A redraw replaces the controls, so the focused one goes.  Its data-focus names what it was ("tile:6|4",
// "stock"): before drawing, note it; after, focus the control with the same name, or else the first of
// `fallback` (a selector), so that keyboard players stay where they were.

/** Where the focus is, before a redraw of `root`. */
export function focusBefore(root) {
  const active = document.activeElement;
  return {
    key: active && root.contains(active) ? active.dataset.focus : null,
    here: active && active !== document.body && root.contains(active),
  };
}

/** After the redraw: the focus back where it was (if it was in `root`). */
export function focusAfter(root, before, fallback) {
  if (!before.here) return;
  let next = before.key ? [...root.querySelectorAll("[data-focus]")].find((el) => el.dataset.focus === before.key) : null;
  if (!next || next.closest("[hidden]")) next = root.querySelector(fallback);
  if (next && document.activeElement !== next) next.focus({preventScroll: true});
}

// ---- render ---------------------------------------------------------------------------------------
/**
 * The render(root, ctx) of a view that builds its DOM once per root and updates it in place: its
 * state `st` is kept as root[key] (st.root, st.main its top element, st.onKey its keydown listener,
 * st.resize an optional ResizeObserver).  Until the view is one of `game` it shows `waiting`; a root
 * whose DOM has been replaced gets a fresh build(root).  Then st.ctx and st.view are set and draw(st)
 * draws it.
 */
export function renderView(root, ctx, {game, key, waiting, build, draw}) {
  const view = ctx.view;
  if (!view || view.game !== game) {
    root.replaceChildren(h("p", {class: "muted"}, waiting));
    root[key] = null;
    return;
  }
  let st = root[key];
  if (!st || !st.main.isConnected || st.main.parentNode !== root) {
    if (st) {
      document.removeEventListener("keydown", st.onKey);
      if (st.resize) st.resize.disconnect();
    }
    st = build(root);
    root[key] = st;
  }
  st.ctx = ctx;
  st.view = view;
  draw(st);
}
