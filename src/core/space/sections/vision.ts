import type { Lighting, Senses, SectionsEntity } from "./types.js";

/**
 * SEC-56..SEC-59: the lighting an entity perceives. Each sense maps the section's own lighting, all at once,
 * so Low-light Vision + Light Sensitivity swaps lit and shadowy (SEC-59), and Darkvision + Light Sensitivity
 * (ruling SEC-59) gives lit -> shadowy, shadowy -> lit, dark -> lit.
 */
export function perceivedLighting(lighting: Lighting, senses: Senses | undefined): Lighting {
  const s = senses ?? {};
  switch (lighting) {
    case "lit":
      return s.lightSensitivity ? "shadowy" : "lit";
    case "shadowy":
      return s.lowLightVision || s.darkvision ? "lit" : "shadowy";
    case "dark":
      return s.darkvision ? "lit" : "dark";
  }
}

/**
 * SEC-49..SEC-51: can an observer in `observerSection` see the occupants of `targetSection` (lit as given)?
 * Lit: yes. Shadowy: only from the same section. Dark: never, not even from inside.
 */
export function canSeeOccupants(
  observerSection: string,
  targetSection: string,
  lighting: Lighting,
  senses?: Senses,
): boolean {
  const l = perceivedLighting(lighting, senses);
  if (l === "lit") return true;
  if (l === "shadowy") return observerSection === targetSection;
  return false;
}

/**
 * SEC-50/51: can the observer see a section's terrain? Shadowy terrain is seen from anywhere; dark only once entered.
 */
export function canSeeTerrain(
  observerSection: string,
  targetSection: string,
  lighting: Lighting,
  senses?: Senses,
): boolean {
  const l = perceivedLighting(lighting, senses);
  return l !== "dark" || observerSection === targetSection;
}

/** Can `observer` see entity `target`? `lightingOf` gives a section's lighting. */
export function canSee(
  observer: SectionsEntity,
  target: SectionsEntity,
  lightingOf: (section: string) => Lighting,
): boolean {
  return canSeeOccupants(observer.section, target.section, lightingOf(target.section), observer.senses);
}

/** SEC-55: an entity that cannot see within its own occupied section is Hindered. */
export function isHindered(entity: SectionsEntity, lightingOf: (section: string) => Lighting): boolean {
  return perceivedLighting(lightingOf(entity.section), entity.senses) === "dark";
}

export interface AttackSight {
  /** SEC-52: the attacker cannot see its target; this Debilitated cannot be removed or alleviated. */
  readonly debilitated: boolean;
  /** SEC-53: the target cannot see its attacker; this Vulnerable cannot be removed or alleviated. */
  readonly vulnerable: boolean;
  /** SEC-55 for each side. */
  readonly attackerHindered: boolean;
  readonly targetHindered: boolean;
  readonly removable: false;
}

/**
 * SEC-52..SEC-55 for one attack. SEC-54: for an entity in several sections, pass the section where the attack
 * occurs as `attackerSection` / `targetSection`.
 */
export function attackSight(
  attacker: SectionsEntity,
  target: SectionsEntity,
  lightingOf: (section: string) => Lighting,
  at: { readonly attackerSection?: string; readonly targetSection?: string } = {},
): AttackSight {
  const a = at.attackerSection === undefined ? attacker : { ...attacker, section: at.attackerSection };
  const t = at.targetSection === undefined ? target : { ...target, section: at.targetSection };
  return {
    debilitated: !canSee(a, t, lightingOf),
    vulnerable: !canSee(t, a, lightingOf),
    attackerHindered: isHindered(a, lightingOf),
    targetHindered: isHindered(t, lightingOf),
    removable: false,
  };
}
