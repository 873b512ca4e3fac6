import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import yaml from "js-yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { stampRelease } from "../../tools/release-stamp.mjs";
import { zipEntries } from "./zip-entries.js";

// What Foundry's installer needs of a release, read in Foundry's common/packages/base-package.mjs (defineSchema,
// validateId, testAvailability) and its package docs: the manifest URL answers the latest system.json; that file's
// `download` names the zip of its own version; the zip holds system.json at its root (Foundry unpacks it into
// Data/systems/<id>/) with the same URLs; the id is a valid package id; the compatibility covers Foundry 13.

type Step = { id?: string; name?: string; run?: string; uses?: string; env?: Record<string, string> };
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
}
const workflow = yaml.load(readFileSync(".github/workflows/release.yml", "utf8")) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
const runs = steps.map((s) => s.run ?? "");
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
const system = JSON.parse(readFileSync("system.json", "utf8")) as Record<string, unknown> & {
  version: string;
  id: string;
};
const SAMPLE = "sample-gm/fray-fork";
const BASE = `https://github.com/${SAMPLE}`;

/** Foundry's BasePackage.validateId: alphanumeric with hyphens or underscores, and no name Windows reserves. */
function validPackageId(id: string): boolean {
  return /^[A-Za-z0-9-_]+$/.test(id) && !/^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i.test(id);
}

/** The step that names `text` in its run. */
const stepRunning = (text: string): number => runs.findIndex((r) => r.includes(text));

describe("the release workflow: one path, run by hand", () => {
  it("starts only from Actions → Release → Run workflow, and may write the tag and the release", () => {
    expect(Object.keys(workflow.on)).toEqual(["workflow_dispatch"]);
    expect(workflow.permissions).toEqual({ contents: "write" });
  });

  it(
    "installs, stamps the source system.json, refuses a " + "version already tagged, builds, then tags and releases",
    () => {
      const install = runs.indexOf("npm ci");
      const stamp = stepRunning("tools/release-stamp.mjs");
      const taken = stepRunning("git ls-remote --exit-code --tags origin");
      const build = runs.indexOf("npm run build");
      const release = stepRunning("gh release create");
      expect([install, stamp, taken, build, release].every((i) => i >= 0)).toBe(true);
      expect(install < stamp && stamp < taken && taken < build && build < release).toBe(true);
      // The stamp writes the system.json the build copies into dist/ and zips: the zip then holds the stamped one.
      expect(runs[stamp]).toMatch(/release-stamp\.mjs "\$\{GITHUB_REPOSITORY\}" system\.json$/);
      expect(steps[stamp]!.id).toBe("stamp");
    },
  );

  it(
    "releases the stamp's tag at the built commit, marked " + "latest, with system.json and the zip its download names",
    () => {
      const release = steps[stepRunning("gh release create")]!;
      expect(release.env?.GH_TOKEN).toBe("${{ github.token }}");
      const command = release.run!.replace(/\\\n\s*/g, " ");
      expect(command).toContain('gh release create "${{ steps.stamp.outputs.tag }}"');
      expect(command).toContain('dist/system.json "dist/${{ steps.stamp.outputs.zip }}"');
      expect(command).toContain('--target "${GITHUB_SHA}"');
      expect(command).toContain("--latest");
      // Where a GM finds the manifest URL: the release's own notes.
      expect(command).toContain("${{ steps.stamp.outputs.manifest }}");
    },
  );
});

describe("stampRelease", () => {
  it("fills url, manifest and download for the repository it runs in, and names the tag and the zip", () => {
    const out = stampRelease(system, pkg.version, SAMPLE);
    expect(out.tag).toBe(`v${pkg.version}`);
    expect(out.zip).toBe(`${system.id}-${pkg.version}.zip`);
    expect(out.system.url).toBe(BASE);
    expect(out.system.manifest).toBe(`${BASE}/releases/latest/download/system.json`);
    expect(out.system.download).toBe(`${BASE}/releases/download/v${pkg.version}/${out.zip}`);
    // Nothing else changes.
    expect({ ...out.system, url: system.url, manifest: system.manifest, download: system.download }).toEqual(system);
  });

  it("the committed system.json leaves the URLs blank: a fork's release stamps its own", () => {
    expect([system.manifest, system.download]).toEqual(["", ""]);
    expect(system.version).toBe(pkg.version);
  });

  it("refuses versions that differ, a version that is not x.y.z, a repository that is not owner/name, a bad id", () => {
    expect(() => stampRelease(system, "99.0.0", SAMPLE)).toThrow(/package\.json.*system\.json/);
    expect(() => stampRelease({ ...system, version: "latest" }, "latest", SAMPLE)).toThrow(/not a version/);
    for (const repo of ["", "fray", "a/b/c", "a b/c", "../x/y", "owner/na me"])
      expect(() => stampRelease(system, pkg.version, repo), repo).toThrow(/owner\/name/);
    expect(() => stampRelease({ ...system, id: "fray system" }, pkg.version, SAMPLE)).toThrow(/package id/);
  });
});

