// A table: the seats, the game drawn by its view module, the legal moves as buttons and a text box
// for typed moves (folded in a closed "Type a move" section), hints, the log, the result and standings.  The server is authoritative: this
// page only renders the last `state` message and sends what the person chooses.
// The WebSocket protocol is described in docs/server.md.
// This module holds the connection, the messages, playing (the moves, the typed move, hints), the
// seat shown and the pass-the-device cover.  Beside it, in js/table/: the board (the game's view
// module), the side panels, the join card, what is kept in localStorage, and what they share.

import {h} from "/static/js/svg.js";
import {renderBoard} from "./table/board.js";
import {$, code, errorText, namesList, seatName, sentence} from "./table/common.js";
import {renderJoin} from "./table/join.js";
import {renderBanner, renderLog, renderResult, renderSeats, renderStandings, setUpRules, setUpShare}
  from "./table/panels.js";
import {loadTokens, saveTokens} from "./table/storage.js";
import {renderTakeback, takebackEvent} from "./table/takeback.js";

const BACKOFF_MS = [400, 1000, 2000, 4000, 8000, 15000];

let tokens = loadTokens(code);   // {seat: token} held by this device
let ws = null;
let attempt = 0;
let retryTimer = null;
let pingTimer = null;
let state = null;            // the last state message
let shownSeat = null;        // the held seat whose view is shown
let passAck = null;          // {seat, game_no}: who pressed Ready last (hidden-information games)
let pending = null;          // a move sent and not yet answered: {message, timer}
let unsent = null;           // a move to send when the connection is back: {message, sent} (see resend)
let resent = null;           // the move message last sent by resend(): its refusal (if any) is told apart
let refusals = 0;            // moves this page sent that the server refused (ctx.refused)
let refusalStays = false;    // the page says a resent move was refused: kept until the player acts
let lastTyped = null;
let hintFor = null;          // {seat, seq} a hint was asked for
let gone = false;            // the table does not exist

// ---- helpers -----------------------------------------------------------------
function nameOf(seat) { return seatName(state, seat); }
function held() { return state ? state.you : []; }
function actingHeld() { return state ? state.you.filter((s) => state.to_act.includes(s)) : []; }
function covered() { return !$("pass-cover").hidden; }

// ---- connection --------------------------------------------------------------
function setConn(kind, text) {
  $("conn").dataset.state = kind;
  $("conn-text").textContent = text;
}

