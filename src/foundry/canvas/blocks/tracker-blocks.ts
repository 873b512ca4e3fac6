import type { TurnCommand } from "../../combat/fight/turn-command.js";
import {
  withBlockChoices,
  withDistanceBlocks,
  type BorderChoice,
  type DistanceChoices,
} from "../../tracker/block-controls.js";
import { acrossName, betweenName, blockChoices, distanceBlockChoices } from "./block-choices.js";
import { blocksAtDistance } from "./distance-block-review.js";
import { sceneOf, tokenOf } from "../check/ports-check.js";
import { spaces } from "../space/world-spaces.js";

/**
 * What the tracker asks of the canvas about Blocks: each combatant's borders to Block, and a Block's section beyond.
 */
interface TrackerBlocks {
  readonly choices: (combatantId: string) => readonly BorderChoice[] | null;
  readonly across: (border: string, from: string) => string;
  /** SEC-46: what each combatant may Block at a distance (an ability of its actor), or null. */
  readonly distance: (combatantId: string) => DistanceChoices | null;
  readonly between: (border: string) => string;
}

/**
 * The legal commands as a sections tracker offers them (a Block per border: tracker/block-controls.ts) and the names
 * of the sections beyond Blocks. Asked by the tracker of a sections fight only.
 */
export function blockOffers(
  combat: Combat.Implementation,
  legal: readonly TurnCommand[],
): { legal: TurnCommand[]; across: TrackerBlocks["across"]; between: TrackerBlocks["between"] } {
  const blocks = trackerBlocks(combat);
  const ids = combat.combatants.contents.flatMap((c) => (c.id && !c.isDefeated ? [c.id] : []));
  const own = withBlockChoices(legal, blocks.choices);
  return { legal: withDistanceBlocks(own, ids, blocks.distance), across: blocks.across, between: blocks.between };
}

/**
 * SEC-42 for the tracker of one combat: the borders of the section each combatant's token stands in (on this
 * client's compiled scene; the GM checks the one chosen on its own), and the name of the section across a Block.
 */
function trackerBlocks(combat: Combat.Implementation): TrackerBlocks {
  const placeOf = (id: string) => {
    const token = combat.combatants.get(id)?.token;
    const scene = token?.parent;
    return token && scene ? { token, scene: sceneOf(scene) } : null;
  };
  return {
    choices: (id) => {
      const p = placeOf(id);
      return p ? blockChoices(p.scene, spaces().get(p.scene), tokenOf(p.token)) : null;
    },
    across: (border, from) => {
      for (const c of combat.combatants) {
        const p = c.id ? placeOf(c.id) : null;
        const name = p ? acrossName(p.scene, spaces().get(p.scene), border, from) : null;
        if (name) return name;
      }
      return border;
    },
    distance: (id) => {
      const p = placeOf(id);
      const ability = combat.combatants.get(id)?.actor?.items.find((i) => blocksAtDistance(i));
      return p && ability?.id
        ? { source: ability.id, borders: distanceBlockChoices(p.scene, spaces().get(p.scene)) }
        : null;
    },
    between: (border) => {
      for (const c of combat.combatants) {
        const p = c.id ? placeOf(c.id) : null;
        const name = p ? betweenName(p.scene, spaces().get(p.scene), border) : null;
        if (name) return name;
      }
      return border;
    },
  };
}
