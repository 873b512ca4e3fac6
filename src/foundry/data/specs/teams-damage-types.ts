/** TEAM-63: the damage types and their kind; damage with no stated type is typeless (TEAM-62). */
export const TEAMS_DAMAGE_TYPES = {
  bludgeoning: "physical",
  piercing: "physical",
  slashing: "physical",
  arcane: "elemental",
  cold: "elemental",
  fire: "elemental",
  radiant: "elemental",
  shock: "elemental",
  void: "elemental",
  psychic: "typeless",
  typeless: "typeless",
} as const;

export type TeamsDamageType = keyof typeof TEAMS_DAMAGE_TYPES;
export const TEAMS_DAMAGE_TYPE_IDS = Object.keys(TEAMS_DAMAGE_TYPES) as TeamsDamageType[];

export function damageKindOf(type: string): "physical" | "elemental" | "typeless" {
  return (TEAMS_DAMAGE_TYPES as Record<string, "physical" | "elemental" | "typeless">)[type] ?? "typeless";
}
