// In-process A/B of the simulator: `node tools/ab.mjs A.mjs B.mjs [windows] [ruleset ...]`.
//
// A and B are esbuild bundles of two versions' simulate(), e.g. for this checkout and an older commit checked out
// with `git worktree add /tmp/old <commit>` (its simulate() lived in src/core/sim before the move to src/sim):
//   echo 'export { simulate } from "./src/sim/index.js";' > ab-entry.ts
//   node_modules/.bin/esbuild ab-entry.ts --bundle --format=esm --platform=node --outfile=/tmp/b.mjs && rm ab-entry.ts
//
// For each rule set the two take turns (A B, B A, ...) in windows of AB_MS (default 600) ms of this process's CPU
// time, each window calling simulate() on the sample parties 20 fights at a time; it prints the median over the
// windows of B's fights per CPU second over A's (> 1: B is faster). CPU time, not wall time: on a shared machine
// other processes take turns on the cores and the wall clock counts theirs. `npm run bench` is no use for this: its
// figures swing 30-50% from run to run on such a machine, while both versions here see the same weather. Run one
// rule set per process (as a world runs one) when comparing: helpers shared by the engines see only its shapes then.
import { pathToFileURL } from "node:url";

const [a, b, windowsArg, ...sets] = process.argv.slice(2);
if (!a || !b) throw new Error("usage: node tools/ab.mjs A.mjs B.mjs [windows] [ruleset ...]");
const A = (await import(pathToFileURL(a).href)).simulate;
const B = (await import(pathToFileURL(b).href)).simulate;
const WINDOWS = Number(windowsArg ?? 11);
const MS = Number(process.env.AB_MS ?? 600);
const RULESETS = sets.length > 0 ? sets : ["sections", "escalation", "teams", "strain", "factions"];

const cpu = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
/** Fights per CPU second of `simulate` over `ms` ms of CPU time. */
function rate(simulate, ruleset, ms) {
  let n = 0;
  const c0 = cpu();
  let c = c0;
  while (c - c0 < ms * 1000) {
    simulate({ ruleset, seed: 1 + (n % 5), fights: 20 });
    n++;
    c = cpu();
  }
  return (n * 20 * 1e6) / (c - c0);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

for (const ruleset of RULESETS) {
  rate(A, ruleset, MS); // warm-up
  rate(B, ruleset, MS);
  const ratios = [];
  for (let i = 0; i < WINDOWS; i++) {
    const first = i % 2 === 0 ? rate(A, ruleset, MS) : rate(B, ruleset, MS);
    const second = i % 2 === 0 ? rate(B, ruleset, MS) : rate(A, ruleset, MS);
    ratios.push(i % 2 === 0 ? second / first : first / second);
  }
  const lo = Math.min(...ratios).toFixed(3);
  const hi = Math.max(...ratios).toFixed(3);
  console.log(`${ruleset.padEnd(11)} B/A ${median(ratios).toFixed(3)}  (windows ${lo} to ${hi})`);
}
