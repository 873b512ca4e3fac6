import type { TurnOrderView } from "../../../core/turn-order/types.js";
import type { TurnCommand } from "../../combat/fight/turn-command.js";

/** A runaway search for the mover's turn gives up after this many commands. */
export const MAX_STEPS_TO_TURN = 60;

/**
 * The GM's next command to bring a fight to the mover's turn, from the commands the engine offers now: "ready" once
 * the mover acts and may move (sections draw their card first, SEC-05; strain's Round Zero takes no actions); undefined
 * when nothing offered helps. It takes the mover's turn when it can, chooses the mover's side to go first, ends others'
 * turns, passes for the other side, and otherwise lets another combatant act so that its turn can end. Pure, so it is
 * tested against every turn order (the movement batch plays it in a real world).
 */
export function toMoversTurn(
  offered: readonly TurnCommand[],
  view: Pick<TurnOrderView, "acting" | "phase">,
  mover: string,
  moverSide: string,
): TurnCommand | "ready" | undefined {
  const mine = (type: string) => offered.find((c) => c.type === type && c.combatant === mover);
  // STR-09: in Round Zero a character acts but takes no actions, so its move waits for round 1.
  if (view.acting === mover && view.phase !== "roundZero") return mine("draw") ?? "ready";
  return (
    mine("act") ??
    offered.find((c) => c.type === "chooseFirst" && c.side === moverSide) ??
    offered.find((c) => c.type === "endTurn" && c.combatant === view.acting) ??
    offered.find((c) => c.type === "pass" && c.side !== moverSide) ??
    offered.find((c) => c.type === "act" && c.combatant !== mover) ??
    offered.find((c) => c.type === "position")
  );
}
