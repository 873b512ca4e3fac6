import { commandsOf } from "../../../../src/core/shared/journal.js";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scriptedRoller, seededRoller } from "../../../../src/core/shared/roller.js";
import { openJournal, record, replay } from "../../../../src/core/shared/journal.js";
import {
  damageKind,
  copyCombatant,
  durabilityOf,
  suffer,
  teamsAttack,
  DEFAULT_TEAMS_OPTIONS,
  type TeamsCommand,
  type TeamsItem,
} from "../../../../src/core/attack/teams/index.js";
import { resolveTeamsAttack } from "../../../../src/core/fast/index.js";
import { THROUGH, foe, more, ofType, refusal, run, shortbow, spear, who } from "./helpers.js";

const attack = (extra: Partial<Extract<TeamsCommand, { type: "declare" }>> = {}): TeamsCommand => ({
  type: "declare",
  attacker: "a",
  target: "t",
  ...extra,
});
const shield: TeamsItem = { id: "shield", name: "shield", block: 3, parry: null, durability: null, metal: false };
const sword: TeamsItem = { id: "sword", name: "sword", block: null, parry: 2, durability: null, metal: true };
const pair = (t = {}, a = {}) => ({
  combatants: [who("a", { weapon: spear, ...a }), foe("t", { evasion: 6, endurance: 20, health: 20, ...t })],
});

