import type {
  FactionsAttackEffect,
  FactionsAttackOptions,
  FactionsAttackSetup,
} from "../../../core/attack/factions/types.js";
import { refuse } from "../../../core/shared/outcome.js";
import { shown } from "../../../core/shared/shown.js";
import { stop } from "./read-data.js";

/** The circumstances the attacker (or the GM) ticks on the card; the sheets cannot know them. */
type Circumstances = Pick<
  FactionsAttackSetup,
  | "gmCallsWitSave"
  | "targetVisible"
  | "beyondHalfRange"
  | "moving"
  | "holdBack"
  | "finalBlow"
  | "opportunity"
  | "opportunityReactable"
  | "concealment"
  | "cover"
  | "coverPenetrated"
  | "barrier"
  | "attackerPeeking"
>;

/** Every choice the card reads from `AttackChoice.options`, with the value it takes when left out. */
interface FactionsCardOptions {
  readonly circumstances: Circumstances;
  readonly effect: FactionsAttackEffect;
  /** FAC-17: the target is aware of the attacker. */
  readonly targetAware: boolean;
  /** FAC-14: the target has used its turn this round. */
  readonly targetTurnUsed: boolean;
  /** FAC-23: the attacker has used its turn (an opportunity attack is a reaction). */
  readonly attackerTurnUsed: boolean;
  /** The target's weapon item to counter with (FAC-19); null: its first weapon. */
  readonly counterWeapon: string | null;
  readonly rules: Partial<FactionsAttackOptions>;
}

const FLAGS_OFF = [
  "gmCallsWitSave",
  "beyondHalfRange",
  "moving",
  "holdBack",
  "finalBlow",
  "opportunity",
  "opportunityReactable",
  "concealment",
  "cover",
  "coverPenetrated",
  "barrier",
  "attackerPeeking",
] as const;

function badOption(option: string, value: unknown): never {
  return stop(
    refuse("FRAY.Refusal.CardOption", `attack option ${option} cannot be ${shown(value)}`, undefined, { option }),
  );
}

function flag(o: Readonly<Record<string, unknown>>, key: string, initial: boolean): boolean {
  const v = Object.hasOwn(o, key) ? o[key] : undefined;
  if (v === undefined) return initial;
  return typeof v === "boolean" ? v : badOption(key, v);
}

function choice<T extends string>(
  o: Readonly<Record<string, unknown>>,
  key: string,
  choices: readonly T[],
): T | undefined {
  const v = Object.hasOwn(o, key) ? o[key] : undefined;
  if (v === undefined) return undefined;
  return (choices as readonly unknown[]).includes(v) ? (v as T) : badOption(key, v);
}

/** The card's options, each checked: an unknown key is ignored, a known one with a bad value refused. */
export function readOptions(o: Readonly<Record<string, unknown>>): FactionsCardOptions {
  const circumstances = Object.fromEntries(FLAGS_OFF.map((k) => [k, flag(o, k, false)])) as Omit<
    Circumstances,
    "targetVisible"
  >;
  const counter = Object.hasOwn(o, "counterWeapon") ? o.counterWeapon : undefined;
  if (counter !== undefined && counter !== null && typeof counter !== "string") badOption("counterWeapon", counter);
  const impaired = choice(o, "impaired", ["keepLower", "halved"] as const);
  const second = choice(o, "counterSecondBlow", ["ifStanding", "always"] as const);
  return {
    circumstances: { ...circumstances, targetVisible: flag(o, "targetVisible", true) },
    effect: choice(o, "effect", ["damage", "disarm", "grapple"] as const) ?? "damage",
    targetAware: flag(o, "targetAware", true),
    targetTurnUsed: flag(o, "targetTurnUsed", false),
    attackerTurnUsed: flag(o, "attackerTurnUsed", false),
    counterWeapon: typeof counter === "string" ? counter : null,
    rules: { ...(impaired ? { impaired } : {}), ...(second ? { counterSecondBlow: second } : {}) },
  };
}
