// STR-57: an owner may add Stunned to their own character (a Panic Roll they failed), as they may take it out of the
// fight; taking Stunned off, which gives the Action back, is the GM's (or the end of the bearer's turn).
import { describe, expect, it } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import { rolledEngine, type RolledState } from "../../../../src/core/turn-order/rolled/index.js";
import { authorise } from "../../../../src/foundry/combat/requests/authority.js";
import type { TurnCommand } from "../../../../src/foundry/combat/fight/turn-command.js";
import { FakeCombatant, FakeUser } from "../../../fakes/foundry-combat.js";

const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const combatants = [new FakeCombatant("x", "Xan", "pc", ["alice"]), new FakeCombatant("y", "Yor", "npc")];
const combat = { combatants: { get: (id: string) => combatants.find((c) => c.id === id), contents: combatants } };

function stateWith(stunned: number): RolledState {
  const o = rolledEngine.start(
    {
      combatants: [
        { id: "x", name: "Xan", side: "pc", initiative: 0, stunned },
        { id: "y", name: "Yor", side: "npc", initiative: 0 },
      ],
    },
    scriptedRoller([6, 6, 1, 1]),
  );
  if (!o.ok) throw new Error(o.reason);
  return o.state;
}

const ask = (user: FakeUser, state: RolledState, command: Record<string, unknown>) =>
  authorise({
    combat,
    user,
    command: command as TurnCommand,
    sides: new Map([
      ["x", "pc"],
      ["y", "npc"],
    ]),
    view: () => rolledEngine.view(state),
    held: (id) => rolledEngine.held(state, id),
  });

describe("STR-57 who may change a character's Stunned in a fight", () => {
  it("STR-57 an owner may add Stunned to their own character", () => {
    expect(ask(alice, stateWith(0), { type: "setStunned", combatant: "x", stunned: 1 })).toBeNull();
    expect(ask(alice, stateWith(1), { type: "setStunned", combatant: "x", stunned: 2 })).toBeNull();
  });

  it("STR-57 an owner may not take Stunned off; the GM may", () => {
    const s = stateWith(2);
    for (const stunned of [0, 1])
      expect(ask(alice, s, { type: "setStunned", combatant: "x", stunned })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.GmOnly",
      });
    expect(ask(gm, s, { type: "setStunned", combatant: "x", stunned: 0 })).toBeNull();
  });

  it("STR-57 forged: another's character, a non-number, a prototype key, a missing or huge-negative value", () => {
    const s = stateWith(1);
    const tries: Record<string, unknown>[] = [
      { type: "setStunned", combatant: "y", stunned: 5 },
      { type: "setStunned", combatant: "x", stunned: "9" },
      { type: "setStunned", combatant: "x" },
      { type: "setStunned", combatant: "x", stunned: -1e9 },
      { type: "setStunned", combatant: "x", stunned: Number.NaN },
      JSON.parse('{"type":"setStunned","combatant":"x","__proto__":{"stunned":3}}') as Record<string, unknown>,
    ];
    for (const t of tries) expect(ask(alice, s, t), JSON.stringify(t)).not.toBeNull();
    for (const t of tries.slice(0, 1)) expect(ask(bob, s, t)).not.toBeNull();
  });
});
