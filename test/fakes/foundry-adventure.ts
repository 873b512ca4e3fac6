/**
 * A fake of Foundry v13's Adventure import, read from its own code:
 * - common/documents/adventure.mjs: the content fields are the schema's SetFields, in schema order (actors, combats,
 *   items, journal, scenes, tables, macros, cards, playlists, folders: `contentFields`);
 * - client/documents/adventure.mjs: `fromSource` empties the actors and items (and folders of those types) of an
 *   adventure from a pack that belongs to no system; `import` runs `prepareImport`, the `preImportAdventure` hook
 *   (false stops it), the overwrite confirmation when anything already exists and `dialog` is on, `importContent`, the
 *   `importAdventure` hook, then marks the adventure imported in the `core.adventureImports` setting;
 *   `prepareImport` splits each field by whether the world's collection has the id (create, else update), keeping
 *   only `importFields` unless empty or "all"; `importContent` creates each document type in that order with
 *   `keepId: true`, then updates with `diff: false, recursive: false`;
 * - common/abstract/document.mjs and common/abstract/_types.mjs: without `keepId` a created document gets a new id;
 * - common/packages/base-package.mjs `cleanData`: every pack of a system's manifest depends on that system.
 * The world's collections keep what they are given, as plain data: Foundry's server adds its defaults, which these
 * tests do not read. Nothing is supplied that Foundry does not.
 */

type Doc = Record<string, unknown> & { _id?: string | null };

/** BaseAdventure's content fields in schema order, with the document each holds. */
export const CONTENT_FIELDS: readonly (readonly [string, string])[] = [
  ["actors", "Actor"],
  ["combats", "Combat"],
  ["items", "Item"],
  ["journal", "JournalEntry"],
  ["scenes", "Scene"],
  ["tables", "RollTable"],
  ["macros", "Macro"],
  ["cards", "Cards"],
  ["playlists", "Playlist"],
  ["folders", "Folder"],
];

/** CONST.SYSTEM_SPECIFIC_COMPENDIUM_TYPES. */
const SYSTEM_SPECIFIC = ["Actor", "Item"];

const clone = <T>(x: T): T => structuredClone(x);

let counter = 0;
/** A new 16-character id, as the server makes one for a document created without `keepId`. */
const randomId = () => `new${String(++counter).padStart(13, "0")}`;

