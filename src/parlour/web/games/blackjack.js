// Blackjack: the dealer's cards at the top (the hole card as a card back while it is face down), each
// player's spot with their chips, bet and hands (totals, soft totals, bust / blackjack / doubled /
// surrendered, the hand being played), the bet control and the buttons for exactly the legal moves
// (with keys), the last round's results, the chips after each round, and the shoe with the Hi-Lo
// count (shown at a trainer table, elsewhere when a player asks for it).
// The view-module contract is described at the top of /static/js/generic.js.  Everything drawn here
// comes from ctx.view, which the server has already cut down to what every seat may know: the hole
// card is null there, and nothing here could name it.

import {cardBack, cardFace, cardWords} from "/static/js/cards.js";
import {h, icon} from "/static/js/svg.js";
import {isMe, keyForView, loadStyles, nameOf, plural, renderView, say} from "/static/js/view.js";

const STYLESHEET = "/static/games/blackjack.css";
const COUNT_KEY = "parlour:blackjack:show-count";

// The actions, in the order they are offered, with their keys.
const ACTIONS = [
  {move: "hit", label: "Hit", key: "h", hint: "take another card"},
  {move: "stand", label: "Stand", key: "s", hint: "take no more cards"},
  {move: "double", label: "Double", key: "d", hint: "double the bet and take exactly one card"},
  {move: "split", label: "Split", key: "p", hint: "split the pair into two hands"},
  {move: "surrender", label: "Surrender", key: "r", hint: "give up the hand and half its bet"},
  {move: "insurance", label: "Insurance", key: "i", hint: "insure for half your bet; pays 2 to 1"},
  {move: "no insurance", label: "No insurance", key: "n", hint: "play on without insurance"},
];
const OUTCOMES = {win: "Win", blackjack: "Blackjack!", push: "Push (bet back)", lose: "Lose", bust: "Bust",
  surrender: "Surrendered"};
const CHIP_VALUES = [1, 5, 10, 25, 100, 500];

/** Chips as the server writes them: 12, 7.5, 1.25. */
function chips(x) {
  if (Number.isInteger(x)) return String(x);
  return x.toFixed(2).replace(/0+$/, "").replace(/\.$/, "");
}
/** A chips change with its sign as text: +5, −2.5, 0 (never colour alone). */
function signed(x) {
  if (x > 0) return `+${chips(x)}`;
  if (x < 0) return `\u2212${chips(-x)}`;
  return "0";
}
const tone = (x) => (x > 0 ? "up" : x < 0 ? "down" : "even");

// ---- cards -----------------------------------------------------------------------------------
function card(code, extraClass = "") {
  if (code === null || code === undefined) {
    return h("span", {class: `bj-card bj-down ${extraClass}`.trim(), role: "img", "aria-label": "face-down card",
      title: "face-down card"}, cardBack("bj"));
  }
  return h("span", {class: `bj-card ${extraClass}`.trim(), "data-card": code, role: "img", "aria-label": cardWords(code),
    title: cardWords(code)}, cardFace(code, "bj"));
}
function cardRow(cards, label, extraClass = "") {
  return h("div", {class: `bj-cards ${extraClass}`.trim(), role: "group", "aria-label": label}, cards.map((c) => card(c)));
}
function totalText(total, soft) {
  if (total === null || total === undefined) return "";
  return soft ? `soft ${total}` : String(total);
}

