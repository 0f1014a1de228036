// A finished game stepped through move by move (/t/CODE/replay/N, or /t/CODE?replay=N; without N the
// table's current game; #K opens it at step K): the positions come from /api/tables/CODE/replay, each
// as somebody watching the table saw it, and are drawn by the game's own view module (js/table/board.js),
// as on the table page, with nothing to play.  First, Back, Forward and Last (and Home, ←, →, End) move
// through the steps; the move list beside the board goes to any of them.

import {h} from "/static/js/svg.js";
import {renderBoard} from "./table/board.js";
import {$, errorText, sentence} from "./table/common.js";

const parts = location.pathname.replace(/\/+$/, "").split("/");   // ["", "t", CODE] or [..., "replay", N]
const code = decodeURIComponent(parts[2] || "").toUpperCase();
const asked = (parts[3] === "replay" ? parts[4] : new URLSearchParams(location.search).get("replay")) || "";

let info = null;     // /api/tables/CODE
let replay = null;   // /api/tables/CODE/replay
let at = 0;          // the step shown

/** The table page's "state" message for step `n`, as a spectator's (what the view modules read). */
function stateAt(n) {
  const step = replay.steps[n];
  const end = n === replay.steps.length - 1 && replay.over;
  return {
    type: "state", code: replay.code, game: replay.game, title: replay.title, game_no: replay.game_no,
    seq: n, seats: info.seats, to_act: step.to_act, over: end, result: end ? replay.result : null,
    winners: end ? replay.winners : [], standings: [], history: [], hints: false,
    hidden_information: false, pass_device: false, move_help: "",
    you: [], views: {}, view: step.view, legal: {}, log_from: 0, replay: true,
    log: replay.steps.slice(1, n + 1).map((s) => ({n: s.n, seat: s.seat, text: s.text})),
  };
}

function context() {
  const names = [];
  replay.names.forEach((name, seat) => { names[seat] = name; });
  return {view: replay.steps[at].view, legal: [], seat: null, names, state: stateAt(at), held: [], play: () => {}};
}

function go(n) {
  if (!replay) return;
  at = Math.max(0, Math.min(replay.steps.length - 1, n));
  history.replaceState(null, "", `${location.pathname}${location.search}#${at}`);
  draw();
}

function stepLine(step) {
  if (step.n === 0) return "The start of the game";
  return step.text || `${step.who}: ${step.move}`;
}

function draw() {
  const last = replay.steps.length - 1;
  const step = replay.steps[at];
  $("replay-first").disabled = at === 0;
  $("replay-back").disabled = at === 0;
  $("replay-forward").disabled = at === last;
  $("replay-last").disabled = at === last;
  $("replay-step").textContent = at === 0 ? `Step 0 of ${last}: the start of the game.`
    : `Step ${at} of ${last}: ${stepLine(step)}${/[.!?]$/.test(stepLine(step)) ? "" : "."}`;
  $("replay").dataset.step = String(at);
  renderBoard($("board"), replay.game, {covered: () => false, context, drawnKey: () => `replay:${replay.game_no}:${at}`});
  const list = $("replay-steps");
  for (const item of list.children) {
    const current = Number(item.dataset.n) === at;
    const button = item.querySelector("button");
    if (current) button.setAttribute("aria-current", "step"); else button.removeAttribute("aria-current");
    item.classList.toggle("current", current);
    if (current && (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)) {
      list.scrollTop = item.offsetTop - list.clientHeight / 2;  // the list scrolls, never the page
    }
  }
}

function drawSteps() {
  $("replay-steps").replaceChildren(...replay.steps.map((step) => {
    const button = h("button", {class: "replay-goto", type: "button", "data-n": step.n}, [
      h("span", {class: "n", "aria-hidden": "true"}, step.n), stepLine(step)]);
    button.addEventListener("click", () => go(step.n));
    return h("li", {class: step.seat === -1 ? "chance" : "", "data-n": step.n}, button);
  }));
}

function drawGames() {
  const finished = info.over ? info.game_no : info.game_no - 1;
  const items = [];
  for (let g = 1; g <= finished; g++) {
    const link = h("a", {href: `/t/${encodeURIComponent(code)}/replay/${g}`}, `Replay game ${g}`);
    if (g === replay.game_no) link.setAttribute("aria-current", "page");
    items.push(h("li", {}, link));
  }
  $("replay-games").replaceChildren(...items);
}

function showGone(text) {
  $("replay").hidden = true;
  $("not-found").hidden = false;
  $("not-found-text").textContent = sentence(text);
  document.title = "No replay — Parlour";
}

document.addEventListener("keydown", (event) => {
  if (!replay || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
  const moves = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: replay.steps.length - 1};
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key]);
});
$("replay-first").addEventListener("click", () => go(0));
$("replay-back").addEventListener("click", () => go(at - 1));
$("replay-forward").addEventListener("click", () => go(at + 1));
$("replay-last").addEventListener("click", () => go(replay.steps.length - 1));

async function start() {
  const table = `/t/${encodeURIComponent(code)}`;
  $("table-code").textContent = code;
  $("table-code").href = table;
  $("back-to-table").href = table;
  if (!code) { showGone("No table code in the address."); return; }
  if (asked && !/^[0-9]+$/.test(asked)) {
    showGone(`"${asked}" is not a game number: the address ends with the game's number, as in ${table}/replay/1`);
    return;
  }
  const query = asked ? `?game_no=${asked}` : "";
  const [tableResponse, replayResponse] = await Promise.all([
    fetch(`/api/tables/${encodeURIComponent(code)}`), fetch(`/api/tables/${encodeURIComponent(code)}/replay${query}`)]);
  if (!tableResponse.ok) { showGone(await errorText(tableResponse)); return; }
  info = await tableResponse.json();
  if (!replayResponse.ok) {
    showGone(await errorText(replayResponse));
    $("not-found-back").href = table;
    $("not-found-back").textContent = "Back to the table";
    return;
  }
  replay = await replayResponse.json();
  document.title = `Replay: ${replay.title} game ${replay.game_no} · ${replay.code} — Parlour`;
  $("game-title").textContent = replay.title;
  $("replay-heading").textContent = `Replay of game ${replay.game_no}`;
  $("replay-result").textContent = replay.result || "";
  drawSteps();
  drawGames();
  const fromHash = Number(location.hash.slice(1));
  go(location.hash && Number.isInteger(fromHash) ? fromHash : 0);
}

start();
