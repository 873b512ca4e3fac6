import { commandsOf } from "../../../../src/core/shared/journal.js";
import { describe, expect, it } from "vitest";
import { openJournal, record, replay, undo } from "../../../../src/core/shared/journal.js";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import {
  sectionsSpaceEngine,
  type SectionsCommand,
  type SectionsSpaceSetup,
} from "../../../../src/core/space/sections/index.js";
import { ent, sec, soft } from "./fixtures.js";

const setup: SectionsSpaceSetup = {
  map: {
    sections: [sec("low"), sec("ledge"), sec("pit")],
    borders: [soft("cliff", "low", "ledge", 2), soft("drop", "low", "pit", -3)],
  },
  entities: [ent("m", "low"), ent("guard", "low", "npc")],
};

describe("sections space engine", () => {
  it("SEC-01 the engine refuses a bad map or duplicate entities at start", () => {
    const bad = sectionsSpaceEngine.start(
      { ...setup, map: { sections: [sec("a")], borders: [soft("x", "a", "b")] } },
      scriptedRoller([]),
    );
    expect(bad.ok ? "" : bad.key).toBe("FRAY.Refusal.UnknownSection");
    const dup = sectionsSpaceEngine.start(
      { ...setup, entities: [ent("m", "low"), ent("m", "low")] },
      scriptedRoller([]),
    );
    expect(dup.ok ? "" : dup.key).toBe("FRAY.Refusal.DuplicateEntity");
    const off = sectionsSpaceEngine.start({ ...setup, entities: [ent("m", "mars")] }, scriptedRoller([]));
    expect(off.ok ? "" : [off.key, off.clause]).toEqual(["FRAY.Refusal.EntityInUnknownSection", "SEC-02"]);
  });

  it("SEC-13 falls are rolled with the journal's dice and replay to the same state; undo steps back", () => {
    const j0 = openJournal(sectionsSpaceEngine, setup, 7);
    expect(j0.ok).toBe(true);
    if (!j0.ok) return;
    const push: SectionsCommand = { type: "move", query: { mover: "guard", mode: "push", n: 1, to: "pit" } };
    const j1 = record(sectionsSpaceEngine, j0.state, push);
    expect(j1.ok).toBe(true);
    if (!j1.ok) return;
    const fall = j1.events.find((e) => e.type === "fall");
    expect(fall?.type === "fall" && [fall.formula, fall.roll?.dice.length]).toEqual(["3d4", 3]);
    const total = fall?.type === "fall" ? fall.roll!.total : -1;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(total).toBeLessThanOrEqual(12);
    const again = replay(sectionsSpaceEngine, setup, 7, commandsOf(j1.state));
    expect(again.ok && again.state.state).toEqual(j1.state.state);
    const again2 = replay(sectionsSpaceEngine, setup, 7, commandsOf(j1.state));
    const f2 = again2.ok ? again2.events.find((e) => e.type === "fall") : undefined;
    expect(f2?.type === "fall" && f2.roll?.total).toBe(total);
    const back = undo(sectionsSpaceEngine, j1.state);
    expect(back.ok && back.state.state.battle.entities.guard!.section).toBe("low");
  });

  it("SEC-15 a climb through the engine: start, checks rolled with given dice, reaching the ledge", () => {
    const j0 = openJournal(sectionsSpaceEngine, setup, 1);
    if (!j0.ok) throw new Error(j0.reason);
    const j1 = record(sectionsSpaceEngine, j0.state, {
      type: "move",
      query: { mover: "m", mode: "climb", n: 3, path: ["low", "ledge"] },
    });
    expect(j1.ok && j1.state.state.battle.entities.m!.climbing).toMatchObject({
      border: "cliff",
      height: 2,
      climbed: 0,
    });
    if (!j1.ok) return;
    const j2 = record(sectionsSpaceEngine, j1.state, {
      type: "climb",
      entity: "m",
      moveNumber: 2,
      checks: [
        { entity: 3, dm: 2 },
        { entity: 5, dm: 5 },
      ],
    });
    expect(j2.ok && [j2.state.state.battle.entities.m!.section, j2.state.state.battle.entities.m!.climbing]).toEqual([
      "ledge",
      null,
    ]);
    const rolled = record(sectionsSpaceEngine, j1.state, {
      type: "climb",
      entity: "m",
      moveNumber: 1,
      checks: [{ entityDice: { count: 1, sides: 20 }, dmDice: { count: 1, sides: 20 } }],
    });
    expect(rolled.ok && rolled.events[0]?.type).toBe("acrobatics");
  });

  it("SEC-43 a refused command leaves the journal untouched", () => {
    const j0 = openJournal(sectionsSpaceEngine, setup, 3);
    if (!j0.ok) throw new Error(j0.reason);
    const r = record(sectionsSpaceEngine, j0.state, { type: "lowerBlock", blocker: "m" });
    expect(r.ok ? "" : [r.key, r.clause]).toEqual(["FRAY.Refusal.NotBlocking", "SEC-43"]);
    const bad = record(sectionsSpaceEngine, j0.state, { type: "dance" } as unknown as SectionsCommand);
    expect(bad.ok ? "" : bad.key).toBe("FRAY.Refusal.UnknownCommand");
    expect(commandsOf(j0.state)).toEqual([]);
    const up = record(sectionsSpaceEngine, j0.state, { type: "raiseBlock", blocker: "guard", border: "drop" });
    expect(up.ok && up.state.state.battle.blocks).toEqual([
      { blocker: "guard", border: "drop", atDistance: false, from: "low" },
    ]);
  });
});