// ---- building ----------------------------------------------------------------------------------
function build(root) {
  loadStyles(STYLESHEET);
  let countAsked = null;  // "1": show the count, "0": hide it, null: as the table is (shown by the trainer)
  try { countAsked = localStorage.getItem(COUNT_KEY); } catch { /* private mode: not kept */ }
  const st = {root, ctx: null, view: null, amount: null, countAsked, resultsKey: null};
  st.head = h("div", {class: "bj-head"});
  st.dealer = h("section", {class: "bj-dealer", "aria-label": "The dealer"});
  st.prompt = h("p", {class: "bj-prompt", "aria-live": "polite"});
  st.spots = h("section", {class: "bj-spots", "aria-label": "The players"});
  st.felt = h("div", {class: "bj-felt"}, [st.dealer, st.prompt, st.spots]);

  // the controls: the bet form and the action buttons
  st.amountInput = h("input", {type: "number", id: "bj-bet-amount", class: "bj-amount", inputmode: "numeric", step: 1});
  st.amountInput.addEventListener("input", () => {
    const n = Number(st.amountInput.value);
    if (Number.isInteger(n)) st.amount = n;
    drawBetButton(st);
  });
  st.chipButtons = h("div", {class: "bj-chip-buttons", role: "group", "aria-label": "Bet amounts"});
  st.betButton = h("button", {class: "btn primary bj-bet-btn", type: "submit", "data-action": "bet", "data-focus": "bet"});
  st.betForm = h("form", {class: "bj-bet-form", "aria-label": "Your bet"}, [
    h("label", {for: "bj-bet-amount", class: "bj-amount-label"}, "Bet"),
    st.amountInput, st.chipButtons, st.betButton,
  ]);
  st.betForm.addEventListener("submit", (event) => { event.preventDefault(); placeBet(st); });
  st.actions = h("div", {class: "bj-actions", role: "group", "aria-label": "Actions"});
  st.say = h("p", {class: "bj-say", role: "status"});
  st.controls = h("section", {class: "bj-controls", "aria-label": "Your move"}, [st.betForm, st.actions, st.say]);

  st.results = h("section", {class: "bj-results", "aria-labelledby": "bj-results-title"});
  st.history = h("section", {class: "bj-history", "aria-labelledby": "bj-history-title"});
  st.shoe = h("section", {class: "bj-shoe", "aria-label": "The shoe"});
  st.keys = h("p", {class: "bj-keys"}, [
    "Keys: ", h("kbd", {}, "H"), " hit · ", h("kbd", {}, "S"), " stand · ", h("kbd", {}, "D"), " double · ",
    h("kbd", {}, "P"), " split · ", h("kbd", {}, "R"), " surrender · ", h("kbd", {}, "I"), " / ", h("kbd", {}, "N"),
    " insurance or not · ", h("kbd", {}, "B"), " place the bet",
  ]);
  st.trainer = h("section", {class: "bj-trainer", "aria-labelledby": "bj-trainer-title", hidden: true});
  st.side = h("div", {class: "bj-side"}, [st.trainer, st.results, st.shoe, st.history]);
  st.main = h("div", {class: "bj"}, [st.head, st.felt, st.controls, st.side, st.keys]);
  root.replaceChildren(st.main);
  st.onKey = (event) => onKey(st, event);
  document.addEventListener("keydown", st.onKey);
  return st;
}

// ---- acting ------------------------------------------------------------------------------------
const can = (st, move) => st.ctx.legal.includes(move);
function play(st, move) {
  say(st, "");
  st.ctx.play(move);
}
/** The bets the rules and the chips allow now, from the legal moves: [least, most], or null. */
function betRange(st) {
  const amounts = st.ctx.legal.filter((m) => m.startsWith("bet ")).map((m) => Number(m.slice(4)));
  if (!amounts.length) return null;
  return [Math.min(...amounts), Math.max(...amounts)];
}
function placeBet(st) {
  const range = betRange(st);
  if (!range) return;
  const n = Number(st.amountInput.value);
  if (!Number.isInteger(n) || n < range[0] || n > range[1]) {
    say(st, `A bet is a whole number of chips from ${range[0]} to ${range[1]}.`);
    st.amountInput.focus();
    return;
  }
  st.amount = n;
  play(st, `bet ${n}`);
}

function onKey(st, event) {
  if (!keyForView(st, "_bj", event)) return;
  if (!st.ctx || !st.ctx.legal.length) return;
  const k = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (k === "b" && betRange(st)) { event.preventDefault(); placeBet(st); return; }
  const action = ACTIONS.find((a) => a.key === k);
  if (action && can(st, action.move)) { event.preventDefault(); play(st, action.move); }
}

// ---- drawing each part -------------------------------------------------------------------------------
function rulesChips(r) {
  const out = [];
  out.push({manual: "Dealer's card face down", peek: "Dealer peeks for blackjack", "no-peek": "No peek",
    "no-hole-card": "No hole card"}[r.deal] || r.deal);
  out.push(r.blackjack === "none" ? "Blackjack is just 21" : `Blackjack pays ${r.blackjack}`);
  if (r.double !== "none") out.push(r.double === "any" ? "Double on any two cards" : `Double on ${r.double}`);
  if (r.split_hands > 1) out.push(`Split to ${r.split_hands} hands`);
  if (r.surrender !== "none") out.push("Surrender");
  if (r.insurance) out.push("Insurance");
  out.push(`Dealer ${r.soft17 === "hit" ? "hits" : "stands on"} soft 17`);
  out.push(r.decks === 0 ? "Infinite deck" : plural(r.decks, "deck", "decks"));
  out.push(`Bets ${r.min_bet}\u2013${r.max_bet}`);
  return out;
}

