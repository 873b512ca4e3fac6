import { requireInteger, requireNonNegativeInteger } from "../pipeline.js";
import { refuse, type Refusal } from "../../shared/outcome.js";

/** A strain character as the attack needs it, sent as plain data. Characters have no hit points (STR-55). */
export interface StrainCharacter {
  readonly id: string;
  /** Modifier of each Combat Art the character has, by Art name. */
  readonly arts: Readonly<Record<string, number>>;
  readonly resilience: number;
  readonly evasion: number;
  readonly resolve: number;
  readonly fatigueLoad: number;
  readonly fatigueTolerance: number;
  readonly stressLoad: number;
  readonly stressTolerance: number;
  readonly wounds: number;
  /** Status stacks by name: "vulnerable", "stunned", "slowed", "dazed", ... */
  readonly statuses: Readonly<Record<string, number>>;
  readonly stance: string | null;
  readonly incapacitated: boolean;
  /** Removed from combat by three Wounds (STR-64). */
  readonly removed: boolean;
  /** The one Buff this character benefits from (STR-51), by name. */
  readonly buff: string | null;
}

/** STR-56: Stress Load above Stress Tolerance. */
export function isFrayed(c: Pick<StrainCharacter, "stressLoad" | "stressTolerance">): boolean {
  return c.stressLoad > c.stressTolerance;
}

/** STR-58: Fatigue Load above Fatigue Tolerance. */
export function isExhausted(c: Pick<StrainCharacter, "fatigueLoad" | "fatigueTolerance">): boolean {
  return c.fatigueLoad > c.fatigueTolerance;
}

export function stacks(c: StrainCharacter, status: string): number {
  return c.statuses[status] ?? 0;
}

// The two Statuses every simulated attack and turn reads (STR-41 Vulnerable, Stunned), read by name: stacks() reads
// under a name held in a variable, slower in the simulator's hottest calls (bench/diary.md).
export const vulnerableStacks = (c: StrainCharacter): number => c.statuses["vulnerable"] ?? 0;
export const stunnedStacks = (c: StrainCharacter): number => c.statuses["stunned"] ?? 0;

export function addStacks(c: StrainCharacter, status: string, n: number): StrainCharacter {
  // Spread, then set: a computed key inside the literal was about 4x slower (bench/diary.md).
  const statuses: Record<string, number> = { ...c.statuses };
  statuses[status] = stacks(c, status) + n;
  return { ...c, statuses };
}

/** STR-36: the Art's modifier; a Basic Attack ("basic") uses the highest Art modifier (0 with no Arts). */
export function artModifier(c: StrainCharacter, art: string): number | null {
  if (art === "basic") {
    // A for-in loop: no array is built, the simulator calls this for every attack.
    let best: number | null = null;
    for (const k in c.arts) {
      const v = c.arts[k]!;
      if (best === null || v > best) best = v;
    }
    return best ?? 0;
  }
  return Object.prototype.hasOwnProperty.call(c.arts, art) ? (c.arts[art] ?? null) : null;
}

export function checkCharacter(c: StrainCharacter, role: string): Refusal | null {
  if (!c || typeof c !== "object" || typeof c.id !== "string" || c.id === "") {
    return refuse("MalformedCombatant", `the ${role} is missing or has no id`, undefined, { role });
  }
  for (const [name, v] of [
    ["fatigueLoad", c.fatigueLoad],
    ["fatigueTolerance", c.fatigueTolerance],
    ["stressLoad", c.stressLoad],
    ["stressTolerance", c.stressTolerance],
    ["wounds", c.wounds],
  ] as const) {
    const bad = requireNonNegativeInteger(v, `${role} ${name}`, "STR-55");
    if (bad) return bad;
  }
  for (const [name, v] of [
    ["resilience", c.resilience],
    ["evasion", c.evasion],
    ["resolve", c.resolve],
  ] as const) {
    const bad = requireInteger(v, `${role} ${name}`);
    if (bad) return bad;
  }
  if (!c.arts || typeof c.arts !== "object" || !c.statuses || typeof c.statuses !== "object") {
    return refuse("MalformedCombatant", `the ${role} ${c.id} is missing arts or statuses`, undefined, { role });
  }
  return null;
}
