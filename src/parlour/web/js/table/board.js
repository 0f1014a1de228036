// The game's picture on the table page: the game's view module (/static/games/{game}.js; the contract
// is at the top of /static/js/generic.js) imported once and drawn into the board after every state, or
// the generic view where a game has none or its module fails.

import {h} from "/static/js/svg.js";

const modules = new Map();   // game -> its view module
const generics = new Set();  // the games drawn by the generic view
let boardRoot = null;        // the element the current view module owns
let boardModule = null;      // {name, module}
let boardToken = 0;          // counts the calls of renderBoard: the last one draws
let handTurn = null;         // the position that brought the player's hand into view
let handScrollY = null;      // where that left the page (null: the player has scrolled since)

async function moduleFor(game) {
  if (modules.has(game)) return modules.get(game);
  let module;
  try {
    module = await import(`/static/games/${encodeURIComponent(game)}.js`);
    if (typeof module.render !== "function") throw new Error("no render function");
  } catch (exc) {
    console.info(`No view module for ${game} (${exc.message}); using the generic view.`);
    module = await import("/static/js/generic.js");
    generics.add(game);
  }
  modules.set(game, module);
  return module;
}

/**
 * Draw `game` into `host` (#board).  `page` gives what the board needs from the page, asked again
 * once the module has loaded: covered() (the pass-the-device cover is up, so nothing is shown),
 * context() (the view module's ctx) and drawnKey() (what the board then shows, kept as
 * host.dataset.drawn), and generic() (called when the generic view draws it: its moves are the
 * page's notation buttons, so they are shown).
 */
export async function renderBoard(host, game, page) {
  const mine = ++boardToken;
  if (page.covered()) {
    host.replaceChildren(h("p", {class: "muted"}, "Hidden until the next player is ready."));
    boardRoot = null;
    host.dataset.drawn = page.drawnKey();
    return;
  }
  const module = await moduleFor(game);
  if (mine !== boardToken || page.covered()) return;  // a newer state arrived meanwhile
  if (!boardRoot || !boardModule || boardModule.name !== game || boardRoot.parentNode !== host) {
    boardRoot = h("div", {class: "view-root"});
    host.replaceChildren(boardRoot);
    boardModule = {name: game, module};
  }
  const ctx = page.context();
  try {
    boardModule.module.render(boardRoot, ctx);
  } catch (exc) {
    console.error("the view module failed; showing the generic view", exc);
    const generic = await import("/static/js/generic.js");
    modules.set(game, generic);
    generics.add(game);
    boardModule = {name: game, module: generic};
    boardRoot = h("div", {class: "view-root"});
    host.replaceChildren(boardRoot);
    generic.render(boardRoot, ctx);
  }
  if (generics.has(game)) page.generic();
  host.dataset.drawn = page.drawnKey();
  await stylesLoaded();  // a game's stylesheet, added by its view on the first draw, sizes the hand
  if (mine === boardToken) showHand(host, ctx);
}

/** Once every stylesheet of the page has loaded (or failed). */
async function stylesLoaded() {
  const loading = [...document.querySelectorAll("link[rel=stylesheet]")].filter((link) => !link.sheet);
  await Promise.all(loading.map((link) => new Promise((done) => {
    link.addEventListener("load", done, {once: true});
    link.addEventListener("error", done, {once: true});
  })));
}

/**
 * Whenever the player has a choice to make, their hand (the element a view marks data-own-hand) is
 * brought into view if any of it is off the screen: on a phone the table above it is taller than the
 * screen.  Not while they are typing; and once per position, so that a player who scrolls away to
 * read something stays there until the game moves on.  A redraw of the same position that moves
 * the hand (a seat's line wrapping anew) brings it back, unless the player has scrolled since.
 */
function showHand(host, ctx) {
  const hand = host.querySelector("[data-own-hand]");
  const turn = ctx.legal.length ? `${ctx.state.game_no}:${ctx.state.seq}:${ctx.seat}` : null;
  if (!hand || !turn) { handTurn = turn; handScrollY = null; return; }
  if (turn === handTurn && window.scrollY !== handScrollY) return;
  handTurn = turn;
  handScrollY = null;
  const active = document.activeElement;
  if (active && active.matches("input, textarea, select")) return;
  const box = hand.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight + 1) return;
  hand.scrollIntoView({block: box.height > window.innerHeight ? "start" : "end", inline: "nearest"});
  handScrollY = window.scrollY;
}

