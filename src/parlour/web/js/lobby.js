// The lobby: the games, a New-table form generated from each game's options, join by code,
// and the open tables.  No per-game code lives here.

import {openRules} from "/static/js/rules.js";
import {h, icon} from "/static/js/svg.js";

const NAME_KEY = "parlour:name";
const tokensKey = (code) => `parlour:tokens:${String(code).toUpperCase()}`;

const $ = (id) => document.getElementById(id);
let games = [];
const TABLES_SHOWN = 6;

/** A person-friendly label for an option value such as "high-tiles". */
function pretty(value) {
  if (typeof value !== "string") return String(value);
  const s = value.replace(/[-_]/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The text of an error answer: `detail` as a sentence (FastAPI's 422 gives a list). */
async function errorText(response) {
  let body = null;
  try { body = await response.json(); } catch { /* not JSON */ }
  const detail = body && body.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail.map((d) => (d.loc ? d.loc.filter((x) => x !== "body").join(".") + ": " : "") + d.msg).join("; ");
  }
  return `The server answered ${response.status} ${response.statusText}`.trim();
}

function savedName() {
  try { return localStorage.getItem(NAME_KEY) || ""; } catch { return ""; }
}
function saveName(name) {
  try { if (name) localStorage.setItem(NAME_KEY, name); } catch { /* private mode */ }
}

// ---- join by code -------------------------------------------------------
function setUpJoin() {
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = $("join-code").value.trim().toUpperCase().replace(/[^A-Z0-9]/g, "");
    if (!code) {
      $("join-error").textContent = "Type the table's code first.";
      $("join-code").focus();
      return;
    }
    location.href = `/t/${encodeURIComponent(code)}`;
  });
  $("join-code").addEventListener("input", () => { $("join-error").textContent = ""; });
}

// ---- games ----------------------------------------------------------------
function playerRange(game) {
  return game.min_players === game.max_players
    ? `${game.min_players} player${game.min_players === 1 ? "" : "s"}`
    : `${game.min_players}–${game.max_players} players`;
}

function renderGames() {
  const root = $("games");
  root.replaceChildren();
  root.removeAttribute("aria-busy");
  if (!games.length) {
    root.append(h("p", {class: "empty"}, "No games are installed."));
    return;
  }
  for (const game of games) {
    const button = h("button", {class: "btn primary big", type: "button", "data-game": game.name,
      "aria-controls": "new-table"}, [`New table`]);
    button.addEventListener("click", () => openForm(game));
    const rules = h("button", {class: "btn quiet", type: "button", "data-rules": game.name}, [
      "Rules", h("span", {class: "visually-hidden"}, ` of ${game.title}`)]);
    rules.addEventListener("click", () => openRules(game.name, formRules(game), "a new table"));
    root.append(h("article", {class: "card game-card", "data-game": game.name}, [
      h("h3", {}, game.title),
      h("p", {class: "muted"}, game.summary || ""),
      h("div", {class: "facts"}, [
        h("span", {class: "chip"}, [icon("people"), playerRange(game)]),
        game.bots && game.bots.length ? h("span", {class: "chip"}, [icon("bot"), `${game.bots.length} bot levels`]) : null,
        game.hidden_information ? h("span", {class: "chip"}, [icon("eye"), "hidden hands"]) : null,
      ]),
      h("div", {class: "btn-row"}, [button, rules]),
    ]));
  }
}

// ---- the New-table form -------------------------------------------------
function optionField(option) {
  const id = `opt-${option.name}`;
  const ranged = option.kind === "int" && !(option.choices && option.choices.length) && option.max != null;
  const hint = h("span", {class: "hint-text"},
    ranged ? `${option.help} (${option.min.toLocaleString("en")} to ${option.max.toLocaleString("en")})` : option.help);
  if (option.kind === "bool") {
    return h("label", {class: "check", for: id, title: option.name}, [
      h("input", {type: "checkbox", id, name: option.name, "data-kind": "bool", checked: !!option.default}),
      h("span", {}, [option.label, hint]),
    ]);
  }
  let control;
  if (option.kind === "text") {
    control = h("input", {type: "text", id, name: option.name, "data-kind": "text", value: option.default,
      spellcheck: "false", autocomplete: "off", maxlength: 500});
  } else if (option.choices && option.choices.length) {
    control = h("select", {id, name: option.name, "data-kind": option.kind});
    for (const choice of option.choices) {
      control.append(h("option", {value: String(choice), selected: choice === option.default},
        option.kind === "int" ? String(choice) : pretty(choice)));
    }
  } else {
    control = h("input", {type: "number", id, name: option.name, "data-kind": "int", step: 1,
      inputmode: "numeric", value: option.default, min: option.min ?? null, max: option.max ?? null});
  }
  return h("div", {class: "field"}, [h("label", {for: id, title: option.name}, [option.label, " ", hint]), control]);
}

