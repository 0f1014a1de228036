// Gin Rummy's record: the hand's public events, the last hand as it was laid down, and the score sheet
// with the boxes, the totals and, at the end, the bonuses.

import {h, icon} from "/static/js/svg.js";
import {fill, isMe, nameOf, plural, who} from "/static/js/view.js";
import {cardChip, listWords, meldKind, miniRow} from "./cards.js";

const ACT_WORDS = {take: "takes", pass: "passes", draw: "draws from the stock", discard: "discards",
  knock: "knocks, discarding face down", gin: "goes gin, discarding face down", "lay off": "lays off"};

export function eventText(ctx, e, index, v) {
  const me = isMe(ctx, e.seat);
  let words = ACT_WORDS[e.act] || e.act;
  if (me) {
    words = {takes: "take", passes: "pass", "draws from the stock": "draw from the stock", discards: "discard",
      "knocks, discarding face down": "knock, discarding face down",
      "goes gin, discarding face down": "go gin, discarding face down", "lays off": "lay off"}[words] || words;
  }
  const upCard = index < 2 && v.history.slice(0, index).every((x) => x.act === "pass");
  let after = "";
  if (e.act === "take") {
    if (upCard) words += " the up-card";
    else after = " from the pile";
  }
  if (e.act === "pass" && upCard) words += " on the up-card";
  return h("span", {class: "gr-event"}, [`${who(ctx, e.seat)} ${words}`, e.card ? " " : "",
    e.card ? cardChip(e.card) : null, after]);
}

export function drawEvents(st, v) {
  const ctx = st.ctx;
  const playing = !["over", "cut", "deal"].includes(v.phase);
  st.events.hidden = !playing;
  if (!playing) { st.events.replaceChildren(); return; }
  const items = v.history.map((e, i) => h("li", {}, eventText(ctx, e, i, v))).reverse();
  fill(st.events, 
    h("summary", {"data-focus": "events"}, `This hand, newest first (${plural(v.history.length, "move", "moves")})`),
    items.length ? h("ol", {class: "gr-event-list", reversed: true}, items) : h("p", {class: "muted"}, "Nothing played yet."),
  );
  st.events.open = st.eventsOpen;
}

function handSummary(ctx, r, rules) {
  if (r.outcome === "cancelled") return "cancelled at the wall (no score; the same dealer deals again)";
  const k = r.knocker, d = 1 - k;
  const to = (s) => (isMe(ctx, s) ? "you" : nameOf(ctx, s));
  if (r.outcome === "gin") return `${who(ctx, k)} went gin: ${rules.gin_bonus} + ${r.counts[d]} = ${r.points} to ${to(k)}`;
  if (r.outcome === "knock") return `${who(ctx, k)} knocked with ${r.counts[k]} against ${r.counts[d]}: ${r.points} to ${to(k)}`;
  return `${who(ctx, d)} undercut ${isMe(ctx, k) ? "you" : nameOf(ctx, k)} (${r.counts[d]} against ${r.counts[k]}): ` +
    `${r.points} to ${to(d)}`;
}

export function drawLastHand(st, v) {
  const ctx = st.ctx;
  const r = v.sheet[v.sheet.length - 1];
  st.last.hidden = !r;
  if (!r) {  // a new game: nothing of the last one may stay in the page (its cards are dealt again)
    st.last.replaceChildren();
    st.sheetSeen = -1;
    st.lastChoice = null;
    return;
  }
  if (st.sheetSeen !== v.sheet.length) {  // another hand has ended: forget whether the last one was opened
    st.sheetSeen = v.sheet.length;
    st.lastChoice = null;
  }
  const title = h("span", {}, [h("strong", {}, `Last hand (${r.number}):`), " ", handSummary(ctx, r, v.rules)]);
  const parts = [h("summary", {"data-focus": "last-hand"}, title)];
  if (r.outcome !== "cancelled") {
    const order = [r.knocker, 1 - r.knocker];
    const role = (s) => (s !== r.knocker ? "defended" : r.outcome === "gin" ? "went gin" : "knocked");
    for (const s of order) {
      const melds = r.melds[s] || [];
      const dead = r.unmatched[s] || [];
      const row = h("div", {class: "gr-laid-hand", "data-seat": s}, [
        h("p", {class: "gr-laid-who"}, [h("strong", {}, nameOf(ctx, s)), ` (${role(s)}): deadwood ${r.counts[s]}`,
          s === r.winner ? h("span", {class: "gr-won"}, [icon("trophy"), ` won ${r.points}`]) : null]),
        h("div", {class: "gr-groups compact"}, [
          ...melds.map((m) => h("div", {class: "gr-group meld", role: "group", "aria-label": `${meldKind(m)}: ${listWords(m)}`}, [
            h("span", {class: "gr-group-label", "aria-hidden": "true"}, meldKind(m)), miniRow(m, listWords(m))])),
          dead.length ? h("div", {class: "gr-group dead", role: "group", "aria-label": `Deadwood: ${listWords(dead)}`}, [
            h("span", {class: "gr-group-label", "aria-hidden": "true"}, "Deadwood"), miniRow(dead, listWords(dead))]) : null,
        ]),
        s !== r.knocker && r.laid_off.length ? h("p", {class: "gr-note"}, ["Laid off: ", ...r.laid_off.map(cardChip)]) : null,
      ]);
      parts.push(row);
    }
  }
  fill(st.last, ...parts);
  // open by itself while the next hand starts (the first moves) and at the end of the game
  st.last.open = st.lastChoice ?? (v.phase === "over" || v.history.length < 3);
}

