// The generic game view: the fallback for games without a view module of their own.
//
// THE VIEW-MODULE CONTRACT
// ------------------------
// A game gets its own picture by adding one file, /static/games/{game}.js (that is,
// src/parlour/web/games/{game}.js, where {game} is the game's short name such as
// "shut-the-box").  It is an ES module that exports
//
//     export function render(root, ctx) { ... }
//
// table.js imports it with a dynamic import() and calls render() after every state message from
// the server (and again when the shown seat changes).  If the import fails, or the module has no
// render(), or render() throws, table.js uses this module instead.
//
//   root  An empty <div> the module owns.  It is the same element across calls for one game at one
//         table, so a module may keep its DOM (and a little state, e.g. a tile selection) on it and
//         update it in place, which lets CSS transitions animate changes.  table.js may replace it
//         with a fresh element at any time (another game, a pass-the-device cover), so keep all such
//         state on root (a property or a WeakMap keyed by root), never in module globals.
//   ctx   {
//           view:  the view JSON of the seat shown (state.views[seat]), or the public view
//                  (state.view) for a spectator;
//           legal: the legal moves (canonical text) of that seat, if this device holds it and it may
//                  act now; otherwise [];
//           seat:  the seat shown (a number), or null for a spectator;
//           names: the players' names, names[seat];
//           play(text): send a move in the game's notation for that seat (the server answers with a
//                  new state, or an error that table.js shows under the moves);
//           state: the whole last "state" message (seats, to_act, log, over, result, ...);
//                  on the replay page (js/replay.js) one made for the step shown, with replay: true;
//           held:  the seats this device holds (several on a pass-and-play device);
//           refused: how many moves sent from this page the server has refused (a count: a view
//                  that shows a move as on its way clears that when it grows; the page shows why).
//         }
//
// Rules for a view module: draw with SVG (helpers in /static/js/svg.js); every action must also be
// a focusable control usable by keyboard (table.js always lists the legal moves as buttons and has
// a text box, so a module may add shortcuts but is never the only way to act); never convey
// anything by colour alone; never block input (animations are decoration); read only ctx.
// Keyboard shortcuts must be registered once per root and must ignore keys typed into form fields.

import {h} from "/static/js/svg.js";

function valueNode(value) {
  if (value === null || value === undefined) return h("span", {class: "muted"}, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) {
      return document.createTextNode(value.length ? value.map((v) => (v === null ? "—" : String(v))).join(", ") : "(none)");
    }
    const list = h("dl", {});
    value.forEach((v, i) => list.append(h("dt", {}, `#${i + 1}`), h("dd", {}, valueNode(v))));
    return list;
  }
  if (typeof value === "object") {
    const list = h("dl", {});
    for (const [k, v] of Object.entries(value)) list.append(h("dt", {}, k.replace(/_/g, " ")), h("dd", {}, valueNode(v)));
    return list;
  }
  if (typeof value === "boolean") return document.createTextNode(value ? "yes" : "no");
  return document.createTextNode(String(value));
}

export function render(root, ctx) {
  const who = ctx.seat === null || ctx.seat === undefined ? "the table (as a spectator)" : ctx.names[ctx.seat];
  root.replaceChildren(h("div", {class: "generic-view"}, [
    h("h3", {}, `What ${who} can see`),
    h("p", {class: "note"}, "This game has no picture yet: the moves are listed as buttons below, " +
      "and you can type them in the box."),
    ctx.view ? valueNode(ctx.view) : h("p", {class: "muted"}, "Nothing to show yet."),
  ]));
}
