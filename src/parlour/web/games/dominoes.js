// Dominoes (the English pub block game): the line of play laid on the table as the manual says (the
// lead double in the middle, each arm growing outward, doubles crossways, a tile played to a double
// against its middle, the matching ends touching) in a snake that turns at the table's edge; each
// player's seat (tiles left as backs, side and partner, the numbers knocked on); your hand, the tiles
// that may be played raised, outlined and tagged with the ends they fit; a tile that fits both ends
// shows both ends on the line as buttons; Knock when nothing fits; the last hand's tiles left and
// spots; the running score as pegs on a board and a score sheet.
// The view-module contract is described at the top of /static/js/generic.js.  Everything drawn here
// comes from ctx.view, which the server has already cut down to what this seat may know.

import {h, icon, svg} from "/static/js/svg.js";

const STYLESHEET = "/static/games/dominoes.css";
const FIELDS = "input, textarea, select, [contenteditable=''], [contenteditable=true]";
const isField = (el) => el && el.closest && el.closest(FIELDS);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const ENDING = {"chip out": "chipped out", blocked: "blocked", drawn: "drawn"};

function loadStyles() {
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.getAttribute("href") === STYLESHEET)) return;
  document.head.append(h("link", {rel: "stylesheet", href: STYLESHEET}));
}

/** "6|4" -> [6, 4]. */
const nums = (tile) => tile.split("|").map(Number);
const pipsOf = (tile) => nums(tile)[0] + nums(tile)[1];

function fill(el, ...children) {
  el.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false));
}

// ---- tiles drawn in SVG (in units: a tile is 1 by 2, each half a square) --------------------------
// Pip places in one half of an upright tile: x across the tile, y along it (the six's rows of three
// run along the tile, as on a real domino).
const PIPS = {
  0: [],
  1: [[0.5, 0.5]],
  2: [[0.26, 0.26], [0.74, 0.74]],
  3: [[0.26, 0.26], [0.5, 0.5], [0.74, 0.74]],
  4: [[0.26, 0.26], [0.74, 0.26], [0.26, 0.74], [0.74, 0.74]],
  5: [[0.26, 0.26], [0.74, 0.26], [0.5, 0.5], [0.26, 0.74], [0.74, 0.74]],
  6: [[0.28, 0.22], [0.72, 0.22], [0.28, 0.5], [0.72, 0.5], [0.28, 0.78], [0.72, 0.78]],
};

/**
 * A tile's face in the rectangle r ({x, y, w, h}: 2×1 lying, 1×2 upright) showing `first` in the
 * left (or top) half and `second` in the other.  Hidden from screen readers: label what holds it.
 */
function tileFace(r, first, second, extraClass = "") {
  const lying = r.w > r.h;
  const g = svg("g", {class: `dm-face ${extraClass}`.trim()});
  const inset = 0.035;
  g.append(svg("rect", {class: "dm-shade", x: r.x + inset + 0.05, y: r.y + inset + 0.07, width: r.w - 2 * inset,
    height: r.h - 2 * inset, rx: 0.13}));
  g.append(svg("rect", {class: "dm-body", x: r.x + inset, y: r.y + inset, width: r.w - 2 * inset,
    height: r.h - 2 * inset, rx: 0.13}));
  const mid = lying ? {x1: r.x + 1, y1: r.y + 0.16, x2: r.x + 1, y2: r.y + r.h - 0.16}
    : {x1: r.x + 0.16, y1: r.y + 1, x2: r.x + r.w - 0.16, y2: r.y + 1};
  g.append(svg("line", {class: "dm-bar", ...mid}));
  [first, second].forEach((n, half) => {
    const ox = lying ? r.x + half : r.x;
    const oy = lying ? r.y : r.y + half;
    for (const [a, b] of PIPS[n] || []) {
      const [px, py] = lying ? [b, a] : [a, b];  // lying: the rows of three run along the tile
      g.append(svg("circle", {class: "dm-pip", cx: ox + px, cy: oy + py, r: 0.088}));
    }
  });
  g.append(svg("circle", {class: "dm-spinner", cx: r.x + r.w / 2, cy: r.y + r.h / 2, r: 0.05}));
  return g;
}

