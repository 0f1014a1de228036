// Drawing draughts on every state: the board with its marks (the pieces that can move, where they can
// go, the jump being clicked, the last move), the players' strips, the status and the prompt, the draw
// offer and the game's buttons; update() draws them all, and the move list (movelist.js).

import {h, icon, svg} from "/static/js/svg.js";
import {fill, plural} from "/static/js/view.js";
import {clockSetting} from "/static/js/table/clock.js";
import {drawMoves} from "./movelist.js";
import {TITLE, boardMoves, colourOf, listText, other, pieceWord, startsWith, unique} from "./notation.js";
import {drawPiece, miniPiece} from "./pieces.js";
import {EDGE, R, S, between, centre, onScreen} from "./squares.js";

// ---- the move being chosen ------------------------------------------------------------------------
export function candidates(st) {
  return st.plays.filter((p) => startsWith(p.path, st.path));
}

/** The move the clicked path completes, when a longer one could also go on (the huffing rule). */
export function completeMove(st) {
  if (st.path.length < 2) return null;
  return candidates(st).find((p) => p.path.length === st.path.length) || null;
}

export function waitingReason(st) {
  const {ctx, view} = st;
  if (view.over) return "The game is over.";
  if (ctx.state.replay) return "A replay: nothing to play here.";
  if (ctx.state.looking_back) return "Looking back at an earlier position: “Back to the game” shows the game as it is now.";
  if (ctx.seat === null || ctx.seat === undefined) return "You are watching: take a seat to play.";
  if (ctx.legal.includes("accept")) return "Answer the draw offer first: accept or decline.";
  const who = view.turn && view.colours ? ctx.names[view.colours.indexOf(view.draw_offered_by ? other(view.turn) : view.turn)] : null;
  return who ? `Waiting for ${who}'s move.` : "It is not your turn.";
}

// ---- updating on every state --------------------------------------------------------------------
export function roving(st) {
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
    strip.clock.show(ctx.state ? ctx.state.clock : null, seat, name);
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
  const clock = st.ctx.state ? st.ctx.state.clock : null;
  st.clockChip.hidden = !clock;
  if (clock) st.clockChip.textContent = `Clock: ${clockSetting(clock)}`;
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
  // (a click on one of these plays its data-move: the listener is on st.huffs, made in build())
  st.huffs.replaceChildren(...huffs.map((m) => h("button", {class: "btn quiet", type: "button", "data-action": "huff",
    "data-move": m}, `Huff the piece on ${m.slice(5)}`)));
  st.gameActions.hidden = st.offerBtn.hidden && st.resignBtn.hidden && !huffs.length;
}

export function update(st) {
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
