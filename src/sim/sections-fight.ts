import { isDefeated, quickSectionsAttack, type SectionsCombatant } from "../core/attack/sections/index.js";
import type { TurnOrderEngine } from "../core/index.js";
import type { Refusal, Roller } from "../core/shared/index.js";
import { mayAct, sectionsEngine, type SectionsCommand, type SectionsSetup, type SectionsState } from "../core/turn-order/sections/index.js";
import { pickEnemy } from "./pick-target.js";
import { engineRefused, nobodyUp } from "./refusals.js";
import { NO_EXTRAS, type FightExtras, type FightResult, type FightTrace, type SimTactics } from "./types.js";
import { winnerOf } from "./winner-of.js";

/**
 * One sections fight. Everyone shares one lit section (SEC-25 distance 0, SEC-29 melee reaches),
 * so every standing enemy is a target. Turn order: sectionsEngine, sides in turn (its default).
 * A turn: draw, spend the Action Phase on an attack, end (the engine discards): SEC-05.
 */
export function sectionsFight(
  a: readonly SectionsCombatant[],
  b: readonly SectionsCombatant[],
  roller: Roller,
  tactics: SimTactics,
  cap: number,
  engine: TurnOrderEngine<SectionsSetup, SectionsState, SectionsCommand> = sectionsEngine,
  extras: FightExtras = NO_EXTRAS,
): FightResult | Refusal {
  const units: SectionsCombatant[] = [...a, ...b];
  const n = units.length;
  const na = a.length;
  const index: Record<string, number> = {};
  for (let i = 0; i < n; i++) index[(units[i] as SectionsCombatant).id] = i;
  const started = engine.start(
    {
      combatants: units.map((u, i) => ({ id: u.id, side: i < na ? "a" : "b" })),
      sideOrder: ["a", "b"],
      ...(extras.ruleOptions ? { options: extras.ruleOptions as SectionsSetup["options"] } : {}),
    },
    roller,
  );
  if (!started.ok) return engineRefused("sections", "start", started);
  let s: SectionsState = started.state;
  const standing = (i: number): boolean => !isDefeated(units[i] as SectionsCombatant);
  const score = (i: number): number => (units[i] as SectionsCombatant).hp;
  const send = (cmd: SectionsCommand): Refusal | null => {
    const o = engine.apply(s, cmd, roller);
    if (!o.ok) return engineRefused("sections", cmd.type, o);
    s = o.state;
    return null;
  };
  // Whoever comes in already down is out of the fight from the start.
  for (let i = 0; i < n && s.result === null; i++) {
    if (standing(i)) continue;
    const gone = send({ type: "remove", combatant: (units[i] as SectionsCombatant).id });
    if (gone) return gone;
  }
  // Each member's commands, made once: commands are plain data the engine only reads.
  const { acts, draws, attacks, ends } = turnCommands(units);
  const end = (r: FightResult): FightResult => {
    if (extras.trace) traceUnits(extras.trace, units, a, b);
    return r;
  };
  while (s.result === null) {
    if (s.round > cap) return end({ winner: null, rounds: cap });
    // The engine says whose turn it may be; the side up takes its members in party order.
    const me = firstUp(s, units, index);
    if (me < 0) return nobodyUp("sections", s.round);
    const id = (units[me] as SectionsCombatant).id;
    const bad = send(acts[me] as SectionsCommand) ?? send(draws[me] as SectionsCommand) ?? send(attacks[me] as SectionsCommand);
    if (bad) return bad;
    const t = pickEnemy(tactics.target, me, na, n, standing, score);
    if (t >= 0) {
      const target = units[t] as SectionsCombatant;
      const dealt = quickSectionsAttack(roller, units[me] as SectionsCombatant, target);
      if (dealt > 0) {
        const hp = target.hp > dealt ? target.hp - dealt : 0;
        units[t] = withHp(target, hp);
        // A combatant at 0 HP is out of the fight (sections.txt has no dying rules: see docs/simulator.md).
        if (hp === 0) {
          const gone = send({ type: "remove", combatant: target.id });
          if (gone) return gone;
        }
      }
    }
    if (s.result === null && s.acting === id) {
      const bad2 = send(ends[me] as SectionsCommand);
      if (bad2) return bad2;
    }
  }
  return end({ winner: winnerOf(s.result.victors), rounds: s.round });
}

/** Each unit's act, draw, attack (the Action Phase spent on it) and endTurn commands, by unit. */
function turnCommands(units: readonly SectionsCombatant[]): Record<"acts" | "draws" | "attacks" | "ends", SectionsCommand[]> {
  return {
    acts: units.map((u) => ({ type: "act", combatant: u.id })),
    draws: units.map((u) => ({ type: "draw", combatant: u.id })),
    attacks: units.map((u) => ({ type: "spend", combatant: u.id, phase: "action", action: "action", detail: "attack" })),
    ends: units.map((u) => ({ type: "endTurn", combatant: u.id })),
  };
}

/**
 * The unit of the first combatant the engine lets act now, or -1. The state lists the combatants in setup order, as
 * the units are: the place is the unit, checked by id (a lookup by id only if the two ever differ).
 */
function firstUp(s: SectionsState, units: readonly SectionsCombatant[], index: Readonly<Record<string, number>>): number {
  const cs = s.combatants;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i] as SectionsState["combatants"][number];
    if (!mayAct(s, c)) continue;
    return units[i]?.id === c.id ? i : (index[c.id] ?? -1);
  }
  return -1;
}

/**
 * The combatant with its new HP, as one literal in the sample parties' field order: the spread it replaces was an
 * eighth of a fight's time in the profile (copies of several shapes). Only the combatant's own fields are kept.
 */
function withHp(c: SectionsCombatant, hp: number): SectionsCombatant {
  return {
    id: c.id,
    hp,
    hitDie: c.hitDie,
    missDie: c.missDie,
    damageDie: c.damageDie,
    damageBonus: c.damageBonus,
    weaponType: c.weaponType,
    conditions: c.conditions,
    interrupts: c.interrupts,
    incantation: c.incantation,
  };
}

/** Who dropped (HP down to 0 in this fight; one at 0 from the start never fought) and who stands at the end. */
function traceUnits(
  t: FightTrace,
  units: readonly SectionsCombatant[],
  a: readonly SectionsCombatant[],
  b: readonly SectionsCombatant[],
): void {
  const na = a.length;
  for (let i = 0; i < units.length; i++) {
    const standing = !isDefeated(units[i] as SectionsCombatant);
    t.standing[i] = standing ? 1 : 0;
    t.dropped[i] = !standing && ((i < na ? a[i] : b[i - na]) as SectionsCombatant).hp > 0 ? 1 : 0;
  }
}
