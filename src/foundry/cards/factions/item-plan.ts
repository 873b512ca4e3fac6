import type { AttackEvent } from "../../../core/attack/pipeline.js";
import type { AttackChoice, CardActor, CardItem } from "../attack-ruleset.js";
import { ARMOUR_TYPE, WEAPON_TYPE } from "./weapon.js";

/**
 * What applying does to items, which `ApplyPlan` (actor paths only) cannot say: FAC-62/63 destroy a weapon, shield or
 * armour, FAC-43 makes the target drop its weapon. Read from the choice the card opened with and the events.
 */
export interface ItemChange {
  readonly actorId: string;
  readonly itemId: string;
  readonly change: "destroyed" | "dropped";
}

type Ev = Readonly<Record<string, unknown>>;

function isShield(i: CardItem): boolean {
  return (i.system as { shield?: unknown } | null)?.shield === true;
}

function isDamaged(i: CardItem): boolean {
  return (i.system as { damaged?: unknown } | null)?.damaged === true;
}

/** The item an event names: a weapon by name (the attacker's chosen one first), a shield or armour by kind. */
function itemFor(actor: CardActor, choice: AttackChoice, kind: unknown, name: unknown): CardItem | undefined {
  if (kind === "shield") return actor.items.find((i) => i.type === ARMOUR_TYPE && isShield(i));
  if (kind === "armour") return actor.items.find((i) => i.type === ARMOUR_TYPE && !isShield(i) && isDamaged(i));
  const weapons = actor.items.filter((i) => i.type === WEAPON_TYPE && i.name === name);
  return weapons.find((i) => i.id === choice.itemId) ?? weapons[0];
}

export function factionsItemPlan(choice: AttackChoice, events: readonly AttackEvent[]): ItemChange[] {
  const out: ItemChange[] = [];
  for (const e of events as readonly Ev[]) {
    if (e.type !== "itemDestroyed" && e.type !== "disarmed") continue;
    const actor = [choice.attacker, choice.target].find((a) => a.id === e.combatant);
    if (!actor) continue;
    const destroyed = e.type === "itemDestroyed";
    const item = itemFor(actor, choice, destroyed ? e.kind : "weapon", destroyed ? e.item : e.weapon);
    if (item) out.push({ actorId: actor.id, itemId: item.id, change: destroyed ? "destroyed" : "dropped" });
  }
  return out;
}
