// Dominoes (the English pub block game): the line of play laid on the table as the manual says (the
// lead double in the middle, each arm growing outward, doubles crossways, a tile played to a double
// against its middle, the matching ends touching) in a snake that turns at the table's edge; each
// player's seat (tiles left as backs, side and partner, the numbers knocked on); your hand, the tiles
// that may be played raised, outlined and tagged with the ends they fit; a tile that fits both ends
// shows both ends on the line as buttons; Knock when nothing fits; the last hand's tiles left and
// spots; the running score as pegs on a board and a score sheet.
// The view-module contract is described at the top of /static/js/generic.js.  Everything drawn here
// comes from ctx.view, which the server has already cut down to what this seat may know.
// This module holds the acting: your hand, the line of play with its end buttons, the prompt, the keys.
// Beside it, in games/dominoes/: the tiles' drawings, the line's layout, the seats, the score.

import {h, svg} from "/static/js/svg.js";
import {arrowAlong, fill, focusAfter, focusBefore, keyForView, loadStyles, nameOf,
  notYourTurn, plural, renderView, say, who} from "/static/js/view.js";
import {layoutLine} from "./dominoes/layout.js";
import {drawOthers, seatCard} from "./dominoes/seats.js";
import {drawHead, drawLastHand, drawOver, drawScore} from "./dominoes/score.js";
import {tileArt, tileArtIn, tileFace} from "./dominoes/tiles.js";

export {layoutLine};

const STYLESHEET = "/static/games/dominoes.css";
const DEALING = "The tiles are being drawn.";  // why nobody may act yet (notYourTurn)

function endsText(ends) {
  if (!ends) return "";
  return ends[0] === ends[1] ? `both ends show ${ends[0]}` : `the ends are ${ends[0]} and ${ends[1]}`;
}

// ---- building ----------------------------------------------------------------------------------
function build(root) {
  loadStyles(STYLESHEET);
  const st = {root, ctx: null, view: null, selected: null, key: null, sheetSeen: -1, lastChoice: null, width: 0};
  st.head = h("div", {class: "dm-head"});
  st.others = h("div", {class: "dm-others", role: "group", "aria-label": "The other players"});
  st.status = h("div", {class: "dm-status"});
  st.line = h("div", {class: "dm-line"});
  st.table = h("section", {class: "dm-table", "aria-label": "The table: the line of play"}, [st.status, st.line]);
  st.prompt = h("p", {class: "dm-prompt", "aria-live": "polite"});
  st.actions = h("div", {class: "dm-actions", role: "group", "aria-label": "Actions"});
  st.say = h("p", {class: "dm-say", role: "status"});
  st.you = h("section", {class: "dm-seat dm-you", "data-own-hand": ""});
  st.felt = h("div", {class: "dm-felt"}, [st.others, st.table, st.prompt, st.actions, st.say, st.you]);
  st.last = h("details", {class: "dm-lasthand"});
  st.last.addEventListener("click", (event) => {
    if (event.target.closest("summary")) st.lastChoice = !st.last.open;
  });
  st.over = h("section", {class: "dm-over"});
  st.score = h("section", {class: "dm-score", "aria-labelledby": "dm-score-title"});
  st.keys = h("p", {class: "dm-keys"}, ["Keys: ", h("kbd", {}, "\u2190"), h("kbd", {}, "\u2192"),
    " move between your tiles, ", h("kbd", {}, "Enter"), " plays one · ", h("kbd", {}, "K"), " knock · ",
    h("kbd", {}, "Esc"), " put a chosen tile back"]);
  st.main = h("div", {class: "dm"}, [st.head, st.over, st.felt, st.last, st.score, st.keys]);
  root.replaceChildren(st.main);
  st.onKey = (event) => onKey(st, event);
  document.addEventListener("keydown", st.onKey);
  if (typeof ResizeObserver === "function") {
    st.resize = new ResizeObserver(() => {
      if (!st.root.isConnected) { st.resize.disconnect(); return; }
      if (st.view && st.line.clientWidth !== st.width) drawLine(st, st.view);
    });
    st.resize.observe(st.line);
  }
  return st;
}

