// Shut the Box: the box drawn in SVG, tiles to pick, dice, every seat's board, scores and rounds.
// The view-module contract is described at the top of /static/js/generic.js.

import {die, h, icon, niceFraction, svg} from "/static/js/svg.js";
import {isShown} from "/static/js/view.js";

// Two layouts of the box: wide (laptops, tablets) and compact (phones: taller tiles, bigger dice).
function geometry(compact, n) {
  const g = compact
    ? {compact, W: 440, H: 250, frame: 10, pad: 16, gap: n >= 12 ? 3 : 5, tileTop: 20, tileH: 112, shutH: 40,
      dice: 58, diceGap: 14, sumFont: 30, rx: 16}
    : {compact, W: 760, H: 300, frame: 18, pad: 32, gap: n >= 12 ? 6 : 9, tileTop: 30, tileH: 108, shutH: 42,
      dice: 66, diceGap: 18, sumFont: 34, rx: 24};
  g.tileBottom = g.tileTop + g.tileH;
  g.feltTop = g.tileBottom + (compact ? 10 : 12);
  g.feltH = g.H - g.feltTop - g.frame;
  g.diceY = g.feltTop + (g.feltH - g.dice) / 2 - 2;
  g.tileWidth = (g.W - 2 * g.pad - (n - 1) * g.gap) / n;
  g.tileX = (t) => g.pad + (t - 1) * (g.tileWidth + g.gap);
  return g;
}
const KEY_TILE = {"0": 10, "-": 11, "=": 12};
const COMPACT_BELOW = 560;  // px of room for the box
const MODE_NAME = {
  round: "Round game", long: "Long game", cumulative: "Cumulative game", simultaneous: "Simultaneous game",
};

const parseFlip = (move) => move.split("+").map(Number);
const isFlip = (move) => /^\d+(\+\d+)*$/.test(move);
const canonical = (tiles) => [...tiles].sort((a, b) => b - a).join("+");

function statusText(seat, uncovering) {
  switch (seat.status) {
    case "throw": return "to throw";
    case "place": return uncovering ? "to uncover" : "to cover";
    case "waiting": return "waiting";
    case "done": return "finished";
    case "out": return "out";
    default: return seat.status;
  }
}

/** The seat whose board is drawn large. */
function focusSeatOf(view, ctx) {
  if (view.mode === "simultaneous") return ctx.seat ?? 0;
  if (view.current !== null && view.current !== undefined) return view.current;
  return ctx.seat ?? 0;
}

function boardOf(view, seat) {
  if (view.mode === "long") return view.boards[0];
  return view.boards.find((b) => b.seat === seat) || view.boards[seat] || view.boards[0];
}

// ---- building the SVG once ------------------------------------------------------------
function defs() {
  return svg("defs", {}, [
    svg("linearGradient", {id: "stb-wood", x1: 0, y1: 0, x2: 0, y2: 1}, [
      svg("stop", {offset: "0", "stop-color": "#a8733d"}),
      svg("stop", {offset: "1", "stop-color": "#7a4d22"}),
    ]),
    svg("radialGradient", {id: "stb-felt", cx: "50%", cy: "40%", r: "75%"}, [
      svg("stop", {offset: "0", "stop-color": "#3b8461"}),
      svg("stop", {offset: "1", "stop-color": "#245a40"}),
    ]),
    svg("linearGradient", {id: "stb-ivory", x1: 0, y1: 0, x2: 0, y2: 1}, [
      svg("stop", {offset: "0", "stop-color": "#fffaf0"}),
      svg("stop", {offset: "1", "stop-color": "#ecdcb8"}),
    ]),
    svg("pattern", {id: "stb-shut", width: 10, height: 10, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)"}, [
      svg("rect", {width: 10, height: 10, fill: "#4a2f17"}),
      svg("rect", {width: 4, height: 10, fill: "#36210f"}),
    ]),
  ]);
}