/** One world collection (game.actors, game.scenes, ...): documents by id, created and updated as the server does. */
export class FakeWorldCollection {
  readonly #docs = new Map<string, Doc>();
  /** Every database operation's options, in order, to see how the import asked. */
  readonly operations: { readonly kind: "create" | "update"; readonly options: Record<string, unknown> }[] = [];
  constructor(readonly documentName: string) {}
  has(id: string): boolean {
    return this.#docs.has(id);
  }
  get(id: string): Doc | undefined {
    return this.#docs.get(id);
  }
  get contents(): Doc[] {
    return [...this.#docs.values()];
  }
  createDocuments(data: readonly Doc[], options: { keepId?: boolean } = {}): Doc[] {
    this.operations.push({ kind: "create", options: { ...options } });
    return data.map((d) => {
      const doc = clone(d);
      if (!options.keepId || typeof doc._id !== "string") doc._id = randomId();
      this.#docs.set(doc._id, doc);
      return doc;
    });
  }
  /** `diff: false, recursive: false`: each update replaces the fields it names, whole. */
  updateDocuments(updates: readonly Doc[], options: Record<string, unknown> = {}): Doc[] {
    this.operations.push({ kind: "update", options: { ...options } });
    return updates.map((u) => {
      const id = String(u._id);
      const doc = { ...(this.#docs.get(id) ?? {}), ...clone(u) };
      this.#docs.set(id, doc);
      return doc;
    });
  }
}

/** The world an adventure is imported into: game.collections, the hooks the import calls, and the core setting. */
export class FakeWorld {
  readonly collections = new Map(CONTENT_FIELDS.map(([, name]) => [name, new FakeWorldCollection(name)]));
  /** core.adventureImports: the uuids of adventures imported into this world. */
  adventureImports: Record<string, boolean> = {};
  readonly hooks: { readonly name: string; readonly args: readonly unknown[] }[] = [];
  /** What a `preImportAdventure` handler returns; false stops the import, as Hooks.call does. */
  preImport: () => boolean | void = () => undefined;
  /** The answer to the overwrite confirmation (DialogV2.confirm), and how often it was asked. */
  confirm = true;
  asked = 0;
  collection(name: string): FakeWorldCollection {
    const c = this.collections.get(name);
    if (!c) throw new Error(`no world collection ${name}`);
    return c;
  }
}

/** A compendium pack's metadata as the adventure's `fromSource` reads it. */
export interface PackMetadata {
  readonly id: string;
  /** The system the pack depends on: every pack of a system's manifest has it. */
  readonly system?: string;
}

/** A pack's metadata as Foundry gives it for a pack declared in a package's manifest (base-package.mjs cleanData). */
export function packMetadata(
  manifest: { id: string; packs?: readonly { name: string; system?: string }[] },
  type: "system" | "module",
  name: string,
): PackMetadata {
  const pack = manifest.packs?.find((p) => p.name === name);
  if (!pack) throw new Error(`the manifest has no pack ${name}`);
  const system = pack.system ?? (type === "system" ? manifest.id : undefined);
  return { id: `${manifest.id}.${name}`, ...(system ? { system } : {}) };
}

export interface ImportOptions {
  dialog?: boolean;
  importFields?: string[];
}

export interface ImportData {
  readonly toCreate: Record<string, Doc[]>;
  readonly toUpdate: Record<string, Doc[]>;
  readonly documentCount: number;
}

export interface ImportResult {
  readonly created: Record<string, Doc[]>;
  readonly updated: Record<string, Doc[]>;
}

/** An Adventure document from a pack, and its import into a world. */
export class FakeAdventure {
  readonly #source: Doc;
  constructor(
    source: Doc,
    readonly pack: PackMetadata,
  ) {
    const data = clone(source);
    // Adventure.fromSource: a pack of no system cannot carry system-specific documents.
    if (!pack.system) {
      data.actors = [];
      data.items = [];
      data.folders = ((data.folders as Doc[] | undefined) ?? []).filter(
        (f) => !SYSTEM_SPECIFIC.includes(String(f.type)),
      );
    }
    this.#source = data;
  }

  get uuid(): string {
    return `Compendium.${this.pack.id}.Adventure.${String(this.#source._id)}`;
  }

  /** toObject(): each content field as an array (a SetField's source). */
  toObject(): Doc {
    const out = clone(this.#source);
    for (const [field] of CONTENT_FIELDS) out[field] = [...((out[field] as Doc[] | undefined) ?? [])];
    return out;
  }

  import(world: FakeWorld, options: ImportOptions = {}): Promise<ImportResult> {
    const dialog = options.dialog ?? true;
    const data = this.prepareImport(world, options);
    world.hooks.push({ name: "preImportAdventure", args: [this, options, data.toCreate, data.toUpdate] });
    if (world.preImport() === false) return Promise.resolve({ created: {}, updated: {} });
    if (Object.keys(data.toUpdate).length && dialog) {
      world.asked++;
      if (!world.confirm) return Promise.resolve({ created: {}, updated: {} });
    }
    const result = this.importContent(world, data);
    world.hooks.push({ name: "importAdventure", args: [this, options, result.created, result.updated] });
    world.adventureImports = { ...world.adventureImports, [this.uuid]: true };
    return Promise.resolve(result);
  }

  prepareImport(world: FakeWorld, options: ImportOptions = {}): ImportData {
    const fields = new Set(options.importFields ?? []);
    const all = fields.size === 0 || fields.has("all");
    const data = this.toObject();
    const keep = new Set<string>();
    const toCreate: Record<string, Doc[]> = {};
    const toUpdate: Record<string, Doc[]> = {};
    let documentCount = 0;
    for (const [field, name] of CONTENT_FIELDS) {
      if (!all && !fields.has(field)) continue;
      keep.add(name);
      const collection = world.collection(name);
      const docs = data[field] as Doc[];
      let c = docs.filter((d) => !collection.has(String(d._id)));
      let u = docs.filter((d) => collection.has(String(d._id)));
      if (field === "folders" && !all) {
        c = c.filter((f) => keep.has(String(f.type)));
        u = u.filter((f) => keep.has(String(f.type)));
      }
      if (c.length) toCreate[name] = c;
      if (u.length) toUpdate[name] = u;
      documentCount += c.length + u.length;
    }
    return { toCreate, toUpdate, documentCount };
  }

  importContent(world: FakeWorld, { toCreate, toUpdate }: ImportData): ImportResult {
    const created: Record<string, Doc[]> = {};
    const updated: Record<string, Doc[]> = {};
    for (const [name, docs] of Object.entries(toCreate))
      created[name] = world
        .collection(name)
        .createDocuments(docs, { keepId: true, render: false, renderSheet: false } as { keepId: boolean });
    for (const [name, docs] of Object.entries(toUpdate))
      updated[name] = world
        .collection(name)
        .updateDocuments(docs, { diff: false, recursive: false, noHook: true, render: false });
    return { created, updated };
  }
}
