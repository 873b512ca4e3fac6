import { rolledEngine } from "../../core/turn-order/rolled/index.js";
import { INITIATIVE_DICE } from "../../core/turn-order/rolled/initiative-dice.js";
import { strainAttackCard } from "../cards/strain/index.js";
import { PCS_AND_NPCS, widenEngine } from "../combat/fight/combat-mode.js";
import { flag, num } from "../combat/fight/roster.js";
import { strainAbility, strainArt, strainCharacter } from "../data/specs/index.js";
import { strainMember } from "../odds/members/strain.js";
import { widenCard, type RulesetManifest } from "./ruleset-manifest.js";

/** The strain rule set: rolled initiative, Fatigue and Stress, on the square grid with elevation. */
export const strain: RulesetManifest<"strain"> = {
  id: "strain",
  combat: {
    id: "rolled",
    engine: widenEngine(rolledEngine),
    roundOffset: 1,
    grouped: false,
    // STR-02: 2d6 + Initiative.
    initiative: `${INITIATIVE_DICE.count}d${INITIATIVE_DICE.sides} + @initiative`,
    sides: PCS_AND_NPCS,
    openingDice: "TieBreak",
    buildSetup: (roster, start) => ({
      combatants: roster.map((r) => ({
        id: r.id,
        name: r.name,
        side: r.side,
        initiative: num(r, "initiative"),
        speed: num(r, "speed", 6),
        stressLoad: num(r, "stressLoad"),
        stressTolerance: num(r, "stressTolerance", 5),
        fatigueLoad: num(r, "fatigueLoad"),
        fatigueTolerance: num(r, "fatigueTolerance", 5),
        stunned: num(r, "stunned"),
        able: !flag(r, "unable"),
      })),
      options: start.ruleOptions ?? {},
    }),
  },
  space: "grid",
  actors: [strainCharacter],
  items: [strainArt, strainAbility],
  attackCard: widenCard(strainAttackCard),
  memberReader: strainMember,
  keptStatuses: ["dead"],
};
