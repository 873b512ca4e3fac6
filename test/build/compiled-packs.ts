import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { compileSource } from "../../tools/adventures.mjs";

/** A pack as system.json declares it. */
export interface PackEntry {
  readonly name: string;
  readonly label: string;
  readonly path: string;
  readonly type: string;
  readonly ownership?: Record<string, string>;
}

export interface PackFolder {
  readonly name: string;
  readonly packs: readonly string[];
  readonly folders?: readonly PackFolder[];
}

export const systemJson = JSON.parse(readFileSync("system.json", "utf8")) as {
  packs: PackEntry[];
  packFolders?: PackFolder[];
};

/** One document as it comes back out of a compiled pack (embedded documents inside their parent), with its type. */
export interface PackDoc {
  readonly documentType: string;
  readonly doc: Record<string, unknown> & { _id: string; name: string };
}

export interface CompiledPack {
  readonly pack: PackEntry;
  readonly sources: number;
  readonly docs: readonly PackDoc[];
}

/**
 * Every pack of system.json compiled from its sources by the official CLI, as the build does, into a temporary
 * LevelDB, then read back out of it: what Foundry will load, not what the source files say.
 */
export async function compileAll(): Promise<CompiledPack[]> {
  const root = mkdtempSync(join(tmpdir(), "fray-packs-"));
  const out: CompiledPack[] = [];
  for (const pack of systemJson.packs) {
    // What the build compiles: a pack's own sources, or the adventure built from its rule set's other packs.
    const sources = compileSource(".", pack);
    const db = join(root, pack.name);
    await compilePack(sources.dir, db, { yaml: sources.yaml, recursive: true });
    if (sources.dir !== pack.path) rmSync(sources.dir, { recursive: true, force: true });
    const docs: PackDoc[] = [];
    await extractPack(db, join(root, `${pack.name}-out`), {
      transformEntry: (doc, context) => {
        docs.push({ documentType: context?.documentType ?? "", doc });
        // Kept in memory only: nothing is written.
        return Promise.resolve(false);
      },
    });
    out.push({ pack, sources: sources.count, docs });
  }
  return out;
}