// ---- acting --------------------------------------------------------------------------------------
function movesFor(st, tile) {
  return st.ctx.legal.filter((m) => m.split(" ")[0] === tile);
}
function play(st, move) {
  st.selected = null;
  say(st, "");
  st.ctx.play(move);
}

function onTile(st, tile) {
  const v = st.view;
  if (!st.ctx.legal.length) { say(st, notYourTurn(st, DEALING)); return; }
  const moves = movesFor(st, tile);
  if (!moves.length) {
    if (st.ctx.legal.includes("knock")) say(st, `Nothing fits (${endsText(v.ends)}): knock.`);
    else if (!v.lead) say(st, `You must lead the double that gave you the lead, ${st.ctx.legal[0]}.`);
    else say(st, `${tile} has no ${v.ends[0]}${v.ends[0] === v.ends[1] ? "" : ` or ${v.ends[1]}`}: it does not fit.`);
    return;
  }
  if (moves.length === 1) { play(st, moves[0]); return; }
  st.selected = st.selected === tile ? null : tile;
  say(st, "");
  draw(st);
  const target = st.line.querySelector(".dm-end");
  if (st.selected && target) target.focus({preventScroll: true});
}

function onKey(st, event) {
  if (!keyForView(st, "_dm", event)) return;
  if (arrowAlong(event, st.you, "dm-tile")) return;
  const key = event.key;
  if (key === "Escape" && st.selected) {
    event.preventDefault();
    const tile = st.selected;
    st.selected = null;
    draw(st);
    const back = [...st.you.querySelectorAll(".dm-tile")].find((b) => b.dataset.tile === tile);
    if (back) back.focus({preventScroll: true});
    return;
  }
  if ((key === "k" || key === "K") && st.ctx && st.ctx.legal.length === 1 && st.ctx.legal[0] === "knock") {
    event.preventDefault();
    play(st, "knock");
  }
}

// ---- drawing each part -----------------------------------------------------------------------------
function drawStatus(st, v) {
  const parts = [];
  if (v.phase === "draw") {
    parts.push(h("span", {class: "dm-info"}, v.redraws ? `Nobody held a double: drawn again (${v.redraws})` :
      "The tiles are shuffled face down and drawn"));
  } else if (v.phase === "play") {
    if (v.ends) {
      const [l, r] = v.ends;
      parts.push(h("span", {class: "dm-info dm-ends", "aria-label": `Open ends: left ${l}, right ${r}`}, [
        "Ends ", h("strong", {class: "dm-end-n", "data-end": "left"}, `\u2190 ${l}`), " ",
        h("strong", {class: "dm-end-n", "data-end": "right"}, `${r} \u2192`)]));
    } else {
      parts.push(h("span", {class: "dm-info"}, "Waiting for the lead"));
    }
    if (v.stitched) parts.push(h("span", {class: "dm-stitched", role: "note"}, `Stitched up! Both ends show ${v.ends[0]}`));
    parts.push(h("span", {class: "dm-info dm-sleeping"}, `${plural(v.sleeping, "tile", "tiles")} sleeping`));
  }
  fill(st.status, ...parts);
}

