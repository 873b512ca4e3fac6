/**
 * Small readers of rendered template HTML for the sheet tests: the top-level elements of a part (Foundry's
 * HandlebarsApplicationMixin refuses a part that renders more or fewer than one) and the element that opens
 * with a given attribute, with everything inside it.
 */
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const TAG = /<(\/?)([a-zA-Z][\w-]*)\b[^>]*?(\/?)>/g;

/** The opening tags of the top-level elements, in order. */
export function rootTags(html: string): string[] {
  const out: string[] = [];
  let depth = 0;
  for (const m of html.replace(/<!--[\s\S]*?-->/g, "").matchAll(TAG)) {
    const [tag, closing, name = "", selfClosing] = m;
    if (closing) depth--;
    else {
      if (depth === 0) out.push(tag);
      if (!VOID.has(name.toLowerCase()) && !selfClosing) depth++;
    }
  }
  return out;
}

/** The first element whose opening tag matches `open`, from its opening tag to its matching closing tag. */
export function elementAt(html: string, open: RegExp): string {
  const start = html.search(open);
  if (start < 0) return "";
  let depth = 0;
  for (const m of html.slice(start).matchAll(TAG)) {
    const [, closing, name = "", selfClosing] = m;
    if (closing) depth--;
    else if (!VOID.has(name.toLowerCase()) && !selfClosing) depth++;
    if (depth === 0) return html.slice(start, start + (m.index ?? 0) + m[0].length);
  }
  return html.slice(start);
}
