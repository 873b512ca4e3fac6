import { describe, expect, it } from "vitest";
import {
  actionReach,
  blockedMove,
  ownBlocksOnMap,
  applyMove,
  endDistanceBlock,
  lowerBlock,
  queryMove,
  raiseBlock,
  raiseDistanceBlock,
  sectionsOptions,
  setConditions,
  type SectionsBattle,
} from "../../../../src/core/space/sections/index.js";
import { battleOf, ent, graphOf, hallway, sec, soft } from "./fixtures.js";

const g = hallway(3);

function blocked(extra: { foeSection?: string; lighting?: "lit" | "dark" } = {}): SectionsBattle {
  const gg = extra.lighting === "dark" ? hallway(3, [], ["lit", "dark", "lit"]) : g;
  const b = battleOf(gg, [ent("guard", "s1"), ent("foe", extra.foeSection ?? "s1", "npc"), ent("friend", "s1")]);
  const r = raiseBlock(gg, b, "guard", "b1");
  if (!r.ok) throw new Error(r.reason);
  return r.state;
}

describe("sections Blocks", () => {
  it("SEC-42 a Block stops enemies leaving the blocker's section across that border; entering is allowed", () => {
    const b = blocked();
    const out = queryMove(g, b, { mover: "foe", mode: "walk", n: 2, path: ["s1", "s2"] });
    expect(out.ok && [out.end, out.events]).toEqual([
      "s1",
      [{ type: "stoppedByBlock", entity: "foe", border: "b1", blocker: "guard", clause: "SEC-42" }],
    ]);
    expect(queryMove(g, b, { mover: "foe", mode: "walk", n: 2, path: ["s1", "s0"] }).ok && true).toBe(true);
    expect(queryMove(g, b, { mover: "friend", mode: "walk", n: 2, path: ["s1", "s2"] })).toMatchObject({
      ok: true,
      end: "s2",
    });
    const entering = blocked({ foeSection: "s2" });
    expect(queryMove(g, entering, { mover: "foe", mode: "walk", n: 2, path: ["s2", "s1", "s0"] })).toMatchObject({
      ok: true,
      end: "s0",
    });
    // The cheapest path does not try to leave through a Block.
    expect(queryMove(g, b, { mover: "foe", mode: "walk", n: 2, to: "s2" }).ok).toBe(false);
    expect(raiseBlock(g, b, "guard", "b0").ok).toBe(false);
    const far = raiseBlock(g, battleOf(g, [ent("guard", "s0")]), "guard", "b1");
    expect(far.ok ? "" : [far.key, far.clause]).toEqual(["FRAY.Refusal.BlockNotOnOwnBorder", "SEC-42"]);
  });

  it("SEC-43 a Block stays up until the blocker leaves or announces lowering it", () => {
    const b = blocked();
    const low = lowerBlock(b, "guard");
    expect(low.ok && low.state.blocks).toEqual([]);
    expect(lowerBlock(battleOf(g, [ent("guard", "s1")]), "guard").ok).toBe(false);
    const moved = applyMove(g, b, { mover: "guard", mode: "walk", to: "s0" });
    expect(moved.ok && [moved.state.blocks, moved.events.map((e) => e.type)]).toEqual([[], ["moved", "blockLowered"]]);
    const stays = applyMove(g, b, { mover: "friend", mode: "walk", to: "s0" });
    expect(stays.ok && stays.state.blocks.length).toBe(1);
  });

  it("SEC-44 a Block is lowered when the blocker becomes Immobilized or Defenseless", () => {
    for (const c of [{ immobilized: true }, { defenseless: true }]) {
      const r = setConditions(blocked(), "guard", c);
      expect(r.ok && r.state.blocks).toEqual([]);
      if (r.ok) expect(queryMove(g, r.state, { mover: "foe", mode: "walk", n: 1, to: "s2" }).ok).toBe(true);
    }
    const stillUp = setConditions(blocked(), "guard", { immobilized: false });
    expect(stillUp.ok && stillUp.state.blocks.length).toBe(1);
  });

  it("SEC-45 a Block never impedes Phase, Fly or Teleport, nor an enemy the blocker cannot see", () => {
    const b = blocked();
    for (const mode of ["phase", "fly", "teleport"] as const)
      expect(queryMove(g, b, { mover: "foe", mode, n: 1, to: "s2" })).toMatchObject({ ok: true, end: "s2" });
    const dark = blocked({ lighting: "dark" });
    const gd = hallway(3, [], ["lit", "dark", "lit"]);
    expect(queryMove(gd, dark, { mover: "foe", mode: "walk", n: 1, to: "s2" })).toMatchObject({ ok: true, end: "s2" });
  });

  it("SEC-46 a Block at a distance works both ways, on unseen enemies, and survives Immobilized/Defenseless", () => {
    const gd = hallway(3, [], ["dark", "dark", "dark"]);
    const base = battleOf(gd, [ent("mage", "s0"), ent("foe", "s1", "npc"), ent("foe2", "s2", "npc")]);
    const r = raiseDistanceBlock(gd, base, "mage", "b1");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(queryMove(gd, r.state, { mover: "foe", mode: "walk", n: 1, path: ["s1", "s2"] })).toMatchObject({
      ok: true,
      end: "s1",
    });
    expect(queryMove(gd, r.state, { mover: "foe2", mode: "walk", n: 1, path: ["s2", "s1"] })).toMatchObject({
      ok: true,
      end: "s2",
    });
    const down = setConditions(r.state, "mage", { immobilized: true, defenseless: true });
    expect(down.ok && down.state.blocks.length).toBe(1);
    // Ruling: special movement passes unless the option says otherwise.
    expect(queryMove(gd, r.state, { mover: "foe", mode: "fly", n: 1, to: "s2" })).toMatchObject({
      ok: true,
      end: "s2",
    });
    const strict = sectionsOptions({ distanceBlocksStopSpecialMovement: true });
    expect(queryMove(gd, r.state, { mover: "foe", mode: "fly", n: 1, path: ["s1", "s2"] }, strict)).toMatchObject({
      ok: true,
      end: "s1",
    });
    const ended = endDistanceBlock(r.state, "mage", "b1");
    expect(ended.ok && ended.state.blocks).toEqual([]);
  });

  it(
    "SEC-47 a non-Area ranged attack across a border Blocked " + "from its own section offers the blocker an Intercept",
    () => {
      const b = battleOf(g, [ent("archer", "s0", "npc"), ent("guard", "s1"), ent("mage", "s2")]);
      const raised = raiseBlock(g, b, "guard", "b1");
      if (!raised.ok) throw new Error(raised.reason);
      const shot = actionReach(g, raised.state, { attacker: "archer", target: "mage", action: { range: 2 } });
      expect(shot.ok && shot.intercepts).toEqual(["guard"]);
      const area = actionReach(g, raised.state, { attacker: "archer", section: "s2", action: { range: 2, area: {} } });
      expect(area.ok && area.intercepts).toEqual([]);
      const thrown = actionReach(g, raised.state, { attacker: "archer", target: "mage", action: { thrown: 2 } });
      expect(thrown.ok && thrown.intercepts).toEqual(["guard"]);
      const notThrown = actionReach(
        g,
        raised.state,
        { attacker: "archer", target: "mage", action: { thrown: 2 } },
        sectionsOptions({ thrownCountsAsRanged: false }),
      );
      expect(notThrown.ok && notThrown.intercepts).toEqual([]);
    },
  );

  it("SEC-48 a non-Area ranged attack through a border Blocked at a distance misses automatically", () => {
    const b = battleOf(g, [ent("archer", "s0", "npc"), ent("mage", "s2")]);
    const r = raiseDistanceBlock(g, b, "mage", "b0");
    if (!r.ok) throw new Error(r.reason);
    const shot = actionReach(g, r.state, { attacker: "archer", target: "mage", action: { range: 2 } });
    expect(shot.ok && shot.automaticMiss).toBe(true);
    expect(
      actionReach(g, r.state, { attacker: "archer", section: "s2", action: { range: 2, area: {} } }),
    ).toMatchObject({
      automaticMiss: false,
    });
    // Ruling: the blocker's own side misses too unless the option spares it.
    const b2 = battleOf(g, [ent("ally", "s0"), ent("mage", "s2"), ent("foe", "s2", "npc")]);
    const r2 = raiseDistanceBlock(g, b2, "mage", "b0");
    if (!r2.ok) throw new Error(r2.reason);
    expect(actionReach(g, r2.state, { attacker: "ally", target: "foe", action: { range: 2 } })).toMatchObject({
      automaticMiss: true,
    });
    expect(
      actionReach(
        g,
        r2.state,
        { attacker: "ally", target: "foe", action: { range: 2 } },
        sectionsOptions({ distanceBlockSparesAllies: true }),
      ),
    ).toMatchObject({
      automaticMiss: false,
    });
  });

  it("SEC-48 the attacker's route avoids a distance Block when another shortest route exists", () => {
    const diamond = graphOf(
      [sec("a"), sec("l"), sec("r"), sec("z")],
      [soft("al", "a", "l"), soft("ar", "a", "r"), soft("lz", "l", "z"), soft("rz", "r", "z")],
    );
    const b = battleOf(diamond, [ent("archer", "a", "npc"), ent("mage", "z")]);
    const r = raiseDistanceBlock(diamond, b, "mage", "al");
    if (!r.ok) throw new Error(r.reason);
    const shot = actionReach(diamond, r.state, { attacker: "archer", target: "mage", action: { range: 2 } });
    expect(shot.ok && [shot.route, shot.automaticMiss]).toEqual([["a", "r", "z"], false]);
  });
});

