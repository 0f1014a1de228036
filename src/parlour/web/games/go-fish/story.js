// The middle of Go Fish's table: the stock, and the story of the game told a turn at a time (the last
// turn with its badges, and the turns before it since this seat last asked).

import {h} from "/static/js/svg.js";
import {fill, isMe, nameOf, plural, who} from "/static/js/view.js";
import {NUMBER, PLURAL, cardBack, cardChip, chipList, fishIcon} from "./cards.js";

const spectatorSeat = (ctx) => ctx.seat === null || ctx.seat === undefined;

// ---- the public history, a turn at a time ---------------------------------------------------------
/** The history cut into turns: each ask with what followed it (the fish, books, draws); the events
 * before the first ask (books dealt whole, draws) form a turn of their own with no ask. */
export function turns(history) {
  const out = [];
  for (let i = 0; i < history.length; i++) {
    const e = history[i];
    if (e.act === "ask" || !out.length) out.push({ask: e.act === "ask" ? e : null, events: [], index: i});
    out[out.length - 1].events.push(e);
  }
  return out;
}

/** The kinds of a turn, for the highlight: a catch, "Go fish!", a lucky draw, a book. */
function kinds(turn) {
  const k = [];
  if (turn.ask) k.push(turn.ask.cards.length ? "catch" : "gofish");
  if (turn.events.some((e) => e.act === "fish" && e.lucky)) k.push("lucky");
  if (turn.events.some((e) => e.act === "book")) k.push("book");
  return k;
}
const BADGES = {catch: "Caught!", gofish: "Go fish!", lucky: "Lucky draw!", book: "Book!"};

function eventWords(ctx, e) {
  const by = who(ctx, e.seat);
  const rank = e.rank ? PLURAL[e.rank] : "";
  if (e.act === "ask") {
    const asked = `${by} asked ${who(ctx, e.target, false)} for ${rank}: `;
    if (!e.cards.length) return [asked, h("strong", {class: "gf-say-fish"}, "\u201cGo fish!\u201d")];
    const count = NUMBER[e.cards.length] || e.cards.length;
    return [asked, `${who(ctx, e.target)} handed over ${count}: `, ...chipList(e.cards), "."];
  }
  if (e.act === "fish") {
    if (e.lucky) {
      return [`${by} fished `, cardChip(e.drawn || e.cards[0]), `, one of the ${rank} asked for, showed it and went again.`];
    }
    if (e.drawn) return [`${by} fished `, cardChip(e.drawn), " from the stock."];
    return [`${by} fished a card from the stock.`];
  }
  if (e.act === "book") return [h("strong", {}, `${by} made a book of ${rank}!`)];
  if (e.act === "draw") {
    return [`${by} had no cards or nobody to ask, and drew `, e.drawn ? cardChip(e.drawn) : "a card", "."];
  }
  return [`${by}: ${e.act}.`];
}

/** Why the game ended, as the rules say. */
function endReason(ctx, v) {
  if (v.rules.ending === "all-books") return "All thirteen books are made: the game is over.";
  if (v.rules.ending === "first-out") {
    const out = [...Array(v.players).keys()].filter((s) => v.hand_sizes[s] === 0);
    if (out.length === 1 && isMe(ctx, out[0])) return "You have no cards left: the game is over.";
    if (out.length) {
      const names = out.map((s) => nameOf(ctx, s));
      return `${names.join(" and ")} ${out.length === 1 ? "has" : "have"} no cards left: the game is over.`;
    }
  }
  return v.stock_size === 0 ? "The stock has run out: the game is over." : "The game is over.";
}

/** A turn in words; `next` is who acts after it (null: the game ended). */
function turnWords(ctx, turn, next, over) {
  const parts = [];
  turn.events.forEach((e) => parts.push(h("span", {class: `gf-ev gf-ev-${e.act}`}, eventWords(ctx, e))));
  const asker = turn.ask ? turn.ask.seat : null;
  if (over) {
    parts.push(h("span", {class: "gf-ev gf-ev-turn"}, endReason(ctx, over)));
  } else if (next !== null && next !== undefined && asker !== null) {
    const text = next === asker ? (isMe(ctx, next) ? "You go again." : `${nameOf(ctx, next)} goes again.`)
      : isMe(ctx, next) ? "The turn passes to you." : `The turn passes to ${nameOf(ctx, next)}.`;
    parts.push(h("span", {class: "gf-ev gf-ev-turn"}, text));
  }
  return parts;
}

