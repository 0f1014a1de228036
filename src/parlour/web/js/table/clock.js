// A player's clock at a table played on one (the server keeps it; see docs/server.md, "clock" in
// the state message).  Each state message says every seat's time left as it was sent and whose time
// is running; the page counts the running one down from the moment the message arrived, minutes
// and seconds, and tenths under ten seconds.  The server decides when a time has run out: here a
// clock only stops at zero and waits for the next message.

import {h} from "/static/js/svg.js";

const TICK_MS = 100;
const received = new WeakMap();   // a state message's clock -> when it arrived (performance.now())
const faces = new Set();          // the clocks on the page, each ticked while its time runs
let ticker = null;

/** "4:05", "0:12", "9.4" (under ten seconds), "0.0". */
export function clockText(seconds) {
  const s = Math.max(0, seconds);
  if (s < 10) return (Math.floor(s * 10) / 10).toFixed(1);
  const whole = Math.floor(s);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** A clock's setting in words: "5 min + 3 s a move", "6 s + 1 s a move", "10 min". */
export function clockSetting(clock) {
  const base = clock.base >= 60 && clock.base % 60 === 0 ? `${clock.base / 60} min` : `${clock.base} s`;
  return clock.increment ? `${base} + ${clock.increment} s a move` : base;
}

/** Seat `seat`'s time left now, by the clock of a state message. */
export function timeLeft(clock, seat) {
  if (!received.has(clock)) received.set(clock, performance.now());
  const left = clock.left[seat];
  if (clock.running !== seat) return left;
  return left - (performance.now() - received.get(clock)) / 1000;
}

function tick() {
  let running = false;
  for (const face of faces) {
    if (!face.el.isConnected) { faces.delete(face); continue; }
    if (face.clock && face.clock.running === face.seat) {
      face.paint();
      running = true;
    }
  }
  if (!running) { clearInterval(ticker); ticker = null; }
}

/** A clock face: `el` (a timer, labelled "<name>'s clock") and show(clock, seat, name), called with
 * the state message's `clock` (null: the table has none, and the face is hidden). */
export function clockFace() {
  const face = {
    el: h("span", {class: "clock", role: "timer", hidden: true}),
    clock: null, seat: null,
    paint() {
      const left = timeLeft(face.clock, face.seat);
      face.el.textContent = clockText(left);
      face.el.classList.toggle("low", left < 10);
    },
    show(clock, seat, name) {
      face.clock = clock;
      face.seat = seat;
      face.el.hidden = !clock || seat === null || seat === undefined || seat < 0;
      if (face.el.hidden) return;
      face.el.setAttribute("aria-label", `${name}'s clock`);
      face.el.classList.toggle("running", clock.running === seat);
      face.el.dataset.seat = String(seat);
      face.paint();
      faces.add(face);
      if (clock.running === seat && !ticker) ticker = setInterval(tick, TICK_MS);
    },
  };
  return face;
}
