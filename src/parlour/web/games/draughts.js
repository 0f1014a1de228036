// Draughts (English checkers): the board in SVG, seen from the player's side (Flip board turns it);
// the pieces that can move and where they can go marked by shape; a move made by clicking the piece
// and then the square (a multiple jump: each landing square in turn), or by keyboard (arrow keys
// and Enter on the squares); the last move drawn as an arrow; captures counted; draw offers and
// resignation; and the move list, with PDN export and, at a pass-and-play table, PDN import (the
// moves replayed from the start).
// The view-module contract is described at the top of /static/js/generic.js.

import {h, icon, svg} from "/static/js/svg.js";

const S = 100;                 // one square, in SVG units
const EDGE = 18;               // the frame round the squares
const SIZE = 8 * S + 2 * EDGE;
const R = 36;                  // a piece's radius
const CSS_HREF = "/static/games/draughts.css";
const PREFS_KEY = "parlour:draughts";
const PLAY = /^\d{1,2}(?:[-x]\d{1,2})+$/;
const TITLE = {black: "Black", white: "White"};
const RESULTS = new Set(["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"]);

// ---- squares ---------------------------------------------------------------------------------
// The standard numbering, seen with Black at the top: row 0 holds 1-4, row 7 holds 29-32; a
// square's column follows from its row (board.py in the game says the same).
function rowCol(sq) {
  const r = Math.floor((sq - 1) / 4);
  return [r, 2 * ((sq - 1) % 4) + (r % 2 === 0 ? 1 : 0)];
}
function squareAt(r, c) {
  if (r < 0 || r > 7 || c < 0 || c > 7 || (r + c) % 2 === 0) return null;
  return r * 4 + Math.floor(c / 2) + 1;
}
/** Row and column on the screen: Black at the top, or turned round with Black at the bottom. */
function onScreen(sq, blackBottom) {
  const [r, c] = rowCol(sq);
  return blackBottom ? [7 - r, 7 - c] : [r, c];
}
function atScreen(r, c, blackBottom) {
  return blackBottom ? squareAt(7 - r, 7 - c) : squareAt(r, c);
}
function between(a, b) {
  const [ra, ca] = rowCol(a);
  const [rb, cb] = rowCol(b);
  if (Math.abs(ra - rb) !== 2 || Math.abs(ca - cb) !== 2) return null;
  return squareAt((ra + rb) / 2, (ca + cb) / 2);
}
function centre(sq, blackBottom) {
  const [r, c] = onScreen(sq, blackBottom);
  return [EDGE + c * S + S / 2, EDGE + r * S + S / 2];
}

// ---- moves ------------------------------------------------------------------------------------
/** The moves on the board among the legal moves: {text, path, capture}. */
function boardMoves(legal) {
  return legal.filter((t) => PLAY.test(t)).map((text) => ({
    text, path: text.split(/[-x]/).map(Number), capture: text.includes("x"),
  }));
}
const startsWith = (path, prefix) => prefix.every((sq, i) => path[i] === sq);
const listText = (items) => (items.length <= 1 ? items.join("") :
  `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`);
const unique = (xs) => [...new Set(xs)];
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

function pieceWord(letter) {
  if (!letter) return "empty";
  const colour = letter.toLowerCase() === "b" ? "black" : "white";
  return `${colour} ${letter === letter.toUpperCase() ? "king" : "man"}`;
}
const colourOf = (letter) => (!letter ? null : letter.toLowerCase() === "b" ? "black" : "white");

// ---- the log as a move list ---------------------------------------------------------------------
// The view carries no move history, so the move list is read from the table's log lines, which the
// game writes as "Ann (Black): 11-15, taking 1 piece", "Bob (White) huffs the piece on 14", ...
const LOG_MOVE = /: (\d{1,2}(?:[-x]\d{1,2})+)(?:, [^:]*)?$/;
const LOG_HUFF = / huffs the piece on (\d{1,2})$/;
const LOG_NOTE = [
  [/ offers a draw$/, "offers a draw"], [/ accepts the draw$/, "accepts the draw"],
  [/ declines the draw/, "declines the draw"], [/ resigns$/, "resigns"],
];

function entriesFromLog(log, view) {
  const colourOfSeat = (seat) => (view.colours && view.colours[seat]) || null;
  const out = [];
  let ply = 0;  // the move's index among the game's moves (as the engine's review counts them)
  for (const line of log || []) {
    if (line.seat < 0) continue;
    const colour = colourOfSeat(line.seat);
    const move = LOG_MOVE.exec(line.text);
    if (move) { out.push({kind: "move", colour, text: move[1], n: line.n, ply: ply++}); continue; }
    const huff = LOG_HUFF.exec(line.text);
    if (huff) { out.push({kind: "huff", colour, square: Number(huff[1]), n: line.n}); continue; }
    for (const [re, words] of LOG_NOTE) {
      if (re.test(line.text)) { out.push({kind: "note", colour, text: `${TITLE[colour] || "?"} ${words}`, n: line.n}); break; }
    }
  }
  return out;
}

/** Rows of the move list: {n, black, white} for moves, {note} between them. */
function moveRows(entries, blackStarted) {
  const rows = [];
  let plies = blackStarted === false ? 1 : 0;  // a set-up position with White to move: "1. … 22-18"
  let row = null;
  for (const e of entries) {
    if (e.kind !== "move") {
      rows.push({note: e.kind === "huff" ? `${TITLE[e.colour] || "?"} huffs the piece on ${e.square}` : e.text});
      row = null;
      continue;
    }
    const n = Math.floor(plies / 2) + 1;
    if (plies % 2 === 0) {
      row = {n, black: e, white: null};
      rows.push(row);
    } else if (row && row.n === n && !row.white) {
      row.white = e;
    } else {
      row = {n, black: null, white: e};
      rows.push(row);
    }
    plies += 1;
  }
  return rows;
}

/** The moves of a PDN game, for replaying from the table's start: {moves} or {error}.
 * ``start``: the table's set-up position (its FEN, as the server writes it), or null. */
