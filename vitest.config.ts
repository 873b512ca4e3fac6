import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    pool: "threads",
    // The property and reachable-state tests walk thousands of states; on 2 shared cores a few take 5-8 s.
    testTimeout: 20_000,
  },
});
