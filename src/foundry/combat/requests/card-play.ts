import { readGrant, type MoveGrant } from "../../../core/economy/sections.js";
import { isRecord } from "../../../core/shared/guards.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import type { TurnCommand } from "../fight/turn-command.js";

/** The sections card item type whose `movement` grants a Move (SEC-06) or special movement (SEC-07). */
const MOVEMENT_CARD = "sections-card";

/** Playing a card: the Phase it is played with and the Move it grants. */
export interface CardPlay {
  readonly phase: "strategy" | "action";
  readonly grant: MoveGrant;
}

/** An item as far as its play is read: its id, type and (untrusted) system data. */
interface CardLike {
  readonly id: string | null;
  readonly type: string;
  readonly system: unknown;
}

/**
 * What playing this item does to the turn, or null when it grants no movement: a sections card whose `movement`
 * names a kind other than "none", with its number (`distance`) and Height, played with the card's own Phase.
 */
export function cardPlayOf(item: CardLike): CardPlay | null {
  if (item.type !== MOVEMENT_CARD || !item.id || !isRecord(item.system)) return null;
  const { phase, movement } = item.system;
  if (!isRecord(movement) || movement.kind === "none") return null;
  const grant = readGrant({
    source: item.id,
    kind: movement.kind,
    n: movement.distance ?? 0,
    height: movement.height ?? 0,
  });
  if ("ok" in grant) return null;
  return { phase: phase === "strategy" ? "strategy" : "action", grant };
}

/**
 * SEC-05, SEC-06: the turn order's spend of the card's Phase, carrying its grant (to `to`, when another entity takes
 * it).
 */
export function playCommand(play: CardPlay, combatant: string, to?: string): TurnCommand {
  return {
    type: "spend",
    combatant,
    phase: play.phase,
    action: play.phase === "strategy" ? "strategy" : "action",
    detail: "card",
    grant: to !== undefined && to !== combatant ? { ...play.grant, to } : play.grant,
  };
}

const GRANT_KEYS = new Set(["source", "kind", "n", "height", "to"]);

/**
 * The card's own grant, and at most whom it is for (SEC-06): no other key, so nothing the request made up rides along.
 */
const sameGrant = (a: unknown, b: MoveGrant): boolean =>
  isRecord(a) &&
  Object.keys(a).every((k) => GRANT_KEYS.has(k)) &&
  (!Object.hasOwn(a, "to") || typeof a.to === "string") &&
  a.source === b.source &&
  a.kind === b.kind &&
  a.n === b.n &&
  a.height === b.height;

/**
 * The GM's check of a player's spend that carries a grant: it must be exactly what the card it names grants, on the
 * combatant's own actor as the GM's documents have it, played with the card's Phase, for the player's own combatant or
 * one the player can see (`visible`: a hidden combatant gets the answer a missing one gets; the core checks the
 * recipient is still in the fight). Null: it is. A GM may grant a Move by fiat, so this is asked only of players.
 */
export function checkCardPlay(
  command: TurnCommand,
  real: (itemId: string) => CardPlay | null,
  visible: (combatantId: string) => boolean,
): RequestAnswer | null {
  if (command.type !== "spend" || !Object.hasOwn(command, "grant")) return null;
  const grant = command.grant;
  const source = isRecord(grant) && typeof grant.source === "string" ? grant.source : "";
  const play = source ? real(source) : null;
  if (!play || !sameGrant(grant, play.grant) || command.phase !== play.phase)
    return deny("ForgedGrant", "the card named does not grant that Move with that Phase");
  const to = isRecord(grant) ? grant.to : undefined;
  if (typeof to === "string" && !visible(to)) return deny("UnknownCombatant", `no combatant ${to}`);
  return null;
}

/** The chat line of a card played: "Ann plays Wings: Fly 2", "Bo plays Sprint for Cy: Move 3, Height 1". */
export function playedLine(
  format: (key: string, data?: Record<string, string | number>) => string,
  name: string,
  card: string,
  grant: MoveGrant,
  recipient?: string,
): string {
  const kind = grant.kind === "move" && grant.height > 0 ? "moveHeight" : grant.kind;
  const movement = format(`FRAY.Play.Grant.${kind}`, { n: grant.n, height: grant.height });
  if (recipient !== undefined) return format("FRAY.Play.PlayedFor", { name, card, movement, recipient });
  return format("FRAY.Play.Played", { name, card, movement });
}