/** An upright tile on its own (the hand, the tiles left): high number on top. */
function tileArt(tile, extraClass = "") {
  const [a, b] = nums(tile);
  return svg("svg", {class: `dm-tile-svg ${extraClass}`.trim(), viewBox: "-0.02 -0.02 1.12 2.14", "aria-hidden": "true",
    focusable: "false"}, [tileFace({x: 0, y: 0, w: 1, h: 2}, a, b)]);
}

/** A tile face down: nothing on it tells which it is. */
function backArt() {
  return svg("svg", {class: "dm-back-svg", viewBox: "-0.02 -0.02 1.12 2.14", "aria-hidden": "true", focusable: "false"}, [
    svg("rect", {class: "dm-back", x: 0.035, y: 0.035, width: 0.93, height: 1.93, rx: 0.13}),
    svg("line", {class: "dm-back-bar", x1: 0.2, y1: 1, x2: 0.8, y2: 1}),
    svg("circle", {class: "dm-back-spinner", cx: 0.5, cy: 1, r: 0.07}),
  ]);
}

/** A small face-up tile that is not a control. */
function miniTile(tile) {
  return h("span", {class: "dm-mini", role: "img", "aria-label": tile, title: tile}, tileArt(tile));
}

// ---- the line of play: where each tile lies ---------------------------------------------------------
// Units: a square (half a tile).  Each arm is laid in a frame where it starts at the lead double's
// right side and runs right, turning down at the edge; the left arm is the same turned half round
// (it runs left and turns up), so the two arms never meet.  Along a row a tile lies lengthways and a
// double crossways.  Near the edge a tile is turned down as a corner: when fewer than 3 squares are
// left (room for itself and a corner), or 4 if a double is played to it (the double and a corner).
// Going down, a double lies across the way and the tile played to it carries on down from its
// middle; any other tile turns back along a new row, its matching half under the corner's.  A tile
// played to a double at the edge is laid beside the double, at its middle, and turns down there.
// The layout is made afresh from the whole line each time, so a tile may swing round a corner when a
// double is played to it at the edge.

function placeArm(items, hi) {
  const out = [];
  let mode = "row", dir = 1, x = 0.5, cy = 0, cx = 0, y = 0, prev = "double";
  items.forEach((item, i) => {
    let r;
    if (mode === "row") {
      const room = dir > 0 ? hi - x : x + hi;
      const next = items[i + 1];
      if (item.double) {
        r = {x: dir > 0 ? x : x - 1, y: cy - 1, w: 1, h: 2};
        x += dir;
        prev = "double";
      } else if (room >= (next && next.double ? 4 : 3)) {
        r = {x: dir > 0 ? x : x - 2, y: cy - 0.5, w: 2, h: 1, half: dir > 0 ? 0 : 1};
        x += 2 * dir;
        prev = "tile";
      } else {  // a corner: turn down
        r = {x: dir > 0 ? x : x - 1, y: cy - 0.5, w: 1, h: 2, half: 0, corner: true};
        cx = dir > 0 ? x + 0.5 : x - 0.5;
        y = cy + 1.5;
        mode = "down";
        prev = "corner";
      }
    } else if (item.double) {  // going down: a double lies across the way
      r = {x: cx - 1, y, w: 2, h: 1};
      y += 1;
      prev = "double";
    } else if (prev === "double") {  // against the double's middle, still going down
      r = {x: cx - 0.5, y, w: 1, h: 2, half: 0};
      y += 2;
      prev = "down";
    } else {  // turn back along a new row
      dir = -dir;
      cy = y + 0.5;
      if (dir < 0) {
        r = {x: cx - 1.5, y, w: 2, h: 1, half: 1};
        x = cx - 1.5;
      } else {
        r = {x: cx - 0.5, y, w: 2, h: 1, half: 0};
        x = cx + 1.5;
      }
      mode = "row";
      prev = "tile";
    }
    out.push({...item, ...r});
  });
  return out;
}

