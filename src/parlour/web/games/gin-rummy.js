// Gin Rummy: the other player's hand as card backs (with the cards known to be held), the stock and
// the discard pile to draw from, your hand sorted with its melds grouped and the deadwood apart, the
// live deadwood count and, holding eleven cards, the deadwood each discard would leave; Knock and Gin
// when the rules allow them; the showdown and the lay-off step; the hand's public events; the last
// hand as laid down; the score sheet with the boxes, the totals and, at the end, the bonuses.
// The view-module contract is described at the top of /static/js/generic.js.  Everything drawn here
// comes from ctx.view, which the server has already cut down to what this seat may know.

import {cardBack as drawBack, cardFace as drawFace, cardShort, cardWords, rankOf, suitOf} from "/static/js/cards.js";
import {h, icon} from "/static/js/svg.js";

const STYLESHEET = "/static/games/gin-rummy.css";
const ACT_WORDS = {take: "takes", pass: "passes", draw: "draws from the stock", discard: "discards",
  knock: "knocks, discarding face down", gin: "goes gin, discarding face down", "lay off": "lays off"};

const FIELDS = "input, textarea, select, [contenteditable=''], [contenteditable=true]";
const isField = (el) => el && el.closest && el.closest(FIELDS);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

function loadStyles() {
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.getAttribute("href") === STYLESHEET)) return;
  document.head.append(h("link", {rel: "stylesheet", href: STYLESHEET}));
}

// ---- cards in words --------------------------------------------------------------------
const listWords = (cards) => cards.map(cardWords).join(", ");

/** A card as text: its rank and suit symbol, red or black as well. */
function cardChip(code) {
  return h("span", {class: `gr-chip ${suitOf(code).red ? "gr-red" : "gr-black"}`, title: cardWords(code)}, cardShort(code));
}

// ---- cards drawn in SVG (/static/js/cards.js, with gin's class prefix) ---------------------------
const cardFace = (code) => drawFace(code, "gr");
const cardBack = () => drawBack("gr");

/** Replace an element's children, leaving out the empty ones. */
function fill(el, ...children) {
  el.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false));
}

/** A small face-up card that is not a control. */
function miniCard(code, extraClass = "") {
  return h("span", {class: `gr-mini ${extraClass}`.trim(), "data-card": code, role: "img", "aria-label": cardWords(code),
    title: cardWords(code)}, cardFace(code));
}

function miniRow(cards, label, extraClass = "") {
  return h("span", {class: `gr-mini-row ${extraClass}`.trim(), role: "group", "aria-label": label},
    cards.map((c) => miniCard(c)));
}

const isSet = (meld) => meld.every((c) => rankOf(c) === rankOf(meld[0]));
const meldKind = (meld) => (isSet(meld) ? "Set" : "Run");

// ---- who is who ----------------------------------------------------------------------------
function nameOf(ctx, seat) {
  return (ctx.names && ctx.names[seat]) || `Player ${seat + 1}`;
}
function isMe(ctx, seat) {
  return Array.isArray(ctx.held) && ctx.held.length === 1 && ctx.held[0] === seat;
}
/** "You" for this device's one seat, else the name (pass-and-play: the name of the seat shown). */
function who(ctx, seat) {
  return isMe(ctx, seat) ? "You" : nameOf(ctx, seat);
}
function whose(ctx, seat) {
  return isMe(ctx, seat) ? "Your" : `${nameOf(ctx, seat)}'s`;
}
function verb(ctx, seat, third, second) {
  return isMe(ctx, seat) ? second : third;
}

