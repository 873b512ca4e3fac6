import { readFileSync } from "node:fs";
import type { RulesetId } from "../../src/core/rulesets.js";
import { FakeAdventure, FakeWorld, packMetadata, type ImportResult } from "../fakes/foundry-adventure.js";
import { FakeToken, sceneFromSource, type FakeScene, type SceneSource } from "../fakes/foundry-scene.js";
import type { CompiledPack } from "./compiled-packs.js";

// What the adventure tests share: a rule set's compiled adventure imported into an empty world through the fake of
// v13's Adventure import, and readers of what that world then holds.

export type Doc = Record<string, unknown> & { _id: string; name: string };

const manifest = JSON.parse(readFileSync("system.json", "utf8")) as {
  id: string;
  packs: { name: string; system?: string }[];
};

/** The one Adventure of a rule set's compiled adventure pack, as it comes out of the LevelDB. */
export function compiledAdventure(packs: readonly CompiledPack[], ruleset: RulesetId): Doc {
  const pack = packs.find((p) => p.pack.name === `${ruleset}-adventure`);
  const docs = pack?.docs.filter((d) => d.documentType === "Adventure") ?? [];
  if (docs.length !== 1) throw new Error(`${ruleset}-adventure: ${docs.length} adventures`);
  return docs[0]!.doc;
}

export interface Imported {
  readonly world: FakeWorld;
  readonly adventure: FakeAdventure;
  readonly result: ImportResult;
  readonly scene: Doc;
  readonly tokens: Doc[];
  readonly actors: Doc[];
  readonly combat: Doc;
}

/** Import a rule set's adventure from Fray's own (system) pack into an empty world, as the GM's click does. */
export async function importAdventure(packs: readonly CompiledPack[], ruleset: RulesetId): Promise<Imported> {
  const world = new FakeWorld();
  const adventure = new FakeAdventure(
    compiledAdventure(packs, ruleset),
    packMetadata(manifest, "system", `${ruleset}-adventure`),
  );
  const result = await adventure.import(world);
  const one = (name: string) => {
    const docs = world.collection(name).contents as Doc[];
    if (docs.length !== 1) throw new Error(`${ruleset}: ${docs.length} ${name} documents`);
    return docs[0]!;
  };
  const scene = one("Scene");
  return {
    world,
    adventure,
    result,
    scene,
    tokens: scene.tokens as Doc[],
    actors: world.collection("Actor").contents as Doc[],
    combat: one("Combat"),
  };
}

/** The scene as the canvas fakes load it, with the world's tokens placed (their actors' type and system data). */
export function loadedScene(imported: Imported): FakeScene {
  const scene = sceneFromSource(imported.scene as unknown as SceneSource);
  for (const t of imported.tokens) {
    const actor = imported.world.collection("Actor").get(String(t.actorId));
    const data = actor ? { type: String(actor.type), system: actor.system as Record<string, unknown> } : null;
    scene.tokens.contents.push(new FakeToken(t._id, Number(t.x), Number(t.y), data, [], Number(t.disposition)));
  }
  return scene;
}

/**
 * The name of the region a token stands in as Foundry counts it (its centre), the smallest one; null on open ground.
 */
export function regionOfToken(scene: FakeScene, token: Doc): string | null {
  const size = scene.grid.size;
  const centre = {
    x: Number(token.x) + size / 2,
    y: Number(token.y) + size / 2,
    elevation: Number(token.elevation ?? 0),
  };
  const holding = scene.regions.contents.filter((r) => r.testPoint(centre));
  holding.sort((a, b) => a.bounds.width * a.bounds.height - b.bounds.width * b.bounds.height);
  return holding[0]?.name ?? null;
}

/**
 * A WebP file's width and height, from its RIFF header: the VP8X canvas, a lossless VP8L bitstream's header, or a
 * lossy VP8 key frame's (the WebP container specification). Null when it is no WebP file.
 */
export function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WEBP") return null;
  const chunk = bytes.toString("ascii", 12, 16);
  if (chunk === "VP8X") return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === "VP8L" && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === "VP8 " && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a)
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  return null;
}

/** Every `@UUID[...]` target in an HTML text. */
export const linksIn = (html: string): string[] => [...html.matchAll(/@UUID\[([^\]]+)\]/g)].map((m) => m[1]!);
