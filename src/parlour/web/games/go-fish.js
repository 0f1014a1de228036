// Go Fish: the other players around the table (their cards face down, counted, their books, the cards
// everyone knows they hold), the stock, the last turn told in words with a "Go fish!", a lucky draw or
// a new book highlighted, and your hand grouped by rank.  To ask, choose a rank in your hand and a
// player (either first): the players you may ask and the ranks you hold are the only choices offered.
// At the end, each player's books and the winners.
// The view-module contract is described at the top of /static/js/generic.js.  Everything drawn here
// comes from ctx.view, which the server has already cut down to what this seat may know.
// This module holds the asking: the other players as targets, the ask bar, your hand by rank, the keys.
// Beside it, in games/go-fish/: the ranks in words and the cards drawn, the stock and the story of the
// turns, the heading and the final result.

import {cardWords} from "/static/js/cards.js";
import {h, icon} from "/static/js/svg.js";
import {arrowAlong, fill, focusAfter, focusBefore, isMe, keyForView, loadStyles, nameOf,
  notYourTurn, plural, renderView, say, whose} from "/static/js/view.js";
import {NUMBER, PLURAL, RANKS, RANK_OF_PLURAL, backsFan, booksRow, cardFace, chipList, singular} from "./go-fish/cards.js";
import {drawFinal, drawHead} from "./go-fish/scores.js";
import {drawPond, drawStory, knownCards, turns} from "./go-fish/story.js";

const STYLESHEET = "/static/games/go-fish.css";
const DEALING = "The cards are being dealt.";  // why nobody may act yet (notYourTurn)
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// ---- building ---------------------------------------------------------------------------------------
function build(root) {
  loadStyles(STYLESHEET);
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
  st.you = h("section", {class: "gf-seat gf-you", "data-own-hand": ""});
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

function send(st, ask) {
  say(st, "");
  st.rank = null;
  st.target = null;
  st.ctx.play(ask.move);
}

function onRank(st, rank) {
  if (!st.ctx.legal.length) { say(st, notYourTurn(st, DEALING, "turn to ask")); return; }
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
  if (!st.ctx.legal.length) { say(st, notYourTurn(st, DEALING, "turn to ask")); return; }
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
  if (!keyForView(st, "_gf", event)) return;
  if (arrowAlong(event, st.you, "gf-group")) return;
  const key = event.key;
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

// ---- drawing -------------------------------------------------------------------------------------------

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
      "data-rank": g.rank, "data-focus": `rank:${g.rank}`,
      "aria-pressed": can ? (chosen ? "true" : "false") : null, "aria-disabled": can ? "false" : "true"},
    // named by the words alone (the faces and the count are for the eye): no aria-label to differ from them
    [h("span", {class: "visually-hidden"}, label), fan, count]);
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

function draw(st) {
  const v = st.view;
  const ctx = st.ctx;
  const focus = focusBefore(st.root);

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

  focusAfter(st.root, focus, ".gf-group.playable, .gf-ask-btn, .gf-group");
}

export function render(root, ctx) {
  renderView(root, ctx, {game: "go-fish", key: "_gf", waiting: "Waiting for the cards\u2026", build, draw});
}
