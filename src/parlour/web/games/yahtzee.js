// Yahtzee: the manual's screen.  Five dice to roll and keep (click a die or its Keep box), a Roll
// button, and the score card with the upper section on the left and the lower on the right, each box
// a button showing what the dice would score there (the point preview), the subtotal box with the
// pace towards the 63 bonus (colour-coded when the rule is on, always with the text), the Yahtzee
// bonus chips and the totals; every player's total, and any player's card on request.
// The view-module contract is described at the top of /static/js/generic.js.

import {die, h, icon, svg} from "/static/js/svg.js";

const DICE = 5;
const ROLLS = 3;
const UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"];
const FACE_WORD = ["", "1s", "2s", "3s", "4s", "5s", "6s"];
// What each lower box needs and pays, as the printed pad says it.
const LOWER_NOTE = {
  "3kind": "3 alike · sum of dice", "4kind": "4 alike · sum of dice", house: "3 + 2 alike · 25",
  small: "4 in a row · 30", large: "5 in a row · 40", yahtzee: "5 alike · 50", chance: "any dice · sum",
};
const MINUS = "\u2212";

const signedText = (text) => String(text).replace(/^-/, MINUS);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const isField = (el) => el && el.closest && el.closest("input, textarea, select, [contenteditable=''], [contenteditable=true]");

function nameOf(ctx, seat) {
  return (ctx.names && ctx.names[seat]) || `Player ${seat + 1}`;
}
function isMe(ctx, seat) {
  return Array.isArray(ctx.held) && ctx.held.length === 1 && ctx.held[0] === seat;
}
function whoLabel(ctx, seat) {
  return isMe(ctx, seat) ? "You" : nameOf(ctx, seat);
}

/** The multiset `sub` taken away from `all` (both arrays of die values); null if it is not inside. */
function without(all, sub) {
  const rest = [...all];
  for (const v of sub) {
    const i = rest.indexOf(v);
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

// ---- building the DOM once ------------------------------------------------------
function pipFace(value, size = 22) {
  // A small die face for the upper boxes' labels (decoration: the text beside it says the number).
  const g = die(1, 1, size - 4, value, "mini");
  return svg("svg", {class: "yz-face", viewBox: `0 0 ${size + 1} ${size + 2}`, "aria-hidden": "true", focusable: "false"}, [g]);
}

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
      h("span", {class: "yz-name"}, [b.title,
        h("span", {class: "yz-note"}, upper ? `count the ${FACE_WORD[face]}` : LOWER_NOTE[b.box] || "")]),
    ]),
    pace, points,
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
function canHold(st) {
  const v = st.view;
  return st.ctx.legal.length > 0 && v.rolls >= 1 && v.rolls_left > 0 && !v.rolling && st.slots.length === DICE;
}

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

function rollMove(st) {
  if (!st.held.size) return "roll";
  if (st.held.size >= DICE) return null;
  const values = [...st.held].map((i) => st.slots[i]).sort((a, b) => b - a);
  return `keep ${values.join(" ")}`;
}

function roll(st) {
  const move = rollMove(st);
  if (move && st.ctx.legal.includes(move)) {
    st.ctx.play(move);
  } else if (st.held.size >= DICE) {
    say(st, "All five dice are kept: release one to roll it, or score a box.");
  }
}

