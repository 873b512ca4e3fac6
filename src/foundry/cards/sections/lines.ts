import { rollSum } from "../roll-sum.js";
import type { DiceRoll } from "../../../core/dice/dice-roll.js";
import type { AttackEvent } from "../../../core/attack/pipeline.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { CardLine } from "../attack-ruleset.js";
import { nameOf, type CardLabels } from "./labels.js";

/** Every key of the sections card lives under this prefix (lang/en.json). */
export const K = "FRAY.Card.Sections.";

const REASONS = ["debilitated", "vulnerable", "hindered", "swimming"] as const;

function signed(n: number): string {
  return n < 0 ? `${n}` : `+${n}`;
}

/** A roll's breakdown: formula, each die's face (a dropped die in brackets), the modifier and the total. */
function rollData(roll: DiceRoll): {
  formula: string;
  faces: string;
  modifier: string;
  total: number;
  sum: string;
} {
  const faces = roll.dice.map((d) => (d.kept ? `${d.value}` : `(${d.value})`)).join(", ");
  // The modifier brings its own space, and none when it is 0: "1d6: 3", "1d6: 3 +1 = 4", "2d6kh1: 3, (1) = 3".
  const modifier = roll.modifier === 0 ? "" : ` ${signed(roll.modifier)}`;
  return {
    formula: roll.formula,
    faces,
    modifier,
    total: roll.total,
    sum: rollSum(faces, modifier, roll.total, roll.dice.length),
  };
}

/** An event's fields, read without trusting them (events come back from a stored card). */
type Fields = Readonly<Record<string, unknown>> & { readonly type: string };

function num(v: unknown): number {
  return typeof v === "number" ? v : 0;
}

/** The dice declared for the attack, each lowered die with its reason (SEC-18 ruling, SEC-52, SEC-53, SEC-68). */
export function declaredLines(ev: AttackEvent, labels: CardLabels): CardLine[] {
  const e = ev as Fields;
  const d = isRecord(e.detail) ? e.detail : {};
  const target = nameOf(labels, typeof e.target === "string" ? e.target : "");
  const lines: CardLine[] = [
    {
      key: `${K}Dice`,
      data: { hit: `d${num(d.hitDie)}`, miss: `d${num(d.missDie)}`, damage: `d${num(d.damageDie)}`, target },
    },
  ];
  for (const die of ["hit", "miss", "damage"] as const) {
    const reasons = d[`${die}Reasons`];
    if (!Array.isArray(reasons)) continue;
    for (const r of reasons)
      if ((REASONS as readonly unknown[]).includes(r))
        lines.push({ key: `${K}Lowered`, data: { die: `${K}Die.${die}`, reason: `${K}Reason.${String(r)}` } });
  }
  return lines;
}

function isRoll(v: unknown): v is DiceRoll {
  return isRecord(v) && Array.isArray(v.dice) && typeof v.total === "number" && typeof v.formula === "string";
}

/** The rolls: the Miss roll, the Hit roll against it, an Interceptor's Miss roll, the Damage roll. */
export function rollLines(ev: AttackEvent, labels: CardLabels, attacker: string): CardLine[] {
  const e = ev as Fields;
  const comparison = isRecord(e.comparison) ? e.comparison : {};
  switch (e.type) {
    case "missRolled":
      return isRoll(e.roll)
        ? [
            {
              key: `${K}MissRoll`,
              data: { name: nameOf(labels, String(e.combatant)), ...rollData(e.roll) },
              dice: true,
            },
          ]
        : [];
    case "toHitRolled":
      return isRoll(e.roll)
        ? [
            {
              key: `${K}HitRoll`,
              data: { name: nameOf(labels, attacker), ...rollData(e.roll), against: num(comparison.against) },
              dice: true,
            },
          ]
        : [];
    case "reactionTaken":
      return isRoll(e.roll)
        ? [
            {
              key: `${K}Intercept`,
              data: { name: nameOf(labels, String(e.reactor)), ...rollData(e.roll), hit: num(comparison.total) },
              dice: true,
            },
          ]
        : [];
    case "damageRolled": {
      if (!isRoll(e.roll)) return [];
      const data = { ...rollData(e.roll), amount: num(e.amount) };
      // The damage is the roll's sum: said once ("Damage roll 1d8: 4 damage"), not "4; 4 damage".
      return [{ key: `${K}${data.sum === String(data.amount) ? "DamageRollPlain" : "DamageRoll"}`, data, dice: true }];
    }
    default:
      return [];
  }
}

/** What applying does ("Effect") or will do ("Will"): health, lost charges (SEC-67), Acrobatics (SEC-20), defeat. */
export function effectLines(ev: AttackEvent, labels: CardLabels, tense: "Effect" | "Will"): CardLine[] {
  const e = ev as Fields;
  const name = nameOf(labels, String(e.combatant));
  switch (e.type) {
    case "damageApplied": {
      const before = isRecord(e.before) ? e.before : {};
      const after = isRecord(e.after) ? e.after : {};
      return [
        {
          key: `${K}${tense}.Health`,
          data: { name, amount: num(e.amount), before: num(before.hp), after: num(after.hp) },
        },
      ];
    }
    case "incantingBroken":
      return [{ key: `${K}${tense}.ChargesLost`, data: { name, lost: num(e.lost) } }];
    case "acrobaticsCheckDue":
      return [{ key: `${K}${tense}.Acrobatics`, data: { name } }];
    case "climbCheckRolled":
      return climbCheckLines(e, name);
    case "climbCheckSkipped":
      return [{ key: `${K}ClimbNoCheck.${e.why === "noDie" ? "noDie" : "notClimbing"}`, data: { name } }];
    case "defeated":
      return [{ key: `${K}${tense}.Defeated`, data: { name } }];
    default:
      return [];
  }
}

/** SEC-20: the climber's Acrobatics check the GM rolled when the damage was applied (its dice), and what it did. */
function climbCheckLines(e: Fields, name: string): CardLine[] {
  const rolled: CardLine = { key: `${K}ClimbCheck`, data: { name, result: num(e.result), dm: num(e.dm) }, dice: true };
  if (e.success === true) return [rolled, { key: `${K}ClimbHeld`, data: { name } }];
  const height = num(e.height);
  return [
    rolled,
    height > 0 ? { key: `${K}ClimbFell`, data: { name, height } } : { key: `${K}ClimbLetGo`, data: { name } },
  ];
}

/** SEC-18/SEC-19: each entity climbing when the card opened, and what climbing does to its attack. */
export function climbingLines(labels: CardLabels): CardLine[] {
  return (labels.climbing ?? []).map((id) => ({ key: `${K}Climbing`, data: { name: nameOf(labels, id) } }));
}

/** Lines of the window and the automatic miss: SEC-48, nobody Intercepting. */
export function otherLines(e: AttackEvent): CardLine[] {
  if (e.type === "autoMiss") return [{ key: `${K}AutoMiss`, data: {} }];
  if (e.type === "reactionWindowClosed") return [{ key: `${K}NoIntercept`, data: {} }];
  return [];
}
