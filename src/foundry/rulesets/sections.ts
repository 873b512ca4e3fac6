import { sectionsEngine } from "../../core/turn-order/sections/index.js";
import { sectionsAttackCard } from "../cards/sections/index.js";
import { sideOrder, widenEngine } from "../combat/fight/combat-mode.js";
import { flag } from "../combat/fight/roster.js";
import { sectionsArmour, sectionsCard, sectionsEntity, sectionsWeapon } from "../data/specs/index.js";
import { sectionsMember } from "../odds/members/sections.js";
import { widenCard, type RulesetManifest } from "./ruleset-manifest.js";

/** The sections rule set: sides play Phases in turn, entities move between sections across borders. */
export const sections: RulesetManifest<"sections"> = {
  id: "sections",
  combat: {
    id: "sections",
    engine: widenEngine(sectionsEngine),
    roundOffset: 0,
    grouped: true,
    initiative: null,
    // The sections sheet's words: player characters and adversaries.
    sides: { friendly: "pc", hostile: "adversary" },
    buildSetup: (roster, start) => ({
      combatants: roster.map((r) => ({ id: r.id, name: r.name, side: r.side, able: !flag(r, "unable") })),
      sideOrder: sideOrder(roster, start),
      options: start.ruleOptions ?? {},
    }),
  },
  space: "sections",
  actors: [sectionsEntity],
  items: [sectionsWeapon, sectionsArmour, sectionsCard],
  attackCard: widenCard(sectionsAttackCard),
  memberReader: sectionsMember,
  keptStatuses: ["dead"],
};
