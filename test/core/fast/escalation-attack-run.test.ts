// The escalation attack's fast run strikes the simulator's own units, changed in place: it must leave them as the
// attack card leaves its combatants, from the same dice, and resolveEscalationAttack (the fast run on copies) must
// never change what it is handed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EscalationAttackFastRun, resolveEscalationAttack } from "../../../src/core/fast/index.js";
import {
  declaration,
  DEFAULT_ESCALATION_OPTIONS,
  escalationAttack,
  type AimTarget,
  type EscalationAttackKind,
  type EscalationCombatant,
  type EscalationCommand,
  type WritableCombatant,
} from "../../../src/core/attack/escalation/index.js";
import { seededRoller, type Roller } from "../../../src/core/shared/roller.js";
import { sword, unit } from "../attack/escalation/helpers.js";

const AIMS: readonly (AimTarget | null)[] = [null, "fatal", "slowing", "weakening", "disrupting", "centerMass"];

const unitArb = (id: string) =>
  fc
    .record({
      accuracy: fc.integer({ min: -2, max: 6 }),
      agility: fc.integer({ min: -1, max: 4 }),
      strength: fc.integer({ min: -1, max: 3 }),
      hp: fc.integer({ min: 1, max: 40 }),
      armor: fc.integer({ min: 0, max: 4 }),
      prone: fc.boolean(),
      flatFooted: fc.boolean(),
      focus: fc.boolean(),
      sneak: fc.boolean(),
      slowed: fc.boolean(),
      sides: fc.constantFrom(4, 6, 8, 10, 12),
    })
    .map((r): EscalationCombatant =>
      unit(id, {
        accuracy: r.accuracy,
        agility: r.agility,
        strength: r.strength,
        hp: r.hp,
        maxHp: 40,
        armor: r.armor,
        prone: r.prone,
        flatFooted: r.flatFooted,
        feats: [...(r.focus ? (["weaponFocus"] as const) : []), ...(r.sneak ? (["sneakAttack"] as const) : [])],
        focusWeapons: r.focus ? [sword.name] : [],
        wounds: r.slowed ? [{ target: "slowing", round: 1 }] : [],
        weapon: { ...sword, sides: r.sides },
      }),
    );

/** The d20 and its chain forced first (ESC-27..36), so the rare outcomes come up as often as a plain roll. */
const CHAINS: Readonly<Record<string, readonly number[]>> = {
  plain: [],
  tragedy: [1, 4, 1],
  fatalTragedy: [1, 4, 6],
  superCritical: [20, 4, 1],
  decisiveVictory: [20, 4, 6],
};

const choiceArb = fc.record({
  kind: fc.constantFrom<Exclude<EscalationAttackKind, "freeCritical">>("attack", "extraAttack", "freeHit"),
  aim: fc.constantFrom(...AIMS),
  undetected: fc.boolean(),
  round: fc.integer({ min: 1, max: 4 }),
  seed: fc.integer(),
  chain: fc.oneof(
    { weight: 4, arbitrary: fc.constant("plain") },
    { weight: 1, arbitrary: fc.constantFrom(...Object.keys(CHAINS)) },
  ),
});

/** The seeded dice, after the chain's forced ones. */
function dice(seed: number, chain: string): Roller {
  const r = seededRoller(seed);
  const first = CHAINS[chain] ?? [];
  let i = 0;
  return { die: (sides) => (i < first.length ? (first[i++] as number) : r.die(sides)), state: () => r.state() };
}

/** The fields an attack may change on either unit. */
const changed = (c: EscalationCombatant) => ({
  hp: c.hp,
  condition: c.condition,
  wounds: c.wounds,
  freeHitsUsed: c.freeHitsUsed,
});

describe("the escalation attack's fast run", () => {
  it("ESC-14 a strike leaves both units as the attack card leaves them, from the same dice", () => {
    let hits = 0;
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(unitArb("ash"), unitArb("orc"), choiceArb, (att, tgt, ch) => {
        const cmd: EscalationCommand = {
          type: "declare",
          attacker: "ash",
          target: "orc",
          kind: ch.kind,
          undetected: ch.undetected,
        };
        if (ch.aim !== null) Object.assign(cmd, { aim: ch.aim });
        const s = escalationAttack.start({ combatants: [att, tgt], round: ch.round }, seededRoller(0));
        if (!s.ok) throw new Error(s.reason);
        const card = dice(ch.seed, ch.chain);
        let st = s.state;
        // Default choices: the card's one button, until the attack ends or offers a free hit.
        for (let c: EscalationCommand | undefined = cmd; c && st.step !== "reactionWindow";) {
          const o = escalationAttack.apply(st, c, card);
          if (!o.ok) return; // a declaration the card refuses (no free hit slot) is not one the simulator makes
          st = o.state;
          c = st.step === "done" ? undefined : escalationAttack.legal(st)[0];
        }
        const x: WritableCombatant = { ...att };
        const y: WritableCombatant = { ...tgt };
        const r = new EscalationAttackFastRun();
        const quick = dice(ch.seed, ch.chain);
        const d = declaration(x, y, { kind: ch.kind, aim: ch.aim, undetected: ch.undetected });
        r.strike(x, y, d, ch.round, DEFAULT_ESCALATION_OPTIONS, quick);
        expect(r.outcome).toBe(st.outcome);
        expect(r.owed).toBe(st.step === "reactionWindow" ? st.owed : "none");
        expect(changed(y)).toEqual(changed(st.combatants.orc!));
        expect(changed(x)).toEqual(changed(st.combatants.ash!));
        expect(r.damage).toBe(tgt.hp - y.hp);
        expect(r.targetChanged).toBe(
          y.hp !== tgt.hp || r.outcome === "hit" || r.outcome === "critical" || r.outcome === "superCritical",
        );
        if (r.damage > 0) hits++;
        seen.set(r.outcome, (seen.get(r.outcome) ?? 0) + 1);
        // The same dice drawn, no more and no fewer.
        expect(quick.die(20)).toBe(card.die(20));
      }),
      { numRuns: 600 },
    );
    expect(hits).toBeGreaterThan(100);
    // Every outcome came up, the rare ones of the chain too (ESC-33, ESC-35, ESC-36).
    for (const outcome of [
      "miss",
      "hit",
      "critical",
      "superCritical",
      "decisiveVictory",
      "autoFail",
      "tragedy",
      "fatalTragedy",
    ])
      expect(seen.get(outcome) ?? 0, outcome).toBeGreaterThan(5);
  });

  it("ESC-14 resolveEscalationAttack changes nothing it is handed and hands back a unit the attack left alone", () => {
    fc.assert(
      fc.property(unitArb("ash"), unitArb("orc"), choiceArb, (att, tgt, ch) => {
        if (ch.kind === "freeHit") return;
        const before = structuredClone({ att, tgt });
        const r = resolveEscalationAttack(att, tgt, seededRoller(ch.seed), {
          declaration: { kind: ch.kind, aim: ch.aim, undetected: ch.undetected },
          round: ch.round,
        });
        expect({ att, tgt }).toEqual(before);
        if (r.attacker.condition === att.condition) expect(r.attacker).toBe(att);
        if (r.outcome === "miss" || r.outcome === "autoFail" || r.outcome === "tragedy") expect(r.target).toBe(tgt);
        else if (r.outcome !== "fatalTragedy") expect(r.target).not.toBe(tgt);
      }),
      { numRuns: 300 },
    );
  });
});
