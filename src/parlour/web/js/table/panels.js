// The table page's panels drawn from the last state message: the turn banner, the result, the
// players, the log, the standings and history; the Invite card with its link, and the Rules card.

import {changedOptions, fetchRules, openRules, valueText} from "/static/js/rules.js";
import {h, icon} from "/static/js/svg.js";
import {$, code, namesList, seatName} from "./common.js";

let logGame = null;          // the game whose lines the log shows

/** The seats this device holds that may act now. */
const actingHeld = (state) => state.you.filter((s) => state.to_act.includes(s));

export function renderBanner(state) {
  const banner = $("turn-banner");
  const acting = actingHeld(state);
  let mark = "wait", text = "", kind = "wait", sub = "";
  const waitingFor = state.waiting_for || [];
  if (waitingFor.length && !state.over) {
    // nothing happens until every seat is taken: say so, and how to bring the others in
    text = waitingFor.length === 1 ? `Waiting for a player to sit in seat ${waitingFor[0] + 1}`
      : `Waiting for players to sit in seats ${waitingFor.map((s) => s + 1).join(", ")}`;
    sub = `The game starts when every seat is taken. Share the code ${code} or the link ${location.origin}/t/${code}`;
  } else if (state.over) {
    mark = "flag"; kind = "over"; text = "Game over";
  } else if (state.to_act.includes(-1)) {
    mark = "dice"; text = "Chance is at work…";
  } else if (acting.length) {
    mark = "play"; kind = "you";
    if (state.you.length > 1) {
      text = `${namesList(state, acting)} to play`;
      sub = "Playing on this device";
    } else {
      text = "Your turn";
    }
  } else if (state.to_act.length) {
    const others = namesList(state, state.to_act);
    if (state.you.length) {
      text = `Waiting for ${others}`;
      const bots = state.to_act.every((s) => state.seats[s] && state.seats[s].bot);
      if (bots) sub = "The bot is thinking";
    } else {
      mark = "eye"; text = `${others} to play`; sub = "You are watching";
    }
  }
  const key = JSON.stringify([mark, text, kind, sub]);
  if (banner.dataset.key === key) return;  // unchanged: do not make screen readers repeat it
  banner.dataset.key = key;
  banner.dataset.kind = kind;
  banner.replaceChildren(icon(mark), h("span", {id: "turn-text"}, text));
  if (sub) banner.append(h("span", {class: "sub"}, sub));
}

export function renderResult(state) {
  const box = $("result");
  if (!state.over) { box.hidden = true; return; }
  const opening = box.hidden;
  box.hidden = false;
  const text = state.result || "The game is over.";
  $("result-text").replaceChildren(icon("trophy"), text);
  $("result-text").classList.toggle("long", text.length > 48);
  $("again").hidden = !state.you.length;
  let replay = $("replay-link");
  if (!replay) $("again").after(replay = replayLink(state.game_no, "Replay this game", null, "replay-link"));
  replay.href = replayLink(state.game_no).getAttribute("href");
  const lost = !document.activeElement || document.activeElement === document.body ||
    $("legal").contains(document.activeElement);
  if (opening && lost && state.you.length) $("again").focus({preventScroll: true});
}

export function renderSeats(state) {
  const list = $("seats");
  list.replaceChildren();
  const wins = new Map((state.standings || []).map((s) => [s.seat, s.wins]));
  for (const seat of state.seats) {
    const acting = state.to_act.includes(seat.seat);
    const mine = state.you.includes(seat.seat);
    const free = !seat.bot && !seat.taken;
    const tags = [];
    if (acting) tags.push(h("span", {class: "to-play"}, h("strong", {}, "to play")));
    if (seat.bot) tags.push(h("span", {}, `bot · ${seat.bot}`));
    else if (free) tags.push(h("span", {}, `seat ${seat.seat + 1} · waiting for a player`));
    else {
      tags.push(h("span", {class: "presence", "data-on": seat.connected ? "yes" : "no"}, [
        h("span", {class: "dot", "aria-hidden": "true"}), seat.connected ? "online" : "offline"]));
    }
    if (state.history && state.history.length) tags.push(h("span", {}, `wins: ${wins.get(seat.seat) ?? 0}`));
    list.append(h("li", {class: `seat${acting ? " acting" : ""}${mine ? " mine" : ""}`, "data-seat": seat.seat}, [
      h("span", {class: "turn-mark", "aria-hidden": "true"}, icon(acting ? "play" : seat.bot ? "bot" : "person")),
      h("span", {class: "name"}, free ? "Empty seat" : seatName(state, seat.seat)),
      h("span", {class: "tags"}, tags),
    ]));
  }
}

