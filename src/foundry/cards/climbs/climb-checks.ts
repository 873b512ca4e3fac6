import type { AttackEvent } from "../../../core/attack/pipeline.js";
import { dealing, withDealtDice } from "../../../core/shared/dealing.js";
import { dieSidesAt } from "../../canvas/check/mover-data.js";
import { MOVER_FIELDS } from "../../canvas/check/mover-fields.js";
import { climberTakesDamage } from "../../../core/space/sections/climbing.js";
import { sectionsOptions } from "../../../core/space/sections/options.js";
import type { SectionsBattle } from "../../../core/space/sections/types.js";
import type { DiceCup, RollMode } from "../../dice/dice-tray.js";
import type { MapPlace } from "../data/attack-card-data.js";
import type { ClimbPort, ClimberAt } from "./climb-port.js";

/** A climber that failed its SEC-20 check: it falls from the Height climbed (0 at the foot: no damage). */
interface ClimbFall {
  readonly at: ClimberAt;
  readonly height: number;
}

/** What the checks made: the card's events (shown on it, their dice named), and who falls. */
export interface ClimbChecks {
  readonly events: readonly AttackEvent[];
  readonly falls: readonly ClimbFall[];
}

export const NO_CHECKS: ClimbChecks = { events: [], falls: [] };

/**
 * SEC-20: for each climber the applied damage reached (the core's `acrobaticsCheckDue`), the Acrobatics check made at
 * once with the GM's dice (`cup`): the climber's Acrobatics die (its sheet's `acrobatics`) against the DM's
 * (`climbDmDie`), through the core's climberTakesDamage, from its climb as the fight keeps it now. A climber the fight
 * no longer has climbing (it fell or reached the top since the card opened), or one with no Acrobatics die, is not
 * rolled for: the card says why.
 */
export async function climbChecks(
  port: ClimbPort,
  actor: (ref: string) => { readonly system: unknown } | undefined,
  place: MapPlace,
  applied: readonly AttackEvent[],
  cup: DiceCup,
): Promise<ClimbChecks> {
  const events: AttackEvent[] = [];
  const falls: ClimbFall[] = [];
  if (!applied.some((e) => e.type === "acrobaticsCheckDue")) return NO_CHECKS;
  for (const due of applied) {
    const ref = (due as { combatant?: unknown }).combatant;
    if (due.type !== "acrobaticsCheckDue" || typeof ref !== "string") continue;
    const at = port.climberOf(place, ref);
    // SEC-22: the Acrobatics die where movement reads it (mover-fields.ts), as a Climb's checks roll it.
    const die = dieSidesAt(actor(ref)?.system, MOVER_FIELDS.sections.acrobatics ?? "acrobatics");
    if (!at || die < 1) {
      events.push({ type: "climbCheckSkipped", combatant: ref, why: at ? "noDie" : "notClimbing", clause: "SEC-20" });
      continue;
    }
    const c = at.climb;
    // The climber alone: the check reads its climb, and its fall the Height climbed (no map needed, none is read).
    const battle: SectionsBattle = {
      map: { sections: [], borders: [] },
      entities: { [at.tokenId]: { id: at.tokenId, side: "", section: c.from, climbing: { ...c } } },
      blocks: [],
    };
    const dice = { entity: { count: 1, sides: die }, dm: { count: 1, sides: sectionsOptions().climbDmDie } };
    const { outcome } = await dealing(
      (drawn) =>
        withDealtDice(drawn, (roller) =>
          climberTakesDamage(battle, at.tokenId, { entityDice: dice.entity, dmDice: dice.dm, roller }),
        ),
      (n) => cup.draw(n),
    );
    const made = outcome.ok && outcome.state.ok ? outcome.state.events : [];
    const check = made.find((e) => e.type === "acrobatics");
    if (!check || check.type !== "acrobatics") continue;
    const fall = made.find((e) => e.type === "fall");
    const height = fall && fall.type === "fall" ? fall.height : 0;
    const { result, dm, success, rolls } = check;
    events.push({
      type: "climbCheckRolled",
      combatant: ref,
      clause: "SEC-20",
      result,
      dm,
      success,
      height,
      ...(rolls ? { rolls } : {}),
    });
    if (!success) falls.push({ at, height });
  }
  return { events, falls };
}

/**
 * What a failed check does after the card is written: the fight's climb ends (`endClimb`, the turn request path with
 * the applying GM's authority, so the tracker's undo puts the climb back) and the fall's card is posted, its damage
 * rolled there and applied from it by the GM (SEC-20, as SEC-13/SEC-21 falls). A fall from the foot does no damage.
 */
export async function climbFalls(
  port: ClimbPort,
  falls: readonly ClimbFall[],
  senderId: string,
  rollMode: RollMode,
): Promise<void> {
  for (const f of falls) {
    await port.endClimb(f.at, senderId);
    if (f.height > 0) await port.fall(f.at, f.height, senderId, rollMode);
  }
}
