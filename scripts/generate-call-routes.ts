import { writeFileSync } from "node:fs";
import path from "node:path";
import { callModules } from "@/lib/contract";
import { renderCallIndex, renderCallRoutes } from "@/lib/contract/render-call-routes";

// Writes lib/api/call-routes.ts (the browser's table of calls) and docs/calls.md (every call by name) from the contract.
const root = path.join(import.meta.dirname, "..");
for (const [file, text] of [
  ["lib/api/call-routes.ts", renderCallRoutes(callModules)],
  ["docs/calls.md", renderCallIndex(callModules)],
] as const) {
  writeFileSync(path.join(root, file), text);
  console.log(`wrote ${file}`);
}
