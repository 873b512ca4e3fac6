// Issue 29: the Start here journals link Fray's limitations page in the repository a GM installed Fray from. The
// sources say <owner>/<repository>; a stamped release writes its own repository in when the packs compile.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { linkRepository, REPOSITORY_PLACEHOLDER } from "../../tools/pack-links.mjs";
import { stampRelease } from "../../tools/release-stamp.mjs";

const journals = readdirSync("packs")
  .filter((d) => d.endsWith("-journal"))
  .flatMap((d) =>
    readdirSync(join("packs", d))
      .filter((f) => f.startsWith("start-here"))
      .map((f) => join("packs", d, f)),
  );

describe("the journals' link to the repository", () => {
  it("every Start here journal, English and French, links the limitations page through the placeholder", () => {
    expect(journals).toHaveLength(10);
    for (const file of journals)
      expect(readFileSync(file, "utf8"), file).toContain(`${REPOSITORY_PLACEHOLDER}/blob/main/docs/limitations.md`);
  });

  it("a stamped release's url is written in, deep in a page, and nothing else changes", () => {
    const { system } = stampRelease({ id: "fray", version: "1.2.3" }, "1.2.3", "table-folk/fray");
    const page = `<p>See <code>${REPOSITORY_PLACEHOLDER}/blob/main/docs/limitations.md</code>.</p>`;
    const doc = { name: "Start here", pages: [{ text: { content: page } }, { text: { content: "<p>Other</p>" } }] };
    expect(linkRepository(doc, system.url)).toBe(1);
    expect(doc.pages[0]!.text.content).toBe(
      "<p>See <code>https://github.com/table-folk/fray/blob/main/docs/limitations.md</code>.</p>",
    );
    expect(doc.pages[1]!.text.content).toBe("<p>Other</p>");
  });

  it("a build that was not stamped keeps the placeholder", () => {
    const doc = { content: `${REPOSITORY_PLACEHOLDER}/blob/main/docs/limitations.md` };
    expect(linkRepository(doc, "")).toBe(0);
    expect(doc.content).toContain(REPOSITORY_PLACEHOLDER);
  });
});
