import { describe, expect, it } from "vitest";
import {
  actionReach,
  attackSight,
  canSeeOccupants,
  canSeeTerrain,
  isHindered,
  perceivedLighting,
} from "../../../../src/core/space/sections/index.js";
import type { Lighting } from "../../../../src/core/space/sections/index.js";
import { battleOf, ent, hallway } from "./fixtures.js";

const L: Record<string, Lighting> = { lit: "lit", sh: "shadowy", dk: "dark" };
const lightingOf = (s: string): Lighting => L[s.split("-")[0]!] ?? "lit";

describe("sections lighting and vision", () => {
  it("SEC-49 a lit section and its occupants can be seen from anywhere", () => {
    expect(canSeeOccupants("elsewhere", "lit-1", "lit")).toBe(true);
    expect(canSeeTerrain("elsewhere", "lit-1", "lit")).toBe(true);
  });

  it("SEC-50 in a shadowy section occupants are seen only from inside; its terrain from anywhere", () => {
    expect(canSeeOccupants("a", "b", "shadowy")).toBe(false);
    expect(canSeeOccupants("b", "b", "shadowy")).toBe(true);
    expect(canSeeTerrain("a", "b", "shadowy")).toBe(true);
  });

  it("SEC-51 a dark section is seen only once entered and its occupants not even from inside", () => {
    expect(canSeeTerrain("a", "b", "dark")).toBe(false);
    expect(canSeeTerrain("b", "b", "dark")).toBe(true);
    expect(canSeeOccupants("b", "b", "dark")).toBe(false);
  });

  it("SEC-52 an attacker that cannot see its target is Debilitated, and this cannot be removed", () => {
    const s = attackSight(ent("a", "lit-1"), ent("t", "sh-1", "npc"), lightingOf);
    expect(s).toMatchObject({ debilitated: true, vulnerable: false, removable: false });
  });

  it("SEC-53 a target that cannot see its attacker is Vulnerable, and this cannot be removed", () => {
    const s = attackSight(ent("a", "sh-1"), ent("t", "lit-1", "npc"), lightingOf);
    expect(s).toMatchObject({ debilitated: false, vulnerable: true, removable: false });
  });

  it("SEC-54 an entity in several sections uses only the section where the attack occurs", () => {
    const a = ent("a", "lit-1");
    const giant = ent("t", "dk-1", "npc");
    expect(attackSight(a, giant, lightingOf).debilitated).toBe(true);
    expect(attackSight(a, giant, lightingOf, { targetSection: "lit-2" }).debilitated).toBe(false);
  });

  it("SEC-55 an entity that cannot see within its own section is Hindered", () => {
    expect(isHindered(ent("a", "dk-1"), lightingOf)).toBe(true);
    expect(isHindered(ent("a", "sh-1"), lightingOf)).toBe(false);
    expect(isHindered(ent("a", "dk-1", "pc", { senses: { darkvision: true } }), lightingOf)).toBe(false);
    const g = hallway(2, [], ["dark", "lit"]);
    const b = battleOf(g, [ent("a", "s0"), ent("t", "s1", "npc")]);
    const r = actionReach(g, b, { attacker: "a", target: "t", action: { range: 1 } });
    expect(r.ok && r.sight).toMatchObject({
      debilitated: false,
      vulnerable: true,
      attackerHindered: true,
      targetHindered: false,
    });
  });

  it("SEC-56 Low-light Vision treats shadowy sections as lit", () => {
    const llv = { lowLightVision: true };
    expect([perceivedLighting("lit", llv), perceivedLighting("shadowy", llv), perceivedLighting("dark", llv)]).toEqual([
      "lit",
      "lit",
      "dark",
    ]);
    expect(canSeeOccupants("a", "b", "shadowy", llv)).toBe(true);
  });

  it("SEC-57 Darkvision treats shadowy and dark sections as lit", () => {
    const dv = { darkvision: true };
    expect([perceivedLighting("lit", dv), perceivedLighting("shadowy", dv), perceivedLighting("dark", dv)]).toEqual([
      "lit",
      "lit",
      "lit",
    ]);
    expect(canSeeOccupants("a", "b", "dark", dv)).toBe(true);
  });

  it("SEC-58 Light Sensitivity treats lit sections as shadowy", () => {
    const ls = { lightSensitivity: true };
    expect([perceivedLighting("lit", ls), perceivedLighting("shadowy", ls), perceivedLighting("dark", ls)]).toEqual([
      "shadowy",
      "shadowy",
      "dark",
    ]);
    expect(canSeeOccupants("a", "b", "lit", ls)).toBe(false);
    expect(canSeeOccupants("b", "b", "lit", ls)).toBe(true);
  });

  it("SEC-59 (example) Low-light Vision + Light Sensitivity swaps lit and shadowy; dark stays dark", () => {
    const both = { lowLightVision: true, lightSensitivity: true };
    expect([
      perceivedLighting("lit", both),
      perceivedLighting("shadowy", both),
      perceivedLighting("dark", both),
    ]).toEqual(["shadowy", "lit", "dark"]);
  });

  it("SEC-59 ruling: Darkvision + Light Sensitivity sees shadowy and dark as lit, lit as shadowy", () => {
    const both = { darkvision: true, lightSensitivity: true };
    expect([
      perceivedLighting("lit", both),
      perceivedLighting("shadowy", both),
      perceivedLighting("dark", both),
    ]).toEqual(["shadowy", "lit", "lit"]);
  });
});
