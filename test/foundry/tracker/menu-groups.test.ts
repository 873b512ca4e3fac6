import { describe, expect, it } from "vitest";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import { render } from "../../fakes/handlebars-env.js";
import { items, menus, open } from "./menus.js";
import { contextFor, gm } from "./two-sides.js";

// The ⋯ menu of a row keeps the steps that take a combatant out of the action apart from the turn's routine steps.

describe("steps that take a combatant out of the action are set apart, last", () => {
  for (const modeId of Object.keys(COMBAT_MODES)) {
    it(`${modeId}: Make unable to act and Remove from the fight sit in a group of their own after a separator`, () => {
      const j = open(modeId);
      const html = render("templates/combat/tracker.hbs", contextFor(modeId, j, gm));
      for (const [id, menu] of menus(html)) {
        const at = menu.indexOf('role="separator"');
        const drastic = /<div role="group" class="fray-menu-drastic"[^>]*>([\s\S]*)$/.exec(menu);
        expect(drastic, `${modeId} ${id}`).not.toBeNull();
        const apart = items(drastic![1]!);
        expect(drastic![1], `${modeId} ${id}`).toContain("Out of the action");
        expect(apart, `${modeId} ${id}`).toEqual(expect.arrayContaining(["Remove from the fight"]));
        // Nothing routine among them, and none of them among the routine steps before the separator.
        for (const item of apart) expect(item).toMatch(/^(Remove from the fight|Make unable to act|Surrender)/);
        const routine = items(at >= 0 ? menu.slice(0, at) : "");
        expect(
          routine.filter((i) => /^(Remove from the fight|Make unable to act)/.test(i)),
          `${modeId} ${id}`,
        ).toEqual([]);
        if (routine.length) expect(at, `${modeId} ${id}`).toBeLessThan(menu.indexOf("fray-menu-drastic"));
        // Every item is a plain button: reached with Tab like the rest of the menu.
        expect(menu).not.toMatch(/tabindex="-1"|disabled/);
      }
    });
  }
});
