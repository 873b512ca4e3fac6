import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { record } from "../../../src/core/shared/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import { render } from "../../fakes/handlebars-env.js";
import { items, menus, open, type J } from "./menus.js";
import { contextFor, gm } from "./two-sides.js";

// The ⋯ menu of a row, in the rule set's words (menu-words.ts), not in the engine's commands.

/** Play the first legal command of one of `types` (and matching `fields`), as a click on its control would. */
function play(modeId: string, j: J, type: string, fields: Record<string, unknown> = {}): J {
  const mode = COMBAT_MODES[modeId]!;
  const c = mode.engine
    .legal(j.state)
    .find((l) => l.type === type && Object.entries(fields).every(([k, v]) => (l as Record<string, unknown>)[k] === v));
  if (!c) throw new Error(`${modeId}: no legal ${type}`);
  const r = record(mode.engine, j, c);
  if (!r.ok) throw new Error(r.reason);
  return r.state;
}

/** The acting combatant's menu, as the GM sees it. */
function actingMenu(modeId: string, j: J): string[] {
  const ctx = contextFor(modeId, j, gm);
  const acting = ctx.groups.flatMap((g) => g.rows).find((r) => r.acting);
  if (!acting) throw new Error(`${modeId}: nobody acts`);
  return items(menus(render("templates/combat/tracker.hbs", ctx)).get(acting.id) ?? "");
}

describe("menu items in the rule set's words", () => {
  it("SEC-42 SEC-61 sections: the Phases read as what is played, not as what is spent", () => {
    let j = play("sections", open("sections"), "act");
    j = play("sections", j, "draw");
    expect(actingMenu("sections", j)).toEqual(
      expect.arrayContaining(["Play a Strategy card", "Block a border", "Innate Move"]),
    );
    j = play("sections", j, "spend", { phase: "strategy", action: "strategy" });
    expect(actingMenu("sections", j)).toEqual(expect.arrayContaining(["Play an Action card", "Incant"]));
  });

  it("ESC-06 ESC-07 ESC-08 ESC-11 escalation: each use names the action it is paid with", () => {
    const j = play("ranked", open("ranked"), "act");
    const menu = actingMenu("ranked", j);
    expect(menu).toEqual(
      expect.arrayContaining(["Attack (AA)", "Move (MA)", "Disengage (2 BA)", "Draw or sheathe a weapon (BA)"]),
    );
    expect(menu).toContain("Boost: +1 to hit (BA)");
  });

  it("TEAM-18 TEAM-36 teams: an action is named as the rules name it, a reaction says it is one", () => {
    const j = play("teams", open("teams"), "act");
    const menu = actingMenu("teams", j);
    expect(menu).toEqual(expect.arrayContaining(["Attack", "Brandish", "Ready an Action", "Seek Cover"]));
    const others = items(menus(render("templates/combat/tracker.hbs", contextFor("teams", j, gm))).get("b1") ?? "");
    expect(others).toContain("Dodge (reaction)");
  });

  it("STR-10 STR-12 strain: the turn's Move, Action and Stance steps", () => {
    let j = play("rolled", open("rolled"), "act");
    for (let i = 0; i < 12 && COMBAT_MODES.rolled!.engine.view(j.state).phase !== "main"; i++)
      j = play("rolled", j, COMBAT_MODES.rolled!.engine.view(j.state).acting ? "endTurn" : "act");
    j = play("rolled", j, "act");
    expect(actingMenu("rolled", j)).toEqual(
      expect.arrayContaining(["Move 1 square", "Take the Action", "Take a Stance"]),
    );
  });

  for (const modeId of Object.keys(COMBAT_MODES)) {
    it(`${modeId}: in random reachable states, no menu item reads like an engine command`, () => {
      const mode = COMBAT_MODES[modeId]!;
      fc.assert(
        fc.property(fc.array(fc.nat(), { maxLength: 40 }), fc.integer({ min: 1, max: 1e6 }), (picks, seed) => {
          let j = open(modeId, seed);
          for (const pick of picks) {
            // Mostly the turn's own steps, now and then a GM's: a walk of removals would end the fight at once.
            const all = mode.engine.legal(j.state);
            const steps = all.filter(
              (c) => !["remove", "setAble", "declareEnd", "endCombat", "surrender"].includes(c.type),
            );
            const legal = pick % 5 === 0 || steps.length === 0 ? all : steps;
            const next = legal.length ? record(mode.engine, j, legal[Math.floor(pick / 5) % legal.length]!) : null;
            if (next?.ok) j = next.state;
          }
          for (const [id, menu] of menus(render("templates/combat/tracker.hbs", contextFor(modeId, j, gm))))
            for (const item of items(menu)) {
              expect(item, `${modeId} ${id}`).not.toMatch(
                /^(Spend:|React:|Move \((innate|granted)|Set loads:)|·|undefined|\[object|\b[a-z]+[A-Z]\w*\b|^\w+:\s*$/,
              );
              expect(item, `${modeId} ${id}`).not.toMatch(/\b(true|false|null)\b|FRAY\./);
            }
        }),
        { numRuns: 40, seed: 29 },
      );
    });
  }
});
