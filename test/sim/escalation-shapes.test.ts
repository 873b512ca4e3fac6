// The escalation fight keeps its units in one shape (escalation-fight.ts same()): how the members handed to it
// are written (key order, extra keys) must never change a fight.
import { describe, expect, it } from "vitest";
import type { EscalationCombatant } from "../../src/core/attack/escalation/index.js";
import { seededRoller } from "../../src/core/shared/index.js";
import { DEFAULT_ROUND_CAP, DEFAULT_TACTICS, escalationFight, SAMPLE_PARTIES } from "../../src/sim/index.js";

/** The same unit with its keys in reverse order and one key the fight does not know. */
function rewritten(m: EscalationCombatant): EscalationCombatant {
  const out: Record<string, unknown> = { note: "extra" };
  for (const k of Object.keys(m).reverse()) out[k] = (m as unknown as Record<string, unknown>)[k];
  return out as unknown as EscalationCombatant;
}

describe("escalation fight and unit shapes", () => {
  it("ESC-63 units written differently play the same fights (prone, used free hits and wounds as before)", () => {
    const p = SAMPLE_PARTIES.escalation;
    // A prone unit (ESC-47), used Free Hit Slots (ESC-42) and an old wound, so every copy path of the fight is taken.
    const a = p.a.members.map((m, i): EscalationCombatant => ({ ...m, prone: i === 0, freeHitsUsed: i === 1 ? 1 : 0 }));
    const b = p.b.members.map((m, i): EscalationCombatant =>
      i === 2 ? { ...m, wounds: [{ target: "slowing", round: 1 }] } : m,
    );
    for (const seed of [1, 2, 3]) {
      const plain = seededRoller(seed);
      const other = seededRoller(seed);
      for (let k = 0; k < 40; k++) {
        const x = escalationFight(a, b, plain, DEFAULT_TACTICS, DEFAULT_ROUND_CAP);
        const y = escalationFight(a.map(rewritten), b.map(rewritten), other, DEFAULT_TACTICS, DEFAULT_ROUND_CAP);
        expect(y).toEqual(x);
      }
    }
  });
});
