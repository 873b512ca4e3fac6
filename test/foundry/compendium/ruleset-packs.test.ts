import { describe, expect, it } from "vitest";
import { offeredIn, packRuleset, prunePackTree } from "../../../src/foundry/compendium/ruleset-packs.js";

// A v13 directory tree (game.packs.tree) as the fake: nodes with folder, depth, root, visible, entries and children.
interface Node {
  folder: { name: string } | null;
  depth: number;
  root: boolean;
  visible: boolean;
  entries: { collection: string }[];
  children: Node[];
}
const pack = (collection: string) => ({ collection });
const node = (name: string | null, entries: string[], children: Node[] = [], depth = 1): Node => ({
  folder: name ? { name } : null,
  depth,
  root: name === null,
  visible: true,
  entries: entries.map(pack),
  children,
});

function tree(): Node {
  return node(
    null,
    ["world.loot", "fray.teams-notes-of-mine"],
    [
      node(
        "Fray",
        ["fray.rule-sets", "fray.macros"],
        [
          node("Teams", ["fray.teams-journal", "fray.teams-actors", "fray.teams-items"], [], 2),
          node("Strain", ["fray.strain-journal", "fray.strain-actors", "fray.strain-items"], [], 2),
        ],
      ),
      node("My empty folder", []),
    ],
  );
}

const names = (n: Node): unknown => ({
  name: n.folder?.name ?? "root",
  packs: n.entries.map((e) => e.collection),
  children: n.children.map(names),
});

describe("the compendium directory offers the world's rule set", () => {
  it("a Fray pack named <rule set>-<kind> belongs to that rule set; shared and other packages' packs to none", () => {
    expect(packRuleset("fray.teams-actors")).toBe("teams");
    expect(packRuleset("fray.escalation-journal")).toBe("escalation");
    expect(packRuleset("fray.rule-sets")).toBeNull();
    expect(packRuleset("fray.macros")).toBeNull();
    expect(packRuleset("world.teams-actors")).toBeNull();
    expect(packRuleset("some-module.strain-items")).toBeNull();
  });

  it("drops the other rule sets' packs and the folders they leave empty, and keeps everything else", () => {
    const pruned = prunePackTree(tree(), offeredIn("teams"));
    expect(names(pruned)).toEqual({
      name: "root",
      packs: ["world.loot", "fray.teams-notes-of-mine"],
      children: [
        {
          name: "Fray",
          packs: ["fray.rule-sets", "fray.macros"],
          children: [
            { name: "Teams", packs: ["fray.teams-journal", "fray.teams-actors", "fray.teams-items"], children: [] },
          ],
        },
        { name: "My empty folder", packs: [], children: [] },
      ],
    });
  });

  it("keeps each node's other properties and leaves the tree it was given as it was", () => {
    const original = tree();
    const before = JSON.stringify(original);
    const pruned = prunePackTree(original, offeredIn("strain"));
    expect(JSON.stringify(original)).toBe(before);
    const fray = pruned.children[0]!;
    expect(fray).toMatchObject({ depth: 1, root: false, visible: true, folder: { name: "Fray" } });
    expect(fray.children.map((c) => c.folder?.name)).toEqual(["Strain"]);
    expect(pruned.root).toBe(true);
  });
});
