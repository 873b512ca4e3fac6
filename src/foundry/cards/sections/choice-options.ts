import {
  isAttackDelivery,
  type AttackDelivery,
  type SectionsCondition,
  type Sight,
} from "../../../core/attack/sections/index.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { CardActor } from "../attack-ruleset.js";
import { OPTION_CONDITIONS } from "./read-entity.js";

/**
 * What the sections card reads from `AttackChoice.options`: the facts the map decides, not the sheets (what each
 * side can see, who Blocks a crossed border, water, climbing), each defaulting to the plain case (both see each
 * other, nothing crossed, dry ground).
 */
export interface SectionsCardOptions {
  /** SEC-52/53: default both see each other. */
  readonly sight: Sight;
  /** How the attack travels when the map or the GM says so (a weapon shot from a bow); default the item's own. */
  readonly delivery: AttackDelivery | undefined;
  /** SEC-48: the attack crosses a border Blocked from a distance. */
  readonly crossesDistanceBlock: boolean;
  /** SEC-47: entities Blocking a crossed border from their own section, as plain actor data. */
  readonly interceptors: readonly CardActor[];
  /** Interrupts left by actor id (default 1): Intercept spends one (SEC-47). */
  readonly interrupts: Readonly<Record<string, number>>;
  /** Conditions decided by the map by actor id: swimming (SEC-68), climbing (SEC-18). */
  readonly conditions: Readonly<Record<string, readonly SectionsCondition[]>>;
  /** SEC-72. */
  readonly targetUnderwater: boolean;
  readonly reachesUnderwater: boolean;
  /** SEC-68 ruling: a tie hits (default true). */
  readonly tiesHit: boolean | undefined;
  /** SEC-47 ruling: Thrown counts as ranged (default true). */
  readonly thrownCountsAsRanged: boolean | undefined;
  /** The weapon (item id) an Action card is played from: its type and, where the card names none, its dice. */
  readonly weaponId: string | null;
}

function flag(v: unknown, fallback: boolean): boolean {
  return typeof v === "boolean" ? v : fallback;
}

function maybeFlag(v: unknown): boolean | undefined {
  return typeof v === "boolean" ? v : undefined;
}

function isCardActor(v: unknown): v is CardActor {
  return isRecord(v) && typeof v.id === "string" && typeof v.name === "string" && Array.isArray(v.items);
}

function conditionsOf(v: unknown): Record<string, readonly SectionsCondition[]> {
  const out: Record<string, readonly SectionsCondition[]> = {};
  if (!isRecord(v)) return out;
  for (const [id, list] of Object.entries(v)) {
    if (Array.isArray(list)) out[id] = OPTION_CONDITIONS.filter((c) => list.includes(c));
  }
  return out;
}

function interruptsOf(v: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (isRecord(v)) for (const [id, n] of Object.entries(v)) if (typeof n === "number") out[id] = n;
  return out;
}

export function readOptions(options: Readonly<Record<string, unknown>>): SectionsCardOptions {
  const sight = isRecord(options.sight) ? options.sight : {};
  return {
    sight: {
      attackerSeesTarget: flag(sight.attackerSeesTarget, true),
      targetSeesAttacker: flag(sight.targetSeesAttacker, true),
    },
    delivery: isAttackDelivery(options.delivery) ? options.delivery : undefined,
    crossesDistanceBlock: flag(options.crossesDistanceBlock, false),
    interceptors: Array.isArray(options.interceptors) ? options.interceptors.filter(isCardActor) : [],
    interrupts: interruptsOf(options.interrupts),
    conditions: conditionsOf(options.conditions),
    targetUnderwater: flag(options.targetUnderwater, false),
    reachesUnderwater: flag(options.reachesUnderwater, false),
    tiesHit: maybeFlag(options.tiesHit),
    thrownCountsAsRanged: maybeFlag(options.thrownCountsAsRanged),
    weaponId: typeof options.weaponId === "string" ? options.weaponId : null,
  };
}
