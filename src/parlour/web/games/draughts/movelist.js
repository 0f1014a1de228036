// The draughts move list and what goes with it: PDN export (a link and a copy), the engine's review of
// a finished game, and PDN import at a pass-and-play table (the moves replayed one by one).

import {h} from "/static/js/svg.js";
import {plural} from "/static/js/view.js";
import {TITLE, boardMoves, entriesFromLog, moveRows, readPdn} from "./notation.js";

// ---- PDN ------------------------------------------------------------------------------------
function exportUrl(st) {
  const state = st.ctx.state;
  return `/api/tables/${encodeURIComponent(state.code)}/export?game_no=${state.game_no || 1}`;
}

/** The game's PDN as the server writes it (fetched again only when the game has moved on). */
export async function loadPdn(st) {
  const state = st.ctx.state;
  const key = JSON.stringify([state.code, state.game_no, state.seq]);
  if (st.pdnKey === key && st.pdn) return st.pdn;
  try {
    const response = await fetch(exportUrl(st));
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    const text = await response.text();
    if (JSON.stringify([st.ctx.state.code, st.ctx.state.game_no, st.ctx.state.seq]) === key) {
      st.pdnKey = key;
      st.pdn = text;
      st.pdnArea.value = text;
    }
    return text;
  } catch (err) {
    st.pdnStatus.textContent = `The PDN could not be fetched (${err.message}).`;
    return "";
  }
}

export async function copyPdn(st) {
  const text = await loadPdn(st);
  if (!text) return;
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    st.pdnStatus.textContent = "PDN copied.";
  } catch {
    st.pdnDetails.open = true;
    st.pdnArea.focus();
    st.pdnArea.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    st.pdnStatus.textContent = ok ? "PDN copied." : "Select the PDN text and copy it.";
  }
}

// ---- the engine's review of a finished game ---------------------------------------------------------
export async function startReview(st) {
  const state = st.ctx.state;
  const game = state.game_no || 1;
  st.reviewing = {game, error: ""};
  drawReview(st);
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(state.code)}/review?game_no=${game}`);
    const body = await response.json();
    if (!response.ok) throw new Error(body.detail || `the server answered ${response.status}`);
    st.review = {game, ...body};
    st.reviewing = null;
  } catch (err) {
    st.reviewing = {game, error: `No review: ${err.message}`};
  }
  st.movesKey = null;  // mark the moves
  drawMoves(st);
}

function drawReview(st) {
  const {view, ctx} = st;
  const game = ctx.state.game_no || 1;
  if (st.review && st.review.game !== game) st.review = null;
  if (st.reviewing && st.reviewing.game !== game) st.reviewing = null;
  st.reviewBox.hidden = !view.over || view.plies === 0;
  const r = st.review;
  const busy = st.reviewing && !st.reviewing.error;
  st.reviewBtn.hidden = !!r;
  st.reviewBtn.disabled = !!busy;
  if (r) {
    st.reviewStatus.textContent = r.mistakes.length
      ? `${plural(r.moves, "move", "moves")} reviewed: ${plural(r.mistakes.length, "mistake", "mistakes")} marked with ? in the move list.`
      : `${plural(r.moves, "move", "moves")} reviewed: no mistakes found.`;
  } else if (busy) {
    st.reviewStatus.textContent = `The engine is looking at ${plural(view.plies, "move", "moves")} ` +
      `(about ${Math.max(1, Math.round(view.plies * 0.5))} seconds)\u2026`;
  } else {
    st.reviewStatus.textContent = st.reviewing ? st.reviewing.error : "";
  }
  st.reviewList.replaceChildren(...(r ? r.mistakes : []).map((m) => h("li", {"data-ply": m.ply}, [
    h("strong", {class: "mono"}, `${m.move} ${m.played}?`), ` (${TITLE[m.colour]}): ${m.why}`])));
}

/** Why a PDN cannot be replayed here now, or "" if it can. */
function importBlocked(st) {
  const {ctx, view} = st;
  const both = Array.isArray(ctx.held) && ctx.held.includes(0) && ctx.held.includes(1);
  if (!both) return "Import replays a game's moves at a table where this device plays both sides (pass-and-play).";
  if (view.over) return "The game is over: import into a new game (Play again), before its first move.";
  if (view.plies > 0 || (ctx.state.log || []).some((l) => l.seat >= 0)) return "Import works only before the first move of a game.";
  return "";
}

export function startImport(st) {
  const why = importBlocked(st);
  if (why) { st.importStatus.textContent = why; return; }
  const read = readPdn(st.importArea.value, st.view.rules ? st.view.rules.start : null);
  if (read.error) { st.importStatus.textContent = read.error; return; }
  st.importing = {moves: read.moves, i: 0, lastSeq: null, game: st.ctx.state.game_no};
  st.importStatus.textContent = `Replaying ${plural(read.moves.length, "move", "moves")}…`;
  runImport(st);
}

function resolveImported(legal, text) {
  if (legal.includes(text)) return text;
  const squares = text.split(/[-x]/).map(Number);
  if (text.includes("x") && squares.length === 2) {
    const found = boardMoves(legal).filter((p) => p.capture && p.path[0] === squares[0] &&
      p.path[p.path.length - 1] === squares[1]);
    if (found.length === 1) return found[0].text;
  }
  return null;
}

export function runImport(st) {
  const job = st.importing;
  if (!job) return;
  const {ctx, view} = st;
  if (ctx.state.game_no !== job.game) { st.importing = null; return; }
  if (job.i >= job.moves.length) {
    st.importing = null;
    st.importStatus.textContent = `Imported ${plural(job.moves.length, "move", "moves")}.`;
    return;
  }
  const wanted = job.moves[job.i];
  if (view.over) {
    st.importing = null;
    st.importStatus.textContent = `The game ended before the PDN's ${wanted}: ${job.i} of ${job.moves.length} moves replayed.`;
    return;
  }
  if (job.lastSeq === ctx.state.seq || !ctx.legal.length) return;  // wait for the answer
  const move = resolveImported(ctx.legal, wanted);
  if (!move) {
    st.importing = null;
    const n = Math.floor(view.plies / 2) + 1;
    st.importStatus.textContent = `Stopped at move ${n} (${TITLE[view.turn]}): ${wanted} is not legal here. ` +
      `${job.i} of ${job.moves.length} moves replayed.`;
    return;
  }
  job.lastSeq = ctx.state.seq;
  job.i += 1;
  ctx.play(move);
}

