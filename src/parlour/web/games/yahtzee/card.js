// Yahtzee's score cards: what each box is (its name, its die face, what it needs and pays), why a box
// cannot be scored now, the big card drawn (the point preview, the subtotal box with the pace towards
// the 63 bonus, the Yahtzee bonus chips, the totals) and every card side by side.

import {die, h, svg} from "/static/js/svg.js";
import {isMe, nameOf, plural} from "/static/js/view.js";

export const UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"];
export const FACE_WORD = ["", "1s", "2s", "3s", "4s", "5s", "6s"];
// What each lower box needs and pays, as the printed pad says it.
export const LOWER_NOTE = {
  "3kind": "3 alike · sum of dice", "4kind": "4 alike · sum of dice", house: "3 + 2 alike · 25",
  small: "4 in a row · 30", large: "5 in a row · 40", yahtzee: "5 alike · 50", chance: "any dice · sum",
};
const MINUS = "\u2212";

const signedText = (text) => String(text).replace(/^-/, MINUS);

export function pipFace(value, size = 22) {
  // A small die face for the upper boxes' labels (decoration: the text beside it says the number).
  const g = die(1, 1, size - 4, value, "mini");
  return svg("svg", {class: "yz-face", viewBox: `0 0 ${size + 1} ${size + 2}`, "aria-hidden": "true", focusable: "false"}, [g]);
}

export function blockedReason(st, card, box) {
  const v = st.view;
  const entry = card.boxes.find((b) => b.box === box);
  if (!entry) return "";
  if (entry.score !== null && entry.score !== undefined) return `${entry.title} is already filled (${entry.score}).`;
  if (v.over) return "The game is over.";
  if (card.seat !== v.current) return `It is ${nameOf(st.ctx, v.current)}'s turn; this is ${nameOf(st.ctx, card.seat)}'s card.`;
  if (!st.ctx.legal.length) return `It is ${nameOf(st.ctx, v.current)}'s turn.`;
  if (v.rolls === 0) return "Roll the dice first.";
  if (entry.allowed === false) {
    // the game's own reason (the forced-joker rule), sentence-cased
    const reason = entry.reason || `these dice cannot be scored in ${entry.title} now`;
    return reason.charAt(0).toUpperCase() + reason.slice(1) + ".";
  }
  return "";
}

