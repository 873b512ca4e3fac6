import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";

/**
 * One text a GM or a developer reads: a Markdown file, or the pages of a journal, an adventure or a rule-set summary.
 */
export interface DocText {
  readonly file: string;
  readonly text: string;
}

export const LIMITATIONS = "docs/limitations.md";

const files = (dir: string, ext: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(ext))
        .sort()
        .map((f) => join(dir, f))
    : [];
const packDirs = (suffix: string) => files("packs", "").filter((d) => d.endsWith(suffix));

/** HTML as the words a reader sees: tags dropped, the few entities the packs use decoded, links kept as their label. */
export function plain(html: string): string {
  return html
    .replace(/@UUID\[[^\]]*\]\{([^}]*)\}/g, "$1")
    .replace(/<\/(?:p|li|h\d)>/g, "\n\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** A Markdown file's prose: fenced code is not a claim about Fray, everything else is (tables included). */
const markdown = (file: string): DocText => ({
  file,
  text: readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, " "),
});

interface Page {
  name?: string;
  text?: { content?: string };
}
const pagesText = (pages: readonly Page[] | undefined) =>
  (pages ?? []).map((p) => `${p.name ?? ""}\n\n${plain(p.text?.content ?? "")}`).join("\n\n");

/** Every journal entry of a pack source file. A folder (`_folder-*`) has no pages and says nothing: it is left out. */
function journal(file: string): DocText {
  const doc = (
    file.endsWith(".json") ? JSON.parse(readFileSync(file, "utf8")) : yaml.load(readFileSync(file, "utf8"))
  ) as {
    pages?: Page[];
  };
  return { file, text: pagesText(doc.pages) };
}

function adventure(file: string): DocText {
  const doc = yaml.load(readFileSync(file, "utf8")) as { caption?: string; description?: string };
  return { file, text: `${plain(doc.caption ?? "")}\n${plain(doc.description ?? "")}` };
}

/** The Markdown the project keeps for its readers, docs/limitations.md included. */
export function markdownTexts(): DocText[] {
  return ["README.md", "CONTRIBUTING.md", ...files("docs", ".md")].filter((f) => existsSync(f)).map(markdown);
}

/** The "Start here" journals, the rule-set summaries and the adventures' descriptions, as Foundry shows them. */
export function packTexts(): DocText[] {
  return [
    ...packDirs("-journal")
      .flatMap((d) => files(d, ".yml"))
      .filter((f) => !/\/_folder-/.test(f))
      .map(journal),
    ...files("packs/rule-sets", ".json").map(journal),
    ...packDirs("-adventure")
      .flatMap((d) => files(d, ".yml"))
      .map(adventure),
  ];
}

/**
 * A text's sentences, whitespace folded: a claim is judged one sentence at a time. Blocks (paragraphs, headings, list
 * items, table cells) end a sentence too.
 */
export function sentences(text: string): string[] {
  return text
    .split(/\n\s*\n|\n(?=\s*(?:#|[-*] |\d+\. |\|))|\s\|\s/)
    .flatMap((block) => block.replace(/\s+/g, " ").split(/(?<=[.!?])\s+(?=[A-Z_*`(])/))
    .map((s) => s.replace(/^[#|\s]+|[|\s]+$/g, "").trim())
    .filter((s) => s.length > 0);
}
