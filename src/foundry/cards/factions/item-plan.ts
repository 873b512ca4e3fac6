import type { AttackEvent } from "../../../core/attack/pipeline.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { AttackChoice, CardActor } from "../attack-ruleset.js";
import { ARMOUR_TYPE, WEAPON_TYPE } from "./weapon.js";

/**
 * What applying does to items, which the actor paths cannot say: FAC-62/63 destroy a weapon, shield or armour,
 * FAC-43 makes the target drop its weapon.
 */
export interface ItemChange {
  readonly actorId: string;
  readonly itemId: string;
  readonly change: "destroyed" | "dropped";
}

/** A weapon or armour item as the card opened with it: enough to tell which item an event names. */
interface GearItem {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly shield: boolean;
  readonly damaged: boolean;
}

/**
 * The gear of the attack's two actors when the card opened, and the item attacked with. The card keeps it with the
 * setup (the core carries it in the state's circumstances untouched), so applying can name the items the events
 * break or drop: the core's characters hold a weapon's name and an armour value, not item ids.
 */
export interface CardGear {
  readonly itemId: string | null;
  readonly actors: Readonly<Record<string, readonly GearItem[]>>;
}

function flag(system: unknown, key: string): boolean {
  return isRecord(system) && system[key] === true;
}

function gearItems(actor: CardActor): GearItem[] {
  return actor.items
    .filter((i) => i.type === WEAPON_TYPE || i.type === ARMOUR_TYPE)
    .map((i) => ({
      id: i.id,
      name: i.name,
      type: i.type,
      shield: flag(i.system, "shield"),
      damaged: flag(i.system, "damaged"),
    }));
}

export function gearOf(choice: AttackChoice): CardGear {
  return {
    itemId: choice.itemId,
    // Every actor the attack may harm: a blast's other targets too (their shields and armour break, FAC-63).
    actors: Object.fromEntries(
      [choice.attacker, choice.target, ...(choice.others ?? [])].map((a) => [a.id, gearItems(a)]),
    ),
  };
}

function isGearItem(v: unknown): v is GearItem {
  return (
    isRecord(v) &&
    typeof v.id === "string" &&
    typeof v.name === "string" &&
    typeof v.type === "string" &&
    typeof v.shield === "boolean" &&
    typeof v.damaged === "boolean"
  );
}

/** The gear a stored state carries, read without trusting it; none when it is not there (a state built elsewhere). */
export function readGear(v: unknown): CardGear {
  const gear = isRecord(v) ? v : {};
  const actors: Record<string, readonly GearItem[]> = {};
  if (isRecord(gear.actors))
    for (const [id, items] of Object.entries(gear.actors))
      if (Array.isArray(items)) actors[id] = items.filter(isGearItem);
  return { itemId: typeof gear.itemId === "string" ? gear.itemId : null, actors };
}

/** The item an event names: a weapon by name (the one attacked with first), a shield or damaged armour by kind. */
function itemFor(
  items: readonly GearItem[],
  itemId: string | null,
  kind: unknown,
  name: unknown,
): GearItem | undefined {
  if (kind === "shield") return items.find((i) => i.type === ARMOUR_TYPE && i.shield);
  if (kind === "armour") return items.find((i) => i.type === ARMOUR_TYPE && !i.shield && i.damaged);
  const weapons = items.filter((i) => i.type === WEAPON_TYPE && i.name === name);
  return weapons.find((i) => i.id === itemId) ?? weapons[0];
}

type Ev = Readonly<Record<string, unknown>>;

export function factionsItemPlan(gear: CardGear, events: readonly AttackEvent[]): ItemChange[] {
  const out: ItemChange[] = [];
  for (const e of events as readonly Ev[]) {
    if (e.type !== "itemDestroyed" && e.type !== "disarmed") continue;
    if (typeof e.combatant !== "string" || !Object.hasOwn(gear.actors, e.combatant)) continue;
    const destroyed = e.type === "itemDestroyed";
    const item = itemFor(
      gear.actors[e.combatant]!,
      gear.itemId,
      destroyed ? e.kind : "weapon",
      destroyed ? e.item : e.weapon,
    );
    if (item) out.push({ actorId: e.combatant, itemId: item.id, change: destroyed ? "destroyed" : "dropped" });
  }
  return out;
}
