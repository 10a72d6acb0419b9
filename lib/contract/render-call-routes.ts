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

