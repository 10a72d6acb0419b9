import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const serverImport = {
  patterns: [
    {
      group: ["@/lib/server", "@/lib/server/*", "**/lib/server/*", "**/lib/server"],
      message: "Client code talks to the API through lib/api; lib/server is server-only.",
    },
  ],
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["components/**", "hooks/**", "lib/api/**", "lib/contract/**"],
    rules: { "no-restricted-imports": ["error", serverImport] },
  },
  {
    // Pages and layouts may be server components, but client islands under app/ must not reach lib/server.
    files: ["app/**/*-client.tsx", "app/**/*.client.tsx"],
    rules: { "no-restricted-imports": ["error", serverImport] },
  },
  {
    // Test helpers read answers of many shapes; the contract checks them instead of the type system.
    files: ["tests/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  globalIgnores([".next/**", "node_modules/**", ".data/**", "lib/server/db/migrations/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
]);
