import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { RULESETS, type RulesetId } from "../../src/core/rulesets.js";
import { initialData, withInitial, type FieldSpec, type FieldSpecs } from "../../src/foundry/data/field-spec.js";
import { migrateSource, type ModelMetadata } from "../../src/foundry/data/model-metadata.js";
import { modelFor, typesOf } from "../../src/foundry/data/models.js";
import { reviewDocumentUpdate, updatableFields } from "../../src/foundry/data/review-document-update.js";
import { installFakeFields, type DataField } from "../fakes/foundry-fields.js";
import { LIST, MYSTERY_MAN, mirrorIcons, picturesInPacks, picturesOf, readIconList } from "../../tools/core-icons.mjs";
import { compileAll, systemJson, type CompiledPack, type PackDoc } from "./compiled-packs.js";

// Issue 15's "Done when": the compiled packs give every rule set a party, adversaries, the items they carry and a
// "Start here" journal, and every actor's and item's data is what its data model accepts.

let packs: CompiledPack[];
// to-schema.ts reads foundry.data.fields when it loads, as it does in Foundry at init.
let toSchema: (specs: FieldSpecs) => Record<string, DataField>;
beforeAll(async () => {
  installFakeFields();
  toSchema = (await import("../../src/foundry/data/to-schema.js")).toSchema as unknown as typeof toSchema;
  packs = await compileAll();
}, 60_000);

const packNamed = (name: string) => {
  const p = packs.find((c) => c.pack.name === name);
  if (!p) throw new Error(`no pack ${name}`);
  return p;
};
const docsOf = (name: string, documentType: string) =>
  packNamed(name)
    .docs.filter((d) => d.documentType === documentType)
    .map((d) => d.doc);

type Doc = PackDoc["doc"];
const sys = (d: Doc) => d.system as Record<string, unknown>;
const token = (d: Doc) =>
  d.prototypeToken as { disposition: number; actorLink: boolean; bar1: { attribute: string | null } };
const embedded = (d: Doc) => (d.items ?? []) as Doc[];

/**
 * What Foundry would make of a document's system data, or why it would refuse it: the data migrated as the model's
 * migrateData does, what it lacks filled in from the initial values, then checked field by field by the schema
 * to-schema.ts builds (types, bounds, choices) and by the review every write of Fray's goes through (keys the model
 * does not have, a pool's value above its max). An empty list: valid.
 */
export function systemProblems(meta: ModelMetadata, system: unknown): string[] {
  if (!system || typeof system !== "object" || Array.isArray(system)) return ["system is not an object"];
  const problems: string[] = [];
  const source = system as Record<string, unknown>;
  if (source.schemaVersion !== meta.schemaVersion)
    problems.push(`schemaVersion ${String(source.schemaVersion)}, not ${meta.schemaVersion}`);
  const data = withInitial(meta.fields, migrateSource(meta, source));
  const schema = toSchema(meta.fields);
  for (const [key, field] of Object.entries(schema)) {
    const error = field.validate(data[key]);
    if (error) problems.push(`${key} ${error}`);
  }
  const reviewed = reviewDocumentUpdate(updatableFields(meta), initialData(meta.fields), { system: source });
  for (const p of reviewed.problems) problems.push(`${p.path}: ${p.kind}`);
  return problems;
}

/** The field at a dotted path of a spec ("fatigue.load"), or undefined. */
function fieldAt(fields: FieldSpecs, path: string): FieldSpec | undefined {
  const [head, ...rest] = path.split(".");
  const f = head === undefined ? undefined : fields[head];
  if (!f || rest.length === 0) return f;
  return f.kind === "group" ? fieldAt(f.fields, rest.join(".")) : undefined;
}