// ---- building ------------------------------------------------------------------------------
function build(root) {
  loadStyles();
  const st = {root, ctx: null, view: null, mode: "discard", modeKey: null, sheetSeen: -1, lastChoice: null,
    eventsOpen: true};
  st.head = h("div", {class: "gr-head"});
  st.opp = h("section", {class: "gr-seat gr-opp"});
  st.middle = h("section", {class: "gr-middle", "aria-label": "Stock and discard pile"});
  st.stockBtn = h("button", {class: "gr-stock", type: "button", "data-action": "draw", "data-focus": "stock"});
  st.pileBtn = h("button", {class: "gr-pile", type: "button", "data-action": "take", "data-focus": "pile"});
  st.stockBtn.addEventListener("click", () => onStock(st));
  st.pileBtn.addEventListener("click", () => onPile(st));
  st.pileAll = h("details", {class: "gr-pile-all"});
  st.prompt = h("p", {class: "gr-prompt", "aria-live": "polite"});
  st.actions = h("div", {class: "gr-actions", role: "group", "aria-label": "Actions"});
  st.say = h("p", {class: "gr-say", role: "status"});
  st.lastEvent = h("p", {class: "gr-last-event"});
  st.panel = h("div", {class: "gr-panel"}, [st.prompt, st.actions, st.say, st.lastEvent]);
  st.piles = h("div", {class: "gr-piles"}, [st.stockBtn, st.pileBtn]);
  st.middle.append(st.piles, st.panel);
  st.showdown = h("section", {class: "gr-showdown"});
  st.you = h("section", {class: "gr-seat gr-you"});
  // The open state of these is redrawn on every update: a click on a summary is the person's choice.
  st.events = h("details", {class: "gr-events"});
  st.events.addEventListener("click", (event) => {
    if (event.target.closest("summary")) st.eventsOpen = !st.events.open;
  });
  st.last = h("details", {class: "gr-lasthand"});
  st.last.addEventListener("click", (event) => {
    if (event.target.closest("summary")) st.lastChoice = !st.last.open;
  });
  st.sheet = h("section", {class: "gr-sheet", "aria-labelledby": "gr-sheet-title"});
  st.keys = h("p", {class: "gr-keys"}, [
    "Keys: ", h("kbd", {}, "D"), " draw · ", h("kbd", {}, "T"), " take the discard · ", h("kbd", {}, "P"), " pass · ",
    h("kbd", {}, "K"), " knock · ", h("kbd", {}, "G"), " gin · ", h("kbd", {}, "Esc"), " back to discarding · ",
    h("kbd", {}, "B"), " lay off best · ", h("kbd", {}, "N"), " done · ", h("kbd", {}, "\u2190"), h("kbd", {}, "\u2192"),
    " move between your cards, ", h("kbd", {}, "Enter"), " plays the card",
  ]);
  st.table = h("div", {class: "gr-felt"}, [st.opp, st.middle, st.showdown, st.you]);
  st.main = h("div", {class: "gr"}, [st.head, st.table, st.last, st.events, st.sheet, st.keys]);
  root.replaceChildren(st.main);
  st.onKey = (event) => onKey(st, event);
  document.addEventListener("keydown", st.onKey);
  return st;
}

// ---- acting ------------------------------------------------------------------------------------
function mine(st) {
  return st.ctx.legal.length > 0;
}
function can(st, move) {
  return st.ctx.legal.includes(move);
}
function say(st, text) {
  st.say.textContent = text;
}
function play(st, move) {
  say(st, "");
  st.ctx.play(move);
}
function notYourTurn(st) {
  const v = st.view;
  if (st.ctx.seat === null || st.ctx.seat === undefined) return "You are watching.";
  if (v.phase === "over") return "The game is over.";
  if (v.to_act === null || v.to_act === undefined) return "The cards are being dealt.";
  return `It is ${nameOf(st.ctx, v.to_act)}'s turn.`;
}

function onStock(st) {
  if (can(st, "draw")) { play(st, "draw"); return; }
  if (!mine(st)) { say(st, notYourTurn(st)); return; }
  const v = st.view;
  const reasons = {
    offer: "The up-card is offered first: take it or pass.",
    discard: "You have drawn already: discard a card (or knock).",
    wall: "The stock is down to two cards: take the last discard to knock or go gin, or pass.",
    layoff: "Lay cards off on the knocker's melds, or say you are done.",
  };
  say(st, reasons[v.phase] || "You cannot draw now.");
}