function readPdn(text, start) {
  let t = String(text).replace(/\r/g, "");
  const tags = {};
  t = t.replace(/\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\\n]|\\["\\])*)"\s*\]/g, (_, key, value) => {
    tags[key] = value.replace(/\\(["\\])/g, "$1");
    return " ";
  });
  if (tags.GameType && tags.GameType.split(",")[0].trim() !== "21") {
    return {error: `GameType ${tags.GameType} is not English draughts (21).`};
  }
  const fen = tags.FEN ? tags.FEN.replace(/\s+/g, "") : null;
  if (fen && fen !== start) {
    return {error: `This game starts from a set-up position (FEN ${fen}). Open a new table with that ` +
      "position as its start (the lobby's start-position option) and import the game there."};
  }
  if (!fen && start) {
    return {error: `This table starts from a set-up position (FEN ${start}), and this game from the usual opening.`};
  }
  const moves = [];
  let error = null;
  t = t.replace(/\{([^}]*)\}/g, (_, comment) => {
    const huff = /^\s*huff\s+(\d{1,2})\s*$/i.exec(comment);
    return huff ? ` huff:${huff[1]} ` : " ";
  });
  if (/[{}()[\];]/.test(t)) return {error: "The PDN has something this reader does not take: variations ( ), ; comments or an unclosed { or [."};
  for (const word of t.split(/\s+/).filter(Boolean)) {
    if (RESULTS.has(word)) break;
    const w = word.replace(/^\d+\.(?:\.\.)?/, "");
    if (!w) continue;
    if (w.startsWith("huff:")) { moves.push(`huff ${w.slice(5)}`); continue; }
    if (!PLAY.test(w.toLowerCase())) { error = `“${word}” is not a move (moves look like 11-15 or 22x15x8).`; break; }
    moves.push(w.toLowerCase());
  }
  if (error) return {error};
  if (!moves.length) return {error: "No moves found: paste a game's PDN (its moves, like 1. 11-15 23-19 …)."};
  return {moves};
}

// ---- preferences -----------------------------------------------------------------------------
function loadPrefs() {
  try { return JSON.parse(localStorage.getItem(PREFS_KEY) || "{}") || {}; } catch { return {}; }
}
function savePrefs(prefs) {
  try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch { /* private mode */ }
}

function ensureStyles() {
  if (document.querySelector(`link[data-game-css="draughts"]`)) return;
  document.head.append(h("link", {rel: "stylesheet", href: CSS_HREF, "data-game-css": "draughts"}));
}

// ---- drawing pieces ---------------------------------------------------------------------------
function crown(cx, cy) {
  // a three-pointed crown on a band, with a ball on each point
  const d = `M${cx - 21} ${cy + 11} L${cx - 24} ${cy - 9} L${cx - 11} ${cy + 1} L${cx} ${cy - 15} ` +
    `L${cx + 11} ${cy + 1} L${cx + 24} ${cy - 9} L${cx + 21} ${cy + 11} Z`;
  return svg("g", {class: "dr-crown"}, [
    svg("path", {d}),
    svg("rect", {x: cx - 21, y: cy + 8, width: 42, height: 7, rx: 2}),
    svg("circle", {cx: cx - 24, cy: cy - 10, r: 3.6}),
    svg("circle", {cx, cy: cy - 16, r: 3.6}),
    svg("circle", {cx: cx + 24, cy: cy - 10, r: 3.6}),
  ]);
}

function drawPiece(letter) {
  const colour = colourOf(letter);
  const king = letter === letter.toUpperCase();
  const c = S / 2;
  const g = svg("g", {class: `dr-piece ${colour}${king ? " king" : ""}`, "aria-hidden": "true"});
  if (king) {
    // a king is two men stacked, with a crown on top
    g.append(
      svg("circle", {class: "dr-shadow", cx: c + 2, cy: c + 9, r: R}),
      svg("circle", {class: "dr-body", cx: c, cy: c + 6, r: R}),
      svg("circle", {class: "dr-body", cx: c, cy: c - 3, r: R}),
      svg("circle", {class: "dr-groove", cx: c, cy: c - 3, r: R - 9}),
      crown(c, c - 4),
    );
  } else {
    g.append(
      svg("circle", {class: "dr-shadow", cx: c + 2, cy: c + 4, r: R}),
      svg("circle", {class: "dr-body", cx: c, cy: c, r: R}),
      svg("circle", {class: "dr-groove", cx: c, cy: c, r: R - 9}),
      svg("circle", {class: "dr-groove", cx: c, cy: c, r: R - 19}),
    );
  }
  return g;
}

function miniPiece(colour) {
  return svg("svg", {class: "dr-mini", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false"}, [
    svg("circle", {class: `dr-mini-${colour}`, cx: 12, cy: 12, r: 10}),
    svg("circle", {class: `dr-mini-groove-${colour}`, cx: 12, cy: 12, r: 6}),
  ]);
}

function flipIcon() {
  return svg("svg", {class: "icon-svg", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false", fill: "none",
    stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round", "stroke-linejoin": "round"}, [
    svg("path", {d: "M4 9a8 8 0 0 1 14-3l2 2M20 4v4h-4"}),
    svg("path", {d: "M20 15a8 8 0 0 1-14 3l-2-2M4 20v-4h4"}),
  ]);
}

// ---- building the DOM once per root -------------------------------------------------------------
function build(root) {
  ensureStyles();
  const prefs = loadPrefs();
  const st = {
    root, ctx: null, view: null, flipped: false, numbers: prefs.numbers !== false, blackBottom: false,
    path: [], plays: [], legalKey: null, cells: new Map(), focusSq: null, homeCol: null, confirming: false,
    importing: null, sentAt: null, pdn: "", review: null, reviewing: null,
  };

  // the board
  const defs = svg("defs", {}, [
    svg("marker", {id: "dr-arrowhead", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 3.2, markerHeight: 3.2,
      orient: "auto-start-reverse", markerUnits: "strokeWidth"}, [svg("path", {class: "dr-arrowhead", d: "M0 0 L10 5 L0 10 z"})]),
    svg("radialGradient", {id: "dr-black-body", cx: "38%", cy: "32%", r: "75%"}, [
      svg("stop", {offset: "0", "stop-color": "#57504a"}), svg("stop", {offset: "1", "stop-color": "#151210"})]),
    svg("radialGradient", {id: "dr-white-body", cx: "38%", cy: "32%", r: "75%"}, [
      svg("stop", {offset: "0", "stop-color": "#fffdf6"}), svg("stop", {offset: "1", "stop-color": "#dccca9"})]),
  ]);
  const cells = svg("g", {class: "dr-cells"});
  for (let sq = 1; sq <= 32; sq++) {
    const g = svg("g", {class: "dr-sq", "data-sq": sq, role: "button", tabindex: -1});
    const parts = {
      g,
      last: svg("rect", {class: "dr-last", x: 6, y: 6, width: S - 12, height: S - 12, rx: 6}),
      num: svg("text", {class: "dr-num", x: 6, y: 20, "aria-hidden": "true"}, [String(sq)]),
      piece: svg("g", {class: "dr-piece-slot"}),
      mark: svg("g", {class: "dr-marks", "aria-hidden": "true"}),
      shown: undefined,
    };
    g.append(svg("rect", {class: "dr-cell", width: S, height: S}), parts.last, parts.num, parts.piece, parts.mark,
      svg("rect", {class: "dr-focus", x: 4, y: 4, width: S - 8, height: S - 8, rx: 7}));
    g.addEventListener("click", () => onSquare(st, sq));
    g.addEventListener("focus", () => { st.focusSq = sq; st.homeCol = onScreen(sq, st.blackBottom)[1]; roving(st); });
    st.cells.set(sq, parts);
    cells.append(g);
  }
  st.overlay = svg("g", {class: "dr-overlay", "aria-hidden": "true"});
  st.svg = svg("svg", {class: "dr-svg", viewBox: `0 0 ${SIZE} ${SIZE}`, role: "group", "aria-roledescription": "draughts board"}, [
    defs,
    svg("rect", {class: "dr-frame", x: 0, y: 0, width: SIZE, height: SIZE, rx: 12}),
    svg("rect", {class: "dr-light", x: EDGE, y: EDGE, width: 8 * S, height: 8 * S}),
    cells, st.overlay,
  ]);
  st.svg.addEventListener("keydown", (event) => onBoardKey(st, event));

  const strip = (where) => {
    const el = h("div", {class: `dr-player ${where}`});
    return {el, piece: h("span", {class: "dr-player-piece"}), name: h("span", {class: "dr-player-name"}),
      tags: h("span", {class: "dr-player-tags"})};
  };
  st.top = strip("top");
  st.bottom = strip("bottom");
  for (const s of [st.top, st.bottom]) s.el.append(s.piece, s.name, s.tags);

  st.prompt = h("p", {class: "dr-prompt", "aria-live": "polite"});
  st.textBoard = h("p", {class: "visually-hidden"});

  // status and actions
  st.turn = h("p", {class: "dr-turn"});
  st.lastLine = h("p", {class: "dr-lastline"});
  st.notes = h("ul", {class: "dr-notes"});
  st.flipBtn = h("button", {class: "btn quiet small-btn", type: "button", "data-action": "flip", "aria-pressed": "false"},
    [flipIcon(), "Flip board"]);
  st.flipBtn.addEventListener("click", () => flip(st));
  st.numBox = h("input", {type: "checkbox", "data-action": "numbers"});
  st.numBox.checked = st.numbers;
  st.numBox.addEventListener("change", () => setNumbers(st, st.numBox.checked));
  const numLabel = h("label", {class: "check dr-check"}, [st.numBox, h("span", {}, "Square numbers")]);

  st.stopBtn = h("button", {class: "btn primary small-btn", type: "button", "data-action": "stop"}, "Stop here");
  st.stopBtn.addEventListener("click", () => {
    const done = completeMove(st);
    if (done) send(st, done.text);
  });
  st.cancelBtn = h("button", {class: "btn quiet small-btn", type: "button", "data-action": "cancel"}, "Cancel");
  st.cancelBtn.addEventListener("click", () => cancel(st));
  st.selectRow = h("div", {class: "btn-row dr-select-row"}, [st.stopBtn, st.cancelBtn]);

  st.offerBox = h("div", {class: "dr-offer", role: "group", "aria-label": "Draw offer"});
  st.offerText = h("p", {class: "dr-offer-text"});
  st.acceptBtn = h("button", {class: "btn primary", type: "button", "data-action": "accept"}, "Accept the draw");
  st.declineBtn = h("button", {class: "btn", type: "button", "data-action": "decline"}, "Decline");
  st.acceptBtn.addEventListener("click", () => send(st, "accept"));
  st.declineBtn.addEventListener("click", () => send(st, "decline"));
  st.offerBox.append(st.offerText, h("div", {class: "btn-row"}, [st.acceptBtn, st.declineBtn]));

  st.offerBtn = h("button", {class: "btn quiet", type: "button", "data-action": "offer-draw"}, "Offer a draw");
  st.offerBtn.addEventListener("click", () => send(st, "offer draw"));
  st.resignBtn = h("button", {class: "btn quiet dr-resign", type: "button", "data-action": "resign"}, [icon("flag"), "Resign…"]);
  st.resignBtn.addEventListener("click", () => { st.confirming = true; update(st); st.confirmNo.focus(); });
  st.huffs = h("span", {class: "dr-huffs"});
  st.gameActions = h("div", {class: "btn-row dr-game-actions"}, [st.huffs, st.offerBtn, st.resignBtn]);
  st.confirmYes = h("button", {class: "btn dr-danger", type: "button", "data-action": "confirm-resign"}, "Yes, resign");
  st.confirmNo = h("button", {class: "btn quiet", type: "button", "data-action": "cancel-resign"}, "Keep playing");
  st.confirmYes.addEventListener("click", () => { st.confirming = false; send(st, "resign"); });
  st.confirmNo.addEventListener("click", () => { st.confirming = false; update(st); st.resignBtn.focus(); });
  st.confirmBox = h("div", {class: "dr-confirm", role: "alertdialog", "aria-label": "Resign the game?"}, [
    h("p", {}, [h("strong", {}, "Resign the game?"), " Your opponent wins at once."]),
    h("div", {class: "btn-row"}, [st.confirmYes, st.confirmNo]),
  ]);

  // the move list, PDN export and import
  st.moveBody = h("tbody", {});
  st.moveTable = h("table", {class: "data dr-movetable"}, [
    h("caption", {class: "visually-hidden"}, "Moves, numbered as in PDN: Black's move, then White's"),
    h("thead", {}, h("tr", {}, [h("th", {scope: "col", class: "num"}, "No."), h("th", {scope: "col"}, "Black"),
      h("th", {scope: "col"}, "White")])),
    st.moveBody,
  ]);
  st.moveScroll = h("div", {class: "dr-movelist", tabindex: 0, role: "region", "aria-label": "Move list"}, st.moveTable);
  st.noMoves = h("p", {class: "small muted dr-nomoves"}, "No moves yet.");
  st.copyBtn = h("button", {class: "btn quiet small-btn", type: "button", "data-action": "copy-pdn"}, "Copy PDN");
  st.downloadBtn = h("a", {class: "btn quiet small-btn", href: "#", download: "", "data-action": "download-pdn"}, "Export PDN");
  st.copyBtn.addEventListener("click", () => copyPdn(st));
  st.downloadBtn.addEventListener("click", () => { st.pdnStatus.textContent = "PDN file saved."; });
  st.pdnStatus = h("span", {class: "small dr-pdn-status", role: "status"});
  st.pdnArea = h("textarea", {class: "dr-pdn-text", readonly: true, rows: 6, spellcheck: "false", "aria-label": "The game in PDN"});
  st.pdnDetails = h("details", {class: "dr-pdn"}, [h("summary", {}, "PDN text"), st.pdnArea]);
  st.pdnDetails.addEventListener("toggle", () => { if (st.pdnDetails.open) loadPdn(st); });

  st.reviewBtn = h("button", {class: "btn small-btn", type: "button", "data-action": "review"}, "Review the game");
  st.reviewBtn.addEventListener("click", () => startReview(st));
  st.reviewStatus = h("p", {class: "small dr-review-status", role: "status"});
  st.reviewList = h("ul", {class: "dr-review-list"});
  st.reviewBox = h("section", {class: "dr-review", "aria-label": "The engine's review", hidden: true}, [
    h("p", {class: "small muted"}, "The engine looks at every move and marks those that lost half a man or more, or threw away a win or a draw."),
    h("div", {class: "btn-row"}, [st.reviewBtn]), st.reviewStatus, st.reviewList]);

  st.importArea = h("textarea", {class: "dr-import-text", rows: 4, spellcheck: "false",
    "aria-label": "PDN to import", placeholder: "1. 11-15 23-19 2. 8-11 22-17 …"});
  st.importBtn = h("button", {class: "btn small-btn", type: "button", "data-action": "import-pdn"}, "Replay these moves");
  st.importBtn.addEventListener("click", () => startImport(st));
  st.importWhy = h("p", {class: "small muted dr-import-why"});
  st.importStatus = h("p", {class: "small dr-import-status", role: "status"});
  st.importDetails = h("details", {class: "dr-import"}, [h("summary", {}, "Import PDN"), st.importWhy,
    st.importArea, h("div", {class: "btn-row"}, [st.importBtn]), st.importStatus]);

  st.keys = h("p", {class: "dr-keys small muted"}, [
    "Keys: on the board, ", h("kbd", {}, "←"), h("kbd", {}, "→"), h("kbd", {}, "↑"), h("kbd", {}, "↓"),
    " go from square to square, ", h("kbd", {}, "Enter"), " chooses; ", h("kbd", {}, "Esc"), " cancels; ",
    h("kbd", {}, "F"), " flips the board; ", h("kbd", {}, "N"), " shows or hides the square numbers. ",
    "Or type the move below (", h("code", {}, "11-15"), ", ", h("code", {}, "22x15x6"), ").",
  ]);

  st.ruleChip = h("span", {class: "chip"});
  const boardCol = h("div", {class: "dr-board-col"}, [
    st.top.el, h("div", {class: "dr-board"}, st.svg), st.bottom.el, st.prompt, st.selectRow, st.textBoard,
  ]);
  const side = h("div", {class: "dr-side"}, [
    h("section", {class: "dr-status", "aria-label": "Game status"}, [st.turn, st.lastLine, st.notes]),
    st.offerBox,
    h("div", {class: "btn-row dr-view-actions"}, [st.flipBtn, numLabel]),
    st.gameActions, st.confirmBox,
    h("section", {class: "dr-moves", "aria-labelledby": "dr-moves-title"}, [
      h("h4", {id: "dr-moves-title"}, "Move list"), st.noMoves, st.moveScroll,
      st.reviewBox,
      h("div", {class: "btn-row dr-pdn-row"}, [st.downloadBtn, st.copyBtn, st.pdnStatus]),
      st.pdnDetails, st.importDetails,
    ]),
  ]);
  st.main = h("div", {class: "dr"}, [
    h("div", {class: "dr-head"}, [h("h3", {}, "Draughts"), st.ruleChip]),
    h("div", {class: "dr-layout"}, [boardCol, side]),
    st.keys,
  ]);
  root.replaceChildren(st.main);

  st.onKey = (event) => onKey(st, event);
  document.addEventListener("keydown", st.onKey);
  return st;
}

// ---- actions ------------------------------------------------------------------------------------
/** A message under the board (a refusal, or what happened), until the position changes. */
function say(st, text, refused = false) {
  st.said = text;
  st.saidRefused = refused;
  st.saidId = (st.saidId || 0) + 1;
  update(st);
}

function send(st, text) {
  if (!st.ctx || !st.ctx.legal.includes(text)) return;
  st.sentAt = {key: st.legalKey, time: Date.now()};
  st.ctx.play(text);
  say(st, `Playing ${text}…`);
}

function cancel(st) {
  if (!st.path.length) return false;
  st.path = [];
  st.said = "";
  update(st);
  return true;
}

function flip(st) {
  st.flipped = !st.flipped;
  update(st);
}

function setNumbers(st, on) {
  st.numbers = on;
  st.numBox.checked = on;
  savePrefs({...loadPrefs(), numbers: on});
  update(st);
}

function candidates(st) {
  return st.plays.filter((p) => startsWith(p.path, st.path));
}

/** The move the clicked path completes, when a longer one could also go on (the huffing rule). */
function completeMove(st) {
  if (st.path.length < 2) return null;
  return candidates(st).find((p) => p.path.length === st.path.length) || null;
}

function waitingReason(st) {
  const {ctx, view} = st;
  if (view.over) return "The game is over.";
  if (ctx.seat === null || ctx.seat === undefined) return "You are watching: take a seat to play.";
  if (ctx.legal.includes("accept")) return "Answer the draw offer first: accept or decline.";
  const who = view.turn && view.colours ? ctx.names[view.colours.indexOf(view.draw_offered_by ? other(view.turn) : view.turn)] : null;
  return who ? `Waiting for ${who}'s move.` : "It is not your turn.";
}
const other = (colour) => (colour === "black" ? "white" : "black");

function onSquare(st, sq) {
  const {ctx, view} = st;
  if (!ctx || !view) return;
  st.focusSq = sq;
  roving(st);
  // a move is on its way (unless the server refused it: table.js then shows why)
  if (st.sentAt && st.sentAt.key === st.legalKey && Date.now() - st.sentAt.time < 4000) return;
  const plays = st.plays;
  const huff = `huff ${sq}`;
  if (!st.path.length && ctx.legal.includes(huff)) { send(st, huff); return; }
  if (!plays.length) { say(st, waitingReason(st), true); return; }
  const path = st.path;
  const starts = unique(plays.map((p) => p.path[0]));
  if (path.length) {
    const cands = candidates(st);
    const next = cands.filter((p) => p.path[path.length] === sq);
    if (next.length) {
      const longer = [...path, sq];
      const done = next.filter((p) => p.path.length === longer.length);
      if (done.length === 1 && done.length === next.length) { send(st, done[0].text); return; }
      st.path = longer;
      st.said = "";
      update(st);
      return;
    }
    const ends = cands.filter((p) => p.path[p.path.length - 1] === sq);
    if (ends.length === 1) { send(st, ends[0].text); return; }
    if (ends.length > 1) {
      say(st, `Several routes end on ${sq} (${listText(ends.map((p) => p.text))}): choose the squares the piece lands on, one at a time.`, true);
      return;
    }
    if (sq === path[0]) { st.path = []; say(st, "Nothing chosen."); return; }
    if (starts.includes(sq)) { st.path = [sq]; st.said = ""; update(st); return; }
    const nextSquares = unique(cands.map((p) => p.path[path.length]));
    if (path.length === 1) {
      say(st, `The piece on ${path[0]} cannot go to ${sq}: it can go to ${listText(nextSquares)}.`, true);
    } else {
      say(st, `From ${path[path.length - 1]} the piece cannot land on ${sq}: it must go on to ${listText(nextSquares)}.`, true);
    }
    return;
  }
  if (starts.includes(sq)) { st.path = [sq]; st.said = ""; update(st); return; }
  const letter = view.board[sq - 1];
  const mover = view.turn;
  if (letter && colourOf(letter) === mover) {
    const kind = letter === letter.toUpperCase() ? "king" : "man";
    const capture = plays.some((p) => p.capture) && !view.huffing;
    say(st, capture
      ? `The ${kind} on ${sq} cannot move now: you must capture, with the piece on ${listText(starts)}.`
      : `The ${kind} on ${sq} has no move. Pieces that can move: ${listText(starts)}.`, true);
  } else if (letter) {
    say(st, `That is ${TITLE[colourOf(letter)]}'s ${letter === letter.toUpperCase() ? "king" : "man"}. Choose one of your pieces: ${listText(starts)}.`, true);
  } else {
    say(st, `Square ${sq} is empty. Choose one of your pieces first: ${listText(starts)}.`, true);
  }
}

function onBoardKey(st, event) {
  const target = event.target.closest && event.target.closest(".dr-sq");
  if (!target || event.ctrlKey || event.metaKey || event.altKey) return;
  const sq = Number(target.dataset.sq);
  const [r, c] = onScreen(sq, st.blackBottom);
  let to = null;
  switch (event.key) {
    case "Enter":
    case " ":
      event.preventDefault();
      event.stopPropagation();
      onSquare(st, sq);
      return;
    case "ArrowLeft": to = atScreen(r, c - 2, st.blackBottom); break;
    case "ArrowRight": to = atScreen(r, c + 2, st.blackBottom); break;
    case "ArrowUp":
    case "ArrowDown": {
      // stay in a two-column band: alternate between the remembered column and its neighbour
      const r2 = event.key === "ArrowUp" ? r - 1 : r + 1;
      const home = st.homeCol ?? c;
      const c2 = c === home ? (atScreen(r2, home + 1, st.blackBottom) ? home + 1 : home - 1) : home;
      to = atScreen(r2, c2, st.blackBottom);
      if (to) { event.preventDefault(); moveFocus(st, to, false); }
      return;
    }
    case "Home": to = atScreen(r, 0, st.blackBottom) || atScreen(r, 1, st.blackBottom); break;
    case "End": to = atScreen(r, 7, st.blackBottom) || atScreen(r, 6, st.blackBottom); break;
    default: return;
  }
  event.preventDefault();
  if (to) moveFocus(st, to, true);
}

function moveFocus(st, sq, resetHome) {
  st.focusSq = sq;
  roving(st);
  const keep = st.homeCol;
  st.cells.get(sq).g.focus();
  if (!resetHome) st.homeCol = keep;
}

function onKey(st, event) {
  if (st.root._dr !== st || !st.root.isConnected) {  // table.js made a new root: this one is done
    document.removeEventListener("keydown", st.onKey);
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  const target = event.target;
  if (target && target.closest && target.closest("input, textarea, select, [contenteditable], dialog, [role=dialog]")) return;
  if (event.key === "Escape") {
    if (st.confirming) { st.confirming = false; update(st); st.resignBtn.focus(); event.preventDefault(); return; }
    if (st.path.length) { st.path = []; say(st, "Nothing chosen."); event.preventDefault(); }
  } else if (event.key === "f" || event.key === "F") {
    event.preventDefault();
    flip(st);
  } else if (event.key === "n" || event.key === "N") {
    event.preventDefault();
    setNumbers(st, !st.numbers);
  }
}

// ---- PDN ------------------------------------------------------------------------------------
function exportUrl(st) {
  const state = st.ctx.state;
  return `/api/tables/${encodeURIComponent(state.code)}/export?game_no=${state.game_no || 1}`;
}

/** The game's PDN as the server writes it (fetched again only when the game has moved on). */
async function loadPdn(st) {
  const state = st.ctx.state;
  const key = JSON.stringify([state.code, state.game_no, state.seq]);
  if (st.pdnKey === key && st.pdn) return st.pdn;
  try {
    const response = await fetch(exportUrl(st));
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    const text = await response.text();
    if (JSON.stringify([st.ctx.state.code, st.ctx.state.game_no, st.ctx.state.seq]) === key) {
      st.pdnKey = key;
      st.pdn = text;
      st.pdnArea.value = text;
    }
    return text;
  } catch (err) {
    st.pdnStatus.textContent = `The PDN could not be fetched (${err.message}).`;
    return "";
  }
}

async function copyPdn(st) {
  const text = await loadPdn(st);
  if (!text) return;
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    st.pdnStatus.textContent = "PDN copied.";
  } catch {
    st.pdnDetails.open = true;
    st.pdnArea.focus();
    st.pdnArea.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    st.pdnStatus.textContent = ok ? "PDN copied." : "Select the PDN text and copy it.";
  }
}

// ---- the engine's review of a finished game ---------------------------------------------------------
async function startReview(st) {
  const state = st.ctx.state;
  const game = state.game_no || 1;
  st.reviewing = {game, error: ""};
  drawReview(st);
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(state.code)}/review?game_no=${game}`);
    const body = await response.json();
    if (!response.ok) throw new Error(body.detail || `the server answered ${response.status}`);
    st.review = {game, ...body};
    st.reviewing = null;
  } catch (err) {
    st.reviewing = {game, error: `No review: ${err.message}`};
  }
  st.movesKey = null;  // mark the moves
  drawMoves(st);
}

function drawReview(st) {
  const {view, ctx} = st;
  const game = ctx.state.game_no || 1;
  if (st.review && st.review.game !== game) st.review = null;
  if (st.reviewing && st.reviewing.game !== game) st.reviewing = null;
  st.reviewBox.hidden = !view.over || view.plies === 0;
  const r = st.review;
  const busy = st.reviewing && !st.reviewing.error;
  st.reviewBtn.hidden = !!r;
  st.reviewBtn.disabled = !!busy;
  if (r) {
    st.reviewStatus.textContent = r.mistakes.length
      ? `${plural(r.moves, "move", "moves")} reviewed: ${plural(r.mistakes.length, "mistake", "mistakes")} marked with ? in the move list.`
      : `${plural(r.moves, "move", "moves")} reviewed: no mistakes found.`;
  } else if (busy) {
    st.reviewStatus.textContent = `The engine is looking at ${plural(view.plies, "move", "moves")} ` +
      `(about ${Math.max(1, Math.round(view.plies * 0.5))} seconds)\u2026`;
  } else {
    st.reviewStatus.textContent = st.reviewing ? st.reviewing.error : "";
  }
  st.reviewList.replaceChildren(...(r ? r.mistakes : []).map((m) => h("li", {"data-ply": m.ply}, [
    h("strong", {class: "mono"}, `${m.move} ${m.played}?`), ` (${TITLE[m.colour]}): ${m.why}`])));
}

/** Why a PDN cannot be replayed here now, or "" if it can. */
function importBlocked(st) {
  const {ctx, view} = st;
  const both = Array.isArray(ctx.held) && ctx.held.includes(0) && ctx.held.includes(1);
  if (!both) return "Import replays a game's moves at a table where this device plays both sides (pass-and-play).";
  if (view.over) return "The game is over: import into a new game (Play again), before its first move.";
  if (view.plies > 0 || (ctx.state.log || []).some((l) => l.seat >= 0)) return "Import works only before the first move of a game.";
  return "";
}

function startImport(st) {
  const why = importBlocked(st);
  if (why) { st.importStatus.textContent = why; return; }
  const read = readPdn(st.importArea.value, st.view.rules ? st.view.rules.start : null);
  if (read.error) { st.importStatus.textContent = read.error; return; }
  st.importing = {moves: read.moves, i: 0, lastSeq: null, game: st.ctx.state.game_no};
  st.importStatus.textContent = `Replaying ${plural(read.moves.length, "move", "moves")}…`;
  runImport(st);
}

function resolveImported(legal, text) {
  if (legal.includes(text)) return text;
  const squares = text.split(/[-x]/).map(Number);
  if (text.includes("x") && squares.length === 2) {
    const found = boardMoves(legal).filter((p) => p.capture && p.path[0] === squares[0] &&
      p.path[p.path.length - 1] === squares[1]);
    if (found.length === 1) return found[0].text;
  }
  return null;
}

function runImport(st) {
  const job = st.importing;
  if (!job) return;
  const {ctx, view} = st;
  if (ctx.state.game_no !== job.game) { st.importing = null; return; }
  if (job.i >= job.moves.length) {
    st.importing = null;
    st.importStatus.textContent = `Imported ${plural(job.moves.length, "move", "moves")}.`;
    return;
  }
  const wanted = job.moves[job.i];
  if (view.over) {
    st.importing = null;
    st.importStatus.textContent = `The game ended before the PDN's ${wanted}: ${job.i} of ${job.moves.length} moves replayed.`;
    return;
  }
  if (job.lastSeq === ctx.state.seq || !ctx.legal.length) return;  // wait for the answer
  const move = resolveImported(ctx.legal, wanted);
  if (!move) {
    st.importing = null;
    const n = Math.floor(view.plies / 2) + 1;
    st.importStatus.textContent = `Stopped at move ${n} (${TITLE[view.turn]}): ${wanted} is not legal here. ` +
      `${job.i} of ${job.moves.length} moves replayed.`;
    return;
  }
  job.lastSeq = ctx.state.seq;
  job.i += 1;
  ctx.play(move);
}

