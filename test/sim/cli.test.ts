// The command-line tool: a report for good arguments, the usage and exit code 2 for bad ones.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runSim } from "../../tools/sim-cli.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The command as a Node process with tsx (seconds on a busy two-core machine): the entry point itself. */
function simProcess(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", "tools/sim.ts", ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 60000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The command's run in this process: what the entry point runs, with what it writes and its exit code. */
function sim(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  const status = runSim(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { status, stdout, stderr };
}

describe("npm run sim", { timeout: 60_000 }, () => {
  it("runs as a process: the report on stdout and exit code 0; bad arguments exit with code 2", () => {
    const r = simProcess("--ruleset", "teams", "--seed", "7", "--fights", "20");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("teams, seed 7, 20 fights");
    const bad = simProcess("--ruleset", "chess");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("usage: npm run sim");
  });

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
