// Tiny DOM helpers: h() builds HTML elements, s() builds SVG elements.
// Children may be strings, numbers, nodes, arrays (flattened) or null/false (skipped).

const SVG_NS = "http://www.w3.org/2000/svg";

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function setAttrs(node, attrs, svg) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      node.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    } else if (key === "style" && typeof value === "object") {
      Object.assign(node.style, value);
    } else if (!svg && (key === "value" || key === "checked" || key === "disabled" || key === "selected")) {
      node[key] = value;
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else {
      node.setAttribute(key, value === true ? "" : value);
    }
  }
}

/** An HTML element: h("button", {class: "btn", onclick: f}, "Jouer"). */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs, false);
  return append(node, children);
}

/** An SVG element: s("rect", {x: 0, y: 0, width: 10, height: 10}). */
export function s(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs, true);
  return append(node, children);
}

/** A whole <svg> with a viewBox, scaled to its container's width. */
export function svgRoot(width, height, attrs, ...children) {
  return s(
    "svg",
    // A group, not an image: cards, dice and squares inside may be buttons, and their text
    // (and aria-labels) are what a screen reader reads.
    { viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: "xMidYMid meet", role: "group", ...attrs },
    ...children,
  );
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export function mount(node, ...children) {
  clear(node);
  return append(node, children);
}

/** Append children to a node, skipping null/false (unlike the native append). */
export function add(node, ...children) {
  return append(node, children);
}