// ---- updating on every state --------------------------------------------------------------------
function roving(st) {
  for (const [sq, cell] of st.cells) cell.g.setAttribute("tabindex", sq === st.focusSq ? "0" : "-1");
}

function defaultBlackBottom(ctx) {
  const view = ctx.view;
  const held = Array.isArray(ctx.held) ? ctx.held : [];
  let colour = view.colour;
  if (held.length > 1 && view.colours) colour = view.colours[Math.min(...held)];
  return colour === "black";
}

function mark(cls, children) { return svg("g", {class: cls}, children); }
/** Element.replaceChildren without the nulls (which it would write as "null"). */
function fill(el, ...children) { el.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false)); }

function drawBoard(st) {
  const {view, ctx} = st;
  const bb = st.blackBottom;
  const plays = st.plays;
  const path = st.path;
  const cands = path.length ? candidates(st) : [];
  const starts = new Set(path.length ? [] : plays.map((p) => p.path[0]));
  const steps = new Set(cands.map((p) => p.path[path.length]).filter((x) => x !== undefined));
  const ends = new Set(cands.map((p) => p.path[p.path.length - 1]));
  const jumped = new Set();
  for (let i = 0; i + 1 < path.length; i++) { const j = between(path[i], path[i + 1]); if (j) jumped.add(j); }
  const last = view.last_move;
  const lastPath = last ? last.path : [];
  const lastTaken = new Set(last ? last.captured : []);
  const huffable = new Set((view.huffable || []).filter((s) => ctx.legal.includes(`huff ${s}`)));
  const c = S / 2;

  for (const [sq, cell] of st.cells) {
    const [r, col] = onScreen(sq, bb);
    cell.g.setAttribute("transform", `translate(${EDGE + col * S} ${EDGE + r * S})`);
    const letter = view.board[sq - 1] || null;
    if (cell.shown !== letter) {
      cell.piece.replaceChildren(...(letter ? [drawPiece(letter)] : []));
      cell.shown = letter;
    }
    const flags = {
      movable: starts.has(sq), selected: path[0] === sq, step: steps.has(sq),
      target: ends.has(sq) && !steps.has(sq), visited: path.indexOf(sq) > 0, jumped: jumped.has(sq),
      "last-from": lastPath[0] === sq, "last-to": lastPath.length > 0 && lastPath[lastPath.length - 1] === sq,
      "last-via": lastPath.indexOf(sq) > 0 && lastPath.indexOf(sq) < lastPath.length - 1,
      "last-taken": lastTaken.has(sq) && !letter, huffable: huffable.has(sq),
    };
    for (const [name, on] of Object.entries(flags)) cell.g.classList.toggle(name, on);
    const marks = [];
    if (flags.movable) {
      marks.push(mark("dr-movable", [svg("circle", {class: "dr-ring-under", cx: c, cy: c, r: R + 7}),
        svg("circle", {class: "dr-movable-ring", cx: c, cy: c, r: R + 7})]));
    }
    if (flags.selected) marks.push(svg("circle", {class: "dr-selected-ring", cx: c, cy: c, r: R + 8}));
    if (flags.step) {
      marks.push(mark("dr-step", [svg("circle", {cx: c, cy: c, r: 22}), svg("circle", {class: "dr-step-dot", cx: c, cy: c, r: 8})]));
    } else if (flags.target) {
      marks.push(svg("circle", {class: "dr-target", cx: c, cy: c, r: 22}));
    }
    if (flags.visited) {
      const order = path.indexOf(sq);
      marks.push(mark("dr-badge", [svg("circle", {cx: c, cy: c, r: 21}),
        svg("text", {x: c, y: c + 1, "text-anchor": "middle", "dominant-baseline": "middle"}, [String(order)])]));
    }
    if (flags.jumped) marks.push(mark("dr-cross", [svg("path", {d: `M${c - 25} ${c - 25} L${c + 25} ${c + 25} M${c + 25} ${c - 25} L${c - 25} ${c + 25}`})]));
    if (flags["last-taken"]) marks.push(mark("dr-taken", [svg("path", {d: `M${c - 12} ${c - 12} L${c + 12} ${c + 12} M${c + 12} ${c - 12} L${c - 12} ${c + 12}`})]));
    if (flags.huffable) {
      marks.push(mark("dr-huff", [svg("circle", {cx: c, cy: c, r: R + 7}),
        svg("text", {x: c, y: S - 6, "text-anchor": "middle"}, ["HUFF"])]));
    }
    cell.mark.replaceChildren(...marks);

    // what a screen reader hears on the square
    const words = [`Square ${sq}`, pieceWord(letter)];
    if (flags.movable) words.push("can move");
    if (flags.selected) words.push("chosen");
    if (flags.step) words.push(path.length > 1 || cands.some((p) => p.path.length > path.length + 1) ? "can land here" : "move here");
    if (flags.target) words.push("a jump can end here");
    if (flags.visited) words.push(`landing ${path.indexOf(sq)} of the jump`);
    if (flags.jumped) words.push("jumped");
    if (flags["last-from"]) words.push("the last move started here");
    if (flags["last-to"]) words.push("the last move ended here");
    if (flags["last-taken"]) words.push("a piece was taken here");
    if (flags.huffable) words.push("may be huffed");
    cell.g.setAttribute("aria-label", words.join(", "));
  }
  if (st.focusSq === null) st.focusSq = [...starts][0] || (bb ? 29 : 4);
  roving(st);

  // arrows: the last move, and the jump being clicked
  const arrows = [];
  if (lastPath.length > 1 && path.length < 2) {  // hidden while a jump is being clicked
    const pts = lastPath.map((s) => centre(s, bb).join(",")).join(" ");
    arrows.push(svg("polyline", {class: "dr-last-arrow", points: pts, "marker-end": "url(#dr-arrowhead)"}));
  }
  if (path.length > 1) {
    const pts = path.map((s) => centre(s, bb).join(",")).join(" ");
    arrows.push(svg("polyline", {class: "dr-path-line", points: pts}));
  }
  st.overlay.replaceChildren(...arrows);

  st.main.classList.toggle("no-numbers", !st.numbers);
  st.main.classList.toggle("my-turn", plays.length > 0);
  st.svg.setAttribute("aria-label", `Draughts board, ${bb ? "Black" : "White"} at the bottom`);
  st.svg.dataset.bottom = bb ? "black" : "white";
  st.svg.dataset.fen = view.fen || "";
  st.flipBtn.setAttribute("aria-pressed", st.flipped ? "true" : "false");

  // the position as text, for screen readers
  const list = (colour, king) => view.board.map((p, i) => (p && colourOf(p) === colour && (p === p.toUpperCase()) === king ? i + 1 : null))
    .filter((x) => x !== null);
  const side = (colour) => {
    const men = list(colour, false);
    const kings = list(colour, true);
    return `${TITLE[colour]}: ${men.length ? `men on ${men.join(", ")}` : "no men"}${kings.length ? `; kings on ${kings.join(", ")}` : ""}`;
  };
  st.textBoard.textContent = `${side("black")}. ${side("white")}.`;
}

