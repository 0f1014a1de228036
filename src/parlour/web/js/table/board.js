// The game's picture on the table page: the game's view module (/static/games/{game}.js; the contract
// is at the top of /static/js/generic.js) imported once and drawn into the board after every state, or
// the generic view where a game has none or its module fails.

import {h} from "/static/js/svg.js";

const modules = new Map();   // game -> its view module
let boardRoot = null;        // the element the current view module owns
let boardModule = null;      // {name, module}
let boardToken = 0;          // counts the calls of renderBoard: the last one draws

async function moduleFor(game) {
  if (modules.has(game)) return modules.get(game);
  let module;
  try {
    module = await import(`/static/games/${encodeURIComponent(game)}.js`);
    if (typeof module.render !== "function") throw new Error("no render function");
  } catch (exc) {
    console.info(`No view module for ${game} (${exc.message}); using the generic view.`);
    module = await import("/static/js/generic.js");
  }
  modules.set(game, module);
  return module;
}

/**
 * Draw `game` into `host` (#board).  `page` gives what the board needs from the page, asked again
 * once the module has loaded: covered() (the pass-the-device cover is up, so nothing is shown),
 * context() (the view module's ctx) and drawnKey() (what the board then shows, kept as
 * host.dataset.drawn).
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
    boardModule = {name: game, module: generic};
    boardRoot = h("div", {class: "view-root"});
    host.replaceChildren(boardRoot);
    generic.render(boardRoot, ctx);
  }
  host.dataset.drawn = page.drawnKey();
}
