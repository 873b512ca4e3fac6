/** A row's side: its name, shown as text, and the tone the row and its badge are tinted with (never the tone alone). */
export interface SideMark {
  readonly label: string;
  readonly tone: string;
}

/** Sides named after a token's disposition keep its meaning in every fight: friends one tone, foes another. */
const DISPOSITION_TONES: Readonly<Record<string, string>> = {
  pc: "friendly",
  friendly: "friendly",
  npc: "hostile",
  hostile: "hostile",
  adversary: "hostile",
  neutral: "neutral",
  secret: "secret",
};

/** How many tones other sides (CombatantGroups, the GM's own teams) take in turn. */
const OTHER_TONES = 4;

/**
 * A tone for each side, in the order given: a disposition side its disposition's, any other the next of a few
 * (`side-1`, `side-2`...), so two sides of one fight differ. Pure.
 */
export function sideTones(sides: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  let other = 0;
  for (const side of sides) {
    if (out.has(side)) continue;
    const tone = Object.hasOwn(DISPOSITION_TONES, side) ? DISPOSITION_TONES[side] : undefined;
    out.set(side, tone ?? `side-${(other++ % OTHER_TONES) + 1}`);
  }
  return out;
}