function drawPlayers(st) {
  const {view, ctx} = st;
  const show = (strip, colour) => {
    const seat = view.colours ? view.colours.indexOf(colour) : -1;
    const name = seat >= 0 ? ctx.names[seat] || `Seat ${seat + 1}` : TITLE[colour];
    const mine = seat >= 0 && Array.isArray(ctx.held) && ctx.held.length === 1 && ctx.held[0] === seat;
    const taken = view.taken[colour];  // since the start, which may be a set-up position
    const toMove = !view.over && view.turn && (view.draw_offered_by ? other(view.turn) === colour : view.turn === colour);
    strip.el.dataset.colour = colour;
    strip.el.classList.toggle("to-move", !!toMove);
    strip.piece.replaceChildren(miniPiece(colour));
    fill(strip.name, h("strong", {}, name), ` · ${TITLE[colour]}`, mine ? h("span", {class: "dr-you"}, " (you)") : null);
    fill(strip.tags,
      toMove ? h("span", {class: "dr-tomove"}, [icon("play"), view.draw_offered_by ? "to answer" : "to move"]) : null,
      h("span", {class: "dr-taken-count", "data-taken": taken}, `took ${taken}`),
    );
  };
  show(st.bottom, st.blackBottom ? "black" : "white");
  show(st.top, st.blackBottom ? "white" : "black");
}