function buildTile(t, G, onToggle) {
  const x = G.tileX(t);
  const width = G.tileWidth;
  const {tileTop: TILE_TOP, tileH: TILE_H, tileBottom: TILE_BOTTOM, shutH: SHUT_H} = G;
  const fs = Math.min(46, width * 0.62);
  const g = svg("g", {class: "tile", "data-tile": t});
  const plaque = svg("g", {class: "plaque"}, [
    // uncovered: a tall ivory tile with its number
    svg("g", {class: "open-part"}, [
      svg("rect", {class: "sel-ring", x: x - 4, y: TILE_TOP - 4, width: width + 8, height: TILE_H + 8, rx: 10}),
      svg("rect", {class: "face", x, y: TILE_TOP, width, height: TILE_H, rx: 7}),
      svg("text", {class: "num", x: x + width / 2, y: TILE_TOP + TILE_H * 0.56, "text-anchor": "middle",
        "dominant-baseline": "middle", "font-size": fs}, [String(t)]),
      svg("g", {class: "sel-tick"}, [
        svg("circle", {cx: x + width / 2, cy: TILE_TOP + 4, r: 12}),
        svg("path", {d: `M${x + width / 2 - 6} ${TILE_TOP + 4} l4 4 l8 -8`}),
      ]),
    ]),
    // covered: flipped down flat, dark and hatched, marked "shut"
    svg("g", {class: "shut-part"}, [
      svg("rect", {class: "shut-face", x, y: TILE_BOTTOM - SHUT_H, width, height: SHUT_H, rx: 5}),
      svg("text", {class: "shut-num", x: x + width / 2, y: TILE_BOTTOM - SHUT_H * 0.62, "text-anchor": "middle",
        "dominant-baseline": "middle", "font-size": Math.min(18, width * 0.36)}, [String(t)]),
      svg("text", {class: "shut-label", x: x + width / 2, y: TILE_BOTTOM - 7, "text-anchor": "middle",
        "font-size": Math.min(10, width * 0.2)}, ["SHUT"]),
      svg("rect", {class: "sel-ring", x: x - 4, y: TILE_BOTTOM - SHUT_H - 4, width: width + 8, height: SHUT_H + 8, rx: 8}),
      svg("g", {class: "sel-tick"}, [
        svg("circle", {cx: x + width / 2, cy: TILE_BOTTOM - SHUT_H - 4, r: 12}),
        svg("path", {d: `M${x + width / 2 - 6} ${TILE_BOTTOM - SHUT_H - 4} l4 4 l8 -8`}),
      ]),
    ]),
    svg("rect", {class: "focus-ring", x: x - 6, y: TILE_TOP - 6, width: width + 12, height: TILE_H + 12, rx: 11}),
  ]);
  g.append(plaque);
  g.addEventListener("click", () => onToggle(t));
  g.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      onToggle(t);
    }
  });
  return g;
}

