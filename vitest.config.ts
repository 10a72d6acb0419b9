import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Tests import server modules directly; the guard only matters for client bundles.
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
    },
  },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Each file has a database of its own, so files run side by side on every core (Vitest's default
    // leaves one core idle, half of a two-core machine). The reliability suites (RELIABILITY=1)
    // measure load and restart servers, so they run one file at a time.
    maxWorkers: process.env.RELIABILITY === "1" ? 1 : Math.max(2, availableParallelism()),
    globalSetup: ["tests/support/reliability-notice.ts", "tests/support/migrated-pglite.ts"],
  },
});