/** The house rules the New-table form shows for `game` (none when it is not open for it). */
function formRules(game) {
  const form = $("new-table-form");
  const values = {};
  if ($("new-table").hidden || form.dataset.game !== game.name) return values;
  for (const control of form.querySelectorAll("[data-kind]")) {
    const kind = control.dataset.kind;
    values[control.name] = kind === "bool" ? control.checked : kind === "int" ? Number(control.value) : control.value;
  }
  return values;
}

/** A line on what a bot level is like, under its seat. */
// A table setting, not a rule of the game: the clock (for games played on one), off by default.
const CLOCKS = [[1, 1], [3, 2], [5, 3], [10, 5], [15, 10], [30, 20]];   // [minutes, seconds added]

function clockField() {
  const select = h("select", {id: "clock", name: "clock"}, [
    h("option", {value: ""}, "No clock"),
    ...CLOCKS.map(([m, s]) => h("option", {value: `${m}+${s}`}, `${m} min + ${s} s a move`)),
  ]);
  return {
    field: h("div", {class: "field"}, [
      h("label", {for: "clock"}, ["Clock", h("span", {class: "hint-text"},
        "Each player's time, and the seconds added after each move; whoever runs out of time loses.")]),
      select,
    ]),
    value() {
      if (!select.value) return null;
      const [minutes, seconds] = select.value.split("+").map(Number);
      return {base: minutes * 60, increment: seconds};
    },
  };
}

function botLine(game, kind) {
  const level = (game.bot_levels || []).find((b) => `bot:${b.name}` === kind);
  return level ? level.description : "";
}

