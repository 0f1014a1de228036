// The Rules panel of the lobby and the table page: a game's rules as Parlour plays them, opened at
// the house rules a table uses (each by its label, those changed from the usual marked), with the
// rules document below (docs/rules/<game>.md, turned into HTML by the server, every character of
// its text escaped there).

import {h} from "/static/js/svg.js";

const documents = new Map();   // game name -> the promise of its /api/games/<name>/rules answer

/** A game's rules: {name, title, options, html}, fetched once a page. */
export function fetchRules(game) {
  if (!documents.has(game)) {
    const answer = fetch(`/api/games/${encodeURIComponent(game)}/rules`).then((response) => {
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      return response.json();
    });
    answer.catch(() => documents.delete(game));  // try again next time
    documents.set(game, answer);
  }
  return documents.get(game);
}

/** An option's value in words: "yes"/"no", "High tiles" for "high-tiles", numbers as they are. */
export function valueText(option, value) {
  if (option.kind === "bool") return value ? "yes" : "no";
  if (option.kind === "text") return value === "" ? "(none)" : String(value);
  if (typeof value !== "string") return String(value);
  const s = value.replace(/[-_]/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The options whose value at a table differs from the usual one. */
export function changedOptions(options, values) {
  return options.filter((o) => o.name in values && values[o.name] !== o.default);
}

/** The house rules as a list: label, value, and the option's help beneath. */
export function optionsList(options, values) {
  return h("dl", {class: "rules-options"}, options.flatMap((o) => {
    const value = o.name in values ? values[o.name] : o.default;
    const changed = value !== o.default;
    return [
      h("dt", {"data-option": o.name}, o.label),
      h("dd", {"data-option": o.name}, [
        h("span", {class: "value"}, valueText(o, value)),
        changed ? h("span", {class: "chip changed"}, "house rule") : null,
        h("span", {class: "help"}, o.help),
      ]),
    ];
  }));
}

function dialog() {
  let box = document.getElementById("rules-dialog");
  if (box) return box;
  const close = h("button", {class: "btn quiet small-btn", type: "button", id: "rules-close"}, "Close");
  box = h("dialog", {id: "rules-dialog", class: "rules-dialog", "aria-labelledby": "rules-title"}, [
    h("div", {class: "rules-top"}, [h("h2", {id: "rules-title"}, "Rules"), close]),
    h("div", {id: "rules-body"}),
  ]);
  close.addEventListener("click", () => box.close());
  // a click on the backdrop (outside the box) closes it too
  box.addEventListener("click", (event) => { if (event.target === box) box.close(); });
  document.body.append(box);
  return box;
}

/**
 * Open the Rules panel for `game` at the house rules `values` ({option: value}; missing ones are
 * the usual). `where` names whose rules they are ("this table", "your new table").
 */
export async function openRules(game, values = {}, where = "this table") {
  const box = dialog();
  const body = document.getElementById("rules-body");
  body.replaceChildren(h("p", {class: "empty"}, "Loading the rules…"));
  if (!box.open) box.showModal();
  let rules;
  try {
    rules = await fetchRules(game);
  } catch (exc) {
    body.replaceChildren(h("div", {class: "alert", role: "alert"}, `Could not load the rules (${exc.message}).`));
    return;
  }
  document.getElementById("rules-title").textContent = `Rules of ${rules.title}`;
  const changed = changedOptions(rules.options, values);
  const doc = h("div", {class: "rules-doc"});
  doc.innerHTML = rules.html;  // the server's HTML: its own tags only, the text escaped
  body.replaceChildren(
    h("section", {class: "rules-table", "aria-labelledby": "rules-at-table"}, [
      h("h3", {id: "rules-at-table"}, `House rules at ${where}`),
      h("p", {class: "small muted"}, changed.length
        ? `${changed.length} changed from the usual rules, marked “house rule”.`
        : "All as usual: no house rule changed."),
      rules.options.length ? optionsList(rules.options, values) : h("p", {}, "This game has no house rules."),
    ]),
    h("section", {class: "rules-doc-part", "aria-label": `The rules of ${rules.title} as Parlour plays them`}, doc),
  );
  body.scrollTop = 0;
}