describe("sections Blocks recorded by the turn order", () => {
  it("SEC-42 a recorded Block counts only on a border of the section it is held from, and then stops the enemy", () => {
    // hallway(3): s0 -b0- s1 -b1- s2
    const kept = ownBlocksOnMap(g, [
      { blocker: "guard", border: "b1", from: "s1" },
      { blocker: "x", border: "b0", from: "s2" },
      { blocker: "y", border: "gone", from: "s1" },
    ]);
    expect(kept).toEqual([{ blocker: "guard", border: "b1", atDistance: false, from: "s1" }]);
    const b = battleOf(g, [ent("guard", "s1"), ent("foe", "s1", "npc")], kept);
    const answer = queryMove(g, b, { mover: "foe", mode: "walk", n: 2, path: ["s1", "s2"] });
    if (!answer.ok) throw new Error(answer.reason);
    const r = blockedMove(answer.events);
    expect(r && [r.key, r.clause, r.data]).toEqual([
      "FRAY.Refusal.MoveBlocked",
      "SEC-42",
      { border: "b1", blocker: "guard" },
    ]);
    const other = queryMove(g, b, { mover: "foe", mode: "walk", n: 2, path: ["s1", "s0"] });
    expect(other.ok && blockedMove(other.events)).toBeNull();
  });

  it("SEC-45 a recorded Block never stops Fly or Phase", () => {
    const kept = ownBlocksOnMap(g, [{ blocker: "guard", border: "b1", from: "s1" }]);
    const b = battleOf(g, [ent("guard", "s1"), ent("foe", "s1", "npc")], kept);
    for (const mode of ["fly", "phase"] as const) {
      const a = queryMove(g, b, { mover: "foe", mode, n: 2, grant: "granted", path: ["s1", "s2"] });
      expect(a.ok && blockedMove(a.events)).toBeNull();
      expect(a.ok && a.end).toBe("s2");
    }
  });
});