function build(root, view, compact) {
  const n = view.tiles;
  const G = geometry(compact, n);
  const {W, H} = G;
  const st = {
    tiles: n, mode: view.mode, G, compact, root, selection: new Set(), enabled: new Set(), legal: [], legalKey: "",
    ctx: null, lastDice: null, lastCovered: new Map(), lastStatus: null,
  };
  const toggle = (t) => {
    if (!st.enabled.has(t)) {
      if (!st.legal.length) return;
      const shut = st.lastCovered.get(t);
      say(st, (st.uncovering ? !shut : shut) ? `Tile ${t} is already ${st.uncovering ? "open" : "covered"}.`
        : `Tile ${t} is not part of any choice for this throw.`);
      return;
    }
    if (st.selection.has(t)) st.selection.delete(t); else st.selection.add(t);
    update(st);
  };
  st.toggle = toggle;

  st.title = h("h3", {});
  st.modeChip = h("span", {class: "chip"});
  st.roles = h("div", {class: "stb-roles"});
  st.status = h("p", {class: "stb-status", style: "margin:0"});
  const tilesGroup = svg("g", {class: "tiles"});
  st.tileEls = new Map();
  for (let t = 1; t <= n; t++) {
    const el = buildTile(t, G, toggle);
    st.tileEls.set(t, el);
    tilesGroup.append(el);
  }
  st.diceGroup = svg("g", {class: "dice"});
  const midFelt = G.diceY + G.dice / 2;
  st.sumText = svg("text", {class: "felt-big", x: W / 2, y: midFelt, "font-size": G.sumFont, "dominant-baseline": "middle"});
  st.feltNote = svg("text", {class: "felt-text", x: G.frame + 24, y: midFelt, "font-size": 20, "dominant-baseline": "middle"});
  const bannerY = G.tileTop + G.tileH / 2;
  st.shutBanner = svg("g", {class: "shut-banner-g", visibility: "hidden"}, [
    svg("rect", {class: "shut-banner", x: W / 2 - 150, y: bannerY - 27, width: 300, height: 54, rx: 12}),
    svg("text", {class: "shut-banner-text", x: W / 2, y: bannerY, "text-anchor": "middle", "dominant-baseline": "middle",
      "font-size": 30}, ["BOX SHUT!"]),
  ]);
  st.svg = svg("svg", {viewBox: `0 0 ${W} ${H}`, role: "group", "aria-roledescription": "shut the box"}, [
    defs(),
    svg("rect", {class: "tray-frame", x: 2, y: 2, width: W - 4, height: H - 4, rx: G.rx}),
    svg("rect", {class: "tile-rail", x: G.frame, y: G.frame, width: W - 2 * G.frame, height: G.feltTop - G.frame - 2}),
    svg("rect", {x: G.frame, y: G.tileBottom + 2, width: W - 2 * G.frame, height: G.feltTop - G.tileBottom - 4,
      fill: "#3e2510"}),
    svg("rect", {class: "tray-felt", x: G.frame, y: G.feltTop, width: W - 2 * G.frame, height: G.feltH,
      rx: G.compact ? 8 : 12}),
    tilesGroup, st.diceGroup, st.sumText, st.feltNote, st.shutBanner,
  ]);

  st.selText = h("p", {class: "stb-selection", "aria-live": "polite"});
  st.coverBtn = h("button", {class: "btn primary big", type: "button", "data-action": "cover"}, "Cover");
  st.clearBtn = h("button", {class: "btn quiet", type: "button", "data-action": "clear"}, "Clear");
  st.rollBtn = h("button", {class: "btn primary big", type: "button", "data-action": "roll2"}, [icon("dice"), "Roll the dice"]);
  st.rollOneBtn = h("button", {class: "btn big", type: "button", "data-action": "roll1"}, ["Roll one die"]);
  st.coverBtn.addEventListener("click", () => confirm(st));
  st.clearBtn.addEventListener("click", () => { st.selection.clear(); update(st); });
  st.rollBtn.addEventListener("click", () => st.ctx && st.ctx.play("roll 2"));
  st.rollOneBtn.addEventListener("click", () => st.ctx && st.ctx.play("roll 1"));
  st.keys = h("p", {class: "stb-keys"}, [
    "Keys: ", h("kbd", {}, "1"), "–", h("kbd", {}, "9"),
    n >= 10 ? [" ", h("kbd", {}, "0"), " = 10"] : null,
    n >= 12 ? [", ", h("kbd", {}, "-"), " = 11, ", h("kbd", {}, "="), " = 12"] : null,
    " pick tiles · ", h("kbd", {}, "Enter"), " confirms · ", h("kbd", {}, "R"), " rolls · ",
    h("kbd", {}, "O"), " rolls one die · ", h("kbd", {}, "Esc"), " clears",
  ].flat());
  st.actions = h("div", {class: "stb-actions"}, [st.selText, st.rollBtn, st.rollOneBtn, st.coverBtn, st.clearBtn]);
  st.othersTitle = h("h3", {}, "Everyone's boxes");
  st.othersWrap = h("div", {class: "stb-others-wrap"}, [st.othersTitle]);
  st.others = h("div", {class: "stb-others"});
  st.othersWrap.append(st.others);
  st.scores = h("div", {class: "table-scroll"});
  st.rounds = h("div", {class: "table-scroll"});
  st.announce = h("p", {class: "visually-hidden", "aria-live": "polite"});

  root.replaceChildren(h("div", {class: "stb"}, [
    h("div", {class: "stb-main-title"}, [st.title, st.modeChip]),
    st.roles, st.status,
    h("div", {class: "stb-board"}, st.svg),
    st.actions, st.keys,
    st.othersWrap,
    st.scores, st.rounds, st.announce,
  ]));

  st.onKey = (event) => onKey(st, root, event);
  document.addEventListener("keydown", st.onKey);
  return st;
}

function say(st, text) {
  st.announce.textContent = "";
  requestAnimationFrame(() => { st.announce.textContent = text; });
  st.selText.replaceChildren(text);
}

function matchingFlip(st) {
  if (!st.selection.size) return null;
  const key = canonical(st.selection);
  return st.legal.includes(key) ? key : null;
}

