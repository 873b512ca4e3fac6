// Types of tools/adventures.mjs (a plain .mjs the build runs with node), for the TypeScript tools and tests.
import type { RulesetId } from "../src/core/rulesets.js";

export const COMBAT_TYPES: Readonly<Record<RulesetId, string>>;
export const SIDE_FOLDERS: readonly string[];
export const SIDE_GROUPS: Readonly<Partial<Record<RulesetId, Readonly<Record<string, string>>>>>;
export const DARKNESS: Readonly<Record<string, number>>;
export const DARKNESS_BEHAVIOUR: string;
export function adventureRuleset(packName: string): RulesetId | null;
export function withoutKeys<T>(value: T): T;
export function retargetLinks(html: string, held: ReadonlySet<string>): string;
/** The whole Adventure document of a rule set, as the build compiles it. */
export function adventureDocument(
  root: string,
  ruleset: RulesetId,
): Record<string, unknown> & { _id: string; name: string };
export function compileSource(
  root: string,
  pack: { readonly name: string; readonly path: string; readonly type: string },
): { dir: string; yaml: boolean; count: number };
