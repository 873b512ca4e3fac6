/**
 * Foundry v13's sidebar combat tracker, as client/applications/sidebar/tabs/combat-tracker.mjs builds it, for tests
 * that run Fray's FrayCombatTracker on it (set as `foundry.applications.sidebar.tabs.CombatTracker` before importing
 * it):
 * - `_attachFrameListeners`: one `change` listener on the whole element reads any change as an initiative
 *   (`_onUpdateInitiative`: the `[data-combatant-id]` the input is in, its value as a number, the combatant updated);
 * - `_getEntryContextOptions`: the combatant rows' menu (Update, Clear Initiative, Reroll Initiative, Clear Movement
 *   History, Remove Combatant), each with Foundry's condition and callback.
 * And a small DOM (`FakeElement`, parsed from rendered HTML): closest, querySelector(All), dataset, value, and events
 * that bubble from the target to the root, as the browser's do. Only what these tests touch.
 */

const VOID = new Set(["img", "input", "br", "hr", "meta", "link", "source"]);

export class FakeElement {
  readonly children: FakeElement[] = [];
  parent: FakeElement | null = null;
  value = "";
  checked = false;
  readonly #listeners = new Map<string, ((event: FakeEvent) => unknown)[]>();
  constructor(
    readonly tagName: string,
    readonly attributes: Map<string, string> = new Map(),
  ) {
    this.value = attributes.get("value") ?? "";
    this.checked = attributes.has("checked");
  }
  get classList(): string[] {
    return (this.attributes.get("class") ?? "").split(/\s+/).filter(Boolean);
  }
  get dataset(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of this.attributes)
      if (k.startsWith("data-")) out[k.slice(5).replace(/-([a-z])/g, (_m: string, c: string) => c.toUpperCase())] = v;
    return out;
  }
  matches(selector: string): boolean {
    return selector.split(",").some((one) => matchesSimple(this, one.trim()));
  }
  closest(selector: string): FakeElement | null {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk up the parents starts at this element
    for (let e: FakeElement | null = this; e; e = e.parent) if (e.matches(selector)) return e;
    return null;
  }
  querySelectorAll(selector: string): FakeElement[] {
    const out: FakeElement[] = [];
    const walk = (e: FakeElement) => {
      for (const c of e.children) {
        if (c.matches(selector)) out.push(c);
        walk(c);
      }
    };
    walk(this);
    return out;
  }
  querySelector(selector: string): FakeElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  addEventListener(type: string, listener: (event: FakeEvent) => unknown): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  /** The event bubbles from here to the root; each element's listeners see it, with `target` this element. */
  dispatch(type: string): unknown[] {
    const event: FakeEvent = { type, target: this, currentTarget: this };
    const results: unknown[] = [];
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the event bubbles up from this element
    for (let e: FakeElement | null = this; e; e = e.parent) {
      event.currentTarget = e;
      for (const l of e.#listeners.get(type) ?? []) results.push(l(event));
    }
    return results;
  }
}

export interface FakeEvent {
  readonly type: string;
  readonly target: FakeElement;
  currentTarget: FakeElement;
}

/** One compound selector: a tag, `.class`, `[attr]` and `[attr="value"]` parts, all of which must hold. */
function matchesSimple(e: FakeElement, selector: string): boolean {
  const parts = selector.match(/^[a-z][a-z0-9-]*|\.[\w-]+|\[[^\]]+\]/gi) ?? [];
  if (parts.join("") !== selector) throw new Error(`the fake DOM does not read the selector "${selector}"`);
  return parts.every((p) => {
    if (p.startsWith(".")) return e.classList.includes(p.slice(1));
    if (p.startsWith("[")) {
      const [, name, value] = /^\[([\w-]+)(?:="([^"]*)")?\]$/.exec(p) ?? [];
      return name !== undefined && e.attributes.has(name) && (value === undefined || e.attributes.get(name) === value);
    }
    return e.tagName === p.toLowerCase();
  });
}

