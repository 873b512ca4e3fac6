import type { DiceRoll, DieResult } from "../../core/dice/dice-roll.js";
import { isDiceRoll } from "../../core/dice/is-dice-roll.js";
import type { DealtDie } from "../../core/shared/dealing.js";
import { isRecord } from "../../core/shared/guards.js";
import { rollShapes, type RollShape } from "./roll-shapes.js";

/** What a roll was for, as a key under FRAY.Dice.Roll in lang/en.json. */
export type RollPurpose =
  | "Hit"
  | "Miss"
  | "Damage"
  | "Defence"
  | "Reaction"
  | "Luck"
  | "Save"
  | "Deviation"
  | "Fall"
  | "Descent"
  | "Opposition"
  | "Initiative"
  | "Morale"
  | "Panic"
  | "Incapacity"
  | "FastAction"
  | "Chain"
  | "FatalDie"
  | "Acrobatics"
  | "DmAcrobatics"
  | "TieBreak"
  | "InitiativeHolder"
  | "Die"
  | "Roll";

/** A roll the core made in a step, what it was for, and the number it was read against when the core says. */
export interface StepRoll {
  readonly roll: DiceRoll;
  readonly purpose: RollPurpose;
  readonly against?: { readonly against: number; readonly under: boolean };
}

/** A Foundry roll to make of a step's roll: its terms and what it is for. */
export interface ShownRoll extends RollShape {
  readonly purpose: RollPurpose;
  readonly against?: StepRoll["against"];
}

/** What an event's roll is for: by the event's type (or a move effect's kind), or by the roll's own key. */
const BY_TYPE: Readonly<Record<string, RollPurpose>> = {
  toHitRolled: "Hit",
  missRolled: "Miss",
  damageRolled: "Damage",
  defenceRolled: "Defence",
  reactionTaken: "Reaction",
  saveRolled: "Save",
  // TEAM-70: cheating death is a luck test.
  deathRisked: "Luck",
  deviated: "Deviation",
  fall: "Fall",
  descent: "Descent",
  initiativeRolled: "Initiative",
  // FAC-05: the die that picks the faction holding initiative when the setup leaves it unclear.
  initiativeAssigned: "InitiativeHolder",
  moraleRolled: "Morale",
  panicRolled: "Panic",
  incapacityRolled: "Incapacity",
};
const BY_KEY: Readonly<Record<string, RollPurpose>> = {
  luck: "Luck",
  luckRoll: "Luck",
  environment: "Opposition",
  saves: "Save",
  // SEC-22: a climb check's two rolls, the entity's Acrobatics and the DM's.
  entity: "Acrobatics",
  dm: "DmAcrobatics",
};
/**
 * A die an event gives as its bare face rather than a DiceRoll (a factions morale save, the fast action threshold):
 * a drawn die no roll holds that shows this face is named by it.
 */
const BARE: Readonly<Record<string, RollPurpose>> = {
  "moraleRolled.roll": "Morale",
  "fastActionThreshold.fat": "FastAction",
};
/** Dice rolled with a roll that do not add to it: escalation's chain after a 20 or a 1, the fatal die after a wound. */
const EXTRA: Readonly<Partial<Record<RollPurpose, RollPurpose>>> = { Hit: "Chain", Damage: "FatalDie" };

/**
 * Every roll the core made in what a step gave back (its events, a move effect and its outcome), in order, each with
 * what it was for: found wherever the core put it (an event's `roll`, a teams test's `luck`, a chase's saves).
 */
export function findRolls(made: readonly unknown[], bare: { value: number; purpose: RollPurpose }[] = []): StepRoll[] {
  const out: StepRoll[] = [];
  for (const item of made) walk(item, null, null, { out, bare }, 0);
  return out;
}

interface Found {
  readonly out: StepRoll[];
  readonly bare: { value: number; purpose: RollPurpose }[];
}