/** The tiles of an arm from the lead outward, each with the number it joins and the one it shows. */
function armItems(lead, arm, name, extra) {
  const items = [];
  let join = lead.outer;
  arm.forEach((p, i) => {
    items.push({tile: p.tile, seat: p.seat, join, outer: p.outer, double: p.double, arm: name, index: i});
    join = p.outer;
  });
  if (extra) {
    const [a, b] = nums(extra);
    items.push({tile: extra, join, outer: a === join ? b : a, double: a === b, arm: name, index: arm.length,
      ghost: true});
  }
  return items;
}

/**
 * Lay the line out `width` squares wide: {width, height, tiles, ghosts}.  Each tile has x, y, w, h
 * (from the top left; 2×1 lying, 1×2 upright), `first` and `second` (the numbers on its left or top
 * half and on the other), `arm` ("lead", "left", "right") and `index` (from the lead outward).
 * `extra` ({left: "6|4", right: "6|4"}) adds `ghosts`: where that tile would lie on each end.
 */
export function layoutLine(line, width, extra = {}) {
  const lead = line.lead;
  if (!lead) return {width, height: 0, tiles: [], ghosts: {}};
  const hi = width / 2 - 0.75;
  const right = placeArm(armItems(lead, line.right || [], "right", extra.right), hi);
  const left = placeArm(armItems(lead, line.left || [], "left", extra.left), hi)
    .map((t) => ({...t, x: -(t.x + t.w), y: -(t.y + t.h), half: t.half === undefined ? undefined : 1 - t.half}));
  const all = [{tile: lead.tile, seat: lead.seat, join: lead.outer, outer: lead.outer, double: true, arm: "lead",
    index: 0, x: -0.5, y: -1, w: 1, h: 2}, ...left, ...right];
  const top = Math.min(...all.map((t) => t.y)) - 0.4;
  const bottom = Math.max(...all.map((t) => t.y + t.h)) + 0.4;
  const height = Math.max(bottom - top, 3.6);
  const shift = top - (height - (bottom - top)) / 2;
  const tiles = [];
  const ghosts = {};
  for (const t of all) {
    const placed = {...t, x: t.x + width / 2, y: t.y - shift};
    [placed.first, placed.second] = t.double ? [t.outer, t.outer] : t.half === 0 ? [t.join, t.outer] : [t.outer, t.join];
    if (t.ghost) ghosts[t.arm] = placed;
    else tiles.push(placed);
  }
  return {width, height, tiles, ghosts};
}

// ---- who is who --------------------------------------------------------------------------------
function nameOf(ctx, seat) {
  return (ctx.names && ctx.names[seat]) || `Player ${seat + 1}`;
}
function isMe(ctx, seat) {
  return Array.isArray(ctx.held) && ctx.held.length === 1 && ctx.held[0] === seat;
}
function who(ctx, seat) {
  return isMe(ctx, seat) ? "You" : nameOf(ctx, seat);
}
const partnered = (v) => new Set(v.sides).size < v.players;
function sideName(ctx, v, side) {
  return v.sides.map((s, seat) => [s, seat]).filter(([s]) => s === side).map(([, seat]) => nameOf(ctx, seat)).join(" & ");
}
const sideCount = (v) => Math.max(...v.sides) + 1;
function partnerOf(v, seat) {
  const i = v.sides.findIndex((s, other) => other !== seat && s === v.sides[seat]);
  return i < 0 ? null : i;
}
function endsText(ends) {
  if (!ends) return "";
  return ends[0] === ends[1] ? `both ends show ${ends[0]}` : `the ends are ${ends[0]} and ${ends[1]}`;
}

