import { refuse, type Refusal } from "../core/shared/index.js";

/** The simulator sent a command its engine refused: a bug in the tactics or the data, never a result. */
export function engineRefused(ruleset: string, command: string, why: Refusal): Refusal {
  return refuse("SimEngineRefused", `the ${ruleset} engine refused ${command}: ${why.reason}`, why.clause, {
    ruleset,
    command,
    reason: why.reason,
  });
}

export function nobodyUp(ruleset: string, round: number): Refusal {
  return refuse(
    "SimNobodyUp",
    `the ${ruleset} turn order has nobody to act in round ${round} and the fight is not over`,
    undefined,
    {
      ruleset,
      round,
    },
  );
}

/** A resumed fight's party member that its turn order's state does not list. */
export function cannotResume(ruleset: string, id: string): Refusal {
  return refuse("SimCannotResume", `the ${ruleset} state to resume has no combatant ${id}`, undefined, {
    reason: `no combatant ${id} in it`,
  });
}
