// The parts of Gin Rummy's table that nobody clicks: the heading with the rules and the scores, a hand
// this view does not show (its backs, or face up at the showdown), and the showdown's melds.

import {h, icon} from "/static/js/svg.js";
import {fill, isMe, nameOf, plural, who, whose} from "/static/js/view.js";
import {cardBack, cardChip, listWords, meldKind, miniCard, miniRow} from "./cards.js";

function verb(ctx, seat, third, second) {
  return isMe(ctx, seat) ? second : third;
}

export function drawHead(st, v) {
  const ctx = st.ctx;
  const r = v.rules;
  const chips = [];
  if (v.dealer !== null && v.dealer !== undefined && v.phase !== "over") {
    chips.push(h("span", {class: "chip"}, `${who(ctx, v.dealer)} ${verb(ctx, v.dealer, "deals", "deal")}`));
  }
  chips.push(h("span", {class: "chip"}, r.knock_limit === 0 ? "Gin only" : `Knock with ${r.knock_limit} or less`));
  chips.push(h("span", {class: "chip"}, `Game to ${r.target}`));
  if (r.wall_take) chips.push(h("span", {class: "chip"}, "Wall: take to knock"));
  const scores = [0, 1].map((s) => h("span", {class: `gr-score${v.to_act === s ? " acting" : ""}`, "data-seat": s}, [
    v.to_act === s ? icon("play", "gr-turn-icon") : null,
    h("span", {class: "gr-score-name"}, nameOf(ctx, s)), isMe(ctx, s) ? h("span", {class: "gr-you-tag"}, " (you)") : null,
    h("strong", {class: "gr-score-points"}, String(v.scores[s])),
    h("span", {class: "gr-score-boxes"}, plural(v.boxes[s], "box", "boxes")),
  ]));
  fill(st.head,
    h("h3", {class: "gr-title"}, v.phase === "over" ? "Game over" : `Hand ${v.hand_number}`),
    h("div", {class: "gr-chips"}, chips),
    h("div", {class: "gr-scores", role: "group", "aria-label": "Hand points so far"}, scores),
  );
}

/** A seat whose cards this view does not show: backs, the count, and the cards known to be held. */
export function drawHidden(st, box, seat, v) {
  const ctx = st.ctx;
  const n = v.hand_sizes[seat];
  const known = v.known[seat] || [];
  const acting = v.to_act === seat;
  box.dataset.seat = seat;
  box.setAttribute("aria-label", `${whose(ctx, seat)} hand`);
  const head = h("div", {class: "gr-seat-head"}, [
    h("strong", {class: "gr-seat-title"}, `${whose(ctx, seat)} hand`),
    h("span", {class: "gr-count"}, plural(n, "card", "cards")),
    acting ? h("span", {class: "gr-acting"}, [icon("play"), " to play"]) : null,
  ]);
  const parts = [head];
  const sd = v.showdown;
  if (sd && sd.knocker === seat) {
    parts.push(h("p", {class: "gr-note"}, "Laid out on the table: see the showdown."));
  } else if (sd && sd.knocker !== seat) {
    parts.push(h("p", {class: "gr-note"}, "Face up for the showdown:"));
    parts.push(miniRow(sd.defender_hand, `${whose(ctx, seat)} cards, face up`, "gr-faceup"));
  } else if (n > 0) {
    const backs = h("div", {class: "gr-backs", role: "img", "aria-label": `${plural(n, "card", "cards")} face down`});
    for (let i = 0; i < n; i++) backs.append(h("span", {class: "gr-back-card"}, cardBack()));
    parts.push(backs);
  }
  if (!sd && known.length) {
    parts.push(h("div", {class: "gr-known"}, [
      h("span", {class: "gr-known-label"}, `Known to hold (taken from the pile):`),
      miniRow(known, `Cards ${nameOf(ctx, seat)} is known to hold`),
    ]));
  }
  box.classList.toggle("acting", acting);
  fill(box, ...parts);
}

export function drawShowdown(st, v) {
  const ctx = st.ctx;
  const sd = v.showdown;
  st.showdown.hidden = !sd;
  if (!sd) { st.showdown.replaceChildren(); return; }
  const knocker = sd.knocker;
  const laid = new Set(sd.laid_off);
  const melds = sd.table.map((meld, i) => h("div", {class: "gr-group meld", role: "group",
    "aria-label": `${meldKind(sd.layout[i])}: ${listWords(meld)}${meld.some((c) => laid.has(c)) ?
      `, with ${listWords(meld.filter((c) => laid.has(c)))} laid off` : ""}`}, [
    h("span", {class: "gr-group-label", "aria-hidden": "true"}, meldKind(sd.layout[i])),
    h("div", {class: "gr-group-cards"}, meld.map((c) => h("span", {class: "gr-laid-wrap"}, [
      miniCard(c, laid.has(c) ? "laid" : ""), laid.has(c) ? h("span", {class: "gr-tag gr-laid-tag"}, "laid off") : null]))),
  ]));
  const dead = sd.knocker_deadwood.length ? h("div", {class: "gr-group dead", role: "group",
    "aria-label": `${whose(ctx, knocker)} deadwood: ${listWords(sd.knocker_deadwood)}`}, [
    h("span", {class: "gr-group-label", "aria-hidden": "true"}, `Deadwood ${sd.knocker_count}`),
    h("div", {class: "gr-group-cards"}, sd.knocker_deadwood.map((c) => miniCard(c))),
  ]) : null;
  st.showdown.setAttribute("aria-label", "The showdown");
  fill(st.showdown,
    h("h4", {}, `${who(ctx, knocker)} ${sd.gin ? "went gin" : "knocked"}` +
      ` with ${sd.knocker_count} deadwood: the melds on the table`),
    h("div", {class: "gr-groups gr-table-melds"}, [...melds, dead]),
    sd.laid_off.length ? h("p", {class: "gr-note"}, [`Laid off so far: `, ...sd.laid_off.map(cardChip)]) : null,
  );
}
