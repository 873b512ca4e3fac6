import { describe, expect, it } from "vitest";
import { OneAtATime } from "../../../src/foundry/requests/one-at-a-time.js";

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("requests about one document, one at a time", () => {
  it(
    "a second task on the same key starts only when the first has settled, even when the first fails; " +
      "other keys do not wait",
    async () => {
      const line = new OneAtATime();
      const log: string[] = [];
      const task =
        (name: string, fail = false) =>
        async () => {
          log.push(`${name} starts`);
          await tick();
          log.push(`${name} ends`);
          if (fail) throw new Error(name);
          return name;
        };
      const a = line.run("card", task("a", true));
      const b = line.run("card", task("b"));
      const c = line.run("other", task("c"));
      await expect(a).rejects.toThrow("a");
      expect(await b).toBe("b");
      expect(await c).toBe("c");
      expect(log.indexOf("b starts")).toBeGreaterThan(log.indexOf("a ends"));
      expect(log.indexOf("c starts")).toBeLessThan(log.indexOf("a ends"));
    },
  );
});