function drawHead(st, v) {
  const title = v.over ? `Game over after ${plural(v.nets.length ? v.nets[0].length : 0, "round", "rounds")}`
    : `Round ${v.round} of ${v.rounds}`;
  st.head.replaceChildren(
    h("h3", {class: "bj-round"}, title),
    h("div", {class: "bj-rules", "aria-label": "House rules"}, rulesChips(v.rules).map((t) => h("span", {class: "chip"}, t))),
  );
}

function dealerLabel(v) {
  const d = v.dealer;
  if (!d.cards.length) return v.phase === "bet" ? "Waiting for the bets" : "No cards yet";
  if (d.total === null) return "No card showing";
  if (d.hidden) {
    const up = d.cards.filter((c) => c !== null);
    if (up.length === 1 && up[0][0] === "A") return "Shows an ace";
    return `Shows ${totalText(d.total, d.soft)}`;
  }
  if (d.total > 21) return `${d.total}: bust`;
  if (d.cards.length === 2 && d.total === 21 && v.rules.blackjack !== "none") return "Blackjack";
  return `Total ${totalText(d.total, d.soft)}`;
}

function drawDealer(st, v) {
  const d = v.dealer;
  const label = dealerLabel(v);
  const words = d.cards.map((c) => (c === null ? "a face-down card" : cardWords(c))).join(", ");
  st.dealer.replaceChildren(
    h("div", {class: "bj-seat-head"}, [
      h("strong", {class: "bj-name"}, "Dealer"),
      h("span", {class: "bj-total bj-dealer-total", "aria-label": `Dealer: ${label}`}, label),
    ]),
    d.cards.length ? cardRow(d.cards, `Dealer's cards: ${words}`, "bj-dealer-cards")
      : h("div", {class: "bj-cards bj-empty"}, h("span", {class: "bj-slot"}, "")),
  );
  st.dealer.dataset.hidden = d.hidden ? "true" : "false";
  st.dealer.hidden = v.over;
}

function handMarks(hand) {
  const marks = [];
  if (hand.blackjack) marks.push(["blackjack", "Blackjack"]);
  if (hand.bust) marks.push(["bust", "Bust"]);
  if (hand.surrendered) marks.push(["surrendered", "Surrendered"]);
  if (hand.doubled) marks.push(["doubled", "Doubled"]);
  if (hand.split) marks.push(["split", "Split"]);
  if (hand.current) marks.push(["current", "Playing"]);
  else if (hand.done && !hand.bust && !hand.surrendered && !hand.blackjack) marks.push(["done", "Stands"]);
  return marks;
}

function drawHand(player, hand, i, several) {
  const marks = handMarks(hand);
  const total = totalText(hand.total, hand.soft);
  const title = several ? `Hand ${i + 1}` : "Hand";
  const words = hand.cards.map(cardWords).join(", ");
  return h("div", {class: `bj-hand${hand.current ? " current" : ""}${hand.bust ? " bust" : ""}`, "data-hand": i,
    "aria-current": hand.current ? "true" : null}, [
    h("div", {class: "bj-hand-head"}, [
      hand.current ? h("span", {class: "bj-turn", "aria-hidden": "true"}, "\u25B6") : null,
      h("span", {class: "bj-hand-title"}, title),
      total ? h("span", {class: "bj-total"}, total) : null,
      h("span", {class: "bj-hand-bet"}, `bet ${hand.bet}`),
    ]),
    cardRow(hand.cards, `${title}: ${words}${total ? `, ${total}` : ""}`),
    marks.length ? h("div", {class: "bj-marks"}, marks.map(([k, t]) => h("span", {class: `bj-mark bj-${k}`}, t))) : null,
  ]);
}