/** The cards everyone knows each seat holds: handed to it in an ask or shown on a lucky draw, and
 * not handed on or put in a book since. */
export function knownCards(v) {
  return v.known || Array.from({length: v.players}, () => []);
}

// ---- the stock and the story -----------------------------------------------------------------------
export function drawPond(st, v) {
  const n = v.stock_size;
  const stack = h("span", {class: "gf-stack", "aria-hidden": "true"});
  const backs = n ? Math.min(4, Math.max(1, Math.ceil(n / 8))) : 0;
  for (let i = 0; i < backs; i++) stack.append(h("span", {class: "gf-back-card"}, cardBack()));
  if (!n) stack.append(h("span", {class: "gf-pond-empty"}, "empty"));
  st.pond.setAttribute("aria-label", `The stock: ${plural(n, "card", "cards")}`);
  fill(st.pond, stack, h("span", {class: "gf-pond-label", "aria-hidden": "true"}, [h("span", {}, "Stock"),
    h("strong", {class: "gf-stock-count"}, String(n))]));
}

export function drawStory(st, v, all) {
  const ctx = st.ctx;
  const over = v.phase === "over";
  const last = all[all.length - 1];
  if (!last) {
    st.news.dataset.kind = "none";
    fill(st.news, h("p", {class: "gf-news-text"}, v.phase === "play"
      ? `${who(ctx, v.to_act)} ${isMe(ctx, v.to_act) ? "ask" : "asks"} first.` : "Shuffling and dealing\u2026"));
    st.earlier.hidden = true;
    return;
  }
  const k = kinds(last);
  st.news.dataset.kind = k.join(" ") || "deal";
  st.news.dataset.n = String(last.index);
  const badges = h("div", {class: "gf-badges"}, k.map((x) => h("span", {class: `gf-badge gf-badge-${x}`},
    [x === "gofish" ? fishIcon() : null, BADGES[x]])));
  fill(st.news,
    k.length ? badges : null,
    h("p", {class: "gf-news-text"}, last.ask ? turnWords(ctx, last, v.to_act, over ? v : null)
      : [...turnWords(ctx, last, v.to_act, over ? v : null), over ? null : h("span", {class: "gf-ev gf-ev-turn"},
        `${who(ctx, v.to_act)} ${isMe(ctx, v.to_act) ? "ask" : "asks"} first.`)]),
  );
  // the turns before it since this seat last asked (what a player passed the device needs to know)
  const me = spectatorSeat(ctx) ? null : ctx.seat;
  let earlier = [];
  if (me === null) {
    earlier = all.slice(Math.max(0, all.length - 4), -1);
  } else if (!(last.ask && last.ask.seat === me)) {
    let from = all.length - 1;
    while (from > 0 && !(all[from - 1].ask && all[from - 1].ask.seat === me)) from--;
    earlier = all.slice(Math.max(from, all.length - 6), -1);
  }
  st.earlier.hidden = !earlier.length;
  if (!earlier.length) { st.earlier.replaceChildren(); return; }
  const items = earlier.map((t, i) => {
    const after = i + 1 < earlier.length ? earlier[i + 1] : last;
    return h("li", {}, turnWords(ctx, t, after.ask ? after.ask.seat : null, null));
  });
  fill(st.earlier,
    h("summary", {"data-focus": "earlier"}, me === null ? `Earlier (${earlier.length})`
      : `Earlier, since ${isMe(ctx, me) ? "your" : `${nameOf(ctx, me)}'s`} last ask (${earlier.length})`),
    h("ol", {class: "gf-earlier-list"}, items),
  );
  st.earlier.open = st.earlierOpen ?? true;
}