/** The line of play, laid out to the table's width now (redrawn when the width changes). */
function drawLine(st, v) {
  const ctx = st.ctx;
  const px = st.line.clientWidth || 600;
  st.width = st.line.clientWidth;
  const unitPx = px >= 700 ? 34 : px >= 480 ? 28 : 23;
  // 4k + 4.5 squares: each row then ends with its corner right at the edge (see placeArm in dominoes/layout.js)
  const width = 4 * Math.max(2, Math.round((px / unitPx - 4.5) / 4)) + 4.5;
  const extra = {};
  if (st.selected) {
    for (const m of movesFor(st, st.selected)) {
      const [, end] = m.split(" ");
      if (end === "left" || end === "right") extra[end] = st.selected;
    }
  }
  const lay = layoutLine(v, width, extra);
  if (!v.lead) {
    fill(st.line, h("p", {class: "dm-bare"}, v.phase === "draw" ? "Shuffling\u2026" : "The table is bare: the holder of " +
      "the highest double leads it."));
    return;
  }
  const words = (t) => `${t.tile}${t.arm === "lead" ? " (the lead)" : ""}, laid by ${nameOf(ctx, t.seat)}`;
  const art = svg("svg", {class: "dm-line-svg", viewBox: `0 0 ${width} ${lay.height}`, role: "img",
    "aria-label": lineWords(v)});
  for (const t of lay.tiles) {
    const g = svg("g", {class: `dm-laid${t.double ? " double" : ""}`, "data-tile": t.tile, "data-arm": t.arm,
      "data-index": t.index}, [svg("title", {}, [words(t)]), tileFace(t, t.first, t.second)]);
    art.append(g);
  }
  const ends = v.ends || [];
  const targets = Object.entries(lay.ghosts).map(([arm, g]) => {
    const n = arm === "left" ? ends[0] : ends[1];
    const label = `${st.selected}, play on the ${arm} end (${n})`;
    const b = h("button", {class: "dm-end", type: "button", "data-end": arm, "data-focus": `end:${arm}`, "aria-label": label,
      title: label, style: `left:${(g.x / width) * 100}%;top:${(g.y / lay.height) * 100}%;` +
        `width:${(g.w / width) * 100}%;height:${(g.h / lay.height) * 100}%`},
    [tileArtIn(g), h("span", {class: "dm-end-label"}, `${arm === "left" ? "Left" : "Right"} (${n})`)]);
    b.addEventListener("click", () => play(st, `${st.selected} ${arm}`));
    return b;
  });
  const box = h("div", {class: "dm-line-box", style: `aspect-ratio:${width} / ${lay.height}`}, [art, ...targets]);
  st.line.dataset.width = width;
  fill(st.line, box);
}

function lineWords(v) {
  if (!v.lead) return "No tile laid yet";
  const arm = (list) => (list.length ? list.map((p) => p.tile).join(", ") : "nothing yet");
  return `The line of play: ${v.lead.tile} led; to its left ${arm(v.left)}; to its right ${arm(v.right)}. ` +
    `Open ends: ${v.ends[0]} and ${v.ends[1]}.`;
}

function eventWords(ctx, e) {
  if (e.knock) return `${who(ctx, e.seat)} knocked: no ${e.ends[0]}${e.ends[0] === e.ends[1] ? "" : ` or ${e.ends[1]}`}.`;
  if (!e.end) return `${who(ctx, e.seat)} led ${e.tile}.`;
  let text = `${who(ctx, e.seat)} played ${e.tile} on the ${e.end}; ${endsText(e.ends)}.`;
  if (e.stitched) text += " Stitched up!";
  if (e.chipped) text += ` ${who(ctx, e.seat)} chipped out!`;
  return text;
}

function drawPrompt(st, v) {
  const ctx = st.ctx;
  const legal = ctx.legal;
  let text = "";
  if (v.phase === "over") text = "";
  else if (v.phase === "draw") text = "The tiles are being shuffled and drawn\u2026";
  else if (!legal.length) text = v.to_act !== null && v.to_act !== undefined ? notYourTurn(st, DEALING) : "";
  else if (!v.lead) text = `You hold the highest double: lead ${legal[0]} (click it).`;
  else if (legal.length === 1 && legal[0] === "knock") text = `No tile of yours fits (${endsText(v.ends)}): knock.`;
  else if (st.selected) {
    text = `${st.selected} fits both ends: choose where it goes on the table, the left (${v.ends[0]}) or ` +
      `the right (${v.ends[1]}).`;
  } else text = `Your turn: play a raised tile (${endsText(v.ends)}).`;
  const last = v.events.length ? v.events[v.events.length - 1] : null;
  fill(st.prompt, text ? h("span", {}, text) : null,
    last && v.phase === "play" ? h("span", {class: "dm-last-event"}, eventWords(ctx, last)) : null);
  const actions = [];
  if (legal.length === 1 && legal[0] === "knock") {
    const knock = h("button", {class: "btn brass dm-knock", type: "button", "data-action": "knock", "data-focus": "knock"},
      "Knock");
    knock.addEventListener("click", () => play(st, "knock"));
    actions.push(knock);
  }
  if (st.selected) {
    const back = h("button", {class: "btn quiet small-btn", type: "button", "data-action": "cancel", "data-focus": "cancel"},
      `Put ${st.selected} back`);
    back.addEventListener("click", () => { st.selected = null; draw(st); });
    actions.push(back);
  }
  fill(st.actions, ...actions);
  st.actions.hidden = !actions.length;
}

