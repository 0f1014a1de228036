// Takebacks (draughts, Shut the Box, Yahtzee): a "Take back" button for a player whose last move may
// be taken back, "Ann asks to take back 23-18: Accept / Decline" for the players who answer, the
// request for everyone else, and the outcome for all.  The server says who may ask (takeback_seats)
// and what is asked (takeback) in every state message, and tells the outcome in a "takeback" message.

import {h} from "/static/js/svg.js";
import {$, sentence} from "./common.js";

let outcome = null;  // {text, seq, game_no}: the last outcome, shown until the game moves on

function box() {
  let el = $("takeback");
  if (!el) {
    el = h("div", {class: "takeback", id: "takeback", "aria-live": "polite", hidden: true});
    $("hint-button").before(el);  // in the banner's row: a lone button beside Hint, words under both
  }
  return el;
}

/** A "takeback" message: asked for and declined, accepted, or lapsed (the game moved on). */
export function takebackEvent(message, state) {
  outcome = {text: sentence(message.text), seq: message.seq, game_no: state ? state.game_no : null};
}

/** Which of this device's seats asks: the one that moved last if it may, else the seat shown. */
function asker(state, seat) {
  const may = (state.takeback_seats || []).filter((s) => state.you.includes(s));
  const last = state.log.length ? state.log[state.log.length - 1].seat : null;
  if (may.includes(last)) return last;
  return may.includes(seat) ? seat : (may.length ? may[0] : null);
}

export function renderTakeback(state, {send, seat}) {
  const el = box();
  el.replaceChildren();
  const request = state.takeback;
  if (request) {
    const answering = request.waiting.some((s) => state.you.includes(s));
    el.append(h("p", {class: "takeback-text"}, answering ? `${request.text}:` : `${request.text}. Waiting for an answer…`));
    if (answering) {
      el.append(h("div", {class: "btn-row"}, [
        h("button", {class: "btn primary small-btn", type: "button", id: "takeback-accept",
          onclick: () => send({type: "takeback", answer: "accept"})}, "Accept"),
        h("button", {class: "btn small-btn", type: "button", id: "takeback-decline",
          onclick: () => send({type: "takeback", answer: "decline"})}, "Decline"),
      ]));
    }
  } else {
    const who = state.over ? null : asker(state, seat);
    if (who !== null) {
      el.append(h("button", {class: "btn quiet small-btn", type: "button", id: "takeback-ask",
        onclick: () => send({type: "takeback", seat: who})}, "Take back"));
    }
  }
  if (outcome && outcome.seq === state.seq && outcome.game_no === state.game_no) {
    el.append(h("p", {class: "takeback-outcome", id: "takeback-outcome"}, outcome.text));
  }
  el.hidden = !el.childElementCount;
  el.classList.toggle("button-only", el.childElementCount === 1 && el.firstChild.id === "takeback-ask");
}
