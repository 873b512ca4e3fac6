import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openJournal, record, type Journal } from "../../../src/core/shared/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { compile, createHandlebars } from "../../fakes/handlebars-env.js";
import { alice, contextFor, gm, roster } from "./two-sides.js";

const tracker = compile(createHandlebars(), "templates/combat/tracker.hbs");
type AnyJournal = Journal<unknown, unknown, TurnCommand>;

/** Each rendered row: the combatant's name and its HTML. */
function rowsOf(html: string): { name: string; html: string; acting: boolean }[] {
  return html
    .split(/(?=<li class="fray-combatant )/)
    .slice(1)
    .map((part) => {
      const li = part.slice(0, part.indexOf("</li>"));
      return {
        name: /<span class="fray-name">([^<]*)<\/span>/.exec(li)?.[1] ?? "",
        html: li,
        acting: /^<li [^>]*aria-current="true"/.test(li),
      };
    });
}

const text = (html: string): string =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The budget chips under the acting row, as words, for the GM and (the same) for Alice; checks no other row has any.
 */
function actingBudget(modeId: string, j: AnyJournal): string {
  const seen = [gm, alice].map((user) => {
    const rows = rowsOf(tracker(contextFor(modeId, j, user)));
    for (const r of rows.filter((x) => !x.acting)) expect(r.html, r.name).not.toContain("fray-budget");
    const acting = rows.filter((r) => r.acting);
    expect(acting).toHaveLength(1);
    return text(/<span class="fray-budget"[^>]*>(.*)<\/span>/s.exec(acting[0]!.html)?.[1] ?? "");
  });
  expect(seen[1]).toBe(seen[0]);
  return seen[0]!;
}

function open(modeId: string, seed = 5): AnyJournal {
  const mode = COMBAT_MODES[modeId]!;
  const opened = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b"] }), seed);
  if (!opened.ok) throw new Error(opened.reason);
  return opened.state;
}

function step(modeId: string, j: AnyJournal, command: TurnCommand): AnyJournal {
  const next = record(COMBAT_MODES[modeId]!.engine, j, command);
  if (!next.ok) throw new Error(`${command.type} refused: ${next.reason}`);
  return next.state;
}

/** The first legal command of this type (and these fields) the core offers now. */
function legalOne(modeId: string, j: AnyJournal, type: string, fields: Record<string, unknown> = {}): TurnCommand {
  const found = COMBAT_MODES[modeId]!.engine.legal(j.state).find(
    (c) => c.type === type && Object.entries(fields).every(([k, v]) => c[k] === v),
  );
  if (!found) throw new Error(`no legal ${type} ${JSON.stringify(fields)}`);
  return found;
}

describe("the acting row shows its turn's budget, as the core counts it", () => {
  it("TEAM-17 three actions a turn, TEAM-35 one reaction: Actions and Reactions go down as they are spent", () => {
    let j = step("teams", open("teams"), { type: "act", combatant: "a1" });
    expect(actingBudget("teams", j)).toBe("Actions 3/3 Reactions 1");
    j = step("teams", j, { type: "spend", combatant: "a1", action: "Attack" });
    expect(actingBudget("teams", j)).toBe("Actions 2/3 Reactions 1");
    j = step("teams", j, { type: "spend", combatant: "a1", action: "Short Task" });
    j = step("teams", j, legalOne("teams", j, "react", { combatant: "a1" }));
    expect(actingBudget("teams", j)).toBe("Actions 0/3 Reactions 0");
  });

  it("ESC-05 a turn's 1 AA, 1 MA and 2 BA, ESC-42 the Free Hit Slots left this round", () => {
    let j = step("ranked", open("ranked"), legalOne("ranked", open("ranked"), "act"));
    expect(actingBudget("ranked", j)).toBe("AA 1/1 MA 1/1 BA 2/2 Free hit slots 5/5");
    j = step("ranked", j, legalOne("ranked", j, "spend", { action: "attack", pay: "AA" }));
    expect(actingBudget("ranked", j)).toBe("AA 0/1 MA 1/1 BA 2/2 Free hit slots 5/5");
    j = step("ranked", j, legalOne("ranked", j, "spend", { action: "disengage", pay: "2BA" }));
    j = step("ranked", j, legalOne("ranked", j, "freeHit", { combatant: "a1" }));
    expect(actingBudget("ranked", j)).toBe("AA 0/1 MA 1/1 BA 0/2 Free hit slots 4/5");
  });

  it(
    "STR-09 a Round Zero turn picks its starting square; STR-10 then Move, one Action, a Stance; STR-11 no " +
      "Move after the Action",
    () => {
      let j = open("rolled");
      j = step("rolled", j, legalOne("rolled", j, "act"));
      expect(actingBudget("rolled", j)).toBe("Starting square open");
      j = step("rolled", j, legalOne("rolled", j, "position"));
      expect(actingBudget("rolled", j)).toBe("Starting square done");
      // Everyone takes Round Zero: a position and the end of the turn each.
      const placed = new Set([String(COMBAT_MODES.rolled!.engine.view(j.state).acting)]);
      while (COMBAT_MODES.rolled!.engine.view(j.state).round === 0) {
        const legal = COMBAT_MODES.rolled!.engine.legal(j.state);
        const next =
          legal.find((c) => c.type === "act") ??
          legal.find((c) => c.type === "position" && !placed.has(String(c.combatant))) ??
          legal.find((c) => c.type === "endTurn");
        if (next?.type === "position") placed.add(String(next.combatant));
        j = step("rolled", j, next!);
      }
      j = step("rolled", j, legalOne("rolled", j, "act"));
      const who = String(COMBAT_MODES.rolled!.engine.view(j.state).acting);
      expect(actingBudget("rolled", j)).toBe("Move 6/6 Action open Stance open");
      j = step("rolled", j, { type: "spend", combatant: who, action: "move", squares: 2 });
      expect(actingBudget("rolled", j)).toBe("Move 4/6 Action open Stance open");
      j = step("rolled", j, { type: "spend", combatant: who, action: "action" });
      expect(actingBudget("rolled", j)).toBe("Move 0/6 Action done Stance open");
      j = step("rolled", j, { type: "spend", combatant: who, action: "stance", stance: "Guard" });
      expect(actingBudget("rolled", j)).toBe("Move 0/6 Action done Stance done");
    },
  );

  it(
    "FAC-06 one bonus action, one main action or a second " + "bonus action, and one zone; FAC-07 the zone in parts",
    () => {
      let j = step("factions", open("factions"), legalOne("factions", open("factions"), "chooseFirst", { side: "a" }));
      j = step("factions", j, { type: "act", combatant: "a1" });
      expect(actingBudget("factions", j)).toBe("Actions 2/2 Main action open Move (zone) 1/1");
      j = step("factions", j, { type: "spend", combatant: "a1", action: "Speak" });
      expect(actingBudget("factions", j)).toBe("Actions 1/2 Main action open Move (zone) 1/1");
      j = step("factions", j, { type: "spend", combatant: "a1", action: "Move", zones: 1 / 3 });
      j = step("factions", j, { type: "spend", combatant: "a1", action: "Attack" });
      expect(actingBudget("factions", j)).toBe("Actions 0/2 Main action done Move (zone) 0.67/1");
    },
  );

  it(
    "SEC-05 the turn's draw, Strategy and Action Phases, " + "innate Move and discard; SEC-06 granted Moves besides",
    () => {
      let j = step("sections", open("sections"), { type: "act", combatant: "a1" });
      expect(actingBudget("sections", j)).toBe(
        "Card draw open Strategy Phase open Action Phase open Innate Move open Discard open",
      );
      j = step("sections", j, { type: "draw", combatant: "a1" });
      j = step("sections", j, { type: "move", combatant: "a1", kind: "innate" });
      expect(actingBudget("sections", j)).toBe(
        "Card draw done Strategy Phase open Action Phase open Innate Move done Discard open",
      );
      // Spending the Action Phase gives up a Strategy Phase not yet spent.
      const wings = { source: "wings", kind: "fly", n: 2, height: 0 };
      j = step("sections", j, { type: "spend", combatant: "a1", phase: "action", action: "action", grant: wings });
      expect(actingBudget("sections", j)).toBe(
        "Card draw done Strategy Phase done Action Phase done Innate Move done Fly (card) 2 Discard open",
      );
      j = step("sections", j, { type: "move", combatant: "a1", kind: "granted", source: "wings", movement: "fly" });
      expect(actingBudget("sections", j)).toBe(
        "Card draw done Strategy Phase done Action Phase done Innate Move done Granted Moves 1 Discard open",
      );
      j = step("sections", j, { type: "discard", combatant: "a1" });
      expect(actingBudget("sections", j)).toContain("Discard done");
    },
  );

  it("nobody acting, no budget anywhere", () => {
    for (const modeId of Object.keys(COMBAT_MODES)) {
      const j = open(modeId);
      expect(COMBAT_MODES[modeId]!.engine.view(j.state).acting, modeId).toBeNull();
      expect(tracker(contextFor(modeId, j, gm)), modeId).not.toContain("fray-budget");
    }
  });
});

describe("buttons that name their combatant for screen readers", () => {
  for (const modeId of Object.keys(COMBAT_MODES)) {
    it(
      `${modeId}: in random reachable states, every button and menu in a row has an accessible name with ` +
        `its combatant's name`,
      () => {
        const mode = COMBAT_MODES[modeId]!;
        let controls = 0;
        fc.assert(
          fc.property(fc.array(fc.nat(), { maxLength: 25 }), fc.integer({ min: 1, max: 1e6 }), (picks, seed) => {
            let j = open(modeId, seed);
            for (const pick of picks) {
              const legal = mode.engine.legal(j.state);
              const next = legal.length ? record(mode.engine, j, legal[pick % legal.length]!) : null;
              if (next?.ok) j = next.state;
            }
            for (const user of [gm, alice]) {
              for (const row of rowsOf(tracker(contextFor(modeId, j, user)))) {
                const tags = row.html.match(/<(button|summary)\b[^>]*>/g) ?? [];
                for (const tag of tags) {
                  controls += 1;
                  const label = /aria-label="([^"]*)"/.exec(tag)?.[1];
                  expect(label, tag).toBeDefined();
                  expect(label, tag).toContain(row.name);
                  expect(label, tag).not.toMatch(/FRAY\./);
                }
              }
            }
          }),
          { numRuns: 15, seed: 12 },
        );
        expect(controls).toBeGreaterThan(0);
      },
    );
  }

  it("the labels read as the format keys say: the action, then whose it is", () => {
    let j = open("rolled");
    j = step("rolled", j, legalOne("rolled", j, "act"));
    const who = COMBAT_MODES.rolled!.engine.view(j.state).acting;
    const row = rowsOf(tracker(contextFor("rolled", j, gm))).find((r) => r.acting)!;
    expect(row.html).toContain(`aria-label="End turn: Fighter ${who}"`);
    const before = open("rolled");
    const first = legalOne("rolled", before, "act").combatant;
    const waiting = rowsOf(tracker(contextFor("rolled", before, gm))).find((r) => r.name === `Fighter ${first}`)!;
    expect(waiting.html).toContain(`aria-label="Delay: Fighter ${first}"`);
    expect(waiting.html).toContain(`aria-label="Delay Fighter ${first}: After everyone else"`);
    expect(waiting.html).toMatch(new RegExp(`aria-label="Delay Fighter ${first}: After Fighter [ab][12]"`));
    expect(waiting.html).toContain(`aria-label="More…: Fighter ${first}"`);
  });
});
