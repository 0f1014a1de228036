// Yahtzee: the manual's screen.  Five dice to roll and keep (click a die or its Keep box), a Roll
// button, and the score card with the upper section on the left and the lower on the right, each box
// a button showing what the dice would score there (the point preview), the subtotal box with the
// pace towards the 63 bonus (colour-coded when the rule is on, always with the text), the Yahtzee
// bonus chips and the totals; every player's total, and any player's card on request.
// The view-module contract is described at the top of /static/js/generic.js.
// This module builds the view and holds the acting (keeping dice, rolling, scoring a box, the keys),
// the players' totals and every update.  Beside it, in games/yahtzee/: the dice, the score cards.

import {h, icon, svg} from "/static/js/svg.js";
import {isField, isMe, isShown, nameOf, plural, say, who} from "/static/js/view.js";
import {FACE_WORD, LOWER_NOTE, UPPER, blockedReason, drawAll, drawCard, pipFace} from "./yahtzee/card.js";
import {DICE, ROLLS, canHold, drawDice, placeDice, rollMove, saveHeld} from "./yahtzee/dice.js";

// ---- building the DOM once ------------------------------------------------------
function buildSlot(st, i) {
  const button = h("button", {class: "yz-die", type: "button", "data-die": i + 1, "aria-pressed": "false"});
  const art = svg("svg", {viewBox: "-4 -4 72 74", "aria-hidden": "true", focusable: "false"});
  button.append(art, h("span", {class: "yz-held-tag", "aria-hidden": "true"}, "HELD"));
  const box = h("input", {type: "checkbox", class: "yz-keep-box", "data-keep": i + 1});
  const label = h("label", {class: "yz-keep"}, [box, h("span", {}, "Keep")]);
  button.addEventListener("click", () => toggle(st, i));
  box.addEventListener("change", () => toggle(st, i, box));
  const slot = h("div", {class: "yz-slot", "data-slot": i + 1}, [button, label]);
  return {slot, button, art, box, label, shown: null};
}

function buildBox(st, b) {
  const upper = UPPER.includes(b.box);
  const face = upper ? UPPER.indexOf(b.box) + 1 : 0;
  const el = h("button", {class: `yz-box ${upper ? "upper" : "lower"}`, type: "button", "data-box": b.box});
  const points = h("span", {class: "yz-points"});
  const pace = h("span", {class: "yz-pace"});
  el.append(
    h("span", {class: "yz-label"}, [
      upper ? pipFace(face) : null,
      h("span", {class: "yz-name"}, [b.title, " ",
        h("span", {class: "yz-note"}, upper ? `count the ${FACE_WORD[face]}` : LOWER_NOTE[b.box] || "")]),
    ]), " ",
    pace, " ", points,
  );
  el.addEventListener("click", () => scoreBox(st, b.box));
  return {el, points, pace, upper, face};
}