function drawStatus(st) {
  const {view, ctx} = st;
  const name = (colour) => {
    const seat = view.colours ? view.colours.indexOf(colour) : -1;
    return seat >= 0 ? ctx.names[seat] || TITLE[colour] : TITLE[colour];
  };
  const plays = st.plays;
  let turn;
  if (view.over) turn = `Game over. ${ctx.state.result || ""}`.trim();
  else if (!view.colours) turn = "A coin is tossed for the colours…";
  else if (view.draw_offered_by) {
    turn = `${name(view.draw_offered_by)} (${TITLE[view.draw_offered_by]}) offers a draw: ${name(other(view.draw_offered_by))} to answer.`;
  } else if (plays.length && ctx.held.length === 1) turn = `Your move (${TITLE[view.turn]}).`;
  else turn = `${name(view.turn)} (${TITLE[view.turn]}) to move · move ${view.move_number}.`;
  fill(st.turn, view.turn && !view.over ? miniPiece(view.draw_offered_by ? other(view.turn) : view.turn) : null, turn);

  const last = view.last_move;
  st.lastLine.replaceChildren(...(last ? ["Last move: ", h("strong", {class: "mono"}, last.text), ` by ${TITLE[last.by]}` +
    (last.captured.length ? `, taking ${plural(last.captured.length, "piece", "pieces")}` : "") + "."] : ["No move yet."]));

  const notes = [];
  if (plays.length && view.must_capture) notes.push("A capture is compulsory: the pieces that can take are ringed.");
  if (view.huffing && view.huffable && view.huffable.length && ctx.legal.some((m) => m.startsWith("huff "))) {
    notes.push(`You may huff ${listText(view.huffable.map(String))} (it failed to capture): it is marked HUFF.`);
  }
  if (view.huffed) notes.push(`${TITLE[view.turn]} huffed the piece on ${view.huffed} this turn.`);
  for (const colour of ["black", "white"]) {
    const left = view.countdown && view.countdown[colour];
    if (left !== null && left !== undefined && !view.over) {
      notes.push(`${TITLE[colour]} declined a draw: ${plural(left, "move", "moves")} left to win or get a man ahead, or the game is drawn.`);
    }
  }
  if (view.repetitions >= 2 && !view.over) {
    notes.push(`This position has occurred ${view.repetitions} times` +
      (view.rules.repetition_draw ? ": a third time draws the game." : " (repetition does not draw at this table)."));
  }
  st.notes.replaceChildren(...notes.map((n) => h("li", {}, n)));
  st.notes.hidden = !notes.length;

  // the prompt under the board
  let prompt = st.said;
  if (!prompt && plays.length) {
    const path = st.path;
    if (!path.length) {
      const starts = unique(plays.map((p) => p.path[0]));
      prompt = `Choose a piece to move (${listText(starts.map(String))}): they have a dashed ring.`;
    } else {
      const cands = candidates(st);
      const next = unique(cands.map((p) => p.path[path.length]).filter((x) => x !== undefined));
      const sofar = path.length > 1 ? `${path.join("x")} so far: jump on to` : `The piece on ${path[0]} can go to`;
      const done = completeMove(st);
      prompt = `${sofar} ${listText(next.map(String))}${done ? `, or stop here (${done.text})` : ""}. Esc cancels.`;
    }
  } else if (!prompt && ctx.legal.includes("accept")) {
    prompt = "Accept or decline the draw offer.";
  } else if (!prompt && !view.over) {
    prompt = waitingReason(st);
  }
  st.prompt.classList.toggle("refused", !!st.said && st.saidRefused);
  if (st.said && st.saidId !== st.shownId) {
    // a message said again is announced again: empty the live region, fill it on the next frame
    const id = st.saidId;
    st.shownId = id;
    st.prompt.textContent = "";
    requestAnimationFrame(() => { if (st.saidId === id && st.said) st.prompt.textContent = st.said; });
  } else if (st.prompt.textContent !== prompt && !(st.said && st.prompt.textContent === "")) {
    st.prompt.textContent = prompt;
  }
  st.selectRow.hidden = !st.path.length;
  st.stopBtn.hidden = !completeMove(st);
}

