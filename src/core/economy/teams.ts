/**
 * The teams action economy (TEAM-17..TEAM-35): three actions a turn, named actions with their
 * costs, free actions, extended actions paid from later turns, and the reaction budget.
 * Pure data and small pure functions; the teams turn-order engine keeps the numbers in its state.
 */

/** How a named action is paid and what it does to the turn. */
export interface TeamsActionRule {
  /** Actions it costs; 0 for a free action (TEAM-28). */
  readonly actions: number;
  readonly stamina?: number;
  readonly focus?: number;
  /** Ends the turn once paid (Guard, Ready an Action, Wait). */
  readonly endsTurn?: boolean;
  /** Usable once per turn (Move, Step). */
  readonly oncePerTurn?: boolean;
  readonly clause: string;
}

export const TEAMS_ACTIONS: Readonly<Record<string, TeamsActionRule>> = {
  Attack: { actions: 1, clause: "TEAM-18" },
  Brandish: { actions: 1, clause: "TEAM-18" },
  Interact: { actions: 1, clause: "TEAM-18" },
  "Stand Up": { actions: 1, clause: "TEAM-18" },
  // TEAM-19 ruling: Command also costs one of the commander's actions (option commandActions, default 1).
  Command: { actions: 1, focus: 2, clause: "TEAM-19" },
  Move: { actions: 1, oncePerTurn: true, clause: "TEAM-20" },
  Sprint: { actions: 1, stamina: 1, clause: "TEAM-21" },
  Guard: { actions: 1, endsTurn: true, clause: "TEAM-22" },
  "Ready an Action": { actions: 1, endsTurn: true, clause: "TEAM-23" },
  Resuscitate: { actions: 2, clause: "TEAM-24" },
  "Seek Cover": { actions: 1, clause: "TEAM-25" },
  "Short Task": { actions: 3, clause: "TEAM-26" },
  Wait: { actions: 1, endsTurn: true, clause: "TEAM-27" },
  "Drop Item": { actions: 0, clause: "TEAM-29" },
  "Drop Prone": { actions: 0, clause: "TEAM-30" },
  Step: { actions: 0, oncePerTurn: true, clause: "TEAM-31" },
};

/** Reactions and what they cost (TEAM-35 budget; the tests themselves belong to the defence module). */
export const TEAMS_REACTIONS: Readonly<Record<string, { readonly stamina?: number; readonly focus?: number }>> = {
  Block: { stamina: 1 },
  Dodge: { stamina: 1 },
  Fortify: { stamina: 1 },
  Intercept: { stamina: 1 },
  Parry: { stamina: 1 },
  Resist: { focus: 1 },
};

/** TEAM-17: three actions each turn. */
export const TEAMS_ACTIONS_PER_TURN = 3;
/** TEAM-35: one reaction per round. */
export const TEAMS_REACTIONS_PER_ROUND = 1;

/** TEAM-54 ruling: what the multiple attack penalty's count resets with; the choices a table may pick. */
export const ATTACK_COUNT_RESETS = ["round", "turn"] as const;

export interface TeamsEconomyOptions {
  /** TEAM-19 ruling: actions Command costs the commander besides 2 focus. */
  readonly commandActions: number;
  /** TEAM-21 ruling: Sprint may be taken more than once a turn. */
  readonly sprintRepeatable: boolean;
  /** TEAM-31 ruling: Step and Move may both be used in one turn. */
  readonly stepWithMove: boolean;
  /** TEAM-23 ruling: Ready an Action uses up the round's reaction when it triggers. */
  readonly readyUsesReaction: boolean;
  /** TEAM-33 ruling: an extended action may be abandoned in the turn it began. */
  readonly abandonSameTurn: boolean;
  /** TEAM-54 ruling: the attack count resets each "round" (rule text) or each "turn" (example). */
  readonly attackCountResets: (typeof ATTACK_COUNT_RESETS)[number];
}

export const DEFAULT_TEAMS_ECONOMY: TeamsEconomyOptions = {
  commandActions: 1,
  sprintRepeatable: false,
  stepWithMove: false,
  readyUsesReaction: true,
  abandonSameTurn: true,
  attackCountResets: "round",
};

/** What one turn has used so far. */
export interface TeamsTurnBudget {
  readonly actionsUsed: number;
  readonly moved: boolean;
  readonly sprinted: boolean;
  readonly stepped: boolean;
  /** Allies commanded this turn (TEAM-19: once per ally per turn). */
  readonly commanded: readonly string[];
}

export const FRESH_TEAMS_TURN: TeamsTurnBudget = {
  actionsUsed: 0,
  moved: false,
  sprinted: false,
  stepped: false,
  commanded: [],
};

/** An action started with too few actions left, paid from later turns (TEAM-32). */
export interface ExtendedAction {
  readonly action: string;
  readonly cost: number;
  readonly paid: number;
  /** Round it began, for TEAM-33 abandonment in the same turn. */
  readonly startedRound: number;
}

/** Cost in actions of a named action, or of a custom one (TEAM-17: 1 unless it says otherwise). */
export function teamsActionCost(action: string, custom: number | undefined, options: TeamsEconomyOptions): number {
  if (action === "Command") return options.commandActions;
  const rule = TEAMS_ACTIONS[action];
  if (rule) return rule.actions;
  return custom ?? 1;
}

export function actionsLeft(turn: TeamsTurnBudget): number {
  return Math.max(0, TEAMS_ACTIONS_PER_TURN - turn.actionsUsed);
}
