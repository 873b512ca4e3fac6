// `npm test`: build dist/ (the system.json test reads it), the type-checks, the lint, the formatting check, vitest,
// then clause coverage. Ends with the line "N passed, N failed" that CI reads; exits non-zero on any failure.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const results = ".vitest-results.json";
// Two lanes, run side by side (CI has two cores; each tsc is one thread): the build, three type-checks and the
// formatting check; and the largest type-check with the lint. Each step's output is printed whole once it ends, with
// its time, so the lanes can be kept even.
const lanes = [
  [
    { name: "build", cmd: "npm", args: ["run", "--silent", "build"] },
    {
      name: "type-check rules core (src/core, no Foundry types)",
      cmd: "npx",
      args: ["tsc", "-p", "src/core/tsconfig.json"],
    },
    {
      name: "type-check simulator (src/sim, no Foundry types)",
      cmd: "npx",
      args: ["tsc", "-p", "src/sim/tsconfig.json"],
    },
    { name: "type-check Foundry layer (v13 types, strict)", cmd: "npx", args: ["tsc", "-p", "tsconfig.json"] },
    {
      name: "formatting (prettier --check; npm run format fixes it)",
      cmd: "npx",
      args: ["prettier", "--check", "--log-level", "warn", "."],
    },
  ],
  [
    { name: "type-check tests, benchmarks and tools", cmd: "npx", args: ["tsc", "-p", "tsconfig.tests.json"] },
    // Every rule is an error, and a warning fails the step too: the lint stays clean.
    {
      name: "lint (typescript-eslint, type-aware; npm run lint:fix fixes the mechanical finds)",
      cmd: "npx",
      args: ["eslint", "--max-warnings", "0", "src", "test", "tools", "bench", "eslint.config.js"],
    },
  ],
];
let passed = 0;
let failed = 0;
const t0 = Date.now();

/** One step, its output gathered and printed whole when it ends; true when it passed. */
function run(step) {
  return new Promise((done) => {
    const start = Date.now();
    const child = spawn(step.cmd, step.args, { stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => out.push(b));
    child.on("close", (code) => {
      const seconds = ((Date.now() - start) / 1000).toFixed(1);
      process.stdout.write(`\n> ${step.name} (${seconds} s)\n${Buffer.concat(out).toString()}`);
      if (code !== 0) console.log(`FAILED: ${step.name}`);
      done(code === 0);
    });
  });
}

const outcomes = await Promise.all(
  lanes.map(async (lane) => {
    const ok = [];
    for (const step of lane) ok.push(await run(step));
    return ok;
  }),
);
for (const ok of outcomes.flat()) ok ? passed++ : failed++;

console.log("\n> vitest");
rmSync(results, { force: true });
const v = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${results}`], {
  stdio: "inherit",
});
if (existsSync(results)) {
  const json = JSON.parse(readFileSync(results, "utf8"));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  // A file that fails to load has no tests to count; count it as a failure rather than lose it.
  failed += json.testResults.filter((f) => f.status === "failed" && f.assertionResults.length === 0).length;
} else {
  failed++;
  console.log("FAILED: vitest wrote no results");
}
if (v.status !== 0 && failed === 0) failed++;

console.log("\n> rules fidelity (informational)");
if (existsSync("../shared/tools/clauses")) spawnSync("node", ["../shared/tools/clauses"], { stdio: "inherit" });
else console.log("../shared/tools/clauses not found beside this checkout; skipped");

console.log(
  `\ncompleted in ${((Date.now() - t0) / 1000).toFixed(1)} s (type-checks and the build count as one check each)`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