function drawActions(st) {
  const {ctx, view} = st;
  const legal = ctx.legal;
  st.ruleChip.textContent = view.huffing ? "Huffing rule: capturing is optional" : "Captures are compulsory";
  const answering = legal.includes("accept") || legal.includes("decline");
  st.offerBox.hidden = !(answering || (view.draw_offered_by && !view.over));
  if (!st.offerBox.hidden) {
    const seat = view.colours ? view.colours.indexOf(view.draw_offered_by) : -1;
    st.offerText.textContent = answering
      ? `${seat >= 0 ? ctx.names[seat] : TITLE[view.draw_offered_by]} offers a draw.`
      : `A draw has been offered: waiting for ${TITLE[other(view.draw_offered_by)]}'s answer.`;
  }
  st.acceptBtn.hidden = !legal.includes("accept");
  st.declineBtn.hidden = !legal.includes("decline");
  st.offerBtn.hidden = !legal.includes("offer draw");
  st.resignBtn.hidden = !legal.includes("resign");
  if (!legal.includes("resign")) st.confirming = false;
  st.confirmBox.hidden = !st.confirming;
  st.resignBtn.setAttribute("aria-expanded", st.confirming ? "true" : "false");
  const huffs = legal.filter((m) => m.startsWith("huff "));
  st.huffs.replaceChildren(...huffs.map((m) => {
    const b = h("button", {class: "btn quiet", type: "button", "data-action": "huff", "data-move": m},
      `Huff the piece on ${m.slice(5)}`);
    b.addEventListener("click", () => send(st, m));
    return b;
  }));
  st.gameActions.hidden = st.offerBtn.hidden && st.resignBtn.hidden && !huffs.length;
}

