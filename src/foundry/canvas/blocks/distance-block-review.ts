import { isRecord } from "../../../core/shared/guards.js";
import type { CombatLike } from "../../combat/fight/ports.js";
import type { TurnCommand } from "../../combat/fight/turn-command.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import type { SceneLike } from "../space/scene-ports.js";
import type { SceneSpace } from "../space/scene-space.js";

/** What the GM's review of a Block at a distance reads (block-review.ts's port gives it). */
interface DistanceReviewPort {
  readonly placeOf: (combat: CombatLike, combatantId: string) => { readonly scene: SceneLike } | undefined;
  readonly space: (scene: SceneLike) => SceneSpace;
  /** SEC-46: an item of the combatant's actor, as the GM's own documents have it; undefined when it has none such. */
  readonly itemOf: (
    combat: CombatLike,
    combatantId: string,
    itemId: string,
  ) => { readonly type: string; readonly system: unknown } | undefined;
}

/** SEC-46: whether an item is an ability that Blocks at a distance (the sections card's flag). */
export function blocksAtDistance(item: { readonly type: string; readonly system: unknown } | undefined): boolean {
  return item?.type === "sections-card" && isRecord(item.system) && item.system.blockAtDistance === true;
}

/**
 * SEC-46 on the active GM's client: a Block at a distance names a border of the map of the scene the blocker's token
 * is on, and an ability of the blocker's own actor that Blocks at a distance; anything else is refused.
 */
export function reviewDistanceBlock(
  port: DistanceReviewPort,
  combat: CombatLike,
  command: TurnCommand,
  id: string,
  name: string,
): TurnCommand | RequestAnswer {
  const place = port.placeOf(combat, id);
  const space = place ? port.space(place.scene) : undefined;
  if (!place || space?.model !== "sections")
    return deny("BlockOffMap", `${name} stands on no sections scene: a Block names a border of the map`, { name });
  const border = typeof command.border === "string" ? command.border : "";
  if (!space.graph.borderIndex.has(border)) return deny("UnknownBorder", `no border "${border}"`, { border });
  const source = typeof command.source === "string" ? command.source : "";
  if (!blocksAtDistance(port.itemOf(combat, id, source)))
    return deny("NoDistanceBlock", `${name} has no ability that Blocks at a distance`, { name });
  return command;
}
