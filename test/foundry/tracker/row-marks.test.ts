import { describe, expect, it } from "vitest";
import { openJournal, record, type Journal } from "../../../src/core/shared/journal.js";
import type { RankedState } from "../../../src/core/turn-order/ranked/types.js";
import type { RolledState } from "../../../src/core/turn-order/rolled/types.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { render } from "../../fakes/handlebars-env.js";
import { alice, contextFor, gm, roster } from "./two-sides.js";

// What a GM looks for on each row: which side it is on, and the number the order ranks it by.

function opened(modeId: string, moves = 0): Journal<unknown, unknown, TurnCommand> {
  const mode = COMBAT_MODES[modeId]!;
  const j = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b"] }), 11);
  if (!j.ok) throw new Error(j.reason);
  let journal = j.state;
  for (let i = 0; i < moves; i++) {
    const next = mode.engine
      .legal(journal.state)
      .find((c) => c.type === "act" || c.type === "endTurn" || c.type === "chooseFirst");
    const r = next ? record(mode.engine, journal, next) : null;
    if (r?.ok) journal = r.state;
  }
  return journal;
}

/** Each row's HTML, by combatant id. */
function rows(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<li class="fray-combatant[^"]*" data-combatant-id="([^"]+)"[\s\S]*?<\/li>/g))
    out.set(m[1]!, m[0]);
  return out;
}

/** A row's text as a screen reader reads it: tags dropped, entities left as they are. */
const text = (html: string): string => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("a side marker on every row", () => {
  for (const modeId of Object.keys(COMBAT_MODES)) {
    it(`${modeId}: every row names its side in text, for the GM and for a player`, () => {
      for (const user of [gm, alice]) {
        const html = render("templates/combat/tracker.hbs", contextFor(modeId, opened(modeId, 2), user));
        const found = rows(html);
        expect(found.size, `${modeId} ${user.id}`).toBe(roster.length);
        for (const r of roster) {
          const label = r.side === "a" ? "Side A" : "Side B";
          expect(text(found.get(r.id)!), `${modeId} ${user.id} ${r.id}`).toContain(label);
          // Its colour says the same, never alone: the row carries its side's tone.
          expect(found.get(r.id)!, `${modeId} ${r.id}`).toMatch(/data-side-tone="[a-z0-9-]+"/);
        }
      }
    });
  }

  it("the two sides of a fight have different tones", () => {
    const ctx = contextFor("rolled", opened("rolled"), gm);
    const tones = new Set(ctx.groups.flatMap((g) => g.rows.map((r) => `${r.side}:${r.sideMark.tone}`)));
    expect(tones.size).toBe(2);
    expect(new Set([...tones].map((t) => t.split(":")[1])).size).toBe(2);
  });
});

describe("the number the order ranks by, on every row", () => {
  it("STR-02 rolled: each row shows its 2d6 + Initiative total, as the turn order rolled it", () => {
    const journal = opened("rolled");
    const state = journal.state as RolledState;
    const found = rows(render("templates/combat/tracker.hbs", contextFor("rolled", journal, gm)));
    for (const c of state.combatants) expect(text(found.get(c.id)!)).toContain(`Initiative ${c.initiative.total}`);
  });

  it("ESC-01 ranked: each row shows the Agility it ranks by", () => {
    const journal = opened("ranked");
    const state = journal.state as RankedState;
    const found = rows(render("templates/combat/tracker.hbs", contextFor("ranked", journal, gm)));
    for (const c of state.combatants) expect(text(found.get(c.id)!)).toContain(`Agility ${c.agility}`);
  });

  it("a player sees the number on the rows they own, not an enemy's", () => {
    for (const modeId of ["rolled", "ranked"]) {
      const found = rows(render("templates/combat/tracker.hbs", contextFor(modeId, opened(modeId), alice)));
      expect(found.get("a1"), modeId).toMatch(/class="fray-rank"/);
      expect(found.get("b1"), modeId).not.toMatch(/class="fray-rank"/);
    }
  });

  it("turn orders that rank nobody by a number show none", () => {
    for (const modeId of ["teams", "factions", "sections"]) {
      const html = render("templates/combat/tracker.hbs", contextFor(modeId, opened(modeId), gm));
      expect(html, modeId).not.toMatch(/class="fray-rank"/);
    }
  });
});
