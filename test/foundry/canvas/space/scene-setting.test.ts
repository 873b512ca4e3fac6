import { describe, expect, it } from "vitest";
import { RULESETS } from "../../../../src/core/rulesets.js";
import { SPACE_MODEL_FIELD, spaceModelFieldHtml } from "../../../../src/foundry/canvas/space/space-model-field.js";
import { SPACE_MODELS, spaceModelOf } from "../../../../src/foundry/canvas/space/space-model.js";
import { sceneSpaceModel } from "../../../../src/foundry/canvas/space/scene-space.js";
import { manifestOf } from "../../../../src/foundry/rulesets/index.js";
import { EN } from "../../../fakes/lang.js";

const localize = (key: string, data?: Record<string, string>) =>
  (EN[key] ?? `MISSING ${key}`).replace(/\{(\w+)\}/g, (_, k: string) => data?.[k] ?? `{${k}}`);

describe("the scene's space model setting", () => {
  it(
    "defaults from the world's rule set: sections, zones " + "for factions, the grid for strain, escalation and teams",
    () => {
      expect(RULESETS.map((r) => manifestOf(r).space)).toEqual(["sections", "grid", "grid", "grid", "zones"]);
      expect(sceneSpaceModel({ flags: {} }, "zones")).toBe("zones");
      expect(sceneSpaceModel({ flags: { fray: { spaceModel: "none" } } }, "zones")).toBe("none");
      // A flag edited by hand to something else, or a prototype key, falls back to the rule set's model.
      expect(spaceModelOf("toString", "grid")).toBe("grid");
      expect(sceneSpaceModel({ flags: JSON.parse('{"fray":{"__proto__":{"spaceModel":"none"}}}') }, "sections")).toBe(
        "sections",
      );
    },
  );

  it("is a select named for the scene's flag, the scene's model chosen, every label localised", () => {
    const html = spaceModelFieldHtml("zones", "strain", localize);
    expect(html).toContain(`name="${SPACE_MODEL_FIELD}"`);
    expect(SPACE_MODEL_FIELD).toBe("flags.fray.spaceModel");
    expect(html.match(/<option /g)).toHaveLength(SPACE_MODELS.length);
    expect(html).toContain('<option value="zones" selected>Zones</option>');
    expect(html).toContain("Default for this world&#39;s rule set: Squares with elevation.");
    expect(html).not.toContain("MISSING");
    expect(html).toContain('<label for="fray-space-model">');
  });
});
