import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { markdownTexts } from "./doc-texts.js";

// Issue 29: the README sends a GM to docs/limitations.md, docs/adventures.md and the rest; a link that leads nowhere
// is a dead end on the project's front page. Every relative link of the Markdown docs names a file that exists.

describe("the Markdown docs' links", () => {
  it("every relative link names a file of the repository", () => {
    const docs = markdownTexts();
    expect(docs.map((d) => d.file)).toEqual(
      expect.arrayContaining(["README.md", "CONTRIBUTING.md", "docs/limitations.md"]),
    );
    const dead = docs.flatMap(({ file, text }) =>
      [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(join(dirname(file), target)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(dead).toEqual([]);
  });
});
