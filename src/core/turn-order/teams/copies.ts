import { draftShared, edit, type DraftCopies, type Draft } from "../shared/copy-data.js";
import type { TeamsTurnBudget } from "../../economy/teams.js";
import type { CombatantId } from "../types.js";
import type { TeamsMember, TeamsState } from "./types.js";

/**
 * A member being changed: its own fields are written; its nested parts (turn, extended, untilNextTurn) are replaced
 * whole.
 */
export type MemberDraft = { -readonly [K in keyof TeamsMember]: TeamsMember[K] };

/** The engine's draft of a state: its top level written, its members changed through shared/copy-data.ts edit(). */
export type StateDraft = Omit<Draft<TeamsState>, "members"> & { members: Record<CombatantId, MemberDraft> };

/** A member's own copy, by one literal. */
export function copyTeamsMember(m: TeamsMember): MemberDraft {
  return {
    id: m.id,
    team: m.team,
    able: m.able,
    out: m.out,
    acted: m.acted,
    cannotBeSurprised: m.cannotBeSurprised,
    stamina: m.stamina,
    focus: m.focus,
    reactions: m.reactions,
    attacks: m.attacks,
    // Nested parts are shared: the engine replaces them (spend copies the turn budget first), never edits them in
    // place.
    turn: m.turn,
    extended: m.extended,
    untilNextTurn: m.untilNextTurn,
    granted: m.granted,
  };
}

/** The teams engine's draft copies (shared/copy-data.ts): one literal each, in start's field order. */
export const TEAMS_COPIES: DraftCopies<TeamsState> = {
  top: (s: TeamsState): Draft<TeamsState> =>
    ({
      kind: s.kind,
      round: s.round,
      phase: s.phase,
      initiative: s.initiative,
      surprising: s.surprising,
      roster: s.roster,
      members: { ...s.members },
      up: s.up,
      acting: s.acting,
      lastSide: s.lastSide,
      result: s.result,
      objectives: s.objectives,
      options: s.options,
    }) as Draft<TeamsState>,
  member: copyTeamsMember,
};

/** A copy-on-write draft of `state` (shared/copy-data.ts draftShared) with the teams copies above. */
export function draftTeams(state: TeamsState): StateDraft {
  return draftShared(state, TEAMS_COPIES);
}

/** The member `id` of a draft to change: copied first if still the original's (shared/copy-data.ts edit). */
export function editMember(s: StateDraft, id: string): MemberDraft {
  return edit(s, id);
}

/** The acting member's turn budget being changed (its list of commanded allies is replaced whole). */
type TurnDraft = { -readonly [K in keyof TeamsTurnBudget]: TeamsTurnBudget[K] };

/** A turn budget's copy to change: one literal (a spread copy costs several times more), the commanded list shared. */
export function copyTurn(t: TeamsTurnBudget): TurnDraft {
  return {
    actionsUsed: t.actionsUsed,
    moved: t.moved,
    sprinted: t.sprinted,
    stepped: t.stepped,
    commanded: t.commanded,
  };
}
