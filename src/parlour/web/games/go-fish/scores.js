// Go Fish's heading (the rules, who dealt, the books made so far) and, at the end, each player's books
// and the winners.

import {h, icon} from "/static/js/svg.js";
import {fill, isMe, nameOf, plural, who} from "/static/js/view.js";
import {bookStack} from "./cards.js";

const ENDINGS = {"first-out": "Ends when a hand or the stock is empty", "draw-on": "Ends when the stock is empty",
  "all-books": "Ends when all 13 books are made"};

export function drawHead(st, v) {
  const ctx = st.ctx;
  const chips = [h("span", {class: "chip"}, `${v.rules.dealt} cards each`),
    h("span", {class: "chip"}, ENDINGS[v.rules.ending] || v.rules.ending)];
  if (v.dealer !== null && v.dealer !== undefined) {
    chips.unshift(h("span", {class: "chip"}, `${nameOf(ctx, v.dealer)} dealt`));
  }
  const total = v.books.reduce((n, b) => n + b.length, 0);
  fill(st.head,
    h("h3", {class: "gf-title"}, v.phase === "over" ? "Go Fish: game over" : "Go Fish"),
    h("div", {class: "gf-chips"}, chips),
    h("span", {class: "gf-booktally"}, `${plural(total, "book", "books")} of 13 made`),
  );
}

export function drawFinal(st, v) {
  const ctx = st.ctx;
  const over = v.phase === "over";
  st.final.hidden = !over;
  if (!over) { st.final.replaceChildren(); return; }
  const counts = v.books.map((b) => b.length);
  const best = Math.max(...counts);
  const winners = v.winners.length ? v.winners : counts.map((c, s) => (c === best ? s : -1)).filter((s) => s >= 0);
  const names = winners.map((s) => who(ctx, s));
  const title = winners.length === 1
    ? `${names[0]} ${isMe(ctx, winners[0]) ? "win" : "wins"} with ${plural(counts[winners[0]], "book", "books")}!`
    : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} share the win ` +
      `with ${plural(best, "book", "books")} each.`;
  const order = [...Array(v.players).keys()].sort((a, b) => counts[b] - counts[a] || a - b);
  const rows = order.map((s) => h("li", {class: `gf-final-row${winners.includes(s) ? " winner" : ""}`, "data-seat": s}, [
    h("span", {class: "gf-final-name"}, [winners.includes(s) ? icon("trophy") : null, nameOf(ctx, s),
      isMe(ctx, s) ? h("span", {class: "gf-you-tag"}, " (you)") : null,
      winners.includes(s) ? h("span", {class: "gf-winner-tag"}, "Winner") : null]),
    h("strong", {class: "gf-final-count", "data-books": counts[s]}, plural(counts[s], "book", "books")),
    h("span", {class: "gf-final-books"}, (v.books[s] || []).map(bookStack)),
  ]));
  fill(st.final,
    h("h3", {id: "gf-final-title"}, [icon("trophy"), title]),
    h("ol", {class: "gf-final-list"}, rows),
  );
}