export function drawSheet(st, v) {
  const ctx = st.ctx;
  const seats = [0, 1];
  const head = h("tr", {}, [h("th", {scope: "col"}, "Hand"), h("th", {scope: "col"}, "How it ended"),
    ...seats.map((s) => h("th", {scope: "col", class: "num"}, nameOf(ctx, s)))]);
  const running = [0, 0];
  const rows = v.sheet.map((r) => {
    const cells = seats.map((s) => {
      if (r.winner !== s) return h("td", {class: "num"}, h("span", {class: "muted", "aria-label": "nothing"}, "\u00b7"));
      running[s] += r.points;
      const boxed = h("span", {class: "gr-boxed", "aria-label": `${r.points}, a box (hand won)`, title: "A box: a hand won"},
        String(r.points));
      return h("td", {class: "num"}, [boxed, h("span", {class: "gr-running"}, ` total ${running[s]}`)]);
    });
    const how = r.outcome === "cancelled" ? "Cancelled (the wall)" :
      r.outcome === "gin" ? `Gin by ${nameOf(ctx, r.knocker)}` :
        r.outcome === "knock" ? `${nameOf(ctx, r.knocker)} knocked (${r.counts[r.knocker]} v ${r.counts[1 - r.knocker]})` :
          `${nameOf(ctx, 1 - r.knocker)} undercut (${r.counts[1 - r.knocker]} v ${r.counts[r.knocker]})`;
    return h("tr", {"data-hand": r.number, "data-outcome": r.outcome}, [h("th", {scope: "row"}, String(r.number)),
      h("td", {}, how), ...cells]);
  });
  if (!rows.length) rows.push(h("tr", {}, h("td", {colspan: 4, class: "muted"}, "No hand finished yet.")));
  const foot = [];
  const row = (label, values, cls = "") => foot.push(h("tr", {class: cls}, [h("th", {scope: "row", colspan: 2}, label),
    ...values.map((x) => h("td", {class: "num"}, x))]));
  row("Hand points", seats.map((s) => String(v.scores[s])), "gr-points-row");
  row("Boxes (hands won)", seats.map((s) => String(v.boxes[s])), "gr-boxes-row");
  const s = v.settlement;
  if (s) {
    row(s.shutout ? "Shutout bonus" : "Game bonus", s.game_bonus.map(String), "gr-bonus-row");
    row(`Box bonus (${v.rules.box_bonus} a box)`, s.box_bonus.map(String), "gr-boxbonus-row");
    row("Total", s.totals.map((t) => h("strong", {}, String(t))), "gr-total-row");
  } else {
    row(`To reach ${v.rules.target}`, seats.map((x) => String(Math.max(0, v.rules.target - v.scores[x]))), "gr-togo-row");
  }
  const pay = s ? h("p", {class: "gr-settle"}, [icon("trophy"), `${nameOf(ctx, s.winner)} reached ${v.rules.target}. `,
    s.payer === null ? "The totals are equal: nobody pays."
      : `${nameOf(ctx, s.payer)} pays ${nameOf(ctx, 1 - s.payer)} ${s.amount}.`]) : null;
  fill(st.sheet, 
    h("h3", {id: "gr-sheet-title"}, "Score sheet"),
    h("div", {class: "table-scroll"}, h("table", {class: "data gr-sheet-table"}, [
      h("caption", {class: "visually-hidden"}, "Points of each hand (a box is a hand won), totals and bonuses"),
      h("thead", {}, head), h("tbody", {}, rows), h("tfoot", {}, foot)])),
    pay,
    h("p", {class: "gr-sheet-note small muted"}, `Boxed points are hands won; each box is worth ${v.rules.box_bonus} ` +
      `at the end, and the player who reaches ${v.rules.target} gets ${v.rules.game_bonus} ` +
      `(${v.rules.shutout_bonus} if the other scored nothing).`),
  );
}