function onPile(st) {
  if (can(st, "take")) { play(st, "take"); return; }
  if (!mine(st)) { say(st, notYourTurn(st)); return; }
  const v = st.view;
  const top = v.pile.length ? cardShort(v.pile[v.pile.length - 1]) : "";
  let reason = "You cannot take the discard now.";
  if (v.phase === "draw" && v.refused === 2) reason = "Both players refused the up-card: draw from the stock.";
  else if (v.phase === "discard") reason = "You have drawn already: discard a card (or knock).";
  else if (v.phase === "wall") reason = `Taking ${top} would not let you knock or go gin: pass.`;
  else if (v.phase === "layoff") reason = "Lay cards off on the knocker's melds, or say you are done.";
  say(st, reason);
}

function leftAfter(st, card) {
  const d = st.view.discards.find((x) => x.card === card);
  return d ? d.deadwood : null;
}

function onCard(st, card) {
  const v = st.view;
  if (!mine(st)) { say(st, notYourTurn(st)); return; }
  const phase = v.phase;
  if (phase === "layoff") {
    const move = `lay off ${card}`;
    if (can(st, move)) play(st, move);
    else say(st, `${cardShort(card)} does not fit on ${nameOf(st.ctx, v.showdown.knocker)}'s melds now.`);
    return;
  }
  if (phase !== "discard") {
    const first = {offer: "First take the up-card or pass.", draw: "Draw first: click the stock or the discard pile.",
      wall: "At the wall: take the last discard to knock or go gin, or pass."};
    say(st, first[phase] || "You cannot play a card now.");
    return;
  }
  const mode = currentMode(st);
  const move = `${mode} ${card}`;
  if (can(st, move)) { play(st, move); return; }
  const left = leftAfter(st, card);
  const limit = v.rules.knock_limit;
  let reason;
  if (card === v.taken) reason = `You took ${cardShort(card)} from the discard pile this turn: discard another card.`;
  else if (mode === "discard" && v.must_knock) reason = "You took the last discard at the wall: you must knock or go gin.";
  else if (mode === "knock" && left === 0) reason = `Discarding ${cardShort(card)} leaves no deadwood: that is gin (press Gin).`;
  else if (mode === "knock") {
    reason = `Discarding ${cardShort(card)} would leave ${left} deadwood: you may knock with ${limit} or less.`;
  }
  else if (mode === "gin") reason = `Discarding ${cardShort(card)} would leave ${left} deadwood: gin needs none.`;
  else reason = `You cannot discard ${cardShort(card)} now.`;
  say(st, reason);
}

/** The verb a click on a card plays while holding eleven: discard, or knock / gin once chosen. */
function currentMode(st) {
  const legal = st.ctx.legal;
  const has = (kind) => legal.some((m) => m.startsWith(`${kind} `));
  if (st.mode !== "discard" && has(st.mode)) return st.mode;
  if (!has("discard")) return has("gin") ? "gin" : has("knock") ? "knock" : "discard";
  return "discard";
}

function setMode(st, mode) {
  const legal = st.ctx.legal;
  if (mode !== "discard" && !legal.some((m) => m.startsWith(`${mode} `))) {
    if (mine(st) && st.view.phase === "discard") {
      say(st, mode === "gin" ? "You cannot go gin with these cards: every discard leaves some deadwood."
        : `No discard leaves ${st.view.rules.knock_limit} deadwood or less: you cannot knock yet.`);
    }
    return;
  }
  st.mode = st.mode === mode ? "discard" : mode;
  say(st, "");
  draw(st);
  const first = st.you.querySelector(".gr-card.playable");
  if (first) first.focus({preventScroll: true});
}

