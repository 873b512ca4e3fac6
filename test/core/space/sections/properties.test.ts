import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyMove,
  checkBattle,
  compileMap,
  distance,
  queryMove,
  type BorderDef,
  type SectionDef,
  type SectionMap,
  type SectionsBattle,
} from "../../../../src/core/space/sections/index.js";
import { battleOf, ent } from "./fixtures.js";

const lightingArb = fc.constantFrom("lit" as const, "shadowy" as const, "dark" as const);

/** Random valid maps: 2..10 sections, borders between random distinct pairs. */
const mapArb: fc.Arbitrary<SectionMap> = fc.integer({ min: 2, max: 10 }).chain((n) =>
  fc
    .tuple(
      fc.array(fc.record({ lighting: lightingArb, water: fc.boolean() }), { minLength: n, maxLength: n }),
      fc.array(
        fc.record({
          a: fc.integer({ min: 0, max: n - 1 }),
          d: fc.integer({ min: 1, max: n - 1 }),
          hard: fc.boolean(),
          height: fc.integer({ min: -3, max: 3 }),
        }),
        { maxLength: 3 * n },
      ),
    )
    .map(([secs, bs]) => ({
      sections: secs.map((s, i): SectionDef => ({ id: `s${i}`, lighting: s.lighting, water: s.water })),
      borders: bs.map((b, i): BorderDef => ({
        id: `b${i}`,
        a: `s${b.a}`,
        b: `s${(b.a + b.d) % n}`,
        kind: b.hard ? "hard" : "soft",
        height: b.height,
      })),
    })),
);

function compiled(map: SectionMap) {
  const r = compileMap(map);
  if (!r.ok) throw new Error(r.reason);
  return r.graph;
}

describe("sections properties", () => {
  it("SEC-25 distance is symmetric (borders are crossable both ways)", () => {
    fc.assert(
      fc.property(mapArb, fc.nat(), fc.nat(), (map, i, j) => {
        const g = compiled(map);
        const a = `s${i % map.sections.length}`;
        const b = `s${j % map.sections.length}`;
        expect(distance(g, a, b)).toBe(distance(g, b, a));
      }),
    );
  });

  it("SEC-25 distance obeys the triangle inequality", () => {
    fc.assert(
      fc.property(mapArb, fc.nat(), fc.nat(), fc.nat(), (map, i, j, k) => {
        const g = compiled(map);
        const n = map.sections.length;
        const [a, b, c] = [`s${i % n}`, `s${j % n}`, `s${k % n}`];
        const ab = distance(g, a, b);
        const bc = distance(g, b, c);
        const ac = distance(g, a, c);
        if (ab !== null && bc !== null) {
          expect(ac).not.toBeNull();
          expect(ac!).toBeLessThanOrEqual(ab + bc);
        }
      }),
    );
  });

  it("SEC-03 the cheapest path is never beaten by a random legal path", () => {
    fc.assert(
      fc.property(
        mapArb,
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom("walk" as const, "phase" as const, "fly" as const),
        fc.boolean(),
        (map, choices, n, mode, aquatic) => {
          const g = compiled(map);
          const battle = battleOf(g, [ent("m", "s0", "pc", { aquatic })]);
          const path = ["s0"];
          let at = 0;
          for (const c of choices) {
            const edges = g.adjacency[at]!;
            if (edges.length === 0) break;
            at = edges[c % edges.length]!.to;
            path.push(g.sections[at]!.id);
          }
          const walked = queryMove(g, battle, { mover: "m", mode, n, path, height: 1 });
          if (!walked.ok || walked.end !== path[path.length - 1]) return;
          const best = queryMove(g, battle, { mover: "m", mode, n, to: walked.end, height: 1 });
          expect(best.ok).toBe(true);
          if (best.ok) expect(best.spent).toBeLessThanOrEqual(walked.spent);
        },
      ),
    );
  });

  it("SEC-03 a move never changes the battle it is given, and a refused move yields no state", () => {
    fc.assert(
      fc.property(
        mapArb,
        fc.nat(),
        fc.integer({ min: -1, max: 5 }),
        fc.constantFrom("walk", "swim", "climb", "phase", "fly", "teleport", "push", "fall", "crawl"),
        (map, t, n, mode) => {
          const g = compiled(map);
          const battle: SectionsBattle = battleOf(g, [ent("m", "s0"), ent("foe", "s1", "npc")], []);
          const before = JSON.stringify(battle);
          const to = `s${t % map.sections.length}`;
          const r = applyMove(g, battle, { mover: "m", mode: mode, n, to });
          expect(JSON.stringify(battle)).toBe(before);
          if (!r.ok) {
            expect(r.key.startsWith("FRAY.Refusal.")).toBe(true);
            expect("state" in r).toBe(false);
          } else expect(checkBattle(g, r.state).ok).toBe(true);
        },
      ),
    );
  });

  it("SEC-09 Teleport never depends on what lies between: walls, water, lighting, Blocks and enemies", () => {
    fc.assert(
      fc.property(mapArb, fc.nat(), fc.integer({ min: 0, max: 6 }), fc.boolean(), (map, t, n, soft) => {
        const dest = `s${t % map.sections.length}`;
        const g1 = compiled(map);
        const b1 = battleOf(g1, [ent("m", "s0")]);
        const between = (id: string) => id !== "s0" && id !== dest;
        const changed: SectionMap = {
          sections: map.sections.map((s) => (between(s.id) ? { ...s, lighting: "dark", water: !s.water } : s)),
          borders: map.borders.map((b) => ({ ...b, kind: soft ? "soft" : "hard" })),
        };
        const g2 = compiled(changed);
        const foes = map.sections.filter((s) => between(s.id)).map((s, i) => ent(`foe${i}`, s.id, "npc"));
        const b2 = battleOf(
          g2,
          [ent("m", "s0"), ...foes],
          map.borders.map((b) => ({ blocker: foes[0]?.id ?? "m", border: b.id, atDistance: true })),
        );
        const q = { mover: "m", mode: "teleport", n, to: dest } as const;
        expect(queryMove(g2, b2, q)).toEqual(queryMove(g1, b1, q));
      }),
    );
  });

  it("SEC-01 bad maps are refused, never thrown", () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const r = compileMap(input);
        if (!r.ok) expect(r.key.startsWith("FRAY.Refusal.")).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        mapArb,
        fc.nat(),
        fc.constantFrom("dropSection", "dupSection", "dupBorder", "selfBorder", "badHeight"),
        (map, k, how) => {
          const sections = [...map.sections];
          const borders = [...map.borders];
          if (how === "dropSection") sections.splice(k % sections.length, 1);
          if (how === "dupSection") sections.push(sections[k % sections.length]!);
          if (how === "dupBorder")
            borders.push(borders[k % Math.max(1, borders.length)] ?? { id: "x", a: "s0", b: "s0", kind: "soft" });
          if (how === "selfBorder") borders.push({ id: "self", a: "s0", b: "s0", kind: "soft" });
          if (how === "badHeight") borders.push({ id: "odd", a: "s0", b: "s1", kind: "soft", height: 0.5 });
          const r = compileMap({ sections, borders });
          if (how !== "dropSection") expect(r.ok).toBe(false);
          if (!r.ok) expect(r.key.startsWith("FRAY.Refusal.")).toBe(true);
        },
      ),
    );
  });
});
