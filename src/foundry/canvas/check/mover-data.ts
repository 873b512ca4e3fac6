import type { RulesetId } from "../../../core/rulesets.js";
import { valueAt } from "../../../core/shared/guards.js";
import { sideFrom } from "../../combat/fight/combat-roster.js";
import { escalationFeatsOf, type FeatItemLike } from "../../data/specs/escalation/escalation-feats.js";
import { MOVER_FIELDS } from "./mover-fields.js";

/** A token as the movement check reads it: where it stands, how big it is, and its actor's data (untrusted). */
export interface TokenLike {
  readonly id: string | null;
  /** The token's name, as a refusal naming it shows it (a Block's blocker). */
  readonly name?: string | null;
  /** Hidden by the GM: a refusal must not name it to a player (a hidden blocker, SEC-42). */
  readonly hidden?: boolean;
  readonly x: number;
  readonly y: number;
  /** In grid spaces; Foundry's types allow undefined, which Foundry itself never stores (initial 1). */
  readonly width: number | undefined;
  readonly height: number | undefined;
  readonly disposition: number | null;
  readonly actor: {
    readonly type: string;
    readonly system: unknown;
    /** The actor's items (Foundry's embedded collection); a feat is an item (ESC-60 Reach). */
    readonly items?: { readonly contents: readonly FeatItemLike[] };
  } | null;
  testUserPermission(user: never, permission: "OWNER"): boolean;
}

/** What the core needs of a mover, read from its actor: side, and its rule set's movement numbers. */
export interface MoverData {
  readonly id: string;
  readonly side: string;
  /** Squares (strain, escalation) of movement; teams' characters carry no speed (TEAM-45 silent), so no limit. */
  readonly speed: number;
  /** SEC-04 the innate Move number; SEC-70 Aquatic. */
  readonly innateMove: number;
  readonly aquatic: boolean;
  readonly immobilized: boolean;
  /** SEC-44: a Defenseless blocker's Block stops nobody. */
  readonly defenseless: boolean;
  /** STR-28 Slowed stacks; ESC-46 prone. */
  readonly slowed: number;
  readonly prone: boolean;
  /** ESC-60: the Reach feat widens the unit's melee zone (for its attacks and the free hits it gains, ESC-39). */
  readonly reach: boolean;
  /** ESC-62 Athlete: 2 more movement spaces; ESC-59 Maneuverer: no halving while sneaking or swimming. */
  readonly athlete: boolean;
  readonly maneuverer: boolean;
  /** FAC-23: health above 0 (where the rule set counts it), and not incapacitated. */
  readonly alive: boolean;
  readonly conscious: boolean;
  /** SEC-22: the sides of the entity's Acrobatics die; 0 when its sheet gives none (it cannot climb: SEC-15). */
  readonly acrobatics: number;
}

const count = (system: unknown, path: string, fallback: number): number => {
  const v = valueAt(system, path);
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : fallback;
};
const flag = (system: unknown, path: string): boolean => valueAt(system, path) === true;
/** A die field ("d8") of an actor's data as its sides, 0 when it is blank or not a die. */
export const dieSidesAt = (system: unknown, path: string): number => {
  const v = valueAt(system, path);
  return typeof v === "string" && /^d\d{1,3}$/.test(v) ? Number(v.slice(1)) : 0;
};

/**
 * The numbers of the world rule set's actor type (MOVER_FIELDS); a token without an actor moves with no limit but the
 * map's.
 */
export function moverData(token: TokenLike, ruleset: RulesetId): MoverData {
  const system = token.actor?.system;
  const fields = MOVER_FIELDS[ruleset];
  const at = (path: string | undefined, fallback: number) => (path ? count(system, path, fallback) : fallback);
  const feats = ruleset === "escalation" ? escalationFeatsOf(token.actor?.items?.contents ?? []) : [];
  return {
    id: token.id ?? "",
    side: sideFrom(system, token.disposition),
    speed: fields.speed && token.actor ? count(system, fields.speed, 0) : Number.MAX_SAFE_INTEGER,
    innateMove: Math.floor(at(fields.move, 1)),
    aquatic: fields.aquatic ? flag(system, fields.aquatic) : false,
    immobilized: fields.immobilized ? flag(system, fields.immobilized) : false,
    defenseless: fields.defenseless ? flag(system, fields.defenseless) : false,
    slowed: Math.floor(at(fields.slowed, 0)),
    prone: fields.prone ? flag(system, fields.prone) : false,
    reach: feats.includes("reach"),
    athlete: feats.includes("athlete"),
    maneuverer: feats.includes("maneuverer"),
    alive: !(fields.health && token.actor) || count(system, fields.health, 1) > 0,
    conscious: !(fields.incapacitated && flag(system, fields.incapacitated)),
    acrobatics: fields.acrobatics ? dieSidesAt(system, fields.acrobatics) : 0,
  };
}