describe("the compiled packs", () => {
  it("every pack of system.json compiles, and every source document comes back out of it", () => {
    expect(packs.length).toBe(systemJson.packs.length);
    for (const p of packs) expect(p.docs.length, p.pack.name).toBe(p.sources);
  });

  it("the system data check refuses what Foundry or Fray's review would refuse", () => {
    const meta = modelFor("Actor", "teams-character")!;
    const good = { ...initialData(meta.fields), schemaVersion: meta.schemaVersion };
    expect(systemProblems(meta, good)).toEqual([]);
    expect(systemProblems(meta, { ...good, endurance: { value: 13, max: 12 } })).toEqual(["endurance.value: aboveMax"]);
    expect(systemProblems(meta, { ...good, luckDie: "d7" })).toEqual([
      "luckDie d7 is not a valid choice",
      "luckDie: badChoice",
    ]);
    expect(systemProblems(meta, { ...good, hitPoints: 3 })).toEqual(["hitPoints: unknownKey"]);
    expect(systemProblems(meta, { ...good, size: 0 })).toEqual(["size must be at least 1", "size: belowMin"]);
    expect(systemProblems(meta, { ...good, schemaVersion: 1 })).toEqual(["schemaVersion 1, not 2"]);
  });
});

describe.each(RULESETS.map((r) => [r] as [RulesetId]))("the %s packs", (ruleset) => {
  const actors = () => docsOf(`${ruleset}-actors`, "Actor");
  const party = () => actors().filter((a) => token(a).disposition === 1);
  const adversaries = () => actors().filter((a) => token(a).disposition === -1);
  const items = () => docsOf(`${ruleset}-items`, "Item");

  it("hold a party of three or more, four or more adversaries, their items and a Start here journal", () => {
    expect(party().length).toBeGreaterThanOrEqual(3);
    expect(adversaries().length).toBeGreaterThanOrEqual(4);
    expect(party().length + adversaries().length).toBe(actors().length);
    expect(items().length).toBeGreaterThanOrEqual(10);
    // The English entry at the top of the pack, and its French twin in the folder Français (docs/translating.md).
    const journal = docsOf(`${ruleset}-journal`, "JournalEntry");
    const [folder] = docsOf(`${ruleset}-journal`, "Folder");
    expect(journal.map((j) => [j.name, j.folder]).sort()).toEqual([
      [expect.stringMatching(/^Pour commencer : .* \(français\)$/), folder!._id],
      [expect.stringMatching(/^Start here/), null],
    ]);
    const pages = journal.find((j) => j.folder === null)!.pages as {
      name: string;
      type: string;
      text: { content: string };
    }[];
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (const page of pages) expect(page.text.content.length, page.name).toBeGreaterThan(200);
  });

  it("every actor is of the rule set's actor type and its data is what its model accepts", () => {
    for (const a of actors()) {
      expect(typesOf("Actor", ruleset), a.name).toContain(a.type);
      expect(systemProblems(modelFor("Actor", a.type as string)!, a.system), a.name).toEqual([]);
    }
  });

  it("every item, in the items pack and on an actor, is of the rule set's item types and valid for its model", () => {
    const carried = actors().flatMap((a) => embedded(a).map((i) => ({ owner: a.name, item: i })));
    expect(carried.length).toBeGreaterThan(actors().length);
    for (const { owner, item } of [...items().map((item) => ({ owner: "pack", item })), ...carried]) {
      expect(typesOf("Item", ruleset), `${owner}: ${item.name}`).toContain(item.type);
      expect(systemProblems(modelFor("Item", item.type as string)!, item.system), `${owner}: ${item.name}`).toEqual([]);
    }
  });

  it(
    "every item an actor carries is one of the items pack's, with its numbers (a strain Art's modifier and a " +
      "Weapon focus's weapons are the character's own)",
    () => {
      const byName = new Map(items().map((i) => [i.name, i]));
      for (const a of actors())
        for (const i of embedded(a)) {
          const source = byName.get(i.name);
          expect(source, `${a.name}: ${i.name}`).toBeDefined();
          expect(i.type).toBe(source!.type);
          // The same picture as in the items pack: a dagger looks like one wherever it is.
          expect(i.img, `${a.name}: ${i.name}`).toBe(source!.img);
          const own =
            i.type === "strain-art"
              ? { ...sys(i), modifier: sys(source!).modifier }
              : i.type === "escalation-feat"
                ? { ...sys(i), weapons: sys(source!).weapons }
                : sys(i);
          expect(own, `${a.name}: ${i.name}`).toEqual(sys(source!));
        }
    },
  );

  it(
    "the party's tokens are friendly and linked, the " + "adversaries' hostile and unlinked, each filed in its folder",
    () => {
      const folders = docsOf(`${ruleset}-actors`, "Folder");
      const folderOf = (a: Doc) => folders.find((f) => f._id === a.folder)?.name;
      // A hero the demo encounter leaves out waits in the folder Reserve (strain: docs/simulator.md).
      for (const a of party())
        expect([token(a).actorLink, folderOf(a)], a.name).toEqual([
          true,
          ruleset === "strain" && a.name === "Carys" ? "Reserve" : "Party",
        ]);
      for (const a of adversaries()) expect([token(a).actorLink, folderOf(a)], a.name).toEqual([false, "Adversaries"]);
    },
  );

  it("each token's first bar shows a tracked number of the model (a pool or a whole number)", () => {
    for (const a of actors()) {
      const attribute = token(a).bar1.attribute;
      const field = attribute ? fieldAt(modelFor("Actor", a.type as string)!.fields, attribute) : undefined;
      expect(field?.kind === "pool" || field?.kind === "number", `${a.name}: ${attribute}`).toBe(true);
    }
  });
});

