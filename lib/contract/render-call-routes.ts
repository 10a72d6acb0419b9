import { fullPath, isCall, type CallDef } from "./call";

/**
 * The text of lib/api/call-routes.ts: every call's method and full path under its exported name,
 * typed by its definition. `npm run contract:routes` writes it; a contract test fails when the file
 * and the contract differ.
 */
export function renderCallRoutes(modules: Record<string, Record<string, unknown>>): string {
  const lines = [
    "// Generated from lib/contract by `npm run contract:routes`; do not edit.",
    "// The browser's table of calls: method and path, typed by the contract, without its schemas.",
    'import type * as contract from "@/lib/contract";',
    'import type { CallRoute } from "@/lib/contract/call";',
  ];
  const seen = new Set<string>();
  for (const [area, calls] of Object.entries(modules)) {
    const defs = Object.entries(calls).filter((entry): entry is [string, CallDef] => isCall(entry[1]));
    if (!defs.length) continue;
    lines.push("", `// ${area}`);
    for (const [name, call] of defs.sort(([a], [b]) => a.localeCompare(b))) {
      if (seen.has(name)) throw new Error(`Two calls are named ${name}`);
      seen.add(name);
      lines.push(`export const ${name}: CallRoute<typeof contract.${name}> = { method: "${call.method}", fullPath: "${fullPath(call)}"${call.idempotent ? ", idempotent: true" : ""} };`);
    }
  }
  return `${lines.join("\n")}\n`;
}


/** The file name (without .ts) of a call's service: its name in kebab case, `getMcqBlock` -> `get-mcq-block`. */
export const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/**
 * The text of docs/calls.md: every call by its one name, with its address, who may make it and its
 * area, so a name found anywhere (a page's fetch, a log line's address, a test) leads to the rest.
 * Written by `npm run contract:routes`; a contract test fails when the file and the contract differ.
 */
export function renderCallIndex(modules: Record<string, Record<string, unknown>>): string {
  const lines = [
    "# Calls",
    "",
    "<!-- Generated from lib/contract by `npm run contract:routes`; do not edit. -->",
    "",
    "Every call of the API has one name, used in every layer. For a call `getMcqBlock` of the area",
    "`challenges`:",
    "",
    "- contract: `getMcqBlock` in `lib/contract/calls/challenges.ts` (its address, who may make it, its",
    "  input, answer and error codes);",
    "- browser: `getMcqBlock` in `lib/api/challenges.ts`, a function or, for a read, the query options",
    "  `challengesQueries.getMcqBlock` (the browser's route table, `lib/api/call-routes.ts`, is generated);",
    "- route: `route(challengesRouter, calls.getMcqBlock, ...)` in `lib/server/api/routes/challenges.ts`;",
    "- service: `getMcqBlock` in `lib/server/services/challenges/get-mcq-block.ts`, exported by the area's",
    "  `index.ts`.",
    "",
    "The spec's spelling of an address stays in the address only: `/course/video/mcqBlock/data` is",
    "`getMcqBlock`. A call's area is the feature it serves, which the address does not always say",
    "(most addresses start with `/course` or `/dashboard` whatever they serve); the table gives it.",
    "A test (tests/contract/call-names.test.ts) fails when a name drifts.",
    "",
    "| name | address | who may call | area | service file |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const [area, calls] of Object.entries(modules)) {
    const defs = Object.entries(calls).filter((entry): entry is [string, CallDef] => isCall(entry[1]));
    for (const [name, call] of defs.sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`| \`${name}\` | \`${call.method} /api${fullPath(call)}\` | ${call.access} | ${area} | \`services/${area}/${kebab(name)}.ts\` |`);
    }
  }
  return `${lines.join("\n")}\n`;
}
