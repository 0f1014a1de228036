// What the table page keeps in this browser's localStorage: the seats' tokens this device holds at
// each table ({seat: token}, under parlour:tokens:CODE), and the name last typed to take a seat.

const NAME_KEY = "parlour:name";
const tokensKey = (code) => `parlour:tokens:${code}`;

export function loadTokens(code) {
  try {
    const data = JSON.parse(localStorage.getItem(tokensKey(code)) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch { return {}; }
}
export function saveTokens(code, tokens) {
  try { localStorage.setItem(tokensKey(code), JSON.stringify(tokens)); } catch { /* private mode */ }
}
export function savedName() {
  try { return localStorage.getItem(NAME_KEY) || ""; } catch { return ""; }
}
export function saveName(name) {
  try { localStorage.setItem(NAME_KEY, name); } catch { /* ignore */ }
}
