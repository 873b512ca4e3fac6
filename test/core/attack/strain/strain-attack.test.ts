import { commandsOf } from "../../../../src/core/shared/journal.js";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  strainAttack,
  type StrainAttackSetup,
  type StrainAttackState,
  type StrainAttackCommand,
} from "../../../../src/core/attack/strain/index.js";
import type { AttackEvent } from "../../../../src/core/attack/pipeline.js";
import { scriptedRoller, seededRoller, type Roller } from "../../../../src/core/shared/roller.js";
import { openJournal, record, replay } from "../../../../src/core/shared/journal.js";
import { attackSetup, character } from "./fixtures.js";

function run(s: StrainAttackSetup, roller: Roller, until: "roll" | "all" = "all") {
  const started = strainAttack.start(s, roller);
  if (!started.ok) throw new Error(started.reason);
  let state: StrainAttackState = started.state;
  const events: AttackEvent[] = [...started.events];
  const cmds: Record<string, StrainAttackCommand> = {
    rollToHit: { type: "roll" },
    damage: { type: "rollDamage" },
    apply: { type: "apply" },
  };
  while (state.step !== "done") {
    const c = cmds[state.step];
    if (!c) throw new Error(`stuck at ${state.step}`);
    const r = strainAttack.apply(state, c, roller);
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
    events.push(...r.events);
    if (until === "roll") break;
  }
  return { state, events };
}
const ev = (events: readonly AttackEvent[], type: string) =>
  events.find((e) => e.type === type) as Record<string, unknown> | undefined;

