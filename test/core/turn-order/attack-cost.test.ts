import { describe, expect, it } from "vitest";
import { seededRoller, scriptedRoller } from "../../../src/core/shared/roller.js";
import type { Engine } from "../../../src/core/shared/engine.js";
import {
  attackCost,
  attacksBefore,
  attackStepNow,
  cardReactionCost,
  type AttackStep,
} from "../../../src/core/turn-order/attack-cost.js";
import { factionsEngine } from "../../../src/core/turn-order/factions/index.js";
import { rankedEngine } from "../../../src/core/turn-order/ranked/index.js";
import { rolledEngine } from "../../../src/core/turn-order/rolled/index.js";
import { sectionsEngine } from "../../../src/core/turn-order/sections/index.js";
import { teamsEngine } from "../../../src/core/turn-order/teams/index.js";
import type { TurnEvent, TurnOrderEngine } from "../../../src/core/turn-order/types.js";

// What an attack card spends in each turn order: the steps attackCost names, judged by the order's own engine.

type AnyEngine = TurnOrderEngine<unknown, unknown, AttackStep>;

function start(engine: AnyEngine, setup: unknown, dice: readonly number[] = []): unknown {
  const o = engine.start(setup, dice.length > 0 ? scriptedRoller(dice) : seededRoller(3));
  if (!o.ok) throw new Error(o.reason);
  return o.state;
}

/** The GM clicks the tracker's legal steps until `id` acts (and has drawn, in sections). */
function until(engine: AnyEngine, state: unknown, id: string): unknown {
  let s = state;
  for (let guard = 0; guard < 100; guard++) {
    const view = engine.view(s);
    const legal = engine.legal(s) as unknown as Record<string, unknown>[];
    const draw = legal.find((c) => c.type === "draw" && c.combatant === id);
    if (view.acting === id && view.round >= 1 && !draw) return s;
    const pick =
      draw ??
      legal.find((c) => c.combatant === id && c.type === "act") ??
      legal.find((c) => c.type === "endTurn" || c.type === "chooseFirst") ??
      legal.find((c) => c.type === "act" || c.type === "pass" || c.type === "discard" || c.type === "draw");
    if (!pick) throw new Error(`no step towards ${id}`);
    s = apply(engine, s, pick as unknown as AttackStep);
  }
  throw new Error(`${id} never acts`);
}

function apply(engine: AnyEngine, state: unknown, step: AttackStep): unknown {
  const o = engine.apply(state, step, seededRoller(1));
  if (!o.ok) throw new Error(`${step.type} refused: ${o.key}`);
  return o.state;
}

/** The attack's step now, recorded: the state after it. */
function attack(engine: AnyEngine, order: string, state: unknown, id: string, way?: Parameters<typeof attackCost>[2]) {
  const step = attackStepNow(engine as Engine<unknown, unknown, AttackStep, TurnEvent>, state, order, id, way);
  if ("ok" in step) return { refused: step.key, clause: step.clause };
  return { step, state: apply(engine, state, step) };
}

const refusedAs = (r: ReturnType<typeof attack>) => ("refused" in r ? r.refused : "accepted");

const ranked = rankedEngine as unknown as AnyEngine;
const RANKED = {
  combatants: [
    { id: "ana", name: "Ana", side: "pc", agility: 2 },
    { id: "orc", name: "Orc", side: "npc", agility: 1 },
  ],
};

