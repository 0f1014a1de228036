// Go Fish: the other players around the table (their cards face down, counted, their books, the cards
// everyone knows they hold), the stock, the last turn told in words with a "Go fish!", a lucky draw or
// a new book highlighted, and your hand grouped by rank.  To ask, choose a rank in your hand and a
// player (either first): the players you may ask and the ranks you hold are the only choices offered.
// At the end, each player's books and the winners.
// The view-module contract is described at the top of /static/js/generic.js.  Everything drawn here
// comes from ctx.view, which the server has already cut down to what this seat may know.

import {cardBack as drawBack, cardFace as drawFace, cardShort, cardWords, suitOf} from "/static/js/cards.js";
import {h, icon, svg} from "/static/js/svg.js";

const STYLESHEET = "/static/games/go-fish.css";
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const PLURAL = {A: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights",
  9: "nines", T: "tens", J: "jacks", Q: "queens", K: "kings"};
const singular = (rank) => (rank === "6" ? "six" : PLURAL[rank].slice(0, -1));
const RANK_OF_PLURAL = Object.fromEntries(Object.entries(PLURAL).map(([r, p]) => [p, r]));
const SUIT_ORDER = ["C", "D", "H", "S"];
const ENDINGS = {"first-out": "Ends when a hand or the stock is empty", "draw-on": "Ends when the stock is empty",
  "all-books": "Ends when all 13 books are made"};
const FIELDS = "input, textarea, select, [contenteditable=''], [contenteditable=true]";
const isField = (el) => el && el.closest && el.closest(FIELDS);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const rankShort = (r) => (r === "T" ? "10" : r);
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const NUMBER = ["no", "one", "two", "three", "four"];

function loadStyles() {
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.getAttribute("href") === STYLESHEET)) return;
  document.head.append(h("link", {rel: "stylesheet", href: STYLESHEET}));
}

function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

// ---- cards ----------------------------------------------------------------------------------
const cardFace = (code) => drawFace(code, "gf");
const cardBack = () => drawBack("gf");

/** A card as text: its rank and suit symbol (the colour is never the only sign). */
function cardChip(code) {
  return h("span", {class: `gf-chip ${suitOf(code).red ? "gf-red" : "gf-black"}`, title: cardWords(code)}, cardShort(code));
}

function chipList(cards) {
  const out = [];
  cards.forEach((c, i) => { if (i) out.push(" "); out.push(cardChip(c)); });
  return out;
}

/** A book: its four cards in a tight fan, and the rank under it. */
function bookStack(rank) {
  const cards = SUIT_ORDER.map((s) => `${rank}${s}`);
  return h("span", {class: "gf-book", role: "img", "aria-label": `a book of ${PLURAL[rank]}`,
    title: `Book of ${PLURAL[rank]}`,
    "data-rank": rank}, [
    h("span", {class: "gf-book-cards", "aria-hidden": "true"}, cards.map((c) => h("span", {class: "gf-mini"}, cardFace(c)))),
    h("span", {class: "gf-book-label", "aria-hidden": "true"}, `${rankShort(rank)}s`),
  ]);
}

function booksRow(books, whoseText) {
  if (!books.length) return h("p", {class: "gf-books gf-nobooks"}, "No books yet");
  return h("div", {class: "gf-books", role: "group", "aria-label": `${whoseText} books: ${books.length}`},
    [h("span", {class: "gf-books-count"}, plural(books.length, "book", "books")), ...books.map(bookStack)]);
}

function backsFan(n, label) {
  const fan = h("div", {class: "gf-backs", role: "img", "aria-label": label, "data-count": n});
  fan.style.setProperty("--gf-overlap", n > 14 ? ".8" : n > 9 ? ".72" : ".6");
  for (let i = 0; i < n; i++) fan.append(h("span", {class: "gf-back-card"}, cardBack()));
  return fan;
}

const spectatorSeat = (ctx) => ctx.seat === null || ctx.seat === undefined;

