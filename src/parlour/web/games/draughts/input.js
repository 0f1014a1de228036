// Acting on the draughts board: a click or Enter on a square (a piece, then where it goes, a jump a
// landing at a time), the keys (the arrows between squares, Esc, F, N), sending a move, and the view's
// preferences (square numbers on or off) kept in this browser.

import {candidates, roving, update, waitingReason} from "./draw.js";
import {TITLE, colourOf, listText, unique} from "./notation.js";
import {atScreen, onScreen} from "./squares.js";

const PREFS_KEY = "parlour:draughts";

// ---- preferences -----------------------------------------------------------------------------
export function loadPrefs() {
  try { return JSON.parse(localStorage.getItem(PREFS_KEY) || "{}") || {}; } catch { return {}; }
}
function savePrefs(prefs) {
  try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch { /* private mode */ }
}

// ---- actions ------------------------------------------------------------------------------------
/** A message under the board (a refusal, or what happened), until the position changes. */
function say(st, text, refused = false) {
  st.said = text;
  st.saidRefused = refused;
  st.saidId = (st.saidId || 0) + 1;
  update(st);
}

export function send(st, text) {
  if (!st.ctx || !st.ctx.legal.includes(text)) return;
  st.sentAt = {key: st.legalKey, time: Date.now()};
  st.ctx.play(text);
  say(st, `Playing ${text}…`);
}

export function cancel(st) {
  if (!st.path.length) return false;
  st.path = [];
  st.said = "";
  update(st);
  return true;
}

export function flip(st) {
  st.flipped = !st.flipped;
  update(st);
}

export function setNumbers(st, on) {
  st.numbers = on;
  st.numBox.checked = on;
  savePrefs({...loadPrefs(), numbers: on});
  update(st);
}

export function onSquare(st, sq) {
  const {ctx, view} = st;
  if (!ctx || !view) return;
  st.focusSq = sq;
  roving(st);
  // a move is on its way (unless the server refused it: table.js then shows why)
  if (st.sentAt && st.sentAt.key === st.legalKey && Date.now() - st.sentAt.time < 4000) return;
  const plays = st.plays;
  const huff = `huff ${sq}`;
  if (!st.path.length && ctx.legal.includes(huff)) { send(st, huff); return; }
  if (!plays.length) { say(st, waitingReason(st), true); return; }
  const path = st.path;
  const starts = unique(plays.map((p) => p.path[0]));
  if (path.length) {
    const cands = candidates(st);
    const next = cands.filter((p) => p.path[path.length] === sq);
    if (next.length) {
      const longer = [...path, sq];
      const done = next.filter((p) => p.path.length === longer.length);
      if (done.length === 1 && done.length === next.length) { send(st, done[0].text); return; }
      st.path = longer;
      st.said = "";
      update(st);
      return;
    }
    const ends = cands.filter((p) => p.path[p.path.length - 1] === sq);
    if (ends.length === 1) { send(st, ends[0].text); return; }
    if (ends.length > 1) {
      say(st, `Several routes end on ${sq} (${listText(ends.map((p) => p.text))}): choose the squares the piece lands on, one at a time.`, true);
      return;
    }
    if (sq === path[0]) { st.path = []; say(st, "Nothing chosen."); return; }
    if (starts.includes(sq)) { st.path = [sq]; st.said = ""; update(st); return; }
    const nextSquares = unique(cands.map((p) => p.path[path.length]));
    if (path.length === 1) {
      say(st, `The piece on ${path[0]} cannot go to ${sq}: it can go to ${listText(nextSquares)}.`, true);
    } else {
      say(st, `From ${path[path.length - 1]} the piece cannot land on ${sq}: it must go on to ${listText(nextSquares)}.`, true);
    }
    return;
  }
  if (starts.includes(sq)) { st.path = [sq]; st.said = ""; update(st); return; }
  const letter = view.board[sq - 1];
  const mover = view.turn;
  if (letter && colourOf(letter) === mover) {
    const kind = letter === letter.toUpperCase() ? "king" : "man";
    const capture = plays.some((p) => p.capture) && !view.huffing;
    say(st, capture
      ? `The ${kind} on ${sq} cannot move now: you must capture, with the piece on ${listText(starts)}.`
      : `The ${kind} on ${sq} has no move. Pieces that can move: ${listText(starts)}.`, true);
  } else if (letter) {
    say(st, `That is ${TITLE[colourOf(letter)]}'s ${letter === letter.toUpperCase() ? "king" : "man"}. Choose one of your pieces: ${listText(starts)}.`, true);
  } else {
    say(st, `Square ${sq} is empty. Choose one of your pieces first: ${listText(starts)}.`, true);
  }
}

export function onBoardKey(st, event) {
  const target = event.target.closest && event.target.closest(".dr-sq");
  if (!target || event.ctrlKey || event.metaKey || event.altKey) return;
  const sq = Number(target.dataset.sq);
  const [r, c] = onScreen(sq, st.blackBottom);
  let to = null;
  switch (event.key) {
    case "Enter":
    case " ":
      event.preventDefault();
      event.stopPropagation();
      onSquare(st, sq);
      return;
    case "ArrowLeft": to = atScreen(r, c - 2, st.blackBottom); break;
    case "ArrowRight": to = atScreen(r, c + 2, st.blackBottom); break;
    case "ArrowUp":
    case "ArrowDown": {
      // stay in a two-column band: alternate between the remembered column and its neighbour
      const r2 = event.key === "ArrowUp" ? r - 1 : r + 1;
      const home = st.homeCol ?? c;
      const c2 = c === home ? (atScreen(r2, home + 1, st.blackBottom) ? home + 1 : home - 1) : home;
      to = atScreen(r2, c2, st.blackBottom);
      if (to) { event.preventDefault(); moveFocus(st, to, false); }
      return;
    }
    case "Home": to = atScreen(r, 0, st.blackBottom) || atScreen(r, 1, st.blackBottom); break;
    case "End": to = atScreen(r, 7, st.blackBottom) || atScreen(r, 6, st.blackBottom); break;
    default: return;
  }
  event.preventDefault();
  if (to) moveFocus(st, to, true);
}

function moveFocus(st, sq, resetHome) {
  st.focusSq = sq;
  roving(st);
  const keep = st.homeCol;
  st.cells.get(sq).g.focus();
  if (!resetHome) st.homeCol = keep;
}

export function onKey(st, event) {
  if (st.root._dr !== st || !st.root.isConnected) {  // table.js made a new root: this one is done
    document.removeEventListener("keydown", st.onKey);
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  const target = event.target;
  if (target && target.closest && target.closest("input, textarea, select, [contenteditable], dialog, [role=dialog]")) return;
  if (event.key === "Escape") {
    if (st.confirming) { st.confirming = false; update(st); st.resignBtn.focus(); event.preventDefault(); return; }
    if (st.path.length) { st.path = []; say(st, "Nothing chosen."); event.preventDefault(); }
  } else if (event.key === "f" || event.key === "F") {
    event.preventDefault();
    flip(st);
  } else if (event.key === "n" || event.key === "N") {
    event.preventDefault();
    setNumbers(st, !st.numbers);
  }
}
