// Dominoes' score: the heading with each side's points, the winner at the end, the last hand (the
// tiles left, the spots, the line as it ended) and the score sheet with its peg boards.

import {h, icon, svg} from "/static/js/svg.js";
import {fill, nameOf, plural} from "/static/js/view.js";
import {layoutLine} from "./layout.js";
import {partnered, sideCount, sideName} from "./seats.js";
import {miniTile, pipsOf, tileFace} from "./tiles.js";

// ---- the heading ----------------------------------------------------------------------------------
export function drawHead(st, v) {
  const ctx = st.ctx;
  const r = v.rules;
  const chips = [h("span", {class: "chip"}, `Game to ${r.target}${r.scoring === "point" ? " hands" : ""}`)];
  if (partnered(v)) chips.push(h("span", {class: "chip"}, "Partners sit opposite"));
  chips.push(h("span", {class: "chip"}, `${r.hand_size} tiles each`));
  if (r.both_chip_out && partnered(v)) chips.push(h("span", {class: "chip"}, "Both partners chip out"));
  const title = v.phase === "over" ? "Game over" : `Hand ${v.hand_no}`;
  const scores = [];
  for (let s = 0; s < sideCount(v); s++) {
    const acting = v.to_act !== null && v.to_act !== undefined && v.sides[v.to_act] === s;
    scores.push(h("span", {class: `dm-score-chip${acting ? " acting" : ""}`, "data-side": s}, [
      h("span", {}, sideName(ctx, v, s)), h("strong", {}, String(v.scores[s]))]));
  }
  fill(st.head, h("h3", {class: "dm-title"}, title), h("div", {class: "dm-chips"}, chips),
    h("div", {class: "dm-scores", role: "group", "aria-label": "Points so far"}, scores));
}

// ---- the end of a hand and of the game -------------------------------------------------------------
function endingWords(ctx, v, r) {
  if (r.ending === "drawn") return "Blocked, and the lowest spots tied: a drawn hand, nobody scores";
  const winners = sideName(ctx, v, r.winner);
  const many = winners.includes(" & ");
  const pts = plural(r.points, "point", "points");
  if (r.ending === "chip out") {
    return `${nameOf(ctx, r.chipped)} chipped out: ${winners} ${many ? "score" : "scores"} ${pts}`;
  }
  return `Blocked: ${winners} ${many ? "have" : "has"} the fewest spots and ${many ? "score" : "scores"} ${pts}`;
}

/** The line of play as a finished hand left it (a small picture under its tiles left). */
function finalLine(ctx, r) {
  const line = r.line;
  if (!line || !line.lead) return null;
  const width = 4 * 6 + 4.5;
  const lay = layoutLine(line, width);
  const tiles = [line.lead, ...line.left, ...line.right].map((p) => p.tile);
  const art = svg("svg", {class: "dm-line-svg dm-final-svg", viewBox: `0 0 ${width} ${lay.height}`, role: "img",
    "aria-label": `The line of play at the end of hand ${r.number}: ${tiles.length} tiles, ${tiles.join(", ")}`});
  for (const t of lay.tiles) {
    art.append(svg("g", {class: `dm-laid${t.double ? " double" : ""}`, "data-tile": t.tile},
      [svg("title", {}, [`${t.tile}, laid by ${nameOf(ctx, t.seat)}`]), tileFace(t, t.first, t.second)]));
  }
  return h("div", {class: "dm-final"}, [h("p", {class: "dm-note-line"}, "The line as the hand ended:"),
    h("div", {class: "dm-line-box dm-final-box", style: `aspect-ratio:${width} / ${lay.height}`}, [art])]);
}

export function drawLastHand(st, v) {
  const ctx = st.ctx;
  const r = v.sheet.length ? v.sheet[v.sheet.length - 1] : null;
  st.last.hidden = !r;
  if (!r) { st.last.replaceChildren(); st.sheetSeen = -1; st.lastChoice = null; return; }
  if (st.sheetSeen !== v.sheet.length) { st.sheetSeen = v.sheet.length; st.lastChoice = null; }
  const rows = [];
  for (let seat = 0; seat < v.players; seat++) {
    const left = r.left[seat] || [];
    const won = r.winner !== null && v.sides[seat] === r.winner;
    rows.push(h("div", {class: `dm-left-row${won ? " won" : ""}`, "data-seat": seat}, [
      h("span", {class: "dm-left-who"}, [h("strong", {}, nameOf(ctx, seat)),
        won ? h("span", {class: "dm-won"}, [icon("trophy"), " won"]) : null]),
      h("span", {class: "dm-left-tiles", role: "group", "aria-label": left.length ? `Tiles left: ${left.join(", ")}`
        : "No tiles left"}, left.length ? left.map(miniTile) : h("span", {class: "muted"}, "chipped out")),
      h("span", {class: "dm-left-spots"}, plural(left.reduce((s, t) => s + pipsOf(t), 0), "spot", "spots")),
    ]));
  }
  const totals = partnered(v) ? h("p", {class: "dm-note-line"}, "Spots by side: " + r.totals.map((t, s) =>
    `${sideName(ctx, v, s)} ${t}`).join(" · ")) : null;
  fill(st.last, h("summary", {"data-focus": "last-hand"}, [h("strong", {}, `Hand ${r.number}: `), endingWords(ctx, v, r)]),
    h("div", {class: "dm-left-rows"}, rows), totals, finalLine(ctx, r));
  st.last.open = st.lastChoice ?? (v.phase !== "play" || v.events.length < 3);
}

