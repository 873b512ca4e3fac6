import { teamsEngine } from "../../core/turn-order/teams/index.js";
import { teamsAttackCard } from "../cards/teams/index.js";
import { sideOrder, widenEngine } from "../combat/fight/combat-mode.js";
import { DISPOSITION_SIDES, flag, num } from "../combat/fight/roster.js";
import { teamsArmour, teamsCharacter, teamsConsumable, teamsTalent, teamsWeapon } from "../data/specs/index.js";
import { teamsMember } from "../odds/members/teams.js";
import { widenCard, type RulesetManifest } from "./ruleset-manifest.js";

/** The teams rule set: teams take turns, on the square grid. */
export const teams: RulesetManifest<"teams"> = {
  id: "teams",
  combat: {
    id: "teams",
    engine: widenEngine(teamsEngine),
    roundOffset: 0,
    grouped: true,
    initiative: null,
    sides: DISPOSITION_SIDES,
    buildSetup: (roster, start) => ({
      initiative: sideOrder(roster, start),
      combatants: roster.map((r) => ({
        id: r.id,
        team: r.side,
        stamina: num(r, "stamina"),
        focus: num(r, "focus"),
        able: !flag(r, "unable"),
        cannotBeSurprised: flag(r, "cannotBeSurprised"),
      })),
      ...(start.surprise?.length ? { surprise: start.surprise } : {}),
      options: start.ruleOptions ?? {},
    }),
  },
  space: "grid",
  actors: [teamsCharacter],
  items: [teamsWeapon, teamsArmour, teamsTalent, teamsConsumable],
  attackCard: widenCard(teamsAttackCard),
  memberReader: teamsMember,
  keptStatuses: ["dead"],
};