/** The elements of rendered HTML, under a root `<div>` (comments and text dropped). */
export function parseHtml(html: string): FakeElement {
  const root = new FakeElement("div");
  let open = root;
  for (const [tag] of html.replace(/<!--[\s\S]*?-->/g, "").matchAll(/<\/?[a-z][^>]*>/gi)) {
    if (tag.startsWith("</")) {
      open = open.parent ?? root;
      continue;
    }
    const [, name = ""] = /^<([a-z0-9-]+)/i.exec(tag) ?? [];
    const attributes = new Map<string, string>();
    for (const [, k, v] of tag.matchAll(/\s([\w-]+)(?:="([^"]*)")?/g)) attributes.set(k as string, unescape(v ?? ""));
    const e = new FakeElement(name.toLowerCase(), attributes);
    e.parent = open;
    open.children.push(e);
    if (!VOID.has(e.tagName) && !tag.endsWith("/>")) open = e;
  }
  return root;
}

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#x3D;/g, "=")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** A combatant as the tracker's handlers use it. */
export interface TrackedCombatant {
  readonly id: string;
  readonly initiative: number | null;
  readonly token?: { readonly movementHistory?: readonly unknown[]; readonly name?: string } | null;
  update(data: Record<string, unknown>): Promise<unknown>;
  delete(): Promise<unknown>;
  clearMovementHistory?(): Promise<unknown>;
}

export interface ContextEntry {
  readonly name: string;
  readonly icon?: string;
  readonly condition?: boolean | ((li: FakeElement) => boolean);
  readonly callback: (li: FakeElement) => unknown;
}

interface TrackerGlobals {
  game: { user: { isGM: boolean } };
}
const g = () => globalThis as unknown as TrackerGlobals;

export class FakeCombatTracker {
  static DEFAULT_OPTIONS = { actions: {} };
  static PARTS: Record<string, { template: string }> = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };
  element: FakeElement = new FakeElement("section");
  viewed: {
    combatants: { get(id: string): TrackedCombatant | undefined };
    rollInitiative(ids: string[]): Promise<unknown>;
  } | null = null;
  /** What Foundry's change listener started (the initiative writes), for a test to wait on. */
  readonly initiativeWrites: Promise<unknown>[] = [];

  _attachFrameListeners(): void {
    this.element.addEventListener("change", (event) => {
      const write = this._onUpdateInitiative(event);
      if (write) this.initiativeWrites.push(write);
    });
  }

  _onUpdateInitiative(event: FakeEvent): Promise<unknown> | undefined {
    const { combatantId } = event.target.closest("[data-combatant-id]")?.dataset ?? {};
    const combatant = this.viewed?.combatants.get(combatantId ?? "");
    if (!combatant) return undefined;
    const raw = event.target.value;
    const isDelta = /^[+-]/.test(raw);
    if (!isDelta || raw[0] === "=") return combatant.update({ initiative: raw ? Number(raw.replace(/^=/, "")) : null });
    const delta = parseInt(raw);
    if (!isNaN(delta)) return combatant.update({ initiative: (combatant.initiative ?? 0) + delta });
    return undefined;
  }

  _getEntryContextOptions(): ContextEntry[] {
    const getCombatant = (li: FakeElement) => this.viewed?.combatants.get(li.dataset.combatantId ?? "");
    return [
      { name: "COMBAT.CombatantUpdate", condition: () => g().game.user.isGM, callback: () => undefined },
      {
        name: "COMBAT.CombatantClear",
        condition: (li) => g().game.user.isGM && Number.isFinite(getCombatant(li)?.initiative),
        callback: (li) => getCombatant(li)?.update({ initiative: null }),
      },
      {
        name: "COMBAT.CombatantReroll",
        condition: () => g().game.user.isGM,
        callback: (li) => {
          const combatant = getCombatant(li);
          if (combatant) return this.viewed?.rollInitiative([combatant.id]);
          return undefined;
        },
      },
      {
        name: "COMBAT.CombatantClearMovementHistory",
        condition: (li) => g().game.user.isGM && (getCombatant(li)?.token?.movementHistory?.length ?? 0) > 0,
        callback: (li) => getCombatant(li)?.clearMovementHistory?.(),
      },
      {
        name: "COMBAT.CombatantRemove",
        condition: () => g().game.user.isGM,
        callback: (li) => getCombatant(li)?.delete(),
      },
    ];
  }
}

/**
 * Whether a context menu entry shows for the row `li`: its `condition`, a boolean or a function of the row (v13's
 * types).
 */
export function shown(entry: ContextEntry, li: FakeElement): boolean {
  return typeof entry.condition === "function" ? entry.condition(li) : entry.condition !== false;
}
