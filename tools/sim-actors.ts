// `npm run sim -- --a <path> --b <path>`: the actors of each side, read from a compendium source folder (the JSON or
// YAML files the official CLI extracts, checked as the build checks packs) or from a file: one actor's "Export Data"
// JSON from Foundry, a list of them, or one YAML document. Each becomes the simulator's member through the rule
// set's attack card readers (src/foundry/odds/members), as in the tracker's odds.
import { readFileSync, statSync } from "node:fs";
import { basename, extname } from "node:path";
import yaml from "js-yaml";
import type { RulesetId } from "../src/core/index.js";
import { isList, type Refusal } from "../src/core/shared/index.js";
import type { CardActor } from "../src/foundry/cards/attack-ruleset.js";
import { actorFromDocument, partyFromActors, rulesetOfType } from "../src/foundry/odds/exported-actor.js";
import type { SimMembers, SimParties } from "../src/sim/index.js";
import { readPackSources } from "./pack-sources.mjs";

export type ReadActor = Omit<CardActor, "id">;

/** The actor documents at `path`, each with where it came from; throws an Error naming the path when it cannot. */
function documentsAt(path: string): { doc: unknown; where: string }[] {
  if (statSync(path).isDirectory()) {
    // A pack's Folder documents sort its actors (a party, its adversaries): they are no combatants.
    const { docs } = readPackSources(path, "Actor");
    return docs.filter((d) => !String(d.doc._key).startsWith("!folders!")).map((d) => ({ doc: d.doc, where: d.file }));
  }
  const text = readFileSync(path, "utf8");
  let parsed: unknown;
  try {
    parsed = extname(path) === ".json" ? JSON.parse(text) : yaml.load(text);
  } catch (e) {
    throw new Error(`${path}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  return (isList(parsed) ? parsed : [parsed]).map((doc, i) => ({
    doc,
    where: Array.isArray(parsed) ? `${path}[${i}]` : path,
  }));
}

/** Every actor at the paths, in order; throws an Error naming the first file that holds something else. */
export function readActors(paths: readonly string[]): ReadActor[] {
  const out: ReadActor[] = [];
  for (const path of paths) {
    for (const { doc, where } of documentsAt(path)) {
      const a = actorFromDocument(doc, where);
      if ("ok" in a) throw new Error(a.reason);
      out.push(a);
    }
  }
  return out;
}

/** The one rule set all the actors' types belong to, or why there is none. */
export function rulesetOf(actors: readonly ReadActor[]): string {
  const sets = [...new Set(actors.map((a) => rulesetOfType(a.type) ?? `?${a.type}`))];
  if (sets.length === 1 && !sets[0]!.startsWith("?")) return sets[0] as RulesetId;
  return `the actors must all be of one rule set's types, got ${[...new Set(actors.map((a) => a.type))].join(", ")}`;
}

/** The two parties of a simulation from the actors of each side; a party is named after its first path. */
export function partiesFrom(
  ruleset: RulesetId,
  a: { readonly paths: readonly string[]; readonly actors: readonly ReadActor[] },
  b: { readonly paths: readonly string[]; readonly actors: readonly ReadActor[] },
): SimParties<SimMembers[RulesetId]> | Refusal {
  const taken = new Set<string>();
  const name = (paths: readonly string[]): string =>
    basename(paths[0] ?? "side", extname(paths[0] ?? "")) + (paths.length > 1 ? " …" : "");
  const pa = partyFromActors(ruleset, name(a.paths), a.actors, taken);
  if ("ok" in pa) return pa;
  const pb = partyFromActors(ruleset, name(b.paths), b.actors, taken);
  if ("ok" in pb) return pb;
  return { a: pa, b: pb };
}
