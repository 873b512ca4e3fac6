import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { factionsAttack } from "../../../../src/core/attack/factions/index.js";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import { fighter, setup } from "./fixtures.js";

function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object") {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

describe("factions pipeline walks", () => {
  it(
    "FAC-16 property: every command legal() offers is accepted, states stay JSON and frozen inputs " +
      "untouched, and the walk ends",
    () => {
      fc.assert(
        fc.property(
          fc.integer(),
          fc.integer({ min: 0, max: 1000 }),
          fc.boolean(),
          fc.constantFrom<"melee" | "meleeBlast" | "rangedBlast">("melee", "meleeBlast", "rangedBlast"),
          fc.constantFrom<"damage" | "disarm" | "grapple">("damage", "disarm", "grapple"),
          (seed, pick, wit, mode, effect) => {
            const s = deepFreeze(
              setup({
                mode,
                effect: mode === "melee" ? effect : "damage",
                gmCallsWitSave: wit,
                targets:
                  mode === "melee" ? [fighter("b1", { health: 3 })] : [fighter("b1", { health: 3 }), fighter("b2")],
                bystanders: [fighter("b3"), fighter("p2")],
                neighbours: [{ zone: "n", targets: [fighter("b4")] }],
              }),
            );
            const roller = seededRoller(seed);
            let o = factionsAttack.start(s, roller);
            let n = pick;
            for (let i = 0; i < 30 && o.ok && o.state.step !== "done"; i++) {
              const options = factionsAttack.legal(o.state);
              expect(options.length).toBeGreaterThan(0);
              const c = options[n % options.length]!;
              n = Math.floor(n / 2) + 7;
              const next = factionsAttack.apply(o.state, c, roller);
              if (!next.ok) throw new Error(`${JSON.stringify(c)} refused: ${next.reason}`);
              expect(JSON.parse(JSON.stringify(next.state))).toEqual(next.state);
              o = next;
            }
            expect(o.ok && o.state.step).toBe("done");
          },
        ),
      );
    },
  );
});