function walk(value: unknown, kind: string | null, key: string | null, found: Found, depth: number): void {
  if (depth > 6) return;
  if (Array.isArray(value)) {
    for (const v of value) walk(v, kind, key, found, depth + 1);
    return;
  }
  if (!isRecord(value)) return;
  const own = typeof value.type === "string" ? value.type : typeof value.kind === "string" ? value.kind : kind;
  for (const [k, v] of Object.entries(value)) {
    const named = `${own ?? ""}.${k}`;
    if (typeof v === "number" && Object.hasOwn(BARE, named)) {
      found.bare.push({ value: v, purpose: BARE[named]! });
      continue;
    }
    if (!isDiceRoll(v)) {
      walk(v, own, k, found, depth + 1);
      continue;
    }
    const purpose = purposeOf(own, k, key);
    const c = value.comparison;
    const against =
      k === "roll" && isRecord(c) && typeof c.against === "number"
        ? { against: c.against, under: c.under === true }
        : undefined;
    found.out.push({ roll: v, purpose, ...(against ? { against } : {}) });
  }
}

/**
 * An event's own roll is what the event is; another key names its roll (a teams test's luck die), else the event does.
 */
function purposeOf(type: string | null, key: string, parentKey: string | null): RollPurpose {
  const byType = type !== null && Object.hasOwn(BY_TYPE, type) ? BY_TYPE[type] : undefined;
  const byKey = Object.hasOwn(BY_KEY, key) ? BY_KEY[key] : undefined;
  const byParent = parentKey !== null && Object.hasOwn(BY_KEY, parentKey) ? BY_KEY[parentKey] : undefined;
  return (key === "roll" ? byType : byKey) ?? byType ?? byParent ?? byKey ?? "Roll";
}

/**
 * The Foundry rolls of a step: one per roll the core made with the dice drawn for this step (a roll whose dice were not
 * all drawn now is an earlier step's, carried in an event, and is not shown again), and a plain die for any drawn die
 * no roll holds, so every die the step rolled is seen: named `unheld` when the caller knows what such dice are for
 * (a turn order's opening: the tie roll-off), else by the bare face an event gives, else "Die". With `drawn` null every
 * roll found is shown (a sealed card's new steps on its roller's client, where no die was drawn).
 */
export function stepRolls(
  made: readonly unknown[],
  drawn: readonly DealtDie[] | null,
  unheld: RollPurpose = "Die",
): ShownRoll[] {
  const left = drawn ? drawn.map((d, at) => ({ ...d, at })) : null;
  // Each roll with where its first die was drawn: the chat shows them in the order they were rolled.
  const rolls: { readonly at: number; readonly shown: ShownRoll[] }[] = [];
  const bare: { value: number; purpose: RollPurpose }[] = [];
  findRolls(made, bare).forEach((found, n) => {
    const at = left ? take(left, found.roll.dice) : n;
    if (at === null) return;
    const shown = rollShapes(found.roll).map((shape) => {
      const purpose = shape.part === "extra" ? (EXTRA[found.purpose] ?? "Die") : found.purpose;
      return { ...shape, purpose, ...(found.against && shape.part === "roll" ? { against: found.against } : {}) };
    });
    rolls.push({ at, shown });
  });
  for (const d of left ?? []) {
    const one = rollShapes({
      formula: `1d${d.sides}`,
      dice: [{ sides: d.sides, value: d.value, kept: true }],
      modifier: 0,
      total: d.value,
    });
    const named = bare.findIndex((b) => b.value === d.value);
    const purpose: RollPurpose = named < 0 ? unheld : bare.splice(named, 1)[0]!.purpose;
    rolls.push({ at: d.at, shown: one.map((s) => ({ ...s, purpose })) });
  }
  return rolls.sort((a, b) => a.at - b.at).flatMap((r) => r.shown);
}

/**
 * Take a roll's dice out of those drawn and not yet shown, giving where the first of them was drawn; null (and nothing
 * taken) when one is missing. A roll of no dice takes nothing and sorts first.
 */
function take(left: (DealtDie & { readonly at: number })[], dice: readonly DieResult[]): number | null {
  const picked: number[] = [];
  for (const d of dice) {
    const i = left.findIndex((l, j) => !picked.includes(j) && l.sides === d.sides && l.value === d.value);
    if (i < 0) return null;
    picked.push(i);
  }
  const at = picked.length > 0 ? left[picked[0]!]!.at : -1;
  for (const i of picked.sort((a, b) => b - a)) left.splice(i, 1);
  return at;
}
