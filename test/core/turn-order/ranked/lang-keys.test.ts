import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Every refusal and banner key the ranked and rolled engines can produce has an English string.
const root = join(import.meta.dirname, "../../../..");
const lang = JSON.parse(readFileSync(join(root, "lang/fragments/ranked-rolled.json"), "utf8")) as Record<string, string>;
const sources = [
  ...readdirSync(join(root, "src/core/turn-order/ranked")).map((f) => join(root, "src/core/turn-order/ranked", f)),
  ...readdirSync(join(root, "src/core/turn-order/rolled")).map((f) => join(root, "src/core/turn-order/rolled", f)),
  join(root, "src/core/economy/escalation.ts"),
  join(root, "src/core/economy/strain.ts"),
].map((f) => readFileSync(f, "utf8"));

describe("ranked and rolled localisation", () => {
  it("has a string for every refusal and banner key", () => {
    const keys = new Set<string>();
    for (const src of sources) {
      for (const m of src.matchAll(/refuse\(\s*(?:\w+ \? )?"([A-Za-z]+)"(?: : "([A-Za-z]+)")?/g)) {
        keys.add(`FRAY.Refusal.${m[1]}`);
        if (m[2]) keys.add(`FRAY.Refusal.${m[2]}`);
      }
      for (const m of src.matchAll(/"(FRAY\.Banner\.[A-Za-z]+)"/g)) keys.add(m[1] as string);
    }
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((k) => !(k in lang))).toEqual([]);
  });
});
