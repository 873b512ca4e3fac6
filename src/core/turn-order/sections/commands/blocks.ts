import { isNonEmptyString } from "../../../shared/guards.js";
import { applied, refuse, type Outcome, type Refusal } from "../../../shared/outcome.js";
import { shown } from "../../../shared/shown.js";
import type { CombatantId, TurnEvent } from "../../types.js";
import { named, outOfFight, unknownCombatant } from "../combatant.js";
import { withBlocks } from "../copies.js";
import type { BlockLoweredReason, SectionsBlock, SectionsCommand, SectionsState } from "../types.js";
import { withDistanceBlocks } from "../copies.js";

// SEC-42..SEC-44: the Blocks the turn order keeps. Which borders a section has is the map's business (the space core
// checks a Block against it before it is recorded); here a Block is paid for, held one at a time, and lowered.

type Result = Outcome<SectionsState, TurnEvent>;

/** A border or section id as the map names them: text, not too long to show. */
const isPlace = (x: unknown): x is string => isNonEmptyString(x) && x.length <= 200;

/** The Block a spend names, null when it names none (a table without a map), or why it is no Block. */
export function blockOfSpend(
  s: SectionsState,
  blocker: CombatantId,
  cmd: { readonly action: unknown; readonly border?: unknown; readonly from?: unknown },
): SectionsBlock | null | Refusal {
  if (cmd.border === undefined && cmd.from === undefined) return null;
  if (cmd.action !== "block") return refuse("MalformedCommand", "only a Block names a border", "SEC-42");
  if (!isPlace(cmd.border) || !isPlace(cmd.from))
    return refuse(
      "MalformedCommand",
      `a Block names its border and the section it is held from, not "${shown(cmd.border)}"`,
      "SEC-42",
    );
  // Ruling SEC-42: one Block of its own at a time; lower the first to raise another (SEC-43).
  if (s.blocks.some((b) => b.blocker === blocker)) {
    const name = s.combatants.find((c) => c.id === blocker)?.name ?? blocker;
    return refuse("AlreadyBlocking", `${name} already blocks a border`, "SEC-42", { id: name, name });
  }
  return { blocker, border: cmd.border, from: cmd.from };
}

/** The state with `block` raised, and its event after the spend's. */
export function raised(s: SectionsState, block: SectionsBlock, ev: TurnEvent[]): SectionsState {
  ev.push({ type: "blockRaised", round: s.round, combatant: block.blocker, border: block.border, from: block.from });
  return withBlocks(s, [...s.blocks, block]);
}

/** SEC-43/SEC-44: the combatant's own Block comes down (if it holds one), with an event saying why. */
export function lowered(s: SectionsState, id: CombatantId, reason: BlockLoweredReason, ev: TurnEvent[]): SectionsState {
  const mine = s.blocks.find((b) => b.blocker === id);
  if (!mine) return s;
  ev.push({ type: "blockLowered", round: s.round, combatant: id, border: mine.border, from: mine.from, reason });
  return withBlocks(
    s,
    s.blocks.filter((b) => b !== mine),
  );
}

const LOWER_REASONS: readonly unknown[] = ["announced", "left", "immobilized", "defenseless"];

/**
 * SEC-43: the blocker lowers its Block by announcing it, whenever it likes and spending no Phase; the same command says
 * why when it left its section by no recorded Move (a GM's displace: "left") or became Immobilized or Defenseless
 * (SEC-44).
 */
export function lowerBlock(s: SectionsState, cmd: Extract<SectionsCommand, { type: "lowerBlock" }>): Result {
  const who = named(s, cmd.combatant);
  if (who === undefined) return unknownCombatant(cmd.combatant);
  if (who.out) return outOfFight(who);
  const reason: unknown = cmd.reason ?? "announced";
  if (!LOWER_REASONS.includes(reason))
    return refuse("MalformedCommand", `a Block is not lowered for "${shown(reason)}"`, "SEC-43");
  if (!s.blocks.some((b) => b.blocker === who.id))
    return refuse("NotBlocking", `${who.name} has no Block to lower`, "SEC-43", { id: who.name, name: who.name });
  const ev: TurnEvent[] = [];
  return applied(lowered(s, who.id, reason as BlockLoweredReason, ev), ev);
}

/**
 * SEC-46: a Block at a distance goes up on any border of the map (the GM's client checks the border and that the
 * ability is the blocker's before it is recorded), spending no Phase: what the ability costs and how long it lasts
 * are its own (ruling SEC-46). Several may be up, one per border and blocker.
 */
export function blockAtDistance(s: SectionsState, cmd: Extract<SectionsCommand, { type: "blockAtDistance" }>): Result {
  const who = named(s, cmd.combatant);
  if (who === undefined) return unknownCombatant(cmd.combatant);
  if (who.out) return outOfFight(who);
  if (!isPlace(cmd.border) || !isPlace(cmd.source))
    return refuse(
      "MalformedCommand",
      `a Block at a distance names its border and its ability, not "${shown(cmd.border)}"`,
      "SEC-46",
    );
  const list = s.distanceBlocks ?? [];
  if (list.some((b) => b.blocker === who.id && b.border === cmd.border))
    return refuse("DuplicateBlock", `${who.name} already blocks "${cmd.border}" at a distance`, "SEC-46", {
      id: who.name,
      border: cmd.border,
    });
  const ev: TurnEvent[] = [
    { type: "distanceBlockRaised", round: s.round, combatant: who.id, border: cmd.border, source: cmd.source },
  ];
  return applied(withDistanceBlocks(s, [...list, { blocker: who.id, border: cmd.border, source: cmd.source }]), ev);
}

/** SEC-46: the blocker (or the GM) ends a Block at a distance; it outlasts Immobilized, Defenseless and moving. */
export function endDistanceBlock(
  s: SectionsState,
  cmd: Extract<SectionsCommand, { type: "endDistanceBlock" }>,
): Result {
  const who = named(s, cmd.combatant);
  if (who === undefined) return unknownCombatant(cmd.combatant);
  const list = s.distanceBlocks ?? [];
  const hit = list.find((b) => b.blocker === who.id && b.border === cmd.border);
  if (!hit)
    return refuse("NotBlocking", `${who.name} has no Block at a distance to end`, "SEC-46", {
      id: who.name,
      name: who.name,
    });
  const ev: TurnEvent[] = [
    { type: "distanceBlockEnded", round: s.round, combatant: who.id, border: hit.border, source: hit.source },
  ];
  return applied(
    withDistanceBlocks(
      s,
      list.filter((b) => b !== hit),
    ),
    ev,
  );
}