export function drawMoves(st) {
  const {view, ctx} = st;
  const entries = entriesFromLog(ctx.state.log, view);
  const moves = entries.filter((e) => e.kind === "move").length;
  const complete = moves === view.plies;
  const rows = moveRows(entries, view.black_started);
  drawReview(st);
  const marked = new Map((st.review ? st.review.mistakes : []).map((m) => [m.ply, m]));
  const key = JSON.stringify([ctx.state.game_no, entries.length, complete, marked.size]);
  if (st.movesKey !== key) {
    st.movesKey = key;
    const lastMove = [...entries].reverse().find((e) => e.kind === "move");
    const cell = (e, waiting) => {
      if (!e) return h("td", {class: "mono muted"}, waiting ? "" : "…");  // … : White moved after a note
      const current = e === lastMove;
      const mistake = marked.get(e.ply);
      return h("td", {class: `mono${current ? " dr-current" : ""}${mistake ? " dr-mistake" : ""}`,
        "aria-current": current ? "true" : null, title: mistake ? mistake.why : null},
      mistake ? [e.text, h("span", {class: "dr-mistake-mark", "aria-label": " (a mistake)"}, "?")] : e.text);
    };
    st.moveBody.replaceChildren(...rows.map((row) => (row.note
      ? h("tr", {class: "dr-note-row"}, [h("td", {}, ""), h("td", {colspan: 2}, row.note)])
      : h("tr", {}, [h("th", {scope: "row", class: "num"}, `${row.n}.`), cell(row.black, false),
        cell(row.white, true)]))));
    st.noMoves.hidden = rows.length > 0;
    st.moveScroll.hidden = rows.length === 0;
    st.moveScroll.scrollTop = st.moveScroll.scrollHeight;
  }
  st.downloadBtn.href = exportUrl(st);
  if (st.pdnDetails.open) loadPdn(st);

  const why = importBlocked(st);
  st.importWhy.textContent = why || `Paste a game in PDN (from ${view.rules && view.rules.start ? "this table's set-up position" : "the usual opening"}): its moves are played here one by one, for both sides.`;
  st.importBtn.disabled = !!why || !!st.importing;
}
