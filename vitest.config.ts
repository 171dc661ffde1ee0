import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "examples/*/test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "test/fixtures/**", "**/__tmp__/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // A fixed fast-check seed (PROPERTY_SEED replays another; docs/testing.md).
    setupFiles: ["test/support/fixed-seed.ts"],
    // A test never writes a snapshot file unless asked (-u): a missing or obsolete snapshot fails.
    update: "none",
  },
});
