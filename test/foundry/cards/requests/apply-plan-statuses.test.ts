import { describe, expect, it } from "vitest";
import { carryOut, takeBack } from "../../../../src/foundry/cards/requests/apply-plan.js";
import { FakeActor } from "../../../fakes/foundry-card.js";

// v13's Actor#toggleStatusEffect (client/documents/actor.mjs) does nothing when asked to turn on a status that is
// already on. So an undo may turn off only a status that applying turned on: one on before stays on.
const none = () => Promise.resolve(undefined);

function goblin(...on: string[]): FakeActor {
  const actor = new FakeActor("gob", "Goblin", "escalation-unit", {}, ["bob"]);
  for (const s of on) actor.statuses.add(s);
  return actor;
}

describe("the GM's undo of an applied card puts each status back as it was", () => {
  it("a status on before the attack stays on after its undo", async () => {
    const gob = goblin("dead");
    const applied = await carryOut(
      { actors: [], statuses: [{ actorId: "gob", status: "dead", active: true }], dropped: [] },
      () => gob,
      none,
    );
    expect(gob.statuses.has("dead")).toBe(true);
    await takeBack(applied, () => gob);
    expect(gob.statuses.has("dead")).toBe(true);
  });

  it("a status applying turned on is off again after the undo; one already off stays off when turned off", async () => {
    const gob = goblin();
    const plan = {
      actors: [],
      statuses: [
        { actorId: "gob", status: "unconscious", active: true },
        { actorId: "gob", status: "prone", active: false },
      ],
      dropped: [],
    };
    const applied = await carryOut(plan, () => gob, none);
    expect([...gob.statuses]).toEqual(["unconscious"]);
    expect(applied.statuses).toEqual([{ actorId: "gob", status: "unconscious", active: true }]);
    await takeBack(applied, () => gob);
    expect([...gob.statuses]).toEqual([]);
  });

  it("a status asked twice by one plan is turned on once, and the undo turns it off once", async () => {
    const gob = goblin();
    const twice = { actorId: "gob", status: "dead", active: true };
    const applied = await carryOut({ actors: [], statuses: [twice, twice], dropped: [] }, () => gob, none);
    expect(applied.statuses).toEqual([twice]);
    await takeBack(applied, () => gob);
    expect(gob.statuses.size).toBe(0);
  });
});