// ---- the score card --------------------------------------------------------------------
export function drawCard(st, view, seat) {
  const ctx = st.ctx;
  const card = view.cards[seat];
  const isCurrent = !view.over && view.current === seat;
  const mineNow = isCurrent && ctx.legal.length > 0;
  const colour = !!view.rules.colour_code;
  st.cardTitle.textContent = isMe(ctx, seat) ? "Your score card" : `${nameOf(ctx, seat)}'s score card`;
  st.cardTotalChip.textContent = `${card.filled} of ${view.turns} boxes filled`;
  st.card.dataset.seat = seat;
  st.card.classList.toggle("colour-code", colour);

  for (const b of card.boxes) {
    const box = st.boxes.get(b.box);
    const el = box.el;
    const filled = b.score !== null && b.score !== undefined;
    const move = `score ${b.box}`;
    const playable = mineNow && !filled && ctx.legal.includes(move);
    const previewing = isCurrent && !filled && b.allowed !== null && b.allowed !== undefined;
    const blocked = previewing && b.allowed === false;
    el.classList.toggle("filled", filled);
    el.classList.toggle("open", !filled);
    el.classList.toggle("playable", playable);
    el.classList.toggle("blocked", blocked);
    el.setAttribute("aria-disabled", playable ? "false" : "true");
    for (const mark of ["under", "par", "over"]) el.classList.toggle(`pace-${mark}`, filled && b.pace === mark);
    el.dataset.score = filled ? String(b.score) : "";
    const preview = previewing && b.allowed && b.preview !== null && b.preview !== undefined ? b.preview : null;
    el.dataset.preview = preview === null ? "" : String(preview);
    el.classList.toggle("zero", preview === 0);
    // the points column
    box.points.replaceChildren();
    let label;
    if (filled) {
      box.points.append(String(b.score));
      label = `${b.title}: ${b.score}`;
    } else if (blocked) {
      box.points.append(h("span", {class: "yz-lock"}, "not now"));
      label = `${b.title}: not allowed now`;
    } else if (preview) {
      box.points.append(h("span", {class: "yz-preview"}, String(preview)));
      label = playable ? `Score ${b.title}: ${plural(preview, "point", "points")}` : `${b.title}: would score ${preview}`;
    } else if (preview === 0) {
      // the manual: the preview shows what a box would score "unless you would get zero points"
      box.points.append(h("span", {class: "yz-empty", "aria-hidden": "true"}));
      label = playable ? `Score ${b.title}: no points` : `${b.title}: would score nothing`;
    } else {
      box.points.append(h("span", {class: "yz-empty"}, playable ? "score" : ""));
      label = playable ? `Score ${b.title}` : `${b.title}: open`;
    }
    // the pace mark of a filled upper box (colour-code rule): always with its text
    if (filled && b.pace_text !== null && b.pace_text !== undefined) {
      box.pace.textContent = signedText(b.pace_text);
      box.pace.hidden = false;
      const how = b.pace === "under" ? "under par" : b.pace === "over" ? "over par" : "par";
      label += ` (${how}${b.pace === "par" ? "" : ` by ${Math.abs(b.pace_diff)}`})`;
    } else {
      box.pace.textContent = "";
      box.pace.hidden = true;
    }
    const reason = playable ? "" : blockedReason(st, card, b.box);
    // the box's name is the text it shows (a speech user says what they see); this describes it
    el.setAttribute("aria-description", blocked && reason ? `${label}. ${reason}` : label);
    el.title = playable ? `Score these dice in ${b.title}` : reason;
  }

  // subtotal box, bonus, pace
  const s = st.sub;
  s.subtotal.textContent = String(card.upper_subtotal);
  if (card.upper_bonus > 0) {
    s.bonus.textContent = String(card.upper_bonus);
    s.bonusNote.textContent = "63 reached ✓";
  } else {
    const upperDone = card.boxes.slice(0, 6).every((b) => b.score !== null && b.score !== undefined);
    s.bonus.textContent = upperDone ? "0" : "—";
    s.bonusNote.textContent = upperDone ? `missed: 63 needed, ${63 - card.upper_subtotal} short` :
      `35 at 63 (${card.upper_bonus_to_go} to go)`;
  }
  const diff = card.pace.diff;
  s.pace.textContent = signedText(card.pace.text);
  s.paceNote.textContent = diff < 0 ? `behind by ${-diff}` : diff > 0 ? `ahead by ${diff}` : "on track";
  for (const k of ["behind", "on-track", "ahead"]) st.paceRow.classList.toggle(`pace-${k}`, false);
  if (colour && card.pace.status) st.paceRow.classList.add(`pace-${card.pace.status.replace(" ", "-")}`);
  st.paceRow.setAttribute("aria-label", `Pace for the bonus: ${s.paceNote.textContent}`);
  s.upperTotal.textContent = String(card.upper_subtotal + card.upper_bonus);

  s.chips.replaceChildren();
  const n = card.yahtzee_bonuses;
  for (let i = 0; i < Math.min(n, 6); i++) s.chips.append(h("span", {class: "yz-chip", "aria-hidden": "true"}, "100"));
  s.chips.append(h("span", {class: "yz-chip-count"}, n ? `×${n}` : "none yet"));
  s.chipsVal.textContent = n ? String(card.yahtzee_bonus_points) : "—";
  s.lower.textContent = String(card.lower_total);
  s.grandSum.textContent = `${card.upper_subtotal + card.upper_bonus} + ${card.lower_total}` +
    (card.yahtzee_bonus_points ? ` + ${card.yahtzee_bonus_points}` : "") + " =";
  s.grand.textContent = String(card.total);
  st.grand.setAttribute("aria-label", `Grand total ${card.total}`);
}

export function drawAll(st, view) {
  const ctx = st.ctx;
  st.all.hidden = view.players < 2;
  if (view.players < 2) return;
  const seats = view.cards.map((_, s) => s);
  const head = h("tr", {}, [h("th", {scope: "col"}, "Box"), ...seats.map((s) => h("th", {scope: "col", class: "num" +
    (!view.over && view.current === s ? " current" : "")}, [!view.over && view.current === s ? "▶ " : "", nameOf(ctx, s)]))]);
  const rows = [];
  const row = (label, cells, cls = "") => rows.push(h("tr", {class: cls}, [h("th", {scope: "row"}, label),
    ...cells.map((c, s) => h("td", {class: "num" + (!view.over && view.current === s ? " current" : "")}, c))]));
  view.cards[0].boxes.forEach((b, i) => {
    row(b.title, view.cards.map((c) => {
      const x = c.boxes[i];
      if (x.score === null || x.score === undefined) return h("span", {class: "muted"}, "·");
      return x.pace_text ? [String(x.score), h("span", {class: `yz-mini-pace pace-${x.pace}`}, ` ${signedText(x.pace_text)}`)]
        : String(x.score);
    }), i === 5 ? "yz-end-upper" : "");
  });
  const upperDone = (c) => c.boxes.slice(0, 6).every((b) => b.score !== null && b.score !== undefined);
  row("Upper bonus", view.cards.map((c) => (c.upper_bonus ? String(c.upper_bonus) : upperDone(c) ? "0" :
    h("span", {class: "muted"}, `${c.upper_bonus_to_go} to go`))), "yz-sumrow");
  row("Yahtzee bonus", view.cards.map((c) => String(c.yahtzee_bonus_points)), "yz-sumrow");
  row("Total", view.cards.map((c) => h("strong", {}, String(c.total))), "yz-totalrow");
  st.allTable.replaceChildren(h("table", {class: "data yz-all-table"}, [
    h("caption", {class: "visually-hidden"}, "Every player's score card"),
    h("thead", {}, head), h("tbody", {}, rows)]));
}