function confirm(st) {
  const flip = matchingFlip(st);
  if (flip && st.ctx) st.ctx.play(flip);
}

function onKey(st, root, event) {
  if (!root.isConnected) { document.removeEventListener("keydown", st.onKey); return; }
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  const target = event.target;
  if (target && target.closest && target.closest("input, textarea, select, [contenteditable], dialog, [role=dialog]")) return;
  const key = event.key;
  const tile = /^[1-9]$/.test(key) ? Number(key) : KEY_TILE[key];
  const flipping = st.legal.some(isFlip);
  if (tile !== undefined && tile <= st.tiles) {
    if (!flipping) return;
    event.preventDefault();
    st.toggle(tile);
  } else if (key === "Enter") {
    if (target && target.closest && target.closest("button, a, summary, [role=button]")) return;
    if (matchingFlip(st)) { event.preventDefault(); confirm(st); }
  } else if (key === "r" || key === "R") {
    if (st.ctx && st.ctx.legal.includes("roll 2")) { event.preventDefault(); st.ctx.play("roll 2"); }
  } else if (key === "o" || key === "O") {
    if (st.ctx && st.ctx.legal.includes("roll 1")) { event.preventDefault(); st.ctx.play("roll 1"); }
  } else if (key === "Escape" && st.selection.size) {
    st.selection.clear();
    update(st);
  }
}

// ---- updating on every state --------------------------------------------------------------
function drawDice(st, view, focus) {
  const seat = view.seats[focus];
  const dice = seat ? seat.dice : [];
  const inAir = view.throwing === focus;
  const G = st.G;
  const size = G.dice;
  const step = size + G.diceGap;
  const key = `${view.round}|${focus}|${dice.join(",")}`;
  // The same dice thrown again still tumble: the seat went from throwing to something else.
  const status = seat ? seat.status : "";
  const freshThrow = st.lastStatus && st.lastStatus.key === `${view.round}|${focus}` &&
    st.lastStatus.status === "throw" && status !== "throw";
  const animate = st.lastDice !== null && dice.length && (key !== st.lastDice || freshThrow);
  st.lastDice = key;
  st.lastStatus = {key: `${view.round}|${focus}`, status};
  st.diceGroup.replaceChildren();
  const y = G.diceY;
  const shown = inAir ? [0, 0] : dice;
  const count = shown.length || 2;
  const sumWidth = shown.length && !inAir ? G.sumFont * 2.2 : 0;
  const x0 = G.W / 2 - (count * step - G.diceGap + sumWidth) / 2;
  if (!shown.length) {
    [0, 1].forEach((i) => {
      const ghost = die(x0 + i * step, y, size, 0, "ghost");
      ghost.setAttribute("opacity", "0.28");
      st.diceGroup.append(ghost);
    });
    st.sumText.textContent = "";
  } else {
    shown.forEach((value, i) => {
      st.diceGroup.append(die(x0 + i * step, y, size, inAir ? 0 : value,
        inAir ? "air" : animate ? "rolling" : ""));
    });
    st.sumText.setAttribute("x", x0 + shown.length * step + 2);
    st.sumText.textContent = inAir ? "" : `= ${dice.reduce((a, b) => a + b, 0)}`;
  }
}

function miniBoard(view, board, seat, ctx, current) {
  const n = view.tiles;
  const w = 24 * n + 8;
  const cells = [];
  for (let t = 1; t <= n; t++) {
    const shut = board.covered.includes(t);
    const x = 4 + (t - 1) * 24;
    cells.push(svg("rect", {class: shut ? "mini-tile-shut" : "mini-tile-open", x, y: shut ? 20 : 4,
      width: 21, height: shut ? 14 : 30, rx: 3}));
    cells.push(svg("text", {class: "mini-num", x: x + 10.5, y: shut ? 29 : 21, "text-anchor": "middle",
      "dominant-baseline": "middle", "font-size": shut ? 9 : 13}, [String(t)]));
  }
  const s = view.seats[seat];
  const covered = board.covered.length ? board.covered.slice().sort((a, b) => a - b).join(", ") : "none";
  return h("div", {class: `stb-mini${current ? " current" : ""}`, "data-seat": seat}, [
    h("div", {class: "who"}, [
      h("span", {}, [current ? "▶ " : "", ctx.names[seat] || `Seat ${seat + 1}`]),
      h("span", {class: "st"}, statusText(s, false)),
    ]),
    svg("svg", {viewBox: `0 0 ${w} 38`, role: "img",
      "aria-label": `${ctx.names[seat]}'s box: covered ${covered}${s.dice.length ? `; last throw ${s.dice.join(" and ")}` : ""}`}, cells),
  ]);
}

