import type { AttackEvent, AttackStateBase } from "../../../src/core/attack/pipeline.js";
import { applied, refuse, type Outcome } from "../../../src/core/shared/outcome.js";
import type { AttackRuleset } from "../../../src/foundry/cards/attack-ruleset.js";

/**
 * A small attack pipeline and its card, to test the card's Foundry side alone: roll a d20 (10 or more hits), roll a
 * d6 of damage, apply it to the target's health (0 drops it). The target may dodge (+2 to the number) before damage.
 */
export interface ToyState extends AttackStateBase {
  readonly health: number;
  readonly toHit: number | null;
  readonly dodged: boolean;
  readonly damage: number | null;
}
export type ToyCommand =
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: "dodge" }
  | { readonly type: "rollDamage" }
  | { readonly type: "apply" };

const ok = (s: ToyState, events: AttackEvent[] = []): Outcome<ToyState, AttackEvent> => applied(s, events);

/** The options each opening received, for tests of who may set them. */
export const toyOpened: Readonly<Record<string, unknown>>[] = [];

export const toyCard: AttackRuleset<{ attacker: string; target: string; health: number }, ToyState, ToyCommand> = {
  ruleset: "teams",
  attackItems: ["teams-weapon"],
  engine: {
    id: "toy",
    start: (setup) =>
      ok({
        step: "rollToHit",
        attacker: setup.attacker,
        target: setup.target,
        health: setup.health,
        toHit: null,
        dodged: false,
        damage: null,
      }),
    apply: (s, c, roller) => {
      if (c.type === "roll" && s.step === "rollToHit") {
        const d = roller.die(20);
        return ok({ ...s, toHit: d, step: d >= 10 ? "reactionWindow" : "done" }, [{ type: "toHitRolled", roll: d }]);
      }
      if (c.type === "react" && s.step === "reactionWindow")
        return ok({ ...s, dodged: true, step: (s.toHit ?? 0) >= 12 ? "damage" : "done" });
      if (c.type === "rollDamage" && (s.step === "reactionWindow" || s.step === "damage"))
        return ok({ ...s, damage: roller.die(6), step: "apply" });
      if (c.type === "apply" && s.step === "apply") {
        const after = Math.max(0, s.health - (s.damage ?? 0));
        return ok({ ...s, health: after, step: "done" }, [
          {
            type: "damageApplied",
            combatant: s.target,
            amount: s.damage ?? 0,
            before: { health: s.health },
            after: { health: after },
          },
        ]);
      }
      return refuse("WrongAttackStep", `not at ${c.type}`);
    },
    legal: (s) =>
      s.step === "rollToHit"
        ? [{ type: "roll" }]
        : s.step === "reactionWindow"
          ? [{ type: "react", reaction: "dodge" }, { type: "rollDamage" }]
          : s.step === "damage"
            ? [{ type: "rollDamage" }]
            : s.step === "apply"
              ? [{ type: "apply" }]
              : [],
  },
  open: (choice) => {
    toyOpened.push(choice.options);
    const item = choice.attacker.items.find((i) => i.id === choice.itemId);
    if (!item || item.type !== "teams-weapon") return refuse("NotAWeapon", "not a weapon");
    const health = (choice.target.system as { health?: { value?: number } }).health?.value ?? 0;
    return {
      ok: true,
      state: { setup: { attacker: choice.attacker.id, target: choice.target.id, health }, opening: [] },
      events: [],
    };
  },
  roleFor: (c) => (c.type === "react" ? "target" : c.type === "apply" ? "gm" : "attacker"),
  // Keys Fray ships, so that the card renders in English: "Attack", and the d20 as "Round {round}".
  view: (s) => ({
    title: { key: "FRAY.Card.Attack", data: {} },
    lines: s.toHit === null ? [] : [{ key: "FRAY.Tracker.Round", data: { round: s.toHit }, dice: true }],
    outcome: null,
  }),
  applyPlan: (s) => ({
    actors: [{ actorId: s.target, changes: { "health.value": s.health } }],
    statuses: s.health === 0 ? [{ actorId: s.target, status: "unconscious", active: true }] : [],
    dropped: s.health === 0 ? [{ actorId: s.target, how: "unable" }] : [],
    // The attacker's spear wears by one with every blow applied.
    items: [{ actorId: s.attacker, itemId: "spear", changes: { "durability.value": 2 } }],
  }),
};
