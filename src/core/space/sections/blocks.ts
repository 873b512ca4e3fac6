import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { SectionGraph } from "./section-graph.js";
import { canSee } from "./vision.js";
import type { Block, SectionEvent, SectionsBattle, SectionsEntity } from "./types.js";
import type { SectionsOptions } from "./options.js";

type BlockOutcome = Outcome<SectionsBattle, SectionEvent>;

/**
 * SEC-42: the blocker (having spent its Strategy Phase, which the turn engine tracks) blocks one border of its
 * occupied section. A new Block while one is up is refused: lower the old one first (SEC-43).
 */
export function raiseBlock(graph: SectionGraph, battle: SectionsBattle, blocker: string, border: string): BlockOutcome {
  const e = battle.entities[blocker];
  if (!e) return refuse("UnknownEntity", `no entity "${blocker}"`, undefined, { id: blocker });
  const bi = graph.borderIndex.get(border);
  if (bi === undefined) return refuse("UnknownBorder", `no border "${border}"`, "SEC-42", { border });
  const b = graph.borders[bi]!;
  if (b.a !== e.section && b.b !== e.section)
    return refuse("BlockNotOnOwnBorder", `border "${border}" is not a border of ${blocker}'s section`, "SEC-42", {
      id: blocker,
      border,
    });
  if (e.immobilized || e.defenseless)
    return refuse("BlockerCannotBlock", `${blocker} is Immobilized or Defenseless and cannot Block`, "SEC-44", {
      id: blocker,
    });
  if (battle.blocks.some((x) => x.blocker === blocker && !x.atDistance))
    return refuse("AlreadyBlocking", `${blocker} already blocks a border`, "SEC-42", { id: blocker });
  const block: Block = { blocker, border, atDistance: false, from: e.section };
  return applied({ ...battle, blocks: [...battle.blocks, block] }, [{ type: "blockRaised", block }]);
}

/** SEC-46: a Block at a distance from an ability; it needs no occupied section. */
export function raiseDistanceBlock(
  graph: SectionGraph,
  battle: SectionsBattle,
  blocker: string,
  border: string,
): BlockOutcome {
  if (!battle.entities[blocker]) return refuse("UnknownEntity", `no entity "${blocker}"`, undefined, { id: blocker });
  if (!graph.borderIndex.has(border)) return refuse("UnknownBorder", `no border "${border}"`, "SEC-46", { border });
  if (battle.blocks.some((x) => x.blocker === blocker && x.border === border && x.atDistance))
    return refuse("DuplicateBlock", `${blocker} already blocks "${border}" at a distance`, "SEC-46", {
      id: blocker,
      border,
    });
  const block: Block = { blocker, border, atDistance: true };
  return applied({ ...battle, blocks: [...battle.blocks, block] }, [{ type: "blockRaised", block }]);
}

type BlockLowered = Extract<SectionEvent, { type: "blockLowered" }>;

/**
 * SEC-43/44: the blocker's own Block comes down (announced, on leaving its section, Immobilized or Defenseless),
 * never its Blocks at a distance (SEC-46). Gives the Blocks still up and an event for each lowered.
 */
export function lowerOwnBlocks(
  blocks: readonly Block[],
  blocker: string,
  reason: BlockLowered["reason"],
): { blocks: readonly Block[]; events: BlockLowered[] } {
  const mine = blocks.filter((x) => x.blocker === blocker && !x.atDistance);
  if (mine.length === 0) return { blocks, events: [] };
  return {
    blocks: blocks.filter((x) => !mine.includes(x)),
    events: mine.map((block) => ({ type: "blockLowered", block, reason })),
  };
}

/** SEC-43: the blocker lowers its own Block by announcing it (no phase spent). */
export function lowerBlock(battle: SectionsBattle, blocker: string): BlockOutcome {
  const { blocks, events } = lowerOwnBlocks(battle.blocks, blocker, "announced");
  if (events.length === 0) return refuse("NotBlocking", `${blocker} has no Block to lower`, "SEC-43", { id: blocker });
  return applied({ ...battle, blocks }, events);
}

/** SEC-46: a distance Block ends when its ability says so. */
export function endDistanceBlock(battle: SectionsBattle, blocker: string, border: string): BlockOutcome {
  const hit = battle.blocks.filter((x) => x.blocker === blocker && x.border === border && x.atDistance);
  if (hit.length === 0)
    return refuse("NotBlocking", `${blocker} has no distance Block on "${border}"`, "SEC-46", { id: blocker, border });
  return applied(
    { ...battle, blocks: battle.blocks.filter((x) => !hit.includes(x)) },
    hit.map((block) => ({ type: "blockLowered", block, reason: "ended" }) as const),
  );
}