function scoresTable(view, ctx) {
  const money = view.seats.some((s) => s.balance !== "0");
  const cumulative = view.mode === "cumulative";
  const long = view.mode === "long";
  const head = ["Player", "Status", "Throw", long ? null : "Score", cumulative ? "Total" : null,
    view.mode === "round" || view.mode === "simultaneous" ? "Won" : null, money ? "Balance" : null]
    .filter((x) => x !== null);
  const rows = view.seats.map((s, seat) => {
    const acting = ctx.state && ctx.state.to_act && ctx.state.to_act.includes(seat);
    const cells = [
      h("td", {}, [acting ? "▶ " : "", ctx.names[seat] || `Seat ${seat + 1}`,
        ctx.held && ctx.held.includes(seat) ? h("span", {class: "muted small"}, " (you)") : null]),
      h("td", {}, statusText(s, s.role === "uncover")),
      h("td", {class: "mono"}, s.dice.length ? s.dice.join(" + ") : "—"),
      long ? null : h("td", {class: "num"}, s.score === null || s.score === undefined ? "—" : String(s.score)),
      cumulative ? h("td", {class: "num"}, String(s.total)) : null,
      view.mode === "round" || view.mode === "simultaneous" ? h("td", {class: "num"}, niceFraction(s.wins)) : null,
      money ? h("td", {class: "num"}, niceFraction(s.balance)) : null,
    ].filter((x) => x !== null);
    return h("tr", {class: view.winners && view.winners.includes(seat) ? "win" : ""}, cells);
  });
  return h("table", {class: "data stb-scores"}, [
    h("caption", {class: "visually-hidden"}, "Scores this round"),
    h("thead", {}, h("tr", {}, head.map((x) => h("th", {scope: "col", class: ["Player", "Status", "Throw"].includes(x) ? "" : "num"}, x)))),
    h("tbody", {}, rows),
  ]);
}

function roundsTable(view, ctx) {
  if (!view.history || !view.history.length) return null;
  const seats = view.seats.map((_, i) => i);
  const long = view.mode === "long";
  return h("div", {}, [
    h("h3", {}, "Rounds"),
    h("table", {class: "data stb-rounds"}, [
      h("thead", {}, h("tr", {}, [
        h("th", {scope: "col"}, "Round"),
        ...(long ? [] : seats.map((s) => h("th", {scope: "col", class: "num"}, ctx.names[s] || `Seat ${s + 1}`))),
        h("th", {scope: "col"}, "Won by"),
      ])),
      h("tbody", {}, view.history.map((r) => h("tr", {}, [
        h("td", {}, String(r.round)),
        ...(long ? [] : seats.map((s) => h("td", {class: "num"},
          r.scores[s] === null || r.scores[s] === undefined ? "—" : `${r.scores[s]}${r.winners.includes(s) ? " ★" : ""}`))),
        h("td", {}, [r.winners.map((s) => ctx.names[s]).join(" and ") || "nobody",
          r.shut_by !== null && r.shut_by !== undefined ? ` (shut by ${ctx.names[r.shut_by]})` : ""]),
      ]))),
    ]),
    long ? null : h("p", {class: "small muted"}, "★ won the round; — did not finish (someone shut the box first, or out)."),
  ]);
}

function update(st) {
  const active = document.activeElement;
  const idle = !active || active === document.body;
  if (!idle) st.refocus = false;
  const focusWasHere = !idle && st.root.contains(active);
  updateView(st);
  // A control that had the focus may have been hidden (the roll button once thrown): move the
  // focus to what comes next, so keyboard players are not thrown back to the top of the page.
  // If nothing is ready yet (the dice are still rolling), do it on a later update.
  const lost = !st.root.contains(document.activeElement) || !isShown(document.activeElement);
  if ((focusWasHere && lost) || (st.refocus && idle)) {
    const next = [st.root.querySelector(".tile.enabled"), st.rollBtn, st.rollOneBtn, st.coverBtn]
      .find((el) => el && isShown(el) && !el.disabled);
    if (next) {
      next.focus({preventScroll: true});
      st.refocus = false;
    } else {
      st.refocus = true;
    }
  }
}