export function renderLog(state) {
  const list = $("log");
  const lines = state.log || [];
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  let fresh = false;
  const shown = list.querySelectorAll("li[data-n]").length;
  if (logGame !== state.game_no || lines.length < shown || (!shown && list.children.length)) {
    list.replaceChildren();
    logGame = state.game_no;
    fresh = true;
  }
  for (let i = list.querySelectorAll("li[data-n]").length; i < lines.length; i++) {
    const line = lines[i];
    list.append(h("li", {class: `${line.seat < 0 ? "chance" : ""}${fresh ? "" : " new"}`.trim(), "data-n": line.n}, [
      h("span", {class: "n", "aria-hidden": "true"}, line.n), line.text]));
  }
  if (!lines.length) list.replaceChildren(h("li", {class: "empty"}, "Nothing has happened yet."));
  if (fresh || nearBottom) list.scrollTop = list.scrollHeight;
}

export function renderStandings(state) {
  const box = $("standings");
  const history = state.history || [];
  const wins = new Map((state.standings || []).map((s) => [s.seat, s.wins]));
  const games = history.length;
  const rows = state.seats.map((s) => {
    const w = wins.get(s.seat) ?? 0;
    return h("tr", {}, [h("td", {}, seatName(state, s.seat)), h("td", {class: "num"}, w)]);
  });
  box.replaceChildren(
    h("p", {class: "small muted"}, games ? `After ${games} game${games === 1 ? "" : "s"} at this table (game ${state.game_no} ${state.over ? "finished" : "in play"}).`
      : `Game ${state.game_no} in play: no game finished yet.`),
    h("table", {class: "data"}, [
      h("thead", {}, h("tr", {}, [h("th", {scope: "col"}, "Player"), h("th", {scope: "col", class: "num"}, "Games won")])),
      h("tbody", {}, rows),
    ]),
  );
  const hist = $("history");
  hist.replaceChildren();
  if (history.length) {
    hist.append(h("h3", {style: "margin-top:.8rem"}, "History"),
      h("ol", {class: "small", id: "history-list"}, history.map((g) => h("li", {}, [`Game ${g.game_no}: `, g.result, " ",
        replayLink(g.game_no, "Replay", `Replay game ${g.game_no}`)]))));
  }
}

/** A link to the replay of game `gameNo` at this table (js/replay.js). */
function replayLink(gameNo, text = "Replay", label = null, id = null) {
  return h("a", {class: "btn quiet small-btn replay-link", href: `/t/${encodeURIComponent(code)}/replay/${gameNo}`,
    "aria-label": label, "data-replay": gameNo, id}, text);
}

// ---- share -------------------------------------------------------------------------
export function setUpShare() {
  const url = `${location.origin}/t/${code}`;
  $("table-code").textContent = code;
  $("table-code").setAttribute("aria-label", `code ${code.split("").join(" ")}`);
  $("share-link").value = url;
  $("copy-link").addEventListener("click", async () => {
    const status = $("copy-status");
    try {
      if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      status.textContent = "Link copied.";
    } catch {
      const input = $("share-link");
      input.focus();
      input.select();
      let ok = false;
      try { ok = document.execCommand("copy"); } catch { ok = false; }
      status.textContent = ok ? "Link copied." : "Select the link and copy it.";
    }
  });
}

// ---- rules -------------------------------------------------------------------------
/** The Rules card: the house rules this table changed, and the button that opens the rules at them. */
export async function setUpRules() {
  const summary = $("rules-summary");
  let table, rules;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(code)}`);
    if (!response.ok) return;  // no such table: the page says so
    table = await response.json();
    $("rules-open").addEventListener("click", () => openRules(table.game, table.rules, "this table"));
    rules = await fetchRules(table.game);
  } catch {
    summary.textContent = "The rules could not be loaded: try again later.";
    return;
  }
  const changed = changedOptions(rules.options, table.rules);
  summary.replaceChildren(changed.length
    ? h("p", {}, ["House rules at this table:",
      h("ul", {}, changed.map((o) => h("li", {}, `${o.label}: ${valueText(o, table.rules[o.name])}`)))])
    : h("p", {}, `${rules.title} as usual: no house rule changed.`));
}
