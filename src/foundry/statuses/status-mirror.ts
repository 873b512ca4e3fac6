import { OneAtATime } from "../requests/one-at-a-time.js";
import { iconChanges } from "./status-effects.js";

/** An actor as the mirror reads it: the v13 Actor fits (its effects' `statuses` are Sets). */
export interface MirroredActor {
  readonly uuid: string;
  readonly type: string;
  readonly system: unknown;
  readonly effects: Iterable<{ readonly statuses: ReadonlySet<string> }>;
}

/** Foundry's own toggle of one status effect (Actor#toggleStatusEffect as Foundry defines it, not Fray's). */
export type ToggleIcon = (statusId: string, active: boolean, overlay: boolean) => Promise<unknown>;

/** One actor's icons are put in step one pass at a time, so two writes in a row never create the same effect twice. */
const line = new OneAtATime();

/** Icons asked to be drawn large (the HUD's right click), by actor, until the pass that adds them. */
const large = new WeakMap<object, Set<string>>();

/** Ask that a condition's icon, when the next pass adds it, be drawn large (Foundry's overlay). */
export function drawLarge(actor: object, statusId: string): void {
  large.set(actor, new Set([...(large.get(actor) ?? []), statusId]));
}

/**
 * The statuses the token shows, as Foundry's toggle counts them: the effects that carry exactly one status (an
 * effect with several, from an item or a module, is not Fray's mirror and is left alone).
 */
export function shownStatuses(effects: MirroredActor["effects"]): Set<string> {
  const shown = new Set<string>();
  for (const e of effects) if (e.statuses.size === 1) for (const s of e.statuses) shown.add(s);
  return shown;
}

/**
 * Put the token's status icons in step with the actor's condition fields (the truth): add the icon of each condition
 * that is on, take away the icon of each that is off. Whichever pass adds an icon asked to be large draws it so.
 */
export function mirrorConditions(actor: MirroredActor, toggle: ToggleIcon): Promise<void> {
  return line.run(actor.uuid, async () => {
    for (const c of iconChanges(actor.type, actor.system, shownStatuses(actor.effects))) {
      const asked = large.get(actor);
      await toggle(c.id, c.active, c.active && (asked?.delete(c.id) ?? false));
    }
  });
}