// ---- who is who --------------------------------------------------------------------------------
function nameOf(ctx, seat) {
  return (ctx.names && ctx.names[seat]) || `Player ${seat + 1}`;
}
function isMe(ctx, seat) {
  return Array.isArray(ctx.held) && ctx.held.length === 1 && ctx.held[0] === seat;
}
/** "You"/"you" for this device's one seat, else the name (pass-and-play: always the name). */
function who(ctx, seat, start = true) {
  return isMe(ctx, seat) ? (start ? "You" : "you") : nameOf(ctx, seat);
}
function whose(ctx, seat) {
  return isMe(ctx, seat) ? "Your" : `${nameOf(ctx, seat)}'s`;
}

// ---- the public history, a turn at a time ---------------------------------------------------------
/** The history cut into turns: each ask with what followed it (the fish, books, draws); the events
 * before the first ask (books dealt whole, draws) form a turn of their own with no ask. */
function turns(history) {
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
/** A little fish, for the "Go fish!" badge (decoration: the badge says it in words). */
function fishIcon() {
  return svg("svg", {class: "gf-fish", viewBox: "0 0 28 16", "aria-hidden": "true", focusable: "false"}, [
    svg("path", {d: "M2 8c4-6 13-7 19 0-6 7-15 6-19 0z"}),
    svg("path", {d: "M20 8l7-5v10z"}),
    svg("circle", {cx: 7, cy: 7, r: 1.3, class: "gf-fish-eye"}),
  ]);
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
function knownCards(v) {
  return v.known || Array.from({length: v.players}, () => []);
}

// ---- building ---------------------------------------------------------------------------------------
function build(root) {
  loadStyles();
  const st = {root, ctx: null, view: null, rank: null, target: null, selKey: null};
  st.head = h("div", {class: "gf-head"});
  st.final = h("section", {class: "gf-final", "aria-labelledby": "gf-final-title"});
  st.opps = h("div", {class: "gf-opps"});
  st.pond = h("div", {class: "gf-pond", role: "img"});
  st.news = h("div", {class: "gf-news", role: "status"});
  st.earlier = h("details", {class: "gf-earlier"});
  st.earlier.addEventListener("toggle", () => { st.earlierOpen = st.earlier.open; });
  st.middle = h("section", {class: "gf-middle", "aria-label": "The stock and the last turn"},
    [st.pond, h("div", {class: "gf-story"}, [st.news, st.earlier])]);
  st.prompt = h("p", {class: "gf-prompt", "aria-live": "polite"});
  st.actions = h("div", {class: "gf-actions", role: "group", "aria-label": "Ask"});
  st.say = h("p", {class: "gf-say", role: "status"});
  st.askbar = h("div", {class: "gf-askbar"}, [st.prompt, st.actions, st.say]);
  st.you = h("section", {class: "gf-seat gf-you"});
  st.felt = h("div", {class: "gf-felt"}, [st.opps, st.middle, st.askbar, st.you]);
  st.keys = h("p", {class: "gf-keys"}, [
    "Keys: ", h("kbd", {}, "A"), h("kbd", {}, "2"), "\u2026", h("kbd", {}, "9"), h("kbd", {}, "0"), h("kbd", {}, "J"),
    h("kbd", {}, "Q"), h("kbd", {}, "K"), " choose a rank you hold · ", h("kbd", {}, "\u2190"), h("kbd", {}, "\u2192"),
    " move between your ranks, ", h("kbd", {}, "Enter"), " chooses one and goes on to the ask buttons · ",
    h("kbd", {}, "Esc"), " choose again",
  ]);
  st.main = h("div", {class: "gf"}, [st.head, st.final, st.felt, st.keys]);
  root.replaceChildren(st.main);
  st.onKey = (event) => onKey(st, event);
  document.addEventListener("keydown", st.onKey);
  return st;
}

// ---- asking ---------------------------------------------------------------------------------------
/** The legal asks as {move, target, rank}. */
function asks(st) {
  const out = [];
  for (const move of st.ctx.legal) {
    const m = /^ask (\d+) for (\w+)$/.exec(move);
    if (m && RANK_OF_PLURAL[m[2]]) out.push({move, target: Number(m[1]) - 1, rank: RANK_OF_PLURAL[m[2]]});
  }
  return out;
}
const askable = (st) => new Set(asks(st).map((a) => a.target));
const heldRanks = (st) => new Set(asks(st).map((a) => a.rank));
const findAsk = (st, target, rank) => asks(st).find((a) => a.target === target && a.rank === rank);

function say(st, text) {
  st.say.textContent = text;
}

function notYourTurn(st) {
  const v = st.view;
  if (st.ctx.seat === null || st.ctx.seat === undefined) return "You are watching.";
  if (v.phase === "over") return "The game is over.";
  if (v.to_act === null || v.to_act === undefined) return "The cards are being dealt.";
  return `It is ${nameOf(st.ctx, v.to_act)}'s turn to ask.`;
}

function send(st, ask) {
  say(st, "");
  st.rank = null;
  st.target = null;
  st.ctx.play(ask.move);
}

function onRank(st, rank) {
  if (!st.ctx.legal.length) { say(st, notYourTurn(st)); return; }
  if (!heldRanks(st).has(rank)) { say(st, `You hold no ${PLURAL[rank]}: ask only for a rank you hold.`); return; }
  if (st.target !== null) {
    const ask = findAsk(st, st.target, rank);
    if (ask) { send(st, ask); return; }
  }
  const targets = askable(st);
  st.rank = st.rank === rank ? null : rank;
  say(st, "");
  draw(st);
  // keyboard: straight on to the players (one player to ask: the button that asks)
  const next = st.rank ? st.root.querySelector(".gf-actions .gf-ask-btn") : null;
  if (next && targets.size && st.focusFollows) next.focus({preventScroll: true});
}

function onTarget(st, seat) {
  if (!st.ctx.legal.length) { say(st, notYourTurn(st)); return; }
  const v = st.view;
  if (!askable(st).has(seat)) {
    say(st, v.hand_sizes[seat] === 0 ? `${nameOf(st.ctx, seat)} has no cards: ask someone who has.`
      : `You cannot ask ${nameOf(st.ctx, seat)} now.`);
    return;
  }
  if (st.rank !== null) {
    const ask = findAsk(st, seat, st.rank);
    if (ask) { send(st, ask); return; }
  }
  st.target = st.target === seat ? null : seat;
  say(st, "");
  draw(st);
}

function clearChoice(st) {
  if (st.rank === null && st.target === null) return;
  st.rank = null;
  st.target = null;
  say(st, "");
  draw(st);
}

function onKey(st, event) {
  if (!st.root.isConnected) { document.removeEventListener("keydown", st.onKey); return; }
  if (st.root._gf !== st) return;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (isField(event.target)) return;
  const cover = document.getElementById("pass-cover");
  if (cover && !cover.hidden) return;
  const key = event.key;
  const target = event.target;
  if ((key === "ArrowLeft" || key === "ArrowRight") && target && target.classList && target.classList.contains("gf-group")) {
    const groups = [...st.you.querySelectorAll(".gf-group")];
    const next = groups[groups.indexOf(target) + (key === "ArrowRight" ? 1 : -1)];
    if (next) { event.preventDefault(); next.focus(); }
    return;
  }
  if (!st.ctx || !st.ctx.legal.length) return;
  if (key === "Escape") { event.preventDefault(); clearChoice(st); return; }
  const k = key.toUpperCase();
  const rank = k === "0" || k === "1" ? "T" : RANKS.includes(k) ? k : null;
  if (rank) {
    event.preventDefault();
    st.focusFollows = true;
    onRank(st, rank);
    st.focusFollows = false;
  }
}

// ---- drawing ------------------------------------------------------------------------------------------
function drawHead(st, v) {
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

/** A player whose cards this view does not show: backs, the count, books, known cards; a target. */
function drawOpp(st, seat, v, known, targets, last) {
  const ctx = st.ctx;
  const n = v.hand_sizes[seat];
  const acting = v.to_act === seat;
  const mine = ctx.legal.length > 0;
  const can = targets.has(seat);
  const chosen = st.target === seat;
  const books = v.books[seat] || [];
  const box = h("div", {class: `gf-seat gf-opp${acting ? " acting" : ""}${mine && can ? " askable" : ""}` +
    `${mine && !can ? " unaskable" : ""}${chosen ? " chosen" : ""}${v.winners.includes(seat) ? " winner" : ""}`,
  "data-seat": seat, role: "group",
  "aria-label": `${nameOf(ctx, seat)}: ${plural(n, "card", "cards")}, ${plural(books.length, "book", "books")}`});
  box.addEventListener("click", (event) => {
    if (event.target.closest("button, summary, a")) return;
    if (mine) onTarget(st, seat);
  });
  const head = h("div", {class: "gf-seat-head"}, [
    h("strong", {class: "gf-seat-title"}, nameOf(ctx, seat)),
    h("span", {class: "gf-count", "data-count": n}, plural(n, "card", "cards")),
    acting ? h("span", {class: "gf-acting"}, [icon("play"), " asking"]) : null,
    v.winners.includes(seat) ? h("span", {class: "gf-acting gf-won"}, [icon("trophy"), " winner"]) : null,
  ]);
  const parts = [head];
  if (last && last.ask && last.ask.target === seat) {
    const fish = !last.ask.cards.length;
    parts.push(h("span", {class: `gf-bubble${fish ? " fish" : ""}`, "aria-hidden": "true"},
      fish ? "Go fish!" : `Here: ${NUMBER[last.ask.cards.length] || last.ask.cards.length} ` +
        `${last.ask.cards.length === 1 ? singular(last.ask.rank) : PLURAL[last.ask.rank]}`));
  }
  parts.push(n ? backsFan(n, `${plural(n, "card", "cards")} face down`) : h("p", {class: "gf-empty-hand"}, "No cards"));
  parts.push(booksRow(books, `${nameOf(ctx, seat)}'s`));
  const knownHere = known[seat];
  if (knownHere.length) {
    parts.push(h("p", {class: "gf-known"}, [h("span", {class: "gf-known-label"}, "Known to hold: "),
      ...chipList(knownHere)]));
  }
  if (mine) {
    const label = can ? (st.rank ? `Ask ${nameOf(ctx, seat)} for ${PLURAL[st.rank]}` : `Ask ${nameOf(ctx, seat)}\u2026`)
      : `${nameOf(ctx, seat)} has no cards`;
    const button = h("button", {class: `btn ${can && st.rank ? "primary" : "quiet"} gf-target`, type: "button",
      "data-target": seat, "data-focus": `target:${seat}`, "aria-disabled": can ? "false" : "true",
      "aria-pressed": can && !st.rank ? (chosen ? "true" : "false") : null}, label);
    button.addEventListener("click", () => onTarget(st, seat));
    parts.push(button);
  }
  fill(box, ...parts);
  return box;
}

function drawPond(st, v) {
  const n = v.stock_size;
  const stack = h("span", {class: "gf-stack", "aria-hidden": "true"});
  const backs = n ? Math.min(4, Math.max(1, Math.ceil(n / 8))) : 0;
  for (let i = 0; i < backs; i++) stack.append(h("span", {class: "gf-back-card"}, cardBack()));
  if (!n) stack.append(h("span", {class: "gf-pond-empty"}, "empty"));
  st.pond.setAttribute("aria-label", `The stock: ${plural(n, "card", "cards")}`);
  fill(st.pond, stack, h("span", {class: "gf-pond-label", "aria-hidden": "true"}, [h("span", {}, "Stock"),
    h("strong", {class: "gf-stock-count"}, String(n))]));
}

function drawStory(st, v, all) {
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

function drawAskbar(st, v) {
  const ctx = st.ctx;
  const buttons = [];
  let prompt = "";
  const mine = ctx.legal.length > 0;
  st.askbar.hidden = v.phase === "over";
  if (v.phase !== "play") {
    prompt = v.phase === "over" ? "" : "Dealing\u2026";
  } else if (!mine) {
    prompt = ctx.seat === null || ctx.seat === undefined ? `${nameOf(ctx, v.to_act)} is asking.`
      : isMe(ctx, v.to_act) ? "Your turn." : `Waiting for ${nameOf(ctx, v.to_act)} to ask.`;
  } else {
    const fromLeft = (s) => (s - v.to_act + v.players) % v.players;
    const targets = [...askable(st)].sort((a, b) => fromLeft(a) - fromLeft(b));
    if (st.rank) {
      prompt = targets.length === 1 ? `Ask ${nameOf(ctx, targets[0])} for ${PLURAL[st.rank]}?`
        : `Whom will you ask for ${PLURAL[st.rank]}? Choose a player.`;
      for (const t of targets) {
        const ask = findAsk(st, t, st.rank);
        const b = h("button", {class: "btn primary gf-ask-btn", type: "button", "data-move": ask.move,
          "data-focus": `ask:${t}`}, `Ask ${nameOf(ctx, t)} for ${PLURAL[st.rank]}`);
        b.addEventListener("click", () => send(st, ask));
        buttons.push(b);
      }
      const cancel = h("button", {class: "btn quiet gf-cancel", type: "button", "data-focus": "cancel"}, "Choose again");
      cancel.addEventListener("click", () => clearChoice(st));
      buttons.push(cancel);
    } else if (st.target !== null) {
      prompt = `Ask ${nameOf(ctx, st.target)} for which rank? Choose one in your hand.`;
      const cancel = h("button", {class: "btn quiet gf-cancel", type: "button", "data-focus": "cancel"}, "Choose again");
      cancel.addEventListener("click", () => clearChoice(st));
      buttons.push(cancel);
    } else {
      prompt = targets.length === 1 ? `Your turn: choose a rank in your hand to ask ${nameOf(ctx, targets[0])} for.`
        : "Your turn: choose a rank in your hand, then the player to ask.";
    }
  }
  if (st.prompt.textContent !== prompt) st.prompt.textContent = prompt;
  st.actions.replaceChildren(...buttons);
  st.actions.hidden = !buttons.length;
}

/** The hand of the seat this view shows, by rank: each rank a button that chooses it. */
function drawOwn(st, v, known) {
  const ctx = st.ctx;
  const seat = ctx.seat;
  const box = st.you;
  const hand = v.hand || [];
  const acting = v.to_act === seat;
  const mine = ctx.legal.length > 0;
  const held = heldRanks(st);
  const books = v.books[seat] || [];
  box.dataset.seat = seat;
  box.className = `gf-seat gf-you${acting ? " acting" : ""}${v.winners.includes(seat) ? " winner" : ""}`;
  box.setAttribute("aria-label", `${whose(ctx, seat)} hand`);
  const knownMine = new Set(known[seat]);
  const head = h("div", {class: "gf-seat-head"}, [
    h("strong", {class: "gf-seat-title"}, `${whose(ctx, seat)} hand`),
    h("span", {class: "gf-count", "data-count": hand.length}, plural(hand.length, "card", "cards")),
    acting ? h("span", {class: "gf-acting"}, [icon("play"), isMe(ctx, seat) ? " your turn" : " to ask"]) : null,
    v.winners.includes(seat) ? h("span", {class: "gf-acting gf-won"}, [icon("trophy"), " winner"]) : null,
  ]);
  const groups = v.groups.map((g) => {
    const can = mine && held.has(g.rank);
    const chosen = st.rank === g.rank;
    const fan = h("span", {class: "gf-fan", "aria-hidden": "true"}, g.cards.map((c) =>
      h("span", {class: `gf-card${knownMine.has(c) ? " known" : ""}`, "data-card": c}, cardFace(c))));
    const count = h("span", {class: "gf-group-label", "aria-hidden": "true"}, [
      h("span", {}, PLURAL[g.rank]), g.cards.length > 1 ? h("span", {class: "gf-times"}, `\u00d7${g.cards.length}`) : null]);
    const words = g.cards.map(cardWords).join(", ");
    let label = `${capital(PLURAL[g.rank])}, ${plural(g.cards.length, "card", "cards")}: ${words}`;
    if (can) {
      label += st.target !== null ? `. Ask ${nameOf(ctx, st.target)} for ${PLURAL[g.rank]}`
        : `. Choose ${PLURAL[g.rank]} to ask for`;
    }
    const button = h("button", {class: `gf-group${can ? " playable" : ""}${chosen ? " chosen" : ""}`, type: "button",
      "data-rank": g.rank, "data-focus": `rank:${g.rank}`, "aria-label": label,
      "aria-pressed": can ? (chosen ? "true" : "false") : null, "aria-disabled": can ? "false" : "true"}, [fan, count]);
    button.style.setProperty("--gf-n", String(g.cards.length));
    button.addEventListener("click", (event) => {
      // chosen by keyboard (Enter, Space): focus goes on to the button that asks
      st.focusFollows = event.detail === 0;
      onRank(st, g.rank);
      st.focusFollows = false;
    });
    return button;
  });
  fill(box, head,
    hand.length ? h("div", {class: "gf-groups", role: "group", "aria-label": `${whose(ctx, seat)} cards by rank`}, groups)
      : h("p", {class: "gf-empty-hand"}, ["play", "over"].includes(v.phase) ? "No cards in hand" : "Waiting for the deal"),
    booksRow(books, whose(ctx, seat)),
    knownMine.size ? h("p", {class: "gf-known gf-known-mine"}, [
      h("span", {class: "gf-known-label"}, isMe(ctx, seat) ? "The others know you hold: " : `Known to hold: `),
      ...chipList([...knownMine])]) : null,
  );
}

function drawFinal(st, v) {
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

function draw(st) {
  const v = st.view;
  const ctx = st.ctx;
  const active = document.activeElement;
  const focusKey = active && st.root.contains(active) ? active.dataset.focus : null;
  const focusWasHere = active && active !== document.body && st.root.contains(active);

  const selKey = JSON.stringify([ctx.state && ctx.state.game_no, v.history.length, v.phase, ctx.seat, ctx.legal]);
  if (selKey !== st.selKey) {
    if (st.selKey !== null && (st.rank !== null || st.target !== null)) say(st, "");
    st.selKey = selKey;
    st.rank = null;
    st.target = null;
    if (!ctx.legal.length) say(st, "");
  }
  st.main.dataset.phase = v.phase;
  const all = turns(v.history);
  const last = all[all.length - 1];
  const known = knownCards(v);
  const targets = askable(st);
  const seat = ctx.seat;
  const spectator = seat === null || seat === undefined || !v.hand;
  drawHead(st, v);
  drawFinal(st, v);
  // the others in the order they sit from this seat's left
  const start = spectator ? 0 : seat + 1;
  const others = [];
  for (let k = 0; k < v.players; k++) {
    const s = (start + k) % v.players;
    if (spectator || s !== seat) others.push(s);
  }
  st.opps.dataset.count = String(others.length);
  fill(st.opps, others.map((s) => drawOpp(st, s, v, known, targets, last)));
  drawPond(st, v);
  drawStory(st, v, all);
  drawAskbar(st, v);
  st.you.hidden = spectator;
  if (!spectator) drawOwn(st, v, known);
  else st.you.replaceChildren();
  st.keys.hidden = spectator || v.phase === "over";

  if (focusWasHere) {
    let next = focusKey ? [...st.root.querySelectorAll("[data-focus]")].find((el) => el.dataset.focus === focusKey) : null;
    if (!next || next.closest("[hidden]")) next = st.root.querySelector(".gf-group.playable, .gf-ask-btn, .gf-group");
    if (next && document.activeElement !== next) next.focus({preventScroll: true});
  }
}

export function render(root, ctx) {
  const view = ctx.view;
  if (!view || view.game !== "go-fish") {
    root.replaceChildren(h("p", {class: "muted"}, "Waiting for the cards\u2026"));
    root._gf = null;
    return;
  }
  let st = root._gf;
  if (!st || !st.main.isConnected || st.main.parentNode !== root) {
    if (st) document.removeEventListener("keydown", st.onKey);
    st = build(root);
    root._gf = st;
  }
  st.ctx = ctx;
  st.view = view;
  draw(st);
}