function onKey(st, event) {
  if (!st.root.isConnected) { document.removeEventListener("keydown", st.onKey); return; }
  if (st.root._gr !== st) return;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (isField(event.target)) return;
  const cover = document.getElementById("pass-cover");
  if (cover && !cover.hidden) return;
  const key = event.key;
  const target = event.target;
  if ((key === "ArrowLeft" || key === "ArrowRight") && target && target.classList && target.classList.contains("gr-card")) {
    const cards = [...st.you.querySelectorAll(".gr-card")];
    const i = cards.indexOf(target);
    const next = cards[i + (key === "ArrowRight" ? 1 : -1)];
    if (next) { event.preventDefault(); next.focus(); }
    return;
  }
  if (!st.ctx || !mine(st)) return;
  const k = key.length === 1 ? key.toLowerCase() : key;
  const act = {
    d: () => onStock(st), t: () => onPile(st), p: () => can(st, "pass") && play(st, "pass"),
    k: () => setMode(st, "knock"), g: () => setMode(st, "gin"),
    b: () => can(st, "lay off best") && play(st, "lay off best"), n: () => can(st, "done") && play(st, "done"),
    Escape: () => { if (st.mode !== "discard") { st.mode = "discard"; draw(st); } },
  }[k];
  if (act) { event.preventDefault(); act(); }
}

