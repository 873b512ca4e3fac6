import type { CombatLike, CombatantLike, UserLike } from "../../src/foundry/combat/ports.js";
import { dispatchFrayHooks, type HookBus } from "../../src/foundry/combat/fray-hooks.js";

/**
 * A small, honest fake of the Foundry documents the turn-request handling calls (see ports.ts):
 * ownership by user id, hidden combatants, and an update that applies Foundry's flattened keys
 * and then runs the same _onUpdate hook dispatch every real client runs.
 */
export class FakeUser implements UserLike {
  constructor(
    readonly id: string,
    readonly name: string,
    readonly isGM = false,
  ) {}
}

export class FakeCombatant implements CombatantLike {
  /** The scene and token it stands for, as Foundry's Combatant keeps them (null: no token). */
  sceneId: string | null = null;
  tokenId: string | null = null;
  constructor(
    readonly id: string,
    readonly name: string,
    readonly side: string,
    readonly owners: readonly string[] = [],
    public hidden = false,
    readonly img = `icons/${id}.webp`,
  ) {}
  testUserPermission(user: UserLike, permission: "OWNER"): boolean {
    return permission === "OWNER" && (user.isGM || (user.id !== null && this.owners.includes(user.id)));
  }
}

export class FakeHooks implements HookBus {
  readonly calls: { hook: string; args: unknown[] }[] = [];
  callAll(hook: string, ...args: unknown[]): boolean {
    this.calls.push({ hook, args });
    return true;
  }
}

export class FakeCombat implements CombatLike {
  round = 0;
  turn: number | null = null;
  #system: Record<string, unknown> = { journal: null, events: [], revision: 0 };
  /**
   * Foundry keeps a document's source as data that came over its socket as JSON: never an object the caller still
   * holds, and with no two paths sharing one object (structuredClone would keep such sharing, and a merge into one
   * path would then change the other).
   */
  get system(): Record<string, unknown> {
    return this.#system;
  }
  set system(value: Record<string, unknown>) {
    this.#system = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  }
  readonly updates: Record<string, unknown>[] = [];
  readonly combatants: { get(id: string): FakeCombatant | undefined; contents: FakeCombatant[] };
  constructor(
    readonly id: string,
    readonly type: string,
    roster: FakeCombatant[],
    private readonly hooks: FakeHooks,
  ) {
    this.combatants = { get: (id) => roster.find((c) => c.id === id), contents: roster };
  }
  get started(): boolean {
    return this.round > 0;
  }
  async update(data: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    // The database round trip is asynchronous: yield so concurrent requests really interleave.
    await new Promise((r) => setTimeout(r, 0));
    this.updates.push(data);
    const changed: { system: Record<string, unknown> } & Record<string, unknown> = { system: {} };
    for (const [k, v] of Object.entries(data)) {
      if (k.startsWith("system.")) {
        // As Foundry applies an update (mergeObject with deletions): a dotted path reaches into objects, an object merges
        // into the object already there, "-=key" deletes key, "==key" replaces it whole; values are copies.
        setPath(this.system, k.slice(7), JSON.parse(JSON.stringify(v)));
        setPath(changed.system, k.slice(7), JSON.parse(JSON.stringify(v)));
      } else if (k === "round") this.round = v as number;
      else if (k === "turn") this.turn = v as number | null;
      else changed[k] = v;
    }
    dispatchFrayHooks(this.hooks, this, changed, options);
    return this;
  }
}

export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const p of parts.slice(0, -1)) {
    if (typeof node[p] !== "object" || node[p] === null) node[p] = {};
    node = node[p] as Record<string, unknown>;
  }
  assign(node, parts[parts.length - 1] as string, value);
}

function assign(node: Record<string, unknown>, key: string, value: unknown): void {
  if (key.startsWith("-=")) delete node[key.slice(2)];
  else if (key.startsWith("==")) node[key.slice(2)] = value;
  else if (isPlainObject(value) && isPlainObject(node[key])) {
    for (const [k, v] of Object.entries(value)) assign(node[key] as Record<string, unknown>, k, v);
  } else node[key] = value;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
