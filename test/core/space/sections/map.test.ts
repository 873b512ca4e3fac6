import { describe, expect, it } from "vitest";
import { checkBattle, compileMap, signedHeight } from "../../../../src/core/space/sections/index.js";
import { battleOf, ent, graphOf, hallway, hard, sec, soft } from "./fixtures.js";

describe("sections map", () => {
  it("SEC-01 a map of sections and soft/hard borders compiles with adjacency both ways", () => {
    const g = graphOf([sec("a"), sec("b"), sec("c")], [soft("ab", "a", "b"), hard("bc", "b", "c", 2)]);
    expect(g.adjacency[g.sectionIndex.get("a")!]!.map((e) => e.to)).toEqual([g.sectionIndex.get("b")]);
    const fromB = g.adjacency[g.sectionIndex.get("b")!]!;
    expect(fromB.map((e) => [g.sections[e.to]!.id, e.hard])).toEqual([
      ["a", false],
      ["c", true],
    ]);
  });

  it("SEC-01 bad maps are refused with a specific key, never thrown", () => {
    const cases: [unknown, string][] = [
      [null, "FRAY.Refusal.MalformedMap"],
      [{ sections: [] }, "FRAY.Refusal.MalformedMap"],
      [{ sections: [sec("a"), sec("a")], borders: [] }, "FRAY.Refusal.DuplicateSectionId"],
      [
        { sections: [sec("a"), sec("b")], borders: [soft("x", "a", "b"), soft("x", "b", "a")] },
        "FRAY.Refusal.DuplicateBorderId",
      ],
      [{ sections: [sec("a")], borders: [soft("x", "a", "zzz")] }, "FRAY.Refusal.UnknownSection"],
      [{ sections: [sec("a")], borders: [soft("x", "a", "a")] }, "FRAY.Refusal.BorderToItself"],
      [{ sections: [{ id: "a", lighting: "dim" }], borders: [] }, "FRAY.Refusal.InvalidLighting"],
      [
        { sections: [sec("a"), sec("b")], borders: [{ id: "x", a: "a", b: "b", kind: "door" }] },
        "FRAY.Refusal.InvalidBorderKind",
      ],
      [
        { sections: [sec("a"), sec("b")], borders: [{ id: "x", a: "a", b: "b", kind: "soft", height: 1.5 }] },
        "FRAY.Refusal.InvalidHeight",
      ],
      [
        { sections: [{ id: "a", lighting: "lit", geometry: { x: 0, y: 0, w: -1, h: 1 } }], borders: [] },
        "FRAY.Refusal.InvalidGeometry",
      ],
      [{ sections: [42], borders: [] }, "FRAY.Refusal.MalformedMap"],
    ];
    for (const [input, key] of cases) {
      const r = compileMap(input);
      expect(r.ok, key).toBe(false);
      if (!r.ok) expect(r.key).toBe(key);
    }
  });

  it("SEC-02 every entity occupies exactly one known section; an entity off the map is refused", () => {
    const g = hallway(2);
    expect(checkBattle(g, battleOf(g, [ent("x", "s0")])).ok).toBe(true);
    const r = checkBattle(g, battleOf(g, [ent("x", "nowhere")]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.key, r.clause]).toEqual(["FRAY.Refusal.EntityInUnknownSection", "SEC-02"]);
  });

  it("SEC-11 a border's Height is signed by direction of travel", () => {
    const g = hallway(2, [3]);
    const b = g.borders[0]!;
    expect(signedHeight(b, "s0")).toBe(3);
    expect(signedHeight(b, "s1")).toBe(-3);
    expect(g.adjacency[0]![0]!.height).toBe(3);
    expect(g.adjacency[1]![0]!.height).toBe(-3);
  });

  it("SEC-42 battle states with impossible Blocks are refused, not thrown", () => {
    const g = hallway(3);
    const two = checkBattle(
      g,
      battleOf(
        g,
        [ent("x", "s1")],
        [
          { blocker: "x", border: "b0", atDistance: false, from: "s1" },
          { blocker: "x", border: "b1", atDistance: false, from: "s1" },
        ],
      ),
    );
    expect(two.ok ? "" : two.key).toBe("FRAY.Refusal.AlreadyBlocking");
    const far = checkBattle(
      g,
      battleOf(g, [ent("x", "s0")], [{ blocker: "x", border: "b1", atDistance: false, from: "s0" }]),
    );
    expect(far.ok ? "" : far.key).toBe("FRAY.Refusal.BlockNotOnOwnBorder");
    const ghost = checkBattle(g, battleOf(g, [ent("x", "s0")], [{ blocker: "y", border: "b0", atDistance: true }]));
    expect(ghost.ok ? "" : ghost.key).toBe("FRAY.Refusal.UnknownEntity");
    const nob = checkBattle(g, battleOf(g, [ent("x", "s0")], [{ blocker: "x", border: "zz", atDistance: true }]));
    expect(nob.ok ? "" : nob.key).toBe("FRAY.Refusal.UnknownBorder");
    expect(checkBattle(g, "nonsense").ok).toBe(false);
  });
});
