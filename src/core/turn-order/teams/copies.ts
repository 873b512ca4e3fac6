import { cloneData, type DraftCopies, type Draft } from "./clone.js";
import type { TeamsMember, TeamsState } from "./types.js";

/** The teams engine's draft copies (clone.ts): one literal each, in start's field order. */
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
  member: (m: TeamsMember): Draft<TeamsMember> => ({
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
    // Nested parts by the generic copy: it copies whatever a stored state holds there without throwing.
    turn: cloneData(m.turn) as Draft<TeamsMember>["turn"],
    extended: cloneData(m.extended) as Draft<TeamsMember>["extended"],
    untilNextTurn: cloneData(m.untilNextTurn) as Draft<TeamsMember>["untilNextTurn"],
    granted: m.granted,
  }),
};
