// Where each tile of dominoes' line of play lies on the table: layoutLine() and its helpers.

import {nums} from "./tiles.js";

// ---- the line of play: where each tile lies ---------------------------------------------------------
// Units: a square (half a tile).  Each arm is laid in a frame where it starts at the lead double's
// right side and runs right, turning down at the edge; the left arm is the same turned half round
// (it runs left and turns up), so the two arms never meet.  The lead lies where the first row uses the
// table's width: in the middle while both arms fit in their half, else moved aside so that a short
// arm keeps to what it needs and the long one has the rest of the row before it turns.  Along a row
// a tile lies lengthways and a double crossways.  Near the edge a tile is turned down as a corner:
// when fewer than 3 squares are left (room for itself and a corner), or 4 if a double is played to
// it (the double and a corner), or 2 for an arm's last tile (only itself).
// Going down, a double lies across the way and the tile played to it carries on down from its
// middle; any other tile turns back along a new row, its matching half under the corner's.  A tile
// played to a double at the edge is laid beside the double, at its middle, and turns down there.
// The layout is made afresh from the whole line each time, so a tile may swing round a corner when a
// double is played to it at the edge.

function placeArm(items, hi, lo) {
  const out = [];
  let mode = "row", dir = 1, x = 0.5, cy = 0, cx = 0, y = 0, prev = "double";
  items.forEach((item, i) => {
    let r;
    if (mode === "row") {
      const room = dir > 0 ? hi - x : x - lo;
      const next = items[i + 1];
      if (item.double) {
        r = {x: dir > 0 ? x : x - 1, y: cy - 1, w: 1, h: 2};
        x += dir;
        prev = "double";
      } else if (room >= (!next ? 2 : next.double ? 4 : 3)) {
        r = {x: dir > 0 ? x : x - 2, y: cy - 0.5, w: 2, h: 1, half: dir > 0 ? 0 : 1};
        x += 2 * dir;
        prev = "tile";
      } else {  // a corner: turn down
        r = {x: dir > 0 ? x : x - 1, y: cy - 0.5, w: 1, h: 2, half: 0, corner: true};
        cx = dir > 0 ? x + 0.5 : x - 0.5;
        y = cy + 1.5;
        mode = "down";
        prev = "corner";
      }
    } else if (item.double) {  // going down: a double lies across the way
      r = {x: cx - 1, y, w: 2, h: 1};
      y += 1;
      prev = "double";
    } else if (prev === "double") {  // against the double's middle, still going down
      r = {x: cx - 0.5, y, w: 1, h: 2, half: 0};
      y += 2;
      prev = "down";
    } else {  // turn back along a new row
      dir = -dir;
      cy = y + 0.5;
      if (dir < 0) {
        r = {x: cx - 1.5, y, w: 2, h: 1, half: 1};
        x = cx - 1.5;
      } else {
        r = {x: cx - 0.5, y, w: 2, h: 1, half: 0};
        x = cx + 1.5;
      }
      mode = "row";
      prev = "tile";
    }
    out.push({...item, ...r});
  });
  return out;
}

/** How far from the lead's middle an arm reaches, laid in one row without a corner (as placeArm
 * needs it: room for a corner beyond each tile). */
function reach(items) {
  let x = 0.5, need = 0.5;
  items.forEach((item, i) => {
    if (item.double) {
      x += 1;
      need = Math.max(need, x);
    } else {
      const next = items[i + 1];
      need = Math.max(need, x + (!next ? 2 : next.double ? 4 : 3));
      x += 2;
    }
  });
  return need;
}

/** How far the left arm may reach (the right has the rest of `room`): the lead in the middle while
 * both arms fit there, else a short arm keeps what it needs and the long one turns at the edge. */
function leftRoom(needLeft, needRight, room) {
  if (needLeft + needRight <= room) return Math.min(Math.max(room / 2, needLeft), room - needRight);
  if (needLeft <= room / 2) return needLeft;
  if (needRight <= room / 2) return room - needRight;
  return room / 2;
}

/** The tiles of an arm from the lead outward, each with the number it joins and the one it shows. */
function armItems(lead, arm, name, extra) {
  const items = [];
  let join = lead.outer;
  arm.forEach((p, i) => {
    items.push({tile: p.tile, seat: p.seat, join, outer: p.outer, double: p.double, arm: name, index: i});
    join = p.outer;
  });
  if (extra) {
    const [a, b] = nums(extra);
    items.push({tile: extra, join, outer: a === join ? b : a, double: a === b, arm: name, index: arm.length,
      ghost: true});
  }
  return items;
}

/**
 * Lay the line out `width` squares wide: {width, height, tiles, ghosts}.  Each tile has x, y, w, h
 * (from the top left; 2×1 lying, 1×2 upright), `first` and `second` (the numbers on its left or top
 * half and on the other), `arm` ("lead", "left", "right") and `index` (from the lead outward).
 * `extra` ({left: "6|4", right: "6|4"}) adds `ghosts`: where that tile would lie on each end.
 */
export function layoutLine(line, width, extra = {}) {
  const lead = line.lead;
  if (!lead) return {width, height: 0, tiles: [], ghosts: {}};
  const room = width - 1.5;  // three quarters of a square kept at each edge
  const hiLeft = leftRoom(reach(armItems(lead, line.left || [], "left")), reach(armItems(lead, line.right || [], "right")), room);
  const hiRight = room - hiLeft;
  const middle = hiLeft + 0.75;  // the lead's middle, from the table's left edge
  const right = placeArm(armItems(lead, line.right || [], "right", extra.right), hiRight, -hiLeft);
  const left = placeArm(armItems(lead, line.left || [], "left", extra.left), hiLeft, -hiRight)
    .map((t) => ({...t, x: -(t.x + t.w), y: -(t.y + t.h), half: t.half === undefined ? undefined : 1 - t.half}));
  const all = [{tile: lead.tile, seat: lead.seat, join: lead.outer, outer: lead.outer, double: true, arm: "lead",
    index: 0, x: -0.5, y: -1, w: 1, h: 2}, ...left, ...right];
  const top = Math.min(...all.map((t) => t.y)) - 0.4;
  const bottom = Math.max(...all.map((t) => t.y + t.h)) + 0.4;
  const height = Math.max(bottom - top, 3.6);
  const shift = top - (height - (bottom - top)) / 2;
  const tiles = [];
  const ghosts = {};
  for (const t of all) {
    const placed = {...t, x: t.x + middle, y: t.y - shift};
    [placed.first, placed.second] = t.double ? [t.outer, t.outer] : t.half === 0 ? [t.join, t.outer] : [t.outer, t.join];
    if (t.ghost) ghosts[t.arm] = placed;
    else tiles.push(placed);
  }
  return {width, height, tiles, ghosts};
}
