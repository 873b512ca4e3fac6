import { rankedEngine } from "../../core/turn-order/ranked/index.js";
import { escalationAttackCard } from "../cards/escalation/index.js";
import { PCS_AND_NPCS, widenEngine } from "../combat/fight/combat-mode.js";
import { flag, num } from "../combat/fight/roster.js";
import {
  escalationArmour,
  escalationFeat,
  escalationSpell,
  escalationUnit,
  escalationWeapon,
} from "../data/specs/index.js";
import { escalationMember } from "../odds/members/escalation.js";
import { widenCard, type RulesetManifest } from "./ruleset-manifest.js";

/** The escalation rule set: units act in ranked order, on the square grid. */
export const escalation: RulesetManifest<"escalation"> = {
  id: "escalation",
  combat: {
    id: "ranked",
    engine: widenEngine(rankedEngine),
    roundOffset: 0,
    grouped: false,
    // ESC-01: the order is by Agility.
    initiative: "@agility",
    sides: PCS_AND_NPCS,
    openingDice: "TieBreak",
    buildSetup: (roster, start) => ({
      combatants: roster.map((r) => ({
        id: r.id,
        name: r.name,
        side: r.side,
        agility: num(r, "agility"),
        initiator: start.initiators?.includes(r.id) ?? false,
        prone: flag(r, "prone"),
      })),
      options: start.ruleOptions ?? {},
    }),
  },
  space: "grid",
  actors: [escalationUnit],
  items: [escalationWeapon, escalationArmour, escalationSpell, escalationFeat],
  attackCard: widenCard(escalationAttackCard),
  memberReader: escalationMember,
  // ESC-33: its cards mark a unit beaten to 0 HP unconscious, which no field of its sheet holds.
  keptStatuses: ["unconscious", "dead"],
};
