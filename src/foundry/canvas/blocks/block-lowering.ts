import { isRecord } from "../../../core/shared/guards.js";
import { currentJournal, readFight } from "../../combat/fight/journal.js";
import type { CombatMode } from "../../combat/fight/combat-mode.js";
import type { TurnRequest } from "../../combat/fight/turn-command.js";

/** SEC-44: the condition an actor update sets that lowers its Block, if any (Immobilized first). */
export function loweringCondition(changes: unknown): "immobilized" | "defenseless" | null {
  const system = isRecord(changes) ? changes.system : undefined;
  const conditions = isRecord(system) ? system.conditions : undefined;
  if (!isRecord(conditions)) return null;
  if (conditions.immobilized === true) return "immobilized";
  if (conditions.defenseless === true) return "defenseless";
  return null;
}

/** A combat as the GM reads it for Blocks to lower: its stored fight and its combatants. */
interface LoweringCombat<C> {
  readonly id: string | null;
  readonly started: boolean;
  readonly system: unknown;
  readonly combatants: { readonly contents: readonly C[] };
}

/** Each started fight's journal with the Blocks and climbs its turn order keeps, for the combats that have any. */
function* fightsWithBlocks<C>(combats: Iterable<LoweringCombat<C>>, mode: (id: string) => CombatMode | undefined) {
  for (const combat of combats) {
    if (!combat.started || !combat.id) continue;
    const stored = readFight(combat.system);
    const m = stored.kind === "sound" ? mode(stored.journal.engine) : undefined;
    if (stored.kind !== "sound" || !m) continue;
    const journal = currentJournal(m, stored.journal);
    if (!journal) continue;
    const view = m.engine.view(journal.state);
    const blocks = view.blocks ?? [];
    const climbs = view.climbs ?? [];
    if (blocks.length > 0 || climbs.length > 0)
      yield { combat, id: combat.id, revision: journal.revision, blocks, climbs };
  }
}

/**
 * SEC-44: the turn requests that lower the Blocks held by the combatants `isTheActor` picks, in every started fight,
 * each at the fight's revision, as the active GM sends them when the actor becomes Immobilized or Defenseless.
 */
export function blockLowerings<C extends { readonly id: string | null }>(
  combats: Iterable<LoweringCombat<C>>,
  mode: (id: string) => CombatMode | undefined,
  isTheActor: (combatant: C) => boolean,
  reason: "immobilized" | "defenseless",
): TurnRequest[] {
  const out: TurnRequest[] = [];
  for (const { combat, id, revision, blocks } of fightsWithBlocks(combats, mode)) {
    const blockers = new Set(blocks.map((b) => b.blocker));
    for (const c of combat.combatants.contents)
      if (c.id && blockers.has(c.id) && isTheActor(c))
        out.push({ combatId: id, command: { type: "lowerBlock", combatant: c.id, reason }, revision });
  }
  return out;
}

/** A combatant as the GM finds the token it stands for (Foundry's Combatant fits). */
interface TokenCombatant {
  readonly id: string | null;
  readonly sceneId?: string | null;
  readonly tokenId?: string | null;
}

type Held = { readonly blocker?: string; readonly climber?: string; readonly from: string };
type TokenAt = { readonly sceneId: string; readonly tokenId: string };

/**
 * The turn requests for the combatants standing for this token that hold something (a Block, a climb: `held` picks
 * which) from a section other than `sectionNow` (where the token stands now, null off every section).
 */
function leftRequests<C extends TokenCombatant>(
  combats: Iterable<LoweringCombat<C>>,
  mode: (id: string) => CombatMode | undefined,
  token: TokenAt,
  sectionNow: string | null,
  held: (fight: { blocks: readonly Held[]; climbs: readonly Held[] }) => readonly Held[],
  command: (combatant: string) => TurnRequest["command"],
): TurnRequest[] {
  const out: TurnRequest[] = [];
  for (const fight of fightsWithBlocks(combats, mode))
    for (const c of fight.combat.combatants.contents) {
      if (!c.id || c.sceneId !== token.sceneId || c.tokenId !== token.tokenId) continue;
      if (held(fight).some((h) => (h.blocker ?? h.climber) === c.id && h.from !== sectionNow))
        out.push({ combatId: fight.id, command: command(c.id), revision: fight.revision });
    }
  return out;
}

/**
 * SEC-43: the Block stays up until the blocker leaves its section, by whatever path the token got out (a GM's drag or
 * displace that no check sees, a teleport by macro, an update of x and y): the turn requests that lower the Blocks of
 * the combatants standing for this token, when `sectionNow` (where the token stands now, null off every section) is
 * not the section a Block is held from. A move the turn order recorded has lowered it already (nothing is asked).
 */
export function leftLowerings<C extends TokenCombatant>(
  combats: Iterable<LoweringCombat<C>>,
  mode: (id: string) => CombatMode | undefined,
  token: TokenAt,
  sectionNow: string | null,
): TurnRequest[] {
  return leftRequests(
    combats,
    mode,
    token,
    sectionNow,
    (f) => f.blocks,
    (combatant) => ({ type: "lowerBlock", combatant, reason: "left" }),
  );
}

/**
 * SEC-16: a climber holds on in the lower section; its token put anywhere else by a path no Move recorded (a GM's
 * displace, a macro) ends its climb: the turn requests that end the climbs of the combatants standing for this token.
 * A climb's own Moves keep the token in the lower section, or end the climb themselves at the top. Asked after the
 * Blocks are lowered, at the fight's new revision.
 */
export function leftClimbEndings<C extends TokenCombatant>(
  combats: Iterable<LoweringCombat<C>>,
  mode: (id: string) => CombatMode | undefined,
  token: TokenAt,
  sectionNow: string | null,
): TurnRequest[] {
  return leftRequests(
    combats,
    mode,
    token,
    sectionNow,
    (f) => f.climbs,
    (combatant) => ({ type: "endClimb", combatant }),
  );
}
