import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

type Manifest = {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
type Lock = { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as Manifest;
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as Lock;
const declared = pkg.engines?.node ?? "";
const floor = semver.minVersion(declared)?.version ?? "";

/** The packages (name@version: range) whose declared Node range leaves out `version`. */
function refusing(node: string, ranges: readonly (readonly [string, string | undefined])[]): string[] {
  return ranges
    .filter(([, range]) => range !== undefined && !semver.satisfies(node, range))
    .map(([who, range]) => `${who}: ${range}`);
}

describe("Node versions", () => {
  it("package.json declares a Node floor, and the Node running the tests is within it", () => {
    expect(semver.validRange(declared), declared).not.toBeNull();
    expect(floor).not.toBe("");
    expect(semver.satisfies(process.versions.node, declared), `${process.versions.node} vs ${declared}`).toBe(true);
  });

  it("every installed direct dependency accepts the lowest Node that package.json allows", () => {
    const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    expect(names.length).toBeGreaterThan(0);
    const ranges = names.map((name) => {
      const installed = JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as Manifest & {
        version: string;
      };
      return [`${name}@${installed.version}`, installed.engines?.node] as const;
    });
    expect(refusing(floor, ranges)).toEqual([]);
  });

  it("every package npm ci installs from the lock file accepts that Node too, so npm warns about none", () => {
    const ranges = Object.entries(lock.packages)
      .filter(([path]) => path !== "")
      .map(
        ([path, p]) =>
          [
            `${path.replace(/^.*node_modules\//, "")}@${p.version ?? "?"}`,
            Array.isArray(p.engines) ? undefined : p.engines?.node,
          ] as const,
      );
    expect(ranges.length).toBeGreaterThan(100);
    expect(refusing(floor, ranges)).toEqual([]);
  });

  it("the comparison refuses a range that starts above the floor (vitest 5's, which asked for Node 22.12)", () => {
    expect(refusing("20.19.0", [["vitest@5.1.1", "^22.12.0 || ^24.0.0 || >=26.0.0"]])).toEqual([
      "vitest@5.1.1: ^22.12.0 || ^24.0.0 || >=26.0.0",
    ]);
    expect(refusing("20.19.0", [["vite@8.3.8", "^20.19.0 || >=22.12.0"]])).toEqual([]);
  });
});
