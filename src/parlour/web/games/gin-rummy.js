// Gin Rummy: the other player's hand as card backs (with the cards known to be held), the stock and
// the discard pile to draw from, your hand sorted with its melds grouped and the deadwood apart, the
// live deadwood count and, holding eleven cards, the deadwood each discard would leave; Knock and Gin
// when the rules allow them; the showdown and the lay-off step; the hand's public events; the last
// hand as laid down; the score sheet with the boxes, the totals and, at the end, the bonuses.
// The view-module contract is described at the top of /static/js/generic.js.  Everything drawn here
// comes from ctx.view, which the server has already cut down to what this seat may know.
// This module holds the acting: the stock and the discard pile, the prompt's buttons, your hand, the
// keys.  Beside it, in games/gin-rummy/: the cards, what may be done now and the prompt, the seats and
// the showdown, the record of the game.

import {cardShort, cardWords} from "/static/js/cards.js";
import {h, icon} from "/static/js/svg.js";
import {arrowAlong, fill, focusAfter, focusBefore, isMe, keyForView, loadStyles, nameOf,
  notYourTurn, plural, renderView, say, whose} from "/static/js/view.js";
import {cardBack, cardChip, cardFace, listWords, meldKind} from "./gin-rummy/cards.js";
import {can, currentMode, mine, promptText} from "./gin-rummy/prompt.js";
import {drawEvents, drawLastHand, drawSheet, eventText} from "./gin-rummy/record.js";
import {drawHead, drawHidden, drawShowdown} from "./gin-rummy/seats.js";

const STYLESHEET = "/static/games/gin-rummy.css";
const DEALING = "The cards are being dealt.";  // why nobody may act yet (notYourTurn)

// ---- building ------------------------------------------------------------------------------
function build(root) {
  loadStyles(STYLESHEET);
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
  st.you = h("section", {class: "gr-seat gr-you", "data-own-hand": ""});
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
function play(st, move) {
  say(st, "");
  st.ctx.play(move);
}

function onStock(st) {
  if (can(st, "draw")) { play(st, "draw"); return; }
  if (!mine(st)) { say(st, notYourTurn(st, DEALING)); return; }
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
  if (!mine(st)) { say(st, notYourTurn(st, DEALING)); return; }
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
  if (!mine(st)) { say(st, notYourTurn(st, DEALING)); return; }
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
  if (!keyForView(st, "_gr", event)) return;
  if (arrowAlong(event, st.you, "gr-card")) return;
  const key = event.key;
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
  const stockLabel = h("span", {class: "gr-pile-label"}, [h("span", {}, "Stock"), " ", h("strong", {}, String(v.stock_size))]);
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
  // named by the words alone (the faces and the count are for the eye): no aria-label to differ from them
  shown.setAttribute("aria-hidden", "true");
  pileLabel.setAttribute("aria-hidden", "true");
  st.pileBtn.replaceChildren(h("span", {class: "visually-hidden"}, top ? `${what}: ${cardWords(top)} on top, ` +
    `${plural(v.pile.length, "card", "cards")}${takable ? `. Take the ${cardWords(top)}` : ""}` : `${what}: empty`),
  shown, pileLabel);
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
    // named by the words alone (the face's ranks and the tag are for the eye), with no aria-label to
    // differ from the text shown
    if (tag) tag.setAttribute("aria-hidden", "true");
    const button = h("button", {class: `gr-card${playable ? " playable" : ""}${taken && holding ? " taken" : ""}`,
      type: "button", "data-card": code, "data-focus": `card:${code}`,
      "aria-disabled": playable ? "false" : "true", title: label}, [h("span", {class: "visually-hidden"}, label), cardFace(code), tag]);
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

// ---- every update ------------------------------------------------------------------------------------
function draw(st) {
  const v = st.view;
  const ctx = st.ctx;
  const focus = focusBefore(st.root);

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

  focusAfter(st.root, focus, ".gr-card.playable, .gr-action, .gr-stock.playable, .gr-pile.playable, .gr-card");
}

export function render(root, ctx) {
  renderView(root, ctx, {game: "gin-rummy", key: "_gr", waiting: "Waiting for the cards\u2026", build, draw});
}