function blockedReason(st, card, box) {
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

function scoreBox(st, box) {
  const move = `score ${box}`;
  if (st.ctx.legal.includes(move) && st.shown === st.view.current) {
    st.ctx.play(move);
    return;
  }
  const card = st.view.cards[st.shown];
  say(st, blockedReason(st, card, box) || "That box cannot be scored now.");
}

function say(st, text) {
  st.say.textContent = text;
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

// ---- the dice on the table ----------------------------------------------------------
/** Place the server's sorted dice in the five slots, keeping the kept dice where they were. */
function placeDice(st, view) {
  const turnKey = `${st.ctx.state ? st.ctx.state.game_no : 0}|${view.current}|${view.turn}|${view.over}`;
  const rollKey = `${turnKey}|${view.rolls}|${view.dice.join("")}`;
  st.rolled = new Set();
  if (turnKey !== st.turnKey) {
    st.turnKey = turnKey;
    st.held.clear();
    st.slots = [];
    st.lastRolls = 0;
  }
  if (rollKey === st.rollKey) return;
  const firstSight = st.rollKey === null;
  st.rollKey = rollKey;
  const dice = view.dice;
  if (dice.length !== DICE) {
    st.slots = [];
    st.held.clear();
    st.lastRolls = view.rolls;
    return;
  }
  let kept = null;
  if (st.slots.length === DICE && view.rolls === st.lastRolls + 1) kept = view.kept || null;
  const fresh = kept !== null ? without(dice, kept) : null;
  if (fresh === null) {
    // a new turn's first roll, a reload, or the log does not say: lowest first
    st.slots = [...dice];
    st.held.clear();
    if (!firstSight) for (let i = 0; i < DICE; i++) st.rolled.add(i);
  } else {
    // kept dice stay put: the slots already held first, then others showing those values
    const slots = new Array(DICE).fill(null);
    const keep = new Set();
    const want = [...kept];
    const claim = (i) => {
      const at = want.indexOf(st.slots[i]);
      if (at >= 0 && !keep.has(i)) { want.splice(at, 1); keep.add(i); slots[i] = st.slots[i]; }
    };
    [...st.held].sort((a, b) => a - b).forEach(claim);
    for (let i = 0; i < DICE; i++) claim(i);
    const rest = [...fresh].sort((a, b) => a - b);
    for (let i = 0; i < DICE; i++) {
      if (!keep.has(i)) { slots[i] = rest.shift(); st.rolled.add(i); }
    }
    st.slots = slots;
    st.held = keep;
  }
  st.lastRolls = view.rolls;
}

function drawDice(st, view) {
  const mine = st.ctx.legal.length > 0;
  const holdable = canHold(st);
  const owner = view.current;
  const air = view.rolling > 0;
  st.dice.forEach((d, i) => {
    const value = st.slots.length === DICE ? st.slots[i] : 0;
    const held = st.held.has(i);
    const inAir = air && !held;
    const shownKey = `${value}|${inAir}`;
    if (d.shown !== shownKey || st.rolled.has(i)) {
      d.shown = shownKey;
      const g = die(0, 0, 64, inAir ? 0 : value, inAir ? "air" : st.rolled.has(i) ? "rolling" : "");
      g.querySelector("title")?.remove();
      if (!value) g.classList.add("ghost");
      d.art.replaceChildren(g);
    }
    d.slot.dataset.value = value ? String(value) : "";
    d.slot.classList.toggle("held", held);
    d.slot.classList.toggle("holdable", holdable);
    d.slot.classList.toggle("blank", !value);
    d.button.setAttribute("aria-pressed", held ? "true" : "false");
    d.button.setAttribute("aria-disabled", holdable ? "false" : "true");
    const what = value ? `showing ${value}` : "not rolled yet";
    d.button.setAttribute("aria-label", `Die ${i + 1}, ${what}${held ? ", kept" : ""}`);
    d.button.title = holdable ? (held ? "Kept: click to roll it again" : "Click to keep this die") :
      value ? `${whoLabel(st.ctx, owner)}: ${value}${held ? " (kept)" : ""}` : "";
    d.box.checked = held;
    d.box.disabled = !holdable;
    d.box.setAttribute("aria-label", `Keep die ${i + 1}${value ? ` (${value})` : ""}`);
    d.label.classList.toggle("on", held);
  });
  st.felt.classList.toggle("idle", st.slots.length !== DICE);
  st.felt.classList.toggle("mine", mine);
  st.feltNote.textContent = st.slots.length === DICE ? "" :
    view.over ? "" : mine ? "Roll to start your turn" : `${nameOf(st.ctx, owner)} rolls next`;
}

// ---- the score card --------------------------------------------------------------------
function drawCard(st, view, seat) {
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
    } else if (preview !== null) {
      box.points.append(h("span", {class: "yz-preview"}, String(preview)));
      label = playable ? `Score ${b.title}: ${plural(preview, "point", "points")}` : `${b.title}: would score ${preview}`;
    } else {
      box.points.append(h("span", {class: "yz-empty", "aria-hidden": "true"}, playable ? "score" : ""));
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
    el.setAttribute("aria-label", blocked && reason ? `${label}. ${reason}` : label);
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

// ---- players and every card -----------------------------------------------------------------
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
        nameOf(ctx, seat), isMe(ctx, seat) ? h("span", {class: "yz-you"}, " (you)") : null]),
      h("span", {class: "yz-player-total"}, String(card.total)),
      h("span", {class: "yz-player-sub"}, current ? "to play" : won ? "winner" :
        `${card.filled}/${view.turns}${card.total === best && view.players > 1 && best > 0 ? " · leads" : ""}`),
    ]);
    button.setAttribute("aria-label", `${nameOf(ctx, seat)}: ${card.total} points, ${card.filled} of ${view.turns} boxes` +
      `${current ? ", to play" : ""}${won ? ", winner" : ""}. Show this card.`);
    button.addEventListener("click", () => { st.pick = seat; st.pickTurn = st.turnKey; update(st); });
    bar.append(button);
  });
  bar.hidden = view.players < 2;
}

function drawAll(st, view) {
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

// ---- every update ------------------------------------------------------------------------
function statusText(st, view) {
  const ctx = st.ctx;
  if (view.over) {
    const best = Math.max(...view.totals);
    return view.players > 1 ? `Game over. Final totals: ${view.cards.map((c, s) => `${nameOf(ctx, s)} ${c.total}`).join(", ")}.`
      : `Game over: ${best} points.`;
  }
  const who = whoLabel(ctx, view.current);
  const mine = ctx.legal.length > 0;
  const turn = `turn ${view.turn} of ${view.turns}`;
  let text;
  if (mine) {
    if (view.rolls === 0) text = `Your ${turn}: roll the dice.`;
    else if (view.rolls_left > 0) text = "Keep dice by tapping them (or their Keep boxes), then roll again — or score a box now.";
    else text = "No rolls left: choose a box on your score card.";
  } else if (view.rolls === 0) {
    text = `${who} ${who === "You" ? "roll" : "rolls"} next (${turn}).`;
  } else {
    text = `${who} rolled ${view.dice.join(" ")} (roll ${view.rolls} of ${ROLLS}, ${turn}).`;
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

function isShown(el) {
  if (!el || !el.isConnected || el.closest("[hidden]")) return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

function draw(st) {
  const ctx = st.ctx;
  const view = ctx.view;
  st.view = view;
  const mine = ctx.legal.length > 0;
  placeDice(st, view);

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
