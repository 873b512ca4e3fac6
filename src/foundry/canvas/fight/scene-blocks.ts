import type { TurnOrderView } from "../../../core/turn-order/types.js";
import { currentJournal, readFight } from "../../combat/fight/journal.js";
import type { CombatMode } from "../../combat/fight/combat-mode.js";

/**
 * A Block as the move check and the attack map read it: its blocker named by token, the border and section by region.
 */
export interface SceneBlock {
  readonly blocker: string;
  readonly border: string;
  /** The section an own Block is held from; "" for a Block at a distance. */
  readonly from: string;
  /** SEC-46: a Block an ability raised at a distance (on any border, working both ways). */
  readonly atDistance?: boolean;
}

/**
 * A started fight as the Blocks (and the climbs, scene-climbs.ts) are read from it: its turn order's view, and where
 * each combatant's token stands.
 */
export interface BlockFight {
  readonly view: Pick<TurnOrderView, "blocks" | "distanceBlocks" | "climbs">;
  readonly tokenOf: (
    combatantId: string,
  ) => { readonly sceneId: string | null; readonly tokenId: string | null } | undefined;
}

/**
 * SEC-42: the Blocks up on one scene, from every started fight's public view (the turn order keeps them, so the GM's
 * undo of the spend or the move takes them down or back), each blocker named by its token there.
 */
export function blocksOnScene(fights: readonly BlockFight[], sceneId: string): SceneBlock[] {
  const out: SceneBlock[] = [];
  for (const f of fights)
    for (const b of f.view.blocks ?? []) {
      const at = f.tokenOf(b.blocker);
      if (at?.sceneId === sceneId && at.tokenId) out.push({ blocker: at.tokenId, border: b.border, from: b.from });
    }
  // SEC-46: the Blocks at a distance, their blockers named by token too (the space core reads the blocker's side).
  for (const f of fights)
    for (const b of f.view.distanceBlocks ?? []) {
      const at = f.tokenOf(b.blocker);
      if (at?.sceneId === sceneId && at.tokenId)
        out.push({ blocker: at.tokenId, border: b.border, from: "", atDistance: true });
    }
  return out;
}

/** What a combat holds as far as its Blocks go: its stored fight and its combatants' tokens (Foundry's Combat fits). */
interface CombatWithTokens {
  readonly started: boolean;
  readonly system: unknown;
  readonly combatants: {
    get(id: string): { readonly sceneId?: string | null; readonly tokenId?: string | null } | undefined;
  };
}

/**
 * The started fights among `combats` whose turn order is one of Fray's and keeps Blocks (`mode` finds it by id).
 */
export function blockFights(
  combats: Iterable<CombatWithTokens>,
  mode: (id: string) => CombatMode | undefined,
): BlockFight[] {
  const out: BlockFight[] = [];
  for (const combat of combats) {
    if (!combat.started) continue;
    const stored = readFight(combat.system);
    if (stored.kind !== "sound") continue;
    const m = mode(stored.journal.engine);
    if (!m) continue;
    const journal = currentJournal(m, stored.journal);
    if (!journal) continue;
    const view = m.engine.view(journal.state);
    if (!view.blocks?.length && !view.distanceBlocks?.length && !view.climbs?.length) continue;
    out.push({
      view,
      tokenOf: (id) => {
        const c = combat.combatants.get(id);
        return c ? { sceneId: c.sceneId ?? null, tokenId: c.tokenId ?? null } : undefined;
      },
    });
  }
  return out;
}
