// The command-line tool: a report for good arguments, the usage and exit code 2 for bad ones.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

function sim(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", "tools/sim.ts", ...args], { cwd: root, encoding: "utf8", timeout: 60000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// Each test starts a Node process with tsx: seconds on a busy two-core machine, so each gets a minute.
describe("npm run sim", { timeout: 60_000 }, () => {
  it("prints the seed, the parties, win rates with an interval and the spread of rounds", () => {
    const r = sim("--ruleset", "teams", "--seed", "7", "--fights", "200");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("teams, seed 7, 200 fights");
    expect(r.stdout).toMatch(/party a: Players \(players-boudica/);
    expect(r.stdout).toMatch(/wins a: +\d+ +\d+\.\d% +\(95% CI \d+\.\d% to \d+\.\d%\)/);
    expect(r.stdout).toMatch(/rounds: mean \d+\.\d\d, sd \d+\.\d\d, min \d+, max \d+/);
  });

  it("prints the same JSON report as simulate() for --json", async () => {
    const { simulate } = await import("../../src/sim/index.js");
    const r = sim("--ruleset", "factions", "--seed", "3", "--fights", "50", "--json");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(simulate({ ruleset: "factions", seed: 3, fights: 50 }));
  });

  for (const args of [
    ["--ruleset", "chess"],
    ["--ruleset", "teams", "--seed", "abc"],
    ["--ruleset", "teams", "--fights", "0"],
    ["--seed", "3"],
    ["--ruleset", "teams", "--loud"],
  ]) {
    it(`exits with code 2 and the usage for ${args.join(" ")}`, () => {
      const r = sim(...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain("usage: npm run sim");
      expect(r.stdout).toBe("");
    });
  }
});
