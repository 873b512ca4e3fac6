import { describe, expect, it } from "vitest";
import {
  attackTestPool,
  cheatDeathDifficulty,
  defenceTests,
  timesCheatedDeath,
  type TeamsStats,
} from "../../../../src/core/attack/teams/index.js";

/** Boudica's sheet (TEAM-47, TEAM-68): strength d6, dexterity d4, combat d6, athletics d4, martial +1, fortitude +1. */
const BOUDICA: TeamsStats = {
  attributes: { strength: 6, dexterity: 4 },
  combat: 6,
  athletics: 4,
  proficiencies: { finesse: 0, martial: 1 },
  fortitude: 1,
};
const SPEAR = { attributes: ["strength", "dexterity"], proficiencies: ["martial"] } as const;

describe("teams tests made of a character's statistics", () => {
  it(
    "TEAM-47 example: Boudica's spear test is strength d6 + combat d6 + martial +1 (2d6+1), the largest listed " +
      "when she picks none",
    () => {
      expect(attackTestPool("spear", BOUDICA, SPEAR, {})).toEqual({ dice: [6, 6], modifier: 1 });
      // She may pick the other listed attribute (TEAM-46).
      expect(attackTestPool("spear", BOUDICA, SPEAR, { attribute: "dexterity" })).toEqual({
        dice: [4, 6],
        modifier: 1,
      });
    },
  );

  it("TEAM-46 the attack test rolls a listed attribute: an unlisted pick, or a weapon listing none, is refused", () => {
    const club = { attributes: ["strength"], proficiencies: [] } as const;
    const r = attackTestPool("club", BOUDICA, club, { attribute: "dexterity" });
    expect("ok" in r && !r.ok && r.key).toBe("FRAY.Refusal.TeamsCardNotListed");
    const p = attackTestPool("club", BOUDICA, club, { proficiency: "martial" });
    expect("ok" in p && !p.ok && p.key).toBe("FRAY.Refusal.TeamsCardNotListed");
    const none = attackTestPool("stick", BOUDICA, { attributes: [], proficiencies: [] }, {});
    expect("ok" in none && !none.ok && none.key).toBe("FRAY.Refusal.TeamsCardNoAttribute");
    // No proficiency listed: the test has no bonus; a blank combat skill adds no die.
    expect(attackTestPool("club", { ...BOUDICA, combat: null }, club, {})).toEqual({ dice: [6], modifier: 0 });
  });

  it(
    "TEAM-68 example: Boudica fortifies with strength d6 + athletics d4 + fortitude +1; TEAM-36 ruling: she dodges " +
      "with dexterity + athletics + finesse",
    () => {
      const t = defenceTests(BOUDICA);
      expect(t.fortify).toEqual({ dice: [6, 4], modifier: 1 });
      expect(t.dodge).toEqual({ dice: [4, 4], modifier: 0 });
      // TEAM-38 ruling: no mental attribute on the sheet, so resist rolls the dodge dice.
      expect(t.resist).toEqual(t.dodge);
    },
  );

  it("TEAM-70 the times death was cheated, read back from the difficulty it raised", () => {
    for (let n = 0; n < 6; n++) expect(timesCheatedDeath(cheatDeathDifficulty(n))).toBe(n);
    expect(timesCheatedDeath(0)).toBe(0);
  });
});
