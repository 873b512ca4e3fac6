import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Every refusal and banner key the two engines can produce has an English text.
describe("teams and factions localisation", () => {
  it("lists every refusal and banner key of the teams and factions engines", () => {
    const lang = JSON.parse(readFileSync("lang/fragments/teams-factions.json", "utf8")) as Record<string, string>;
    const files = ["teams/engine.ts", "teams/view.ts", "factions/engine.ts", "factions/view.ts"].map((f) => readFileSync(`src/core/turn-order/${f}`, "utf8"));
    const keys = new Set<string>();
    for (const src of files) {
      for (const m of src.matchAll(/refuse\("([A-Za-z]+)"/g)) keys.add(`FRAY.Refusal.${m[1]}`);
      for (const m of src.matchAll(/"(FRAY\.Banner\.[A-Za-z]+)"/g)) keys.add(m[1] as string);
    }
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((k) => !(k in lang))).toEqual([]);
  });
});
