import { applied, refuse } from "../../../shared/outcome.js";
import { canMove, canPay, copyFactionsTurn, factionsActionKind } from "../../../economy/factions.js";
import { draftFactions, editMember, type MemberDraft } from "../copies.js";
import { member, unknownCombatant } from "../payload.js";
import type { FactionsCommandOf, FactionsOutcome, FactionsState } from "../types.js";

/** The acting character spends part of its turn on an action or a move (FAC-06..FAC-12). */
export function spend(state: FactionsState, c: FactionsCommandOf<"spend">): FactionsOutcome {
  const m = member(state, c.combatant);
  if (!m) return unknownCombatant(c.combatant);
  if (state.acting !== c.combatant || !m.turn)
    return refuse("NotYourTurn", `${m.id} is not taking a turn`, "FAC-06", { name: m.id });
  if (typeof c.action !== "string" || c.action === "")
    return refuse("UnknownAction", "an action needs a name", "FAC-06");
  const kind = factionsActionKind(c.action, c.complex === true);
  const turn = m.turn;
  if (kind === "forbidden") return refuse("ArmourLocked", "armour cannot be changed during a fight", "FAC-10");
  if (kind === "move") {
    const zones = c.zones ?? 1;
    if (typeof zones !== "number" || !(zones > 0) || !Number.isFinite(zones))
      return refuse("BadZones", "a move covers a positive part of a zone", "FAC-07");
    if (!canMove(turn, zones))
      return refuse("NoMovementLeft", `${m.id} may move only one zone a turn`, "FAC-06", { name: m.id });
  } else if (!canPay(turn, kind)) {
    if (kind === "main")
      return refuse("NoMainActionLeft", `${m.id} has no main action left this turn`, "FAC-06", { name: m.id });
    return refuse(
      "NoBonusActionLeft",
      `${m.id} has no bonus action left for ${c.action}`,
      kind === "swap" ? "FAC-09" : "FAC-06",
      {
        name: m.id,
      },
    );
  }
  const s = draftFactions(state);
  const d = editMember(s, m.id);
  // The member copy shares its turn budget with the input state: copy it before changing it. Only its own
  // number fields change (canMove and canPay above refused a turn without them), so one level is enough.
  const t: NonNullable<MemberDraft["turn"]> = copyFactionsTurn(turn);
  d.turn = t;
  if (kind === "move") t.zones += c.zones ?? 1;
  else if (kind === "main") t.main = true;
  else t.bonus += kind === "swap" ? 2 : 1;
  if (c.action === "Attack") d.gearUsed = true; // FAC-61
  s.declaration = null; // FAC-71: the Player has declared
  const detail = kind === "move" ? `zones:${c.zones ?? 1}` : kind;
  return applied(s as FactionsState, [{ type: "actionSpent", combatant: m.id, action: c.action, detail }]);
}
