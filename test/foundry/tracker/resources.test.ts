import { describe, expect, it } from "vitest";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS } from "../../../src/foundry/data/models.js";
import { strainCharacter, teamsCharacter } from "../../../src/foundry/data/specs/index.js";
import { trackedResources } from "../../../src/foundry/tracker/tracked-resources.js";
import { render } from "../../fakes/handlebars-env.js";

describe("rows that show the fight", () => {
  it("every actor type names what its row tracks, and each tracked field exists", () => {
    for (const meta of ACTOR_MODELS) {
      expect(meta.tracked?.length, meta.type).toBeGreaterThan(0);
      expect(trackedResources(meta, initialData(meta.fields))).toHaveLength(meta.tracked?.length ?? 0);
    }
  });

  it("pools show value/max, loads show load/tolerance, counts themselves", () => {
    const teams = {
      ...initialData(teamsCharacter.fields),
      endurance: { value: 3, max: 10 },
      health: { value: 7, max: 12 },
    };
    expect(trackedResources(teamsCharacter, teams)).toEqual([
      { label: "FRAY.Teams.Endurance", value: "3/10" },
      { label: "FRAY.Teams.Health", value: "7/12" },
    ]);
    const strain = {
      ...initialData(strainCharacter.fields),
      fatigue: { load: 2, tolerance: 3 },
      stress: { load: 1, tolerance: 4 },
      wounds: 1,
    };
    expect(trackedResources(strainCharacter, strain).map((r) => r.value)).toEqual(["2/3", "1/4", "1"]);
    expect(trackedResources(teamsCharacter, null)).toEqual([]);
  });

  it("the row shows its resources, and a hidden or defeated combatant says so in words, not only style", () => {
    const row = {
      id: "a1",
      name: "Boudica",
      img: "",
      side: "a",
      hidden: true,
      owned: true,
      defeated: true,
      status: "out",
      statusLabel: "FRAY.Tracker.Status.Out",
      acting: false,
      buttons: [],
      delayTargets: [],
      more: [],
      resources: [{ label: "FRAY.Teams.Health", value: "0/12" }],
    };
    const group = {
      side: "a",
      label: "A",
      remaining: 0,
      passed: false,
      choosing: false,
      rows: [row],
      pass: null,
      chooseFirst: null,
      more: [],
    };
    const html = render("templates/combat/tracker.hbs", {
      groups: [group],
      grouped: true,
      banner: { key: "FRAY.Banner.BrokenState", data: {} },
      round: 1,
      fight: [],
      morale: [],
    });
    expect(html).toContain("0/12");
    expect(html).toContain("fa-skull");
    expect(html).toMatch(/fa-eye-slash[^<]*<\/i>\s*Hidden/);
  });
});
