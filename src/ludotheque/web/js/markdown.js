// A small Markdown → DOM for the rules pages (the server's docs/games/ text): headings,
// paragraphs, lists, block quotes, tables, code blocks; **bold**, `code`, [links](…) inline.
// Every piece of text goes in as a text node (no innerHTML): the page cannot inject markup.
import { h } from "./dom.js";

/** Inline text: **bold**, `code`, [text](href) and <br> (in table cells) as nodes. */
export function inline(text) {
  const out = [];
  const re = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|<br>/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(h("strong", {}, inline(m[1])));
    else if (m[2] !== undefined) out.push(h("code", {}, m[2]));
    else if (m[3] !== undefined) {
      // Only the site's own pages (a game's .md link is its rules page here).
      const game = /^(\w+)\.md$/.exec(m[4]);
      out.push(game ? h("a", { href: `/rules/${game[1]}`, "data-link": true }, m[3]) : m[3]);
    } else out.push(h("br", {}));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function cells(line) {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replaceAll("\\|", "|"));
}

/** The Markdown `text` as a list of block nodes; headings shift by `shift` levels. */
export function markdown(text, { shift = 0 } = {}) {
  const lines = text.replace(/<!--.*?-->/gs, "").split("\n");
  const blocks = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(6, heading[1].length + shift);
      blocks.push(h(`h${level}`, {}, inline(heading[2])));
      i++;
    } else if (line.startsWith("```")) {
      const code = [];
      i++;
      while (i < lines.length && !lines[i].startsWith("```")) code.push(lines[i++]);
      i++;
      blocks.push(h("pre", {}, h("code", {}, code.join("\n"))));
    } else if (line.startsWith("|")) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith("|")) rows.push(lines[i++]);
      const [head, , ...body] = rows;
      blocks.push(h("div", { class: "table-scroll" }, h("table", { class: "grid" },
        h("thead", {}, h("tr", {}, cells(head).map((c) => h("th", { scope: "col" }, inline(c))))),
        h("tbody", {}, body.map((r) => h("tr", {}, cells(r).map((c) => h("td", {}, inline(c)))))))));
    } else if (/^\s*[-•]\s/.test(line)) {
      const items = [];
      while (i < lines.length && lines[i].trim() && !/^#|^\||^>|^```/.test(lines[i])) {
        if (/^\s*[-•]\s/.test(lines[i])) items.push(lines[i].replace(/^\s*[-•]\s+/, ""));
        else items[items.length - 1] += ` ${lines[i].trim()}`; // a wrapped item
        i++;
      }
      blocks.push(h("ul", {}, items.map((it) => h("li", {}, inline(it)))));
    } else if (line.startsWith(">")) {
      const quote = [];
      while (i < lines.length && lines[i].startsWith(">")) quote.push(lines[i++].replace(/^>\s?/, ""));
      blocks.push(h("blockquote", {}, markdown(quote.join("\n"), { shift })));
    } else {
      const para = [];
      while (i < lines.length && lines[i].trim() && !/^(#|\||>|```|\s*[-•]\s)/.test(lines[i])) {
        para.push(lines[i++].trim());
      }
      blocks.push(h("p", {}, inline(para.join(" "))));
    }
  }
  return blocks;
}