describe("teams attack test and damage", () => {
  it("TEAM-46 the test hits at or above evasion and misses below", () => {
    expect(run(pair(), [attack(), { type: "roll" }], scriptedRoller([2, 3, 10])).state.step).toBe("reactionWindow");
    const miss = run(pair(), [attack(), { type: "roll" }], scriptedRoller([2, 2, 10]));
    expect(miss.state.step).toBe("done");
    expect(miss.state.outcome).toBe("miss");
  });

  it("TEAM-48 damage is never less than 1", () => {
    const r = run(
      pair({ deflection: { physical: 30, elemental: 0 } }),
      [attack(), ...THROUGH],
      scriptedRoller([2, 3, 10]),
    );
    expect(r.state.combatants.t?.endurance).toBe(19);
  });

  it("TEAM-50 a luck roll at the threshold cannot miss and cannot be dodged", () => {
    const r = run(pair({ evasion: 30 }), [attack(), { type: "roll" }], scriptedRoller([1, 1, 19]));
    expect(r.state.toHit).toMatchObject({ critical: true, hit: true });
    expect(refusal(r.state, { type: "react", reaction: "dodge" }, scriptedRoller([]))).toBe(
      "FRAY.Refusal.CriticalCannotMiss",
    );
  });

  it("TEAM-52 a melee weapon or a target with no neighbours cannot misfire", () => {
    const c = { combatants: [who("a", { weapon: spear }), foe("t"), who("b")] };
    expect(run(c, [attack({ adjacent: ["b"] }), { type: "roll" }], scriptedRoller([3, 3, 1])).state.target).toBe("t");
    const bow = { combatants: [who("a", { weapon: shortbow }), foe("t"), who("b")] };
    expect(run(bow, [attack(), { type: "roll" }], scriptedRoller([3, 3, 1])).state.target).toBe("t");
    expect(run(bow, [attack({ adjacent: ["b"] }), { type: "roll" }], scriptedRoller([3, 3, 2])).state.target).toBe("t");
    expect(run(bow, [attack({ adjacent: ["t"] }), { type: "roll" }], scriptedRoller([3, 3, 1])).state.target).toBe("t");
    const two = { combatants: [who("a", { weapon: shortbow }), foe("t"), who("b"), who("c")] };
    expect(
      run(two, [attack({ adjacent: ["t", "b", "c"] }), { type: "roll" }], scriptedRoller([3, 3, 1, 2])).state.target,
    ).toBe("c");
  });

  it("TEAM-54 each earlier attack this round costs -2; a new round resets it", () => {
    const r = run(
      pair(),
      [attack(), { type: "roll" }, attack(), { type: "roll" }, attack(), { type: "roll" }],
      scriptedRoller([1, 1, 10, 1, 1, 10, 6, 6, 10]),
    );
    expect(r.state.toHit?.penalty).toBe(-4);
    expect(r.state.toHit?.test).toBe(9);
    const fresh = more(
      { state: { ...r.state, step: "done" }, events: [] },
      [{ type: "newRound" }, attack(), { type: "roll" }],
      scriptedRoller([1, 1, 10]),
    );
    expect(fresh.state.toHit?.penalty).toBe(0);
  });

  it("TEAM-56 TEAM-57 TEAM-58 sneak plus flanking is double advantage: three rolls, best kept", () => {
    const r = run(
      pair(),
      [attack({ sneak: true, flanking: true }), { type: "roll" }],
      scriptedRoller([1, 1, 6, 5, 2, 2, 10]),
    );
    expect(r.state.toHit).toMatchObject({ edge: 2, test: 12 });
    expect(r.state.toHit?.testRoll.dice).toHaveLength(6);
    const cancelled = run(
      pair(),
      [attack({ sneak: true, disadvantages: 1 }), { type: "roll" }],
      scriptedRoller([1, 1, 10]),
    );
    expect(cancelled.state.toHit?.edge).toBe(0);
  });

  it("TEAM-60 a smaller attacker treats evasion as lower and deflection as higher", () => {
    const r = run(
      pair({ size: 5, evasion: 7, deflection: { physical: 2, elemental: 0 } }, { size: 4 }),
      [attack(), ...THROUGH],
      scriptedRoller([2, 3, 10]),
    );
    expect(r.state.toHit?.evasion).toBe(6);
    expect(r.state.damage?.reduction).toBe(3);
  });

  it("TEAM-62 TEAM-63 damage kinds: physical and elemental use their reduction, typeless none", () => {
    expect(["bludgeoning", "piercing", "slashing"].map((t) => damageKind(t as "piercing"))).toEqual([
      "physical",
      "physical",
      "physical",
    ]);
    expect(
      ["arcane", "cold", "fire", "radiant", "shock", "void"].every((t) => damageKind(t as "fire") === "elemental"),
    ).toBe(true);
    expect(damageKind("psychic")).toBe("typeless");
    expect(damageKind(null)).toBe("typeless");
    const t = { deflection: { physical: 3, elemental: 2 } };
    const fire = run(
      pair(t, { weapon: { ...spear, damageType: "fire" } }),
      [attack(), ...THROUGH],
      scriptedRoller([2, 3, 10]),
    );
    expect(fire.state.damage?.dealt).toBe(8);
    const none = run(
      pair(t, { weapon: { ...spear, damageType: null } }),
      [attack(), ...THROUGH],
      scriptedRoller([2, 3, 10]),
    );
    expect(none.state.damage?.dealt).toBe(10);
  });

  it("TEAM-64 damage comes off endurance first and the rest off health", () => {
    const r = run(
      pair({ endurance: 4, maxEndurance: 10, health: 20, constitution: 10 }),
      [attack(), ...THROUGH],
      scriptedRoller([2, 3, 10]),
    );
    expect(r.state.combatants.t).toMatchObject({ endurance: 0, health: 14 });
    expect(ofType(r.events, "damageApplied")[0]).toMatchObject({
      amount: 10,
      before: { endurance: 4, health: 20 },
      after: { endurance: 0, health: 14 },
    });
  });

  it("TEAM-65 harmed at half endurance or less, bloodied below full health", () => {
    const t = foe("t", { endurance: 10, health: 10 });
    const hurt = copyCombatant(t);
    suffer(hurt, 4, false, DEFAULT_TEAMS_OPTIONS);
    expect(hurt.endurance).toBe(6);
    const r = run(
      pair({ endurance: 10, health: 10, constitution: 9 }),
      [attack(), ...THROUGH],
      scriptedRoller([3, 3, 10]),
    );
    expect(ofType(r.events, "harmed")).toHaveLength(1);
    expect(ofType(r.events, "bloodied")).toHaveLength(1);
  });
});

