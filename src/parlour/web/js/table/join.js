// The table page's "Take a seat" card, shown to a spectator while there are free seats: a form for
// each, which claims the seat (the server answers with the seat's token).

import {h} from "/static/js/svg.js";
import {$, code, errorText} from "./common.js";
import {saveName, savedName} from "./storage.js";

/** The card for the last state message; `seated(answer)` is given the server's {seat, token} when a
 * seat has been taken. */
export function renderJoin(state, seated) {
  const card = $("join-card");
  const free = state.seats.filter((s) => !s.bot && !s.taken);
  if (state.you.length || !free.length) { card.hidden = true; return; }
  card.hidden = false;
  const box = $("join-seats");
  const wanted = free.map((s) => s.seat).join(",");
  if (box.dataset.seats === wanted) return;  // keep what the person is typing
  box.dataset.seats = wanted;
  box.replaceChildren();
  for (const seat of free) {
    const id = `join-name-${seat.seat}`;
    const input = h("input", {type: "text", id, maxlength: 40, autocomplete: "nickname",
      placeholder: seat.name || "Your name"});
    input.value = seat.name || savedName();
    const button = h("button", {class: "btn primary", type: "submit"}, [`Sit here`,
      h("span", {class: "visually-hidden"}, ` (seat ${seat.seat + 1})`)]);
    const form = h("form", {class: "join-seat", "data-seat": seat.seat}, [
      h("div", {class: "field"}, [h("label", {for: id}, `Seat ${seat.seat + 1}: your name`), input]),
      button,
    ]);
    form.addEventListener("submit", (event) => { event.preventDefault(); claim(seat.seat, input.value, button, seated); });
    box.append(form);
  }
}

async function claim(seat, rawName, button, seated) {
  const name = rawName.trim();
  const error = $("join-error");
  error.textContent = "";
  if (!name) { error.textContent = "Type your name first."; return; }
  button.disabled = true;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(code)}/seats/${seat}`, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({name}),
    });
    if (!response.ok) { error.textContent = `Could not sit there: ${await errorText(response)}`; return; }
    const answer = await response.json();
    saveName(name);
    seated(answer);
  } catch (exc) {
    error.textContent = `Could not reach the server (${exc.message}).`;
  } finally {
    button.disabled = false;
  }
}