function connect() {
  if (gone) return;
  clearTimeout(retryTimer);
  retryTimer = null;
  if (ws) { const old = ws; ws = null; try { old.close(); } catch { /* already closed */ } }
  setConn("connecting", attempt ? "Reconnecting…" : "Connecting…");
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(code)}`);
  ws = socket;
  socket.addEventListener("open", () => {
    if (socket !== ws) return;
    socket.send(JSON.stringify({type: "hello", tokens: Object.values(tokens)}));
  });
  socket.addEventListener("message", (event) => {
    if (socket !== ws) return;
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    onMessage(message);
  });
  socket.addEventListener("close", (event) => {
    if (socket !== ws) return;
    ws = null;
    clearInterval(pingTimer);
    // a move sent just now may not have arrived: judged again when the connection is back
    if (pending && !unsent) unsent = {message: pending.message, sent: true};
    clearPending();
    if (event.code === 4404) { showGone("There is no table with this code."); return; }
    scheduleReconnect();
  });
}

function scheduleReconnect() {
  if (gone || retryTimer) return;
  const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
  attempt += 1;
  setConn("closed", `Offline — retrying in ${Math.ceil(delay / 1000)} s`);
  retryTimer = setTimeout(() => { retryTimer = null; connect(); }, delay);
}

function send(message) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    showError("Not connected to the table right now: reconnecting, try again in a moment.");
    if (!ws) { attempt = 0; connect(); }
    return false;
  }
  ws.send(JSON.stringify(message));
  return true;
}

window.addEventListener("online", () => { if (!ws) { attempt = 0; connect(); } });
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && !ws && !gone) { attempt = 0; connect(); }
});

// ---- messages ------------------------------------------------------------------
function onMessage(message) {
  switch (message.type) {
    case "welcome":
      attempt = 0;
      setConn("open", message.seats.length ? "Connected" : "Connected · watching");
      clearInterval(pingTimer);
      pingTimer = setInterval(() => send({type: "ping"}), 25000);
      break;
    case "state":
      onState(message);
      break;
    case "hint":
      showHint(message);
      break;
    case "takeback":
      takebackEvent(message, state);
      render();
      break;
    case "error":
      onError(message);
      break;
    default:
      break;
  }
}

function onError(message) {
  // The resent move, if this error is the server's answer to it (a refusal names its move and seq).
  const answer = message.refused;
  const refused = resent && answer && answer.move === resent.move && answer.seq === resent.seq
    ? resent.move : null;
  if (refused) resent = null;
  const moveRefused = Boolean(answer) || Boolean(pending);  // the answer to a move (it names the move)
  clearPending();
  if (moveRefused) {
    refusals += 1;  // the board's view forgets the move it was showing as on its way (ctx.refused)
    render();
  }
  if (message.code === "auth") {
    // A stored token this table no longer knows (the table was remade, the data wiped): forget it.
    tokens = {};
    saveTokens(code, tokens);
    attempt = 0;
    showNotice("This device's seat at the table was not recognised, so you are watching.");
    setTimeout(connect, 50);
    return;
  }
  if (message.code === "not-found") { showGone(message.message); return; }
  if (hintFor && ["hints-off", "turn", "seat"].includes(message.code) && !$("hint-panel").hidden &&
      $("hint-panel").dataset.waiting === "yes") {
    $("hint-panel").hidden = true;
  }
  if (message.code === "not-over" || message.code === "stale") $("again").disabled = false;
  if (refused) {  // a move chosen before the connection went, sent when it came back
    const why = message.code === "stale" ? "the game moved on while you were offline. Look again"
      : message.message || "it was refused";
    showError(sentence(`Your move ${refused} was not made: ${why}`));
    refusalStays = true;  // the next position (a bot's answer, say) must not wipe it unread
    return;
  }
  showError(sentence(message.message || "That was refused."));
}

function legalKey(seat) {
  if (!state) return "";
  return JSON.stringify([state.game_no, seat, state.legal[String(seat)] || []]);
}

function showError(text) {
  const box = $("move-error");
  box.textContent = "";
  // A fresh text node so screen readers announce a repeated message too.
  requestAnimationFrame(() => { box.textContent = text; });
}
function clearError() {
  refusalStays = false;
  $("move-error").textContent = "";
}

function showNotice(text) {
  $("turn-text").textContent = text;
  delete $("turn-banner").dataset.key;
}

function clearPending() {
  if (pending) clearTimeout(pending.timer);
  pending = null;
}

// ---- playing ----------------------------------------------------------------------
function play(text, seat) {
  const move = String(text).trim();
  if (!move || !state) return;
  if (pending) return;  // one move at a time; the answer comes quickly
  const who = seat ?? shownSeat;
  clearError();
  // seq, game_no and rows say which position the move was chosen in: the server refuses it if
  // this seat's choices have changed since (it never lands on a position nobody saw).
  const message = {type: "move", move, seq: state.seq, game_no: state.game_no, rows: state.rows};
  if (who !== null && who !== undefined) message.seat = who;
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    // Offline: the move waits (the last one chosen) and goes, with its seq, once connected again.
    unsent = {message, sent: false};
    showError(`Offline: ${move} will be sent when the connection is back (unless the game has moved on).`);
    if (!ws) { attempt = 0; connect(); }
    return;
  }
  sendMove(message);
}

function sendMove(message) {
  ws.send(JSON.stringify(message));
  clearPending();
  pending = {message, timer: setTimeout(clearPending, 4000)};
}

/** Whether a move message's seat has moved since the position the move was chosen in. */
function movedSince(message) {
  const seat = message.seat ?? (state.you.length === 1 ? state.you[0] : null);
  return state.game_no === message.game_no && state.log.some((line) => line.n > message.seq && line.seat === seat);
}

/** Connected again with a move that was never acknowledged: send it with the seq it was chosen at
 * (the server refuses it, and the page says so, if the position has moved on), unless it had in
 * fact arrived before the connection went (its seat has moved since). */
function resend() {
  const {message, sent} = unsent;
  unsent = null;
  if (sent && movedSince(message)) { clearError(); return; }  // it had arrived
  resent = message;
  sendMove(message);
}

$("move-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (!text) { showError("Type a move first (the buttons above the box show the moves you can make)."); return; }
  if (!held().length) { showError("You are watching: take a seat to play."); return; }
  lastTyped = text;
  play(text);
});

$("hint-button").addEventListener("click", () => {
  if (!state || shownSeat === null) return;
  hintFor = {seat: shownSeat, key: legalKey(shownSeat)};
  const panel = $("hint-panel");
  panel.hidden = false;
  panel.dataset.waiting = "yes";
  panel.replaceChildren(h("p", {class: "muted"}, "Thinking…"));
  send({type: "hint", seat: shownSeat});
});

function showHint(message) {
  const panel = $("hint-panel");
  if (!state || !hintFor || hintFor.key !== legalKey(message.seat)) return;  // asked about another moment
  panel.hidden = false;
  panel.dataset.waiting = "no";
  const list = h("ol", {class: "hint-options"});
  message.options.forEach((option, i) => {
    const button = h("button", {class: "btn quiet", type: "button", "data-move": option.move}, [
      h("span", {class: "rank", "aria-hidden": "true"}, `${i + 1}.`), " ",
      h("span", {class: "mv"}, option.move), " ",
      h("span", {}, option.explanation),
    ]);
    // the name holds the text shown, in order (axe's label-in-name check), then says what a click does
    button.setAttribute("aria-label", `${i + 1}. ${option.move}: ${option.explanation}. Play it`);
    button.addEventListener("click", () => play(option.move, message.seat));
    list.append(h("li", {}, button));
  });
  panel.replaceChildren(
    h("h2", {}, [`Hint for ${nameOf(message.seat)}`]),
    h("p", {class: "hint-summary"}, message.summary),
    message.options.length ? h("p", {class: "small muted"}, "Best first. Choose one to play it.") : null,
    list,
    h("button", {class: "btn quiet small-btn", type: "button", onclick: () => { panel.hidden = true; }}, "Close hint"),
  );
}

$("again").addEventListener("click", () => {
  if (send({type: "again"})) $("again").disabled = true;
});

$("pass-ready").addEventListener("click", () => {
  if (!state) return;
  passAck = {seat: shownSeat, game_no: state.game_no};
  $("pass-cover").hidden = true;
  render();
  $("board").focus({preventScroll: false});
});

// ---- state -----------------------------------------------------------------------
function onState(next) {
  const prev = state;
  // A state message carries only the log lines this connection has not had (from log_from on).
  if (next.log_from > 0) {
    if (!prev || prev.game_no !== next.game_no || prev.log.length !== next.log_from) {
      connect();  // out of step (never expected): a fresh connection sends the whole log
      return;
    }
    next.log = prev.log.concat(next.log);
  }
  state = next;
  clearPending();
  // What this device may do changed (not just that someone else moved): old messages go.
  const mineKey = (s) => JSON.stringify([s.game_no, s.over, s.legal, s.you]);
  const moved = !prev || mineKey(prev) !== mineKey(next);
  if (moved) {
    if (!refusalStays) clearError();
    $("hint-panel").hidden = true;
    hintFor = null;
    const input = $("move-text");
    if (lastTyped !== null && input.value.trim() === lastTyped) input.value = "";
    lastTyped = null;
  }
  if (!prev || prev.game_no !== next.game_no || !next.over) $("again").disabled = false;
  chooseSeat();
  updateCover();
  render();
  if (unsent && ws && ws.readyState === WebSocket.OPEN) resend();
}

/** Players sharing this device must not see each other's screen (a game where they hide their
 * hands; a server that does not say is taken to mean any game with hidden information). */
function passDevice() {
  return state.pass_device ?? state.hidden_information;
}

// Pass-and-play in a game with hidden information: when the seat shown changes to another of this
// device's seats (or a new game starts), cover everything until that player presses Ready.
function updateCover() {
  const needCover = passDevice() && state.you.length > 1 && shownSeat !== null &&
    !(passAck && passAck.seat === shownSeat && passAck.game_no === state.game_no);
  if (needCover) {
    const name = nameOf(shownSeat);
    $("pass-title").textContent = `Pass the device to ${name}`;
    $("pass-text").textContent = `Only ${name} should look at the screen. ${name}: press Ready.`;
    if ($("pass-cover").hidden) {
      $("pass-cover").hidden = false;
      $("pass-ready").focus();
    }
  } else {
    $("pass-cover").hidden = true;
  }
}

/** Show another of this device's seats (pass-and-play when several may act at once). */
function showSeat(seat) {
  shownSeat = seat;
  updateCover();
  render();
}

function chooseSeat() {
  const mine = held();
  const acting = actingHeld();
  if (acting.length) {
    if (!acting.includes(shownSeat)) shownSeat = acting[0];
  } else if (!mine.includes(shownSeat)) {
    shownSeat = mine.length ? mine[0] : null;
  }
}

function render() {
  if (!state) return;
  document.title = `${actingHeld().length ? "▶ " : ""}${state.title} · ${state.code} — Parlour`;
  $("game-title").textContent = state.title;
  renderBanner(state);
  renderJoin(state, seated);
  renderResult(state);
  renderBoard($("board"), state.game, {covered, context, drawnKey, generic: () => { $("type-move").open = true; }});
  renderMoves();
  renderTakeback(state, {send, seat: shownSeat});
  renderSeats(state);
  renderLog(state);
  renderStandings(state);
}

/** A seat was taken on this device (the join card): hold its token, and connect again as its player. */
function seated(answer) {
  tokens[String(answer.seat)] = answer.token;
  saveTokens(code, tokens);
  attempt = 0;
  connect();
}

// Which position and seat a part of the page shows.  The board is drawn a moment after the moves
// list on a first load (it waits for the game's view module); when #board and #legal carry the
// same key, both show the same position (browser tests wait for that).
function drawnKey() {
  return `${state.game_no}:${state.seq}:${shownSeat}:${covered() ? "covered" : "open"}`;
}

function context() {
  const seat = shownSeat;
  const view = seat !== null ? state.views[String(seat)] : state.view;
  const names = [];
  for (const s of state.seats) names[s.seat] = nameOf(s.seat);
  const legal = seat !== null && !covered() ? (state.legal[String(seat)] || []) : [];
  return {
    view, legal, seat, names, state,
    held: held(),
    refused: refusals,
    play: (text) => play(text, seat),
  };
}

function renderMoves() {
  const box = $("legal");
  const hadFocus = box.contains(document.activeElement);
  box.replaceChildren();
  box.dataset.drawn = drawnKey();
  const groups = Object.keys(state.legal || {}).map(Number).filter((s) => state.legal[String(s)].length);
  const several = held().length > 1;
  $("moves-for").textContent = shownSeat !== null && several ? `for ${nameOf(shownSeat)}` : "";
  if (covered()) {
    box.append(h("p", {class: "muted"}, "Waiting for the next player to press Ready."));
  } else if (!groups.length) {
    let why = "No moves for you right now.";
    if (state.waiting_for && state.waiting_for.length && !state.over) why = "The game starts when every seat is taken.";
    else if (!held().length) why = "You are watching.";
    else if (state.over) why = "The game is over.";
    else if (state.to_act.length) why = `Waiting for ${namesList(state, state.to_act.filter((s) => s >= 0)) || "the dice"}.`;
    box.append(h("p", {class: "muted", id: "no-moves"}, why));
  } else {
    groups.sort((a, b) => (a === shownSeat ? -1 : b === shownSeat ? 1 : a - b));
    for (const seat of groups) {
      if (seat !== shownSeat) {
        // Another seat of this device may act too (simultaneous play): offer to switch to it.
        // With hidden information its moves are not listed here (they could tell its hand).
        const label = passDevice() ? `Pass to ${nameOf(seat)}` : `Show ${nameOf(seat)}'s view`;
        const switcher = h("button", {class: "btn quiet small-btn", type: "button", "data-show-seat": seat}, label);
        switcher.addEventListener("click", () => showSeat(seat));
        if (passDevice()) {
          box.append(h("div", {class: "legal-group"}, [
            h("p", {class: "small", style: "margin:0"}, [h("strong", {}, nameOf(seat)), " may play too. ", switcher])]));
          continue;
        }
        box.append(h("div", {class: "legal-group"}, [
          h("p", {class: "small", style: "margin:.3rem 0"}, [h("strong", {}, nameOf(seat)), " ", switcher])]));
      }
      const list = h("div", {class: "legal-moves", role: "group",
        "aria-label": several ? `Legal moves for ${nameOf(seat)}` : "Legal moves"});
      for (const move of state.legal[String(seat)]) {
        const button = h("button", {class: "btn move-btn", type: "button", "data-move": move, "data-seat": seat}, move);
        button.addEventListener("click", () => play(move, seat));
        list.append(button);
      }
      if (seat === shownSeat && several && groups.length > 1) {
        box.append(h("p", {class: "small", style: "margin:0"}, h("strong", {}, nameOf(seat))));
      }
      box.append(h("div", {class: "legal-group"}, list));
    }
  }
  if (hadFocus) {
    // the focused button is gone: keep keyboard players in the moves, not at the top of the page
    const first = box.querySelector("button");
    (first || $("moves-heading")).focus({preventScroll: true});
  }
  const input = $("move-text");
  const firstMove = groups.length ? state.legal[String(groups[0])][0] : "";
  input.placeholder = firstMove ? `e.g. ${firstMove}` : "";
  input.disabled = !held().length;
  $("move-send").disabled = !held().length;
  $("move-help").textContent = state.move_help || "";
  $("help-details").hidden = !state.move_help;
  const hintable = state.hints && shownSeat !== null && state.to_act.includes(shownSeat) && !covered();
  $("hint-button").hidden = !hintable;
  // Nothing that can no longer do anything stays on screen: not for a watcher, nor once the game is over.
  $("controls").hidden = state.over || !held().length;
  if (state.over) { $("hint-panel").hidden = true; clearError(); }
}

function showGone(text) {
  gone = true;
  clearTimeout(retryTimer);
  setConn("closed", "No table");
  $("table").hidden = true;
  $("not-found").hidden = false;
  $("not-found-text").textContent = `${sentence(text)} Check the code (${code}) or start a new table.`;
  document.title = "No such table — Parlour";
}

async function start() {
  setUpShare();
  if (!code) { showGone("No table code in the address."); return; }
  setUpRules();
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(code)}`);
    if (response.status === 404) { showGone(await errorText(response)); return; }
  } catch { /* offline: the socket will retry */ }
  connect();
}

start();
