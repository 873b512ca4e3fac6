import { describe, expect, it } from "vitest";
import { openJournal, record } from "../../../src/core/shared/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import { trackerContext } from "../../../src/foundry/tracker/tracker-context.js";
import { render } from "../../fakes/handlebars-env.js";

const roster = ["a1", "b1"].map((id) => ({
  id,
  name: `Fighter ${id}`,
  side: id.slice(0, 1),
  hidden: false,
  stats: { wit: 20 },
}));

describe("the phase stays in sight while someone acts in it", () => {
  it("FAC-66 in the fast phase the header says so, with the FAT, while the banner names whose turn it is", () => {
    const mode = COMBAT_MODES.factions!;
    const opened = openJournal(
      mode.engine,
      mode.buildSetup(roster, { sideOrder: ["a", "b"], ruleOptions: { fastSlow: true } }),
      2,
    );
    if (!opened.ok) throw new Error(opened.reason);
    let j = opened.state;
    for (const type of ["chooseFirst", "act"]) {
      const next = mode.engine.legal(j.state).find((c) => c.type === type)!;
      const r = record(mode.engine, j, next);
      if (!r.ok) throw new Error(r.reason);
      j = r.state;
    }
    const view = mode.engine.view(j.state);
    expect([view.phase, view.acting]).toEqual(["fast", "a1"]);
    const context = trackerContext({
      view,
      legal: mode.engine.legal(j.state),
      combatants: roster.map((r) => ({
        id: r.id,
        name: r.name,
        img: "",
        side: r.side,
        hidden: false,
        owned: true,
        defeated: false,
      })),
      sideLabels: { a: "A", b: "B" },
      isGM: true,
      grouped: true,
      revision: j.revision,
      canUndo: true,
      mayIssue: () => true,
    });
    const fat = (view as unknown as { fat: number }).fat;
    const html = render("templates/combat/tracker.hbs", context);
    expect(html).toContain(`Fast phase, WIT ${fat} or more`);
    expect(html).toContain("Fighter a1&#x27;s turn");
  });
});
