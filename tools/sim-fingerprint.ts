// `npx tsx tools/sim-fingerprint.ts`: one md5 over the simulator's reports for every rule set, target choice and
// a few seeds. A change to the engines, pipelines or simulator that must not change any result leaves it as it was.
import { createHash } from "node:crypto";
import { RULESETS } from "../src/core/index.js";
import { simulate } from "../src/sim/index.js";

const hash = createHash("md5");
for (const ruleset of RULESETS)
  for (const target of ["weakest", "strongest", "first"] as const)
    for (const seed of [1, 7, 42])
      hash.update(JSON.stringify(simulate({ ruleset, seed, fights: 150, tactics: { target } })));
console.log(hash.digest("hex"));
