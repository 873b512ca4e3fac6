// `npm run sim -- --demo <rule set>`: each rule set's demo encounter, the party against the adversaries of its actors
// pack (packs/<rule set>-actors, its Party and Adversaries folders), read as `--a` and `--b` read actors. The seed and
// the number of fights are fixed, so docs/simulator.md's figures and test/sim/demo-encounters.test.ts are the same run.
import type { RulesetId } from "../src/core/index.js";
import { actorFromDocument } from "../src/foundry/odds/exported-actor.js";
import { simulate, type SimInput, type SimReport } from "../src/sim/index.js";
import { readPackSources } from "./pack-sources.mjs";
import { partiesFrom, type ReadActor } from "./sim-actors.js";

/** The demo runs: a few hundred fights, enough for the figures to hold and quick enough for a test. */
export const DEMO_SEED = 29;
export const DEMO_FIGHTS = 400;

/** The folder of each side in every actors pack. */
const SIDES = { party: "Party", adversaries: "Adversaries" } as const;

/** The party and the adversaries of a rule set's actors pack, each in the pack's order (its file names). */
export function demoEncounter(ruleset: RulesetId): { party: ReadActor[]; adversaries: ReadActor[] } {
  const path = `packs/${ruleset}-actors`;
  const { docs } = readPackSources(path, "Actor");
  const folderNamed = (name: string): unknown =>
    docs.find((d) => String(d.doc._key).startsWith("!folders!") && d.doc.name === name)?.doc._id ?? `no ${name} folder`;
  const side = (name: string): ReadActor[] =>
    docs
      .filter((d) => d.doc.folder === folderNamed(name))
      .map((d) => {
        const actor = actorFromDocument(d.doc, d.file);
        if ("ok" in actor) throw new Error(actor.reason);
        return actor;
      });
  return { party: side(SIDES.party), adversaries: side(SIDES.adversaries) };
}

/** One run of the demo encounter: the party is side a. Throws if the pack cannot be read or played. */
export function playDemo(ruleset: RulesetId, fights = DEMO_FIGHTS, seed = DEMO_SEED): SimReport {
  const { party, adversaries } = demoEncounter(ruleset);
  const parties = partiesFrom(
    ruleset,
    { paths: [SIDES.party], actors: party },
    { paths: [SIDES.adversaries], actors: adversaries },
  );
  if ("ok" in parties) throw new Error(parties.reason);
  const report = simulate({ ruleset, seed, fights, parties, detail: true } as SimInput);
  if (!report.ok) throw new Error(report.reason);
  return report;
}

/** The round the middle fight ended in (the lower middle for an even count), from the detail's rounds ended. */
export function medianRounds(report: {
  readonly fights: number;
  readonly detail?: Pick<NonNullable<SimReport["detail"]>, "roundsEnded">;
}): number {
  const ended = report.detail?.roundsEnded;
  if (!ended) return Number.NaN;
  let seen = 0;
  for (let round = 0; round < ended.a.length; round++) {
    seen += (ended.a[round] ?? 0) + (ended.b[round] ?? 0) + (ended.draws[round] ?? 0);
    if (2 * seen >= report.fights) return round;
  }
  return Number.NaN;
}