describe("strain attack", () => {
  it("STR-36 the attacker adds the modifier of the Art granting the attack", () => {
    const { events } = run(attackSetup({ art: "storm" }), scriptedRoller([3, 3, 1, 1]), "roll");
    expect((ev(events, "toHitRolled")!.roll as { total: number }).total).toBe(7);
  });

  it("STR-36 a Basic Attack uses the highest Art modifier", () => {
    const { events } = run(attackSetup({ art: "basic" }), scriptedRoller([3, 3, 1, 1]), "roll");
    expect((ev(events, "toHitRolled")!.roll as { total: number }).total).toBe(8);
    const r = strainAttack.start(attackSetup({ art: "dance" }), scriptedRoller([]));
    expect(!r.ok && r.key).toBe("FRAY.Refusal.UnknownArt");
  });

  it("STR-37 Physical allows Resilience or Evasion, Mental allows Resolve or Evasion", () => {
    expect(strainAttack.start(attackSetup({ kind: "physical", defence: "resolve" }), scriptedRoller([])).ok).toBe(
      false,
    );
    expect(strainAttack.start(attackSetup({ kind: "mental", defence: "resilience" }), scriptedRoller([])).ok).toBe(
      false,
    );
    expect(strainAttack.start(attackSetup({ kind: "mental", defence: "resolve" }), scriptedRoller([])).ok).toBe(true);
    expect(strainAttack.start(attackSetup({ kind: "mental", defence: "evasion" }), scriptedRoller([])).ok).toBe(true);
  });

  it("STR-38 STR-39 the defence is chosen with the declaration; a reaction after it is refused", () => {
    const s = strainAttack.start(attackSetup(), scriptedRoller([]));
    if (!s.ok) throw new Error();
    const r = strainAttack.apply(s.state, { type: "react", reaction: "evasion" }, scriptedRoller([]));
    expect(!r.ok && r.clause).toBe("STR-38");
    expect(strainAttack.legal(s.state)).toEqual([{ type: "roll" }]);
  });

  it("STR-40 Resilience: failure takes the effect (+1 Fatigue Load), success avoids it", () => {
    const hit = run(attackSetup(), scriptedRoller([5, 5, 1, 2]));
    expect(hit.state.targetData.fatigueLoad).toBe(1);
    const miss = run(attackSetup(), scriptedRoller([1, 2, 5, 5]));
    expect(miss.state.targetData.fatigueLoad).toBe(0);
    expect(miss.state.targetData.statuses).toEqual({});
  });

  it("STR-40 Resolve against a Mental attack: failure adds +1 Stress Load", () => {
    const hit = run(attackSetup({ kind: "mental", defence: "resolve", deals: "stress" }), scriptedRoller([6, 6, 1, 1]));
    expect(hit.state.targetData.stressLoad).toBe(1);
  });

  it("STR-41 Evasion gets +1 Boon when not Vulnerable (3 dice, two highest kept)", () => {
    const { events } = run(attackSetup({ defence: "evasion" }), scriptedRoller([3, 3, 1, 6, 6]), "roll");
    const roll = ev(events, "defenceRolled")!.roll as { dice: { kept: boolean }[]; total: number };
    expect(roll.dice).toHaveLength(3);
    expect(roll.total).toBe(13);
    const vuln = run(
      attackSetup({ defence: "evasion", target: character("t", { statuses: { vulnerable: 1 } }) }),
      scriptedRoller([3, 3, 6, 6]),
      "roll",
    );
    expect((ev(vuln.events, "defenceRolled")!.roll as { dice: unknown[] }).dice).toHaveLength(2);
  });

  it("STR-41 Evasion outcomes: Critical avoids, Success avoids +1 Vulnerable, Failure takes it +1 Vulnerable", () => {
    // attack 3+3+2 = 8; defence keeps two of three +1 evasion
    const crit = run(attackSetup({ defence: "evasion" }), scriptedRoller([3, 3, 6, 6, 1]));
    expect(ev(crit.events, "defenceResult")!.result).toBe("critical");
    expect(crit.state.targetData.statuses).toEqual({});
    const success = run(attackSetup({ defence: "evasion" }), scriptedRoller([3, 3, 4, 3, 1]));
    expect(ev(success.events, "defenceResult")!.result).toBe("success");
    expect(success.state.targetData).toMatchObject({ fatigueLoad: 0, statuses: { vulnerable: 1 } });
    const fail = run(attackSetup({ defence: "evasion" }), scriptedRoller([3, 3, 1, 2, 1]));
    expect(ev(fail.events, "defenceResult")!.result).toBe("failure");
    expect(fail.state.targetData).toMatchObject({ fatigueLoad: 1, statuses: { vulnerable: 1 } });
  });

  it("STR-41 ties favour the defender by default and the attacker by option", () => {
    expect(run(attackSetup(), scriptedRoller([3, 3, 4, 3])).state.result).toBe("success");
    expect(run(attackSetup({ options: { tiesFavour: "attacker" } }), scriptedRoller([3, 3, 4, 3])).state.result).toBe(
      "failure",
    );
  });

  it("STR-42 a Ranged attack takes +1 Bane per adjacent enemy", () => {
    const { events } = run(
      attackSetup({ ranged: true, adjacentEnemies: 2 }),
      scriptedRoller([6, 1, 5, 2, 1, 1]),
      "roll",
    );
    const roll = ev(events, "toHitRolled")!.roll as { dice: unknown[]; total: number };
    expect(roll.dice).toHaveLength(4);
    expect(roll.total).toBe(3 + 2);
    const melee = run(attackSetup({ adjacentEnemies: 2 }), scriptedRoller([6, 1, 1, 1]), "roll");
    expect((ev(melee.events, "toHitRolled")!.roll as { dice: unknown[] }).dice).toHaveLength(2);
  });

  it("STR-48 STR-45 attacking a target in Cover takes +1 Bane, against Physical Attacks only", () => {
    const { events } = run(attackSetup({ cover: true }), scriptedRoller([6, 1, 5, 1, 1]), "roll");
    expect((ev(events, "toHitRolled")!.roll as { total: number }).total).toBe(6 + 2);
    const mental = run(
      attackSetup({ cover: true, kind: "mental", defence: "resolve" }),
      scriptedRoller([6, 1, 1, 1]),
      "roll",
    );
    expect((ev(mental.events, "toHitRolled")!.roll as { dice: unknown[] }).dice).toHaveLength(2);
  });

  it("STR-56 a Frayed defender takes +1 Bane; STR-58 an Exhausted attacker takes +1 Bane", () => {
    const frayed = run(
      attackSetup({ target: character("t", { stressLoad: 4 }) }),
      scriptedRoller([1, 1, 6, 2, 3]),
      "roll",
    );
    expect((ev(frayed.events, "defenceRolled")!.roll as { total: number }).total).toBe(2 + 3 + 1);
    const tired = run(
      attackSetup({ attacker: character("a", { fatigueLoad: 4 }) }),
      scriptedRoller([6, 2, 3, 1, 1]),
      "roll",
    );
    expect((ev(tired.events, "toHitRolled")!.roll as { total: number }).total).toBe(2 + 3 + 2);
  });

  it("STR-55 each instance of Fatigue adds +1 Fatigue Load", () => {
    const { state } = run(attackSetup({ instances: 2 }), scriptedRoller([6, 6, 1, 1]));
    expect(state.targetData.fatigueLoad).toBe(2);
  });

  it(
    "STR-44 only an ability with the Overexert tag lets its " + "user Overexert: the declaration refuses it otherwise",
    () => {
      const untagged = strainAttack.start(attackSetup({ overexert: 1, overexertTag: false }), scriptedRoller([]));
      expect(!untagged.ok && untagged.key).toBe("FRAY.Refusal.OverexertNotAllowed");
      expect(!untagged.ok && untagged.clause).toBe("STR-44");
      // Without Overexerting, the tag does not matter.
      expect(strainAttack.start(attackSetup({ overexert: 0, overexertTag: false }), scriptedRoller([])).ok).toBe(true);
      expect(strainAttack.start(attackSetup({ overexert: 1, overexertTag: true }), scriptedRoller([])).ok).toBe(true);
    },
  );

  it(
    "STR-55 STR-37 STR-41 the declaration refuses a setup " +
      "the rules cannot read, as the other pipelines' starts do",
    () => {
      const junk: [string, Record<string, unknown>][] = [
        ["deals neither Fatigue nor Stress", { deals: "wounds" }],
        ["deals nothing named", { deals: undefined }],
        ["a kind that is neither Physical nor Mental", { kind: "spiritual" }],
        ["no Art", { art: 3 }],
        ["ranged that is not a flag", { ranged: "yes" }],
        ["finisher that is not a flag", { finisher: 1 }],
        ["cover that is not a flag", { cover: null }],
        ["the Overexert tag missing", { overexertTag: undefined }],
        ["an unknown Boon and Bane reading", { options: { boonBane: "keepThree" } }],
        ["ties favouring nobody", { options: { tiesFavour: "nobody" } }],
      ];
      for (const [why, over] of junk) {
        const r = strainAttack.start({ ...attackSetup(), ...over }, scriptedRoller([]));
        expect(!r.ok && r.key, why).toBe("FRAY.Refusal.MalformedAttack");
      }
      for (const [why, over] of [
        ["a fractional number of Boons", { boons: 1.5 }],
        ["negative Banes", { banes: -1 }],
        ["an Evasion critical margin that is not whole", { options: { evasionCriticalMargin: 2.5 } }],
      ] as const) {
        const r = strainAttack.start({ ...attackSetup(), ...over }, scriptedRoller([]));
        expect(r.ok, why).toBe(false);
      }
    },
  );

  it("STR-34 an attack targets another character: its user cannot attack itself", () => {
    const r = strainAttack.start(attackSetup({ target: character("a") }), scriptedRoller([]));
    expect(!r.ok && r.key).toBe("FRAY.Refusal.CannotAttackSelf");
  });

  it("STR-44 Overexert Stress is taken at the declaration, before any roll", () => {
    const s = strainAttack.start(attackSetup({ overexert: 2, overexertTag: true }), scriptedRoller([]));
    expect(s.ok && s.state.attackerData.stressLoad).toBe(2);
    expect(s.ok && s.events.some((e) => e.type === "overexerted")).toBe(true);
    expect(strainAttack.start(attackSetup({ overexert: -1 }), scriptedRoller([])).ok).toBe(false);
  });

  it("STR-43 a Finisher against an Exhausted target triggers an Incapacity Roll at once", () => {
    const t = character("t", { fatigueLoad: 3, fatigueTolerance: 3, resilience: 0 });
    const { state, events } = run(attackSetup({ finisher: true, target: t }), scriptedRoller([6, 6, 1, 1, 2, 1]));
    expect(ev(events, "incapacityRolled")).toMatchObject({ combatant: "t", reason: "finisher", outcome: "fail" });
    expect(state.targetData.incapacitated).toBe(true);
    const plain = run(attackSetup({ target: t }), scriptedRoller([6, 6, 1, 1]));
    expect(ev(plain.events, "incapacityRolled")).toBeUndefined();
  });

  it("STR-59 an Exhausted attacker makes an Incapacity Roll after its Action", () => {
    const a = character("a", { fatigueLoad: 4, fatigueTolerance: 3, resilience: 0 });
    const { state, events } = run(attackSetup({ attacker: a }), scriptedRoller([1, 1, 1, 6, 6, 3, 1]));
    expect(ev(events, "incapacityRolled")).toMatchObject({ combatant: "a", reason: "afterAction", outcome: "fail" });
    expect(state.attackerData.incapacitated).toBe(true);
  });

  it("STR-61 an Incapacitated character cannot attack; an Incapacitated target cannot defend (ruling)", () => {
    const r = strainAttack.start(
      attackSetup({ attacker: character("a", { incapacitated: true, fatigueLoad: 2 }) }),
      scriptedRoller([]),
    );
    expect(!r.ok && r.key).toBe("FRAY.Refusal.AttackerIncapacitated");
    const down = run(
      attackSetup({ target: character("t", { incapacitated: true, fatigueLoad: 2 }) }),
      scriptedRoller([1, 1]),
    );
    expect(down.state.targetData.fatigueLoad).toBe(3);
  });

  it("STR-55 property: seeded attacks replay exactly", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom<"resilience" | "evasion">("resilience", "evasion"),
        fc.integer({ min: 0, max: 2 }),
        (seed, defence, vuln) => {
          const target = character("t", { statuses: vuln ? { vulnerable: vuln } : {} });
          const setup = attackSetup({ defence, art: "basic", target });
          const a = run(setup, seededRoller(seed));
          const b = run(setup, seededRoller(seed));
          expect(a).toEqual(b);
        },
      ),
    );
  });

  it("STR-55 the journal replays a strain attack from its seed", () => {
    const j = openJournal(strainAttack, attackSetup(), 77);
    if (!j.ok) throw new Error();
    const j1 = record(strainAttack, j.state, { type: "roll" });
    if (!j1.ok) throw new Error();
    const again = replay(strainAttack, attackSetup(), 77, commandsOf(j1.state));
    expect(again.ok && again.state.state).toEqual(j1.state.state);
  });
});