function drawMoves(st) {
  const {view, ctx} = st;
  const entries = entriesFromLog(ctx.state.log, view);
  const moves = entries.filter((e) => e.kind === "move").length;
  const complete = moves === view.plies;
  const rows = moveRows(entries, view.black_started);
  drawReview(st);
  const marked = new Map((st.review ? st.review.mistakes : []).map((m) => [m.ply, m]));
  const key = JSON.stringify([ctx.state.game_no, entries.length, complete, marked.size]);
  if (st.movesKey !== key) {
    st.movesKey = key;
    const lastMove = [...entries].reverse().find((e) => e.kind === "move");
    const cell = (e, waiting) => {
      if (!e) return h("td", {class: "mono muted"}, waiting ? "" : "…");  // … : White moved after a note
      const current = e === lastMove;
      const mistake = marked.get(e.ply);
      return h("td", {class: `mono${current ? " dr-current" : ""}${mistake ? " dr-mistake" : ""}`,
        "aria-current": current ? "true" : null, title: mistake ? mistake.why : null},
      mistake ? [e.text, h("span", {class: "dr-mistake-mark", "aria-label": " (a mistake)"}, "?")] : e.text);
    };
    st.moveBody.replaceChildren(...rows.map((row) => (row.note
      ? h("tr", {class: "dr-note-row"}, [h("td", {}, ""), h("td", {colspan: 2}, row.note)])
      : h("tr", {}, [h("th", {scope: "row", class: "num"}, `${row.n}.`), cell(row.black, false),
        cell(row.white, true)]))));
    st.noMoves.hidden = rows.length > 0;
    st.moveScroll.hidden = rows.length === 0;
    st.moveScroll.scrollTop = st.moveScroll.scrollHeight;
  }
  st.downloadBtn.href = exportUrl(st);
  if (st.pdnDetails.open) loadPdn(st);

  const why = importBlocked(st);
  st.importWhy.textContent = why || `Paste a game in PDN (from ${view.rules && view.rules.start ? "this table's set-up position" : "the usual opening"}): its moves are played here one by one, for both sides.`;
  st.importBtn.disabled = !!why || !!st.importing;
}

function update(st) {
  const ctx = st.ctx;
  const view = ctx.view;
  st.view = view;
  const key = JSON.stringify([ctx.state.game_no, ctx.state.seq, ctx.seat, ctx.legal]);
  if (key !== st.legalKey) {
    st.legalKey = key;
    st.path = [];
    st.said = "";
    st.sentAt = null;
  }
  st.plays = boardMoves(ctx.legal);
  st.blackBottom = defaultBlackBottom(ctx) !== st.flipped;
  drawBoard(st);
  drawPlayers(st);
  drawStatus(st);
  drawActions(st);
  drawMoves(st);
}

export function render(root, ctx) {
  const view = ctx.view;
  if (!view || !Array.isArray(view.board)) {
    root.replaceChildren(h("p", {class: "muted"}, "Waiting for the board…"));
    if (root._dr) document.removeEventListener("keydown", root._dr.onKey);
    root._dr = null;
    return;
  }
  let st = root._dr;
  if (!st) {
    st = build(root);
    root._dr = st;
  }
  st.ctx = ctx;
  update(st);
  runImport(st);
}