function openForm(game) {
  document.querySelectorAll(".game-card").forEach((c) => c.classList.toggle("selected", c.dataset.game === game.name));
  const section = $("new-table");
  const form = $("new-table-form");
  section.hidden = false;
  $("new-table-heading").replaceChildren(`New table: ${game.title}`);
  form.replaceChildren();
  form.dataset.game = game.name;

  const seatCount = h("select", {id: "seat-count", name: "seat-count"});
  for (let n = game.min_players; n <= game.max_players; n++) {
    seatCount.append(h("option", {value: n, selected: n === Math.min(Math.max(2, game.min_players), game.max_players)}, String(n)));
  }
  const passPlay = h("input", {type: "checkbox", id: "pass-and-play", name: "pass-and-play"});
  const hints = h("input", {type: "checkbox", id: "allow-hints", name: "hints", checked: true});
  const clock = game.timed ? clockField() : null;
  const seatsBox = h("div", {id: "seat-rows"});
  const error = h("div", {class: "alert", id: "create-error", role: "alert"});
  const submit = h("button", {class: "btn primary big", type: "submit", id: "create-table"}, "Create table");

  const rulesFields = (game.options || []).map(optionField);
  const presetNames = Object.keys(game.presets || {});
  if (presetNames.length) {
    // a named set of house rules fills in every option (each may still be changed after)
    const preset = h("select", {id: "preset", name: "preset"}, presetNames.map((name) =>
      h("option", {value: name}, name === "manual" ? "The manual's rules" : `${pretty(name)} rules`)));
    preset.addEventListener("change", () => {
      const values = game.presets[preset.value] || {};
      for (const control of form.querySelectorAll("[data-kind]")) {
        if (!(control.name in values)) continue;
        const v = values[control.name];
        if (control.dataset.kind === "bool") control.checked = !!v;
        else control.value = String(v);
      }
    });
    rulesFields.unshift(h("div", {class: "field"}, [
      h("label", {for: "preset"}, ["Start from ", h("span", {class: "hint-text"}, "then change any rule below")]),
      preset]));
  }

  form.append(
    h("div", {class: "form-grid"}, [
      h("fieldset", {}, [
        h("legend", {}, "Players"),
        h("div", {class: "field"}, [h("label", {for: "seat-count"}, "Number of seats"), seatCount]),
        h("label", {class: "check", for: "pass-and-play"}, [passPlay,
          h("span", {}, ["Pass-and-play: I'll take several person seats on this device",
            h("span", {class: "hint-text"}, "Name each player; the device goes round the table.")])]),
        seatsBox,
        (game.bot_levels || []).length ? h("details", {class: "bot-levels small", id: "bot-levels"}, [
          h("summary", {}, "The bot levels, weakest first"),
          h("dl", {}, game.bot_levels.flatMap((b) => [h("dt", {}, pretty(b.name)), h("dd", {}, b.description)])),
        ]) : null,
        clock ? clock.field : null,
      ]),
      h("fieldset", {}, [
        h("legend", {}, "House rules"),
        h("p", {class: "small"}, [h("button", {class: "btn quiet small-btn", type: "button", id: "form-rules",
          onclick: () => openRules(game.name, formRules(game), "your new table")}, "Read the rules"),
          " with these house rules"]),
        ...rulesFields,
        h("label", {class: "check", for: "allow-hints"}, [hints,
          h("span", {}, ["Allow hints", h("span", {class: "hint-text"}, "Players may ask the game's advisor for the best move.")])]),
      ]),
    ]),
    error,
    h("div", {class: "form-actions"}, [submit,
      h("button", {class: "btn quiet", type: "button", onclick: () => { section.hidden = true; }}, "Cancel")]),
  );

  const seatChoices = () => {
    const previous = [...seatsBox.querySelectorAll("select.seat-kind")].map((s) => s.value);
    const names = [...seatsBox.querySelectorAll("input.seat-name")].map((i) => i.value);
    const n = Number(seatCount.value);
    const offered = game.default_bot ? `bot:${game.default_bot}` : "person";
    seatsBox.replaceChildren();
    for (let i = 0; i < n; i++) {
      const kind = h("select", {class: "seat-kind", id: `seat-${i}-kind`, "aria-label": `Seat ${i + 1}: who plays`});
      kind.append(h("option", {value: "person"}, "Person"));
      for (const level of game.bots || []) kind.append(h("option", {value: `bot:${level}`}, `Bot: ${pretty(level)}`));
      kind.value = previous[i] || (i === 0 ? "person" : offered);
      const name = h("input", {type: "text", class: "seat-name", id: `seat-${i}-name`, maxlength: 40,
        autocomplete: i === 0 ? "nickname" : "off", "aria-label": `Seat ${i + 1}: name`});
      name.value = names[i] !== undefined ? names[i] : (i === 0 ? savedName() : "");
      const about = h("p", {class: "bot-about", id: `seat-${i}-about`, "aria-live": "polite"});
      kind.setAttribute("aria-describedby", about.id);
      const row = h("div", {class: "seat-row", "data-seat": i}, [
        h("span", {class: "seat-label"}, [`Seat ${i + 1}`, h("span", {class: "you-tag"}, "")]),
        kind, name, about,
      ]);
      kind.addEventListener("change", updateSeats);
      seatsBox.append(row);
    }
    updateSeats();
  };

  function updateSeats() {
    const pass = passPlay.checked;
    let firstPerson = null;
    for (const row of seatsBox.querySelectorAll(".seat-row")) {
      const i = Number(row.dataset.seat);
      const person = row.querySelector(".seat-kind").value === "person";
      const name = row.querySelector(".seat-name");
      const tag = row.querySelector(".you-tag");
      const about = row.querySelector(".bot-about");
      about.textContent = person ? "" : botLine(game, row.querySelector(".seat-kind").value);
      about.hidden = person;
      const mine = person && (pass || firstPerson === null);
      if (person && firstPerson === null) firstPerson = i;
      name.hidden = !mine;
      name.placeholder = pass ? `Player ${i + 1}` : "Your name";
      name.setAttribute("aria-label", mine && !pass ? `Seat ${i + 1}: your name` : `Seat ${i + 1}: name`);
      tag.textContent = !person ? "bot" : mine ? (pass ? "on this device" : "you") : "open for someone to join";
    }
  }

  seatCount.addEventListener("change", seatChoices);
  passPlay.addEventListener("change", updateSeats);
  seatChoices();

  form.onsubmit = async (event) => {
    event.preventDefault();
    error.textContent = "";
    const rules = {};
    for (const control of form.querySelectorAll("[data-kind]")) {
      const kind = control.dataset.kind;
      if (kind === "bool") rules[control.name] = control.checked;
      else if (kind === "int") {
        const value = Number(control.value);
        if (control.value.trim() === "" || !Number.isInteger(value)) {
          error.textContent = `${control.name}: type a whole number.`;
          control.focus();
          return;
        }
        rules[control.name] = value;
      } else rules[control.name] = control.value;
    }
    const seats = [];
    const join = [];
    const pass = passPlay.checked;
    for (const row of seatsBox.querySelectorAll(".seat-row")) {
      const i = Number(row.dataset.seat);
      const kind = row.querySelector(".seat-kind").value;
      if (kind === "person") {
        seats.push({bot: null});
        if (pass || !join.length) {
          const typed = row.querySelector(".seat-name").value.trim();
          const name = typed || `Player ${i + 1}`;
          if (!join.length && typed) saveName(typed);
          join.push({seat: i, name});
        }
      } else {
        seats.push({bot: kind.slice(4)});
      }
    }
    submit.disabled = true;
    submit.textContent = "Creating…";
    try {
      const response = await fetch("/api/tables", {
        method: "POST",
        headers: {"Content-Type": "application/json"},
        body: JSON.stringify({game: game.name, rules, seats, hints: hints.checked, join,
          ...(clock && clock.value() ? {clock: clock.value()} : {})}),
      });
      if (!response.ok) {
        error.textContent = `The table was not created: ${await errorText(response)}`;
        return;
      }
      const made = await response.json();
      try { localStorage.setItem(tokensKey(made.code), JSON.stringify(made.tokens || {})); } catch { /* ignore */ }
      location.href = made.url || `/t/${made.code}`;
    } catch (exc) {
      error.textContent = `Could not reach the server (${exc.message}).`;
    } finally {
      submit.disabled = false;
      submit.textContent = "Create table";
    }
  };

  section.scrollIntoView({behavior: "smooth", block: "start"});
  $("new-table-heading").focus({preventScroll: true});
}

