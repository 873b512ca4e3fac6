import { describe, expect, it } from "vitest";
import { isTrusted, trust } from "../../../src/core/shared/trusted.js";

describe("trusted states (shared/trusted.ts)", () => {
  it("marks the object itself and hands it back", () => {
    const s = { round: 1 };
    expect(trust(s, "sections")).toBe(s);
    expect(isTrusted(s, "sections")).toBe(true);
  });

  it("trusts a state only for the engine that made it", () => {
    const s = trust({ round: 1 }, "teams");
    expect(isTrusted(s, "teams")).toBe(true);
    expect(isTrusted(s, "factions")).toBe(false);
  });

  it("never trusts a copy: from JSON, from a spread, or a look-alike", () => {
    const s = trust({ round: 1, members: { a: { id: "a" } } }, "teams");
    expect(isTrusted(JSON.parse(JSON.stringify(s)), "teams")).toBe(false);
    expect(isTrusted({ ...s }, "teams")).toBe(false);
    expect(isTrusted({ round: 1, members: { a: { id: "a" } } }, "teams")).toBe(false);
  });

  it("never trusts what is not an object, and marks nothing there", () => {
    for (const x of [null, undefined, 0, 1, "", "teams", true]) {
      expect(trust(x, "teams")).toBe(x);
      expect(isTrusted(x, "teams")).toBe(false);
    }
  });
});
