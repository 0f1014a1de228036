// Draughts in words: the moves in their notation, the colours and pieces named, the table's log read
// back as a move list, and a PDN game read for replaying.

export const PLAY = /^\d{1,2}(?:[-x]\d{1,2})+$/;
export const TITLE = {black: "Black", white: "White"};
const RESULTS = new Set(["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"]);

// ---- moves ------------------------------------------------------------------------------------
/** The moves on the board among the legal moves: {text, path, capture}. */
export function boardMoves(legal) {
  return legal.filter((t) => PLAY.test(t)).map((text) => ({
    text, path: text.split(/[-x]/).map(Number), capture: text.includes("x"),
  }));
}
export const startsWith = (path, prefix) => prefix.every((sq, i) => path[i] === sq);
export const listText = (items) => (items.length <= 1 ? items.join("") :
  `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`);
export const unique = (xs) => [...new Set(xs)];

export function pieceWord(letter) {
  if (!letter) return "empty";
  const colour = letter.toLowerCase() === "b" ? "black" : "white";
  return `${colour} ${letter === letter.toUpperCase() ? "king" : "man"}`;
}
export const colourOf = (letter) => (!letter ? null : letter.toLowerCase() === "b" ? "black" : "white");
export const other = (colour) => (colour === "black" ? "white" : "black");

// ---- the log as a move list ---------------------------------------------------------------------
// The view carries no move history, so the move list is read from the table's log lines, which the
// game writes as "Ann (Black): 11-15, taking 1 piece", "Bob (White) huffs the piece on 14", ...
const LOG_MOVE = /: (\d{1,2}(?:[-x]\d{1,2})+)(?:, [^:]*)?$/;
const LOG_HUFF = / huffs the piece on (\d{1,2})$/;
const LOG_NOTE = [
  [/ offers a draw$/, "offers a draw"], [/ accepts the draw$/, "accepts the draw"],
  [/ declines the draw/, "declines the draw"], [/ resigns$/, "resigns"],
];

export function entriesFromLog(log, view) {
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
export function moveRows(entries, blackStarted) {
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
export function readPdn(text, start) {
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
