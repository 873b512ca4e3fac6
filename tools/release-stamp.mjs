// The first step of .github/workflows/release.yml, before the build: fills system.json's url, manifest and download
// for the repository the workflow runs in, at the version package.json and system.json share. The build then copies
// that system.json into dist/ and zips it, so the released zip and the released system.json carry the same URLs.
// Usage: node tools/release-stamp.mjs <owner/repo> [system.json path]
// In a workflow it also writes version, tag, zip, manifest and download to $GITHUB_OUTPUT for the later steps.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";

/**
 * The stamped system.json of a release from `repository`, with its tag and zip name; throws on anything Foundry would
 * refuse.
 */
export function stampRelease(system, pkgVersion, repository) {
  const version = system.version;
  if (version !== pkgVersion)
    throw new Error(`package.json version ${pkgVersion} differs from system.json version ${version}`);
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`${version} is not a version like 1.2.3`);
  if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9_.-]+$/.test(repository) || repository.includes(".."))
    throw new Error(`the repository must be owner/name, got ${JSON.stringify(repository)}`);
  // Foundry's BasePackage.validateId: the installer unpacks the zip into Data/systems/<id>/.
  if (!/^[A-Za-z0-9-_]+$/.test(system.id ?? ""))
    throw new Error(`${JSON.stringify(system.id)} is not a package id Foundry accepts`);
  const tag = `v${version}`;
  const zip = `${system.id}-${version}.zip`;
  const base = `https://github.com/${repository}`;
  return {
    tag,
    zip,
    system: {
      ...system,
      url: base,
      // GitHub answers releases/latest/download/<asset> with the newest release's asset: Foundry's update check.
      manifest: `${base}/releases/latest/download/system.json`,
      download: `${base}/releases/download/${tag}/${zip}`,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [repository, path = "system.json"] = process.argv.slice(2);
  if (!repository) {
    console.error("usage: node tools/release-stamp.mjs <owner/repo> [system.json path]");
    process.exit(2);
  }
  try {
    const pkg = JSON.parse(readFileSync("package.json", "utf8"));
    const { tag, zip, system } = stampRelease(JSON.parse(readFileSync(path, "utf8")), pkg.version, repository);
    writeFileSync(path, `${JSON.stringify(system, null, 2)}\n`);
    const outputs = { version: system.version, tag, zip, manifest: system.manifest, download: system.download };
    if (process.env.GITHUB_OUTPUT)
      appendFileSync(
        process.env.GITHUB_OUTPUT,
        Object.entries(outputs)
          .map(([k, v]) => `${k}=${v}\n`)
          .join(""),
      );
    console.log(`${path}: ${tag}, manifest ${system.manifest}, download ${system.download}`);
  } catch (e) {
    console.error(`release stopped: ${e.message}`);
    process.exit(1);
  }
}
