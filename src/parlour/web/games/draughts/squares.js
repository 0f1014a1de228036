// The draughts board's geometry: the size of a square and of a piece in SVG units, the standard
// numbering of the 32 playing squares, and where a square is on the screen (either way up).

export const S = 100;                 // one square, in SVG units
export const EDGE = 18;               // the frame round the squares
export const SIZE = 8 * S + 2 * EDGE;
export const R = 36;                  // a piece's radius

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
export function onScreen(sq, blackBottom) {
  const [r, c] = rowCol(sq);
  return blackBottom ? [7 - r, 7 - c] : [r, c];
}
export function atScreen(r, c, blackBottom) {
  return blackBottom ? squareAt(7 - r, 7 - c) : squareAt(r, c);
}
export function between(a, b) {
  const [ra, ca] = rowCol(a);
  const [rb, cb] = rowCol(b);
  if (Math.abs(ra - rb) !== 2 || Math.abs(ca - cb) !== 2) return null;
  return squareAt((ra + rb) / 2, (ca + cb) / 2);
}
export function centre(sq, blackBottom) {
  const [r, c] = onScreen(sq, blackBottom);
  return [EDGE + c * S + S / 2, EDGE + r * S + S / 2];
}