function build(root, view) {
  const st = {root, ctx: null, view: null, slots: [], held: new Set(), turnKey: null, rollKey: null,
    rolled: new Set(), pick: null, boxes: new Map(), players: view.players, refocus: false};

  st.title = h("h3", {class: "yz-title"});
  st.turnChip = h("span", {class: "chip yz-turn-chip"});
  st.ruleChips = h("span", {class: "yz-rule-chips"});
  st.seatsBar = h("div", {class: "yz-players", role: "group", "aria-label": "Players' totals: choose one to see their card"});

  // the dice
  st.dice = Array.from({length: DICE}, (_, i) => buildSlot(st, i));
  st.felt = h("div", {class: "yz-felt"}, [
    h("div", {class: "yz-dice", role: "group", "aria-label": "The dice"}, st.dice.map((d) => d.slot)),
  ]);
  st.feltNote = h("p", {class: "yz-felt-note", "aria-hidden": "true"});
  st.felt.append(st.feltNote);
  st.rollBtn = h("button", {class: "btn primary big yz-roll", type: "button", "data-action": "roll"});
  st.rollBtn.addEventListener("click", () => roll(st));
  st.clearBtn = h("button", {class: "btn quiet yz-clear", type: "button", "data-action": "release"}, "Release all");
  st.clearBtn.addEventListener("click", () => { st.held.clear(); update(st); });
  st.counter = h("span", {class: "yz-counter"});
  st.rollBar = h("div", {class: "yz-rollbar"}, [st.rollBtn, st.counter, st.clearBtn]);
  st.status = h("p", {class: "yz-status", "aria-live": "polite"});
  st.say = h("p", {class: "yz-say", role: "status"});
  st.tray = h("section", {class: "yz-tray", "aria-label": "Dice"}, [st.felt, st.rollBar, st.status, st.say]);

  // the score card: upper section on the left, lower on the right (stacked on a phone)
  st.cardTitle = h("h3", {class: "yz-card-title"});
  st.cardTotalChip = h("span", {class: "yz-card-total"});
  const first = view.cards[0].boxes;
  const upperList = h("div", {class: "yz-list"});
  const lowerList = h("div", {class: "yz-list"});
  for (const b of first) {
    const box = buildBox(st, b);
    st.boxes.set(b.box, box);
    (box.upper ? upperList : lowerList).append(box.el);
  }
  st.sub = {
    subtotal: h("span", {class: "yz-val"}), bonus: h("span", {class: "yz-val"}),
    bonusNote: h("span", {class: "yz-sum-note"}), pace: h("span", {class: "yz-val yz-pace-val"}),
    paceNote: h("span", {class: "yz-sum-note"}), upperTotal: h("span", {class: "yz-val"}),
    chips: h("span", {class: "yz-chips"}), chipsVal: h("span", {class: "yz-val"}),
    lower: h("span", {class: "yz-val"}), grand: h("strong", {class: "yz-grand-val"}),
    grandSum: h("span", {class: "yz-grand-sum"}),
  };
  const sumRow = (cls, label, note, value) => h("div", {class: `yz-sum ${cls}`}, [
    h("span", {class: "yz-sum-label"}, [label, note]), value]);
  st.paceRow = sumRow("yz-pace-row", "Pace for the bonus", st.sub.paceNote, st.sub.pace);
  st.upperSec = h("section", {class: "yz-section yz-upper", "aria-label": "Upper section"}, [
    h("h4", {}, "Upper section"),
    upperList,
    h("div", {class: "yz-subtotal-box"}, [
      sumRow("yz-subtotal-row", "Subtotal", null, st.sub.subtotal),
      sumRow("yz-bonus-row", "Bonus", st.sub.bonusNote, st.sub.bonus),
      st.paceRow,
      sumRow("yz-upper-total-row", "Upper total", null, st.sub.upperTotal),
    ]),
  ]);
  st.lowerSec = h("section", {class: "yz-section yz-lower", "aria-label": "Lower section"}, [
    h("h4", {}, "Lower section"),
    lowerList,
    h("div", {class: "yz-subtotal-box"}, [
      sumRow("yz-chips-row", "Yahtzee bonus", st.sub.chips, st.sub.chipsVal),
      sumRow("yz-lower-total-row", "Lower total", null, st.sub.lower),
    ]),
  ]);
  st.grand = h("div", {class: "yz-grand"}, [h("span", {class: "yz-grand-label"}, "Grand total"), st.sub.grandSum,
    st.sub.grand]);
  st.card = h("section", {class: "yz-card", "aria-labelledby": "yz-card-title"}, [
    h("div", {class: "yz-card-head"}, [st.cardTitle, st.cardTotalChip]),
    h("div", {class: "yz-sections"}, [st.upperSec, st.lowerSec]),
    st.grand,
  ]);
  st.cardTitle.id = "yz-card-title";

  // every card, compactly
  st.allTable = h("div", {class: "table-scroll"});
  st.all = h("details", {class: "yz-all"}, [h("summary", {}, "All score cards side by side"), st.allTable]);

  st.keys = h("p", {class: "yz-keys"}, [
    "Keys: ", h("kbd", {}, "1"), "–", h("kbd", {}, "5"), " keep or release a die · ", h("kbd", {}, "R"), " or ",
    h("kbd", {}, "Enter"), " rolls · ", h("kbd", {}, "Esc"), " releases all · ", h("kbd", {}, "S"),
    " jumps to the score card (", h("kbd", {}, "Tab"), " between boxes, ", h("kbd", {}, "Enter"), " scores)",
  ]);

  st.main = h("div", {class: "yz"}, [
    h("div", {class: "yz-head"}, [st.title, st.turnChip, st.ruleChips]),
    st.seatsBar, st.tray, st.card, st.all, st.keys,
  ]);
  root.replaceChildren(st.main);

  st.onKey = (event) => onKey(st, event);
  document.addEventListener("keydown", st.onKey);
  return st;
}

// ---- actions -----------------------------------------------------------------------
function toggle(st, i, checkbox) {
  if (!canHold(st)) {
    if (checkbox) checkbox.checked = st.held.has(i);
    const v = st.view;
    if (!st.ctx.legal.length) say(st, "It is not your turn to roll.");
    else if (v.rolls === 0) say(st, "Roll the dice first.");
    else if (v.rolls_left <= 0) say(st, "No rolls left: choose a box to score.");
    return;
  }
  if (st.held.has(i)) st.held.delete(i); else st.held.add(i);
  say(st, "");
  update(st);
}