// ---- drawing each part -------------------------------------------------------------------------------
function drawHead(st, v) {
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
function drawHidden(st, box, seat, v) {
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

function drawMiddle(st, v) {
  const ctx = st.ctx;
  const playing = !["over", "cut", "deal"].includes(v.phase);
  st.middle.hidden = !playing;
  if (!playing) return;
  // the stock
  const drawable = can(st, "draw");
  st.stockBtn.classList.toggle("playable", drawable);
  st.stockBtn.setAttribute("aria-disabled", drawable ? "false" : "true");
  const stack = h("span", {class: "gr-stack"});
  const backs = Math.min(3, Math.max(1, Math.ceil(v.stock_size / 10)));
  for (let i = 0; i < backs; i++) stack.append(h("span", {class: "gr-back-card"}, cardBack()));
  const stockLabel = h("span", {class: "gr-pile-label"}, [h("span", {}, "Stock"), h("strong", {}, String(v.stock_size))]);
  st.stockBtn.replaceChildren(stack, stockLabel);
  st.stockBtn.setAttribute("aria-label", `Stock: ${plural(v.stock_size, "card", "cards")}${drawable ? ". Draw the top card" : ""}`);
  st.stockBtn.title = drawable ? "Draw from the stock" : "";
  // the discard pile
  const top = v.pile.length ? v.pile[v.pile.length - 1] : null;
  const takable = can(st, "take");
  st.pileBtn.classList.toggle("playable", takable);
  st.pileBtn.setAttribute("aria-disabled", takable ? "false" : "true");
  st.pileBtn.dataset.card = top || "";
  const shown = h("span", {class: "gr-pile-cards"});
  const under = v.pile.slice(-3, -1);
  for (const c of under) shown.append(h("span", {class: "gr-under"}, cardFace(c)));
  shown.append(top ? h("span", {class: "gr-top"}, cardFace(top)) : h("span", {class: "gr-empty"}, "empty"));
  const what = v.phase === "offer" ? "Up-card" : "Discard pile";
  const pileLabel = h("span", {class: "gr-pile-label"}, [h("span", {}, what), h("strong", {}, String(v.pile.length))]);
  st.pileBtn.replaceChildren(shown, pileLabel);
  st.pileBtn.setAttribute("aria-label", top ? `${what}: ${cardWords(top)} on top, ${plural(v.pile.length, "card", "cards")}` +
    (takable ? `. Take the ${cardWords(top)}` : "") : `${what}: empty`);
  st.pileBtn.title = takable && top ? `Take ${cardWords(top)}` : "";
  // the whole pile, bottom to top (public: a careful player remembers it)
  const wasOpen = st.pileAll.open;
  st.pileAll.replaceChildren(h("summary", {"data-focus": "pile-all"}, `Every discard (${v.pile.length})`),
    v.pile.length ? h("p", {class: "gr-pile-list"}, [...v.pile].map(cardChip)) : h("p", {class: "muted"}, "None yet."));
  st.pileAll.open = wasOpen;
  if (!st.pileAll.isConnected) st.piles.append(st.pileAll);

  // what to do, and the buttons for it
  const prompt = promptText(st, v);
  if (st.prompt.textContent !== prompt) st.prompt.textContent = prompt;  // screen readers hear changes only
  drawActions(st, v);
  const last = v.history[v.history.length - 1];
  fill(st.lastEvent, last ? h("span", {class: "muted"}, "Last: ") : null,
    last ? eventText(ctx, last, v.history.length - 1, v) : null);
}

function promptText(st, v) {
  const ctx = st.ctx;
  const top = v.pile.length ? cardShort(v.pile[v.pile.length - 1]) : "";
  const actor = v.to_act;
  if (actor === null || actor === undefined) return "Dealing\u2026";
  if (!mine(st)) {
    const name = nameOf(ctx, actor);
    return {
      offer: `${name} may take the up-card ${top} or pass.`,
      draw: `${name} to draw.`,
      discard: `${name} to discard.`,
      wall: `The stock is down to two cards: ${name} may take ${top} to knock or go gin, or pass.`,
      layoff: `${name} is laying off on ${nameOf(ctx, v.showdown ? v.showdown.knocker : 1 - actor)}'s melds.`,
    }[v.phase] || `${name} to play.`;
  }
  switch (v.phase) {
    case "offer":
      return v.refused === 1 ? `${nameOf(ctx, 1 - actor)} refused the up-card ${top}: take it, or pass.`
        : `The up-card is ${top}: take it, or pass.`;
    case "draw":
      return v.refused === 2 ? "Both of you refused the up-card: draw from the stock."
        : `Draw from the stock, or take ${top} from the discard pile.`;
    case "discard": {
      const mode = currentMode(st);
      if (mode === "knock") {
        return "Knock: click the card to discard face down (the number under each card is the deadwood left).";
      }
      if (mode === "gin") return "Gin: click the card to discard face down.";
      let text = "Click a card to discard it: the number under each card is the deadwood it leaves.";
      if (st.ctx.legal.some((m) => m.startsWith("gin "))) text += " You can go gin!";
      else if (st.ctx.legal.some((m) => m.startsWith("knock "))) text += " You may knock.";
      return text;
    }
    case "wall":
      return can(st, "take")
        ? `The stock is down to two cards: take ${top} to knock or go gin, or pass (the hand is cancelled).`
        : `The stock is down to two cards and ${top} would not let you knock: pass (the hand is cancelled).`;
    case "layoff":
      return `${nameOf(ctx, v.showdown.knocker)} knocked. Click your cards that fit the melds to lay them off, ` +
        "or Lay off best; then Done.";
    default:
      return "";
  }
}

function actionButton(label, action, onClick, extra = {}) {
  const button = h("button", {class: `btn ${extra.primary ? "primary" : "quiet"} gr-action`, type: "button",
    "data-action": action, "data-focus": `action:${action}`, ...extra.attrs}, label);
  button.addEventListener("click", onClick);
  return button;
}

function drawActions(st, v) {
  const buttons = [];
  if (mine(st)) {
    if (can(st, "take") && (v.phase === "offer" || v.phase === "wall")) {
      const top = v.pile[v.pile.length - 1];
      buttons.push(actionButton(`Take ${cardShort(top)}`, "take-up", () => play(st, "take"), {primary: true}));
    }
    if (can(st, "draw") && v.phase === "draw") {
      buttons.push(actionButton("Draw", "draw-btn", () => play(st, "draw"), {primary: true}));
    }
    if (can(st, "pass")) buttons.push(actionButton("Pass", "pass", () => play(st, "pass")));
    if (v.phase === "discard") {
      const mode = currentMode(st);
      const legal = st.ctx.legal;
      const hasDiscard = legal.some((m) => m.startsWith("discard "));
      for (const [kind, label] of [["knock", "Knock\u2026"], ["gin", "Gin\u2026"]]) {
        if (!legal.some((m) => m.startsWith(`${kind} `))) continue;  // offered only when legal
        const on = mode === kind;
        buttons.push(actionButton(label, kind, () => setMode(st, kind),
          {primary: kind === "gin", attrs: {"aria-pressed": on ? "true" : "false"}}));
      }
      if (mode !== "discard" && hasDiscard) {
        buttons.push(actionButton("Discard instead", "discard-mode", () => { st.mode = "discard"; draw(st); }));
      }
    }
    if (can(st, "lay off best")) {
      buttons.push(actionButton("Lay off best", "layoff-best", () => play(st, "lay off best"), {primary: true}));
    }
    if (can(st, "done")) buttons.push(actionButton("Done", "done", () => play(st, "done")));
  }
  st.actions.replaceChildren(...buttons);
  st.actions.hidden = !buttons.length;
}

/** The cards of the seat this view shows, sorted: melds grouped, the deadwood apart. */
function drawOwn(st, v) {
  const ctx = st.ctx;
  const seat = ctx.seat;
  const box = st.you;
  box.dataset.seat = seat;
  box.setAttribute("aria-label", `${whose(ctx, seat)} hand`);
  const hand = v.hand || [];
  const holding = hand.length === 11 && v.phase === "discard" && v.to_act === seat;
  const left = new Map(v.discards.map((d) => [d.card, d.deadwood]));
  const least = v.discards.filter((d) => d.card !== v.taken).reduce((m, d) => Math.min(m, d.deadwood), Infinity);
  const mode = mine(st) && v.phase === "discard" ? currentMode(st) : null;
  const known = new Set(v.known[seat] || []);
  const acting = v.to_act === seat;
  const head = h("div", {class: "gr-seat-head"}, [
    h("strong", {class: "gr-seat-title"}, `${whose(ctx, seat)} hand`),
    h("span", {class: "gr-count"}, plural(hand.length, "card", "cards")),
    acting ? h("span", {class: "gr-acting"}, [icon("play"), isMe(ctx, seat) ? " your turn" : " to play"]) : null,
    h("span", {class: "gr-deadwood", "aria-label": `Deadwood count ${v.deadwood}`}, [
      h("span", {class: "gr-deadwood-label"}, "Deadwood"), h("strong", {class: "gr-deadwood-count"}, String(v.deadwood))]),
  ]);
  const card = (code) => {
    const moves = {discard: `discard ${code}`, knock: `knock ${code}`, gin: `gin ${code}`};
    const move = v.phase === "layoff" ? `lay off ${code}` : mode ? moves[mode] : null;
    const playable = !!move && can(st, move);
    const n = left.get(code);
    const taken = code === v.taken;
    let tag = null;
    let label = cardWords(code);
    if (holding) {
      if (taken) {
        tag = h("span", {class: "gr-tag gr-taken"}, "taken");
        label += ", just taken from the pile (it may not be discarded this turn)";
      } else if (n !== undefined) {
        tag = h("span", {class: "gr-tag"}, n === least ? `\u2605${n}` : String(n));
        label += `: discarding it leaves ${n} deadwood${n === least ? " (the least)" : ""}`;
      }
    }
    if (v.phase === "layoff" && playable) {
      tag = h("span", {class: "gr-tag gr-fits"}, "fits");
      label += ": it fits the knocker's melds";
    }
    if (known.has(code)) label += `. ${nameOf(ctx, 1 - seat)} knows you hold it`;
    if (playable) {
      const verbs = {knock: "Knock, discarding", gin: "Go gin, discarding", discard: "Discard"};
      label = `${v.phase === "layoff" ? "Lay off" : verbs[mode]} ${label}`;
    }
    const button = h("button", {class: `gr-card${playable ? " playable" : ""}${taken && holding ? " taken" : ""}`,
      type: "button", "data-card": code, "data-focus": `card:${code}`, "aria-label": label,
      "aria-disabled": playable ? "false" : "true", title: label}, [cardFace(code), tag]);
    button.addEventListener("click", () => onCard(st, code));
    return button;
  };
  const modeClass = mode && mode !== "discard" ? ` mode-${mode}` : "";
  const groups = h("div", {class: `gr-groups${holding ? " holding" : ""}${modeClass}`});
  for (const meld of v.melds || []) {
    const kind = meldKind(meld);
    groups.append(h("div", {class: "gr-group meld", role: "group", "aria-label": `${kind}: ${listWords(meld)}`}, [
      h("span", {class: "gr-group-label", "aria-hidden": "true"}, kind),
      h("div", {class: "gr-group-cards"}, meld.map(card)),
    ]));
  }
  const dead = v.deadwood_cards || [];
  if (dead.length) {
    groups.append(h("div", {class: "gr-group dead", role: "group", "aria-label": `Deadwood: ${listWords(dead)}`}, [
      h("span", {class: "gr-group-label", "aria-hidden": "true"}, `Deadwood ${v.deadwood}`),
      h("div", {class: "gr-group-cards"}, dead.map(card)),
    ]));
  }
  const knocked = v.showdown && v.showdown.knocker === seat;
  const parts = [head, knocked ? h("p", {class: "gr-note"}, "Laid out on the table above: your melds and deadwood.")
    : groups];
  if (!hand.length) parts.push(h("p", {class: "muted"}, "No cards."));
  const knownList = (v.known[seat] || []).filter((c) => hand.includes(c));
  if (knownList.length && !v.showdown) {
    parts.push(h("p", {class: "gr-note"}, [`${nameOf(ctx, 1 - seat)} knows you hold `, ...knownList.map(cardChip),
      " (taken from the pile)."]));
  }
  if (v.face_down && v.showdown && v.showdown.knocker === seat) {
    parts.push(h("p", {class: "gr-note gr-facedown"}, ["Your face-down discard (only you see it): ", cardChip(v.face_down)]));
  }
  box.classList.toggle("acting", acting);
  fill(box, ...parts);
}

function drawShowdown(st, v) {
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

function eventText(ctx, e, index, v) {
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

function drawEvents(st, v) {
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

function drawLastHand(st, v) {
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

function drawSheet(st, v) {
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

// ---- every update ------------------------------------------------------------------------------------
function draw(st) {
  const v = st.view;
  const ctx = st.ctx;
  const active = document.activeElement;
  const focusKey = active && st.root.contains(active) ? active.dataset.focus : null;
  const focusWasHere = active && active !== document.body && st.root.contains(active);

  const modeKey = JSON.stringify([ctx.state && ctx.state.game_no, v.hand_number, v.phase, v.history.length, ctx.seat]);
  if (modeKey !== st.modeKey) {
    st.modeKey = modeKey;
    st.mode = "discard";
    say(st, "");
  }
  st.main.dataset.phase = v.phase;
  drawHead(st, v);
  const seat = ctx.seat;
  const spectator = seat === null || seat === undefined || !v.hand;
  const top = spectator ? 1 : 1 - seat;
  drawHidden(st, st.opp, top, v);
  drawMiddle(st, v);
  drawShowdown(st, v);
  if (spectator) drawHidden(st, st.you, 1 - top, v);
  else drawOwn(st, v);
  st.table.hidden = v.phase === "over";
  drawEvents(st, v);
  drawLastHand(st, v);
  drawSheet(st, v);
  st.keys.hidden = spectator || v.phase === "over";

  if (focusWasHere) {
    let next = focusKey ? [...st.root.querySelectorAll("[data-focus]")].find((el) => el.dataset.focus === focusKey) : null;
    if (!next || next.closest("[hidden]")) {
      next = st.root.querySelector(".gr-card.playable, .gr-action, .gr-stock.playable, .gr-pile.playable, .gr-card");
    }
    if (next && document.activeElement !== next) next.focus({preventScroll: true});
  }
}

export function render(root, ctx) {
  const view = ctx.view;
  if (!view || view.game !== "gin-rummy") {
    root.replaceChildren(h("p", {class: "muted"}, "Waiting for the cards\u2026"));
    root._gr = null;
    return;
  }
  let st = root._gr;
  if (!st || !st.main.isConnected || st.main.parentNode !== root) {
    if (st) document.removeEventListener("keydown", st.onKey);
    st = build(root);
    root._gr = st;
  }
  st.ctx = ctx;
  st.view = view;
  draw(st);
}
