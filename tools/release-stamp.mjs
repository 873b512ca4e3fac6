// Used by .github/workflows/release.yml: checks that the pushed tag names the version in package.json
// and system.json, then fills system.json's url, manifest and download for that release.
// Usage: node tools/release-stamp.mjs <tag> <owner/repo> [system.json path]
import { readFileSync, writeFileSync } from "node:fs";

export function stamp(system, pkgVersion, tag, repository) {
  const version = tag.replace(/^v/, "");
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`tag ${tag} is not a version tag like v1.2.3`);
  if (version !== pkgVersion) throw new Error(`tag ${tag} does not match package.json version ${pkgVersion}`);
  if (version !== system.version) throw new Error(`tag ${tag} does not match system.json version ${system.version}`);
  const base = `https://github.com/${repository}`;
  return {
    ...system,
    url: base,
    manifest: `${base}/releases/latest/download/system.json`,
    download: `${base}/releases/download/${tag}/fray-${version}.zip`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [tag, repository, path = "dist/system.json"] = process.argv.slice(2);
  if (!tag || !repository) {
    console.error("usage: node tools/release-stamp.mjs <tag> <owner/repo> [system.json path]");
    process.exit(2);
  }
  const pkg = JSON.parse(readFileSync("package.json", "utf8"));
  try {
    const out = stamp(JSON.parse(readFileSync(path, "utf8")), pkg.version, tag, repository);
    writeFileSync(path, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`${path}: manifest ${out.manifest}, download ${out.download}`);
  } catch (e) {
    console.error(`release failed: ${e.message}`);
    process.exit(1);
  }
}
