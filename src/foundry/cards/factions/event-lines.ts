import type { DiceRoll } from "../../../core/dice/dice-roll.js";
import type { AttackEvent, Comparison } from "../../../core/attack/pipeline.js";
import type { CardLine } from "../attack-ruleset.js";
import { line, rollData, saveData, word } from "./keys.js";

type Ev = Readonly<Record<string, unknown>>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number => (typeof v === "number" ? v : 0);
const roll = (e: Ev): DiceRoll => e.roll as DiceRoll;
const comparison = (e: Ev): Comparison => e.comparison as Comparison;

function reaction(e: Ev): CardLine | null {
  const reactor = str(e.reactor);
  switch (e.reaction) {
    case "dodge":
      return line("Reaction.dodge", { reactor, ...saveData(roll(e), comparison(e)) }, true);
    case "counter":
      return line("Reaction.counter", { reactor });
    case "hide":
      return line("Reaction.hide", { reactor, behind: str(e.behind) });
    case "guard":
      return line("Reaction.guard", { reactor, ward: str(e.for) });
    default:
      return null;
  }
}

/** FAC-63 names the broken piece by its kind; a weapon (FAC-62) by its name. */
function itemWord(e: Ev): string {
  return e.kind === "weapon" ? str(e.item) : word(`Item.${str(e.kind)}`);
}

/** The line each of the pipeline's events puts on the card, in the order they happened. */
const LINES: Readonly<Record<string, (e: Ev, zoneName: (zone: string) => string) => CardLine | null>> = {
  attackDeclared: (e) => {
    const d = (e.detail ?? {}) as Ev;
    return line(d.witSave === true ? "DeclaredWitSave" : "Declared", {
      attacker: str(e.attacker),
      target: str(e.target),
      mode: word(`Mode.${str(d.mode)}`),
      effect: word(`Effect.${str(d.effect)}`),
    });
  },
  autoHit: () => line("AutoHit"),
  revealed: (e) => line("Revealed", { combatant: str(e.combatant) }),
  released: (e) => line("Released", { holder: str(e.holder), held: str(e.held) }),
  movementInterrupted: (e) => line("MovementInterrupted", { combatant: str(e.combatant) }),
  toHitRolled: (e) => line("WitSave", saveData(roll(e), comparison(e)), true),
  // FAC-39: the zone by its region's name (the card keeps the names, open.ts).
  deviated: (e, zoneName) => line("Deviated", { ...rollData(roll(e)), zone: zoneName(str(e.zone)) }, true),
  stuntProposed: (e) => line("Stunt.proposed", { attacker: str(e.attacker), effect: str(e.effect) }),
  stuntAccepted: (e) => line("Stunt.accepted", { target: str(e.target), effect: str(e.effect) }),
  stuntRefused: (e) => line("Stunt.refused", { target: str(e.target) }),
  reactionTaken: reaction,
  reactionWindowClosed: (e) => (e.reason === "noneTaken" ? line("NoReaction") : null),
  damageRolled: (e) => {
    const parts = (e.parts ?? {}) as Ev;
    const data = {
      combatant: str(e.combatant),
      ...rollData(roll(e)),
      armour: num(parts.armour),
      amount: num(e.amount),
    };
    return line(e.counter === true ? "CounterDamage" : "Damage", data, true);
  },
  itemDestroyed: (e) => line("ItemDestroyed", { combatant: str(e.combatant), item: itemWord(e) }),
  counterExchange: (e) => (e.hitFirst === "both" ? line("HitTogether") : line("HitFirst", { first: str(e.hitFirst) })),
  damageApplied: (e) => {
    const before = (e.before ?? {}) as Ev;
    const after = (e.after ?? {}) as Ev;
    return line("LostHealth", {
      combatant: str(e.combatant),
      amount: num(e.amount),
      before: num(before.health),
      after: num(after.health),
    });
  },
  incapacitated: (e) => line("Incapacitated", { combatant: str(e.combatant) }),
  killed: (e) => line("Killed", { by: str(e.by), combatant: str(e.combatant) }),
  resumesFighting: (e) => line("ResumesFighting", { combatant: str(e.combatant) }),
  saveRolled: (e) => line("StrSave", { combatant: str(e.combatant), ...saveData(roll(e), comparison(e)) }, true),
  disarmed: (e) => line("Disarmed", { combatant: str(e.combatant), weapon: str(e.weapon) }),
  grabbed: (e) => line("Grabbed", { holder: str(e.holder), held: str(e.held) }),
  movementResumes: (e) => line("MovementResumes", { combatant: str(e.combatant) }),
};

/** The card's lines for these events; events the card does not show (stepChanged, attackEnded) give none. */
export function eventLines(events: readonly AttackEvent[], zoneName: (zone: string) => string = (z) => z): CardLine[] {
  const out: CardLine[] = [];
  for (const e of events) {
    const make = Object.hasOwn(LINES, e.type) ? LINES[e.type] : undefined;
    const l = make ? make(e, zoneName) : null;
    if (l) out.push(l);
  }
  return out;
}
