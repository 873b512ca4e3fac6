import { stepCommands } from "../pipeline.js";
import { isDown } from "./character.js";
import { reactionBar } from "./reactions.js";
import type { FactionsAttackCommand, FactionsAttackState } from "./types.js";

/** The card's buttons: the answers to a pending stunt, or every reaction each target and bystander may take. */
export function legal(state: FactionsAttackState): FactionsAttackCommand[] {
  switch (state.step) {
    case "reactionWindow": {
      if (state.stunt?.answer === "pending")
        return [
          { type: "answerStunt", accept: true },
          { type: "answerStunt", accept: false },
        ];
      const out: FactionsAttackCommand[] = [];
      for (const s of state.slots) {
        if (s.reacted || reactionBar(state, s.target, true)) continue;
        out.push({ type: "react", reaction: "dodge", by: s.target.id });
        // FAC-38 ruling: an attacker caught in its own blast may dodge it, not counter itself.
        if (!state.slots.some((x) => x.reaction === "counter") && s.target.id !== state.attackerData.id)
          out.push({ type: "react", reaction: "counter", by: s.target.id });
        for (const b of state.bystanders) {
          if (!isDown(b)) out.push({ type: "react", reaction: "hide", by: s.target.id, behind: b.id, agreed: true });
        }
      }
      for (const s of state.slots)
        for (const b of state.bystanders)
          if (!reactionBar(state, b, false)) out.push({ type: "react", reaction: "guard", by: b.id, for: s.target.id });
      out.push({ type: "skipReaction" });
      return out;
    }
    default:
      return stepCommands(state.step);
  }
}
