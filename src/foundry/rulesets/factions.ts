import { factionsEngine } from "../../core/turn-order/factions/index.js";
import { factionsAttackCard } from "../cards/factions/index.js";
import { sideOrder, widenEngine } from "../combat/fight/combat-mode.js";
import { DISPOSITION_SIDES, flag, num } from "../combat/fight/roster.js";
import { factionsArmour, factionsCharacter, factionsConsumable, factionsWeapon } from "../data/specs/index.js";
import { factionsMember } from "../odds/members/factions.js";
import { widenCard, type RulesetManifest } from "./ruleset-manifest.js";

/** The factions rule set: factions alternate and pass, characters move between zones. */
export const factions: RulesetManifest<"factions"> = {
  id: "factions",
  combat: {
    id: "factions",
    engine: widenEngine(factionsEngine),
    roundOffset: 0,
    grouped: true,
    initiative: null,
    sides: DISPOSITION_SIDES,
    buildSetup: (roster, start) => {
      const order = sideOrder(roster, start);
      return {
        factions: order,
        combatants: roster.map((r) => ({
          id: r.id,
          faction: r.side,
          wit: num(r, "wit"),
          health: num(r, "health"),
          maxHealth: num(r, "healthMax", num(r, "health")),
          immuneToFear: flag(r, "immuneToFear"),
          concealed: start.surprise?.includes(r.side) ?? false,
          able: !flag(r, "unable"),
          surrendered: flag(r, "surrendering"),
        })),
        // FAC-05: the first side in the GM's order started the fight and holds initiative.
        ...(order[0] ? { initiative: order[0] } : {}),
        players: order.filter((f) => roster.some((r) => r.side === f && flag(r, "playerOwned"))),
        options: start.ruleOptions ?? {},
      };
    },
  },
  space: "zones",
  actors: [factionsCharacter],
  items: [factionsWeapon, factionsArmour, factionsConsumable],
  attackCard: widenCard(factionsAttackCard),
  memberReader: factionsMember,
  keptStatuses: ["dead"],
};