describe("pictures, links and labels", () => {
  it(
    "every picture of an actor, token, item or macro is a Foundry v13 core icon of tools/core-icons.txt, " +
      "never the mystery man",
    () => {
      const listed = new Set(readIconList());
      let checked = 0;
      for (const p of packs.filter((c) => ["Actor", "Item", "Macro"].includes(c.pack.type)))
        for (const { doc } of p.docs)
          for (const img of picturesOf(doc)) {
            expect(img, `${doc.name}: the mystery man`).not.toBe(MYSTERY_MAN);
            expect(listed.has(img), `${doc.name}: ${img} is not in ${LIST}`).toBe(true);
            checked++;
          }
      expect(checked).toBeGreaterThan(200);
    },
  );

  it("tools/core-icons.txt lists exactly the pictures the packs use, sorted, each a core icon path", () => {
    const list = readIconList();
    expect(list).toEqual(picturesInPacks());
    expect(list).not.toContain(MYSTERY_MAN);
    for (const p of list) expect(p, p).toMatch(/^icons\/[a-z0-9-]+(\/[a-z0-9-]+)*\.(svg|webp)$/);
  });

  // The list is checked against Foundry's own listing where a mirror of the v13 client is at hand
  // (tools/core-icons.mjs).
  it.runIf(mirrorIcons() !== null)("every icon of tools/core-icons.txt is in the Foundry v13 client's icons", () => {
    const shipped = mirrorIcons()!;
    expect(shipped.size).toBeGreaterThan(1000);
    expect(readIconList().filter((p) => !shipped.has(p))).toEqual([]);
  });

  it("every link in a journal names a document of the compiled packs", () => {
    const links = packs
      .filter((p) => p.pack.type === "JournalEntry")
      .flatMap((p) =>
        p.docs.flatMap(({ doc }) =>
          ((doc.pages ?? []) as { text: { content: string } }[]).map((page) => page.text.content),
        ),
      )
      .flatMap((html) => [...html.matchAll(/@UUID\[Compendium\.fray\.([^.\]]+)\.(\w+)\.(\w+)\]/g)]);
    expect(links.length).toBeGreaterThan(20);
    for (const [link, pack, type, id] of links) {
      const found = packs
        .find((p) => p.pack.name === pack)
        ?.docs.find((d) => d.documentType === type && d.doc._id === id);
      expect(found, link).toBeDefined();
    }
  });

  it(
    "every pack label is a key of lang/en.json, and every pack sits in the packFolders of its rule set " +
      "or the shared folder",
    () => {
      const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
      const has = (key: string) =>
        typeof key.split(".").reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], en) ===
        "string";
      for (const p of systemJson.packs) expect(has(p.label), p.label).toBe(true);
      const [fray, ...others] = systemJson.packFolders ?? [];
      expect(others).toEqual([]);
      expect(fray?.packs).toEqual(["rule-sets", "macros"]);
      const placed = (fray?.folders ?? []).flatMap((f) =>
        f.packs.map((name) => ({ folder: f.name.toLowerCase(), name })),
      );
      for (const p of systemJson.packs.filter((p) => !fray?.packs.includes(p.name)))
        expect(
          placed.filter((x) => x.name === p.name),
          p.name,
        ).toEqual([{ folder: p.name.split("-")[0], name: p.name }]);
    },
  );
});
