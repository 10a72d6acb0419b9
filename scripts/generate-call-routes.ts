import { writeFileSync } from "node:fs";
import path from "node:path";
import { callModules } from "@/lib/contract";
import { renderCallRoutes } from "@/lib/contract/render-call-routes";

// Writes lib/api/call-routes.ts, the browser's table of calls, from the contract.
const target = path.join(import.meta.dirname, "..", "lib", "api", "call-routes.ts");
writeFileSync(target, renderCallRoutes(callModules));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
