import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { sectionsAttack } from "../../../../src/core/attack/sections/index.js";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { entity, MELEE, SEEN, SHOT } from "./fixtures.js";

describe("sections pipeline walks", () => {
  it("SEC-47 property: every command legal() offers is accepted, the state stays JSON, the walk ends", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 1000 }), fc.boolean(), (seed, pick, ranged) => {
        const roller = seededRoller(seed);
        let o = sectionsAttack.start(
          {
            attacker: entity("a", { hitDie: 12 }),
            target: entity("t", { missDie: 4 }),
            sight: SEEN,
            delivery: ranged ? SHOT : MELEE,
            crossesDistanceBlock: false,
            interceptors: [entity("g"), entity("h", { interrupts: 0 }), entity("a"), entity("t")],
            targetUnderwater: false,
            reachesUnderwater: false,
          },
          roller,
        );
        for (let i = 0; i < 10 && o.ok && o.state.step !== "done"; i++) {
          const options = sectionsAttack.legal(o.state);
          expect(options.length).toBeGreaterThan(0);
          const next = sectionsAttack.apply(o.state, options[(pick + i) % options.length]!, roller);
          if (!next.ok) throw new Error(next.reason);
          expect(JSON.parse(JSON.stringify(next.state))).toEqual(next.state);
          o = next;
        }
        expect(o.ok && o.state.step).toBe("done");
      }),
    );
  });
});