describe("a release stamped for a sample repository and built, as the workflow does", () => {
  let root: string;
  let outputs: Record<string, string>;
  let stamped: Record<string, unknown> & { id: string; manifest: string; download: string; url: string };
  let entries: Map<string, Buffer>;

  beforeAll(() => {
    // A copy of what the build reads; vite's bundle stands in as a placeholder (its contents are the bundle test's).
    root = mkdtempSync(join(tmpdir(), "fray-release-"));
    for (const p of [
      "package.json",
      "system.json",
      "README.md",
      "LICENSE",
      "templates",
      "lang",
      "styles",
      "assets",
      "packs",
    ])
      if (existsSync(p)) cpSync(p, join(root, p), { recursive: true });
    mkdirSync(join(root, "tools"));
    // Every plain .mjs tool: the build imports some, and the workflow runs release-stamp.mjs.
    for (const t of readdirSync("tools").filter((f) => f.endsWith(".mjs")))
      cpSync(join("tools", t), join(root, "tools", t));
    symlinkSync(resolve("node_modules"), join(root, "node_modules"), "dir");
    mkdirSync(join(root, "dist"));
    writeFileSync(join(root, "dist", "fray.mjs"), "// the bundle\n");
    const outputFile = join(root, "github-output");
    writeFileSync(outputFile, "");
    const env = { ...process.env, GITHUB_OUTPUT: outputFile };
    const stamp = spawnSync("node", ["tools/release-stamp.mjs", SAMPLE, "system.json"], {
      cwd: root,
      env,
      encoding: "utf8",
    });
    expect(stamp.status, stamp.stderr).toBe(0);
    outputs = Object.fromEntries(
      readFileSync(outputFile, "utf8")
        .trim()
        .split("\n")
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    const build = spawnSync("node", ["tools/build-dist.mjs"], { cwd: root, encoding: "utf8" });
    expect(build.status, build.stderr).toBe(0);
    stamped = JSON.parse(readFileSync(join(root, "dist", "system.json"), "utf8")) as typeof stamped;
    entries = zipEntries(join(root, "dist", outputs.zip!));
  }, 60_000);

  it("the journals link the limitations page in the released repository (tools/pack-links.mjs)", async () => {
    const out = mkdtempSync(join(tmpdir(), "fray-journal-"));
    await extractPack(join(root, "dist", "packs", "teams-journal"), out, { yaml: false });
    const text = readdirSync(out)
      .map((f) => readFileSync(join(out, f), "utf8"))
      .join("\n");
    expect(text).toContain(`${BASE}/blob/main/docs/limitations.md`);
    expect(text).not.toContain("&lt;owner&gt;");
  });

  it("the step outputs name the tag, the zip and the URLs the workflow releases", () => {
    expect(outputs).toEqual({
      version: pkg.version,
      tag: `v${pkg.version}`,
      zip: `fray-${pkg.version}.zip`,
      manifest: `${BASE}/releases/latest/download/system.json`,
      download: `${BASE}/releases/download/v${pkg.version}/fray-${pkg.version}.zip`,
    });
  });

  it("the uploaded system.json is what the manifest URL answers once released: its name, and the URLs in it", () => {
    expect(basename(stamped.manifest)).toBe("system.json");
    expect(stamped.manifest).toBe(outputs.manifest);
    expect(stamped.download).toBe(outputs.download);
    expect(stamped.url).toBe(BASE);
    // GitHub serves releases/download/<tag>/<asset>: the zip of this version, uploaded under its own name.
    expect(stamped.download).toBe(`${BASE}/releases/download/${outputs.tag}/${outputs.zip}`);
  });

  it("the zip holds that same system.json at its root, so Foundry unpacks it into Data/systems/fray/", () => {
    const inZip = entries.get("system.json");
    expect(inZip).toBeDefined();
    expect(JSON.parse(inZip!.toString("utf8"))).toEqual(stamped);
    const tops = new Set([...entries.keys()].map((p) => p.split("/")[0]));
    expect(tops.has("system.json")).toBe(true);
    expect(tops.has("fray")).toBe(false);
  });

  it("the id is a package id Foundry accepts, and every file system.json names is in the zip", () => {
    expect(stamped.id).toBe("fray");
    expect(validPackageId(stamped.id)).toBe(true);
    const s = stamped as unknown as {
      esmodules: string[];
      styles: string[];
      languages: { path: string }[];
      packs: { name: string; path: string }[];
    };
    for (const f of [...s.esmodules, ...s.styles, ...s.languages.map((l) => l.path)])
      expect(entries.has(f), f).toBe(true);
    for (const p of s.packs) {
      expect(validPackageId(p.name), p.name).toBe(true);
      expect(entries.has(`${p.path}/CURRENT`), p.path).toBe(true);
    }
  });

  it("the compatibility is Foundry 13: every v13 build verified, none refused as too new or too old", () => {
    const compatibility = stamped.compatibility as Record<string, string>;
    expect(compatibility).toEqual({ minimum: "13", verified: "13" });
    // testAvailability: a whole-number `verified` is a generation, so 13.x counts as verified; no `maximum` caps it.
    expect(Number.isInteger(Number(compatibility.verified))).toBe(true);
  });
});