// ---- building ----------------------------------------------------------------------------------
function build(root) {
  loadStyles();
  const st = {root, ctx: null, view: null, selected: null, key: null, sheetSeen: -1, lastChoice: null, width: 0};
  st.head = h("div", {class: "dm-head"});
  st.others = h("div", {class: "dm-others", role: "group", "aria-label": "The other players"});
  st.status = h("div", {class: "dm-status"});
  st.line = h("div", {class: "dm-line"});
  st.table = h("section", {class: "dm-table", "aria-label": "The table: the line of play"}, [st.status, st.line]);
  st.prompt = h("p", {class: "dm-prompt", "aria-live": "polite"});
  st.actions = h("div", {class: "dm-actions", role: "group", "aria-label": "Actions"});
  st.say = h("p", {class: "dm-say", role: "status"});
  st.you = h("section", {class: "dm-seat dm-you"});
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
function say(st, text) {
  st.say.textContent = text;
}
function play(st, move) {
  st.selected = null;
  say(st, "");
  st.ctx.play(move);
}
function notYourTurn(st) {
  const v = st.view;
  if (st.ctx.seat === null || st.ctx.seat === undefined) return "You are watching.";
  if (v.phase === "over") return "The game is over.";
  if (v.to_act === null || v.to_act === undefined) return "The tiles are being drawn.";
  return `It is ${nameOf(st.ctx, v.to_act)}'s turn.`;
}

function onTile(st, tile) {
  const v = st.view;
  if (!st.ctx.legal.length) { say(st, notYourTurn(st)); return; }
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
  if (!st.root.isConnected) { document.removeEventListener("keydown", st.onKey); return; }
  if (st.root._dm !== st) return;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (isField(event.target)) return;
  const cover = document.getElementById("pass-cover");
  if (cover && !cover.hidden) return;
  const key = event.key;
  const target = event.target;
  if ((key === "ArrowLeft" || key === "ArrowRight") && target && target.classList && target.classList.contains("dm-tile")) {
    const tiles = [...st.you.querySelectorAll(".dm-tile")];
    const next = tiles[tiles.indexOf(target) + (key === "ArrowRight" ? 1 : -1)];
    if (next) { event.preventDefault(); next.focus(); }
    return;
  }
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
function drawHead(st, v) {
  const ctx = st.ctx;
  const r = v.rules;
  const chips = [h("span", {class: "chip"}, `Game to ${r.target}${r.scoring === "point" ? " hands" : ""}`)];
  if (partnered(v)) chips.push(h("span", {class: "chip"}, "Partners sit opposite"));
  chips.push(h("span", {class: "chip"}, `${r.hand_size} tiles each`));
  if (r.both_chip_out && partnered(v)) chips.push(h("span", {class: "chip"}, "Both partners chip out"));
  const title = v.phase === "over" ? "Game over" : `Hand ${v.hand_no}`;
  const scores = [];
  for (let s = 0; s < sideCount(v); s++) {
    const acting = v.to_act !== null && v.to_act !== undefined && v.sides[v.to_act] === s;
    scores.push(h("span", {class: `dm-score-chip${acting ? " acting" : ""}`, "data-side": s}, [
      h("span", {}, sideName(ctx, v, s)), h("strong", {}, String(v.scores[s]))]));
  }
  fill(st.head, h("h3", {class: "dm-title"}, title), h("div", {class: "dm-chips"}, chips),
    h("div", {class: "dm-scores", role: "group", "aria-label": "Points so far"}, scores));
}

/** A seat whose tiles are not shown here: the backs, the count, the side, the numbers knocked on. */
function seatCard(st, v, seat, own = false) {
  const ctx = st.ctx;
  const acting = v.to_act === seat;
  const n = v.hand_sizes[seat];
  const tags = [];
  if (isMe(ctx, seat)) tags.push(h("span", {class: "dm-tag dm-you-tag"}, "you"));
  if (partnered(v)) {
    const mate = partnerOf(v, seat);
    const shownSeat = ctx.seat;
    let rel = `side ${v.sides[seat] + 1}`;
    if (shownSeat !== null && shownSeat !== undefined && seat !== shownSeat) {
      rel = v.sides[seat] === v.sides[shownSeat] ? "partner" : "opponent";
    }
    tags.push(h("span", {class: `dm-tag dm-side dm-side-${v.sides[seat]}`, "data-rel": rel}, rel));
    if (mate !== null) tags.push(h("span", {class: "dm-partner"}, `partner of ${nameOf(ctx, mate)}`));
  }
  const head = h("div", {class: "dm-seat-head"}, [
    h("strong", {class: "dm-seat-name"}, nameOf(ctx, seat)), ...tags,
    acting ? h("span", {class: "dm-acting"}, [icon("play"), isMe(ctx, seat) ? " your turn" : " to play"]) : null,
  ]);
  const parts = [head];
  if (!own) {
    const backs = h("div", {class: "dm-backs", role: "img", "aria-label": `${plural(n, "tile", "tiles")} face down`});
    for (let i = 0; i < n; i++) backs.append(h("span", {class: "dm-back-tile"}, backArt()));
    parts.push(h("div", {class: "dm-seat-tiles"}, [backs, h("span", {class: "dm-count"}, plural(n, "tile", "tiles"))]));
  }
  const notes = [];
  if (v.out[seat]) notes.push(h("span", {class: "dm-note dm-out"}, "chipped out"));
  const knocked = v.knocked[seat] || [];
  if (knocked.length) {
    notes.push(h("span", {class: "dm-note dm-knocked", title: "A player who knocked on a number holds none of it"},
      `knocked on ${[...knocked].sort((a, b) => b - a).join(", ")}`));
  }
  if (notes.length) parts.push(h("div", {class: "dm-notes"}, notes));
  return h("div", {class: `dm-seat${acting ? " acting" : ""}${own ? " own" : ""}`, "data-seat": seat,
    role: "group", "aria-label": `${nameOf(ctx, seat)}'s seat`}, parts);
}

function orderFrom(v, seat) {
  const out = [];
  for (let i = 1; i <= v.players; i++) out.push((seat + i) % v.players);
  return out;
}

function drawOthers(st, v) {
  const seat = st.ctx.seat;
  const mine = seat !== null && seat !== undefined && v.hand;
  const seats = mine ? orderFrom(v, seat).filter((s) => s !== seat) : orderFrom(v, v.players - 1);
  fill(st.others, ...seats.map((s) => seatCard(st, v, s)));
  st.others.dataset.count = seats.length;
}

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
  // 4k + 4.5 squares: each row then ends with its corner right at the edge (see placeArm)
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

/** A ghost of the chosen tile where it would lie (the end target's picture). */
function tileArtIn(g) {
  return svg("svg", {class: "dm-ghost-svg", viewBox: `${g.x} ${g.y} ${g.w} ${g.h}`, "aria-hidden": "true",
    focusable: "false", preserveAspectRatio: "none"}, [tileFace(g, g.first, g.second, "dm-ghost")]);
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
  else if (!legal.length) text = v.to_act !== null && v.to_act !== undefined ? notYourTurn(st) : "";
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
      "data-tile": tile, "data-focus": `tile:${tile}`, "aria-label": label, title: label,
      "aria-disabled": playable ? "false" : "true", "aria-pressed": moves.length > 1 ? String(selected) : null},
    [tileArt(tile), h("span", {class: "dm-fit", "aria-hidden": "true"}, tag || "")]);
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

function endingWords(ctx, v, r) {
  if (r.ending === "drawn") return "Blocked, and the lowest spots tied: a drawn hand, nobody scores";
  const winners = sideName(ctx, v, r.winner);
  const many = winners.includes(" & ");
  const pts = plural(r.points, "point", "points");
  if (r.ending === "chip out") {
    return `${nameOf(ctx, r.chipped)} chipped out: ${winners} ${many ? "score" : "scores"} ${pts}`;
  }
  return `Blocked: ${winners} ${many ? "have" : "has"} the fewest spots and ${many ? "score" : "scores"} ${pts}`;
}

/** The line of play as a finished hand left it (a small picture under its tiles left). */
function finalLine(ctx, r) {
  const line = r.line;
  if (!line || !line.lead) return null;
  const width = 4 * 6 + 4.5;
  const lay = layoutLine(line, width);
  const tiles = [line.lead, ...line.left, ...line.right].map((p) => p.tile);
  const art = svg("svg", {class: "dm-line-svg dm-final-svg", viewBox: `0 0 ${width} ${lay.height}`, role: "img",
    "aria-label": `The line of play at the end of hand ${r.number}: ${tiles.length} tiles, ${tiles.join(", ")}`});
  for (const t of lay.tiles) {
    art.append(svg("g", {class: `dm-laid${t.double ? " double" : ""}`, "data-tile": t.tile},
      [svg("title", {}, [`${t.tile}, laid by ${nameOf(ctx, t.seat)}`]), tileFace(t, t.first, t.second)]));
  }
  return h("div", {class: "dm-final"}, [h("p", {class: "dm-note-line"}, "The line as the hand ended:"),
    h("div", {class: "dm-line-box dm-final-box", style: `aspect-ratio:${width} / ${lay.height}`}, [art])]);
}

function drawLastHand(st, v) {
  const ctx = st.ctx;
  const r = v.sheet.length ? v.sheet[v.sheet.length - 1] : null;
  st.last.hidden = !r;
  if (!r) { st.last.replaceChildren(); st.sheetSeen = -1; st.lastChoice = null; return; }
  if (st.sheetSeen !== v.sheet.length) { st.sheetSeen = v.sheet.length; st.lastChoice = null; }
  const rows = [];
  for (let seat = 0; seat < v.players; seat++) {
    const left = r.left[seat] || [];
    const won = r.winner !== null && v.sides[seat] === r.winner;
    rows.push(h("div", {class: `dm-left-row${won ? " won" : ""}`, "data-seat": seat}, [
      h("span", {class: "dm-left-who"}, [h("strong", {}, nameOf(ctx, seat)),
        won ? h("span", {class: "dm-won"}, [icon("trophy"), " won"]) : null]),
      h("span", {class: "dm-left-tiles", role: "group", "aria-label": left.length ? `Tiles left: ${left.join(", ")}`
        : "No tiles left"}, left.length ? left.map(miniTile) : h("span", {class: "muted"}, "chipped out")),
      h("span", {class: "dm-left-spots"}, plural(left.reduce((s, t) => s + pipsOf(t), 0), "spot", "spots")),
    ]));
  }
  const totals = partnered(v) ? h("p", {class: "dm-note-line"}, "Spots by side: " + r.totals.map((t, s) =>
    `${sideName(ctx, v, s)} ${t}`).join(" · ")) : null;
  fill(st.last, h("summary", {"data-focus": "last-hand"}, [h("strong", {}, `Hand ${r.number}: `), endingWords(ctx, v, r)]),
    h("div", {class: "dm-left-rows"}, rows), totals, finalLine(ctx, r));
  st.last.open = st.lastChoice ?? (v.phase !== "play" || v.events.length < 3);
}

function drawOver(st, v) {
  const ctx = st.ctx;
  st.over.hidden = v.phase !== "over" || v.winner === null || v.winner === undefined;
  if (st.over.hidden) { st.over.replaceChildren(); return; }
  const winners = sideName(ctx, v, v.winner);
  const many = winners.includes(" & ");
  const scores = v.scores.map((s, side) => `${sideName(ctx, v, side)} ${s}`).join(", ");
  fill(st.over, h("p", {class: "dm-winner"}, [icon("trophy"),
    `${winners} ${many ? "reach" : "reaches"} ${v.rules.target} and ${many ? "win" : "wins"} the game (${scores}).`]));
}

/** A cribbage-style board for one side: holes to the target (one a point, or one every 5 or more
 * points on a long game), a front peg at the score and a back peg at the score before the side's last
 * win.  Drawn with HTML so that the holes stay round at any width. */
function pegBoard(score, back, target, side) {
  const step = target <= 30 ? 1 : Math.max(5, Math.ceil(target / 30 / 5) * 5);
  const holes = Math.ceil(target / step);
  const at = (p) => `${(Math.min(p, target) / target) * 100}%`;
  const track = h("span", {class: "dm-board-track"});
  for (let i = 0; i <= holes; i++) {
    track.append(h("span", {class: `dm-hole${(i * step) % (step === 1 ? 5 : step * 5) === 0 ? " mark" : ""}`,
      style: `left:${at(i * step)}`}));
  }
  if (back > 0 && back < score) track.append(h("span", {class: "dm-peg back", style: `left:${at(back)}`}));
  track.append(h("span", {class: "dm-peg", style: `left:${at(score)}`}));
  return h("span", {class: `dm-board dm-board-${side}`, "aria-hidden": "true"}, track);
}

function drawScore(st, v) {
  const ctx = st.ctx;
  const count = sideCount(v);
  const running = new Array(count).fill(0);
  const backs = new Array(count).fill(0);
  const rows = v.sheet.map((r) => {
    if (r.winner !== null) { backs[r.winner] = running[r.winner]; running[r.winner] += r.points; }
    const cells = [];
    for (let s = 0; s < count; s++) {
      cells.push(h("td", {class: "num"}, r.winner === s
        ? [h("strong", {}, `+${r.points}`), h("span", {class: "dm-running"}, ` (${running[s]})`)]
        : h("span", {class: "muted", "aria-label": "nothing"}, "\u00b7")));
    }
    const how = r.ending === "chip out" ? `${nameOf(ctx, r.chipped)} chipped out` : r.ending === "blocked" ? "Blocked" : "Drawn";
    return h("tr", {"data-hand": r.number, "data-ending": r.ending}, [h("th", {scope: "row"}, String(r.number)),
      h("td", {}, how), h("td", {class: "dm-spots"}, r.totals.join(" \u2013 ")), ...cells]);
  });
  if (!rows.length) rows.push(h("tr", {}, h("td", {colspan: 3 + count, class: "muted"}, "No hand finished yet.")));
  const target = v.rules.target;
  const tracks = [];
  for (let s = 0; s < count; s++) {
    const score = v.scores[s];
    tracks.push(h("div", {class: `dm-track${v.winner === s ? " winner" : ""}`, "data-side": s}, [
      h("span", {class: "dm-track-name"}, sideName(ctx, v, s)),
      pegBoard(score, backs[s], target, s),
      h("span", {class: "dm-track-score", "aria-label": `${score} of ${target} points`}, [h("strong", {}, String(score)),
        ` / ${target}`]),
    ]));
  }
  fill(st.score, h("h3", {id: "dm-score-title"}, "Score"),
    h("div", {class: "dm-tracks", role: "group", "aria-label": `Points towards ${target}`}, tracks),
    h("div", {class: "table-scroll"}, h("table", {class: "data dm-sheet"}, [
      h("caption", {class: "visually-hidden"}, "Each hand: how it ended, the spots left by side, and the points won"),
      h("thead", {}, h("tr", {}, [h("th", {scope: "col"}, "Hand"), h("th", {scope: "col"}, "How it ended"),
        h("th", {scope: "col"}, "Spots left"),
        ...Array.from({length: count}, (_, s) => h("th", {scope: "col", class: "num"}, sideName(ctx, v, s)))])),
      h("tbody", {}, rows)])));
}

// ---- every update --------------------------------------------------------------------------------------
function draw(st) {
  const v = st.view;
  const ctx = st.ctx;
  const active = document.activeElement;
  const focusKey = active && st.root.contains(active) ? active.dataset.focus : null;
  const focusWasHere = active && active !== document.body && st.root.contains(active);
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
  if (focusWasHere) {
    let next = focusKey ? [...st.root.querySelectorAll("[data-focus]")].find((el) => el.dataset.focus === focusKey) : null;
    if (!next || next.closest("[hidden]")) next = st.root.querySelector(".dm-end, .dm-knock, .dm-tile.playable, .dm-tile");
    if (next && document.activeElement !== next) next.focus({preventScroll: true});
  }
}

export function render(root, ctx) {
  const view = ctx.view;
  if (!view || view.game !== "dominoes") {
    root.replaceChildren(h("p", {class: "muted"}, "Waiting for the tiles\u2026"));
    root._dm = null;
    return;
  }
  let st = root._dm;
  if (!st || !st.main.isConnected || st.main.parentNode !== root) {
    if (st) {
      document.removeEventListener("keydown", st.onKey);
      if (st.resize) st.resize.disconnect();
    }
    st = build(root);
    root._dm = st;
  }
  st.ctx = ctx;
  st.view = view;
  draw(st);
}