function drawSpots(st, v) {
  const ctx = st.ctx;
  const toAct = new Set(v.to_act);
  st.spots.replaceChildren(...v.players.map((p, seat) => {
    const me = isMe(ctx, seat) || (ctx.seat === seat && ctx.held && ctx.held.includes(seat));
    const acting = toAct.has(seat) && !v.over;
    let status = null;
    if (p.out) status = h("span", {class: "bj-status bj-out"}, "Out of chips");
    else if (acting && v.phase === "bet") status = h("span", {class: "bj-status bj-acting"}, [icon("wait"), "Betting"]);
    else if (acting && v.phase === "insurance") status = h("span", {class: "bj-status bj-acting"}, [icon("wait"), "Insurance?"]);
    else if (acting) status = h("span", {class: "bj-status bj-acting"}, [icon("play"), "To play"]);
    const several = p.hands.length > 1;
    const facts = [
      h("span", {class: "bj-fact"}, ["Chips ", h("strong", {class: "bj-balance"}, p.balance_text)]),
      p.bet !== null && p.bet !== undefined
        ? h("span", {class: "bj-fact"}, ["Bet ", h("strong", {class: "bj-bet"}, String(p.bet))]) : null,
      p.insurance ? h("span", {class: "bj-fact"}, ["Insured ", h("strong", {class: "bj-insured"}, chips(p.insurance))]) : null,
    ];
    return h("article", {class: `bj-spot${acting ? " acting" : ""}${me ? " me" : ""}`, "data-seat": seat,
      "aria-label": `${nameOf(ctx, seat)}'s spot`}, [
      h("div", {class: "bj-seat-head"}, [
        h("strong", {class: "bj-name"}, nameOf(ctx, seat)),
        me ? h("span", {class: "bj-you-tag"}, "(you)") : null,
        status,
      ]),
      h("div", {class: "bj-facts"}, facts),
      p.hands.length ? h("div", {class: "bj-hands"}, p.hands.map((hand, i) => drawHand(p, hand, i, several)))
        : h("p", {class: "bj-no-hand"}, v.phase === "bet" && !p.out ? (p.bet ? "Bet placed" : "No bet yet") : ""),
    ]);
  }));
}

function promptText(st, v) {
  const ctx = st.ctx;
  const mine = ctx.legal.length > 0;
  if (v.over) return "The game is over: the chips are counted below.";
  if (v.phase === "bet") return mine ? "Place your bet, then the cards are dealt." : "Waiting for the bets.";
  if (v.phase === "insurance") {
    return mine ? "The dealer shows an ace. Insurance costs half your bet and pays 2 to 1 if the dealer has blackjack."
      : "The dealer shows an ace: insurance is offered.";
  }
  if (v.phase === "play" && v.current) {
    const [seat, i] = v.current;
    const p = v.players[seat];
    const hand = p.hands[i];
    const which = p.hands.length > 1 ? ` (hand ${i + 1})` : "";
    const total = hand ? totalText(hand.total, hand.soft) : "";
    if (mine) return `Your turn${which}: you have ${total}. Hit or stand?`;
    return `${nameOf(ctx, seat)} is playing${which}.`;
  }
  if (v.phase === "dealer") return "The dealer turns the hole card and draws.";
  if (v.phase === "deal") return "Dealing\u2026";
  return "";
}

function drawBetButton(st) {
  const n = Number(st.amountInput.value);
  st.betButton.replaceChildren(Number.isInteger(n) && n > 0 ? `Bet ${n} and deal` : "Bet and deal");
  for (const b of st.chipButtons.querySelectorAll("button")) b.setAttribute("aria-pressed", String(Number(b.dataset.amount) === n));
}

function drawControls(st, v) {
  const ctx = st.ctx;
  const range = betRange(st);
  st.betForm.hidden = !range;
  if (range) {
    const [lo, hi] = range;
    st.amountInput.min = lo;
    st.amountInput.max = hi;
    let amount = st.amount ?? lo;
    amount = Math.min(Math.max(amount, lo), hi);
    if (document.activeElement !== st.amountInput || !st.amountInput.value) st.amountInput.value = String(amount);
    const values = CHIP_VALUES.filter((c) => c >= lo && c <= hi);
    if (!values.includes(hi)) values.push(hi);
    st.chipButtons.replaceChildren(...values.map((c) => {
      const b = h("button", {class: "bj-chip", type: "button", "data-amount": c, "aria-label": c === hi && !CHIP_VALUES.includes(c)
        ? `Bet the most: max ${c}` : `Bet ${c}`}, c === hi && !CHIP_VALUES.includes(c) ? `Max ${c}` : String(c));
      b.addEventListener("click", () => { st.amount = c; st.amountInput.value = String(c); drawBetButton(st); });
      return b;
    }));
    drawBetButton(st);
  }
  const buttons = ACTIONS.filter((a) => can(st, a.move)).map((a) => {
    const b = h("button", {class: `btn bj-action${a.move === "hit" || a.move === "insurance" ? " primary" : ""}`, type: "button",
      "data-action": a.move, "data-focus": a.move, title: `${a.label}: ${a.hint} (key ${a.key.toUpperCase()})`,
      "aria-keyshortcuts": a.key.toUpperCase()}, [a.label, " ", h("kbd", {"aria-hidden": "true", "data-key": a.key.toUpperCase()})]);
    b.addEventListener("click", () => play(st, a.move));
    return b;
  });
  st.actions.replaceChildren(...buttons);
  st.actions.hidden = !buttons.length;
  st.controls.hidden = !ctx.legal.length;
  st.keys.hidden = !ctx.legal.length;
  if (!ctx.legal.length) say(st, "");
}

