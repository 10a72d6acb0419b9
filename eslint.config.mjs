import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import drizzle from "eslint-plugin-drizzle";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const root = import.meta.dirname;

/** Every file of app/ that starts with "use client": pages and layouts stay free to be server components. */
function clientFilesUnder(dir) {
  const found = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...clientFilesUnder(rel));
    else if (/\.(ts|tsx)$/.test(entry.name) && /^\s*["']use client["']/.test(readFileSync(path.join(root, rel), "utf8"))) found.push(rel);
  }
  return found;
}

// Each folder of lib/server/services is an area; studio areas added later are picked up the same way.
const servicesDir = "lib/server/services";
const areas = readdirSync(path.join(root, servicesDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// An area reaches another only through that area's index.ts, so what an area shares is one short list
// and its other files can change freely; shared concepts live in the domain core (lib/server/domain).
const areaBoundaries = areas.map((area) => ({
  target: `./${servicesDir}/${area}`,
  from: `./${servicesDir}`,
  except: [`./${area}`, ...areas.filter((other) => other !== area).map((other) => `./${other}/index.ts`)],
  message: "Another service area is reached through its index (../<area>) only; a concept several areas share belongs in lib/server/domain.",
}));

// Everything outside the services (routes, server pages, jobs, mail, operations, the bench) reaches a
// service area through its index too: the index is the area's whole public face.
const outsideServices = [
  "./app",
  "./bench",
  "./scripts",
  ...readdirSync(path.join(root, "lib/server"), { withFileTypes: true })
    .filter((entry) => entry.name !== "services")
    .map((entry) => `./lib/server/${entry.name}`),
];
const areaFaces = {
  target: outsideServices,
  from: `./${servicesDir}`,
  except: areas.map((area) => `./${area}/index.ts`),
  message: "A service area is reached through its index (lib/server/services/<area>) only.",
};

// Data flows one way: app -> components/hooks -> lib/api -> HTTP -> lib/server/api -> services -> domain -> db.
const layers = [
  ...areaBoundaries,
  areaFaces,
  {
    target: "./lib/server/domain",
    from: `./${servicesDir}`,
    message: "The domain core imports no service area: areas build on the core, never the other way round.",
  },
  {
    target: ["./components", "./hooks", "./lib/api", "./lib/browser", "./lib/contract", ...clientFilesUnder("app").map((f) => `./${f}`)],
    from: "./lib/server",
    message: "Client code talks to the API through lib/api; lib/server is server-only.",
  },
  {
    target: ["./lib/server/services", "./lib/server/domain"],
    from: "./lib/server/api",
    message: "Services do not know about HTTP: throw ApiError from lib/server/errors and let the route answer.",
  },
  {
    target: "./lib/server/api",
    from: "./lib/server/db",
    message: "Routes parse, call one service and answer; reading and writing the database belongs to a service.",
  },
  {
    target: "./lib/contract",
    from: ["./app", "./components", "./hooks", "./lib/api", "./lib/browser", "./lib/server"],
    message: "The contract imports nothing but zod and itself.",
  },
];

const browserSchemaMessage =
  "Browser code imports no zod schema (it would ship to every page): call the API through lib/api/call-routes, read filter values from lib/contract/filters, and import contract types with `import type`.";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    settings: { "import/ignore": ["node_modules"], "import/resolver": { typescript: { project: path.join(root, "tsconfig.json") } } },
    rules: { "import/no-restricted-paths": ["error", { basePath: root, zones: layers }] },
  },
  {
    // Modules that import each other in a circle load in an order nobody chose. This covers the
    // service areas too: an area's index that leads back to the area is a circle.
    files: ["lib/**"],
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["lib/contract/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(?!zod$|\\.{1,2}/|@/lib/contract/)", message: "The contract imports nothing but zod and itself." }] },
      ],
    },
  },
  {
    // A page's script carries no schema: the browser reaches the API through lib/api's call routes and
    // reads filter values from lib/contract/filters. Types of the contract are free to use.
    files: ["components/**", "hooks/**", "lib/api/**", "lib/browser/**", ...clientFilesUnder("app")],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: browserSchemaMessage, allowTypeImports: true },
            { name: "@/lib/contract", message: browserSchemaMessage, allowTypeImports: true },
          ],
          patterns: [{ regex: "^@/lib/contract/(calls/.*|common|entities/.*|fields|user|openapi)$", message: browserSchemaMessage, allowTypeImports: true }],
        },
      ],
      // The same modules loaded on demand: import("...") is not an import declaration.
      "no-restricted-syntax": [
        "error",
        { selector: "ImportExpression[source.value=/^(zod|@\\/lib\\/contract(\\/(calls\\/.*|common|entities\\/.*|fields|user|openapi))?)$/]", message: browserSchemaMessage },
      ],
    },
  },
  {
    // Links prefetch on intent, not on sight (components/ui/app-link.tsx); the learning page's links never.
    files: ["app/**", "components/**", "hooks/**"],
    ignores: ["components/ui/app-link.tsx", "components/learning/learn-link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "next/link", importNames: ["default"], message: "Use AppLink (components/ui/app-link.tsx), or LearnLink into the learning page." }] },
      ],
    },
  },
  {
    // An update or delete without where() changes every row of a table.
    files: ["lib/server/**", "scripts/**"],
    plugins: { drizzle },
    rules: {
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx", "database"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx", "database"] }],
    },
  },
  {
    // Test helpers read answers of many shapes; the contract checks them instead of the type system.
    files: ["tests/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  globalIgnores([".next/**", "node_modules/**", ".data/**", "lib/server/db/migrations/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "storage/**"]),
]);
