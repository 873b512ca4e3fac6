// Issue 27, "one shape for every turn order": each folder holds the same rooms under the same names, and its engine is
// built by the one function, from the same parts in the same order. A reader who has read one turn order has read the
// skeleton of them all; what differs is the rules.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as factions from "../../../src/core/turn-order/factions/index.js";
import * as ranked from "../../../src/core/turn-order/ranked/index.js";
import * as rolled from "../../../src/core/turn-order/rolled/index.js";
import * as sections from "../../../src/core/turn-order/sections/index.js";
import * as teams from "../../../src/core/turn-order/teams/index.js";

const ORDERS = ["ranked", "rolled", "teams", "factions", "sections"] as const;
const ENGINES = {
  ranked: ranked.rankedEngine,
  rolled: rolled.rolledEngine,
  teams: teams.teamsEngine,
  factions: factions.factionsEngine,
  sections: sections.sectionsEngine,
};
const DEFAULTS = {
  ranked: ranked.DEFAULT_RANKED_OPTIONS,
  rolled: rolled.DEFAULT_ROLLED_OPTIONS,
  teams: teams.DEFAULT_TEAMS_OPTIONS,
  factions: factions.DEFAULT_FACTIONS_OPTIONS,
  sections: sections.DEFAULT_SECTIONS_OPTIONS,
};

/** The rooms every turn order has, and what each exports under the same name. */
const ROOMS: Readonly<Record<string, readonly string[]>> = {
  "types.ts": [],
  "options.ts": ["DEFAULT_{X}_OPTIONS", "{X}_OPTIONS", "readOptions"],
  "state-schema.ts": ["{X}_STATE"],
  "start.ts": ["start"],
  "engine.ts": ["{x}Engine"],
  "legal.ts": ["legal"],
  "view.ts": ["view", "held"],
  "copies.ts": [],
  "index.ts": [],
  commands: [],
};

const source = (order: string, file: string) => readFileSync(`src/core/turn-order/${order}/${file}`, "utf8");
const named = (pattern: string, order: string) => pattern.replace("{X}", order.toUpperCase()).replace("{x}", order);

describe("one shape for every turn order", () => {
  it.each(ORDERS)("%s has the same rooms, each exporting the same names", (order) => {
    for (const [room, names] of Object.entries(ROOMS)) {
      expect(existsSync(`src/core/turn-order/${order}/${room}`), `${order}/${room}`).toBe(true);
      for (const name of names.map((n) => named(n, order)))
        expect(source(order, room), `${order}/${room} exports ${name}`).toMatch(
          new RegExp(`export (const|function) ${name}\\b`),
        );
    }
  });

  it.each(ORDERS)("%s builds its engine with turnOrderEngine, from its parts in the one order", (order) => {
    const text = source(order, "engine.ts");
    // The members are the lines at the indent of the first one; prettier may wrap the call onto its own line.
    const body = text.slice(text.search(/turnOrderEngine\(\{/));
    const indent = /\n( +)\w/.exec(body)?.[1] ?? "  ";
    const parts = [...body.matchAll(new RegExp(`^${indent}(\\w+)[:,]`, "gm"))].map((m) => m[1]);
    expect(text).toMatch(new RegExp(`export const ${order}Engine: TurnOrderEngine<.*> =\\s*turnOrderEngine\\(\\{`));
    expect(parts.slice(0, 9)).toEqual(["id", "words", "schema", "start", "ended", "commands", "legal", "view", "held"]);
  });

  it.each(ORDERS)("%s's engine object has the one set of members, and its defaults are what start reads", (order) => {
    const engine = ENGINES[order];
    expect(Object.keys(engine).sort()).toEqual(["apply", "held", "id", "isState", "legal", "start", "view"]);
    expect(engine.id).toBe(order);
    expect(DEFAULTS[order]).toBeTypeOf("object");
  });
});
