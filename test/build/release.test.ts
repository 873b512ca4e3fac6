import { readFileSync } from "node:fs";
import yaml from "js-yaml";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs tool without type declarations
import { stamp } from "../../tools/release-stamp.mjs";

type Step = { run?: string; uses?: string; with?: Record<string, string> };
const workflow = yaml.load(readFileSync(".github/workflows/release.yml", "utf8")) as {
  on: { push: { tags: string[] } };
  jobs: Record<string, { steps: Step[] }>;
};
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string; scripts: Record<string, string> };
const system = JSON.parse(readFileSync("system.json", "utf8")) as { version: string; manifest: string; download: string };

describe("release workflow", () => {
  it("runs on version tags, installs cleanly and calls the build script", () => {
    expect(workflow.on.push.tags).toEqual(["v*"]);
    const runs = steps.map((s) => s.run ?? "");
    expect(runs).toContain("npm ci");
    expect(runs).toContain("npm run build");
    expect(pkg.scripts.build).toMatch(/vite build/);
  });

  it("stamps after building and uploads system.json and the zip", () => {
    const runs = steps.map((s) => s.run ?? "");
    const build = runs.indexOf("npm run build");
    const stampAt = runs.findIndex((r) => r.includes("tools/release-stamp.mjs"));
    expect(stampAt).toBeGreaterThan(build);
    const upload = steps.find((s) => s.uses?.startsWith("softprops/action-gh-release"));
    expect(upload?.with?.files).toMatch(/dist\/system\.json/);
    expect(upload?.with?.files).toMatch(/dist\/fray-\*\.zip/);
  });

  it("package.json and system.json carry the same version, and manifest/download are left for the release", () => {
    expect(system.version).toBe(pkg.version);
    expect(system.manifest).toBe("");
    expect(system.download).toBe("");
  });

  it("a matching tag fills manifest and download", () => {
    const out = stamp(system, pkg.version, `v${pkg.version}`, "someone/fray");
    expect(out.manifest).toBe("https://github.com/someone/fray/releases/latest/download/system.json");
    expect(out.download).toBe(`https://github.com/someone/fray/releases/download/v${pkg.version}/fray-${pkg.version}.zip`);
  });

  it("a tag that does not match package.json or system.json stops the release", () => {
    expect(() => stamp(system, pkg.version, "v99.0.0", "someone/fray")).toThrow(/does not match package.json/);
    expect(() => stamp({ ...system, version: "0.0.1" }, pkg.version, `v${pkg.version}`, "x/y")).toThrow(/system.json/);
    expect(() => stamp(system, pkg.version, "latest", "x/y")).toThrow(/not a version tag/);
  });
});
