import { RULESETS, type RulesetId } from "../../core/rulesets.js";

/**
 * Fray's compendium packs of one rule set are named `<rule set>-<kind>` (system.json: `teams-actors`, `strain-items`,
 * ...); the others (`rule-sets`, `macros`) serve every rule set. Pure: no Foundry here.
 */
export function packRuleset(collection: string): RulesetId | null {
  const [packageName, name] = collection.split(".", 2);
  if (packageName !== "fray" || !name) return null;
  return RULESETS.find((r) => name.startsWith(`${r}-`)) ?? null;
}

/** A node of Foundry's compendium directory tree (game.packs.tree): its packs, and its folders below. */
export interface PackTreeNode<Pack> {
  readonly entries: readonly Pack[];
  readonly children: readonly PackTreeNode<Pack>[];
}

/**
 * The directory tree without the packs `keep` refuses. A folder emptied by that is dropped too (a rule set's folder
 * from system.json's packFolders); a folder that was empty to begin with, the GM's own, stays. Every other property
 * of a node is kept as it was.
 */
export function prunePackTree<Pack, Node extends PackTreeNode<Pack>>(node: Node, keep: (pack: Pack) => boolean): Node {
  const children: Node[] = [];
  for (const child of node.children as readonly Node[]) {
    const pruned = prunePackTree<Pack, Node>(child, keep);
    const emptied = isEmpty(pruned) && !isEmpty(child);
    if (!emptied) children.push(pruned);
  }
  return { ...node, entries: node.entries.filter(keep), children };
}

function isEmpty(node: PackTreeNode<unknown>): boolean {
  return node.entries.length === 0 && node.children.length === 0;
}

/** Keep every pack but Fray's packs of another rule set than the world's. */
export function offeredIn(ruleset: RulesetId): (pack: { readonly collection: string }) => boolean {
  return (pack) => {
    const own = packRuleset(pack.collection);
    return own === null || own === ruleset;
  };
}