/**
 * SEC-44 (and SEC-46): set Immobilized / Defenseless on an entity; either lowers its own Block automatically,
 * never its Blocks at a distance.
 */
export function setConditions(
  battle: SectionsBattle,
  id: string,
  conditions: { readonly immobilized?: boolean; readonly defenseless?: boolean },
): BlockOutcome {
  const e = battle.entities[id];
  if (!e) return refuse("UnknownEntity", `no entity "${id}"`, undefined, { id });
  const next: SectionsEntity = { ...e, ...conditions };
  const entities = { ...battle.entities, [id]: next };
  const reason = next.immobilized ? "immobilized" : next.defenseless ? "defenseless" : null;
  if (reason === null) return applied({ ...battle, entities });
  const { blocks, events } = lowerOwnBlocks(battle.blocks, id, reason);
  return applied({ ...battle, entities, blocks }, events);
}

/**
 * SEC-42/SEC-46: the Blocks a turn order recorded, as the space core holds them, keeping only those the map still has:
 * an own Block on a border of the section it is held from, a Block at a distance on any border of the map (a border
 * since redrawn, or a forged one, stops nothing).
 */
export function ownBlocksOnMap(
  graph: SectionGraph,
  recorded: readonly {
    readonly blocker: string;
    readonly border: string;
    readonly from: string;
    readonly atDistance?: boolean;
  }[],
): Block[] {
  const out: Block[] = [];
  for (const r of recorded) {
    const bi = graph.borderIndex.get(r.border);
    const b = bi === undefined ? undefined : graph.borders[bi];
    if (b && r.atDistance === true) out.push({ blocker: r.blocker, border: r.border, atDistance: true });
    else if (b && (b.a === r.from || b.b === r.from))
      out.push({ blocker: r.blocker, border: r.border, atDistance: false, from: r.from });
  }
  return out;
}

/** SEC-42/SEC-46: a move the core stopped at a Block, as a refusal of the move as it was made (null: not stopped). */
export function blockedMove(events: readonly SectionEvent[]): Refusal | null {
  const e = events.find((x): x is Extract<SectionEvent, { type: "stoppedByBlock" }> => x.type === "stoppedByBlock");
  if (!e) return null;
  return refuse(
    "MoveBlocked",
    `${e.blocker} Blocks the border "${e.border}": ${e.entity} cannot leave across it`,
    e.clause,
    {
      border: e.border,
      blocker: e.blocker,
    },
  );
}

/** Blocks indexed by border id, built once per query (Blocks are few). */
export function blocksByBorder(battle: SectionsBattle): Map<string, Block[]> {
  const m = new Map<string, Block[]>();
  for (const b of battle.blocks) {
    const l = m.get(b.border);
    if (l) l.push(b);
    else m.set(b.border, [b]);
  }
  return m;
}

export type MovementKind = "ordinary" | "special";

/**
 * The Block (if any) that stops `mover` leaving `fromSection` across `border`.
 * SEC-42: own Blocks stop enemies leaving the blocker's section only, entering is allowed.
 * SEC-45: own Blocks never stop Phase/Fly/Teleport nor enemies the blocker cannot see.
 * SEC-46: distance Blocks work both ways and on unseen enemies; special movement per option.
 */
export function impedingBlock(
  graph: SectionGraph,
  battle: SectionsBattle,
  index: ReadonlyMap<string, readonly Block[]>,
  mover: SectionsEntity,
  fromSection: string,
  border: string,
  kind: MovementKind,
  options: SectionsOptions,
): Block | null {
  const list = index.get(border);
  if (!list) return null;
  for (const b of list) {
    const blocker = battle.entities[b.blocker];
    if (!blocker || blocker.side === mover.side) continue;
    if (b.atDistance) {
      if (kind === "special" && !options.distanceBlocksStopSpecialMovement) continue;
      return b;
    }
    if (kind === "special") continue;
    if (b.from !== fromSection || blocker.section !== fromSection || blocker.immobilized || blocker.defenseless)
      continue;
    const moverHere = mover.section === fromSection ? mover : { ...mover, section: fromSection };
    if (!canSee(blocker, moverHere, (s) => lightingOf(graph, s))) continue;
    return b;
  }
  return null;
}

export function lightingOf(graph: SectionGraph, section: string) {
  const i = graph.sectionIndex.get(section);
  return i === undefined ? "dark" : graph.sections[i]!.lighting;
}
