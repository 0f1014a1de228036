// Looking back at the positions of the game being played, on this device only: "Look back" fetches
// the game's positions (/api/tables/CODE/replay?live=true: draughts hides nothing) and the board shows
// an earlier one, with nothing to play on it, while the live game goes on (its moves still arrive and
// the table's moves list still plays); "Back to the game" shows the live position again.

import {h} from "/static/js/svg.js";

/** The look-back controls, made once by build(); `redraw()` draws the board again. */
export function buildLookBack(st, redraw) {
  st.look = null;   // {game_no, positions, at} while looking back
  st.lookBackBtn = h("button", {class: "btn quiet small-btn", type: "button", "data-action": "look-back"}, "◀ Look back");
  st.lookForwardBtn = h("button", {class: "btn quiet small-btn", type: "button", "data-action": "look-forward"}, "Forward ▶");
  st.lookReturnBtn = h("button", {class: "btn primary small-btn", type: "button", "data-action": "look-return"}, "Back to the game");
  st.lookStatus = h("p", {class: "small dr-look-status", role: "status"});
  st.lookBackBtn.addEventListener("click", () => lookBack(st, redraw));
  st.lookForwardBtn.addEventListener("click", () => {
    if (!st.look) return;
    if (st.look.at >= st.look.positions.length - 1) { returnToGame(st, redraw); return; }
    st.look.at += 1;
    redraw();
  });
  st.lookReturnBtn.addEventListener("click", () => { returnToGame(st, redraw); st.lookBackBtn.focus(); });
  st.lookBox = h("div", {class: "dr-look", role: "group", "aria-label": "Look back through this game"}, [
    h("div", {class: "btn-row"}, [st.lookBackBtn, st.lookForwardBtn, st.lookReturnBtn]), st.lookStatus]);
  return st.lookBox;
}

function returnToGame(st, redraw) {
  st.look = null;
  st.lookStatus.textContent = "";
  redraw();
}

/** The positions after each move (and the one the first move was made in), from the replay's steps. */
function positionsOf(steps) {
  return steps.filter((s, i) => s.seat >= 0 || !steps[i + 1] || steps[i + 1].seat >= 0);
}

async function lookBack(st, redraw) {
  if (st.look) {
    if (st.look.at > 0) st.look.at -= 1;
    redraw();
    return;
  }
  const state = st.ctx.state;
  st.lookBackBtn.disabled = true;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(state.code)}/replay?live=true&game_no=${state.game_no}`);
    const body = await response.json();
    if (!response.ok) throw new Error(body.detail || `the server answered ${response.status}`);
    const positions = positionsOf(body.steps);
    if (positions.length < 2) {
      st.lookStatus.textContent = "No earlier position yet.";
      return;
    }
    if (st.ctx.state.game_no === state.game_no) {
      st.look = {game_no: state.game_no, positions, at: positions.length - 2};
    }
  } catch (err) {
    st.lookStatus.textContent = `The earlier positions could not be fetched (${err.message}).`;
  } finally {
    st.lookBackBtn.disabled = false;
    redraw();
  }
}

/**
 * The ctx to draw: the live one, or, while looking back, one showing the earlier position with
 * nothing to play (the board keeps the live view's side at the bottom).  Updates the controls.
 */
export function lookContext(st, live) {
  if (st.look && st.look.game_no !== live.state.game_no) st.look = null;  // a new game began
  const plies = live.view.plies ?? (live.state.log || []).length;
  st.lookBox.hidden = !st.look && (live.view.over || !plies || !!live.state.replay);
  st.lookForwardBtn.hidden = !st.look;
  st.lookReturnBtn.hidden = !st.look;
  st.main.classList.toggle("looking-back", !!st.look);
  if (!st.look) return live;
  const {positions, at} = st.look;
  const shown = positions[at];
  st.lookBackBtn.disabled = at === 0;
  const what = shown.seat >= 0 ? `the position after ${shown.move} (${shown.who})` : "the position at the start";
  st.lookStatus.textContent = `Looking back: ${what}, ${at} of ${positions.length - 1} moves. ` +
    "The game goes on meanwhile.";
  return {
    ...live, legal: [],
    view: {...shown.view, colour: live.view.colour},
    state: {...live.state, seq: shown.n, to_act: shown.to_act, over: false, result: null, looking_back: true},
  };
}
