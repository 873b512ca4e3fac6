// `npm run sim -- --ruleset teams --seed 7 --fights 1000`: the encounter simulator from the command line (sim-cli.ts).
import { runSim } from "./sim-cli.js";

process.exitCode = runSim(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