export function drawOver(st, v) {
  const ctx = st.ctx;
  st.over.hidden = v.phase !== "over" || v.winner === null || v.winner === undefined;
  if (st.over.hidden) { st.over.replaceChildren(); return; }
  const winners = sideName(ctx, v, v.winner);
  const many = winners.includes(" & ");
  const scores = v.scores.map((s, side) => `${sideName(ctx, v, side)} ${s}`).join(", ");
  fill(st.over, h("p", {class: "dm-winner"}, [icon("trophy"),
    `${winners} ${many ? "reach" : "reaches"} ${v.rules.target} and ${many ? "win" : "wins"} the game (${scores}).`]));
}

/** A cribbage-style board for one side: holes to the target (one a point, or one every 5 or more
 * points on a long game), a front peg at the score and a back peg at the score before the side's last
 * win.  Drawn with HTML so that the holes stay round at any width. */
function pegBoard(score, back, target, side) {
  const step = target <= 30 ? 1 : Math.max(5, Math.ceil(target / 30 / 5) * 5);
  const holes = Math.ceil(target / step);
  const at = (p) => `${(Math.min(p, target) / target) * 100}%`;
  const track = h("span", {class: "dm-board-track"});
  for (let i = 0; i <= holes; i++) {
    track.append(h("span", {class: `dm-hole${(i * step) % (step === 1 ? 5 : step * 5) === 0 ? " mark" : ""}`,
      style: `left:${at(i * step)}`}));
  }
  if (back > 0 && back < score) track.append(h("span", {class: "dm-peg back", style: `left:${at(back)}`}));
  track.append(h("span", {class: "dm-peg", style: `left:${at(score)}`}));
  return h("span", {class: `dm-board dm-board-${side}`, "aria-hidden": "true"}, track);
}

export function drawScore(st, v) {
  const ctx = st.ctx;
  const count = sideCount(v);
  const running = new Array(count).fill(0);
  const backs = new Array(count).fill(0);
  const rows = v.sheet.map((r) => {
    if (r.winner !== null) { backs[r.winner] = running[r.winner]; running[r.winner] += r.points; }
    const cells = [];
    for (let s = 0; s < count; s++) {
      cells.push(h("td", {class: "num"}, r.winner === s
        ? [h("strong", {}, `+${r.points}`), h("span", {class: "dm-running"}, ` (${running[s]})`)]
        : h("span", {class: "muted", "aria-label": "nothing"}, "\u00b7")));
    }
    const how = r.ending === "chip out" ? `${nameOf(ctx, r.chipped)} chipped out` : r.ending === "blocked" ? "Blocked" : "Drawn";
    return h("tr", {"data-hand": r.number, "data-ending": r.ending}, [h("th", {scope: "row"}, String(r.number)),
      h("td", {}, how), h("td", {class: "dm-spots"}, r.totals.join(" \u2013 ")), ...cells]);
  });
  if (!rows.length) rows.push(h("tr", {}, h("td", {colspan: 3 + count, class: "muted"}, "No hand finished yet.")));
  const target = v.rules.target;
  const tracks = [];
  for (let s = 0; s < count; s++) {
    const score = v.scores[s];
    tracks.push(h("div", {class: `dm-track${v.winner === s ? " winner" : ""}`, "data-side": s}, [
      h("span", {class: "dm-track-name"}, sideName(ctx, v, s)),
      pegBoard(score, backs[s], target, s),
      h("span", {class: "dm-track-score", "aria-label": `${score} of ${target} points`}, [h("strong", {}, String(score)),
        ` / ${target}`]),
    ]));
  }
  fill(st.score, h("h3", {id: "dm-score-title"}, "Score"),
    h("div", {class: "dm-tracks", role: "group", "aria-label": `Points towards ${target}`}, tracks),
    h("div", {class: "table-scroll"}, h("table", {class: "data dm-sheet"}, [
      h("caption", {class: "visually-hidden"}, "Each hand: how it ended, the spots left by side, and the points won"),
      h("thead", {}, h("tr", {}, [h("th", {scope: "col"}, "Hand"), h("th", {scope: "col"}, "How it ended"),
        h("th", {scope: "col"}, "Spots left"),
        ...Array.from({length: count}, (_, s) => h("th", {scope: "col", class: "num"}, sideName(ctx, v, s)))])),
      h("tbody", {}, rows)])));
}
