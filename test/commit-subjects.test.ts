// The commit habit (CONTRIBUTING.md): a subject of at most 72 characters that starts with a capital verb, in the
// imperative. Only commits after BASE are judged: the history before the habit came in is left as it is.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** main when the habit came in (issue 27). */
const BASE = "c957d8e";

/** First words that are not a verb in the imperative, though they start with a capital. */
const NOT_VERBS = new Set([
  "A",
  "An",
  "The",
  "This",
  "That",
  "These",
  "Some",
  "One",
  "Every",
  "All",
  "No",
  "WIP",
  "Wip",
]);

/** Verbs whose imperative ends as a past or a gerund would. */
const ING_ED_VERBS = new Set([
  "Bring",
  "Embed",
  "Exceed",
  "Feed",
  "Need",
  "Proceed",
  "Seed",
  "Shed",
  "Speed",
  "String",
]);

/** Why a subject breaks the habit, or null when it keeps it. */
function subjectProblem(subject: string): string | null {
  if (subject.length > 72) return `${subject.length} characters (at most 72)`;
  const first = subject.split(" ")[0] ?? "";
  if (!/^[A-Z][a-z]+$/.test(first)) return `starts with "${first}", not a capitalised word`;
  if (NOT_VERBS.has(first)) return `starts with "${first}", not a verb`;
  // "Added", "Adding", "Adds" are not the imperative; "Pass", "Focus" and "Bias" are.
  if ((/(ed|ing)$/.test(first) && !ING_ED_VERBS.has(first)) || /[^su]s$/.test(first))
    return `starts with "${first}", not the imperative`;
  return null;
}

/** The subjects of the commits after BASE on HEAD, or null when BASE is not in this clone's history. */
function subjectsSinceBase(): string[] | null {
  const git = (...args: string[]): string => execFileSync("git", args, { encoding: "utf8" });
  try {
    git("cat-file", "-e", `${BASE}^{commit}`);
  } catch {
    return null;
  }
  return git("log", "--format=%s", `${BASE}..HEAD`).split("\n").filter(Boolean);
}

describe("commit subjects", () => {
  it("the judge takes an imperative subject and refuses a long, lower-case, past or noun one", () => {
    expect(subjectProblem("Check a drag once as a whole")).toBeNull();
    expect(subjectProblem("Merge h-rooms: src/foundry in rooms, exported document classes")).toBeNull();
    expect(subjectProblem("Pass the turn when no member can act")).toBeNull();
    expect(subjectProblem("Bring strain's demo fight to a median of 6 rounds")).toBeNull();
    expect(subjectProblem(`Add ${"x".repeat(70)}`)).toMatch(/at most 72/);
    expect(subjectProblem("fix the tracker")).toMatch(/capitalised/);
    expect(subjectProblem("README: say how to install")).toMatch(/capitalised/);
    expect(subjectProblem("Added the lint")).toMatch(/imperative/);
    expect(subjectProblem("Adds the lint")).toMatch(/imperative/);
    expect(subjectProblem("Sections: one room per rule set")).toMatch(/capitalised/);
    expect(subjectProblem("The tracker in rooms")).toMatch(/not a verb/);
  });

  it("every commit since the habit came in keeps it", (ctx) => {
    const subjects = subjectsSinceBase();
    // A shallow clone may not hold BASE; then there is nothing this clone can judge.
    if (subjects === null) return ctx.skip();
    const broken = subjects.flatMap((s) => {
      const problem = subjectProblem(s);
      return problem ? [`${s}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });
});
