import type { RulesetId } from "../rulesets.js";
import { noPendingGrant } from "../economy/sections.js";
import { refuse, type Refusal } from "../shared/outcome.js";
import type { MoveMode } from "./movement.js";

/**
 * Where a character gets a way of moving: every character of the rule set has it ("innate"), or only one with an
 * ability that gives it ("ability") or a card that grants it ("card").
 */
type MovementSource = "innate" | "ability" | "card";

/** Each rule set's ways of moving, as its text gives them; a mode a rule set does not list is none of its movement. */
export const MOVEMENT_SOURCES: Readonly<Record<RulesetId, Readonly<Partial<Record<MoveMode, MovementSource>>>>> = {
  // SEC-04 the innate Move; SEC-15 a climb "without special abilities"; SEC-68 swimming where the water is. SEC-06,
  // SEC-07: Phase, Fly and Teleport are special movement, which cards grant.
  sections: { walk: "innate", climb: "innate", swim: "innate", phase: "card", fly: "card", teleport: "card" },
  // ESC-07 moving with a Move Action; ESC-12 sneaking, swimming and climbing (halved); ESC-46 crawling while prone.
  escalation: { walk: "innate", sneak: "innate", swim: "innate", climb: "innate", crawl: "innate" },
  // STR-19 squares of movement; STR-22 and strain.txt: "Some abilities allow characters to Teleport".
  strain: { walk: "innate", teleport: "ability" },
  // TEAM-20 Move.
  teams: { walk: "innate" },
  // FAC-06 move one zone.
  factions: { walk: "innate" },
};

/** Where a rule set's characters get `mode`; undefined when it is none of that rule set's movement. */
export function movementSource(ruleset: RulesetId, mode: MoveMode): MovementSource | undefined {
  const sources = MOVEMENT_SOURCES[ruleset];
  return Object.hasOwn(sources, mode) ? sources[mode] : undefined;
}

/** What a mover has of the ways of moving that are not innate. */
interface MovementHeld {
  /** The modes its abilities give it, and the cards it holds (strain's Teleport abilities, sections' cards). */
  readonly given: readonly MoveMode[];
  /**
   * In a fight, the modes the cards played this turn still grant it (SEC-06: a card's movement is the Move it grants
   * once played, by the mover or another); absent outside a fight, where a card held is enough.
   */
  readonly granted?: readonly MoveMode[];
}

/**
 * Whether a mover may move by `mode`: an innate mode always; one from an ability only with an ability that gives it
 * (STR-22); one from a card, in a fight only with a Move a card played this turn grants (SEC-06), else with a card
 * held (SEC-07). A refusal names the clause.
 */
export function mayMoveBy(ruleset: RulesetId, mode: MoveMode, held: MovementHeld): Refusal | null {
  const source = movementSource(ruleset, mode);
  if (source === undefined)
    return refuse("UnknownMovementAction", `${mode} is not a way of moving in ${ruleset}`, undefined, { action: mode });
  if (source === "innate") return null;
  if (source === "ability")
    return held.given.includes(mode)
      ? null
      : refuse(
          "MovementNeedsAbility",
          `${mode} comes from an ability, and the mover has none that gives it`,
          "STR-22",
          { action: mode },
        );
  if (held.granted !== undefined) return held.granted.includes(mode) ? null : noPendingGrant(mode);
  return held.given.includes(mode)
    ? null
    : refuse("MovementNeedsCard", `${mode} comes from a card, and the mover holds none that grants it`, "SEC-07", {
        action: mode,
      });
}