function updateView(st) {
  const ctx = st.ctx;
  const view = ctx.view;
  const focus = focusSeatOf(view, ctx);
  const board = boardOf(view, focus);
  const focusSeat = view.seats[focus] || {status: "waiting", dice: []};
  const uncovering = focusSeat.role === "uncover";
  st.uncovering = uncovering;
  const name = (s) => ctx.names[s] || `Seat ${s + 1}`;
  const mineToAct = ctx.legal.length > 0;

  // heading and roles
  st.title.textContent = view.mode === "long" ? "The box" : `${name(focus)}'s box`;
  st.modeChip.textContent = `${MODE_NAME[view.mode] || view.mode} · round ${view.round}` +
    (view.bank ? ` · extra turns banked: ${view.bank}` : "");
  st.roles.replaceChildren();
  if (view.mode === "long") {
    view.seats.forEach((s, seat) => {
      const on = view.current === seat && !view.over;
      st.roles.append(h("span", {class: `chip${on ? " on" : ""}`}, [on ? "▶ " : "", `${name(seat)} `,
        h("strong", {}, s.role === "uncover" ? "uncovers" : "covers"), on ? " (their turn)" : ""]));
    });
  }

  // status sentence
  let status = "";
  const who = ctx.held && ctx.held.length === 1 && ctx.held[0] === focus ? "You" : name(focus);
  const total = focusSeat.dice.reduce((a, b) => a + b, 0);
  if (view.over) status = "The game is over.";
  else if (view.throwing === focus) status = `${who}: the dice are rolling…`;
  else if (focusSeat.status === "throw") status = `${who} ${who === "You" ? "throw" : "throws"} next.`;
  else if (focusSeat.status === "place") {
    status = `${who} threw ${focusSeat.dice.join(" and ")}: ${uncovering ? "uncover" : "cover"} tiles adding up to ${total}.`;
  } else if (focusSeat.status === "done") {
    status = `${who} finished with ${focusSeat.score ?? "—"}.`;
  } else if (focusSeat.status === "out") status = `${name(focus)} is out.`;
  st.status.textContent = status;

  // tiles
  const flips = ctx.legal.filter(isFlip);
  const legalKey = flips.join("|");
  if (legalKey !== st.legalKey) {
    st.legalKey = legalKey;
    st.enabled = new Set(flips.flatMap(parseFlip));
    for (const t of [...st.selection]) if (!st.enabled.has(t)) st.selection.delete(t);
  }
  st.legal = flips;
  const coveredSet = new Set(board.covered);
  if (st.lastFocus !== focus) {  // another box is shown: nothing flips
    st.lastCovered.clear();
    for (const el of st.tileEls.values()) el.classList.remove("flipping");
  }
  st.lastFocus = focus;
  for (const [t, el] of st.tileEls) {
    const shut = coveredSet.has(t);
    const wasShut = st.lastCovered.get(t);
    el.classList.toggle("covered", shut);
    const enabled = st.enabled.has(t);
    el.classList.toggle("enabled", enabled);
    el.classList.toggle("disabled-tile", !enabled && flips.length > 0 && (uncovering ? shut : !shut));
    el.classList.toggle("selected", st.selection.has(t));
    if (wasShut === false && shut) {
      el.classList.remove("flipping");
      void el.getBoundingClientRect();
      el.classList.add("flipping");
      setTimeout(() => el.classList.remove("flipping"), 500);
    }
    st.lastCovered.set(t, shut);
    const label = `Tile ${t}, ${shut ? "covered" : "open"}${st.selection.has(t) ? ", selected" : ""}`;
    if (enabled) {
      el.setAttribute("role", "button");
      el.setAttribute("tabindex", "0");
      el.setAttribute("aria-pressed", st.selection.has(t) ? "true" : "false");
      el.setAttribute("aria-label", label.replace(", selected", ""));
    } else {
      el.setAttribute("role", "img");
      el.removeAttribute("tabindex");
      el.removeAttribute("aria-pressed");
      el.setAttribute("aria-label", label);
    }
  }
  const open = board.uncovered.slice().sort((a, b) => a - b);
  st.svg.setAttribute("aria-label", `${st.title.textContent}: open ${open.join(", ") || "none"}; covered ` +
    `${board.covered.slice().sort((a, b) => a - b).join(", ") || "none"}` +
    (focusSeat.dice.length ? `; dice ${focusSeat.dice.join(" and ")}` : ""));
  st.shutBanner.setAttribute("visibility", board.uncovered.length === 0 ? "visible" : "hidden");
  drawDice(st, view, focus);
  st.feltNote.textContent = st.compact || focusSeat.dice.length || view.throwing === focus ? "" :
    focusSeat.status === "throw" ? "Roll to start" : "";

  // actions
  const canRoll2 = ctx.legal.includes("roll 2");
  const canRoll1 = ctx.legal.includes("roll 1");
  st.rollBtn.hidden = !canRoll2;
  st.rollOneBtn.hidden = !canRoll1;
  st.rollBtn.replaceChildren(icon("dice"), canRoll1 ? "Roll two dice" : "Roll the dice");
  const placing = flips.length > 0;
  st.coverBtn.hidden = !placing;
  st.clearBtn.hidden = !placing;
  st.keys.hidden = !mineToAct;
  const match = matchingFlip(st);
  const verb = uncovering ? "Uncover" : "Cover";
  st.coverBtn.disabled = !match;
  st.coverBtn.replaceChildren(match ? `${verb} ${match}` : verb);
  st.clearBtn.disabled = !st.selection.size;
  if (placing) {
    const picked = canonical(st.selection);
    const sum = [...st.selection].reduce((a, b) => a + b, 0);
    if (!st.selection.size) {
      st.selText.replaceChildren(`Pick tiles adding up to ${total}: tap them, or press their numbers.`);
    } else if (match) {
      st.selText.replaceChildren(h("strong", {}, picked), ` = ${sum}. `,
        h("span", {class: "ok"}, "✓ Ready:"), ` press ${verb} ${match} or Enter.`);
    } else {
      st.selText.replaceChildren(h("strong", {}, picked), ` = ${sum} of ${total}` +
        (sum < total ? ": pick more." : ": too much, unpick a tile."));
    }
  } else if (canRoll2 || canRoll1) {
    st.selText.replaceChildren(canRoll1 ? "Throw one die or two: one die is allowed now." : "Throw the dice.");
  } else {
    st.selText.replaceChildren();
  }
  st.actions.hidden = !mineToAct;

  // other boards
  st.others.replaceChildren();
  const others = view.mode === "long" ? [] : view.seats.map((_, i) => i).filter((s) => s !== focus);
  st.othersWrap.hidden = !others.length;
  st.othersTitle.textContent = view.mode === "simultaneous" ? "The other boxes" : "Everyone else's box";
  for (const seat of others) {
    st.others.append(miniBoard(view, boardOf(view, seat), seat, ctx, view.current === seat));
  }

  st.scores.replaceChildren(scoresTable(view, ctx));
  const rounds = roundsTable(view, ctx);
  st.rounds.replaceChildren(...(rounds ? [rounds] : []));
}