function drawResults(st, v) {
  const last = v.last_round;
  if (!last) { st.results.hidden = true; st.results.replaceChildren(); return; }
  st.results.hidden = false;
  const ctx = st.ctx;
  const dTotal = last.dealer_total;
  const dealerText = dTotal > 21 ? `${dTotal}, bust` : String(dTotal);
  const rows = last.hands.map((hands, seat) => {
    if (!hands.length) return null;
    const net = last.net[seat];
    return h("div", {class: "bj-result-seat", "data-seat": seat}, [
      h("div", {class: "bj-result-head"}, [
        h("strong", {}, nameOf(ctx, seat)),
        h("span", {class: `bj-net ${tone(net)}`, "data-net": net}, `${signed(net)} chips`),
      ]),
      h("ul", {class: "bj-result-hands"}, hands.map((r, i) => h("li", {class: "bj-result-hand", "data-outcome": r.outcome}, [
        cardRow(r.cards, `${hands.length > 1 ? `Hand ${i + 1}` : "Hand"}: ${r.cards.map(cardWords).join(", ")}`, "bj-mini"),
        h("span", {class: `bj-outcome bj-${r.outcome}`}, OUTCOMES[r.outcome] || r.outcome),
        h("span", {class: `bj-hand-net ${tone(r.net)}`}, `${signed(r.net)} (bet ${r.bet})`),
      ]))),
      last.insurance[seat] ? h("p", {class: "bj-insurance-result"},
        `Insurance: ${signed(last.insurance[seat])}`) : null,
    ]);
  });
  st.results.replaceChildren(
    h("h3", {id: "bj-results-title"}, `Round ${last.number}: results`),
    h("div", {class: "bj-result-dealer"}, [
      h("span", {}, ["Dealer ", h("strong", {}, dealerText)]),
      cardRow(last.dealer, `Dealer's cards: ${last.dealer.map(cardWords).join(", ")}`, "bj-mini"),
    ]),
    ...rows,
  );
}

function drawHistory(st, v) {
  const rounds = v.nets.length ? v.nets[0].length : 0;
  if (!rounds) { st.history.hidden = true; st.history.replaceChildren(); return; }
  st.history.hidden = false;
  const ctx = st.ctx;
  const seats = v.players.map((_, s) => s);
  const running = seats.map(() => v.rules.bankroll);
  const body = [];
  body.push(h("tr", {class: "bj-start-row"}, [h("th", {scope: "row"}, "Start"),
    ...seats.map((s) => h("td", {}, chips(running[s])))]));
  for (let r = 0; r < rounds; r++) {
    body.push(h("tr", {"data-round": r + 1}, [h("th", {scope: "row"}, `Round ${r + 1}`), ...seats.map((s) => {
      const net = v.nets[s][r];
      running[s] += net;
      return h("td", {}, [h("span", {class: "bj-chips-after"}, chips(running[s])), " ",
        h("span", {class: `bj-net ${tone(net)}`}, `(${signed(net)})`)]);
    })]));
  }
  st.history.replaceChildren(
    h("h3", {id: "bj-history-title"}, "Chips after each round"),
    h("div", {class: "bj-table-wrap"}, h("table", {class: "bj-history-table"}, [
      h("thead", {}, h("tr", {}, [h("th", {scope: "col"}, "Round"), ...seats.map((s) => h("th", {scope: "col"}, nameOf(ctx, s)))])),
      h("tbody", {}, body),
    ])),
  );
}

