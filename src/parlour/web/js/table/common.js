// What the parts of the table page share: the element lookup, the table's code (from the address),
// messages as sentences, the text of an HTTP error, and the players' names.

export const $ = (id) => document.getElementById(id);
export const code = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop() || "").toUpperCase();

/** What an HTTP error says (FastAPI's detail), or its status. */
export async function errorText(response) {
  let body = null;
  try { body = await response.json(); } catch { /* not JSON */ }
  if (body && typeof body.detail === "string") return body.detail;
  if (body && Array.isArray(body.detail)) return body.detail.map((d) => d.msg).join("; ");
  return `the server answered ${response.status}`;
}

/** A message as a sentence: a capital first, a full stop last. */
export function sentence(text) {
  const s = String(text).trim();
  if (!s) return s;
  return s.charAt(0).toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? "" : ".");
}

/** A seat's name in the last state message, or "Empty seat 2" for a seat nobody has taken. */
export function seatName(state, seat) {
  const s = state && state.seats.find((x) => x.seat === seat);
  return (s && s.name) || `Empty seat ${seat + 1}`;
}
/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function namesList(state, seats) {
  const names = seats.map((seat) => seatName(state, seat));
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
