// Small helpers for drawing with SVG and building DOM without a framework.

export const SVG_NS = "http://www.w3.org/2000/svg";

/** Create an SVG element: svg("rect", {x: 0, y: 0, width: 10}, [children]). */
export function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  for (const child of children) {
    if (child == null) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** Create an HTML element: h("button", {class: "btn", onclick: fn}, ["text"]). */
export function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const child of [].concat(children)) {
    if (child == null || child === false) continue;
    node.append(typeof child === "object" ? child : String(child));
  }
  return node;
}

/** Set attributes; functions under on* names become listeners; null/false removes. */
export function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (value === null || value === undefined || value === false) {
      node.removeAttribute(key);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
  return node;
}

// Pip positions on a unit die face (0..1), by value.
const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};

/**
 * A die drawn at (x, y) with side `size`.  `value` 1..6 draws pips; anything else
 * draws a blank face with a question mark (dice in the air).
 */
export function die(x, y, size, value, extraClass = "") {
  const g = svg("g", {class: `die ${extraClass}`.trim(), transform: `translate(${x} ${y})`});
  const inner = svg("g", {class: "die-inner"});
  inner.append(svg("rect", {class: "die-shadow", x: 2, y: 4, width: size, height: size, rx: size * 0.18}));
  inner.append(svg("rect", {class: "die-face", x: 0, y: 0, width: size, height: size, rx: size * 0.18}));
  if (PIPS[value]) {
    for (const [px, py] of PIPS[value]) {
      inner.append(svg("circle", {class: "die-pip", cx: px * size, cy: py * size, r: size * 0.09}));
    }
  } else {
    inner.append(svg("text", {class: "die-unknown", x: size / 2, y: size / 2, "dominant-baseline": "central",
      "text-anchor": "middle", "font-size": size * 0.55}, ["?"]));
  }
  g.append(inner);
  g.append(svg("title", {}, [PIPS[value] ? `die showing ${value}` : "die in the air"]));
  return g;
}

/** Show a fraction string from the server ("3/2") as a friendly number ("1½"). */
export function niceFraction(text) {
  const s = String(text);
  const m = /^(-?)(\d+)\/(\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, num, den] = m;
  const n = Number(num), d = Number(den);
  const whole = Math.floor(n / d), rest = n % d;
  const glyphs = {"1/2": "½", "1/3": "⅓", "2/3": "⅔", "1/4": "¼", "3/4": "¾", "1/5": "⅕", "1/6": "⅙",
    "1/8": "⅛"};
  const frac = glyphs[`${rest}/${d}`] || `${rest}/${d}`;
  return sign + (whole ? `${whole}` : "") + (rest ? frac : (whole ? "" : "0"));
}

// Small line icons (24×24, drawn in currentColor) so nothing depends on an emoji font.
const ICONS = {
  bot: '<rect x="4" y="8" width="16" height="12" rx="3"/><path d="M12 8V4"/><circle cx="12" cy="3.5" r="1.2"/>' +
    '<circle cx="9" cy="13.5" r="1.5"/><circle cx="15" cy="13.5" r="1.5"/><path d="M9.5 17.5h5"/>',
  people: '<circle cx="9" cy="8" r="3.2"/><path d="M3 20c0-3.6 2.7-6 6-6s6 2.4 6 6"/>' +
    '<circle cx="17" cy="9" r="2.6"/><path d="M16 14.2c2.9.2 5 2.4 5 5.8"/>',
  dice: '<rect x="3" y="3" width="18" height="18" rx="4"/><circle cx="8" cy="8" r="1.3" fill="currentColor"/>' +
    '<circle cx="12" cy="12" r="1.3" fill="currentColor"/><circle cx="16" cy="16" r="1.3" fill="currentColor"/>',
  trophy: '<path d="M7 4h10v5a5 5 0 0 1-10 0z"/><path d="M7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5A3.5 3.5 0 0 1 16.5 11"/>' +
    '<path d="M12 14v3M8 21h8M9.5 17h5l.5 4h-6z"/>',
  flag: '<path d="M5 21V4"/><path d="M5 4h11l-2 4 2 4H5"/>',
  eye: '<path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>',
  wait: '<path d="M6 3h12M6 21h12M7 3c0 5 5 6 5 9s-5 4-5 9M17 3c0 5-5 6-5 9s5 4 5 9"/>',
  play: '<path d="M7 4.5v15l12-7.5z" fill="currentColor"/>',
  device: '<rect x="6" y="2.5" width="12" height="19" rx="2.5"/><path d="M10.5 18.5h3"/>',
  link: '<path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1"/><path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1"/>',
  person: '<circle cx="12" cy="8" r="3.5"/><path d="M5 20c0-4 3.1-6.5 7-6.5s7 2.5 7 6.5"/>',
};

/** An inline SVG icon, hidden from screen readers (the text beside it says the same). */
export function icon(name, extraClass = "") {
  const node = document.createElementNS(SVG_NS, "svg");
  node.setAttribute("viewBox", "0 0 24 24");
  node.setAttribute("class", `icon-svg ${extraClass}`.trim());
  node.setAttribute("aria-hidden", "true");
  node.setAttribute("focusable", "false");
  node.setAttribute("fill", "none");
  node.setAttribute("stroke", "currentColor");
  node.setAttribute("stroke-width", "1.8");
  node.setAttribute("stroke-linecap", "round");
  node.setAttribute("stroke-linejoin", "round");
  node.innerHTML = ICONS[name] || "";
  return node;
}
