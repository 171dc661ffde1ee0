import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "examples/*/test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "test/fixtures/**", "**/__tmp__/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