function roll(st) {
  const move = rollMove(st);
  if (move && st.ctx.legal.includes(move)) {
    st.ctx.play(move);
  } else if (st.held.size >= DICE) {
    say(st, "All five dice are kept: release one to roll it, or score a box.");
  }
}

function scoreBox(st, box) {
  const move = `score ${box}`;
  if (st.ctx.legal.includes(move) && st.shown === st.view.current) {
    st.ctx.play(move);
    return;
  }
  const card = st.view.cards[st.shown];
  say(st, blockedReason(st, card, box) || "That box cannot be scored now.");
}

function onKey(st, event) {
  if (st.root._yz !== st || !st.root.isConnected) {
    if (st.root._yz !== st) document.removeEventListener("keydown", st.onKey);
    return;
  }
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (isField(target)) return;
  if (document.getElementById("pass-cover") && !document.getElementById("pass-cover").hidden) return;
  const key = event.key;
  if (!st.ctx || !st.ctx.legal.length) return;
  if (/^[1-5]$/.test(key)) {
    event.preventDefault();
    toggle(st, Number(key) - 1);
  } else if (key === "r" || key === "R") {
    event.preventDefault();
    roll(st);
  } else if (key === "Enter") {
    if (target && target.closest && target.closest("button, a, summary, label, [role=button]")) return;
    if (rollMove(st) && st.ctx.legal.includes(rollMove(st))) { event.preventDefault(); roll(st); }
  } else if (key === "Escape" && st.held.size) {
    st.held.clear();
    update(st);
  } else if (key === "s" || key === "S") {
    const first = [...st.boxes.values()].find((b) => b.el.classList.contains("playable"));
    if (first) { event.preventDefault(); first.el.focus(); }
  }
}

// ---- players ---------------------------------------------------------------------------------------
function drawPlayers(st, view) {
  const ctx = st.ctx;
  const bar = st.seatsBar;
  bar.replaceChildren();
  const best = Math.max(...view.totals);
  view.cards.forEach((card, seat) => {
    const current = !view.over && view.current === seat;
    const shown = st.shown === seat;
    const won = view.over && view.winners && view.winners.includes(seat);
    const button = h("button", {class: `yz-player${current ? " current" : ""}${shown ? " shown" : ""}${won ? " won" : ""}`,
      type: "button", "data-seat": seat, "aria-pressed": shown ? "true" : "false"}, [
      h("span", {class: "yz-player-name"}, [current ? icon("play", "yz-turn-icon") : won ? icon("trophy", "yz-turn-icon") : null,
        nameOf(ctx, seat), isMe(ctx, seat) ? h("span", {class: "yz-you"}, " (you)") : null]), " ",
      h("span", {class: "yz-player-total"}, String(card.total)), " ",
      h("span", {class: "yz-player-sub"}, current ? "to play" : won ? "winner" :
        `${card.filled}/${view.turns}${card.total === best && view.players > 1 && best > 0 ? " · leads" : ""}`),
    ]);
    button.setAttribute("aria-description", `${nameOf(ctx, seat)}: ${card.total} points, ${card.filled} of ${view.turns} boxes` +
      `${current ? ", to play" : ""}${won ? ", winner" : ""}. Show this card.`);
    button.addEventListener("click", () => { st.pick = seat; st.pickTurn = st.turnKey; update(st); });
    bar.append(button);
  });
  bar.hidden = view.players < 2;
}

// ---- every update ------------------------------------------------------------------------
function statusText(st, view) {
  const ctx = st.ctx;
  if (view.over) {
    const best = Math.max(...view.totals);
    return view.players > 1 ? `Game over. Final totals: ${view.cards.map((c, s) => `${nameOf(ctx, s)} ${c.total}`).join(", ")}.`
      : `Game over: ${best} points.`;
  }
  const player = who(ctx, view.current);
  const mine = ctx.legal.length > 0;
  const turn = `turn ${view.turn} of ${view.turns}`;
  let text;
  if (mine) {
    if (view.rolls === 0) text = `Your ${turn}: roll the dice.`;
    else if (view.rolls_left > 0) text = "Keep dice by tapping them (or their Keep boxes), then roll again — or score a box now.";
    else text = "No rolls left: choose a box on your score card.";
  } else if (view.rolls === 0) {
    text = `${player} ${player === "You" ? "roll" : "rolls"} next (${turn}).`;
  } else {
    text = `${player} rolled ${view.dice.join(" ")} (roll ${view.rolls} of ${ROLLS}, ${turn}).`;
  }
  if (view.yahtzee_bonus_now > 0) text += ` Extra Yahtzee! +${view.yahtzee_bonus_now} bonus when it is scored.`;
  else if (view.extra_yahtzee) text += " Extra Yahtzee (no bonus: the Yahtzee box holds 0).";
  return text;
}

