import { legal } from "../../../core/attack/factions/legal.js";
import type { FactionsAttackCommand, FactionsAttackState } from "../../../core/attack/factions/types.js";
import type { CardRole } from "../attack-ruleset.js";

/**
 * Whose click a command waits on: the attacker's owner rolls to hit and for damage and proposes a stunt (FAC-40);
 * each target's owner takes that target's own reaction (`by`: a blast's every target chooses for itself, FAC-16,
 * FAC-36) and answers a stunt (FAC-41, a single target), and hides behind a bystander only with its owner (FAC-21);
 * closing the reaction window is for whoever owns every target that may still react, so nobody waives another's
 * reaction; everything else, apply included, is the GM's. A bystander's guard (FAC-22) is the GM's too.
 */
export function factionsRoleFor(command: FactionsAttackCommand, state: FactionsAttackState): CardRole {
  switch (command.type) {
    case "roll":
    case "rollDamage":
    case "proposeStunt":
      return "attacker";
    case "answerStunt":
      return { owners: [state.target] };
    case "skipReaction": {
      const reactors = legal(state).flatMap((c) => (c.type === "react" && c.reaction !== "guard" ? [c.by] : []));
      return reactors.length > 0 ? { owners: [...new Set(reactors)] } : "gm";
    }
    case "react": {
      const slot = state.slots.find((s) => s.target.id === command.by);
      if (!slot || command.reaction === "guard") return "gm";
      // FAC-21: the bystander must agree, so its owner clicks too (the command's `agreed` is no one's word); FAC-47: a
      // character the target holds has no say.
      if (command.reaction === "hide" && slot.target.grabbing !== command.behind)
        return { owners: [command.by, command.behind] };
      return { owners: [command.by] };
    }
    default:
      return "gm";
  }
}
