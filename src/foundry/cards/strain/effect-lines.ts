import type { AttackEvent } from "../../../core/attack/pipeline.js";
import type { StrainAttackState } from "../../../core/attack/strain/types.js";
import type { CardLine } from "../attack-ruleset.js";
import { nameOf } from "./setup.js";
import { breakdown, isRoll, line, num, word } from "./words.js";

/** "Will": what applying is going to do (before the GM applies); "Did": what it did. */
type Tense = "Will" | "Did";

type Ev = AttackEvent & Readonly<Record<string, unknown>>;

function loadLine(state: StrainAttackState, e: Ev, tense: Tense): CardLine {
  const deals = state.setup.deals;
  const key = deals === "stress" ? "stressLoad" : "fatigueLoad";
  const before = (e.before as Record<string, number>)[key];
  const after = (e.after as Record<string, number>)[key];
  return line(`${tense}.Load`, {
    name: nameOf(state, e.combatant),
    load: word("Load", deals),
    before: num(before),
    after: num(after),
  });
}

function incapacityLine(state: StrainAttackState, e: Ev, tense: Tense): CardLine {
  const name = nameOf(state, e.combatant);
  const reason = word("Reason", String(e.reason));
  const against = num((e.comparison as { against?: unknown } | undefined)?.against);
  if (!isRoll(e.roll)) return line(`${tense}.IncapacityRoll`, { name, reason, formula: "", against });
  const b = breakdown(e.roll);
  if (tense === "Will") return line("Will.IncapacityRoll", { name, reason, formula: b.formula, against });
  return line(
    "Did.IncapacityRoll",
    { name, reason, ...b, against, result: word("Result", e.outcome === "pass" ? "pass" : "fail") },
    true,
  );
}

/** One line for an event of the apply step, or null for the events the card does not show there. */
export function effectLine(state: StrainAttackState, event: AttackEvent, tense: Tense): CardLine | null {
  const e = event as Ev;
  const name = nameOf(state, e.combatant);
  switch (e.type) {
    case "damageApplied":
      return loadLine(state, e, tense);
    case "statusGained":
      return line(`${tense}.Status`, { name, status: word("Status", String(e.status)), stacks: num(e.stacks) });
    case "frayed":
      return line(`${tense}.Frayed`, { name });
    case "exhausted":
      return line(`${tense}.Exhausted`, { name });
    case "incapacityRolled":
      return incapacityLine(state, e, tense);
    case "incapacitated":
      return typeof e.stanceEnded === "string" && e.stanceEnded !== ""
        ? line(`${tense}.IncapacitatedStance`, {
            name,
            stance: e.stanceEnded,
            tolerance: num(e.fatigueTolerance),
            load: num(e.fatigueLoad),
          })
        : line(`${tense}.Incapacitated`, { name, tolerance: num(e.fatigueTolerance), load: num(e.fatigueLoad) });
    case "incapacitationEnded":
      return line(`${tense}.IncapacitationEnded`, { name });
    default:
      return null;
  }
}

/**
 * The lines of the apply step's events. For "Will", what follows an Incapacity Roll hangs on its dice, so only
 * the roll to come is shown for that character.
 */
export function effectLines(state: StrainAttackState, events: readonly AttackEvent[], tense: Tense): CardLine[] {
  const out: CardLine[] = [];
  const rolling = new Set<unknown>();
  for (const event of events) {
    const combatant = (event as Ev).combatant;
    if (tense === "Will" && rolling.has(combatant)) continue;
    const l = effectLine(state, event, tense);
    if (l) out.push(l);
    if (event.type === "incapacityRolled") rolling.add(combatant);
  }
  if (out.length === 0) out.push(line(`${tense}.Nothing`));
  return out;
}
