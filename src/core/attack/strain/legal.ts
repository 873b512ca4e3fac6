import { stepCommands } from "../pipeline.js";
import type { StrainAttackCommand, StrainAttackState } from "./types.js";

/** Every step of a strain attack offers one button; the choices were made with the declaration. */
export function legal(state: StrainAttackState): StrainAttackCommand[] {
  return stepCommands(state.step);
}