describe("teams consciousness and death", () => {
  it("TEAM-67 with no reaction left the character falls unconscious (ruling); it may also choose to", () => {
    const t = { endurance: 0, maxEndurance: 10, health: 12, constitution: 2 };
    const none = run(pair({ ...t, reactions: 0 }), [attack(), ...THROUGH], scriptedRoller([2, 3, 10]));
    expect(none.state.combatants.t?.condition).toBe("unconscious");
    expect(none.state.step).toBe("done");
    const chose = run(pair(t), [attack(), ...THROUGH, { type: "fallUnconscious" }], scriptedRoller([2, 3, 10]));
    expect(chose.state.combatants.t?.condition).toBe("unconscious");
    const failed = run(pair(t), [attack(), ...THROUGH, { type: "fortify" }], scriptedRoller([2, 3, 10, 1, 1]));
    expect(failed.state.combatants.t?.condition).toBe("unconscious");
    expect(
      refusal(
        run(pair(t), [attack(), ...THROUGH], scriptedRoller([2, 3, 10])).state,
        { type: "apply" },
        scriptedRoller([]),
      ),
    ).toBe("FRAY.Refusal.ChoicePending");
  });

  it("TEAM-69 TEAM-70 at 0 health the character is unconscious; cheating death raises the difficulty by 5", () => {
    const r = run(
      pair({ endurance: 0, maxEndurance: 10, health: 5, maxHealth: 12 }),
      [attack(), ...THROUGH],
      scriptedRoller([2, 3, 10, 12]),
    );
    expect(r.state.combatants.t).toMatchObject({ health: 0, condition: "unconscious", cheatDeathDifficulty: 15 });
    expect(ofType(r.events, "deathRisked")[0]).toMatchObject({ outcome: "cheatedDeath" });
  });

  it("TEAM-70 ruling: reaching exactly 0 does not risk death", () => {
    const r = run(
      pair({ endurance: 0, maxEndurance: 10, health: 10, maxHealth: 12 }),
      [attack(), ...THROUGH],
      scriptedRoller([2, 3, 10]),
    );
    expect(r.state.combatants.t).toMatchObject({ health: 0, condition: "unconscious" });
    expect(ofType(r.events, "deathRisked")).toHaveLength(0);
  });

  it("TEAM-73 a nonlethal source does not risk death, but more damage at 0 does", () => {
    const soft = { ...spear, nonlethal: true };
    const r = run(
      pair({ endurance: 0, maxEndurance: 10, health: 5 }, { weapon: soft }),
      [attack(), ...THROUGH],
      scriptedRoller([2, 3, 10]),
    );
    expect(r.state.combatants.t?.condition).toBe("unconscious");
    expect(ofType(r.events, "deathRisked")).toHaveLength(0);
    const again = more(r, [attack(), ...THROUGH], scriptedRoller([6, 6, 10, 3]));
    expect(again.state.combatants.t?.condition).toBe("dead");
  });

  it("TEAM-72 a killing strike with advantage against constitution kills; on a failure a sneak attack follows", () => {
    const down = pair({ condition: "unconscious", health: 0, endurance: 0, constitution: 6 });
    const struck = run(down, [{ type: "killingStrike", attacker: "a", target: "t" }], scriptedRoller([1, 1, 3, 2]));
    expect(ofType(struck.events, "killingStrike")[0]).toMatchObject({
      comparison: { total: 6, against: 6 },
      actions: 3,
    });
    // The kill is decided and waits to be applied, as any hit's harm does.
    expect(struck.state).toMatchObject({ step: "apply", outcome: "killed" });
    expect(struck.state.combatants.t?.condition).toBe("unconscious");
    const kill = run(
      down,
      [{ type: "killingStrike", attacker: "a", target: "t" }, { type: "apply" }],
      scriptedRoller([1, 1, 3, 2]),
    );
    expect(kill.state.combatants.t?.condition).toBe("dead");
    expect(kill.state.step).toBe("done");
    const fail = run(down, [{ type: "killingStrike", attacker: "a", target: "t" }], scriptedRoller([1, 1, 2, 1]));
    expect(fail.state.step).toBe("rollToHit");
    expect(fail.state.declaration?.sneak).toBe(true);
    expect(
      refusal(
        run(pair(), [], scriptedRoller([])).state,
        { type: "killingStrike", attacker: "a", target: "t" },
        scriptedRoller([]),
      ),
    ).toBe("FRAY.Refusal.TargetNotUnconscious");
  });

  it(
    "TEAM-72 applying a killing strike writes the kill as " + "any harm: health to 0 (damageApplied), then the death",
    () => {
      const down = pair({ condition: "unconscious", health: 3, endurance: 0, constitution: 6 });
      const kill = run(
        down,
        [{ type: "killingStrike", attacker: "a", target: "t" }, { type: "apply" }],
        scriptedRoller([1, 1, 3, 2]),
      );
      const applied = kill.events.slice(kill.events.findIndex((e) => e.type === "stepChanged" && e.to === "apply") + 1);
      expect(applied.map((e) => e.type)).toEqual(["damageApplied", "combatantKilled", "attackEnded", "stepChanged"]);
      expect(ofType(applied, "damageApplied")[0]).toMatchObject({
        combatant: "t",
        amount: 3,
        before: { endurance: 0, health: 3 },
        after: { endurance: 0, health: 0 },
      });
      expect(ofType(applied, "combatantKilled")[0]).toMatchObject({ combatant: "t", by: "a", clause: "TEAM-72" });
      expect(ofType(applied, "attackEnded")[0]).toMatchObject({ outcome: "killed" });
      expect(kill.state.combatants.t).toMatchObject({ condition: "dead", health: 0 });
    },
  );
});