export function render(root, ctx) {
  const view = ctx.view;
  if (!view || !Array.isArray(view.boards)) {
    root.replaceChildren(h("p", {class: "muted"}, "Waiting for the box…"));
    root._stb = null;
    return;
  }
  let st = root._stb;
  const compact = root.clientWidth > 0 && root.clientWidth < COMPACT_BELOW;
  if (!st || st.tiles !== view.tiles || st.mode !== view.mode || st.compact !== compact) {
    const kept = st && st.tiles === view.tiles ? st.selection : null;
    if (st) {
      document.removeEventListener("keydown", st.onKey);
      if (st.resize) st.resize.disconnect();
    }
    st = build(root, view, compact);
    if (kept) st.selection = kept;
    root._stb = st;
    if (typeof ResizeObserver === "function") {
      // Switch between the wide and the compact box when the space crosses the line.
      st.resize = new ResizeObserver(() => {
        const now = root.clientWidth > 0 && root.clientWidth < COMPACT_BELOW;
        if (root._stb === st && now !== st.compact && st.ctx && root.isConnected) render(root, st.ctx);
      });
      st.resize.observe(root);
    }
  }
  if (st.ctx && st.ctx.view.round !== view.round) st.selection.clear();
  st.ctx = ctx;
  update(st);
}
