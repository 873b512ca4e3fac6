// Types of tools/pack-sources.mjs (a plain .mjs the build runs with node), for the TypeScript tools and tests.
export class PackSourceError extends Error {
  readonly file: string;
}

/** All source files of one pack folder, parsed and checked. Throws PackSourceError naming the first bad file. */
export function readPackSources(
  dir: string,
  type: string,
): { yaml: boolean; docs: { file: string; doc: Record<string, unknown> }[] };
