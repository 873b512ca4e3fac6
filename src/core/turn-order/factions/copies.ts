import { draftShared, edit, type DraftCopies, type Draft } from "../shared/copy-data.js";
import type { FactionsMember, FactionsState } from "./types.js";

/** A reducer's private copy of the state, and of one member. */
export type FactionsDraft = Draft<FactionsState>;
export type MemberDraft = Draft<FactionsMember>;

/** A member's own copy, by one literal. */
export function copyFactionsMember(m: FactionsMember): MemberDraft {
  return {
    id: m.id,
    faction: m.faction,
    wit: m.wit,
    health: m.health,
    maxHealth: m.maxHealth,
    immuneToFear: m.immuneToFear,
    concealed: m.concealed,
    able: m.able,
    out: m.out,
    retreated: m.retreated,
    surrendered: m.surrendered,
    moraleExempt: m.moraleExempt,
    acted: m.acted,
    gearUsed: m.gearUsed,
    // Shared: the one reducer that changes a turn budget in place (spend) copies it first.
    turn: m.turn,
  };
}

/** The factions engine's draft copies (shared/copy-data.ts): one literal each, in start's field order. */
export const FACTIONS_COPIES: DraftCopies<FactionsState> = {
  top: (s: FactionsState): Draft<FactionsState> =>
    ({
      kind: s.kind,
      round: s.round,
      phase: s.phase,
      factions: s.factions,
      players: s.players,
      holder: s.holder,
      roster: s.roster,
      members: { ...s.members },
      startNumbers: s.startNumbers,
      choosingFirst: s.choosingFirst,
      up: s.up,
      acting: s.acting,
      passesInRow: s.passesInRow,
      passed: s.passed,
      fat: s.fat,
      moraleDue: s.moraleDue,
      moraleFailed: s.moraleFailed,
      declaration: s.declaration,
      result: s.result,
      options: s.options,
    }) as Draft<FactionsState>,
  member: copyFactionsMember,
};

/** A copy-on-write draft of `state` (shared/copy-data.ts draftShared) with the factions copies above. */
export function draftFactions(state: FactionsState): FactionsDraft {
  return draftShared(state, FACTIONS_COPIES);
}

/** The member `id` of a draft to change: copied first if still the original's (shared/copy-data.ts edit). */
export function editMember(s: FactionsDraft, id: string): MemberDraft {
  return edit(s, id);
}
