// Types of tools/release-stamp.mjs (a plain .mjs the release workflow runs with node), for the tests.
/** The stamped system.json of a release from `repository`, with its tag and zip name; throws on anything Foundry would refuse. */
export function stampRelease<S extends { version: string; id: string }>(
  system: S,
  pkgVersion: string,
  repository: string,
): { tag: string; zip: string; system: S & { url: string; manifest: string; download: string } };