describe("teams reactions", () => {
  const hit = (t = {}, extra: Partial<Extract<TeamsCommand, { type: "declare" }>> = {}, all = pair(t)) =>
    run(all, [attack(extra), { type: "roll" }], scriptedRoller([2, 3, 10]));

  it("TEAM-35 one reaction per round: a second is refused until the next turn restores it", () => {
    const h = hit({ reactions: 0 });
    expect(refusal(h.state, { type: "react", reaction: "dodge" }, scriptedRoller([]))).toBe(
      "FRAY.Refusal.NoReactionLeft",
    );
    const restored = more(
      { state: { ...h.state }, events: [] },
      [{ type: "startTurn", combatant: "t" }],
      scriptedRoller([]),
    );
    expect(refusal(restored.state, { type: "react", reaction: "dodge" }, scriptedRoller([1, 1]))).toBe("accepted");
  });

  it("TEAM-36 Dodge spends 1 stamina and a test meeting the attack's result avoids it (ruling)", () => {
    const h = hit({ stamina: 2 });
    const ok = more(h, [{ type: "react", reaction: "dodge" }], scriptedRoller([3, 3]));
    expect(ok.state.step).toBe("done");
    expect(ok.state.outcome).toBe("dodged");
    expect(ok.state.combatants.t).toMatchObject({ stamina: 1, reactions: 0 });
    const bad = more(h, [{ type: "react", reaction: "dodge" }], scriptedRoller([2, 3]));
    expect(bad.state.step).toBe("damage");
    expect(refusal(hit({ stamina: 0 }).state, { type: "react", reaction: "dodge" }, scriptedRoller([]))).toBe(
      "FRAY.Refusal.NotEnoughStamina",
    );
  });

  it("TEAM-37 Fortify spends stamina and can prevent a physical effect", () => {
    const h = hit({}, { effect: { name: "knockdown", kind: "physical" } });
    const r = more(
      h,
      [{ type: "react", reaction: "fortify" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([5, 1]),
    );
    expect(r.state.defence.effectPrevented).toBe(true);
    expect(ofType(r.events, "effectLanded")).toHaveLength(0);
    expect(refusal(hit().state, { type: "react", reaction: "fortify" }, scriptedRoller([]))).toBe(
      "FRAY.Refusal.NothingToPrevent",
    );
  });

  it("TEAM-38 Resist spends focus against a mental effect", () => {
    const h = hit({ focus: 1 }, { effect: { name: "fear", kind: "mental" } });
    const r = more(
      h,
      [{ type: "react", reaction: "resist" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([1, 1]),
    );
    expect(r.state.combatants.t?.focus).toBe(0);
    expect(ofType(r.events, "effectLanded")[0]).toMatchObject({ effect: "fear", on: "t" });
    expect(
      refusal(
        hit({ focus: 0 }, { effect: { name: "fear", kind: "mental" } }).state,
        { type: "react", reaction: "resist" },
        scriptedRoller([]),
      ),
    ).toBe("FRAY.Refusal.NotEnoughFocus");
  });

  it("TEAM-39 Intercept: an ally pays 1 stamina, becomes the target and may then parry as a free reaction", () => {
    const all = {
      combatants: [who("a", { weapon: spear }), foe("t"), foe("guard", { items: [sword], stamina: 3, endurance: 20 })],
    };
    const h = hit({}, {}, all);
    const r = more(
      h,
      [
        { type: "react", reaction: "intercept", by: "guard" },
        { type: "react", reaction: "parry", item: "sword" },
        { type: "rollDamage" },
        { type: "apply" },
      ],
      scriptedRoller([]),
    );
    expect(r.state.target).toBe("guard");
    expect(r.state.combatants.guard).toMatchObject({ stamina: 1, reactions: 0, endurance: 12 });
    expect(r.state.combatants.t?.endurance).toBe(10);
    expect(refusal(h.state, { type: "react", reaction: "intercept", by: "a" }, scriptedRoller([]))).toBe(
      "FRAY.Refusal.NotAnAlly",
    );
  });

  it("TEAM-40 Block: the item's block value replaces reduction, the rest (at least 1) comes off its durability", () => {
    const h = hit({ items: [{ ...shield, block: 6 }], deflection: { physical: 5, elemental: 0 } });
    const r = more(
      h,
      [{ type: "react", reaction: "block", item: "shield" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([]),
    );
    expect(r.state.damage).toMatchObject({ base: 10, toItem: 4, excess: 0, dealt: 0 });
    expect(r.state.combatants.t?.items[0]?.durability).toBe(0);
    expect(r.state.combatants.t?.endurance).toBe(20);
    expect(ofType(r.events, "itemBroken")).toHaveLength(1);
    const sturdy = hit({ items: [{ ...shield, block: 20, durability: 8 }] });
    const s = more(
      sturdy,
      [{ type: "react", reaction: "block", item: "shield" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([]),
    );
    expect(s.state.combatants.t?.items[0]?.durability).toBe(7);
    expect(
      refusal(hit({ items: [sword] }).state, { type: "react", reaction: "block", item: "sword" }, scriptedRoller([])),
    ).toBe("FRAY.Refusal.NoBlockProperty");
  });

  it("TEAM-41 when blocking, the hit's effects land on the item", () => {
    const h = hit({ items: [{ ...shield, durability: 9 }] }, { effect: { name: "burning", kind: "physical" } });
    const r = more(
      h,
      [{ type: "react", reaction: "block", item: "shield" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([]),
    );
    expect(ofType(r.events, "effectLanded")[0]).toMatchObject({ effect: "burning", on: "shield" });
  });

  it("TEAM-42 damage beyond the blocking item's durability goes to the character", () => {
    const h = hit({ items: [{ ...shield, block: 3, durability: 2 }], deflection: { physical: 5, elemental: 0 } });
    const r = more(
      h,
      [{ type: "react", reaction: "block", item: "shield" }, { type: "rollDamage" }, { type: "apply" }],
      scriptedRoller([]),
    );
    expect(r.state.damage).toMatchObject({ toItem: 2, excess: 5, dealt: 5 });
    expect(r.state.combatants.t?.endurance).toBe(15);
  });

  it("TEAM-43 Parry adds the parry value (or 1) to physical deflection and costs the item 1 durability", () => {
    const r = more(
      hit({ items: [sword] }),
      [{ type: "react", reaction: "parry", item: "sword" }, { type: "rollDamage" }],
      scriptedRoller([]),
    );
    expect(r.state.damage?.reduction).toBe(2);
    expect(r.state.combatants.t?.items[0]?.durability).toBe(9);
    const plain = more(
      hit({ items: [shield] }),
      [{ type: "react", reaction: "parry", item: "shield" }, { type: "rollDamage" }],
      scriptedRoller([]),
    );
    expect(plain.state.damage?.reduction).toBe(1);
  });

  it("TEAM-44 unlisted durability is 10 for metal and 4 otherwise; a broken item cannot parry or block", () => {
    expect(durabilityOf(sword)).toBe(10);
    expect(durabilityOf(shield)).toBe(4);
    const broken = hit({
      items: [
        { ...sword, durability: 0 },
        { ...shield, durability: 0 },
      ],
    });
    expect(refusal(broken.state, { type: "react", reaction: "parry", item: "sword" }, scriptedRoller([]))).toBe(
      "FRAY.Refusal.ItemBroken",
    );
    expect(refusal(broken.state, { type: "react", reaction: "block", item: "shield" }, scriptedRoller([]))).toBe(
      "FRAY.Refusal.ItemBroken",
    );
  });
});

describe("teams pipeline", () => {
  it("TEAM-12 an unconscious or dead character cannot attack; unknown ids and wrong steps are refused", () => {
    for (const condition of ["unconscious", "dead"] as const) {
      expect(refusal(run(pair({}, { condition }), [], scriptedRoller([])).state, attack(), scriptedRoller([]))).toBe(
        "FRAY.Refusal.AttackerCannotAct",
      );
    }
    const s = run(pair(), [], scriptedRoller([])).state;
    expect(refusal(s, attack({ target: "nobody" }), scriptedRoller([]))).toBe("FRAY.Refusal.UnknownCombatant");
    expect(refusal(s, { type: "apply" }, scriptedRoller([]))).toBe("FRAY.Refusal.WrongAttackStep");
    expect(refusal(s, attack({ advantages: -1 }), scriptedRoller([]))).toBe("FRAY.Refusal.NegativeValue");
  });

  it("TEAM-70 healing a dead character or by a negative amount is refused", () => {
    const s = run(pair({ condition: "dead", health: 0 }), [], scriptedRoller([])).state;
    expect(refusal(s, { type: "heal", target: "t", amount: 3 }, scriptedRoller([]))).toBe(
      "FRAY.Refusal.CannotHealDead",
    );
    expect(refusal(s, { type: "heal", target: "a", amount: -3 }, scriptedRoller([]))).toBe(
      "FRAY.Refusal.NegativeValue",
    );
    const hurt = run(
      pair({ health: 5, maxHealth: 10 }),
      [{ type: "heal", target: "t", amount: 9 }],
      scriptedRoller([]),
    );
    expect(hurt.state.combatants.t?.health).toBe(10);
  });

  it(
    "TEAM-46 seeded runs reproduce: same seed and choices " + "give the same dice and outcome, through the journal too",
    () => {
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          const cmds: TeamsCommand[] = [attack(), { type: "roll" }];
          const a = run(pair(), cmds, seededRoller(seed));
          const b = run(pair(), cmds, seededRoller(seed));
          expect(a).toEqual(b);
        }),
        { numRuns: 50 },
      );
      let j = openJournal(teamsAttack, pair(), 7);
      for (const c of [attack(), { type: "roll" }] as TeamsCommand[]) j = j.ok ? record(teamsAttack, j.state, c) : j;
      if (!j.ok) throw new Error("journal");
      const again = replay(teamsAttack, pair(), 7, commandsOf(j.state));
      expect(again.ok && again.state.state).toEqual(j.state.state);
    },
  );

  it("TEAM-48 resolveTeamsAttack (the fast run on copies) matches the card with default choices", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        (seed, endurance, health, sneak) => {
          const att = who("a", { weapon: spear });
          const tgt = foe("t", {
            endurance,
            maxEndurance: 12,
            health,
            maxHealth: 8,
            constitution: 2,
            deflection: { physical: 2, elemental: 0 },
          });
          const quick = resolveTeamsAttack(att, tgt, seededRoller(seed), { declaration: { sneak } });
          const roller = seededRoller(seed);
          let st = run({ combatants: [att, tgt] }, [], roller).state;
          let c: TeamsCommand | undefined = attack({ sneak });
          for (; c; c = st.step === "done" ? undefined : teamsAttack.legal(st)[0]) {
            const o = teamsAttack.apply(st, c, roller);
            if (!o.ok) throw new Error(o.reason);
            st = o.state;
          }
          expect(st.outcome).toBe(quick.outcome);
          expect(st.combatants.t).toEqual(quick.target);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("TEAM-41 a refused reaction leaves the state untouched", () => {
    const h = run(
      pair({ items: [{ ...sword, durability: 0 }] }),
      [attack(), { type: "roll" }],
      scriptedRoller([2, 3, 10]),
    );
    const before = JSON.stringify(h.state);
    teamsAttack.apply(h.state, { type: "react", reaction: "parry", item: "sword" }, scriptedRoller([]));
    expect(JSON.stringify(h.state)).toBe(before);
  });
});
