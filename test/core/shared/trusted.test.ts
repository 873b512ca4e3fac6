import { describe, expect, it } from "vitest";
import { trustedStates } from "../../../src/core/shared/trusted.js";

describe("trusted states (shared/trusted.ts)", () => {
  it("marks the object itself and hands it back", () => {
    const own = trustedStates();
    const s = { round: 1 };
    expect(own.mark(s)).toBe(s);
    expect(own.has(s)).toBe(true);
  });

  it("trusts a state only for the engine whose marks it carries", () => {
    const teams = trustedStates();
    const factions = trustedStates();
    const s = teams.mark({ round: 1 });
    expect(teams.has(s)).toBe(true);
    expect(factions.has(s)).toBe(false);
  });

  it("never trusts a copy: from JSON, from a spread, or a look-alike", () => {
    const own = trustedStates();
    const s = own.mark({ round: 1, members: { a: { id: "a" } } });
    expect(own.has(JSON.parse(JSON.stringify(s)))).toBe(false);
    expect(own.has({ ...s })).toBe(false);
    expect(own.has({ round: 1, members: { a: { id: "a" } } })).toBe(false);
  });

  it("never trusts what is not an object, and marks nothing there", () => {
    const own = trustedStates();
    for (const x of [null, undefined, 0, 1, "", "teams", true]) {
      expect(own.mark(x)).toBe(x);
      expect(own.has(x)).toBe(false);
    }
  });

  it("forgets the oldest states as new ones are marked (they are then checked again); marking again makes a state newest", () => {
    const own = trustedStates();
    const states = Array.from({ length: 6 }, (_, round) => ({ round }));
    for (const s of states.slice(0, 4)) own.mark(s);
    expect(states.slice(0, 4).every((s) => own.has(s))).toBe(true);
    own.mark(states[0]);
    own.mark(states[4]);
    own.mark(states[5]);
    expect(states.map((s) => own.has(s))).toEqual([true, false, false, true, true, true]);
  });
});
