import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The sheets' stylesheets, comments left out (a comment may name a colour). */
const sheetCss = ["styles/sheets.css", "styles/fray.css"].map((f) => ({
  file: f,
  css: readFileSync(f, "utf8").replace(/\/\*[\s\S]*?\*\//g, ""),
}));

describe("sheet styles follow Foundry's light and dark themes", () => {
  it.each(sheetCss)("$file writes no colour of its own: no hex, rgb() or hsl() values", ({ css }) => {
    expect(css.match(/#[0-9a-f]{3,8}\b/gi) ?? []).toEqual([]);
    expect(css.match(/\b(rgba?|hsla?)\(/gi) ?? []).toEqual([]);
  });

  it("badge tones and the accent come from Foundry v13's theme variables", () => {
    const css = sheetCss.find((s) => s.file === "styles/sheets.css")?.css ?? "";
    for (const v of ["--color-level-error", "--color-level-warning", "--color-level-info", "--color-text-accent"])
      expect(css, v).toContain(`var(${v}`);
  });

  it("a tab's content is hidden while another tab of its group is active, whatever Foundry's own styles do", () => {
    const css = sheetCss.find((s) => s.file === "styles/sheets.css")?.css ?? "";
    expect(css).toMatch(/\.tab\[data-group\]:not\(\.active\)\s*\{\s*display:\s*none;/);
  });
});
