import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { simulate, type SimInput } from "../../../src/core/sim/index.js";

// Every refusal key the simulator can produce has an English string, with only placeholders its data fills.
const root = join(import.meta.dirname, "../../..");
const fragments = readdirSync(join(root, "lang/fragments")).filter((f) => f.endsWith(".json"));
const all: Record<string, string> = Object.assign({}, ...fragments.map((f) => JSON.parse(readFileSync(join(root, "lang/fragments", f), "utf8")) as Record<string, string>));
const mine = JSON.parse(readFileSync(join(root, "lang/fragments/sim.json"), "utf8")) as Record<string, string>;
const sources = readdirSync(join(root, "src/core/sim")).map((f) => readFileSync(join(root, "src/core/sim", f), "utf8"));

describe("simulator localisation", () => {
  it("has a string for every refusal key, the simulator's own in lang/fragments/sim.json", () => {
    const keys = new Set<string>();
    for (const src of sources) for (const m of src.matchAll(/refuse\(\s*"([A-Za-z]+)"/g)) keys.add(`FRAY.Refusal.${m[1]}`);
    expect(keys.size).toBeGreaterThan(10);
    expect([...keys].filter((k) => !(k in all))).toEqual([]);
    expect([...keys].filter((k) => k.startsWith("FRAY.Refusal.Sim") && !(k in mine))).toEqual([]);
    for (const k of Object.keys(mine)) expect(k.startsWith("FRAY.Refusal.Sim")).toBe(true);
  });

  it("fills every placeholder of the strings it refuses with", () => {
    const inputs: unknown[] = [
      null,
      { ruleset: "chess", seed: 1, fights: 1 },
      { ruleset: "teams", seed: -1, fights: 1 },
      { ruleset: "teams", seed: 1, fights: 0 },
      { ruleset: "teams", seed: 1, fights: 1, roundCap: 0 },
      { ruleset: "teams", seed: 1, fights: 1, tactics: { target: "x" } },
      { ruleset: "teams", seed: 1, fights: 1, parties: { a: { name: "x", members: [] }, b: { name: "y", members: [] } } },
      { ruleset: "teams", seed: 1, fights: 1, parties: { a: { name: "x", members: [{ id: "q" }] }, b: { name: "y", members: [{ id: "q" }] } } },
    ];
    for (const input of inputs) {
      const r = simulate(input as SimInput);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      const text = all[r.key];
      expect(text, r.key).toBeDefined();
      for (const m of (text ?? "").matchAll(/\{(\w+)\}/g)) expect(r.data?.[m[1] as string], `${r.key} {${m[1] as string}}`).toBeDefined();
    }
  });
});
