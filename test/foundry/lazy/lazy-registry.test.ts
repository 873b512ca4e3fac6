import { describe, expect, it, vi } from "vitest";
import { LazyRegistry } from "../../../src/foundry/lazy/lazy-registry.js";

/** A loader the test resolves or rejects by hand, counting how often it was asked. */
function manual<T>() {
  let settle: { resolve: (v: T) => void; reject: (e: unknown) => void } | null = null;
  const loader = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return { loader, resolve: (v: T) => settle!.resolve(v), reject: (e: unknown) => settle!.reject(e) };
}

describe("LazyRegistry (one dynamic import per id, cached)", () => {
  it("loads an id once: every caller gets the same promise and the same module", async () => {
    const teams = manual<{ name: string }>();
    const registry = new LazyRegistry("turnOrder", { teams: teams.loader }, vi.fn());
    const first = registry.load("teams");
    const second = registry.load("teams");
    expect(second).toBe(first);
    teams.resolve({ name: "teams engine" });
    expect(await first).toBe(await second);
    expect(await registry.load("teams")).toEqual({ name: "teams engine" });
    expect(teams.loader).toHaveBeenCalledTimes(1);
  });

  it("says nothing is loaded until the load has settled (a render or drag must not guess)", async () => {
    const teams = manual<string>();
    const registry = new LazyRegistry("turnOrder", { teams: teams.loader }, vi.fn());
    expect(registry.loaded("teams")).toBeUndefined();
    const loading = registry.load("teams");
    expect(registry.loaded("teams")).toBeUndefined();
    teams.resolve("engine");
    await loading;
    expect(registry.loaded("teams")).toBe("engine");
  });

  it("a failed load is told once, however often it is asked for, and every caller is refused", async () => {
    const strain = manual<string>();
    const onFailed = vi.fn();
    const registry = new LazyRegistry("attackCards", { strain: strain.loader }, onFailed);
    registry.preload("strain");
    const asked = registry.load("strain");
    const error = new Error("Failed to fetch dynamically imported module");
    strain.reject(error);
    await expect(asked).rejects.toBe(error);
    await expect(registry.load("strain")).rejects.toBe(error);
    registry.preload("strain");
    await Promise.resolve();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onFailed).toHaveBeenCalledWith("attackCards", "strain", error);
    expect(registry.failed("strain")).toBe(true);
    expect(registry.loaded("strain")).toBeUndefined();
    expect(strain.loader).toHaveBeenCalledTimes(1);
  });

  it("an id it does not have is refused without a load and without a report", async () => {
    const onFailed = vi.fn();
    const loader = vi.fn(async () => "x");
    const registry = new LazyRegistry("turnOrder", { teams: loader }, onFailed);
    await expect(registry.load("popcorn")).rejects.toThrow(/no turnOrder "popcorn"/);
    registry.preload("popcorn");
    expect(registry.has("popcorn")).toBe(false);
    expect(registry.has("teams")).toBe(true);
    expect(registry.ids).toEqual(["teams"]);
    expect(loader).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
  });
});