// ---- the tables -------------------------------------------------------------
const GROUPS = [
  {status: "waiting", title: "Waiting for players"},
  {status: "playing", title: "Being played"},
  {status: "finished", title: "Finished tables"},
];
const showAll = new Set();   // the groups whose every table is shown

function heldSeats(code) {
  try { return Object.keys(JSON.parse(localStorage.getItem(tokensKey(code)) || "{}")); } catch { return []; }
}

function tableItem(t) {
  const free = t.seats.filter((s) => !s.bot && !s.taken).length;
  const mine = heldSeats(t.code).length > 0;
  const who = t.seats.map((s) => (s.taken || s.bot ? s.name : "free seat")).join(", ");
  const state = t.status === "waiting" ? `${free} free seat${free === 1 ? "" : "s"}`
    : t.status === "playing" ? `game ${t.game_no} in play` : `game ${t.game_no} over`;
  const label = mine ? "Return" : t.status === "waiting" ? "Join" : t.status === "playing" ? "Watch" : "Look";
  return h("li", {"data-code": t.code, "data-status": t.status, class: mine ? "mine" : null}, [
    h("span", {class: "code", "aria-label": `Table ${t.code.split("").join(" ")}`}, t.code),
    h("span", {class: "who"}, [h("strong", {}, t.title || t.game), ` — ${who}`]),
    h("span", {class: "chip"}, state),
    mine ? h("span", {class: "chip yours"}, "your seat") : null,
    h("a", {class: `btn ${mine || t.status === "waiting" ? "primary" : "quiet"} small-btn`, href: `/t/${t.code}`},
      [label, h("span", {class: "visually-hidden"}, ` table ${t.code}`)]),
  ]);
}

function tableGroup(group, tables) {
  const list = h("ul", {class: "open-tables", id: `tables-${group.status}`});
  const shown = showAll.has(group.status) ? tables : tables.slice(0, TABLES_SHOWN);
  list.append(...shown.map(tableItem));
  if (tables.length > shown.length) {
    const more = h("button", {class: "btn quiet small-btn", type: "button"}, `Show all ${tables.length}`);
    more.addEventListener("click", () => { showAll.add(group.status); loadTables(); });
    list.append(h("li", {class: "more"}, more));
  }
  const title = `${group.title} (${tables.length})`;
  if (group.status === "finished") {
    // out of the way: closed until opened (and kept open across the refreshes once opened)
    const was = $("finished-tables");
    return h("details", {class: "table-group", id: "finished-tables", open: !!(was && was.open)}, [
      h("summary", {class: "group-title"}, title), list]);
  }
  return h("section", {class: "table-group", "aria-label": group.title}, [h("h3", {class: "group-title"}, title), list]);
}

async function loadTables() {
  const box = $("open-tables");
  let tables;
  try {
    const response = await fetch("/api/tables");
    if (!response.ok) throw new Error(await errorText(response));
    tables = await response.json();
  } catch (exc) {
    box.replaceChildren(h("p", {class: "empty"}, `Could not load the tables: ${exc.message}`));
    return;
  }
  if (!tables.length) {
    box.replaceChildren(h("p", {class: "empty"}, "No tables yet: start one above."));
    return;
  }
  // in each group the tables where this device holds a seat first, then as the server lists them
  const mineFirst = (list) => list.map((t, i) => [heldSeats(t.code).length ? 0 : 1, i, t])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
  box.replaceChildren(...GROUPS.map((group) => [group, mineFirst(tables.filter((t) => t.status === group.status))])
    .filter(([, list]) => list.length).map(([group, list]) => tableGroup(group, list)));
}

async function loadGames() {
  try {
    const response = await fetch("/api/games");
    if (!response.ok) throw new Error(await errorText(response));
    games = await response.json();
    renderGames();
    const wanted = new URLSearchParams(location.search).get("game");
    const game = games.find((g) => g.name === wanted);
    if (game) openForm(game);
  } catch (exc) {
    $("games").replaceChildren();
    $("games-error").textContent = `Could not load the games: ${exc.message}`;
  }
}

setUpJoin();
$("refresh-tables").addEventListener("click", loadTables);
loadGames();
loadTables();
setInterval(loadTables, 15000);