function drawOwn(st, v) {
  const ctx = st.ctx;
  const seat = ctx.seat;
  const hand = v.hand || [];
  const card = seatCard(st, v, seat, true);
  const ends = v.ends;
  const tiles = hand.map((tile) => {
    const moves = movesFor(st, tile);
    const playable = moves.length > 0;
    const selected = st.selected === tile;
    let label = tile;
    let tag = null;
    if (playable) {
      if (!v.lead) {
        label = `${tile}, lead it`;
        tag = "lead";
      } else if (moves.length === 1) {
        const end = moves[0].split(" ")[1];
        const n = end === "left" ? ends[0] : ends[1];
        label = `${tile}, play on the ${end} end (${n})`;
        tag = `on ${n}`;
      } else {
        label = `${tile}, fits both ends (${ends[0]} and ${ends[1]}): choose an end`;
        tag = selected ? "choose end" : ends[0] === ends[1] ? `on ${ends[0]}` : `${ends[0]} or ${ends[1]}`;
      }
    } else if (ctx.legal.length) {
      label = `${tile} (does not fit)`;
    }
    const b = h("button", {class: `dm-tile${playable ? " playable" : ""}${selected ? " selected" : ""}`, type: "button",
      "data-tile": tile, "data-focus": `tile:${tile}`, title: label,
      "aria-disabled": playable ? "false" : "true", "aria-pressed": moves.length > 1 ? String(selected) : null},
    // named by the words alone (the fit tag is for the eye), with no aria-label to differ from the text shown
    [h("span", {class: "visually-hidden"}, label), tileArt(tile), h("span", {class: "dm-fit", "aria-hidden": "true"}, tag || "")]);
    b.addEventListener("click", () => onTile(st, tile));
    return b;
  });
  const row = h("div", {class: "dm-hand", role: "group", "aria-label": `Your tiles: ${hand.length ? hand.join(", ") : "none"}`},
    tiles.length ? tiles : [h("p", {class: "dm-none"}, v.phase === "draw" ? "No tiles yet." : "No tiles left.")]);
  const pips = v.hand_pips !== null && v.hand_pips !== undefined && hand.length ?
    h("span", {class: "dm-pips", "aria-label": `${v.hand_pips} spots in your hand`}, [
      h("span", {class: "dm-pips-label"}, "Spots"), h("strong", {}, String(v.hand_pips))]) : null;
  card.querySelector(".dm-seat-head").append(pips || "");
  card.append(row);
  fill(st.you, card);
  st.you.hidden = false;
}

// ---- every update --------------------------------------------------------------------------------------
function draw(st) {
  const v = st.view;
  const ctx = st.ctx;
  const focus = focusBefore(st.root);
  const key = JSON.stringify([ctx.state && ctx.state.game_no, v.hand_no, v.phase, v.events.length, ctx.seat, ctx.legal]);
  if (key !== st.key) {
    st.key = key;
    st.selected = null;
    say(st, "");
  }
  if (st.selected && movesFor(st, st.selected).length < 2) st.selected = null;
  st.main.dataset.phase = v.phase;
  st.main.dataset.players = v.players;
  drawHead(st, v);
  drawOver(st, v);
  drawOthers(st, v);
  drawStatus(st, v);
  drawLine(st, v);
  drawPrompt(st, v);
  const spectator = ctx.seat === null || ctx.seat === undefined || !v.hand;
  if (spectator) { st.you.hidden = true; st.you.replaceChildren(); } else drawOwn(st, v);
  drawLastHand(st, v);
  drawScore(st, v);
  st.keys.hidden = spectator || v.phase === "over";
  focusAfter(st.root, focus, ".dm-end, .dm-knock, .dm-tile.playable, .dm-tile");
}

export function render(root, ctx) {
  renderView(root, ctx, {game: "dominoes", key: "_dm", waiting: "Waiting for the tiles\u2026", build, draw});
}
