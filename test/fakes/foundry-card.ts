import type { UserLike } from "../../src/foundry/combat/ports.js";
import type { CardActorLike, CardItemLike, CardMessageLike } from "../../src/foundry/cards/card-ports.js";
import { setPath } from "./foundry-combat.js";

/** A document update's `system.` paths applied as Foundry applies them (dotted paths, "-=" and "=="), as copies. */
function applyToSystem(system: Record<string, unknown>, data: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(data)) if (k.startsWith("system.")) setPath(system, k.slice(7), JSON.parse(JSON.stringify(v)));
}

/**
 * An actor as the attack card touches it: owners by user id, `update` applying Foundry's dotted paths to its system
 * data (a copy, as the database returns), and token statuses as a set, as `toggleStatusEffect` leaves them.
 */
export class FakeActor implements CardActorLike {
  system: Record<string, unknown>;
  readonly statuses = new Set<string>();
  readonly updates: Record<string, unknown>[] = [];
  readonly items: { readonly contents: CardItemLike[] };
  constructor(
    readonly id: string,
    readonly name: string,
    readonly type: string,
    system: Record<string, unknown>,
    readonly owners: readonly string[] = [],
    items: CardItemLike[] = [],
  ) {
    this.system = JSON.parse(JSON.stringify(system)) as Record<string, unknown>;
    this.items = { contents: items };
  }
  testUserPermission(user: UserLike, permission: "OWNER"): boolean {
    return permission === "OWNER" && (user.isGM || (user.id !== null && this.owners.includes(user.id)));
  }
  async update(data: Record<string, unknown>): Promise<unknown> {
    await new Promise((r) => setTimeout(r, 0));
    this.updates.push(data);
    applyToSystem(this.system, data);
    return this;
  }
  async toggleStatusEffect(statusId: string, { active }: { active: boolean }): Promise<unknown> {
    if (active) this.statuses.add(statusId);
    else this.statuses.delete(statusId);
    return true;
  }
}

/** A chat message whose system data is updated as Foundry applies an update (dotted paths, "==" replaces). */
export class FakeMessage implements CardMessageLike {
  system: Record<string, unknown>;
  readonly updates: Record<string, unknown>[] = [];
  constructor(
    readonly id: string,
    readonly type: string,
    system: unknown,
  ) {
    this.system = JSON.parse(JSON.stringify(system)) as Record<string, unknown>;
  }
  async update(data: Record<string, unknown>): Promise<unknown> {
    await new Promise((r) => setTimeout(r, 0));
    this.updates.push(data);
    applyToSystem(this.system, data);
    return this;
  }
}

/** An item as an applied attack writes it: its own update, applying Foundry's dotted paths to its system data. */
export class FakeItem implements CardItemLike {
  system: Record<string, unknown>;
  constructor(
    readonly id: string,
    readonly name: string,
    readonly type: string,
    system: Record<string, unknown> = {},
  ) {
    this.system = JSON.parse(JSON.stringify(system)) as Record<string, unknown>;
  }
  async update(data: Record<string, unknown>): Promise<unknown> {
    applyToSystem(this.system, data);
    return this;
  }
}
