import { draftShared, edit, type DraftCopies, type Draft } from "../shared/copy-data.js";
import type { FactionsMember, FactionsState } from "./types.js";

// The draft helpers, passed on so that this folder reaches shared/copy-data.ts through this file and engine.ts only.
export { draftShared, edit };

/** A reducer's private copy of the state, and of one member. */
export type FactionsDraft = Draft<FactionsState>;
export type MemberDraft = Draft<FactionsMember>;

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
  member: (m: FactionsMember): Draft<FactionsMember> => ({
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
    turn: m.turn as Draft<FactionsMember>["turn"],
  }),
};