function update(st) {
  const active = document.activeElement;
  const focusWasHere = active && active !== document.body && st.root.contains(active);
  draw(st);
  // The focused control may have gone (the Roll button after the last roll): go on to the card.
  const gone = focusWasHere && (!st.root.contains(document.activeElement) || !isShown(document.activeElement));
  if (gone) {
    const next = [st.rollBtn, ...[...st.boxes.values()].map((b) => b.el)]
      .find((el) => isShown(el) && !el.disabled && el.getAttribute("aria-disabled") !== "true");
    if (next) next.focus({preventScroll: true});
  }
}

function draw(st) {
  const ctx = st.ctx;
  const view = ctx.view;
  st.view = view;
  const mine = ctx.legal.length > 0;
  placeDice(st, view);
  saveHeld(st);

  // whose card is big: the one chosen, else this device's seat, else the current player's
  // a new turn to play on this device: back to the card of the seat playing
  if (mine && (st.lastMine === false || st.pickTurn !== st.turnKey)) st.pick = null;
  st.lastMine = mine;
  if (st.pick === null) st.pickTurn = st.turnKey;
  const fallback = ctx.seat !== null && ctx.seat !== undefined ? ctx.seat : (view.current ?? 0);
  st.shown = st.pick !== null && st.pick < view.players ? st.pick : fallback;

  // heading
  const cur = view.current;
  st.title.textContent = view.over ? "Final score cards" : `Turn ${view.turn} of ${view.turns}`;
  st.turnChip.textContent = view.over ? `${view.turns} turns each` :
    `${mine ? "You" : nameOf(ctx, cur)}: ${view.rolls ? `roll ${Math.min(view.rolls, ROLLS)} of ${ROLLS}` : "to roll"}`;
  st.turnChip.classList.toggle("mine", mine);
  if (view.over && !st.openedAtEnd && view.players > 1) { st.all.open = true; st.openedAtEnd = true; }
  st.ruleChips.replaceChildren(...[
    view.rules.joker === "forced" ? "Forced joker" : null,
    !view.rules.bonus_needs_fifty ? "Bonus even after a 0 Yahtzee" : null,
    view.rules.colour_code ? "Colour-coded pace" : null,
    !view.rules.preview ? "No point preview" : null,
  ].filter(Boolean).map((text) => h("span", {class: "chip"}, text)));
  drawPlayers(st, view);

  // dice and the roll button
  st.tray.hidden = view.over;
  drawDice(st, view);
  const canRoll = mine && view.rolls_left > 0;
  const move = rollMove(st);
  st.rollBtn.hidden = !canRoll;
  st.clearBtn.hidden = !canRoll || !st.held.size;
  if (canRoll) {
    const rolling = DICE - st.held.size;
    const text = view.rolls === 0 ? "Roll the dice" : !move ? "Release a die to roll" :
      st.held.size ? `Roll ${plural(rolling, "die", "dice")}` : "Roll all 5";
    st.rollBtn.replaceChildren(icon("dice"), text);
    st.rollBtn.disabled = !(move && ctx.legal.includes(move));
    st.rollBtn.dataset.move = move || "";
  }
  st.counter.replaceChildren();
  if (!view.over) {
    const left = mine || view.rolls > 0 ? view.rolls_left : ROLLS;
    const pips = h("span", {class: "yz-roll-pips", "aria-hidden": "true"});
    for (let i = 0; i < ROLLS; i++) pips.append(h("span", {class: i < ROLLS - left ? "used" : "left"}));
    st.counter.append(pips, h("span", {}, left === 0 ? "no rolls left" : `${plural(left, "roll", "rolls")} left`));
  }
  st.status.textContent = statusText(st, view);
  if (st.lastKey !== st.rollKey) say(st, "");
  st.lastKey = st.rollKey;

  drawCard(st, view, st.shown);
  drawAll(st, view);
  st.keys.hidden = !mine;
}

export function render(root, ctx) {
  const view = ctx.view;
  if (!view || !Array.isArray(view.cards) || !view.cards.length) {
    root.replaceChildren(h("p", {class: "muted"}, "Waiting for the score cards…"));
    root._yz = null;
    return;
  }
  let st = root._yz;
  if (!st || st.players !== view.players || !st.main.isConnected || st.main.parentNode !== root) {
    if (st) document.removeEventListener("keydown", st.onKey);
    st = build(root, view);
    root._yz = st;
  }
  st.ctx = ctx;
  update(st);
}
