// Draughts (English checkers): the board in SVG, seen from the player's side (Flip board turns it);
// the pieces that can move and where they can go marked by shape; a move made by clicking the piece
// and then the square (a multiple jump: each landing square in turn), or by keyboard (arrow keys
// and Enter on the squares); the last move drawn as an arrow; captures counted; draw offers and
// resignation; and the move list, with PDN export and, at a pass-and-play table, PDN import (the
// moves replayed from the start).
// The view-module contract is described at the top of /static/js/generic.js.
// This module builds the view's DOM once per root and holds render().  Beside it, in games/draughts/:
// the squares' geometry, the notation (and the log and PDN read back), the pieces drawn, drawing on
// every state (draw.js), acting by mouse and keys (input.js), the move list with PDN and the review, and
// the look back at the game's earlier positions (lookback.js).  At a table played on a clock, each
// player's strip shows their clock (/static/js/table/clock.js).

import {h, icon, svg} from "/static/js/svg.js";
import {completeMove, roving, update} from "./draughts/draw.js";
import {cancel, flip, loadPrefs, onBoardKey, onKey, onSquare, send, setNumbers} from "./draughts/input.js";
import {copyPdn, loadPdn, runImport, startImport, startReview} from "./draughts/movelist.js";
import {buildLookBack, lookContext} from "./draughts/lookback.js";
import {flipIcon} from "./draughts/pieces.js";
import {clockFace} from "/static/js/table/clock.js";
import {EDGE, S, SIZE, onScreen} from "./draughts/squares.js";

const CSS_HREF = "/static/games/draughts.css";

function ensureStyles() {
  if (document.querySelector(`link[data-game-css="draughts"]`)) return;
  document.head.append(h("link", {rel: "stylesheet", href: CSS_HREF, "data-game-css": "draughts"}));
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
      tags: h("span", {class: "dr-player-tags"}), clock: clockFace()};
  };
  st.top = strip("top");
  st.bottom = strip("bottom");
  for (const s of [st.top, st.bottom]) s.el.append(s.piece, s.name, s.tags, s.clock.el);

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
  st.huffs = h("span", {class: "dr-huffs"});  // a button for each piece that may be huffed (drawActions)
  st.huffs.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-move]");
    if (button) send(st, button.dataset.move);
  });
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
  st.moveScroll = h("div", {class: "dr-movelist", tabindex: 0, role: "region", "aria-label": "Moves played"}, st.moveTable);
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
  st.clockChip = h("span", {class: "chip dr-clock-chip", hidden: true});
  const boardCol = h("div", {class: "dr-board-col"}, [
    st.top.el, h("div", {class: "dr-board"}, st.svg), st.bottom.el, st.prompt, st.selectRow, st.textBoard,
  ]);
  const side = h("div", {class: "dr-side"}, [
    h("section", {class: "dr-status", "aria-label": "Game status"}, [st.turn, st.lastLine, st.notes]),
    buildLookBack(st, () => draw(st)),
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
    h("div", {class: "dr-head"}, [h("h3", {}, "Draughts"), st.ruleChip, st.clockChip]),
    h("div", {class: "dr-layout"}, [boardCol, side]),
    st.keys,
  ]);
  root.replaceChildren(st.main);

  st.onKey = (event) => onKey(st, event);
  document.addEventListener("keydown", st.onKey);
  return st;
}

// ---- every state ------------------------------------------------------------------------------------
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
  st.live = ctx;
  if (st.refusedSeen !== undefined && ctx.refused !== st.refusedSeen) {
    // the move shown as on its way ("Playing 9-13…") was refused: the page says why under the moves
    st.path = [];
    st.sentAt = null;
    st.said = "";
  }
  st.refusedSeen = ctx.refused;
  draw(st);
  runImport(st);
}

/** Draw the live position, or the earlier one being looked back at (draughts/lookback.js). */
function draw(st) {
  st.ctx = lookContext(st, st.live);
  update(st);
}
