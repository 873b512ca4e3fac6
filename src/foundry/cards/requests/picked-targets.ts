import type { UserLike } from "../../combat/fight/ports.js";
import { deny, type RequestAnswer } from "../../requests/request-answer.js";
import type { AttackRuleset, CardActor } from "../attack-ruleset.js";
import type { CardActorLike } from "../data/card-ports.js";

interface PickContext {
  readonly actor: (ref: string) => CardActorLike | undefined;
  readonly mayTarget: (user: UserLike, target: CardActorLike) => boolean;
}

/**
 * The tokens the user targets, when more than one (`targetIds`, the first being `targetId`): a blast's targets when no
 * map says them (FAC-36, the GM's reading). Each must be an actor this user may attack; a rule set whose card names
 * no other actors (`namedActors`) takes one target only. The answer is `picked`, in the GM's options (none: one
 * target).
 */
export function pickedTargets(
  ctx: PickContext,
  card: Pick<AttackRuleset, "namedActors">,
  user: UserLike,
  payload: Readonly<Record<string, unknown>>,
): { readonly picked?: readonly string[] } | Extract<RequestAnswer, { ok: false }> {
  const no = (name: string, reason: string) => deny(name, reason) as Extract<RequestAnswer, { ok: false }>;
  const ids = payload.targetIds;
  if (ids === undefined) return {};
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string"))
    return no("BadRequest", "the targets are not a list of actors");
  const picked = [...new Set([payload.targetId as string, ...ids])];
  if (picked.length <= 1) return {};
  if (!card.namedActors) return no("OneTargetCard", "this card takes one target");
  for (const ref of picked) {
    const actor = ctx.actor(ref);
    if (!actor) return no("UnknownActor", `no actor ${ref}`);
    if (!user.isGM && !ctx.mayTarget(user, actor)) return no("TargetUnseen", "a target is not one this user can see");
  }
  return { picked };
}

/**
 * The options that are not the map's, with the picked targets on top (kept with the card: a change of circumstances
 * reads them again).
 */
export const withPicked = (given: Readonly<Record<string, unknown>>, pick: { readonly picked?: readonly string[] }) =>
  pick.picked ? { ...given, picked: pick.picked } : given;

/** The actors the card's options name beyond attacker and target (`namedActors`), read from the GM's documents. */
export function othersNamed(
  ctx: { readonly actor: (ref: string) => CardActorLike | undefined },
  card: Pick<AttackRuleset, "namedActors">,
  options: Readonly<Record<string, unknown>>,
  /** attack-open.ts's cardActor: a plain copy of the actor, named by its ref. */
  cardActor: (actor: CardActorLike, ref: string) => CardActor,
): CardActor[] | Extract<RequestAnswer, { ok: false }> {
  const out: CardActor[] = [];
  for (const ref of card.namedActors?.(options) ?? []) {
    const actor = ctx.actor(ref);
    if (!actor) return deny("UnknownActor", `no actor ${ref}`) as Extract<RequestAnswer, { ok: false }>;
    out.push(cardActor(actor, ref));
  }
  return out;
}
