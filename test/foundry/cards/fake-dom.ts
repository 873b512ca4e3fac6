/**
 * The little of the browser's DOM a chat card touches, for Node tests: `innerHTML` parsed into elements,
 * `querySelector(All)` over descendants, `dataset`, `addEventListener` and a click or submit. Not Foundry's code: the
 * HTML comes from the real templates (handlebars-env.ts), and the cards read and wire it as a browser would let them.
 * Selectors: `.class`, `[attr]`, `[attr=value]`, with an optional tag in front (`button[type=submit]`).
 */
const VOID = new Set(["input", "br", "hr", "img", "meta", "link"]);
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** An attribute's text as the browser reads it: Handlebars' escapes (`&quot;`, `&#x3D;`, `&#39;`) undone. */
const unescape = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) =>
    code.startsWith("#x") || code.startsWith("#X")
      ? String.fromCharCode(parseInt(code.slice(2), 16))
      : code.startsWith("#")
        ? String.fromCharCode(Number(code.slice(1)))
        : (ENTITIES[code] ?? whole),
  );

/** `data-fray-card-command` as `dataset.frayCardCommand`. */
const datasetKey = (name: string) => name.slice(5).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

export class FakeElement {
  readonly children: FakeElement[] = [];
  readonly attributes: Record<string, string> = {};
  readonly dataset: Record<string, string> = {};
  readonly #listeners = new Map<string, ((event: { preventDefault(): void }) => void)[]>();
  #html = "";
  disabled = false;
  checked = false;
  value = "";

  constructor(
    readonly tagName: string,
    attributes: Record<string, string> = {},
  ) {
    for (const [name, value] of Object.entries(attributes)) this.setAttribute(name, value);
  }

  setAttribute(name: string, value: string): void {
    this.attributes[name] = value;
    if (name.startsWith("data-")) this.dataset[datasetKey(name)] = value;
    if (name === "checked") this.checked = true;
    if (name === "value") this.value = value;
    if (name === "disabled") this.disabled = true;
  }

  get name(): string {
    return this.attributes.name ?? "";
  }
  get type(): string {
    return this.attributes.type ?? "";
  }
  get innerHTML(): string {
    return this.#html;
  }
  /** The browser parses what is written here into new children: listeners on the old ones are gone with them. */
  set innerHTML(html: string) {
    this.#html = html;
    this.children.length = 0;
    const open: { element: FakeElement; from: number }[] = [{ element: this, from: 0 }];
    for (const m of html.matchAll(/<(\/?)([a-z][\w-]*)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*\/?>/gi)) {
      const [whole, closing, tag, attrs] = m;
      const name = tag!.toLowerCase();
      if (closing) {
        // An element's own HTML is what lies between its tags.
        for (let top = open.pop(); top && open.length > 0; top = open.pop()) {
          top.element.#html = html.slice(top.from, m.index);
          if (top.element.tagName === name) break;
        }
        if (open.length === 0) open.push({ element: this, from: 0 });
        continue;
      }
      const attributes: Record<string, string> = {};
      for (const a of attrs!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) attributes[a[1]!] = unescape(a[2] ?? "");
      const element = new FakeElement(name, attributes);
      open.at(-1)!.element.children.push(element);
      if (!VOID.has(name)) open.push({ element, from: m.index + whole.length });
    }
  }

  querySelectorAll<T = FakeElement>(selector: string): T[] {
    const out: FakeElement[] = [];
    const walk = (e: FakeElement) => {
      for (const child of e.children) {
        if (child.matches(selector)) out.push(child);
        walk(child);
      }
    };
    walk(this);
    return out as T[];
  }

  querySelector<T = FakeElement>(selector: string): T | null {
    return this.querySelectorAll<T>(selector)[0] ?? null;
  }

  matches(selector: string): boolean {
    const m = /^([a-z]*)(?:\.([\w-]+)|\[([\w-]+)(?:=([\w-]+))?\])?$/i.exec(selector);
    if (!m) throw new Error(`selector not supported by the fake DOM: ${selector}`);
    const [, tag, cls, attr, value] = m;
    if (tag && tag.toLowerCase() !== this.tagName) return false;
    if (cls) return (this.attributes.class ?? "").split(/\s+/).includes(cls);
    if (attr) return attr in this.attributes && (value === undefined || this.attributes[attr] === value);
    return Boolean(tag);
  }

  addEventListener(type: string, listener: (event: { preventDefault(): void }) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  /** A user's click (a disabled button hears nothing, as in a browser). */
  click(): void {
    if (!this.disabled) this.#dispatch("click");
  }

  /** A form sent by its submit button. */
  submit(): void {
    this.#dispatch("submit");
  }

  #dispatch(type: string): void {
    for (const listener of this.#listeners.get(type) ?? []) listener({ preventDefault: () => undefined });
  }
}

/** A chat message's element as v13's renderChatMessageHTML hook receives it: its `.message-content` holds `content`. */
export function messageElement(content: string): FakeElement {
  const log = new FakeElement("ol");
  log.innerHTML = `<li class="chat-message"><div class="message-content">${content}</div></li>`;
  return log.children[0]!;
}
