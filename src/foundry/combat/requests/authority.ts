import type { HeldConditions, TurnOrderView } from "../../../core/turn-order/types.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import type { CombatLike, UserLike } from "../fight/ports.js";
import type { TurnCommand } from "../fight/turn-command.js";

/**
 * Who may send a command, by what it acts for (docs/architecture.md, "Who may send what"):
 * - `combatant`: it acts for `command.combatant`; the sender must own that combatant.
 * - `side`: it acts for `command.side`; the sender must own a visible member of that side (a `combatant` field is
 * ignored).
 * - `holder`: it is the initiative holder's choice (FAC-04 chooseFirst names the side to go first, not the sender's);
 *   the sender must own a visible member of the holding side.
 * - `takeOut`: the sender must own `command.combatant`, and may only make it worse off: unable to act (setAble: an
 *   owner takes their own character out, Unconscious or Incapacitated), or more Stunned (setStunned, STR-57: a Panic
 *   Roll they failed). Bringing it back, or taking Stunned off to win the Action back, is the GM's.
 * - `gm`: about the fight itself; only a GM.
 * A command type missing from the table is the GM's alone, so a new engine command is never open to players by
 * accident.
 */
type Authority = "combatant" | "takeOut" | "side" | "holder" | "gm";

export const AUTHORITY: Readonly<Record<string, Authority>> = {
  act: "combatant",
  endTurn: "combatant",
  delay: "combatant",
  spend: "combatant",
  freeHit: "combatant",
  setProne: "combatant",
  position: "combatant",
  setLoads: "combatant",
  // STR-57: a failed Panic Roll's Stunned is on the character's sheet; taking it off gives the Action back.
  setStunned: "takeOut",
  abandon: "combatant",
  react: "combatant",
  surrender: "combatant",
  useGear: "combatant",
  draw: "combatant",
  move: "combatant",
  discard: "combatant",
  lowerBlock: "combatant",
  blockAtDistance: "combatant",
  endDistanceBlock: "combatant",
  // SEC-47: the Interceptor's own Interrupt, spent by its Intercept on an attack card.
  interrupt: "combatant",
  pass: "side",
  // TEAM-02: a team's objective changes between rounds at the GM's word, not its players'.
  setObjective: "gm",
  chooseFirst: "holder",
  setAble: "takeOut",
  // FAC-58: a surrender ends by the enemy's harm, or at the GM's word.
  resume: "gm",
  remove: "gm",
  declareEnd: "gm",
  endCombat: "gm",
  setHealth: "gm",
  declarationLapsed: "gm",
  morale: "gm",
  rollMorale: "gm",
  undo: "gm",
};

export function authorityOf(type: string): Authority {
  return Object.hasOwn(AUTHORITY, type) ? (AUTHORITY[type] as Authority) : "gm";
}

interface AuthorityInput {
  readonly combat: Pick<CombatLike, "combatants">;
  readonly user: UserLike;
  readonly command: TurnCommand;
  /** Each combatant's side, as the fight was set up. */
  readonly sides: ReadonlyMap<string, string>;
  /** The core's view, for the initiative holder. */
  readonly view: () => TurnOrderView;
  /** What the fight holds of a combatant's conditions (its engine's `held`), to tell a worse step from a better. */
  readonly held: (combatant: string) => HeldConditions | undefined;
}

/**
 * The GM's check of who may send a command, answered before the core sees it. The tracker asks the same question
 * to decide which buttons to show, so what a player sees is what the GM accepts. Null: allowed.
 */
export function authorise({ combat, user, command, sides, view, held }: AuthorityInput): RequestAnswer | null {
  if (user.isGM) return null;
  switch (authorityOf(command.type)) {
    case "combatant":
      return owned(combat, user, command);
    case "takeOut":
      return worse(command, held) ? owned(combat, user, command) : deny("GmOnly", `only a GM may ${command.type}`);
    case "side":
      return memberOf(combat, user, sides, typeof command.side === "string" ? command.side : null);
    case "holder":
      return memberOf(combat, user, sides, (view() as { holder?: unknown }).holder as string | null);
    case "gm":
      return deny("GmOnly", `only a GM may ${command.type}`);
  }
}

/**
 * The step only makes its combatant worse off: unable to act, or more Stunned than the fight holds. Fields are read as
 * own fields: a payload's `__proto__` key brings no `able` or `stunned` with it.
 */
function worse(command: TurnCommand, held: AuthorityInput["held"]): boolean {
  if (command.type === "setAble") return Object.hasOwn(command, "able") && command.able === false;
  const now = typeof command.combatant === "string" ? held(command.combatant)?.stunned : undefined;
  const next = Object.hasOwn(command, "stunned") ? command.stunned : undefined;
  return typeof now === "number" && typeof next === "number" && next > now;
}

/** The sender owns the combatant the command acts for. Null: allowed. */
function owned(combat: AuthorityInput["combat"], user: UserLike, command: TurnCommand): RequestAnswer | null {
  const id = command.combatant;
  const c = typeof id === "string" ? combat.combatants.get(id) : undefined;
  // A hidden or missing combatant gets the same answer, so a refusal reveals nothing.
  if (!c || c.hidden) return deny("UnknownCombatant", `no combatant ${String(id ?? "")}`);
  if (!c.testUserPermission(user, "OWNER"))
    return deny("NotYourCombatant", `${user.name} does not own ${c.name}`, { name: c.name ?? "" });
  return null;
}

function memberOf(
  combat: AuthorityInput["combat"],
  user: UserLike,
  sides: ReadonlyMap<string, string>,
  side: string | null,
): RequestAnswer | null {
  const mine =
    side !== null &&
    combat.combatants.contents.some(
      (c) => !c.hidden && c.id !== null && sides.get(c.id) === side && c.testUserPermission(user, "OWNER"),
    );
  return mine ? null : deny("NotYourSide", `${user.name} has no combatant on side ${side ?? "(none)"}`);
}