function drawShoe(st, v) {
  const s = v.shoe;
  const parts = [];
  if (s.decks === 0) {
    parts.push(h("p", {}, "An infinite deck: every card is as likely as in a fresh pack, every time."));
  } else {
    parts.push(h("p", {class: "bj-shoe-facts"}, [
      h("span", {}, [h("strong", {class: "bj-remaining"}, String(s.remaining)), ` cards left of ${s.decks * 52}`]),
      h("span", {}, `${plural(s.dealt, "card", "cards")} dealt since the shuffle`),
      h("span", {}, `shuffled ${plural(s.shuffles, "time", "times")}`),
    ]));
    // The count is shown at a trainer table, elsewhere only when asked for (the choice kept on this device).
    const showCount = st.countAsked === null ? !!v.trainer : st.countAsked === "1";
    const toggle = h("button", {class: "btn quiet small-btn bj-count-toggle", type: "button", "aria-pressed": String(showCount)},
      showCount ? "Hide the count" : "Show the count");
    toggle.addEventListener("click", () => {
      st.countAsked = showCount ? "0" : "1";
      try { localStorage.setItem(COUNT_KEY, st.countAsked); } catch { /* not kept */ }
      drawShoe(st, st.view);
      const again = st.shoe.querySelector(".bj-count-toggle");
      if (again) again.focus();
    });
    const fmt = (x) => (x > 0 ? `+${x}` : x < 0 ? `\u2212${-x}` : "0");
    const values = showCount ? h("span", {class: "bj-count-values"}, [
      "Hi-Lo running count ", h("strong", {class: "bj-running"}, fmt(s.running_count)),
      ", true count ", h("strong", {class: "bj-true"}, s.true_count === null ? "\u2014" : fmt(s.true_count)),
    ]) : h("span", {class: "muted"}, "The count is hidden.");
    // once the game is over there is nothing to toggle: the count stays as it was shown, or goes
    if (!v.over) parts.push(h("p", {class: "bj-count"}, [values, " ", toggle]));
    else if (showCount) parts.push(h("p", {class: "bj-count"}, values));
  }
  st.shoe.replaceChildren(h("h3", {}, "The shoe"), ...parts);
}

// ---- every update ------------------------------------------------------------------------------------
// ---- the trainer: each play judged against the best one ---------------------------------------
function drawTrainer(st, v) {
  const t = v.trainer;
  st.trainer.hidden = !t;
  if (!t) return;
  const ctx = st.ctx;
  const rows = t.scores.map((score, seat) => h("li", {"data-seat": seat}, [
    h("strong", {}, nameOf(ctx, seat)), ": ",
    score.judged ? `${score.best} of ${score.judged} plays the best (${score.percent}%)` : "no plays judged yet"]));
  const last = t.last;
  let note = null;
  if (last) {
    const who = isMe(ctx, last.seat) ? "You" : nameOf(ctx, last.seat);
    const value = (x) => `${x >= 0 ? "+" : "\u2212"}${Math.abs(x).toFixed(3)}`;
    note = last.correct
      ? h("p", {class: "bj-trainer-note good"}, [h("strong", {}, "\u2713 Best play. "),
        `${who} chose ${last.played} (expected return ${value(last.played_value)} a chip).`])
      : h("p", {class: "bj-trainer-note flagged", role: "status"}, [h("strong", {}, "\u2717 Not the best play. "),
        `${who} chose ${last.played} (${value(last.played_value)} a chip); ${last.best} was better ` +
        `(${value(last.best_value)}, ${(last.best_value - last.played_value).toFixed(3)} more).`]);
  }
  st.trainer.replaceChildren(...[h("h3", {id: "bj-trainer-title"}, "Trainer"), note,
    h("ul", {class: "bj-trainer-scores"}, rows)].filter(Boolean));
}

function draw(st) {
  const v = st.view;
  const active = document.activeElement;
  const focusKey = active && st.root.contains(active) ? active.dataset.focus : null;
  const focusWasHere = active && active !== document.body && st.root.contains(active) && active !== st.amountInput;

  st.main.dataset.phase = v.phase;
  drawHead(st, v);
  drawDealer(st, v);
  st.prompt.textContent = promptText(st, v);
  drawSpots(st, v);
  drawControls(st, v);
  drawTrainer(st, v);
  drawResults(st, v);
  drawShoe(st, v);
  drawHistory(st, v);

  if (focusWasHere && !st.root.contains(document.activeElement)) {
    let next = focusKey ? [...st.root.querySelectorAll("[data-focus]")].find((el) => el.dataset.focus === focusKey) : null;
    if (!next || next.closest("[hidden]")) next = st.root.querySelector(".bj-controls:not([hidden]) button:not([hidden])");
    if (next && !next.closest("[hidden]")) next.focus({preventScroll: true});
  }
}

export function render(root, ctx) {
  renderView(root, ctx, {game: "blackjack", key: "_bj", waiting: "Waiting for the cards\u2026", build, draw});
}
