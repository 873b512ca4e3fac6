import type { RulesetId } from "../../../core/rulesets.js";
import { raiseBlock } from "../../../core/space/sections/blocks.js";
import type { SectionsEntity } from "../../../core/space/sections/types.js";
import type { CombatLike } from "../../combat/fight/ports.js";
import type { TurnCommand } from "../../combat/fight/turn-command.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import type { SceneLike } from "../space/scene-ports.js";
import { moverData, type TokenLike } from "../check/mover-data.js";
import type { SceneSpace } from "../space/scene-space.js";
import { placeOfToken } from "../check/token-place.js";
import { reviewDistanceBlock } from "./distance-block-review.js";

/** Where a combatant's token stands, as the active GM's own documents have it. */
interface BlockerPlace {
  readonly scene: SceneLike;
  readonly token: TokenLike;
}

/** What the GM's review of a Block reads: the combatant's token, the scene's compiled space, the world rule set. */
export interface BlockReviewPort {
  readonly placeOf: (combat: CombatLike, combatantId: string) => BlockerPlace | undefined;
  readonly space: (scene: SceneLike) => SceneSpace;
  readonly ruleset: () => RulesetId;
  /** SEC-46: an item of the combatant's actor, as the GM's own documents have it; undefined when it has none such. */
  readonly itemOf: (
    combat: CombatLike,
    combatantId: string,
    itemId: string,
  ) => { readonly type: string; readonly system: unknown } | undefined;
}

/** A Strategy Phase spent on a Block that names a border (or a section): the map has to say it is one. */
function namesABlock(command: TurnCommand): boolean {
  return (
    (command.type === "spend" && (command.border !== undefined || command.from !== undefined)) ||
    command.type === "blockAtDistance"
  );
}

/**
 * SEC-42 on the active GM's client, before the turn order records a Block: the blocker's token must stand in a
 * section of a sections scene, and the border must be one of that section's, as the space core's raiseBlock says
 * (SEC-44: not while Immobilized or Defenseless). The section it is held from is the GM's reading of where the token
 * stands, never the sender's: a `from` naming another section is refused. Gives the command to record, or a refusal.
 */
export function reviewBlock(
  port: BlockReviewPort,
  combat: CombatLike,
  command: TurnCommand,
): TurnCommand | RequestAnswer | Promise<TurnCommand | RequestAnswer> {
  if (!namesABlock(command)) return command;
  const id = typeof command.combatant === "string" ? command.combatant : "";
  const name = combat.combatants.get(id)?.name ?? id;
  // SEC-46: a Block at a distance names no border of the blocker's section.
  if (command.type === "blockAtDistance") return reviewDistanceBlock(port, combat, command, id, name);
  const place = port.placeOf(combat, id);
  const space = place ? port.space(place.scene) : undefined;
  const section = place && space?.model === "sections" ? placeOfToken(place.scene, space, place.token) : null;
  if (!place || space?.model !== "sections" || section === null)
    return deny("BlockOffMap", `${name} stands in no section of a sections scene: a Block names a border of the map`, {
      name,
    });
  if (command.from !== undefined && command.from !== section)
    return deny("BlockNotOnOwnBorder", `${name} stands in another section than the one named`, { id: name });
  const data = moverData(place.token, port.ruleset());
  const blocker: SectionsEntity = {
    id,
    side: data.side,
    section,
    ...(data.immobilized ? { immobilized: true } : {}),
    ...(data.defenseless ? { defenseless: true } : {}),
  };
  const battle = { map: space.graph.map, entities: { [id]: blocker }, blocks: [] };
  const raised = raiseBlock(space.graph, battle, id, typeof command.border === "string" ? command.border : "");
  if (!raised.ok)
    return { ok: false, key: raised.key, reason: raised.reason, data: { ...raised.data, id: name, name } };
  return { ...command, from: section };
}
