import type { StrainCharacter } from "../../../core/attack/strain/character.js";
import { isRemovedByWounds } from "../../../core/attack/strain/loads.js";
import { isRecord, valueAt } from "../../../core/shared/guards.js";
import { strainCharacter } from "../../data/specs/strain/strain-character.js";
import { artModifiers } from "../../data/specs/strain/strain-art.js";
import type { CardActor } from "../attack-ruleset.js";

/**
 * Where each of the core's StrainCharacter numbers lives in a strain-character's system data (the spec's field
 * names). The apply plan writes back through the same table, so reading and writing cannot drift apart.
 */
export const ACTOR_PATHS = {
  resilience: "resilience",
  evasion: "evasion",
  resolve: "resolve",
  fatigueLoad: "fatigue.load",
  fatigueTolerance: "fatigue.tolerance",
  stressLoad: "stress.load",
  stressTolerance: "stress.tolerance",
  wounds: "wounds",
  stance: "stance",
  incapacitated: "statuses.incapacitated",
} as const;

export type ActorPathOf = keyof typeof ACTOR_PATHS;

/** The statuses the data model counts in stacks (Vulnerable, Slowed, ...): the number fields of its statuses group. */
const STACKED_STATUSES: readonly string[] = (() => {
  const group = strainCharacter.fields.statuses;
  return group?.kind === "group"
    ? Object.entries(group.fields).flatMap(([k, f]) => (f.kind === "number" ? [k] : []))
    : [];
})();

export function statusPath(status: string): string {
  return `statuses.${status}`;
}

function numberAt(data: unknown, path: string): number | null {
  const v = valueAt(data, path);
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/**
 * The core's StrainCharacter from an actor's plain data, or null when the actor is not a strain character or its
 * data lacks a number the attack reads. Arts come from its strain-art items (STR-36); removal from its Wounds
 * (STR-64, the core's isRemovedByWounds). The data model holds no Buff, so none is read.
 */
export function strainCharacterFrom(actor: CardActor): StrainCharacter | null {
  if (
    !actor ||
    actor.type !== strainCharacter.type ||
    typeof actor.id !== "string" ||
    actor.id === "" ||
    !isRecord(actor.system)
  )
    return null;
  const s = actor.system;
  const numbers: Partial<Record<ActorPathOf, number>> = {};
  for (const key of [
    "resilience",
    "evasion",
    "resolve",
    "fatigueLoad",
    "fatigueTolerance",
    "stressLoad",
    "stressTolerance",
    "wounds",
  ] as const) {
    const v = numberAt(s, ACTOR_PATHS[key]);
    if (v === null) return null;
    numbers[key] = v;
  }
  const statuses: Record<string, number> = {};
  for (const status of STACKED_STATUSES) {
    const v = valueAt(s, statusPath(status));
    if (v === undefined) continue;
    if (typeof v !== "number") return null;
    if (v !== 0) statuses[status] = v;
  }
  const stance = valueAt(s, ACTOR_PATHS.stance);
  const incapacitated = valueAt(s, ACTOR_PATHS.incapacitated);
  if (
    (stance !== undefined && typeof stance !== "string") ||
    (incapacitated !== undefined && typeof incapacitated !== "boolean")
  )
    return null;
  const wounds = numbers.wounds!;
  return {
    id: actor.id,
    arts: artModifiers(Array.isArray(actor.items) ? actor.items : []),
    resilience: numbers.resilience!,
    evasion: numbers.evasion!,
    resolve: numbers.resolve!,
    fatigueLoad: numbers.fatigueLoad!,
    fatigueTolerance: numbers.fatigueTolerance!,
    stressLoad: numbers.stressLoad!,
    stressTolerance: numbers.stressTolerance!,
    wounds,
    statuses,
    stance: typeof stance === "string" && stance !== "" ? stance : null,
    incapacitated: incapacitated === true,
    removed: isRemovedByWounds(wounds),
    buff: null,
  };
}