describe("what an attack costs in each turn order", () => {
  it("ESC-06 on its turn a unit's attack spends its Attack Action; a second attack that turn is refused", () => {
    const s = until(ranked, start(ranked, RANKED), "ana");
    const first = attack(ranked, "ranked", s, "ana");
    expect("step" in first && first.step).toEqual({ type: "spend", combatant: "ana", action: "attack", pay: "AA" });
    expect(refusedAs(attack(ranked, "ranked", "state" in first ? first.state : s, "ana"))).toBe(
      "FRAY.Refusal.NoActionsLeft",
    );
  });

  it("ESC-05 out of its turn a unit's attack is refused: it is not its turn", () => {
    const s = until(ranked, start(ranked, RANKED), "ana");
    expect(refusedAs(attack(ranked, "ranked", s, "orc"))).toBe("FRAY.Refusal.NotYourTurn");
  });

  it("ESC-38/ESC-42 a free hit out of turn spends one of the round's Free Hit Slots", () => {
    const s = until(ranked, start(ranked, RANKED), "ana");
    const hit = attack(ranked, "ranked", s, "orc", "free-hit");
    expect("step" in hit && hit.step).toEqual({ type: "freeHit", combatant: "orc" });
    // The Orc's Agility 1 gives 2 slots: the third free hit of the round is refused.
    const second = attack(ranked, "ranked", "state" in hit ? hit.state : s, "orc", "free-hit");
    expect(refusedAs(attack(ranked, "ranked", "state" in second ? second.state : s, "orc", "free-hit"))).toBe(
      "FRAY.Refusal.NoFreeHitSlots",
    );
  });

  it("STR-10 on its turn a character's attack is its one Action; a second is refused", () => {
    const rolled = rolledEngine as unknown as AnyEngine;
    const setup = {
      combatants: [
        { id: "bob", name: "Bob", side: "pc", initiative: 1, speed: 5 },
        { id: "gob", name: "Gob", side: "npc", initiative: 0 },
      ],
    };
    const s = until(rolled, start(rolled, setup, [6, 5, 2, 2]), "bob");
    const first = attack(rolled, "rolled", s, "bob");
    expect("step" in first && first.step).toEqual({
      type: "spend",
      combatant: "bob",
      action: "action",
      name: "Attack",
    });
    expect(refusedAs(attack(rolled, "rolled", "state" in first ? first.state : s, "bob"))).not.toBe("accepted");
  });

  it("STR-39 out of its turn a character only defends: its attack is refused", () => {
    const rolled = rolledEngine as unknown as AnyEngine;
    const setup = {
      combatants: [
        { id: "bob", name: "Bob", side: "pc", initiative: 1, speed: 5 },
        { id: "gob", name: "Gob", side: "npc", initiative: 0 },
      ],
    };
    const s = until(rolled, start(rolled, setup, [6, 5, 2, 2]), "bob");
    const off = attack(rolled, "rolled", s, "gob");
    expect(off).toMatchObject({ refused: "FRAY.Refusal.NotYourTurn", clause: "STR-39" });
  });

  const TEAMS = {
    initiative: ["heroes", "raiders"],
    combatants: [
      { id: "ann", team: "heroes", stamina: 3, focus: 3 },
      { id: "orc", team: "raiders", stamina: 2, focus: 0 },
    ],
  };
  const teams = teamsEngine as unknown as AnyEngine;

  it(
    "TEAM-18/TEAM-54 each attack costs one action and counts for the multiple attack penalty; " +
      "the fourth is refused",
    () => {
      let s = until(teams, start(teams, TEAMS), "ann");
      for (let n = 1; n <= 3; n++) {
        const a = attack(teams, "teams", s, "ann");
        expect("step" in a && a.step).toEqual({ type: "spend", combatant: "ann", action: "Attack" });
        s = "state" in a ? a.state : s;
        expect((s as { members: Record<string, { attacks: number }> }).members.ann!.attacks).toBe(n);
      }
      expect(refusedAs(attack(teams, "teams", s, "ann"))).toBe("FRAY.Refusal.NoActionsLeft");
    },
  );

  it("TEAM-54 the attacks made before this one are the teams order's count; other orders keep none", () => {
    let s = until(teams, start(teams, TEAMS), "ann");
    expect(attacksBefore("teams", s, "ann")).toBe(0);
    s = apply(teams, s, { type: "spend", combatant: "ann", action: "Attack" });
    expect(attacksBefore("teams", s, "ann")).toBe(1);
    expect(attacksBefore("teams", s, "__proto__")).toBeNull();
    expect(attacksBefore("ranked", s, "ann")).toBeNull();
  });

  it("TEAM-07 out of its turn, with nothing readied, a character's attack is refused: it is not its turn", () => {
    const s = until(teams, start(teams, TEAMS), "ann");
    expect(refusedAs(attack(teams, "teams", s, "orc"))).toBe("FRAY.Refusal.NotYourTurn");
  });

  it("TEAM-23 a readied action is taken out of turn as the character's reaction", () => {
    let s = until(teams, start(teams, TEAMS), "ann");
    s = apply(teams, s, { type: "spend", combatant: "ann", action: "Ready an Action" });
    s = until(teams, s, "orc");
    const ready = attack(teams, "teams", s, "ann");
    expect("step" in ready && ready.step).toEqual({ type: "react", combatant: "ann", reaction: "Ready an Action" });
    // The reaction is spent: a second one is refused.
    expect(refusedAs(attack(teams, "teams", "state" in ready ? ready.state : s, "ann"))).not.toBe("accepted");
  });

  const FACTIONS = {
    factions: ["A", "B"],
    initiative: "A",
    combatants: [
      { id: "a1", faction: "A", wit: 10 },
      { id: "b1", faction: "B", wit: 10 },
    ],
  };
  const factions = factionsEngine as unknown as AnyEngine;

  it("FAC-06 on its turn a character's attack is its main action; a second is refused", () => {
    const s = until(factions, start(factions, FACTIONS), "a1");
    const first = attack(factions, "factions", s, "a1");
    expect("step" in first && first.step).toEqual({ type: "spend", combatant: "a1", action: "Attack" });
    expect(refusedAs(attack(factions, "factions", "state" in first ? first.state : s, "a1"))).toBe(
      "FRAY.Refusal.NoMainActionLeft",
    );
  });

  it("FAC-23/FAC-14 an opportunity attack out of turn is the character's reaction, which uses its turn", () => {
    const s = until(factions, start(factions, FACTIONS), "a1");
    expect(refusedAs(attack(factions, "factions", s, "b1"))).toBe("FRAY.Refusal.NotYourTurn");
    const oa = attack(factions, "factions", s, "b1", "opportunity-attack");
    expect("step" in oa && oa.step).toEqual({ type: "react", combatant: "b1", trigger: "opportunity-attack" });
    expect(refusedAs(attack(factions, "factions", "state" in oa ? oa.state : s, "b1", "opportunity-attack"))).toBe(
      "FRAY.Refusal.AlreadyActed",
    );
  });

  it("SEC-61 an Action card's attack spends the turn's Action Phase; a second is refused, and out of turn too", () => {
    const sections = sectionsEngine as unknown as AnyEngine;
    const setup = {
      combatants: [
        { id: "ann", side: "players", name: "Ann" },
        { id: "orc", side: "enemies", name: "Orc" },
      ],
    };
    const s = until(sections, start(sections, setup), "ann");
    const first = attack(sections, "sections", s, "ann");
    expect("step" in first && first.step).toEqual({
      type: "spend",
      combatant: "ann",
      phase: "action",
      action: "action",
    });
    expect(refusedAs(attack(sections, "sections", "state" in first ? first.state : s, "ann"))).not.toBe("accepted");
    expect(refusedAs(attack(sections, "sections", s, "orc"))).not.toBe("accepted");
  });

  it("ESC-38 FAC-23 a reaction a rule set does not have is no way to attack; an unknown turn order names none", () => {
    expect(attackCost("teams", "ann", "free-hit")).toMatchObject({
      key: "FRAY.Refusal.NoSuchReaction",
      clause: "ESC-38",
    });
    expect(attackCost("ranked", "ann", "opportunity-attack")).toMatchObject({
      key: "FRAY.Refusal.NoSuchReaction",
      clause: "FAC-23",
    });
    expect(attackCost("__proto__", "ann")).toMatchObject({ key: "FRAY.Refusal.UnknownMode" });
  });

  it(
    "FAC-14 ESC-42 ESC-35 TEAM-35 TEAM-39 a reaction on a card: a turn, a slot, none, the round's reaction, " +
      "free after an Intercept",
    () => {
      expect(cardReactionCost("factions", "b1", "counter")).toEqual({
        type: "react",
        combatant: "b1",
        trigger: "counter",
      });
      expect(cardReactionCost("ranked", "orc", "freeHit")).toEqual({ type: "freeHit", combatant: "orc" });
      expect(cardReactionCost("ranked", "orc", "freeHit", true)).toBeNull();
      expect(cardReactionCost("rolled", "gob", "evasion")).toBeNull();
      expect(cardReactionCost("teams", "orc", "dodge")).toEqual({ type: "react", combatant: "orc", reaction: "Dodge" });
      expect(cardReactionCost("teams", "orc", "parry", true)).toEqual({
        type: "react",
        combatant: "orc",
        reaction: "Parry",
        free: true,
      });
      expect(cardReactionCost("teams", "orc", "toString")).toBeNull();
      expect(cardReactionCost("sections", "imp", "dodge")).toBeNull();
    },
  );

  it("SEC-47 an Intercept on a card takes the Interceptor's Interrupt, and a second in the round is refused", () => {
    const step = cardReactionCost("sections", "imp", "intercept")!;
    expect(step).toEqual({ type: "interrupt", combatant: "imp", detail: "Intercept" });
    const sections = sectionsEngine as unknown as AnyEngine;
    const s = start(sections, {
      combatants: [
        { id: "ann", side: "players", name: "Ann" },
        { id: "imp", side: "enemies", name: "Imp" },
      ],
    });
    const once = sections.apply(s, step, seededRoller(1));
    expect(once.ok).toBe(true);
    const twice = sections.apply("state" in once ? once.state : s, step, seededRoller(1));
    expect(twice).toMatchObject({ ok: false, key: "FRAY.Refusal.InterruptSpent", clause: "SEC-47" });
  });
});
